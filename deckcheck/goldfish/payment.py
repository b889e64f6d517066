"""What a set of plays costs in one turn, with Legion (CR 812) and the power rules (CR 164).

A *play kind* is one way to play a card of the deck: from the hand (or, for the Chosen Champion,
from the Champion Zone), or, for a ``play_from_trash`` Legion card, from the trash. A turn's plays
are counts per kind. Their cost follows the rules of playing a card:

- Legion is on for a card once a card other than itself was played this turn (CR 812.1.c). So in a
  set of plays every card but the first (:meth:`PlayKinds.lead`) has it on; if the set holds only
  Legion cards, one ``cost_reduction`` card must go first and pays its printed cost (Noxus Hopeful
  4, then every other Hopeful 2); a set of only trash plays cannot be played.
- The legend Darius, Hand of Noxus adds 1 Energy once a card was played this turn, so a non-empty
  set may spend one Energy more than the runes give, provided the first card is paid by the runes.
- Power: each point needs its own recycled rune of a domain the card accepts (Hall's conditions,
  :class:`~deckcheck.goldfish.resources.PowerModel`); a trash play takes its Legion power cost.

:meth:`PlayKinds.evaluate` is the rule check the engine applies to whatever a policy chooses.
"""

from __future__ import annotations

from dataclasses import replace

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
        self._readier = np.zeros(len(owner), dtype=bool)  # a Sun Disc played from the hand
        self._readier[self.readier_kinds] = True
        # Which card leads (is played first, with Legion off): never decided by the list's order.
        # Cards whose Legion does nothing on the board lead before those whose Legion would be lost.
        rank = np.select(
            [(self.klass == NORMAL) & ~self.is_unit & ~self._readier, (self.klass == NORMAL) & ~self.is_unit,
             (self.klass == NORMAL) & ~self.ready_self & (self.tokens == 0), self.klass == NORMAL,
             self.klass == REDUCED],
            [0, 1, 2, 3, 4], 5)
        names = [plan.cards[j].name for j in owner]
        self.lead_order = np.array(sorted(range(len(owner)), key=lambda k: (int(rank[k]), int(self.full[k]), names[k])),
                                   dtype=np.int64)
        self._lead_rank = np.argsort(self.lead_order)
        self._step = np.select([~self.is_unit, self.ready_self, self.klass == NORMAL, self.klass == REDUCED],
                               [0, 1, 2, 3], 4)


    def lead(self, plays: np.ndarray, energy: np.ndarray) -> np.ndarray:
        """Per game, the kind played first (Legion off for it), -1 if none: the first present in
        :attr:`lead_order`; with the legend's extra Energy, one the runes alone can pay."""
        ranked = plays[:, self.lead_order] > 0
        if self.bonus:
            payable = ranked & (self.full[self.lead_order][None, :] <= energy[:, None])
            ranked = np.where(payable.any(axis=1)[:, None], payable, ranked)
        first = self.lead_order[np.argmax(ranked, axis=1)]
        return np.where(ranked.any(axis=1), first, -1)

    def entering(self, plays: np.ndarray, energy: np.ndarray, discs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per game, units played that enter ready and unit tokens created, by Legion (CR 812).

        No Legion card counts itself (CR 812.1.c): every card but the lead has Legion on. Darius,
        Executioner readies himself; Vanguard Captain makes its tokens. A Sun Disc (``discs`` on the
        board at the start of the turn, plus those played) readies the next unit once a card other
        than itself was played: the plays are ordered lead, other non-units, self-readying units, the
        other units, so a played Disc that leads waits for the next card."""
        if not self.has_board_effects:
            none = np.zeros(len(plays), dtype=np.int64)
            return none, none
        plays = plays.astype(np.int64)
        lead = self.lead(plays, energy)
        on = plays.copy()
        rows = np.flatnonzero(lead >= 0)
        on[rows, lead[rows]] -= 1
        tokens = on @ self.tokens
        self_ready = on @ self.ready_self
        if not self.readier_kinds.size:
            return self_ready, tokens
        safe = np.maximum(lead, 0)
        lead_unit = (lead >= 0) & self.is_unit[safe]
        lead_disc = (lead >= 0) & self._readier[safe]
        eligible = np.maximum(plays @ self.is_unit - lead_unit - self_ready, 0)
        early = (on @ ~self.is_unit > 0) | (self_ready > 0)
        late = lead_disc & ~early
        early_discs = discs + plays[:, self.readier_kinds].sum(axis=1) - late
        by_discs = np.minimum(early_discs + late, eligible - (late & (early_discs == 0)))
        return self_ready + np.maximum(by_discs, 0), tokens

    def sequence(self, plays: np.ndarray, energy: int, discs: int) -> list[tuple[int, bool, bool]]:
        """One game's plays in the order made, one (kind, Legion on, entered ready) per copy: the lead,
        other non-units, self-readying units, other units, reduced cards, plays from the trash
        (cheapest first within each); the units it readies are those :meth:`entering` counts."""
        lead = int(self.lead(plays[None, :], np.array([energy]))[0])
        if lead < 0:
            return []
        rest = plays.astype(np.int64).copy()
        rest[lead] -= 1
        order = sorted((k for k in range(self.kinds) for _ in range(int(rest[k]))),
                       key=lambda k: (int(self._step[k]), int(self.full[k]), int(self._lead_rank[k])))
        out, active, lead_disc = [], 0, 0
        for i, k in enumerate([lead, *order]):
            legion = i > 0
            ready = bool(legion and self.ready_self[k])
            if self.is_unit[k] and not ready and active:
                ready, active = True, active - 1
            if self._readier[k]:
                lead_disc, active = (1, active) if i == 0 else (lead_disc, active + 1)
            active += discs if i == 0 else lead_disc if i == 1 else 0
            out.append((k, legion, ready))
        return out

    @property
    def has_board_effects(self) -> bool:
        """Does a card of the deck ready units or make tokens with Legion?"""
        return bool(self.ready_self.any() or self.tokens.any() or self.readier_kinds.size)

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
    return replace(card, power=power, power_domains=[domain] if domain else [])
