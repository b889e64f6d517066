"""``check_deck``: run every rule of a format on one deck, on one date."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date

from deckcheck.cards.lookup import CardDB
from deckcheck.decks.model import Deck
from deckcheck.errors import DeckcheckError
from deckcheck.rules.facts import CardRows, Legality, card_facts, legality
from deckcheck.rules.checks import provenance as _provenance
from deckcheck.rules.checks.provenance import doubtful_names
from deckcheck.rules.formats import FormatSpec, load_format
from deckcheck.rules.refs import edition
from deckcheck.rules.registry import Findings, Rule, all_rules
from deckcheck.rules.report import _SEVERITY_ORDER as _ORDER
from deckcheck.rules.report import Report, Violation, _plain_date
from deckcheck.rules.tally import ALWAYS, WHEN, Tally
from deckcheck.rules.written import as_written

#: id(spec) -> (the spec, its rules): held with the answer, so an id never names another spec.
_APPLICABLE: dict[int, tuple[FormatSpec, tuple[Rule, ...]]] = {}


def rules_for(spec: FormatSpec) -> tuple[Rule, ...]:
    """The rules that run in a format, in code order (cached per spec object).

    Known by identity, not by name or file: two specs may share both and differ in what decides,
    such as whether they ban anything.
    """
    held = _APPLICABLE.get(id(spec))
    if held is not None and held[0] is spec:
        return held[1]
    if len(_APPLICABLE) > 256:
        _APPLICABLE.clear()
    found = tuple(r for r in all_rules() if r.applies_to(spec))
    _APPLICABLE[id(spec)] = (spec, found)
    return found


def parse_as_of(value: date | str | None) -> date:
    """A date, an ISO ``YYYY-MM-DD`` string, or None for today.

    A date of a subclass (a ``datetime``, a calendar library's date) is made a plain date: the
    rules compare and store plain dates, and a ``datetime`` cannot be compared with one.
    """
    if value is None:
        return date.today()
    if isinstance(value, date):
        return value if value.__class__ is date else _plain_date(value)
    try:
        return date.fromisoformat(value.strip())
    except ValueError:
        raise DeckcheckError(f"--as-of: '{value}' is not a date (YYYY-MM-DD)") from None


def check_deck(
    deck: Deck,
    format: str | FormatSpec = "standard",
    as_of: date | str | None = None,
    cards: CardDB | None = None,
) -> Report:
    """Check ``deck`` against every rule of ``format`` in force on ``as_of`` (default: today).

    ``format`` is a bundled format name (standard, standard-bo1, casual, 2v2), a path to a
    format YAML file, or a loaded :class:`FormatSpec`. ``cards`` defaults to the bundled card
    database. Never raises for a bad deck; raises :class:`DeckcheckError` for an unknown format,
    a broken format file, or a date before the format's first legal cards.

    What a format forbids on a date is worked out once per spec object (and once per format name
    or path: a format file edited while the process runs is not read again) and remembered: to
    check a variant, make one with ``spec.model_copy(update={...})`` rather than changing a spec
    already checked (its lists) in place.
    """
    if cards is None:
        from deckcheck.cards import load_cards

        cards = load_cards()
    global _LAST
    last = _LAST  # one tuple, read once: its contexts by date are always those of its format and card data
    if last[0] is format and last[1] is cards and last[2] is _CONTEXTS:
        ctx = last[3].get(as_of)  # the same format and card data as the call before (a batch): by date alone
    else:
        ctx = None
        last = _LAST = (format, cards, _CONTEXTS, {})
    if ctx is None:
        named = isinstance(format, str)
        key = (id(cards), format if named else id(format), as_of)  # a spec by identity: see _Context.given
        ctx = _CONTEXTS.get(key)
        if ctx is None or ctx.cards is not cards or not named and ctx.given is not format:
            ctx = _context(cards, format, as_of)
            if len(_CONTEXTS) > 1024:
                _CONTEXTS.clear()
            if as_of is not None:  # "today" must not outlive midnight
                _CONTEXTS[key] = ctx
        if as_of is not None:
            days = last[3]
            if len(days) > 64:
                days.clear()
            days[as_of] = ctx
    legal = ctx.legality
    rows = ctx.rows
    held = _provenance._DOUBTFUL.get(id(cards))  # doubtful_names(cards) without the call: asked each time, never stale
    doubtful = held[1] if held is not None and held[0] is cards else doubtful_names(cards)
    if rows.doubtful is not doubtful:
        rows.renew(doubtful)
    tally = Tally(deck, legal, rows)
    signals = tally.signals
    plan = ctx.plans.get(signals)
    if plan is None:
        plan = ctx.plan(signals)
    if plan:
        out = _new(Findings)  # Findings(deck.source, ctx.day, legal.citations), without the call
        out.violations = found = []
        out._file = deck.source
        out._as_of = ctx.day
        out._cited = legal.citations
        for check in plan:
            check(tally, out)
        n = len(found)
        if n == 2:  # the common case: as a stable sort of two would order them, mostly by severity alone
            first, second = found
            a, b = _ORDER[first.severity], _ORDER[second.severity]
            if b < a or (b == a and _sort_key(second) < _sort_key(first)):
                found.reverse()
        elif n > 2:
            found.sort(key=_sort_key)
    else:  # a deck that raised no signal: no rule has anything to say
        found = []
    # cards per zone; "unknown" (cards on lines that could not be identified) only when there are any
    counts = {"main": tally.main_count, "runes": tally.rune_count, "battlefields": tally.battlefield_count,
              "sideboard": tally.side_count}
    if deck.unknown:
        counts["unknown"] = sum(u.count for u in deck.unknown)
    legend = deck.legend
    champion = deck.champion
    report = _new(Report)  # new_report written out: its fields in slot order
    report.source = deck.source
    report.name = deck.name
    report.player = deck.player
    report.team = deck.team
    report.format = ctx.name
    report.as_of = ctx.day  # a plain date (parse_as_of)
    report.legend = legend.card.name if legend is not None else None
    report.champion = champion.card.name if champion is not None else None
    report.rules_version = ctx.edition
    report.counts = counts
    report.violations = found
    as_written(report, deck, cards)  # names the list wrote in Chinese, beside the English ones
    return report


_sort_key = Violation.sort_key
_new = object.__new__


@dataclass(frozen=True, slots=True)
class _Context:
    """Everything a check needs that depends only on (card database, format, date).

    ``rows`` holds each card's facts and standing on the date for the tally (filled as cards are met);
    ``checks`` pairs each rule's check with the tally signals it reports on (:data:`WHEN`);
    ``plans`` remembers, per set of signals a deck raised, the checks to call, in code order.
    """

    cards: CardDB
    #: the format as check_deck was given it: a name, or a spec, held so its id names no other spec
    given: str | FormatSpec
    name: str
    day: date
    legality: Legality
    facts: dict
    rows: CardRows
    checks: tuple[tuple[int, Callable], ...]
    edition: str
    plans: dict[int, tuple[Callable, ...]] = field(default_factory=dict)

    def plan(self, signals: int) -> tuple[Callable, ...]:
        """The checks that may report something on a deck raising ``signals``."""
        if len(self.plans) > 4096:
            self.plans.clear()
        found = self.plans[signals] = tuple(check for when, check in self.checks if when & signals)
        return found


_CONTEXTS: dict[tuple, _Context] = {}
#: The last call's format and card data (asked by identity: a batch checks deck after deck with the
#: same ones), the _CONTEXTS they were looked up in, and their contexts by date (never "today", None).
_LAST: tuple = (None, None, None, {})


def _context(cards: CardDB, format: str | FormatSpec, as_of: date | str | None) -> _Context:
    day = parse_as_of(as_of)
    spec = format if isinstance(format, FormatSpec) else load_format(format)
    checks = tuple((WHEN.get(r.code, ALWAYS), r.check) for r in rules_for(spec))
    legal = legality(cards, spec, day)
    facts = card_facts(cards)
    rows = CardRows(cards, facts, legal, doubtful_names(cards))
    return _Context(cards, format, spec.name, day, legal, facts, rows, checks, edition(day))
