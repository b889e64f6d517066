"""Printable registration sheets: one printed page per deck (``deckcheck sheet``).

Each sheet shows the event, the player, the legend, the Chosen Champion, the battlefields, the
runes, the main deck and the sideboard with counts and totals, the check's verdict, and lines for
the player's and the judge's signatures. Print CSS puts every sheet on its own page.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deckcheck.decks.model import Deck, DeckEntry
from deckcheck.rules.report import Report


def _lines(entries: Sequence[DeckEntry], champion_index: int | None = None) -> list[dict[str, Any]]:
    return [{"count": e.count, "name": e.card.name, "id": e.card.id, "champion": i == champion_index}
            for i, e in enumerate(entries)]


def sheet_context(deck: Deck, report: Report | None, *, event: str, date: str | None = None,
                  targets: dict[str, str] | None = None) -> dict[str, Any]:
    """What one sheet shows, as plain data."""
    targets = targets or {}
    champion = deck.champion
    return {
        "event": event,
        "date": date,
        "player": deck.player,
        "team": deck.team,
        "source": deck.source,
        "deck_name": deck.name,
        "legend": deck.legend.card.name if deck.legend else None,
        "legend_id": deck.legend.card.id if deck.legend else None,
        "champion": champion.card.name if champion else None,
        "champion_id": champion.card.id if champion else None,
        "champion_inferred": deck.champion_inferred,
        "main": _lines(deck.main, deck.champion_copy()),
        "battlefields": _lines(deck.battlefields),
        "runes": _lines(deck.runes),
        "sideboard": _lines(deck.sideboard),
        "unknown": [{"count": u.count, "text": u.text} for u in deck.unknown],
        "totals": deck.counts(),
        "targets": targets,
        "verdict": report.verdict if report is not None else None,
        "codes": sorted({v.code for v in report.violations if v.fails()}) if report is not None else [],
    }


def render_sheets(items: Sequence[tuple[Deck, Report | None]], *, event: str, date: str | None = None,
                  targets: dict[str, str] | None = None) -> str:
    """All sheets as one HTML page, one printed page per deck."""
    from deckcheck.render.pages import render_page

    sheets = [sheet_context(deck, report, event=event, date=date, targets=targets) for deck, report in items]
    return render_page("sheets.html.j2", event=event, sheets=sheets)
