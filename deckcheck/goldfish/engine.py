"""The goldfish engine: many games of one deck played in lockstep, all state in numpy arrays.

It follows the Core Rules (CR 111–118, 315–317, 164, 431, 485.7, 629, 474, 812):

- Setup: one copy of the Chosen Champion starts in the Champion Zone, so a 40-card Main Deck
  leaves 39 in the library. Library and rune deck are shuffled separately (Fisher–Yates,
  :mod:`deckcheck.goldfish.shuffle`). Draw 4.
- Mulligan, once: set aside up to 2, draw that many, **then** put the set-aside cards on the
  bottom in random order, so they cannot be drawn again before the library runs out.
- Each turn: **Awaken** (units ready), **Beginning** (hold: 1 point per battlefield you control),
  **channel** 2 runes from the top of the rune deck (the player going second channels 3 on their
  first turn, 1v1), **draw** 1 (in 1v1 the first player draws on turn 1 too). With 3 or 4 players
  (:class:`~deckcheck.goldfish.seat.Seat`) the first player skips their first draw and the last
  player channels 3 on their first turn. Then the **Main** phase.
- Main phase: energy = runes in play; power of a domain = runes of that domain in play (a rune may
  do both). Pools empty at the end of every turn. With ``autoplay`` on, a policy
  (:mod:`deckcheck.goldfish.policy`) moves ready units to battlefields (conquer,
  :mod:`deckcheck.goldfish.board`) and then plays cards; the engine checks every play against the
  rules of paying, Legion included (:mod:`deckcheck.goldfish.payment`). A unit enters exhausted at
  the base; gear stays on the board; a spell goes to the trash. Power is paid by recycling runes:
  they go to the bottom of the rune deck (CR 164, 416.5.a), so they leave play.
- Drawing from an empty library burns out (CR 431): the trash is shuffled into the library and the
  opponent gains 1 point. If the library is still empty (the trash was empty too), burn-out
  repeats, a point each time, so the opponent reaches the victory score and the game is lost.
- The game is won in a cleanup once you have the victory score (8) and more points than the
  opponent; it is lost once the opponent (who otherwise does nothing) has.

Card text other than costs and Legion is ignored; there is no combat and no opponent's play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from deckcheck.words import N_
from deckcheck.goldfish.board import Board
from deckcheck.goldfish.payment import PlayKinds
from deckcheck.goldfish.plan import BLANK, DOMAINS, OPENING_HAND, DeckPlan
from deckcheck.goldfish.policy import Policy, get_policy
from deckcheck.goldfish.resources import PowerModel
from deckcheck.goldfish.seat import Seat
from deckcheck.goldfish.shuffle import fisher_yates, make_rng
from deckcheck.goldfish.strategy import MAX_SET_ASIDE

CHANNEL_PER_TURN = 2
#: What every goldfish answer leaves out, said with the answer.
IGNORES = (
    N_("card text other than energy and power costs and Legion: no card effects (extra draws, tokens, "
       "removal, buffs, units entering ready) but those of Legion"),
    N_("Legion abilities that change neither what a card costs nor how soon units can move (buffs, "
       "Scrapyard Champion's discard and draw, Noxian Guillotine)"),
    N_("combat and showdowns: nobody defends, so a unit moving in takes the battlefield"),
    N_("the opponent's turns: the opponent only gains the points your burn-outs give"),
    N_("battlefield abilities"),
)
DRAW_PER_TURN = 1
#: Games per batch in long runs, so memory stays bounded (about 20 MB a batch).
BATCH_GAMES = 200_000


def batches(games: int, size: int | None = None) -> list[tuple[int, int]]:
    """Split a run of ``games`` into (part, games) batches; part k is seeded with (seed, k)."""
    size = size or BATCH_GAMES
    return [(part, min(size, games - start)) for part, start in enumerate(range(0, games, size))]


@dataclass(slots=True)
class TurnRecord:
    """What happened in one turn, per game (rows) and per card or domain (columns)."""

    turn: int
    channelled: np.ndarray  # games x domains: runes channelled this turn
    drawn: np.ndarray  # games: card index drawn this turn, -1 if none, BLANK for an unknown card
    burn_outs: np.ndarray  # games: burn-outs during this turn's draw
    pools: np.ndarray  # games x domains: runes in play in the Main phase (power per domain)
    castable: np.ndarray  # games x cards: in hand or Champion Zone and payable on its own
    played: np.ndarray  # games x cards: played by the autopilot (from anywhere)
    recycled: np.ndarray  # games x domains: runes recycled to pay power
    plays: np.ndarray | None = None  # games x play kinds (hand/zone, trash)
    paid: np.ndarray | None = None  # games: energy paid for the plays
    held: np.ndarray | None = None  # games: points by hold this turn
    conquered: np.ndarray | None = None  # games x battlefields: points by conquer this turn
    held_back: np.ndarray | None = None  # games x battlefields: a last point by conquer turned into a draw
    moved: np.ndarray | None = None  # games x battlefields: units sent from the base
    extra_drawn: list[np.ndarray] | None = None  # per draw instead of a last point: the card (-1 none)
    points: np.ndarray | None = None  # games: points at the end of the turn
    won_by: np.ndarray | None = None  # games: the turn the game was won (0: not yet)
    moved_late: np.ndarray | None = None  # games x battlefields: of ``moved``, units that entered ready and moved after the plays
    entered_ready: np.ndarray | None = None  # games: units played this turn that entered ready (Legion)
    tokens: np.ndarray | None = None  # games: unit tokens created (Legion), entered exhausted
    won: np.ndarray | None = None  # games: won this turn
    lost: np.ndarray | None = None  # games: lost this turn (the opponent reached the victory score)

    @property
    def energy(self) -> np.ndarray:
        return self.pools.sum(axis=1)


class GameBatch:
    """``games`` independent games of ``plan``, reproducible from ``seed``.

    Use: construct (shuffles and draws 4), :meth:`mulligan` once, then :meth:`play_turn` per turn.
    """

    def __init__(self, plan: DeckPlan, games: int, seed: int, *, on_the_draw: bool = False,
                 autoplay: bool = True, part: int = 0, seat: Seat | None = None,
                 policy: Policy | None = None, kinds: PlayKinds | None = None,
                 stop_when_over: bool = False, progress: Callable[[int], None] | None = None) -> None:
        self.plan = plan
        self.progress = progress  # told the number of games at the start of each turn
        self.games = games
        self.seed = seed
        self.seat = seat if seat is not None else Seat.of(2, on_the_draw)
        self.on_the_draw = self.seat.on_the_draw
        self.autoplay = autoplay
        self.rng = make_rng(seed, part)
        self.power = PowerModel(plan.cards)
        self.kinds = kinds if kinds is not None else PlayKinds(plan)
        self.policy = policy if policy is not None else get_policy()
        self.field = Board(games, self.seat.battlefields, self.seat.victory_score)
        self.stop_when_over = stop_when_over
        self.won_turn = np.zeros(games, dtype=np.int64)  # 0: not (yet) won
        self.lost_turn = np.zeros(games, dtype=np.int64)
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
        self.blanks_in_hand = np.zeros(n, dtype=np.int64)  # unknown cards drawn (never played)
        self.champion_zone = np.full(n, 1 if plan.champion is not None else 0, dtype=np.int64)
        self.rune_deck = np.asfortranarray(np.tile(plan.rune_domains.astype(np.int8), (n, 1)))
        self.rune_head = np.zeros(n, dtype=np.int64)
        self.rune_left = np.full(n, len(plan.runes), dtype=np.int64)
        self.in_play = np.zeros((n, len(DOMAINS)), dtype=np.int64)
        self.opponent_points = np.zeros(n, dtype=np.int64)
        self._burns = np.zeros(n, dtype=np.int64)
        self.burn_out_total = np.zeros(n, dtype=np.int64)
        self.refused = np.zeros(n, dtype=np.int64)  # turns whose chosen plays the rules refused
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
        """Each game in ``rows`` (all by default) draws one card; returns the cards (-1: none, BLANK: an unknown card)."""
        rows = self._rows if rows is None else rows
        top = self.top[rows]
        empty = top >= self.end[rows]
        if empty.any():
            self._burn_out(rows[empty])
            rows = rows[self.top[rows] < self.end[rows]]
            top = self.top[rows]
        drawing = rows
        cards = self.library[rows, top]
        self.top[rows] = top + 1
        out = cards
        if self.plan.blanks:
            blank = cards == BLANK
            self.blanks_in_hand[rows[blank]] += 1
            rows, cards = rows[~blank], cards[~blank]
        self.hand[rows, cards] += 1
        self.drawn[rows, cards] += 1
        if out.size == self.games:
            return out
        full = np.full(self.games, -1, dtype=np.int64)
        full[drawing] = out
        return full

    def _burn_out(self, rows: np.ndarray) -> None:
        """CR 431: shuffle the trash into the (empty) library; the opponent gains a point. If the
        library is still empty, this repeats, a point each time: the opponent reaches the victory
        score (where counting stops: the game is over)."""
        self.opponent_points[rows] += 1
        self._burns[rows] += 1
        self.burn_out_total[rows] += 1
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
        still_empty = rows[sizes == 0]
        if still_empty.size:
            victory = self.seat.victory_score
            more = np.maximum(victory - self.opponent_points[still_empty], 0)
            self.opponent_points[still_empty] += more
            self._burns[still_empty] += more
            self.burn_out_total[still_empty] += more

    # ------------------------------------------------------------ games in play
    @property
    def over(self) -> np.ndarray:
        return (self.won_turn > 0) | (self.lost_turn > 0)

    @property
    def stopped(self) -> np.ndarray:
        """Games that no longer play: over, when the batch stops games once they are over."""
        return self.over if self.stop_when_over else np.zeros(self.games, dtype=bool)

    def keep(self, rows: np.ndarray) -> None:
        """Keep only these games (e.g. drop finished ones so later turns cost less)."""
        for name in ("library", "top", "end", "hand", "drawn", "board", "trash", "set_aside", "champion_zone",
                     "rune_deck", "rune_head", "rune_left", "in_play", "opponent_points", "_burns", "blanks_in_hand",
                     "burn_out_total", "refused", "won_turn", "lost_turn"):
            value = getattr(self, name)[rows]
            setattr(self, name, np.asfortranarray(value) if value.ndim == 2 else value)
        self.field.keep(rows)
        self.games = len(rows)
        self._rows = np.arange(self.games)

    def _check_end(self) -> tuple[np.ndarray, np.ndarray]:
        """Cleanup: which games are won or lost now (the first time only)."""
        victory, points, theirs = self.seat.victory_score, self.field.points, self.opponent_points
        on = ~self.over
        won = on & (points >= victory) & (points > theirs)
        lost = on & (theirs >= victory) & (theirs > points)
        self.won_turn[won] = self.turn
        self.lost_turn[lost] = self.turn
        return won, lost

    # ------------------------------------------------------------------ turns
    def play_turn(self) -> TurnRecord:
        """Awaken, hold, channel, draw, then (with autoplay) move and play. Returns what happened.

        With ``stop_when_over``, games already over do nothing and a game won by hold in its
        Beginning phase stops there; otherwise every game goes on (a solitaire that keeps drawing,
        as the odds need) and ``won_turn``/``lost_turn`` keep the turn it ended.
        """
        self.mulliganed = True
        self.turn += 1
        n = self.games
        if self.progress is not None:
            self.progress(n)
        self._burns = np.zeros(n, dtype=np.int64)
        first = self.turn == 1
        self.field.awaken()
        held = self.field.hold(~self.stopped)
        won, lost = self._check_end()
        on = np.flatnonzero(~self.stopped)
        channelled = self._channel(self.seat.first_turn_runes if first else CHANNEL_PER_TURN, on)
        drawn = np.full(n, -1, dtype=np.int64)
        for _ in range(DRAW_PER_TURN if self.seat.draws_on_turn_one or not first else 0):
            drawn = self._draw(on)
        more_won, more_lost = self._check_end()
        won |= more_won
        lost |= more_lost
        pools = self.in_play.copy()
        castable = self.castable(pools)
        zeros = np.zeros(n, dtype=np.int64)
        played = np.zeros_like(self.hand)
        recycled = np.zeros_like(pools)
        plays = np.zeros((n, self.kinds.kinds), dtype=np.int64)
        paid = zeros
        self._entered_ready = np.zeros(n, dtype=np.int64)
        self._tokens = np.zeros(n, dtype=np.int64)
        moved = np.zeros((n, self.field.battlefields), dtype=np.int64)
        conquered, held_back = moved, moved
        extra: list[np.ndarray] = []
        if self.autoplay:
            moved, conquered, held_back = self._moves(extra)
            more_won, more_lost = self._check_end()
            won |= more_won
            lost |= more_lost
            available = self.available_plays()
            available[self.stopped] = 0
            plays = self.policy.plays(self.kinds, available, pools)
            played, recycled, paid, plays = self._apply(plays, pools)
            # Units that entered ready (Legion) move at once.
            late = np.zeros_like(moved)
            if (self.field.base_ready[~self.stopped] > 0).any() and not self.field.control.all():
                late, late_conquered, late_held_back = self._moves(extra)
                conquered, held_back = conquered + late_conquered, held_back + late_held_back
                more_won, more_lost = self._check_end()
                won |= more_won
                lost |= more_lost
            moved_late = late
            moved = moved + late
        else:
            moved_late = moved
        return TurnRecord(self.turn, channelled, drawn, self._burns, pools, castable, played, recycled,
                          plays=plays, paid=paid, held=held, conquered=conquered, held_back=held_back,
                          moved=moved, extra_drawn=extra, won=won, lost=lost,
                          points=self.field.points.copy(), won_by=self.won_turn.copy(), moved_late=moved_late,
                          entered_ready=self._entered_ready.copy(), tokens=self._tokens.copy())

    def _moves(self, extra: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Standard moves chosen by the policy; a last point held back draws a card (``extra``)."""
        n = self.games
        moved = self.policy.moves(np.where(self.stopped, 0, self.field.base_ready), self.field.control)
        conquered, held_back = self.field.move(moved)
        owed = held_back.sum(axis=1)
        for k in range(int(owed.max(initial=0))):
            rows = np.flatnonzero((owed > k) & ~self.stopped)
            cards = self._draw(rows) if rows.size else np.full(n, -1, dtype=np.int64)
            extra.append(cards if rows.size < n else cards.copy())
        return moved, conquered, held_back

    def _channel(self, count: int, on: np.ndarray | None = None) -> np.ndarray:
        channelled = np.zeros_like(self.in_play)
        size = self.rune_deck.shape[1]
        allowed = np.ones(self.games, dtype=bool) if on is None else np.isin(self._rows, on)
        for _ in range(count):
            rows = np.flatnonzero((self.rune_left > 0) & allowed)
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

    def available_plays(self) -> np.ndarray:
        """Per play kind (games x kinds): copies at hand (or in the Champion Zone), or in the trash
        for a card that Legion lets you play from there."""
        kinds = self.kinds
        avail = np.zeros((self.games, kinds.kinds), dtype=np.int16)
        avail[:, :kinds.cards] = self.available()
        for k in kinds.trash_kinds:
            avail[:, k] = self.trash[:, kinds.card[k]]
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

    def _apply(self, plays: np.ndarray, pools: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Play the chosen cards: check the rules, pay (energy, power by recycling), move the cards.

        A choice the rules do not allow (cards not there, or a cost that cannot be paid) is undone
        for that game, as the rules undo an illegal play: nothing is played (``refused`` counts it).
        """
        kinds, plan = self.kinds, self.plan
        ok, paid = kinds.evaluate(plays, pools)
        ok &= ((plays >= 0) & (plays <= self.available_plays())).all(axis=1)
        if not ok.all():
            self.refused += ~ok
            plays = np.where(ok[:, None], plays, 0)
            paid = np.where(ok, paid, 0)
        hand_plays = plays[:, :kinds.cards].astype(self.hand.dtype)
        played = hand_plays.copy()
        if plan.champion is not None:
            from_zone = np.minimum(hand_plays[:, plan.champion], self.champion_zone).astype(self.hand.dtype)
            self.champion_zone -= from_zone
            hand_plays[:, plan.champion] -= from_zone
        self.hand -= hand_plays
        for k in kinds.trash_kinds:
            j = kinds.card[k]
            self.trash[:, j] -= plays[:, k].astype(self.trash.dtype)
            played[:, j] += plays[:, k].astype(played.dtype)
        spells = plan.is_spell
        self.trash[:, spells] += played[:, spells]
        # Sun Discs already on the board (ready after Awaken) before this turn's plays.
        discs = self.board[:, kinds.readier_cards].sum(axis=1).astype(np.int64)
        self.board[:, ~spells] += played[:, ~spells]
        self._enter(plays, pools.sum(axis=1), discs)
        recycled = (kinds.power.assign(kinds.pips_by_type(plays), pools) if kinds.power.types
                    else np.zeros_like(pools))
        self.in_play -= recycled
        self._bottom_runes(recycled)
        return played, recycled, paid, plays

    def _enter(self, plays: np.ndarray, energy: np.ndarray, discs: np.ndarray) -> None:
        """Units played enter the base exhausted, except those Legion readies; unit tokens enter
        exhausted (:meth:`~deckcheck.goldfish.payment.PlayKinds.entering`)."""
        ready, tokens = self.kinds.entering(plays, energy, discs)
        self.field.enter(plays @ self.kinds.is_unit + tokens - ready)
        self.field.base_ready += ready
        self._entered_ready, self._tokens = ready, tokens

    def _bottom_runes(self, recycled: np.ndarray) -> None:
        """Recycled runes go to the bottom of the rune deck (domain by domain)."""
        size = self.rune_deck.shape[1]
        for d in range(len(DOMAINS)):
            for k in range(int(recycled[:, d].max(initial=0))):
                rows = np.flatnonzero(recycled[:, d] > k)
                slot = (self.rune_head[rows] + self.rune_left[rows]) % size
                self.rune_deck[rows, slot] = d
                self.rune_left[rows] += 1
