"""What a set of plays costs in one turn, with Legion (CR 812) and the power rules (CR 164).

A *play kind* is one way to play a card of the deck: from the hand (or, for the Chosen Champion,
from the Champion Zone), or, for a ``play_from_trash`` Legion card, from the trash. A turn's plays
are counts per kind. Their cost follows the rules of playing a card:

- Legion is on for a card once *another* card was played earlier this turn. So in a set of plays
  every Legion card can have it on if some card without that need is played first; if the set holds
  only Legion cards, one ``cost_reduction`` card must go first and pays its printed cost (Noxus
  Hopeful 4, then every other Hopeful 2); a set of only trash plays cannot be played.
- The legend Darius, Hand of Noxus adds 1 Energy once a card was played this turn, so a non-empty
  set may spend one Energy more than the runes give, provided the first card is paid by the runes.
- Power: each point needs its own recycled rune of a domain the card accepts (Hall's conditions,
  :class:`~deckcheck.goldfish.resources.PowerModel`); a trash play takes its Legion power cost.

:meth:`PlayKinds.evaluate` is the rule check the engine applies to whatever a policy chooses.
"""

from __future__ import annotations

import numpy as np

from deckcheck.cards.model import Card
from deckcheck.goldfish.legion import LegionData, load_legion
from deckcheck.goldfish.plan import DeckPlan
from deckcheck.goldfish.resources import PowerModel

NORMAL, REDUCED, TRASH = 0, 1, 2


class PlayKinds:
    """The play kinds of a deck and their costs, as arrays indexed by kind.

    Kinds ``0..C-1`` are card ``j`` played from the hand or the Champion Zone; kinds ``C..K-1`` are
    the ``play_from_trash`` cards played from the trash (``card[k]`` gives the card index).
    """

    def __init__(self, plan: DeckPlan, legion: LegionData | None = None) -> None:
        legion = legion if legion is not None else load_legion()
        self.plan = plan
        cards = len(plan.cards)
        full, cost, cut, klass, variants, owner = [], [], [], [], [], []
        for j, card in enumerate(plan.cards):
            energy = card.energy or 0
            reduction = min(energy, legion.cost_reduction(card))
            full.append(energy)
            cost.append(energy - reduction)
            cut.append(reduction)
            klass.append(REDUCED if reduction else NORMAL)
            variants.append(card)
            owner.append(j)
        for j, card in enumerate(plan.cards):
            trash = legion.trash_cost(card)
            if trash is None:
                continue
            energy, power, domain = trash
            full.append(energy)
            cost.append(energy)
            cut.append(0)
            klass.append(TRASH)
            variants.append(_with_power(card, power, domain))
            owner.append(j)
        self.cards = cards
        self.kinds = len(owner)
        self.card = np.array(owner, dtype=np.int64)
        self.full = np.array(full, dtype=np.int64)  # energy with Legion off (trash: its Legion cost)
        self.cost = np.array(cost, dtype=np.int64)  # energy with Legion on
        self.cut = np.array(cut, dtype=np.int64)
        self.klass = np.array(klass, dtype=np.int64)
        self.is_unit = np.array([plan.cards[j].type.value == "Unit" for j in owner], dtype=bool)
        self.is_spell = np.array([plan.cards[j].type.value == "Spell" for j in owner], dtype=bool)
        self.power = PowerModel(variants)
        self.pips = self.power.card_power
        self.need = self.power.need  # kinds x Hall subsets
        self.bonus = legion.extra_energy(plan.legend)
        self.trash_kinds = np.flatnonzero(self.klass == TRASH)
        self.cuts = sorted({int(c) for c in self.cut if c})
        # What Legion does on the board (per kind, for the copies played with Legion on).
        boards = [legion.board(plan.cards[j]) for j in owner]
        self.ready_self = np.array([b.enters_ready for b in boards], dtype=bool) & self.is_unit
        self.tokens = np.array([b.unit_tokens for b in boards], dtype=np.int64)
        self.readier_cards = np.array([j for j, c in enumerate(plan.cards) if legion.board(c).readies_next_unit],
                                      dtype=np.int64)
        self.readier_kinds = np.array([k for k in range(len(owner)) if k < cards and boards[k].readies_next_unit],
                                      dtype=np.int64)
        # The order plays are made in (see play_order): cards with no Legion need that are not units
        # (spells, gear: a Sun Disc goes before the units it readies), then units with no Legion need,
        # then reduced cards, then plays from the trash; cheapest first within each.
        rank = np.where(self.klass == NORMAL, np.where(self.is_unit, 1, 0), np.where(self.klass == REDUCED, 2, 3))
        self.order = np.array(sorted(range(len(owner)), key=lambda k: (int(rank[k]), int(self.full[k]), k)),
                              dtype=np.int64)

    def first_kind(self, plays: np.ndarray) -> np.ndarray:
        """Per game, the kind of the first card played (in :attr:`order`), -1 if none."""
        present = plays[:, self.order] > 0
        first = self.order[np.argmax(present, axis=1)]
        return np.where(present.any(axis=1), first, -1)

    @property
    def has_legion(self) -> bool:
        return bool(self.cuts) or bool(self.trash_kinds.size) or bool(self.bonus)

    # ------------------------------------------------------------ the rule check
    def evaluate(self, plays: np.ndarray, pools: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For plays (games x kinds counts) and the runes in play (games x domains): whether each set
        can be paid (bool per game) and the energy it costs (per game)."""
        plays = plays.astype(np.int64)
        n_normal = plays @ (self.klass == NORMAL)
        n_reduced = plays @ (self.klass == REDUCED)
        n_trash = plays @ (self.klass == TRASH)
        count = n_normal + n_reduced + n_trash
        total = plays @ self.cost
        leader = (n_normal == 0) & (n_reduced > 0)  # a reduced card goes first at its printed cost
        if self.cuts:
            first_cut = np.zeros(len(plays), dtype=np.int64)
            for cut in reversed(self.cuts):  # the smallest reduction present wins
                present = plays @ ((self.klass == REDUCED) & (self.cut == cut)) > 0
                first_cut = np.where(present, cut, first_cut)
            total = total + np.where(leader, first_cut, 0)
        energy = pools.sum(axis=1)
        ok = ~((n_normal == 0) & (n_reduced == 0) & (n_trash > 0))
        ok &= total <= energy + np.where(count > 0, self.bonus, 0)
        if self.bonus:
            # The runes alone pay for the first card: a card without a Legion need leads if there is
            # one (a reduced card leading instead would only cost more), else a reduced card at its
            # printed cost.
            affordable = self.full[None, :] <= energy[:, None]
            lead_normal = (plays * ((self.klass == NORMAL)[None, :] & affordable)).sum(axis=1) > 0
            lead_reduced = (plays * ((self.klass == REDUCED)[None, :] & affordable)).sum(axis=1) > 0
            ok &= np.where(n_normal > 0, lead_normal, np.where(n_reduced > 0, lead_reduced, True))
        if self.power.subsets:
            ok &= np.all(plays @ self.need <= self.power.runes_per_subset(pools), axis=1)
        return ok, total

    def pips_by_type(self, plays: np.ndarray) -> np.ndarray:
        """Power points per power type (games x types) of a set of plays."""
        pips = np.zeros((plays.shape[0], len(self.power.types)), dtype=np.int64)
        for k in np.flatnonzero(self.power.card_type >= 0):
            pips[:, self.power.card_type[k]] += plays[:, k] * self.pips[k]
        return pips


def _with_power(card: Card, power: int, domain) -> Card:
    """The card as a pseudo-card paying ``power`` of ``domain`` (a trash play's Legion cost)."""
    return card.model_copy(update={"power": power, "power_domains": [domain] if domain else []})
