"""``check_deck``: run every rule of a format on one deck, on one date, through that day's :class:`Checker`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from functools import lru_cache
from math import inf
from time import monotonic as _monotonic
from time import time as _now

from deckcheck.cards import LOADED
from deckcheck.cards.lookup import CardDB
from deckcheck.decks.model import Deck
from deckcheck.errors import DeckcheckError
from deckcheck.rules.checks.provenance import doubtful_names
from deckcheck.rules.facts import CardRows, Legality, card_facts, forbidden
from deckcheck.rules.formats import FormatSpec, load_format, names_a_file
from deckcheck.rules.refs import edition
from deckcheck.rules.registry import Findings, Rule, all_rules
from deckcheck.rules.report import _SEVERITY_ORDER as _ORDER
from deckcheck.rules.report import MOST_PER_RULE, Report, Violation, _plain_date, bounded
from deckcheck.rules.tally import Tally
from deckcheck.rules.written import as_written

_sort_key = Violation.sort_key


def rules_for(spec: FormatSpec) -> tuple[Rule, ...]:
    """The one-deck rules that run in a format, in code order (team rules run per team)."""
    return tuple(r for r in all_rules() if not r.team and r.applies_to(spec))


def parse_as_of(value: date | str | None) -> date:
    """A date, an ISO ``YYYY-MM-DD`` string, or None for today, as a plain date (a ``datetime`` keeps its day)."""
    if value is None:
        return date.today()
    if isinstance(value, date):
        return value if value.__class__ is date else _plain_date(value)
    try:
        return date.fromisoformat(value.strip())
    except (ValueError, AttributeError):  # AttributeError: not a string at all (a number, a list)
        raise DeckcheckError(f"{value!r} is not a date (YYYY-MM-DD)", parameter="as_of") from None


@dataclass(slots=True, eq=False)
class Checker:
    """Everything one format on one day knows over one card database; :meth:`check` checks a deck.

    ``rows`` holds each card's facts and standing on the day for the tally (filled as cards are met);
    ``checks`` pairs each rule's check with the tally signals it reports on (its ``when``);
    ``plans`` remembers, per set of signals a deck raised, the checks to call, in code order.
    ``today`` is the span of clock time (from local midnight to the next) in which a checker asked
    for "today" answers for it.
    """

    cards: CardDB
    spec: FormatSpec
    day: date
    legality: Legality
    rows: CardRows
    checks: tuple[tuple[int, Callable], ...]
    edition: str
    plans: dict[int, tuple[Callable, ...]] = field(default_factory=dict)
    today: tuple[float, float] = (inf, inf)

    @classmethod
    def make(cls, cards: CardDB, spec: FormatSpec, day: date) -> Checker:
        """A new checker (:func:`checker` keeps one per database, format and day)."""
        checks = tuple((r.when, r.check) for r in rules_for(spec))
        legal = forbidden(cards, spec, day)
        rows = CardRows(cards, card_facts(cards), legal.flagged, doubtful_names(cards))
        return cls(cards, spec, day, legal, rows, checks, edition(day))

    def plan(self, signals: int) -> tuple[Callable, ...]:
        """The checks that may report something on a deck raising ``signals``."""
        if len(self.plans) > 4096:
            self.plans.clear()
        found = self.plans[signals] = tuple(check for when, check in self.checks if when & signals)
        return found

    def check(self, deck: Deck) -> Report:
        """The report on ``deck``: every rule of the format in force on the day."""
        legal = self.legality
        tally = Tally(deck, legal, self.rows)
        signals = tally.signals
        plan = self.plans.get(signals)
        if plan is None:
            plan = self.plan(signals)
        found: list[Violation] = []
        if plan:
            out = Findings(deck.source, self.day, legal.citations)
            for check in plan:
                check(tally, out)
            found = out.violations
            n = len(found)
            if n == 2:  # as a stable sort of two would order them, mostly by severity alone
                first, second = found
                a, b = _ORDER[first.severity], _ORDER[second.severity]
                if b < a or (b == a and _sort_key(second) < _sort_key(first)):
                    found.reverse()
            elif n > 2:
                found.sort(key=_sort_key)
                if n > MOST_PER_RULE:  # a deck of thousands of problems: each rule lists at most so many
                    found = bounded(found)
        # cards per zone; "unknown" (cards on lines that could not be identified) only when there are any
        counts = {"main": tally.main_count, "runes": tally.rune_count, "battlefields": tally.battlefield_count,
                  "sideboard": tally.side_count}
        if deck.unknown:
            counts["unknown"] = sum(u.count for u in deck.unknown)
        legend, champion = deck.legend, deck.champion
        report = Report(self.spec.name, self.day, deck.source, deck.name,
                        legend.card.name if legend is not None else None,
                        champion.card.name if champion is not None else None,
                        self.edition, counts, found, deck.player, deck.team)
        as_written(report, deck, self.cards)  # names the list wrote in Chinese, beside the English ones
        return report


def checker(format: str | FormatSpec = "standard", as_of: date | str | None = None,
            cards: CardDB | None = None) -> Checker:
    """The one :class:`Checker` of ``format`` on ``as_of`` (None: today) over ``cards``, kept on the database.

    A format name or path is read once per process, a path again when its file changes
    (:func:`~deckcheck.rules.formats.load_format`);
    a spec is told from another by ``==``, so change a copy (``dataclasses.replace(spec, ...)``), not a
    spec already checked. :func:`deckcheck.clear_caches` drops every checker.
    """
    if cards is None:
        cards = _bundled_cards(int(_monotonic()), len(LOADED))
    table = cards.kept(_checkers)
    given = (format, as_of)
    found = table.get(given)
    if as_of is not None:
        if found is not None:
            return found
        day = parse_as_of(as_of)
    else:
        now = _now()
        if found is not None and found.today[0] <= now < found.today[1]:
            return found
        day = date.fromtimestamp(now)
    if len(table) > 1024:
        table.clear()
    spec = format if isinstance(format, FormatSpec) else load_format(format)
    same = (spec, day)
    found = table.get(same)
    if found is None:
        found = table[same] = Checker.make(cards, spec, day)
    if as_of is None:
        found.today = (_midnight(day), _midnight(day + timedelta(days=1)))
    if not (isinstance(format, str) and names_a_file(format)):  # a file's format: load_format sees an edit
        table[given] = found
    return found


def _midnight(day: date) -> float:
    """The clock time (``time.time()``) at which local ``day`` begins."""
    return datetime.combine(day, time()).timestamp()


def _checkers(cards: CardDB) -> dict[tuple, Checker]:
    return {}


@lru_cache(maxsize=1)
def _bundled_cards(second: int, loaded: int) -> CardDB:
    """:func:`~deckcheck.cards.load_cards` as it answers in this ``second`` of the clock, while this
    process has ``loaded`` databases.

    Asking it costs a path lookup and a stat of the stored card data update (~76 µs, seven times
    a check): a caller that gives no ``cards=`` asks at most once a second, so it sees an update
    another process stored on a later call, and at once a database this process loaded since
    (docs/performance.md, issue 37).
    """
    from deckcheck.cards import load_cards

    return load_cards()


def check_deck(
    deck: Deck,
    format: str | FormatSpec = "standard",
    as_of: date | str | None = None,
    cards: CardDB | None = None,
) -> Report:
    """Check ``deck`` against every rule of ``format`` in force on ``as_of`` (default: today).

    ``format`` is a bundled format name (standard, standard-bo1, casual, 2v2, nexus-night), a path to a
    format YAML file, or a loaded :class:`FormatSpec`. ``cards`` defaults to the bundled card
    database. Never raises for a bad deck; raises :class:`DeckcheckError` for an unknown format,
    a broken format file, or a date before the format's first legal cards. What a format on a
    date knows is kept on one :class:`Checker` (see :func:`checker`).
    """
    return checker(format, as_of, cards).check(deck)
