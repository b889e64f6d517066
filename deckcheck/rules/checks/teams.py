"""Team rules of 2v2 (CR 489.8, 491.8 from 2026-10-09): teammates' decks judged together.

Each check is given one team's ``(deck, report)`` pairs (:func:`deckcheck.rules.teams.check_teams`
groups a batch into teams) and adds its violations to the teammates' reports, naming the other
player and where their deck came from.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from deckcheck.words import card_named, say
from deckcheck.errors import place
from deckcheck.rules.registry import ERROR, WARNING, Findings, Rule, rule

if TYPE_CHECKING:
    from deckcheck.decks.model import Deck
    from deckcheck.rules.formats import FormatSpec
    from deckcheck.rules.report import Report

Member = tuple["Deck", "Report"]


def _in_teams(spec: FormatSpec) -> bool:
    return bool(spec.team_size)


def _add(rule: Rule, report: Report, message: str, *, card: str | None = None, zone: str | None = None) -> None:
    """One violation of ``rule`` on ``report``, cited as on the date it was checked."""
    out = Findings(report.source, report.as_of, {})
    out.add(rule, message, card=card, zone=zone)
    report.violations.extend(out.violations)


def _who(report: Report) -> str:
    who = report.player or say("teammate")
    if report.source:  # an export's row: "regs.csv row 3"
        return say("{player} ({place})", player=who, place=place(report.source, None))
    return who


@rule(
    "RB701", "team-shared-legend", severity=ERROR, refs=("CR 489.8.h",), team=True, applies=_in_teams,
    summary="2v2 teammates may not share a Champion Legend",
    hint="One of the teammates registers another legend",
    example="two teammates who both register Jinx, Loose Cannon",
)
def team_shared_legend(members: Sequence[Member]) -> None:
    """In 2v2 the two players of a team may not use the same Champion Legend (CR 489.8.h). The
    two decks of a team are compared; each teammate's report gets the violation, naming the other
    player."""
    if len(members) != 2:
        return
    (deck_a, rep_a), (deck_b, rep_b) = members
    if deck_a.legend is None or deck_b.legend is None or deck_a.legend.card.name != deck_b.legend.card.name:
        return
    name = deck_a.legend.card.name
    for mine, other in ((rep_a, rep_b), (rep_b, rep_a)):
        _add(team_shared_legend, mine, say("teammate {player} has the same legend, {card}", player=_who(other),
                                           card=card_named(name)), card=name, zone="legend")


@rule(
    "RB702", "team-shared-battlefield", severity=ERROR, refs=("CR 489.8.i",), team=True, applies=_in_teams,
    summary="2v2 teammates may not share a battlefield",
    hint="One of the teammates replaces the shared battlefield",
    example="two teammates who both bring Seat of Power",
)
def team_shared_battlefield(members: Sequence[Member]) -> None:
    """In 2v2 the two players of a team may not bring a battlefield of the same name (CR 489.8.i).
    Each shared battlefield is one violation on each teammate's report, in name order."""
    if len(members) != 2:
        return
    (deck_a, rep_a), (deck_b, rep_b) = members
    shared = sorted({e.card.name for e in deck_a.battlefields} & {e.card.name for e in deck_b.battlefields})
    for name in shared:
        for mine, other in ((rep_a, rep_b), (rep_b, rep_a)):
            _add(team_shared_battlefield, mine, say("teammate {player} also brings the battlefield {card}",
                                                    player=_who(other), card=card_named(name)),
                 card=name, zone="battlefields")


@rule(
    "RB703", "team-size", severity=WARNING, refs=("CR 489.8",), team=True, applies=_in_teams,
    summary="A 2v2 team registers two decks",
    hint="Check the team column: each team has exactly two registrations",
    example="a registration export where team Blue has one player",
)
def team_size(members: Sequence[Member]) -> None:
    """A 2v2 team is two players (CR 489.8). A team that registers another number of decks cannot
    be checked as a pair, so RB701 and RB702 are not checked for it; each of its decks gets this
    warning instead."""
    if len(members) == 2:
        return
    team = members[0][0].team
    for _, report in members:
        _add(team_size, report, say("team '{team}' has {count} registered decks; a 2v2 team has 2, so its decks were "
                                    "not checked as a pair", team=team, count=len(members)))
