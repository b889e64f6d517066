"""A checked batch: every deck's report, the inputs that could not be read, the files skipped."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from typing import TYPE_CHECKING

from deckcheck.errors import EXIT_ILLEGAL, EXIT_OK, EXIT_USAGE, DeckcheckError

if TYPE_CHECKING:
    from deckcheck.batch.packed import PackedReports


@dataclass(slots=True)
class Batch:
    """What a check of many inputs produced. ``decks[i]`` is the deck of ``reports[i]`` when the
    decks were kept (2v2 pairs and sheets read them); otherwise ``decks`` is empty. ``reports`` is a
    :class:`~deckcheck.batch.packed.PackedReports` when the batch was checked with ``pack_reports``.
    """

    reports: list | PackedReports = field(default_factory=list)  # deckcheck.rules.report.Report
    unreadable: list[DeckcheckError] = field(default_factory=list)
    skipped: list = field(default_factory=list)  # deckcheck.decks.load.Skipped
    decks: list = field(default_factory=list)  # deckcheck.decks.model.Deck
    format: object = None  # deckcheck.rules.formats.FormatSpec
    as_of: date | None = None
    cards: object = None  # deckcheck.cards.lookup.CardDB
    selection: object = None  # deckcheck.rules.selection.RuleSelection
    #: Every file the batch read (decks, exports, the format file), as reached.
    files: list[str] = field(default_factory=list)
    #: What reading the exports guessed or left out (no player column, repeated headers, ...).
    notices: list[DeckcheckError] = field(default_factory=list)

    def add(self, deck, report) -> None:
        self.decks.append(deck)
        self.reports.append(report)

    def pair_files(self, first: str, second: str) -> None:
        """Make the decks read from ``first`` and ``second`` one team (``--team A B``). Two names of
        one file (``deck.txt ./deck.txt``) are that deck twice, each teammate a copy of it (so the
        team rules find the shared legend and battlefields: RB701, RB702)."""
        import os

        team = f"{first} + {second}"
        found = [i for i, deck in enumerate(self.decks) if deck.source in (first, second)]
        if len(found) == 1 and os.path.realpath(first) == os.path.realpath(second):
            deck, report = self.decks[found[0]], self.reports[found[0]]
            other = second if deck.source == first else first
            self.add(replace(deck, source=other), replace(report, source=other, violations=list(report.violations)))
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

    def exit_code(self, strict: bool = False) -> int:
        """2 if any input could not be read, else 1 if any deck fails (with ``strict``: or warns), else 0."""
        if self.unreadable:
            return EXIT_USAGE
        if any(not report.passes(strict) for report in self.reports):
            return EXIT_ILLEGAL
        return EXIT_OK

    @property
    def targets(self) -> dict[str, dict[str, str]]:
        """The zone sizes the format asks for on the day, by format name (the text output shows them)."""
        from deckcheck.rules import format_on

        return {self.format.name: format_on(self.format, self.as_of, self.cards.sets).targets()}

    def render(self, output: str = "text", *, strict: bool = False, quiet: bool = False,
               event: str | None = None, lang: str | None = None) -> str:
        """The results as one string in ``output`` (one of :data:`deckcheck.batch.outputs.OUTPUTS`); the words
        for people in ``lang`` (``en``, ``zh``; None: each list's own language)."""
        from deckcheck.batch.outputs import render

        return render(self, output, strict=strict, quiet=quiet, event=event, lang=lang)

    def chunks(self, output: str = "text", *, strict: bool = False, quiet: bool = False,
               event: str | None = None, lang: str | None = None):
        """:meth:`render` in pieces, written as they are made (JSON: one deck a piece)."""
        from deckcheck.batch.outputs import chunks

        return chunks(self, output, strict=strict, quiet=quiet, event=event, lang=lang)

    def statistics(self, output: str = "text", lang: str | None = None) -> str:
        """Each rule's count (most frequent first), the unreadable inputs and the totals; JSON for ``json``."""
        from deckcheck.batch.outputs import statistics

        return statistics(self.reports, self.unreadable, output, lang, self.cards)
