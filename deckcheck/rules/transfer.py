"""Reports and input errors as plain values (strings, numbers, tuples), and back, unchanged.

What a worker process sends its parent (:mod:`deckcheck.workers`), as JSON: these values and
nothing else rebuild the objects (a tuple comes back as a list; each is read by position). Each field is named here, not read from the class's
slots, so a field added to :class:`~deckcheck.rules.report.Report` or ``Violation`` without being
added here fails the round-trip test instead of vanishing silently.
"""

from __future__ import annotations

from datetime import date

from deckcheck.decks.model import Severity
from deckcheck.errors import DeckcheckError
from deckcheck.rules.report import Report, new_report, new_violation

_SEVERITIES = {s.value: s for s in Severity}


def report_to_plain(report: Report) -> tuple:
    """``report`` as a tuple of plain values (the date as its ordinal, severities as their words)."""
    return (report.source, report.name, report.player, report.team, report.format, report.as_of.toordinal(),
            report.legend, report.champion, report.rules_version, report.counts,
            [(v.code, v.name, v.rule, v.severity.value, v.message, v.card, v.file, v.line, v.hint, v.zone,
              v.unverified) for v in report.violations])


def report_from_plain(plain: tuple) -> Report:
    """The report :func:`report_to_plain` was given."""
    source, name, player, team, format_, day, legend, champion, version, counts, found = plain
    severities = _SEVERITIES
    violations = [new_violation(code, rule_name, rule, severities[severity], message, card, file, line, hint,
                                zone, unverified)
                  for code, rule_name, rule, severity, message, card, file, line, hint, zone, unverified in found]
    return new_report(source, name, player, team, format_, date.fromordinal(day), legend, champion, version,
                      counts, violations)


def error_to_plain(error: DeckcheckError) -> tuple:
    """An input's error as (kind, message, file, line, player)."""
    return (type(error).__name__, error.message, error.file, error.line, error.player)


def error_from_plain(plain: tuple) -> DeckcheckError:
    """The error :func:`error_to_plain` was given (of the same class, when deckcheck defines it)."""
    kind, message, file, line, player = plain
    cls = _error_classes().get(kind, DeckcheckError)
    error = cls.__new__(cls)  # a subclass's own __init__ may ask for other arguments
    DeckcheckError.__init__(error, message, file=file, line=line)
    if player is not None:
        error.player = player
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

