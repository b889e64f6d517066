"""Reports and input errors as named records of plain values (strings, numbers, lists), and back, unchanged.

What a worker process sends its parent (:mod:`deckcheck.workers`), as JSON: a record is a tuple, so
JSON carries it as a list, and ``PlainReport._make(list)`` reads it back by name. Each field is named
here, not read from the class, so a field added to :class:`~deckcheck.rules.report.Report` or
``Violation`` without being added here fails the round-trip test instead of vanishing silently.
A violation's message and hint travel with their templates and fields (:func:`deckcheck.translate.to_plain`),
so the parent can still say them in another language.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any, NamedTuple

from deckcheck.decks.model import Severity
from deckcheck.errors import DeckcheckError
from deckcheck.rules.report import Report, Violation
from deckcheck.translate import from_plain, to_plain

_SEVERITIES = {s.value: s for s in Severity}


class PlainViolation(NamedTuple):
    """A :class:`Violation` with its severity as its word, its message and hint as :func:`to_plain` gives them."""

    code: str
    name: str
    rule: str
    severity: str
    message: Any
    card: str | None
    file: str | None
    line: int | None
    hint: Any
    zone: str | None
    unverified: bool
    written: str | None


class PlainReport(NamedTuple):
    """A :class:`Report` with its date as its ordinal and its violations as :class:`PlainViolation`."""

    source: str | None
    name: str | None
    player: str | None
    team: str | None
    format: str
    day: int
    legend: str | None
    champion: str | None
    rules_version: str | None
    counts: dict[str, int]
    violations: list[PlainViolation]
    legend_written: str | None
    champion_written: str | None
    language: str


class PlainError(NamedTuple):
    """An input's :class:`DeckcheckError`: its class name, message, place and player."""

    kind: str
    message: Any  # the message as :func:`deckcheck.words.to_plain` gives it
    file: str | None
    line: int | None
    player: str | None


def report_to_plain(report: Report) -> PlainReport:
    """``report`` as a :class:`PlainReport`."""
    return PlainReport(report.source, report.name, report.player, report.team, report.format,
                       report.as_of.toordinal(), report.legend, report.champion, report.rules_version, report.counts,
                       [PlainViolation(v.code, v.name, v.rule, v.severity.value, to_plain(v.message), v.card, v.file,
                                       v.line, to_plain(v.hint), v.zone, v.unverified, v.written) for v in report.violations],
                       report.legend_written, report.champion_written, report.language)


def report_from_plain(plain: Sequence[Any]) -> Report:
    """The report :func:`report_to_plain` was given (``plain`` may be the record as a JSON list)."""
    r = PlainReport._make(plain)
    violations = [_violation(PlainViolation._make(v)) for v in r.violations]
    return Report(r.format, date.fromordinal(r.day), r.source, r.name, r.legend, r.champion, r.rules_version,
                  r.counts, violations, r.player, r.team, r.legend_written, r.champion_written, r.language)


def _violation(v: PlainViolation) -> Violation:
    return Violation(v.code, v.name, v.rule, _SEVERITIES[v.severity], from_plain(v.message), v.card, v.file, v.line,
                     from_plain(v.hint), v.zone, v.unverified, v.written)


def error_to_plain(error: DeckcheckError) -> PlainError:
    """An input's error as a :class:`PlainError`."""
    return PlainError(type(error).__name__, to_plain(error.message), error.file, error.line, error.player)


def error_from_plain(plain: Sequence[Any]) -> DeckcheckError:
    """The error :func:`error_to_plain` was given (of the same class, when deckcheck defines it)."""
    e = PlainError._make(plain)
    cls = _error_classes().get(e.kind, DeckcheckError)
    error = cls.__new__(cls)  # a subclass's own __init__ may ask for other arguments
    DeckcheckError.__init__(error, from_plain(e.message), file=e.file, line=e.line)
    if e.player is not None:
        error.player = e.player
    return error


def _error_classes() -> dict[str, type[DeckcheckError]]:
    """Every loaded subclass of DeckcheckError by name (the kinds a worker can send)."""
    found: dict[str, type[DeckcheckError]] = {}
    todo = [DeckcheckError]
    while todo:
        cls = todo.pop()
        found.setdefault(cls.__name__, cls)
        todo.extend(cls.__subclasses__())
    return found

