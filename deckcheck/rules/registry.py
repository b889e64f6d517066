"""The rule registry: every rule is one decorated check function that owns its code, words, when it
runs and how ``deckcheck fix`` repairs it.

A rule is registered with :func:`rule`::

    @rule("RB101", "main-deck-size", refs=("CR 103.2", "TR 402.1"), severity=ERROR, when=MAIN_SIZE,
          summary="...", hint="...", example="...", repair=Repair("cuts ... or adds ..."))
    def main_deck_size(t: Tally, out: Findings) -> None:
        '''The longer explanation shown by ``deckcheck rule RB101``.'''
        if t.main_count != t.fmt.main_exact:
            out.add(main_deck_size, "Main Deck has 39 cards; ...")

References are written in the numbering of the CR/TR of 2026-07-16 and cited as numbered on the
date checked (:mod:`deckcheck.rules.refs`). ``applies`` says in which formats the rule runs;
``when`` names the tally signals (:mod:`deckcheck.rules.signals`) on which its check may report,
so the engine calls it only for the decks that raise one. ``hint`` is the fix title a report
shows; ``repair`` says what ``deckcheck fix`` does (:class:`Repair`), and for a rule that forbids
a card in a zone it is the test the repair planner cuts by.

A rule registered with ``team=True`` judges the decks of one team together (2v2): its check is
called with the team's ``(deck, report)`` pairs by :func:`deckcheck.rules.teams.check_teams`,
never by the one-deck engine.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from deckcheck.decks.model import DeckEntry, Severity, Source
from deckcheck.rules.refs import cite
from deckcheck.rules.report import Violation
from deckcheck.rules.signals import ALWAYS
from deckcheck.words import say

if TYPE_CHECKING:
    from datetime import date

    from deckcheck.rules.facts import CardFacts, Flag
    from deckcheck.rules.formats import FormatOnDate, FormatSpec

ERROR, WARNING, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO


@dataclass(frozen=True, slots=True)
class Place:
    """Where a card would sit, as a repair sees it: the deck's domain identity and champion tag
    (None: the legend has none), the format on the date and the names it forbids."""

    identity: int
    tag: str | None
    fmt: "FormatOnDate"
    flagged: "dict[str, Flag]"


@dataclass(frozen=True, slots=True)
class Repair:
    """What ``deckcheck fix`` does about a rule.

    ``does`` says it in words (``deckcheck rule CODE`` shows them after "deckcheck fix"). A rule
    that forbids a card in some zones gives ``refuses(facts, place)``: why the card may not stay
    there (None: it may), and the planner cuts it with those words. ``zones`` are the zone words it
    judges (None: every zone: the card has no standing in the format). When several rules refuse one
    card, the lowest ``rank`` gives the reason: 0 the zone itself, 1 the card's standing, 2 its kind,
    3 its domains, 4 its champion, 5 an event's list. A rule without ``refuses`` is repaired by the
    planner's passes over copies, the Chosen Champion and the zones' sizes.
    """

    does: str
    refuses: "Callable[[CardFacts, Place], str | None] | None" = None
    zones: tuple[str, ...] | None = None
    rank: int = 0


@dataclass(frozen=True, slots=True, eq=False)
class Rule:
    """One construction rule, like a linter rule."""

    code: str
    name: str
    severity: Severity
    refs: tuple[str, ...]
    summary: str
    hint: str
    example: str
    explanation: str
    #: ``check(tally, findings)``; for a team rule ``check(members)`` over the team's (deck, report) pairs.
    check: Callable[..., None]
    applies: Callable[["FormatSpec"], bool] | None = None
    #: True for a rule that compares teammates' decks (checked per team, not per deck).
    team: bool = False
    #: The tally signals on which the check may report (ALWAYS: every deck).
    when: int = ALWAYS
    #: What ``deckcheck fix`` does about it (None: it leaves it alone: a warning, a note, a team rule).
    repair: Repair | None = None

    def applies_to(self, spec: "FormatSpec") -> bool:
        return self.applies is None or self.applies(spec)

    @property
    def repair_words(self) -> str | None:
        """``deckcheck fix …`` in a sentence, or None when the fix leaves the rule alone."""
        return say("deckcheck fix {does}", does=say(self.repair.does)) if self.repair is not None else None


RULES: dict[str, Rule] = {}


def rule(
    code: str,
    name: str,
    *,
    severity: Severity,
    refs: tuple[str, ...],
    summary: str,
    hint: str,
    example: str,
    applies: Callable[["FormatSpec"], bool] | None = None,
    team: bool = False,
    when: int = ALWAYS,
    repair: Repair | None = None,
):
    """Register the decorated check function as rule ``code``; its docstring is the explanation.

    The decorated name becomes the :class:`Rule`, so a check reports with ``out.add(itself, ...)``.
    """

    def register(check: Callable[..., None]) -> Rule:
        if code in RULES or any(r.name == name for r in RULES.values()):
            raise ValueError(f"rule {code} {name} is registered twice")
        made = RULES[code] = Rule(code, name, Severity(severity), refs, summary, hint, example,
                                  inspect.cleandoc(check.__doc__ or summary), check, applies, team, when, repair)
        return made

    return register


@dataclass(slots=True)
class Findings:
    """Collects the violations of one check (of the deck file ``_file``), citing rule numbers as of the
    date checked (``_cited``: each rule's references as cited on ``_as_of``)."""

    _file: str | None
    _as_of: date
    _cited: dict[tuple[str, ...], str]
    violations: list[Violation] = field(default_factory=list)

    def add(
        self,
        rule: Rule,
        message: str,
        *,
        entry: DeckEntry | None = None,
        card: str | None = None,
        source: Source | None = None,
        zone: str | None = None,
        refs: tuple[str, ...] | None = None,
        hint: str | None = None,
        severity: Severity | None = None,
        unverified: bool = False,
    ) -> None:
        if entry is not None:
            card = card or entry.card.name
            source = source or entry.source
        severity = severity or rule.severity
        file, line = (self._file, None) if source is None else (source.file or self._file, source.line)
        self._append(rule, self._cite(refs or rule.refs),
                     severity if severity.__class__ is Severity else Severity(severity), message, card, file, line,
                     rule.hint if hint is None else hint, zone, unverified)

    def put(self, rule: Rule, message: str, card: str | None, source: Source | None, zone: str | None,
            hint: str, refs: tuple[str, ...] | None = None) -> None:
        """``add(rule, message, card=card, source=source, zone=zone, hint=hint, refs=refs)`` for the
        findings every other deck has (notes, banned cards, no champion named): positional, with
        the rule's own severity."""
        file, line = (self._file, None) if source is None else (source.file or self._file, source.line)
        self._append(rule, self._cite(refs or rule.refs), rule.severity, message, card, file, line, hint, zone, False)

    def put_entry(self, rule: Rule, message: str, entry: DeckEntry, zone: str | None, hint: str,
                  refs: tuple[str, ...] | None = None) -> None:
        """``put(rule, message, entry.card.name, entry.source, zone, hint, refs)`` without building the
        entry's Source: its file (the deck's when the entry names none) and line are read from it."""
        self._append(rule, self._cite(refs or rule.refs), rule.severity, message, entry.card.name,
                     entry.file or self._file, entry.line, hint, zone, False)

    def _cite(self, refs: tuple[str, ...]) -> str:
        """The rule numbers ``refs`` as of the date checked (remembered on the day's Legality)."""
        text = self._cited.get(refs)
        if text is None:
            text = self._cited[refs] = cite(refs, self._as_of)
        return text

    def _append(self, rule: Rule, text: str, severity: Severity, message: str, card: str | None,
                file: str | None, line: int | None, hint: str, zone: str | None, unverified: bool) -> None:
        """The finding as a Violation, its fields given in order."""
        self.violations.append(Violation(rule.code, rule.name, text, severity, message, card, file, line, hint, zone,
                                         unverified))


def all_rules() -> list[Rule]:
    """Every registered rule, by code."""
    import deckcheck.rules.checks  # noqa: F401 - registers the rules

    return [RULES[c] for c in sorted(RULES)]


def get_rule(code_or_name: str) -> Rule | None:
    """A rule by code (``RB101``, any case) or by short name (``main-deck-size``)."""
    key = code_or_name.strip()
    for r in all_rules():
        if r.code.casefold() == key.casefold() or r.name == key.casefold():
            return r
    return None
