"""The names a list wrote in Chinese, kept beside the English names a report gives."""

from __future__ import annotations

from deckcheck.cards.lookup import CardDB, has_han
from deckcheck.decks.language import written_language
from deckcheck.decks.model import Deck, Severity
from deckcheck.rules.report import Report

_INFO = Severity.INFO


def as_written(report: Report, deck: Deck, cards: CardDB) -> None:
    """The Chinese names the list wrote for the legend, the champion and each card an error or warning
    is about (``legend_written``, ``champion_written``, ``Violation.written``), beside the English names,
    so an organiser who reads either language can act (a note, such as the champion deckcheck chose,
    keeps the English name alone). Nothing to do until the card data has looked a Chinese name up.
    A list written mostly in Chinese is marked so (``report.language``)."""
    if not cards.chinese_read:
        return
    report.language = written_language(deck)
    legend, champion = deck.legend, deck.champion
    if legend is not None and not legend.written.isascii() and report.legend and has_han(legend.written):
        report.legend_written = legend.written
    if champion is not None and not champion.written.isascii() and report.champion and has_han(champion.written):
        report.champion_written = champion.written
    for violation in report.violations:  # most reports: none about one card, or only notes
        if violation.line is not None and violation.card is not None and violation.severity is not _INFO:
            break
    else:
        return
    lines: dict[int | None, str] = {}  # the lines whose card is written in other than ASCII
    for zone in (deck.main, deck.runes, deck.battlefields, deck.sideboard, deck.extra_legends,
                 deck.additional_legends, (legend, champion)):
        for entry in zone:
            if entry is not None and not entry.written.isascii():
                lines[entry.line] = entry.written
    if not lines:
        return
    for violation in report.violations:
        if violation.severity is not _INFO and violation.card is not None:
            written = lines.get(violation.line)
            if written is not None and written != violation.card and has_han(written):
                violation.written = written
