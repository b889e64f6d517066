"""The goldfish engine: many games of one deck played in lockstep, all state in numpy arrays.

It follows RULES.md §6 (CR 111–118, 315–317, 164, 431, 485.7):

- Setup: one copy of the Chosen Champion starts in the Champion Zone, so a 40-card Main Deck
  leaves 39 in the library. Library and rune deck are shuffled separately (Fisher–Yates,
  :mod:`deckcheck.goldfish.shuffle`). Draw 4.
- Mulligan, once: set aside up to 2, draw that many, **then** put the set-aside cards on the
  bottom in random order, so they cannot be drawn again before the library runs out.
- Each turn: channel 2 runes from the top of the rune deck (the player going second channels 3 on
  their first turn, 1v1), then draw 1 (in 1v1 the first player draws on turn 1 too). With 3 or 4
  players (:class:`~deckcheck.goldfish.seat.Seat`) the first player skips their first draw and the
  last player channels 3 on their first turn.
- Main phase: energy = runes in play; power of a domain = runes of that domain in play (a rune may
  do both). Pools empty at the end of every turn.
- Drawing from an empty library burns out (CR 431): the trash is shuffled into the library and the
  opponent gains 1 point. If the trash is empty too, that draw gets no card (the point is still
  given, once per draw).

Cards have no effects. With ``autoplay`` on, the Main phase plays cards by a fixed plan: the
costliest card that can still be paid first (energy, then power), as many copies as can be paid,
then the next, until nothing else fits; the Chosen Champion is played from its zone before a copy
from the hand. Power is paid by recycling runes: they go to the bottom of the rune deck (CR 164,
416.5.a), so they leave play. Spells go to the trash; units and gear stay on the board (no combat).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from deckcheck.goldfish.plan import DOMAINS, OPENING_HAND, DeckPlan
from deckcheck.goldfish.resources import PowerModel
from deckcheck.goldfish.seat import Seat
from deckcheck.goldfish.shuffle import fisher_yates, make_rng
from deckcheck.goldfish.strategy import MAX_SET_ASIDE

CHANNEL_PER_TURN = 2
DRAW_PER_TURN = 1
#: Games per batch in long runs, so memory stays bounded (about 20 MB a batch).
BATCH_GAMES = 200_000


def batches(games: int, size: int | None = None) -> list[tuple[int, int]]:
    """Split a run of ``games`` into (part, games) batches; part k is seeded with (seed, k)."""
    size = size or BATCH_GAMES
    return [(part, min(size, games - start)) for part, start in enumerate(range(0, games, size))]


@dataclass
class TurnRecord:
    """What happened in one turn, per game (rows) and per card or domain (columns)."""

    turn: int
    channelled: np.ndarray  # games x domains: runes channelled this turn
    drawn: np.ndarray  # games: card index drawn this turn, -1 if none
    burn_outs: np.ndarray  # games: burn-outs during this turn's draw
    pools: np.ndarray  # games x domains: runes in play in the Main phase (power per domain)
    castable: np.ndarray  # games x cards: in hand or Champion Zone and payable on its own
    played: np.ndarray  # games x cards: played by the autopilot
    recycled: np.ndarray  # games x domains: runes recycled to pay power

    @property
    def energy(self) -> np.ndarray:
        return self.pools.sum(axis=1)


class GameBatch:
    """``games`` independent games of ``plan``, reproducible from ``seed``.

    Use: construct (shuffles and draws 4), :meth:`mulligan` once, then :meth:`play_turn` per turn.
    """

    def __init__(self, plan: DeckPlan, games: int, seed: int, *, on_the_draw: bool = False,
                 autoplay: bool = True, part: int = 0, seat: Seat | None = None) -> None:
        self.plan = plan
        self.games = games
        self.seed = seed
        self.seat = seat if seat is not None else Seat.of(2, on_the_draw)
        self.on_the_draw = self.seat.on_the_draw
        self.autoplay = autoplay
        self.rng = make_rng(seed, part)
        self.power = PowerModel(plan.cards)
        self.turn = 0
        self.mulliganed = False
        n, cards = games, len(plan.cards)
        self._rows = np.arange(n)
        # Small integer types keep the arrays (and the time spent moving them) small.
        self.library = np.full((n, plan.main_size + MAX_SET_ASIDE), -1, dtype=np.int16, order="F")
        self.top = np.zeros(n, dtype=np.int64)
        self.end = np.full(n, plan.library_size, dtype=np.int64)
        # games x cards arrays are column-major: the engine mostly works one card at a time.
        self.hand = np.zeros((n, cards), dtype=np.int16, order="F")
        self.drawn = np.zeros((n, cards), dtype=np.int16, order="F")  # drawn and kept
        self.board = np.zeros((n, cards), dtype=np.int16, order="F")
        self.trash = np.zeros((n, cards), dtype=np.int16, order="F")
        self.set_aside = np.zeros(n, dtype=np.int64)
        self.champion_zone = np.full(n, 1 if plan.champion is not None else 0, dtype=np.int64)
        self.rune_deck = np.asfortranarray(np.tile(plan.rune_domains.astype(np.int8), (n, 1)))
        self.rune_head = np.zeros(n, dtype=np.int64)
        self.rune_left = np.full(n, len(plan.runes), dtype=np.int64)
        self.in_play = np.zeros((n, len(DOMAINS)), dtype=np.int64)
        self.opponent_points = np.zeros(n, dtype=np.int64)
        self._burns = np.zeros(n, dtype=np.int64)
        self._priority = sorted(range(cards), key=lambda j: (-plan.energy[j], -plan.power[j], j))
        self._deal()

    # ------------------------------------------------------------------ setup
    def _deal(self) -> None:
        size = self.plan.library_size
        self.library[:, :size] = self.plan.library_cards
        fisher_yates(self.library[:, :size], self.rng)
        if self.rune_deck.shape[1]:
            fisher_yates(self.rune_deck, self.rng)
        for _ in range(OPENING_HAND):
            self._draw()

    @property
    def library_left(self) -> np.ndarray:
        return self.end - self.top

    def mulligan(self, set_aside: np.ndarray) -> None:
        """Set aside these cards (games x cards counts, at most 2 per game), draw as many, then
        put them on the bottom in random order (CR 117)."""
        if self.mulliganed or self.turn:
            raise RuntimeError("the mulligan happens once, before the first turn")
        if (set_aside > self.hand).any() or (set_aside < 0).any() or (set_aside.sum(axis=1) > MAX_SET_ASIDE).any():
            raise ValueError("set-aside cards must come from the hand, at most 2")
        self.mulliganed = True
        self.hand -= set_aside
        self.drawn -= set_aside
        count = set_aside.sum(axis=1)
        self.set_aside = count
        for k in range(int(count.max(initial=0))):
            self._draw(np.flatnonzero(count > k))
        rows, cards = np.nonzero(set_aside)  # row by row, at most 2 cards a row
        lead = np.ones(rows.size, dtype=bool)
        lead[1:] = rows[1:] != rows[:-1]
        first = np.zeros(self.games, dtype=np.int64)
        first[rows[lead]] = cards[lead]
        second = first.copy()  # two copies of one card, or ...
        second[rows[~lead]] = cards[~lead]  # ... a second card
        swap = (self.rng.integers(0, 2, size=self.games) == 1) & (count == 2)
        order = (np.where(swap, second, first), np.where(swap, first, second))
        for k, cards in enumerate(order):
            rows = np.flatnonzero(count > k)
            self.library[rows, self.end[rows]] = cards[rows]
            self.end[rows] += 1

    # ------------------------------------------------------------------ drawing
    def _draw(self, rows: np.ndarray | None = None) -> np.ndarray:
        """Each game in ``rows`` (all by default) draws one card; returns the cards (-1: none)."""
        rows = self._rows if rows is None else rows
        top = self.top[rows]
        empty = top >= self.end[rows]
        if empty.any():
            self._burn_out(rows[empty])
            rows = rows[self.top[rows] < self.end[rows]]
            top = self.top[rows]
        cards = self.library[rows, top]
        self.hand[rows, cards] += 1
        self.drawn[rows, cards] += 1
        self.top[rows] = top + 1
        if rows.size == self.games:
            return cards
        out = np.full(self.games, -1, dtype=np.int64)
        out[rows] = cards
        return out

    def _burn_out(self, rows: np.ndarray) -> None:
        """CR 431: shuffle the trash into the (empty) library; the opponent gains a point."""
        self.opponent_points[rows] += 1
        self._burns[rows] += 1
        trash = self.trash[rows]
        sizes = trash.sum(axis=1)
        width = int(sizes.max(initial=0))
        if width:
            cum = np.cumsum(trash, axis=1)
            positions = np.arange(width)
            cards = (cum[:, :, None] <= positions[None, None, :]).sum(axis=1)
            fisher_yates(cards, self.rng, lengths=sizes)
            self.library[rows[:, None], positions[None, :]] = cards
        self.top[rows] = 0
        self.end[rows] = sizes
        self.trash[rows] = 0

    # ------------------------------------------------------------------ turns
    def play_turn(self) -> TurnRecord:
        """Channel, draw, then (with autoplay) play what can be paid. Returns what happened."""
        self.mulliganed = True
        self.turn += 1
        self._burns = np.zeros(self.games, dtype=np.int64)
        first = self.turn == 1
        channelled = self._channel(self.seat.first_turn_runes if first else CHANNEL_PER_TURN)
        drawn = np.full(self.games, -1, dtype=np.int64)
        for _ in range(DRAW_PER_TURN if self.seat.draws_on_turn_one or not first else 0):
            drawn = self._draw()
        pools = self.in_play.copy()
        castable = self.castable(pools)
        if self.autoplay:
            played, recycled = self._autoplay(pools)
        else:
            played, recycled = np.zeros_like(self.hand), np.zeros_like(pools)
        return TurnRecord(self.turn, channelled, drawn, self._burns, pools, castable, played, recycled)

    def _channel(self, count: int) -> np.ndarray:
        channelled = np.zeros_like(self.in_play)
        size = self.rune_deck.shape[1]
        for _ in range(count):
            rows = np.flatnonzero(self.rune_left > 0)
            if rows.size == 0:
                break
            domains = self.rune_deck[rows, self.rune_head[rows]]
            self.rune_head[rows] = (self.rune_head[rows] + 1) % size
            self.rune_left[rows] -= 1
            self.in_play[rows, domains] += 1
            channelled[rows, domains] += 1
        return channelled

    def available(self) -> np.ndarray:
        """Cards that could be played: the hand plus the champion in its zone."""
        avail = self.hand.copy()
        if self.plan.champion is not None:
            avail[:, self.plan.champion] += self.champion_zone
        return avail

    def castable(self, pools: np.ndarray) -> np.ndarray:
        """games x cards: the card is at hand (or in the Champion Zone) and payable on its own."""
        energy_ok = self.plan.energy[None, :] <= pools.sum(axis=1)[:, None]
        ok = (self.available() > 0) & energy_ok
        if self.power.types:
            # One card alone: its power fits iff the runes of the domains it accepts suffice.
            accepted = pools @ self.power.domain_in[:, self.power.type_subset]
            paying = np.flatnonzero(self.power.card_type >= 0)
            ok[:, paying] &= self.power.card_power[paying][None, :] <= accepted[:, self.power.card_type[paying]]
        return ok

    def _autoplay(self, pools: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        plan, power = self.plan, self.power
        energy_left = pools.sum(axis=1)
        slack = power.runes_per_subset(pools)
        pips = np.zeros((self.games, len(power.types)), dtype=np.int64)
        played = np.zeros_like(self.hand)
        for j in self._priority:
            in_zone = self.champion_zone if j == plan.champion else 0
            copies = self.hand[:, j] + in_zone
            if not copies.any():
                continue
            cost, pay = int(plan.energy[j]), int(plan.power[j])
            if cost:
                copies = np.minimum(copies, energy_left // cost)
            subsets = np.flatnonzero(power.need[j]) if pay else ()
            for s in subsets:
                copies = np.minimum(copies, slack[:, s] // pay)
            if not copies.any():
                continue
            energy_left -= copies * cost
            if pay:
                slack[:, subsets] -= (copies * pay)[:, None]
                pips[:, power.card_type[j]] += copies * pay
            from_zone = np.minimum(copies, in_zone) if j == plan.champion else 0
            if j == plan.champion:
                self.champion_zone -= from_zone
            self.hand[:, j] -= copies - from_zone
            played[:, j] = copies
            (self.trash if plan.is_spell[j] else self.board)[:, j] += copies
        recycled = power.assign(pips, pools) if power.types else np.zeros_like(pools)
        self.in_play -= recycled
        self._bottom_runes(recycled)
        return played, recycled

    def _bottom_runes(self, recycled: np.ndarray) -> None:
        """Recycled runes go to the bottom of the rune deck (domain by domain)."""
        size = self.rune_deck.shape[1]
        for d in range(len(DOMAINS)):
            for k in range(int(recycled[:, d].max(initial=0))):
                rows = np.flatnonzero(recycled[:, d] > k)
                slot = (self.rune_head[rows] + self.rune_left[rows]) % size
                self.rune_deck[rows, slot] = d
                self.rune_left[rows] += 1
