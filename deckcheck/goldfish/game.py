"""One goldfish game told turn by turn: the engine with a single game, and a log of what it saw."""

from __future__ import annotations

import numpy as np

from deckcheck.goldfish.engine import GameBatch, TurnRecord
from deckcheck.goldfish.plan import DOMAINS, DeckPlan
from deckcheck.goldfish.results import GameLog, HandCard, Setup, TurnLog
from deckcheck.goldfish.shuffle import fresh_seed
from deckcheck.goldfish.strategy import MAX_SET_ASIDE, DeckStrategy


class GoldfishGame:
    """A single seeded game. Call :meth:`mulligan` (by positions or by a strategy), then :meth:`play`."""

    def __init__(self, plan: DeckPlan, *, seed: int | None = None, on_the_draw: bool = False,
                 autoplay: bool = True) -> None:
        self.plan = plan
        self.seed = fresh_seed() if seed is None else seed
        self.on_the_draw = on_the_draw
        self.batch = GameBatch(plan, 1, self.seed, on_the_draw=on_the_draw, autoplay=autoplay)
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

    def hand_cards(self, castable: np.ndarray | None = None) -> list[HandCard]:
        """The hand as shown: numbered from 1, cheapest first."""
        return [self._hand_card(i, j, bool(castable[j]) if castable is not None else False)
                for i, j in enumerate(self._order(self.batch.hand[0]), 1)]

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
        """Play ``turns`` turns (keeping the hand if no mulligan was made) and log each."""
        if not self.batch.mulliganed:
            self._apply(np.zeros_like(self.batch.hand), self.mulligan_by)
        logs = []
        for _ in range(turns):
            hand, zone = self.batch.hand[0].copy(), int(self.batch.champion_zone[0])
            record = self.batch.play_turn()
            if record.drawn[0] >= 0:
                hand[record.drawn[0]] += 1
            logs.append(self._log(record, hand, zone))
        return logs

    def _log(self, record: TurnRecord, hand: np.ndarray, zone: int) -> TurnLog:
        """``hand`` and ``zone``: the hand and Champion Zone in the Main phase, before playing."""
        b, plan, champion = self.batch, self.plan, self.plan.champion
        castable = record.castable[0]
        in_play = {d.value: int(record.pools[0, i]) for i, d in enumerate(DOMAINS) if record.pools[0, i]}
        return TurnLog(
            turn=record.turn,
            channelled=[d.value for i, d in enumerate(DOMAINS) for _ in range(int(record.channelled[0, i]))],
            drew=plan.cards[record.drawn[0]].name if record.drawn[0] >= 0 else None,
            burn_outs=int(record.burn_outs[0]),
            runes_in_play=in_play,
            energy=int(record.energy[0]),
            power=dict(in_play),
            hand=[self._hand_card(i, j, bool(castable[j])) for i, j in enumerate(self._order(hand), 1)],
            champion_zone=self._hand_card(0, champion, bool(castable[champion])) if champion is not None and zone else None,
            played=[plan.cards[j].name for j in self._order(record.played[0])],
            recycled={d.value: int(record.recycled[0, i]) for i, d in enumerate(DOMAINS) if record.recycled[0, i]},
            hand_after=int(b.hand[0].sum()),
            board=[plan.cards[j].name for j in self._order(b.board[0])],
            library_left=int(b.library_left[0]),
            rune_deck_left=int(b.rune_left[0]),
            opponent_points=int(b.opponent_points[0]),
        )

    def log(self, turns: list[TurnLog], strategy_text: str) -> GameLog:
        """The whole game as data."""
        return GameLog(
            setup=Setup.of(self.plan, strategy_text, self.on_the_draw, self.seed),
            opening_hand=self.opening,
            set_aside=self.set_aside,
            mulligan_by=self.mulligan_by,
            kept_hand=self.kept,
            turns=turns,
        )
