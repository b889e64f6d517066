"""What a check produces: plain data, deterministic in order, knowing nothing of terminals."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Literal

from deckcheck.decks.model import MOST_LISTED, Severity
from deckcheck.words import say_n

#: The three verdicts, in the order a summary lists them.
VERDICTS = ("legal", "illegal", "unverified")
Verdict = Literal["legal", "illegal", "unverified"]

_ERROR, _WARNING = Severity.ERROR, Severity.WARNING
_SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


@dataclass(slots=True)
class Violation:
    """One way a deck breaks (or may break) a rule (not frozen: a frozen class builds each field through a call).

    ``code`` is the stable rule code (RB101), ``name`` the short rule name (main-deck-size),
    ``rule`` the official reference in force on the date checked ('TR 402.1'), ``card`` the card's
    full name if one card is at fault, ``hint`` how to fix it, ``unverified`` an error the card
    data cannot decide (a card it does not hold): check it by hand. ``written`` is the card's name as
    the list wrote it, where that is another language's name (``虚空之女``); ``card`` stays English.
    """

    code: str
    name: str
    rule: str
    severity: Severity
    message: str
    card: str | None = None
    file: str | None = None
    line: int | None = None
    hint: str = ""
    zone: str | None = None
    unverified: bool = False
    written: str | None = None

    def __post_init__(self) -> None:
        if self.severity.__class__ is not Severity:  # the word ("error") given for the member
            self.severity = Severity(self.severity)

    def fails(self, strict: bool = False) -> bool:
        """An error fails a deck; with ``strict`` a warning does too."""
        return self.severity is Severity.ERROR or (strict and self.severity is Severity.WARNING)

    def sort_key(self) -> tuple:
        return (_SEVERITY_ORDER[self.severity], self.line or 0, self.code, self.card or "", self.message)


#: The most problems of one rule a report lists for one deck: the rest are one problem that counts
#: them, so a list of 10,000 unknown names costs a report (and every output) 51 problems, not 10,000.
MOST_PER_RULE = MOST_LISTED


def bounded(violations: list[Violation], most: int = MOST_PER_RULE) -> list[Violation]:
    """``violations`` (in report order) with at most ``most`` of each rule; after a rule's last one
    listed, one more of it counts the rest ("and 1,950 more unknown-card problems, not listed one by one")."""
    seen: dict[str, int] = {}
    kept: list[Violation] = []
    for violation in violations:
        n = seen[violation.code] = seen.get(violation.code, 0) + 1
        if n <= most:
            kept.append(violation)
    for code, n in seen.items():
        if n > most:
            at = max(i for i, v in enumerate(kept) if v.code == code)
            last = kept[at]
            rest = say_n("and {n:,} more {rule} problem, not listed one by one",
                         "and {n:,} more {rule} problems, not listed one by one", n - most, rule=last.name)
            kept.insert(at + 1, Violation(code, last.name, last.rule, last.severity, rest,
                                          None, last.file, None, last.hint, None, last.unverified))
    return kept


def _plain_date(value: date | str) -> date:
    """A plain ``date`` from an ISO string or a date of a subclass (a ``datetime`` keeps its day)."""
    if isinstance(value, date):
        return date(value.year, value.month, value.day)
    return date.fromisoformat(value)


@dataclass(slots=True)
class Report:
    """The result of checking one deck in one format on one date.

    ``player`` and ``team`` name who registered the deck (a row of an export; the team in 2v2
    events); ``rules_version`` says which edition's numbering the ``rule`` fields cite.
    ``legend_written`` and ``champion_written`` are their names as the list wrote them, where that
    is another language's name; ``legend`` and ``champion`` stay the English names.
    """

    format: str
    as_of: date
    source: str | None = None
    name: str | None = None
    legend: str | None = None
    champion: str | None = None
    rules_version: str | None = None
    counts: dict[str, int] = field(default_factory=dict)
    violations: list[Violation] = field(default_factory=list)
    player: str | None = None
    team: str | None = None
    legend_written: str | None = None
    champion_written: str | None = None
    #: The language the list was written in (``zh`` for a Chinese list): its answer's language by default.
    language: str = "en"

    def __post_init__(self) -> None:
        if self.as_of.__class__ is not date:  # a datetime, or an ISO string: the plain date
            self.as_of = _plain_date(self.as_of)

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
