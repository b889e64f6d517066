"""The names a list wrote in Chinese, kept beside the English names a report gives."""

from __future__ import annotations

from deckcheck.cards.chinese import has_han
from deckcheck.decks.model import Deck
from deckcheck.rules.report import Report


def as_written(report: Report, deck: Deck) -> None:
    """``Jinx, Rebel (金克丝·反抗者)``: the legend, the champion and each card a problem is about, where
    the list wrote it in Chinese, so an organiser who reads either language can act."""
    legend, champion = deck.legend, deck.champion
    if legend is not None and report.legend and has_han(legend.written):
        report.legend = f"{report.legend} ({legend.written})"
    if champion is not None and report.champion and has_han(champion.written):
        report.champion = f"{report.champion} ({champion.written})"
    for violation in report.violations:
        line = violation.line
        if violation.card is None or line is None:
            continue
        written = _written_at(deck, line)
        if written is not None and written != violation.card and has_han(written):
            violation.card = f"{violation.card} ({written})"


def _written_at(deck: Deck, line: int) -> str | None:
    """The card as the list wrote it on ``line`` (None if no card of the deck stands there)."""
    for zone in (deck.main, deck.runes, deck.battlefields, deck.sideboard, deck.extra_legends,
                 deck.additional_legends, (deck.legend, deck.champion)):
        for entry in zone:
            if entry is not None and entry.line == line:
                return entry.written
    return None
