"""The 2v2 team rules run over a batch: decks grouped into teams, each team rule given each team.

The rules themselves are units of the registry (``team=True``, :mod:`deckcheck.rules.checks.teams`);
the one-deck engine never calls them.
"""

from __future__ import annotations

from collections.abc import Sequence

from deckcheck.decks.model import Deck
from deckcheck.rules.registry import all_rules
from deckcheck.rules.report import Report


def check_teams(entries: Sequence[tuple[Deck, Report]]) -> None:
    """Check every team of the batch (decks grouped by ``Deck.team``); decks without a team are left alone."""
    teams: dict[str, list[tuple[Deck, Report]]] = {}
    for deck, report in entries:
        if deck.team:
            teams.setdefault(deck.team.strip().casefold(), []).append((deck, report))
    if not teams:
        return
    rules = [r for r in all_rules() if r.team]
    for members in teams.values():
        for rule in rules:
            rule.check(members)
