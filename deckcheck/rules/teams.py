"""Team rules of 2v2 (CR 489.8.h-i of 2026-07-16; 491.8.h-i from 2026-10-09): checked on a pair of decks.

The per-deck rule engine sees one deck at a time; these two rules compare teammates' decks, so
they run over a whole batch (:func:`check_teams`). Each violation is added to both teammates'
reports, naming the other player and where their deck came from. A team with other than two
decks gets a warning (the pair could not be checked).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from deckcheck.decks.model import Deck, Severity
from deckcheck.rules.refs import cite
from deckcheck.rules.report import Report, Violation


@dataclass(frozen=True)
class TeamRule:
    code: str
    name: str
    refs: tuple[str, ...]
    severity: Severity
    summary: str
    hint: str


SHARED_LEGEND = TeamRule("RB701", "team-shared-legend", ("CR 489.8.h",), Severity.ERROR,
                         "2v2 teammates may not share a Champion Legend",
                         "One of the teammates registers another legend")
SHARED_BATTLEFIELD = TeamRule("RB702", "team-shared-battlefield", ("CR 489.8.i",), Severity.ERROR,
                              "2v2 teammates may not share a battlefield",
                              "One of the teammates replaces the shared battlefield")
TEAM_SIZE = TeamRule("RB703", "team-size", ("CR 489.8",), Severity.WARNING,
                     "A 2v2 team registers two decks",
                     "Check the team column: each team has exactly two registrations")
TEAM_RULES = (SHARED_LEGEND, SHARED_BATTLEFIELD, TEAM_SIZE)


def _violation(rule: TeamRule, report: Report, message: str, *, card: str | None = None,
               zone: str | None = None) -> Violation:
    return Violation(code=rule.code, name=rule.name, rule=cite(rule.refs, report.as_of), severity=rule.severity,
                     message=message, card=card, file=report.source, hint=rule.hint, zone=zone)


def _who(report: Report) -> str:
    return f"{report.player or 'teammate'} ({report.source})" if report.source else (report.player or "teammate")


def check_pair(a: tuple[Deck, Report], b: tuple[Deck, Report]) -> None:
    """Add RB701/RB702 violations to both reports when the two decks share a legend or battlefields."""
    (deck_a, rep_a), (deck_b, rep_b) = a, b
    if deck_a.legend is not None and deck_b.legend is not None and deck_a.legend.card.name == deck_b.legend.card.name:
        name = deck_a.legend.card.name
        for mine, other in ((rep_a, rep_b), (rep_b, rep_a)):
            mine.violations.append(_violation(SHARED_LEGEND, mine, f"teammate {_who(other)} has the same legend, {name}",
                                              card=name, zone="legend"))
    shared = sorted({e.card.name for e in deck_a.battlefields} & {e.card.name for e in deck_b.battlefields})
    for name in shared:
        for mine, other in ((rep_a, rep_b), (rep_b, rep_a)):
            mine.violations.append(_violation(SHARED_BATTLEFIELD, mine,
                                              f"teammate {_who(other)} also brings the battlefield {name}",
                                              card=name, zone="battlefields"))


def check_teams(entries: Sequence[tuple[Deck, Report]]) -> None:
    """Check every team of the batch (decks grouped by ``Deck.team``); decks without a team are left alone."""
    teams: dict[str, list[tuple[Deck, Report]]] = {}
    for deck, report in entries:
        if deck.team:
            teams.setdefault(deck.team.strip().casefold(), []).append((deck, report))
    for members in teams.values():
        if len(members) == 2:
            check_pair(members[0], members[1])
            continue
        team = members[0][0].team
        for _, report in members:
            report.violations.append(_violation(
                TEAM_SIZE, report, f"team '{team}' has {len(members)} registered decks; a 2v2 team has 2, "
                "so its decks were not checked as a pair"))
