"""What a check produces: plain data (plain classes, no schema library), deterministic in order,
knowing nothing of terminals."""

from __future__ import annotations

from datetime import date
from typing import Literal

from deckcheck.decks.model import Severity
from deckcheck.plain import Record

#: The three verdicts, in the order a summary lists them.
VERDICTS = ("legal", "illegal", "unverified")
Verdict = Literal["legal", "illegal", "unverified"]

_ERROR, _WARNING = Severity.ERROR, Severity.WARNING
_SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


class Violation(Record):
    """One way a deck breaks (or may break) a rule.

    ``code`` is the stable rule code (RB101), ``name`` the short rule name (main-deck-size),
    ``rule`` the official reference in force on the date checked ('TR 402.1'), ``card`` the card's
    full name if one card is at fault, ``hint`` how to fix it, ``unverified`` an error the card
    data cannot decide (a card it does not hold): check it by hand.
    """

    __slots__ = ("code", "name", "rule", "severity", "message", "card", "file", "line", "hint", "zone",
                 "unverified")

    def __init__(self, *, code: str, name: str, rule: str, severity: Severity, message: str,
                 card: str | None = None, file: str | None = None, line: int | None = None, hint: str = "",
                 zone: str | None = None, unverified: bool = False) -> None:
        self.code = code
        self.name = name
        self.rule = rule
        self.severity = severity if severity.__class__ is Severity else Severity(severity)
        self.message = message
        self.card = card
        self.file = file
        self.line = line
        self.hint = hint
        self.zone = zone
        self.unverified = unverified

    def fails(self, strict: bool = False) -> bool:
        """An error fails a deck; with ``strict`` a warning does too."""
        return self.severity is Severity.ERROR or (strict and self.severity is Severity.WARNING)

    def sort_key(self) -> tuple:
        return (_SEVERITY_ORDER[self.severity], self.line or 0, self.code, self.card or "", self.message)


def _plain_date(value: date | str) -> date:
    """A plain ``date`` from an ISO string or a date of a subclass (a ``datetime`` keeps its day)."""
    if isinstance(value, date):
        return date(value.year, value.month, value.day)
    return date.fromisoformat(value)


class Report(Record):
    """The result of checking one deck in one format on one date.

    ``player`` and ``team`` name who registered the deck (a row of an export; the team in 2v2
    events); ``rules_version`` says which edition's numbering the ``rule`` fields cite.
    """

    __slots__ = ("source", "name", "player", "team", "format", "as_of", "legend", "champion", "rules_version", "counts",
                 "violations")

    def __init__(self, *, format: str, as_of: date, source: str | None = None, name: str | None = None,
                 legend: str | None = None, champion: str | None = None, rules_version: str | None = None,
                 counts: dict[str, int] | None = None, violations: list[Violation] | None = None,
                 player: str | None = None, team: str | None = None) -> None:
        self.source = source
        self.name = name
        self.player = player
        self.team = team
        self.format = format
        self.as_of = as_of if as_of.__class__ is date else _plain_date(as_of)
        self.legend = legend
        self.champion = champion
        self.rules_version = rules_version
        self.counts = {} if counts is None else counts
        self.violations = [] if violations is None else violations

    __hash__ = None  # type: ignore[assignment]  # mutable, like the lists it holds

    @property
    def errors(self) -> list[Violation]:
        return [v for v in self.violations if v.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Violation]:
        return [v for v in self.violations if v.severity is Severity.WARNING]

    @property
    def legal(self) -> bool:
        """No errors (warnings and notes do not make a deck illegal). False for an unverified deck."""
        for v in self.violations:  # a loop, not any(generator): asked of every report of a batch
            if v.severity is _ERROR:
                return False
        return True

    @property
    def verdict(self) -> Verdict:
        """``legal`` (no errors), ``unverified`` (the only errors are cards the data cannot know:
        the deck is not proven legal), or ``illegal``."""
        errors = [v for v in self.violations if v.severity is Severity.ERROR]
        if not errors:
            return "legal"
        return "unverified" if all(v.unverified for v in errors) else "illegal"

    @property
    def unverified_cards(self) -> list[str]:
        """The cards (as written) that must be checked by hand, in line order."""
        found = sorted((v for v in self.violations if v.unverified), key=Violation.sort_key)
        out: list[str] = []
        for v in found:
            if v.card and v.card not in out:
                out.append(v.card)
        return out

    def passes(self, strict: bool = False) -> bool:
        """Legal, and with ``strict`` also free of warnings (what :meth:`Violation.fails` says of each)."""
        for v in self.violations:  # a loop, not any(generator): asked of every report of a batch
            severity = v.severity
            if severity is _ERROR or (strict and severity is _WARNING):
                return False
        return True


# The engine's fast path. Calling a class with keywords costs about four times a plain function
# call with positional arguments, and the engine builds a Report per deck and a Violation per
# finding; these build the same objects, fields in slot order, with the same coercions
# (Findings.add builds its Violations in place, which saves the call).
_new = object.__new__


def new_violation(code: str, name: str, rule: str, severity: Severity, message: str, card: str | None,
                  file: str | None, line: int | None, hint: str, zone: str | None, unverified: bool) -> Violation:
    """``Violation(code=..., ...)``, with the fields given in slot order."""
    v = _new(Violation)
    v.code = code
    v.name = name
    v.rule = rule
    v.severity = severity if severity.__class__ is Severity else Severity(severity)
    v.message = message
    v.card = card
    v.file = file
    v.line = line
    v.hint = hint
    v.zone = zone
    v.unverified = unverified
    return v


def new_report(source: str | None, name: str | None, player: str | None, team: str | None, format: str,
               as_of: date, legend: str | None, champion: str | None, rules_version: str | None,
               counts: dict[str, int], violations: list[Violation]) -> Report:
    """``Report(source=..., ...)``, with the fields given in slot order and ``as_of`` a plain date
    (its one caller, :mod:`deckcheck.rules.transfer`, makes it with ``date.fromordinal``)."""
    r = _new(Report)
    r.source = source
    r.name = name
    r.player = player
    r.team = team
    r.format = format
    r.as_of = as_of
    r.legend = legend
    r.champion = champion
    r.rules_version = rules_version
    r.counts = counts
    r.violations = violations
    return r
