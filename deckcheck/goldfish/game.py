"""One goldfish game told turn by turn: the engine with a single game, and a log of what it saw."""

from __future__ import annotations

import numpy as np

from deckcheck.words import N_, card_named, listing, say
from deckcheck.goldfish.engine import IGNORES, GameBatch, TurnRecord
from deckcheck.goldfish.payment import REDUCED, TRASH
from deckcheck.goldfish.plan import BLANK, DOMAINS, DeckPlan
from deckcheck.goldfish.policy import Policy
from deckcheck.goldfish.results import (BattlefieldLog, GameLog, HandCard, MoveLog, PlayLog, Setup, TurnLog,
                                        UnitLog)
from deckcheck.goldfish.seat import Seat
from deckcheck.goldfish.shuffle import fresh_seed
from deckcheck.goldfish.strategy import MAX_SET_ASIDE, DeckStrategy


BLANK_NAME = N_("unknown card (a blank: never played)")


def _name(plan: DeckPlan, card: int) -> str | None:
    """The name of a drawn card (-1: none drawn)."""
    return BLANK_NAME if card == BLANK else plan.cards[card].name if card >= 0 else None


class GoldfishGame:
    """A single seeded game. Call :meth:`mulligan` (by positions or by a strategy), then :meth:`play`."""

    def __init__(self, plan: DeckPlan, *, seed: int | None = None, on_the_draw: bool = False,
                 autoplay: bool = True, seat: Seat | None = None, policy: Policy | None = None) -> None:
        self.plan = plan
        self.seed = fresh_seed() if seed is None else seed
        self.seat = seat if seat is not None else Seat.of(2, on_the_draw)
        self.on_the_draw = self.seat.on_the_draw
        self.batch = GameBatch(plan, 1, self.seed, autoplay=autoplay, seat=self.seat, policy=policy,
                               stop_when_over=True)
        # Who is where (the engine counts units; the log names them, first come first moved).
        self._base: list[list] = []  # [name, ready]
        self._at: list[list[str]] = [[] for _ in range(self.seat.battlefields)]
        self.opening = self.hand_cards()
        self.set_aside: list[str] = []
        self.kept: list[HandCard] = []
        self.mulligan_by = "none"

    # ------------------------------------------------------------ views
    def _order(self, counts: np.ndarray) -> list[int]:
        """Card indices of a hand, one per copy, cheapest first."""
        cards = [j for j in np.flatnonzero(counts) for _ in range(int(counts[j]))]
        return sorted(cards, key=lambda j: (self.plan.energy[j], self.plan.power[j], self.plan.cards[j].name))

    def _hand_card(self, number: int, j: int, castable: bool = False) -> HandCard:
        card = self.plan.cards[j]
        return HandCard(number=number, name=card.name, energy=int(self.plan.energy[j]),
                        power=int(self.plan.power[j]), power_domains=[d.value for d in card.power_domains],
                        type=card.type.value, castable=castable)

    def hand_cards(self, castable: np.ndarray | None = None, hand: np.ndarray | None = None) -> list[HandCard]:
        """The hand as shown: numbered from 1, cheapest first, unknown cards (blanks) last."""
        cards = [self._hand_card(i, j, bool(castable[j]) if castable is not None else False)
                 for i, j in enumerate(self._order(self.batch.hand[0] if hand is None else hand), 1)]
        return cards + [HandCard(number=len(cards) + i, name=BLANK_NAME, energy=0, power=0, power_domains=[],
                                 type="unknown") for i in range(1, int(self.batch.blanks_in_hand[0]) + 1)]

    # ------------------------------------------------------------ mulligan
    def mulligan(self, positions: list[int], by: str = "player") -> list[str]:
        """Set aside the opening-hand cards at these 1-based positions (at most 2)."""
        order = self._order(self.batch.hand[0])
        if len(set(positions)) != len(positions) or len(positions) > MAX_SET_ASIDE:
            raise ValueError(f"choose at most {MAX_SET_ASIDE} different cards")
        if any(not 1 <= p <= len(order) for p in positions):
            raise ValueError(f"choose cards numbered 1 to {len(order)}")
        counts = np.zeros((1, len(self.plan.cards)), dtype=np.int64)
        for p in positions:
            counts[0, order[p - 1]] += 1
        return self._apply(counts, by)

    def mulligan_by_strategy(self, strategy: DeckStrategy) -> list[str]:
        return self._apply(strategy.decide(self.batch.hand), strategy.strategy.name)

    def _apply(self, counts: np.ndarray, by: str) -> list[str]:
        self.batch.mulligan(counts)
        self.set_aside = [self.plan.cards[j].name for j in self._order(counts[0])]
        self.mulligan_by = by
        self.kept = self.hand_cards()
        return self.set_aside

    # ------------------------------------------------------------ turns
    def play(self, turns: int) -> list[TurnLog]:
        """Play up to ``turns`` turns (keeping the hand if no mulligan was made) and log each; the
        game stops early once it is won or lost."""
        if not self.batch.mulliganed:
            self._apply(np.zeros_like(self.batch.hand), self.mulligan_by)
        logs = []
        for _ in range(turns):
            if self.batch.over[0]:
                break
            hand, zone = self.batch.hand[0].copy(), int(self.batch.champion_zone[0])
            discs = int(self.batch.board[0, self.batch.kinds.readier_cards].sum())
            record = self.batch.play_turn()
            for card in [record.drawn[0], *(c[0] for c in record.extra_drawn or [])]:
                if card >= 0:
                    hand[card] += 1
            logs.append(self._log(record, hand, zone, discs))
        return logs

    def battlefield_names(self) -> list[str]:
        """The battlefields in play: each player's chosen one (in 4-player free-for-all the first
        player's is removed, CR 488), yours first."""
        if self.seat.players == 2:
            return [say("your battlefield"), say("the opponent's battlefield")]
        seats = range(2 if self.seat.players == 4 else 1, self.seat.players + 1)
        mine = [s for s in seats if s == self.seat.position]
        return [(say("your battlefield") if s == self.seat.position else say("seat {seat}'s battlefield", seat=s))
                for s in [*mine, *(s for s in seats if s != self.seat.position)]]

    def _log(self, record: TurnRecord, hand: np.ndarray, zone: int, discs: int) -> TurnLog:
        """``hand`` and ``zone``: the hand and Champion Zone in the Main phase, before playing;
        ``discs``: Sun Discs on the board before playing."""
        b, plan, champion = self.batch, self.plan, self.plan.champion
        castable = record.castable[0]
        in_play = {d.value: int(record.pools[0, i]) for i, d in enumerate(DOMAINS) if record.pools[0, i]}
        names = self.battlefield_names()
        scored: list[str | None] = [None] * len(names)
        # Awaken, then hold.
        for unit in self._base:
            unit[1] = True
        if record.held[0]:
            for i in np.flatnonzero(b.field.control[0]):
                if self._at[i] and scored[i] is None:
                    scored[i] = say("held")
        late = record.moved_late[0] if record.moved_late is not None else np.zeros_like(record.moved[0])
        moves = self._move(record, record.moved[0] - late, names, scored)
        made = self._plays(record.plays[0], zone, int(record.energy[0]), discs)
        self._enter(made)
        plays = [p for p, _, _ in made]
        moves += self._move(record, late, names, scored, late=True)
        return TurnLog(
            turn=record.turn,
            channelled=[d.value for i, d in enumerate(DOMAINS) for _ in range(int(record.channelled[0, i]))],
            drew=_name(plan, int(record.drawn[0])),
            burn_outs=int(record.burn_outs[0]),
            runes_in_play=in_play,
            energy=int(record.energy[0]),
            power=dict(in_play),
            hand=self.hand_cards(castable, hand),
            champion_zone=self._hand_card(0, champion, bool(castable[champion])) if champion is not None and zone else None,
            played=[p.name for p in plays],
            recycled={d.value: int(record.recycled[0, i]) for i, d in enumerate(DOMAINS) if record.recycled[0, i]},
            hand_after=int(b.hand[0].sum() + b.blanks_in_hand[0]),
            board=[plan.cards[j].name for j in self._order(b.board[0])],
            library_left=int(b.library_left[0]),
            rune_deck_left=int(b.rune_left[0]),
            opponent_points=int(b.opponent_points[0]),
            points=int(b.field.points[0]),
            held=int(record.held[0]),
            conquered=int(record.conquered[0].sum()),
            held_back=int(record.held_back[0].sum()),
            drew_instead=[_name(plan, int(c[0])) for c in record.extra_drawn or [] if c[0] != -1],
            moves=moves,
            plays=plays,
            energy_paid=int(record.paid[0]),
            legion_on=bool(plays),
            base=[UnitLog(name=n, ready=r) for n, r in self._base],
            battlefields=[BattlefieldLog(name=name, controlled=bool(b.field.control[0, i]), units=list(self._at[i]),
                                         scored=scored[i]) for i, name in enumerate(names)],
            won=bool(record.won[0]),
            lost=bool(record.lost[0]),
        )

    def _move(self, record: TurnRecord, moved: np.ndarray, names: list[str], scored: list, late: bool = False) -> list[MoveLog]:
        """Name the units the engine moved (first come, first moved) and what each move scored."""
        out = []
        for i in range(len(names)):
            for _ in range(int(moved[i])):
                unit = next(u for u in self._base if u[1])
                self._base.remove(unit)
                self._at[i].append(unit[0])
                if record.conquered[0, i]:
                    result, scored[i] = say("conquered: +1 point"), say("conquered")
                elif record.held_back[0, i]:
                    result, scored[i] = say("conquered; last point held back, drew a card instead"), say("drew a card")
                else:
                    result = say("already scored this turn")
                if late:
                    result = say("{result} (entered ready this turn)", result=result)
                out.append(MoveLog(unit=unit[0], to=names[i], result=result))
        return out

    def _enter(self, plays: list[tuple[PlayLog, int, bool]]) -> None:
        """Units played go to the base, exhausted or ready as Legion says; unit tokens enter exhausted."""
        kinds = self.batch.kinds
        for play, k, ready in plays:
            if not kinds.is_unit[k]:
                continue
            self._base.append([play.name, ready])
            if play.legion and kinds.tokens[k]:
                self._base.extend([[say("Recruit token ({card})", card=card_named(play.name)), False]
                                   for _ in range(int(kinds.tokens[k]))])

    def _plays(self, plays: np.ndarray, zone: int, energy: int, discs: int) -> list[tuple[PlayLog, int, bool]]:
        """The turn's plays in the order made, each with what it cost, whether Legion was on, its
        play kind and whether it entered ready."""
        kinds, plan = self.batch.kinds, self.plan
        out = []
        for k, legion_on, ready in kinds.sequence(plays, energy, discs):
            from_trash = kinds.klass[k] == TRASH
            j = int(kinds.card[k])
            card = plan.cards[j]
            source = "trash" if from_trash else "hand"
            if j == plan.champion and zone and not from_trash:
                source, zone = "champion zone", 0
            energy, notes = int(kinds.full[k]), []
            if kinds.klass[k] == REDUCED and legion_on:
                energy = int(kinds.cost[k])
                notes.append(say("Legion: {count} Energy less", count=int(kinds.cut[k])))
            elif kinds.klass[k] == TRASH:
                notes.append(say("Legion: played from the trash"))
            if ready:
                notes.append(say("Legion: entered ready"))
            note = listing(notes, ";") if notes else None
            out.append((PlayLog(name=card.name, source=source, energy=energy, power=int(kinds.pips[k]),
                                legion=legion_on, note=note), k, ready))
        if out and kinds.bonus:
            last = out[-1][0]
            bonus = say("legend's Legion ability available: +{count} Energy", count=kinds.bonus)
            last.note = listing([*last.note.items, bonus] if last.note else [bonus], ";")
        return out

    def log(self, turns: list[TurnLog], strategy_text: str) -> GameLog:
        """The whole game as data."""
        b = self.batch
        if b.won_turn[0]:
            result = say("won on turn {turn} ({points} points)", turn=int(b.won_turn[0]), points=int(b.field.points[0]))
        elif b.lost_turn[0]:
            result = say("lost on turn {turn}: the deck drew out and burn-outs gave the opponent {points} points",
                         turn=int(b.lost_turn[0]), points=int(b.opponent_points[0]))
        else:
            result = say("not over after {turns} turns: {points} points", turns=len(turns),
                         points=int(b.field.points[0]))
        return GameLog(
            setup=Setup.of(self.plan, strategy_text, self.on_the_draw, self.seed, seat=self.seat),
            opening_hand=self.opening,
            set_aside=self.set_aside,
            mulligan_by=self.mulligan_by,
            kept_hand=self.kept,
            turns=turns,
            policy=b.policy.describe(),
            result=result,
            ignores=list(IGNORES),
        )
