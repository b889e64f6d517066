"""The names a list wrote in Chinese, kept beside the English names a report gives."""

from __future__ import annotations

from deckcheck.cards.chinese import has_han
from deckcheck.decks.model import Deck
from deckcheck.rules.report import Report


def as_written(report: Report, deck: Deck) -> None:
    """``Jinx, Rebel (金克丝·反抗者)``: the legend, the champion and each card a problem is about, where
    the list wrote it in Chinese, so an organiser who reads either language can act."""
    for attribute, entry in (("legend", deck.legend), ("champion", deck.champion)):
        if entry is not None and has_han(entry.written) and getattr(report, attribute):
            setattr(report, attribute, f"{getattr(report, attribute)} ({entry.written})")
    lines: dict[int, str] | None = None
    for violation in report.violations:
        if violation.card is None or violation.line is None:
            continue
        if lines is None:
            lines = {e.line: e.written for zone in (deck.main, deck.battlefields, deck.runes, deck.sideboard,
                                                    deck.extra_legends, deck.additional_legends)
                     for e in zone if has_han(e.written)}
            for entry in (deck.legend, deck.champion):
                if entry is not None and has_han(entry.written):
                    lines[entry.line] = entry.written  # type: ignore[index]
            if not lines:
                return
        written = lines.get(violation.line)
        if written is not None and written != violation.card:
            violation.card = f"{violation.card} ({written})"
