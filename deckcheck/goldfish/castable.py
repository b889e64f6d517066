"""Can each card of a deck be played on curve? Exact where the answer factors, Monte Carlo otherwise.

A card is **castable on turn T** when, in that turn's Main phase,

- at least one copy has been drawn and kept by then (or it is the Chosen Champion, whose copy waits
  in the Champion Zone, CR 112), **and**
- the runes channelled by then pay its energy and its power: energy = runes in play, power of a
  domain = runes of a domain the card accepts (a rune can be exhausted for energy and recycled for
  power in the same turn, CR 164). Nothing has been played or recycled before: this measures the
  deck, not a way of playing it.

Its **natural turn** is the first turn whose channelled runes could pay its energy and its power
(2 a turn; 3 on turn 1 going second; a rune may pay both, so it needs at least as many runes as the
larger of the two). The answer covers that turn and the two after it.

Hand and runes come from separate decks shuffled separately (CR 114) and the mulligan never looks
at runes, so the two events are independent and the answer is a product:

``P = P(a copy by turn T) * P(Hyp(R, R_A, n_T) >= power)``

with ``R`` runes in the rune deck, ``R_A`` of them in a domain the card accepts, ``n_T`` channelled
by turn T (and ``n_T >= energy``). The rune term is always exact. The hand term is exact
(hypergeometric, :mod:`deckcheck.goldfish.odds`) with no mulligan or a hunt for this very card;
with another strategy it is a Monte Carlo estimate over seeded games, and the answer carries a 95%
Wilson interval (scaled by the exact rune term).

Legion (CR 812) is counted where it changes payment: a card whose Legion lowers its cost, or any
card under a legend adding Energy once a card was played, may be paid after another card at hand.
Only on turns when the runes cannot pay its printed energy does that matter; those rows are
simulated with the whole hand. Every other card effect is ignored (extra runes, draw effects).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from deckcheck.words import N_, card_named, listing, say, say_n
from deckcheck.cards.model import Domain
from deckcheck.goldfish.engine import GameBatch, batches
from deckcheck.goldfish.odds import (DEFAULT_GAMES, MethodChoice, OddsError, as_seat, channelled_by,
                                     exact_card_odds, natural_turn)
from deckcheck.goldfish.payment import PlayKinds
from deckcheck.goldfish.plan import DOMAIN_INDEX, DeckPlan
from deckcheck.goldfish.resources import PowerModel
from deckcheck.goldfish.seat import Seat
from deckcheck.goldfish.results import CastableResult, CastableRow, RuneSplit, RuneSplitResult, Setup
from deckcheck.goldfish.shuffle import fresh_seed
from deckcheck.goldfish.stats import hypergeom_at_least, wilson_interval
from deckcheck.goldfish.strategy import NONE, DeckStrategy, Strategy, bind

#: The natural turn and the two turns after it.
TURNS_AFTER = 2

IGNORES = (N_("card text other than energy and power costs and Legion (CR 812: cost reductions and the legend's "
              "extra Energy count; plays from the trash do not)"), N_("the opponent"),
           N_("cards played on earlier turns (nothing is spent or recycled before the turn asked about)"))


# ---------------------------------------------------------------- runes
def accepted_runes(plan: DeckPlan, power: PowerModel) -> np.ndarray:
    """For each card: how many runes of the rune deck are of a domain it accepts for power."""
    counts = np.zeros(len(plan.cards), dtype=np.int64)
    per_domain = np.zeros(len(DOMAIN_INDEX), dtype=np.int64)
    for domain, n in plan.rune_counts.items():
        per_domain[DOMAIN_INDEX[domain]] = n
    for j, k in enumerate(power.card_type[:len(plan.cards)]):  # a play kinds' model lists the cards first
        if k >= 0:
            counts[j] = int(per_domain @ power.domain_in[:, power.type_subset[k]])
    return counts


def rune_term(plan: DeckPlan, accepted: int, card: int, turn: int, seat: Seat) -> float:
    """P(the runes channelled by ``turn`` pay the card's energy and power): exact."""
    total = len(plan.runes)
    channelled = channelled_by(turn, total, seat)
    if channelled < int(plan.energy[card]):
        return 0.0
    return hypergeom_at_least(int(plan.power[card]), total, accepted, channelled)


def payable(plan: DeckPlan, power: PowerModel, runes: np.ndarray) -> np.ndarray:
    """games x cards: do the runes in play (games x domains) pay each card alone?"""
    ok = plan.energy[None, :] <= runes.sum(axis=1)[:, None]
    if power.types:
        accepted = runes @ power.domain_in[:, power.type_subset]
        paying = np.flatnonzero(power.card_type >= 0)
        ok[:, paying] &= power.card_power[paying][None, :] <= accepted[:, power.card_type[paying]]
    return ok


def castable_now(plan: DeckPlan, power: PowerModel, drawn: np.ndarray, runes: np.ndarray) -> np.ndarray:
    """games x cards: a copy drawn and kept (or the champion, in its zone) and payable by ``runes``.

    ``drawn`` counts the copies drawn and kept so far (played ones included); ``runes`` are every
    rune channelled so far, none recycled.
    """
    have = drawn > 0
    if plan.champion is not None:
        have[:, plan.champion] = True
    return have & payable(plan, power, runes)


class ChannelledRunes:
    """The runes a batch has channelled, as if none had been recycled (for castability that does
    not depend on how the cards were played).

    Recycled runes go under the rune deck, below every rune not yet channelled, so the runes
    channelled before the deck's own runes run out are exactly its first ones; once every one of
    them has been channelled the answer is the whole rune deck.
    """

    def __init__(self, plan: DeckPlan, games: int) -> None:
        self.total = len(plan.runes)
        self.full = np.zeros(len(DOMAIN_INDEX), dtype=np.int64)
        for domain, n in plan.rune_counts.items():
            self.full[DOMAIN_INDEX[domain]] = n
        self.runes = np.zeros((games, len(DOMAIN_INDEX)), dtype=np.int64)

    def add(self, channelled: np.ndarray) -> np.ndarray:
        """Add one turn's channelled runes (games x domains); returns the runes so far."""
        self.runes += channelled
        done = self.runes.sum(axis=1) >= self.total
        self.runes[done] = self.full
        return self.runes


# ---------------------------------------------------------------- the whole deck
@dataclass(frozen=True, slots=True)
class _Question:
    """Which turns each card is asked about."""

    natural: list[int | None]

    @property
    def last_turn(self) -> int:
        return max((t + TURNS_AFTER for t in self.natural if t is not None), default=1)


@dataclass(frozen=True, slots=True)
class _Hands:
    """P(a copy by turn t) per card: exact lists where a closed form exists, else simulated hits."""

    natural: list[int | None]
    exact: list[list[float] | None]
    simulated: np.ndarray | None
    games: int
    seed: int | None
    on_curve_interval: tuple[float, float] | None = None
    #: (card, turn) -> (games castable, games with a copy at hand) for rows only Legion makes
    #: possible (the runes cannot pay the printed energy): simulated with the whole hand.
    legion: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)


def _hands(plan: DeckPlan, bound: DeckStrategy, seat: Seat, games: int, seed: int | None,
           *, interval: bool = False, simulate_all: bool = False) -> _Hands:
    """The hand terms; with ``interval``, also a 95% interval of the on-curve average (Monte Carlo).
    ``simulate_all`` simulates every hand term, closed form or not (to cross-check)."""
    kinds = PlayKinds(plan)
    question = _Question(natural_turns(plan, seat, kinds))
    exact = _hand_terms(plan, bound, question, seat)
    if simulate_all:
        exact = [h if j == plan.champion or not h else None for j, h in enumerate(exact)]
    wanted = legion_rows(plan, seat, kinds, question.natural)
    if all(h is not None for h in exact) and not wanted:
        return _Hands(question.natural, exact, None, games, None)
    seed = fresh_seed() if seed is None else seed
    legion = _simulate_legion(plan, bound, seat, kinds, wanted, games, seed) if wanted else {}
    if all(h is not None for h in exact):
        ci = _legion_interval(plan, seat, question, exact, legion, games, None) if interval else None
        return _Hands(question.natural, exact, None, games, seed, ci, legion)
    weights = None
    if interval:
        # Per game, the on-curve average is a constant (exact cards) plus a weighted sum over the
        # simulated cards: weight = copies share x exact rune term on the natural turn.
        accepted = accepted_runes(plan, PowerModel(plan.cards))
        share = np.array(plan.copies, dtype=float) / max(1, sum(plan.copies))
        weights = np.zeros(len(plan.cards))
        for j, turn in enumerate(question.natural):
            if turn is not None and exact[j] is None and (j, turn) not in legion:
                weights[j] = share[j] * rune_term(plan, int(accepted[j]), j, turn, seat)
    simulated, (total, squares) = _simulate_hands(plan, bound, question, seat, games, seed, weights)
    ci = None
    if weights is not None:
        ci = _legion_interval(plan, seat, question, exact, legion, games, _mean_interval(total, squares, games))
    return _Hands(question.natural, exact, simulated, games, seed, ci, legion)


def _legion_interval(plan: DeckPlan, seat: Seat, question: _Question, exact: list[list[float] | None],
                     legion: dict, games: int, simulated: tuple[float, float] | None) -> tuple[float, float]:
    """A 95% interval of the on-curve average: the exact cards' constant, plus the interval of the
    simulated hand terms (per game), plus each Legion row's own interval (added: conservative)."""
    accepted = accepted_runes(plan, PowerModel(plan.cards))
    share = np.array(plan.copies, dtype=float) / max(1, sum(plan.copies))
    low = high = 0.0
    for j, turn in enumerate(question.natural):
        if turn is None:
            continue
        if (j, turn) in legion:
            a, b = wilson_interval(legion[(j, turn)][0], games)
            low, high = low + share[j] * a, high + share[j] * b
        elif exact[j] is not None:
            value = share[j] * exact[j][turn] * rune_term(plan, int(accepted[j]), j, turn, seat)
            low, high = low + value, high + value
    if simulated is not None:
        low, high = low + simulated[0], high + simulated[1]
    return max(0.0, low), min(1.0, high)


def castable(
    plan: DeckPlan,
    *,
    strategy: Strategy = NONE,
    on_the_draw: bool = False,
    games: int = DEFAULT_GAMES,
    seed: int | None = None,
    method: MethodChoice = "auto",
    seat: Seat | None = None,
) -> CastableResult:
    """P(castable) for every Main Deck card on its natural turn and the two after it.

    ``method``: ``auto`` (exact where a closed form exists), ``exact`` (refuse otherwise) or
    ``monte-carlo`` (simulate every hand term, to cross-check the exact figures).
    """
    seat = as_seat(seat if seat is not None else on_the_draw)
    bound = bind(strategy, plan)
    hands = _hands(plan, bound, seat, games, seed, interval=True, simulate_all=method == "monte-carlo")
    if method == "exact" and (hands.simulated is not None or hands.legion):
        raise OddsError(f"no closed form for castability under '{strategy.name}' (only none, or a strategy "
                        "that sets nothing aside in this deck); use Monte Carlo")
    rows = _rows(plan, hands, seat)
    notes = [say("{card}: the rune deck can never pay its cost", card=card_named(c.name))
             for j, c in enumerate(plan.cards) if hands.natural[j] is None]
    if plan.champion is not None:
        notes.append(say("{card} is the Chosen Champion: always available from its zone",
                         card=card_named(plan.cards[plan.champion].name)))
    if hands.legion:
        legion = [card_named(name) for name in sorted({plan.cards[j].name for j, _ in hands.legion})]
        notes.append(say("Legion (CR 812): {cards} can be played before the runes pay its printed energy, after "
                         "another card this turn; those rows are simulated with the whole hand",
                         cards=listing(legion, ",")))
    simulated = hands.simulated is not None or bool(hands.legion)
    return CastableResult(
        setup=Setup.of(plan, strategy, seat.on_the_draw, hands.seed, notes, seat=seat),
        cards=rows,
        on_curve=on_curve_average(plan, rows),
        on_curve_low=hands.on_curve_interval[0] if hands.on_curve_interval else None,
        on_curve_high=hands.on_curve_interval[1] if hands.on_curve_interval else None,
        method="monte-carlo" if simulated else "exact",
        games=games if simulated else None,
        formula=say("P(a copy by turn T) x P(Hyp(runes, runes of an accepted domain, channelled by T) >= power), "
                    "with channelled runes >= energy"),
        ignores=list(IGNORES),
    )


def _rows(plan: DeckPlan, hands: _Hands, seat: Seat) -> list[CastableRow]:
    accepted = accepted_runes(plan, PowerModel(plan.cards))
    rows: list[CastableRow] = []
    for j in range(len(plan.cards)):
        first = hands.natural[j]
        if first is None:
            continue
        for turn in range(first, first + TURNS_AFTER + 1):
            if (j, turn) in hands.legion:
                hits, have = hands.legion[(j, turn)]
                low, high = wilson_interval(hits, hands.games)
                rows.append(_row(plan, j, first, turn, hits / hands.games, "monte-carlo", have / hands.games,
                                 None, low, high, legion=True))
                continue
            runes = rune_term(plan, int(accepted[j]), j, turn, seat)
            exact = hands.exact[j]
            if exact is not None:
                rows.append(_row(plan, j, first, turn, exact[turn] * runes, "exact", exact[turn], runes))
                continue
            assert hands.simulated is not None
            hits = int(hands.simulated[turn, j])
            low, high = wilson_interval(hits, hands.games)
            rows.append(_row(plan, j, first, turn, hits / hands.games * runes, "monte-carlo", hits / hands.games,
                             runes, low * runes, high * runes))
    return rows


def _row(plan: DeckPlan, j: int, first: int, turn: int, p: float, method: str, hand: float, runes: float | None,
         low: float | None = None, high: float | None = None, legion: bool = False) -> CastableRow:
    card = plan.cards[j]
    return CastableRow(
        card=card.name, copies=int(plan.copies[j]), energy=int(plan.energy[j]), power=int(plan.power[j]),
        power_domains=[d.value for d in card.power_domains], natural_turn=first, turn=turn,
        probability=p, method=method, low=low, high=high, hand=hand, runes=runes, legion=legion,
    )


def on_curve_average(plan: DeckPlan, rows: list[CastableRow]) -> float:
    """The copies-weighted average P(castable) on each card's natural turn (cards that can never be
    paid count as 0)."""
    by_card = {r.card: r.probability for r in rows if r.turn == r.natural_turn}
    weights = np.array(plan.copies, dtype=float)
    values = np.array([by_card.get(c.name, 0.0) for c in plan.cards])
    return float(values @ weights / weights.sum()) if weights.sum() else 0.0


def _hand_terms(plan: DeckPlan, bound: DeckStrategy, question: _Question, seat: Seat) -> list[list[float] | None]:
    """Per card, P(a copy by turn t) for t = 0..last turn, where a closed form exists (else None)."""
    out: list[list[float] | None] = []
    for j in range(len(plan.cards)):
        if question.natural[j] is None:
            out.append([])
            continue
        last = question.natural[j] + TURNS_AFTER
        if j == plan.champion:
            out.append([1.0] * (last + 1))
            continue
        mask = np.zeros(len(plan.cards), dtype=bool)
        mask[j] = True
        exact = exact_card_odds(plan, mask, 1, last, bound, seat)
        out.append(exact[0] if exact is not None else None)
    return out


def _simulate_hands(plan: DeckPlan, bound: DeckStrategy, question: _Question, seat: Seat,
                    games: int, seed: int, weights: np.ndarray | None = None) -> tuple[np.ndarray, tuple[float, float]]:
    """hits[t, j]: games in which a copy of card j was drawn and kept by turn t (turn 0 = after the
    mulligan). Nothing is played, so the draws alone matter.

    With ``weights`` (per card), also the sum and the sum of squares over games of
    ``sum_j weights[j] * [a copy of j by its natural turn]``, for an interval of that average.
    """
    last = question.last_turn
    hits = np.zeros((last + 1, len(plan.cards)), dtype=np.int64)
    natural = np.array([t if t is not None else -1 for t in question.natural])
    total = squares = 0.0
    for part, size in batches(games):
        batch = GameBatch(plan, size, seed, autoplay=False, part=part, seat=seat)
        batch.mulligan(bound.decide(batch.hand))
        hits[0] += (batch.drawn > 0).sum(axis=0)
        score = np.zeros(size)
        for turn in range(1, last + 1):
            batch.play_turn()
            have = batch.drawn > 0
            hits[turn] += have.sum(axis=0)
            if weights is not None and (natural == turn).any():
                cols = np.flatnonzero(natural == turn)
                score += have[:, cols] @ weights[cols]
        total += float(score.sum())
        squares += float(score @ score)
    return hits, (total, squares)


def _mean_interval(total: float, squares: float, games: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """A normal 95% interval for a mean of per-game values (from their sum and sum of squares)."""
    mean = total / games
    var = max(0.0, squares / games - mean * mean) * games / max(1, games - 1)
    half = z * (var / games) ** 0.5
    return mean - half, mean + half


# ---------------------------------------------------------------- Legion
def natural_turn_alone(plan: DeckPlan, accepted: np.ndarray, j: int, seat: Seat) -> int | None:
    """The first turn whose channelled runes could pay card ``j`` alone: at least its energy and its
    power in runes (a rune may pay both, CR 164), with enough runes of a domain it accepts in the
    rune deck; None if the rune deck can never pay it."""
    power = int(plan.power[j])
    if power > accepted[j]:
        return None
    return natural_turn(max(int(plan.energy[j]), power), len(plan.runes), seat)


def natural_turns(plan: DeckPlan, seat: Seat, kinds: PlayKinds) -> list[int | None]:
    """Each card's natural turn: the first turn whose runes could pay it, alone or, where Legion
    applies (a cost reduction, or the legend's extra Energy), after another card of the deck played
    first that turn (CR 812): the pair needs the first card's energy from the runes, the pair's
    energy from the runes plus the legend's bonus, and both cards' power from distinct runes."""
    runes = len(plan.runes)
    accepted = accepted_runes(plan, kinds.power)
    deck_runes = kinds.power.runes_per_subset(_rune_row(plan))[0]
    out = []
    for j in range(len(plan.cards)):
        best = natural_turn_alone(plan, accepted, j, seat)
        if kinds.cut[j] or kinds.bonus:
            for c in range(len(plan.cards)):
                if c == j and plan.copies[j] < 2:
                    continue
                if (kinds.need[c] + kinds.need[j] > deck_runes).any():
                    continue
                energy = max(int(kinds.full[c]), int(kinds.full[c] + kinds.cost[j]) - kinds.bonus)
                turn = natural_turn(max(energy, int(kinds.pips[c] + kinds.pips[j])), runes, seat)
                if turn is not None and (best is None or turn < best):
                    best = turn
        out.append(best)
    return out


def _rune_row(plan: DeckPlan) -> np.ndarray:
    """The whole rune deck as one row of per-domain counts."""
    row = np.zeros((1, len(DOMAIN_INDEX)), dtype=np.int64)
    for domain, n in plan.rune_counts.items():
        row[0, DOMAIN_INDEX[domain]] = n
    return row


def legion_rows(plan: DeckPlan, seat: Seat, kinds: PlayKinds, natural: list[int | None]) -> dict[int, list[int]]:
    """card -> the asked turns on which only a Legion play can pay it (the runes channelled are
    fewer than its printed energy): those need the whole hand, so they are simulated."""
    rows: dict[int, list[int]] = {}
    for j, first in enumerate(natural):
        if first is None:
            continue
        turns = [t for t in range(first, first + TURNS_AFTER + 1)
                 if channelled_by(t, len(plan.runes), seat) < int(kinds.full[j])]
        if turns:
            rows[j] = turns
    return rows


def _simulate_legion(plan: DeckPlan, bound: DeckStrategy, seat: Seat, kinds: PlayKinds, wanted: dict[int, list[int]],
                     games: int, seed: int) -> dict[tuple[int, int], tuple[int, int]]:
    """(card, turn) -> (games where the card can be played, alone or after another card at hand,
    by the rules of :class:`~deckcheck.goldfish.payment.PlayKinds`; games with a copy at hand)."""
    last = max(t for turns in wanted.values() for t in turns)
    cards = len(plan.cards)
    out = {(j, t): (0, 0) for j, turns in wanted.items() for t in turns}
    for part, size in batches(games):
        batch = GameBatch(plan, size, seed, autoplay=False, part=part, seat=seat)
        batch.mulligan(bound.decide(batch.hand))
        for turn in range(1, last + 1):
            batch.play_turn()
            asked = [j for j, turns in wanted.items() if turn in turns]
            if not asked:
                continue
            have = batch.drawn.astype(np.int64)
            if plan.champion is not None:
                have[:, plan.champion] += 1
            pools, which = np.unique(batch.in_play, axis=0, return_inverse=True)
            which = which.reshape(-1)
            for j in asked:
                single = np.zeros((1, kinds.kinds), dtype=np.int64)
                single[0, j] = 1
                ok = kinds.evaluate(np.repeat(single, len(pools), axis=0), pools)[0][which]
                for c in range(cards):
                    pair = single.copy()
                    pair[0, c] += 1
                    pair_ok = kinds.evaluate(np.repeat(pair, len(pools), axis=0), pools)[0]
                    if not pair_ok.any():
                        continue
                    ok |= (have[:, c] >= (2 if c == j else 1)) & pair_ok[which]
                at_hand = have[:, j] > 0
                hits, held = out[(j, turn)]
                out[(j, turn)] = (hits + int((at_hand & ok).sum()), held + int(at_hand.sum()))
    return out


# ---------------------------------------------------------------- rune splits
def rune_splits(
    plan: DeckPlan,
    domains: tuple[Domain, Domain],
    *,
    strategy: Strategy = NONE,
    on_the_draw: bool = False,
    games: int = DEFAULT_GAMES,
    seed: int | None = None,
    seat: Seat | None = None,
) -> RuneSplitResult:
    """Every split of the rune deck between two domains, ranked by on-curve castability.

    Rows only a Legion play can pay are simulated again for each split (with the same seed). The
    hand term does not depend on the runes, so Monte Carlo hands (when the strategy needs
    them) are simulated once, with one seed, and shared by every split.
    """
    total = len(plan.runes)
    first, second = domains
    seat = as_seat(seat if seat is not None else on_the_draw)
    bound = bind(strategy, plan)
    hands = _hands(plan, bound, seat, games, seed)
    wanted = {j: sorted({t for j2, t in hands.legion if j2 == j}) for j, _ in hands.legion}
    splits: list[RuneSplit] = []
    for a in range(total, -1, -1):
        variant = replace(plan, runes=(first,) * a + (second,) * (total - a))
        shown = hands
        if wanted:  # a Legion play depends on the runes and the rest of the hand: simulated per split
            shown = replace(hands, legion=_simulate_legion(variant, bound, seat, PlayKinds(variant), wanted,
                                                           games, hands.seed))
        rows = _rows(variant, shown, seat)
        splits.append(RuneSplit(runes={first.value: a, second.value: total - a},
                                on_curve=on_curve_average(variant, rows)))
    current = {first.value: plan.runes.count(first), second.value: plan.runes.count(second)}
    ranked = sorted(splits, key=lambda s: -s.on_curve)
    for rank, split in enumerate(ranked, 1):
        split.rank = rank
        split.current = split.runes == current
    method = "monte-carlo" if hands.simulated is not None or hands.legion else "exact"
    notes = []
    if sum(current.values()) != total:
        other = total - sum(current.values())
        notes.append(say_n("the deck's rune deck holds {n} rune of neither domain",
                           "the deck's rune deck holds {n} runes of neither domain", other))
    return RuneSplitResult(
        setup=Setup.of(plan, strategy, seat.on_the_draw, hands.seed, notes, seat=seat),
        domains=[first.value, second.value], current=current, splits=ranked, method=method,
        games=games if method == "monte-carlo" else None,
    )
