"""Odds of drawing cards or channelling runes by a turn: exact where a closed form exists.

- Cards, no mulligan (or a strategy that never sets a card aside in this deck): hypergeometric.
  By turn ``T`` a player has seen ``4 + T`` cards of the library (both players draw on turn 1 in
  1v1, so going second changes nothing here).
- Cards with a hunting mulligan for exactly the cards asked about: condition on the opening 4.
  With ``x`` matching cards and fewer than the strategy wants, ``m = min(max, 4 - x)`` others are
  set aside and ``m`` drawn from the other ``L - 4`` cards; the set-aside cards go to the bottom,
  so the next ``T`` draws come from those ``L - 4`` too:
  ``P = sum_x H(x; L, K, 4) * P(Hyp(L - 4, K - x, m_x + T) >= k - x)``.
- Past the end of the library: a burn-out shuffles the trash back in, so a card can be drawn
  again, but "having k copies" counts distinct copies: once every card has been seen the answer
  stays where it is (the formulas above clip the draws to the library). Asking for more copies
  than the library holds is exactly 0.
- Anything else (another strategy): Monte Carlo over seeded games, with a 95% Wilson interval.
- Runes: the first 12 runes channelled are the 12 distinct runes of the rune deck in shuffled
  order (recycled runes go under them), so "at least K Fury runes channelled by turn T" is
  hypergeometric (multivariate for several domains), always exact.

"Having" a card counts every distinct copy drawn and kept by that turn, played or not; cards set
aside in the mulligan do not count (until they are drawn again from the bottom). The Chosen Champion's zone copy is not drawn, so it does not count.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import numpy as np

from deckcheck.words import card_named, listing, say, say_n, word
from deckcheck.cards.model import Domain
from deckcheck.errors import DeckcheckError
from deckcheck.goldfish.engine import CHANNEL_PER_TURN, GameBatch, batches
from deckcheck.goldfish.filters import Filter, parse_filter
from deckcheck.goldfish.plan import DOMAINS, OPENING_HAND, DeckPlan
from deckcheck.goldfish.seat import Seat
from deckcheck.goldfish.results import OddsResult, Setup, TurnOdds
from deckcheck.goldfish.shuffle import fresh_seed
from deckcheck.goldfish.stats import hypergeom_at_least, hypergeom_pmf, multi_hypergeom_at_least, wilson_interval
from deckcheck.goldfish.strategy import NONE, DeckStrategy, Strategy, bind

DEFAULT_GAMES = 100_000
MethodChoice = Literal["auto", "exact", "monte-carlo"]


class OddsError(DeckcheckError):
    """An odds question that cannot be asked of this deck."""


# ---------------------------------------------------------------- the question
@dataclass(frozen=True, slots=True)
class CardQuestion:
    """Which cards count: one named card or every card matching a filter."""

    label: str
    mask: np.ndarray
    by_filter: bool = False

    def phrase(self, at_least: int) -> str:
        """'at least 2 Sharkling' / 'at least 1 card matching 'type=Unit''."""
        if self.by_filter:
            return say_n("at least {n} card matching '{filter}'", "at least {n} cards matching '{filter}'", at_least,
                         filter=self.label)
        return say("at least {count} {card}", count=at_least, card=card_named(self.label))


def card_question(plan: DeckPlan, card: str | None = None, filter_text: str | None = None) -> CardQuestion:
    """The cards ``--card NAME`` or ``--filter EXPR`` asks about, as a mask over the deck's cards."""
    if (card is None) == (filter_text is None):
        raise OddsError("ask about one thing: --card NAME, --filter EXPR or --runes DOMAIN:K")
    if card is not None:
        index = plan.index_of(card)
        if index is None:
            close = difflib.get_close_matches(card, [c.name for c in plan.cards], n=3, cutoff=0.5)
            hint = f"; did you mean: {'; '.join(close)}?" if close else ""
            raise OddsError(f"'{card}' is not in this deck's Main Deck{hint}")
        mask = np.zeros(len(plan.cards), dtype=bool)
        mask[index] = True
        return CardQuestion(plan.cards[index].name, mask)
    assert filter_text is not None
    test: Filter = parse_filter(filter_text)
    mask = plan.mask(test)
    if not mask.any():
        raise OddsError(f"no card in this deck's Main Deck matches '{filter_text}'")
    return CardQuestion(test.text, mask, by_filter=True)


_RUNE_NEED = re.compile(r"^\s*([A-Za-z]+)\s*(?::\s*(\d+))?\s*$")


def parse_rune_needs(text: str) -> dict[Domain, int]:
    """``Fury:2`` or ``Fury:2,Calm:1`` (a bare domain means 1)."""
    needs: dict[Domain, int] = {}
    for part in re.split(r"[,\s]+(?=[A-Za-z])", text.strip()):
        m = _RUNE_NEED.match(part)
        domain = next((d for d in DOMAINS if m and d.value.lower() == m.group(1).lower()), None)
        if m is None or domain is None:
            names = ", ".join(d.value for d in DOMAINS)
            raise OddsError(f"'{text}': write DOMAIN:K, e.g. Fury:2 (domains: {names})", parameter="runes")
        needs[domain] = needs.get(domain, 0) + int(m.group(2) or 1)
    return needs


def _turn_text(turn: int) -> str:
    return say("in the opening hand (after the mulligan)") if turn == 0 else say("by turn {turn}", turn=turn)


# ---------------------------------------------------------------- cards
def card_odds(
    plan: DeckPlan,
    asked: CardQuestion,
    *,
    at_least: int = 1,
    by_turn: int = 0,
    strategy: Strategy = NONE,
    on_the_draw: bool = False,
    games: int = DEFAULT_GAMES,
    seed: int | None = None,
    method: MethodChoice = "auto",
    seat: Seat | None = None,
    progress: Callable[[int], None] | None = None,
) -> OddsResult:
    """P(at least ``at_least`` of the cards asked about drawn and kept by ``by_turn``).

    ``seat`` (players and place in turn order) decides who draws on turn 1; without it, a 1v1
    game going first, or second with ``on_the_draw``. ``progress`` is told the games of each turn
    a Monte Carlo estimate plays."""
    seat = as_seat(seat if seat is not None else on_the_draw)
    on_the_draw = seat.on_the_draw
    mask = asked.mask
    if at_least < 1 or by_turn < 0:
        raise OddsError("--at-least must be 1 or more and --by-turn 0 or more")
    bound = bind(strategy, plan)
    notes = _card_notes(plan, mask, seat)
    exact = None if method == "monte-carlo" else exact_card_odds(plan, mask, at_least, by_turn, bound, seat)
    if exact is None and method == "exact":
        raise OddsError("no closed form for this question (a mulligan strategy other than none or a hunt "
                        "for these very cards); use Monte Carlo")
    question = say("{cards} {when}", cards=asked.phrase(at_least), when=_turn_text(by_turn))
    matching = {plan.cards[j].name: int(plan.library_copies[j]) for j in np.flatnonzero(mask)}
    if exact is not None:
        per_turn, formula = exact
        return OddsResult(
            setup=Setup.of(plan, strategy, on_the_draw, None, notes, seat=seat), question=question, matching=matching,
            at_least=at_least, by_turn=by_turn, probability=per_turn[-1], method="exact", formula=formula,
            per_turn=[TurnOdds(turn=t, probability=p) for t, p in enumerate(per_turn)],
        )
    seed = fresh_seed() if seed is None else seed
    hits = _simulate_cards(plan, mask, at_least, by_turn, bound, seat, games, seed, progress)
    simulated = [TurnOdds(turn=t, probability=h / games, low=(ci := wilson_interval(h, games))[0], high=ci[1])
                 for t, h in enumerate(hits)]
    last = simulated[-1]
    return OddsResult(
        setup=Setup.of(plan, strategy, on_the_draw, seed, notes, seat=seat), question=question, matching=matching,
        at_least=at_least, by_turn=by_turn, probability=last.probability, method="monte-carlo",
        low=last.low, high=last.high, games=games, per_turn=simulated,
    )


def _card_notes(plan: DeckPlan, mask: np.ndarray, seat: Seat) -> list[str]:
    notes: list[str] = []
    if plan.champion is not None and mask[plan.champion]:
        name = plan.cards[plan.champion].name
        notes.append(say("one {card} starts in the Champion Zone and is always available; the odds count the "
                         "{count} in the library", card=card_named(name), count=int(plan.library_copies[plan.champion])))
    if seat.on_the_draw and not seat.free_for_all:
        notes.append(say("in 1v1 both players draw on turn 1, so going second does not change card odds"))
    if not seat.draws_on_turn_one:
        notes.append(say("the first player of a free-for-all skips their first draw: one card fewer by each turn"))
    return notes


def exact_card_odds(plan: DeckPlan, mask: np.ndarray, k: int, turns: int,
                    bound: DeckStrategy, seat: Seat | None = None) -> tuple[list[float], str] | None:
    """P(at least ``k`` of the masked cards by turn t) for t = 0..turns, with the formula used,
    when a closed form exists for this strategy (else None)."""
    size = plan.library_size
    targets = int(plan.library_copies[mask].sum())
    rest = size - OPENING_HAND
    drawn = (seat or Seat()).cards_drawn_by
    if k > targets:
        return [0.0] * (turns + 1), say("the library holds only {count} matching cards, fewer than {k}",
                                        count=targets, k=k)
    if bound.never_mulligans:
        per_turn = [hypergeom_at_least(k, size, targets, OPENING_HAND + drawn(t)) for t in range(turns + 1)]
        formula = say("hypergeometric: at least {k} of {targets} in a {size}-card library, {hand} + turn cards seen",
                      k=k, targets=targets, size=size, hand=OPENING_HAND)
        return per_turn, formula
    if not _hunts_exactly(plan, mask, bound):
        return None
    want, limit = bound.strategy.want, bound.limit

    def by_turn(t: int) -> float:
        total = 0.0
        for x in range(0, min(targets, OPENING_HAND) + 1):
            p_x = hypergeom_pmf(x, size, targets, OPENING_HAND)
            if p_x == 0.0:
                continue
            extra = drawn(t) if x >= want else min(limit, OPENING_HAND - x) + drawn(t)
            total += p_x * hypergeom_at_least(k - x, rest, targets - x, min(extra, rest))
        return total

    formula = say("hypergeometric over the opening {hand} of {size} ({targets} matching); when it holds fewer "
                  "than {want}, up to {limit} other cards go to the bottom and as many are drawn from the other {rest}",
                  hand=OPENING_HAND, size=size, targets=targets, want=want, limit=limit, rest=rest)
    return [by_turn(t) for t in range(turns + 1)], formula


def _hunts_exactly(plan: DeckPlan, mask: np.ndarray, bound: DeckStrategy) -> bool:
    """Does the strategy hunt exactly these cards and set aside any other card?"""
    if bound.hunt_mask is None:
        return False
    present = plan.library_copies > 0
    same_target = np.array_equal(bound.hunt_mask & present, mask & present)
    others_eligible = bool(np.all(bound.eligible_mask[present & ~mask]))
    return same_target and others_eligible


def _simulate_cards(plan: DeckPlan, mask: np.ndarray, k: int, turns: int, bound: DeckStrategy,
                    seat: Seat, games: int, seed: int, progress: Callable[[int], None] | None = None) -> list[int]:
    columns = np.flatnonzero(mask)
    # Distinct copies: after a burn-out the same copy can be drawn again; it counts once.
    distinct = plan.library_copies[columns]
    hits = [0] * (turns + 1)
    for part, size in batches(games):
        batch = GameBatch(plan, size, seed, part=part, seat=seat, progress=progress)
        batch.mulligan(bound.decide(batch.hand))
        for turn in range(turns + 1):
            if turn:
                batch.play_turn()
            held = np.minimum(batch.drawn[:, columns], distinct).sum(axis=1)
            hits[turn] += int((held >= k).sum())
    return hits


# ---------------------------------------------------------------- runes
def as_seat(seat: Seat | bool) -> Seat:
    """A :class:`Seat`, or a 1v1 seat from ``on_the_draw`` (True = going second)."""
    return seat if isinstance(seat, Seat) else Seat.of(2, bool(seat))


def channelled_by(turn: int, runes: int, seat: Seat | bool) -> int:
    """Distinct runes channelled by the end of the Channel step of ``turn`` (0 before turn 1)."""
    return as_seat(seat).runes_channelled_by(turn, runes)


def natural_turn(energy: int, runes: int, seat: Seat | bool) -> int | None:
    """The first turn with at least ``energy`` runes channelled (None if the rune deck is too small)."""
    turn = 1
    while channelled_by(turn, runes, seat) < energy:
        if channelled_by(turn, runes, seat) >= runes:
            return None
        turn += 1
    return turn


def rune_odds(plan: DeckPlan, needs: dict[Domain, int], *, by_turn: int = 1, on_the_draw: bool = False,
              strategy: Strategy = NONE, seat: Seat | None = None) -> OddsResult:
    """P(at least ``needs[d]`` runes of each domain ``d`` channelled by ``by_turn``): exact."""
    seat = as_seat(seat if seat is not None else on_the_draw)
    on_the_draw = seat.on_the_draw
    if by_turn < 0 or any(k < 0 for k in needs.values()):
        raise OddsError("must be 0 or more", parameter="by_turn")
    total = len(plan.runes)
    groups = [plan.rune_counts.get(d, 0) for d in needs]
    per_turn = [
        multi_hypergeom_at_least(list(needs.values()), groups, total, channelled_by(t, total, seat))
        for t in range(by_turn + 1)
    ]
    wanted = listing([say("{count} {domain}", count=k, domain=word("domain", d.value)) for d, k in needs.items()],
                     "&")
    notes = [say("the rune deck holds no {domain} rune", domain=word("domain", d.value))
             for d, g in zip(needs, groups) if g == 0]
    return OddsResult(
        setup=Setup.of(plan, say("{strategy} (no effect here: the mulligan never touches the rune deck)",
                                 strategy=strategy.describe()), on_the_draw, None, notes, seat=seat),
        question=say_n("at least {runes} rune channelled {when}", "at least {runes} runes channelled {when}",
                       sum(needs.values()), runes=wanted, when=_turn_text(by_turn)),
        matching={d.value: g for d, g in zip(needs, groups)},
        at_least=sum(needs.values()), by_turn=by_turn, probability=per_turn[-1], method="exact",
        formula=(say("hypergeometric: {channelled} of {total} runes channelled by turn {turn} ({per_turn} a turn, "
                     "3 on turn 1)", channelled=channelled_by(by_turn, total, seat), total=total, turn=by_turn,
                     per_turn=CHANNEL_PER_TURN) if seat.extra_rune else
                 say("hypergeometric: {channelled} of {total} runes channelled by turn {turn} ({per_turn} a turn)",
                     channelled=channelled_by(by_turn, total, seat), total=total, turn=by_turn,
                     per_turn=CHANNEL_PER_TURN)),
        per_turn=[TurnOdds(turn=t, probability=p) for t, p in enumerate(per_turn)],
    )
