"""What the goldfish commands answer, as plain data (rendered by :mod:`deckcheck.render.goldfish`).

Probabilities are fractions in 0..1. Every result names the mulligan strategy it assumed, the seed
of any random run, and whether a number is exact or a Monte Carlo estimate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import BaseModel, Field, SkipValidation

if TYPE_CHECKING:
    from collections.abc import Sequence
    from deckcheck.goldfish.plan import DeckPlan
    from deckcheck.goldfish.seat import Seat
    from deckcheck.goldfish.strategy import Strategy

Method = Literal["exact", "monte-carlo"]
#: Words for people: text kept as made (a :class:`~deckcheck.words.Message` keeps its template, so the
#: renderer can say it in another language); JSON gets the English text.
Words = Annotated[str, SkipValidation]


class Setup(BaseModel):
    """How the games were set up."""

    deck: str
    library: int = Field(description="Cards in the library after the champion went to its zone")
    runes: dict[str, int] = Field(description="Rune deck by domain")
    champion: str | None = Field(description="The Chosen Champion, in the Champion Zone")
    on_the_draw: bool = Field(description="Not the first player (1v1: going second, channels 3 runes on turn 1)")
    players: int = Field(default=2, description="Players at the table (2 = 1v1, 3-4 = free-for-all)")
    seat: int = Field(default=1, description="Place in turn order, 1 = first")
    strategy: Words = Field(description="The mulligan strategy assumed, with what it does")
    seed: int | None = Field(default=None, description="Seed of the random run (reuse it to repeat)")
    notes: list[Words] = Field(default_factory=list)

    @classmethod
    def of(cls, plan: DeckPlan, strategy: Strategy | str, on_the_draw: bool, seed: int | None,
           notes: Sequence[str] | None = None, seat: Seat | None = None) -> Setup:
        players, position = (seat.players, seat.position) if seat is not None else (2, 2 if on_the_draw else 1)
        return cls(
            players=players,
            seat=position,
            deck=plan.label,
            library=plan.library_size,
            runes={d.value: n for d, n in plan.rune_counts.items()},
            champion=plan.cards[plan.champion].name if plan.champion is not None else None,
            on_the_draw=on_the_draw,
            strategy=strategy if isinstance(strategy, str) else strategy.describe(),
            seed=seed,
            notes=[*plan.notes, *(notes or [])],
        )


# ---------------------------------------------------------------------------- odds
class TurnOdds(BaseModel):
    turn: int = Field(description="0 = the opening hand after the mulligan")
    probability: float
    low: float | None = Field(default=None, description="95% interval (Monte Carlo only)")
    high: float | None = None


class OddsResult(BaseModel):
    setup: Setup
    question: Words = Field(description="The question in words")
    matching: dict[str, int] = Field(description="Cards (or runes) that count, with copies in the library / rune deck")
    at_least: int
    by_turn: int
    probability: float
    method: Method
    formula: Words | None = Field(default=None, description="The closed form used, for exact answers")
    low: float | None = Field(default=None, description="95% Wilson interval, Monte Carlo only")
    high: float | None = None
    games: int | None = Field(default=None, description="Games simulated, Monte Carlo only")
    per_turn: list[TurnOdds] = Field(description="The same question for every turn up to by_turn")


# ---------------------------------------------------------------------------- castable
class CastableRow(BaseModel):
    """One card on one turn."""

    card: str
    copies: int = Field(description="Copies in the Main Deck (the Chosen Champion's zone copy included)")
    energy: int
    power: int
    power_domains: list[str]
    natural_turn: int = Field(description="First turn whose channelled runes could pay its energy")
    turn: int
    probability: float = Field(description="P(a copy at hand or in the Champion Zone and the runes pay it)")
    method: Method
    low: float | None = Field(default=None, description="95% interval (Monte Carlo only)")
    high: float | None = None
    hand: float = Field(description="P(a copy drawn and kept by this turn, or in the Champion Zone)")
    runes: float | None = Field(description="P(the runes channelled by this turn pay its energy and power): exact; "
                                "null on a Legion row, where payment depends on the rest of the hand")
    legion: bool = Field(default=False, description="Only a Legion play (after another card this turn) can pay it "
                         "on this turn: simulated with the whole hand")


class CastableResult(BaseModel):
    setup: Setup
    cards: list[CastableRow] = Field(description="One row per card and turn: its natural turn and the two after")
    on_curve: float = Field(description="Average P(castable on the natural turn), weighted by copies")
    on_curve_low: float | None = Field(default=None, description="95% interval of on_curve (Monte Carlo only)")
    on_curve_high: float | None = None
    method: Method = Field(description="exact, or monte-carlo if any row is an estimate")
    games: int | None = Field(default=None, description="Games simulated, Monte Carlo only")
    formula: Words
    ignores: list[Words] = Field(description="What the answer leaves out")


class RuneSplit(BaseModel):
    runes: dict[str, int]
    on_curve: float = Field(description="Average P(castable on the natural turn), weighted by copies")
    rank: int = 0
    current: bool = Field(default=False, description="The deck's own split")


class RuneSplitResult(BaseModel):
    setup: Setup
    domains: list[str]
    current: dict[str, int] = Field(description="The deck's split between the two domains")
    splits: list[RuneSplit] = Field(description="Every split, best first")
    method: Method
    games: int | None = None


class StrategyScore(BaseModel):
    rank: int
    strategy: str
    description: Words
    value: float = Field(description="The probability asked (odds) or the on-curve average (castable)")
    method: Method
    low: float | None = None
    high: float | None = None


class MulliganComparison(BaseModel):
    setup: Setup
    question: Words = Field(description="What was compared, in words")
    strategies: list[StrategyScore] = Field(description="Every strategy, best first")
    seed: int | None = Field(default=None, description="One seed shared by every Monte Carlo run")


# ---------------------------------------------------------------------------- simulate
class CardCastability(BaseModel):
    name: str
    copies: int
    energy: int
    power: int
    power_domains: list[str]
    on_curve_turn: int | None = Field(description="First turn with enough runes for its energy cost")
    on_curve: float | None = Field(description="P(castable on its on-curve turn)")
    by_turn: list[float] = Field(description="P(a copy drawn and kept by then, or the champion in its zone, and "
                                 "the runes channelled so far pay it), turn 1..T; independent of the autopilot")


class TurnStats(BaseModel):
    turn: int
    energy: float = Field(description="Expected energy (runes in play) in the Main phase")
    power: dict[str, float] = Field(description="Expected power per domain (runes of it in play)")
    any_castable: float = Field(description="P(at least one card castable from the autopilot's hand and runes)")
    played: float = Field(description="Expected cards played by the autopilot")
    energy_spent: float = Field(description="Expected energy spent by the autopilot")
    hand_size: float = Field(description="Expected cards in hand at the end of the turn")
    hand_empty: float = Field(description="P(hand empty at the end of the turn)")
    points: float = Field(default=0.0, description="Expected points at the end of the turn (unopposed)")
    won: float = Field(default=0.0, description="P(the victory score reached by this turn)")


class OpeningStats(BaseModel):
    mulligan_rate: float = Field(description="P(the strategy set aside at least one card)")
    set_aside: float = Field(description="Expected cards set aside")
    curve: dict[int, float] = Field(description="Expected cards per energy cost in the kept hand")
    types: dict[str, float] = Field(description="Expected cards per type in the kept hand")


class SimulationResult(BaseModel):
    setup: Setup
    games: int
    turns: int
    autoplay: bool
    opening: OpeningStats
    per_turn: list[TurnStats]
    cards: list[CardCastability]
    burn_outs: float = Field(description="Expected burn-outs (points given to the opponent)")
    policy: Words = Field(default="", description="How the autopilot plays its Main phase")
    ignores: list[Words] = Field(default_factory=list, description="What the simulation leaves out")


# ---------------------------------------------------------------------------- one game
class HandCard(BaseModel):
    number: int = Field(description="1-based position, as shown")
    name: Words
    energy: int
    power: int
    power_domains: list[str]
    type: str
    castable: bool = False


class MoveLog(BaseModel):
    unit: Words
    to: Words
    result: Words = Field(description="conquered (+1), drew a card instead of the last point, or already scored")


class PlayLog(BaseModel):
    name: str
    source: str = Field(description="hand, champion zone or trash")
    energy: int = Field(description="Energy paid")
    power: int = Field(default=0, description="Power paid (runes recycled)")
    legion: bool = Field(description="Legion was on when it was played (another card came first)")
    note: Words | None = None


class UnitLog(BaseModel):
    name: Words
    ready: bool


class BattlefieldLog(BaseModel):
    name: Words
    controlled: bool
    units: list[Words]
    scored: Words | None = Field(description="held, conquered, drew a card (last point held back), or None")


class TurnLog(BaseModel):
    turn: int
    channelled: list[str]
    drew: Words | None
    burn_outs: int
    runes_in_play: dict[str, int]
    energy: int
    power: dict[str, int]
    hand: list[HandCard] = Field(description="The hand in the Main phase, before playing")
    champion_zone: HandCard | None
    played: list[str]
    recycled: dict[str, int]
    hand_after: int
    board: list[str]
    library_left: int
    rune_deck_left: int
    opponent_points: int
    points: int = Field(default=0, description="Your points at the end of the turn")
    held: int = Field(default=0, description="Points by hold in the Beginning phase")
    conquered: int = Field(default=0, description="Points by conquer this turn")
    held_back: int = Field(default=0, description="Last points by conquer turned into a card drawn")
    drew_instead: list[Words] = Field(default_factory=list, description="Cards drawn instead of a last point")
    moves: list[MoveLog] = Field(default_factory=list)
    plays: list[PlayLog] = Field(default_factory=list, description="Cards played, in order, with what each cost")
    energy_paid: int = 0
    legion_on: bool = Field(default=False, description="Legion on at the end of the Main phase (a card was played)")
    base: list[UnitLog] = Field(default_factory=list, description="Units at your base at the end of the turn")
    battlefields: list[BattlefieldLog] = Field(default_factory=list)
    won: bool = False
    lost: bool = False


class GameLog(BaseModel):
    setup: Setup
    opening_hand: list[HandCard]
    set_aside: list[str]
    mulligan_by: str = Field(description="'player' or the strategy's name")
    kept_hand: list[HandCard]
    turns: list[TurnLog]
    policy: Words = Field(default="", description="How the goldfish plays its Main phase")
    result: Words = Field(default="", description="Won on turn N, lost on turn N (drew out), or still going")
    ignores: list[Words] = Field(default_factory=list, description="What the game leaves out")


# ---------------------------------------------------------------------------- the clock
class ClockTurn(BaseModel):
    turn: int
    probability: float = Field(description="P(reaching the victory score on exactly this turn)")
    low: float = Field(description="95% Wilson interval")
    high: float
    by_turn: float = Field(description="P(won by this turn)")


class Percentile(BaseModel):
    percent: int
    turn: int | None = Field(description="The turn by which this share of games is won (None: not within the turns played)")
    low: int | None = Field(default=None, description="95% interval (order statistics)")
    high: int | None = None


class ClockResult(BaseModel):
    setup: Setup
    games: int
    policy: Words = Field(description="How the goldfish plays its Main phase")
    max_turns: int = Field(description="Games not over by this turn count as unfinished")
    victory_score: int
    battlefields: int
    distribution: list[ClockTurn]
    won: float = Field(description="P(the deck reaches the victory score first)")
    won_low: float
    won_high: float
    mean: float | None = Field(description="Mean winning turn over the games won")
    mean_low: float | None = None
    mean_high: float | None = None
    median: int | None = Field(description="Median winning turn over all games (None if under half are won)")
    percentiles: list[Percentile]
    points_by_conquer: float = Field(description="Mean points by conquer in the games won")
    points_by_hold: float = Field(description="Mean points by hold in the games won")
    held_back: float = Field(description="P(the last-point rule turned a conquer into a card drawn at least once)")
    held_back_low: float
    held_back_high: float
    drew_out: float = Field(description="P(the deck drew out first: burn-outs gave the opponent the victory score)")
    drew_out_low: float
    drew_out_high: float
    unfinished: float = Field(description="P(neither side had won by max_turns)")
    burn_outs: float = Field(description="Mean burn-outs per game")
    ignores: list[Words]


class PolicyComparison(BaseModel):
    setup: Setup
    games: int
    seed: int = Field(description="One seed shared by every policy's games")
    policies: list[ClockResult] = Field(description="The clock under each play policy: most games won first, then fastest mean")
