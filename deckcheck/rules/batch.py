"""A checked batch: every deck's report, the inputs that could not be read, the files skipped."""

from __future__ import annotations

from dataclasses import dataclass, field

from deckcheck.decks.model import Deck
from deckcheck.errors import DeckcheckError
from deckcheck.rules.report import Report


@dataclass
class Batch:
    """What ``check`` produced over many inputs. ``decks[i]`` is the deck of ``reports[i]`` when
    the decks were kept (2v2 pairs and sheets read them); otherwise ``decks`` is empty.

    ``prepared[i]``, when the check was asked for it (``-o json``), is the deck's part of the JSON
    document with its verdict, whether it warns and whether it passes; a deck checked in a worker
    process then sends only that back, and its ``reports[i]`` is None.
    """

    reports: list[Report | None] = field(default_factory=list)
    unreadable: list[DeckcheckError] = field(default_factory=list)
    skipped: list = field(default_factory=list)  # deckcheck.decks.load.Skipped
    decks: list[Deck] = field(default_factory=list)
    #: What the check computed beside each report (``prepared[i]`` for ``reports[i]``), or None.
    prepared: list | None = None

    def add(self, deck: Deck, report: Report) -> None:
        self.decks.append(deck)
        self.reports.append(report)

    def pair_files(self, first: str, second: str) -> None:
        """Make the decks read from ``first`` and ``second`` one team (``--team A B``)."""
        team = f"{first} + {second}"
        for deck, report in zip(self.decks, self.reports):
            if deck.source in (first, second):
                deck.team = report.team = team

    def check_teams(self, team_size: int | None) -> None:
        """In a team format, check teammates' decks as pairs (CR 489.8.h-i)."""
        if not team_size:
            return
        from deckcheck.rules.teams import check_teams

        check_teams(list(zip(self.decks, self.reports)))
        for report in self.reports:
            report.violations.sort(key=lambda v: v.sort_key())
