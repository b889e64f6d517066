"""Printable registration sheets: one printed page per deck (``deckcheck sheet``).

Each sheet shows the event, the player, the legend, the Chosen Champion, the battlefields, the
runes, the main deck and the sideboard with counts and totals, the check's verdict, and lines for
the player's and the judge's signatures. Print CSS puts every sheet on its own page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from deckcheck.cards.model import Card
from deckcheck.decks.model import Deck, DeckEntry
from deckcheck.rules.report import Report


def _english(card: Card) -> str:
    return card.name


def _lines(entries: Sequence[DeckEntry], champion_index: int | None = None,
           name_of: Callable[[Card], str] = _english) -> list[dict[str, Any]]:
    return [{"count": e.count, "name": name_of(e.card), "id": e.card.id, "champion": i == champion_index}
            for i, e in enumerate(entries)]


def sheet_context(deck: Deck, report: Report | None, *, event: str, date: str | None = None,
                  targets: dict[str, str] | None = None,
                  name_of: Callable[[Card], str] = _english) -> dict[str, Any]:
    """What one sheet shows, as plain data; ``name_of`` names each card (another language's names)."""
    targets = targets or {}
    champion = deck.champion
    return {
        "event": event,
        "date": date,
        "player": deck.player,
        "team": deck.team,
        "source": deck.source,
        "deck_name": deck.name,
        "legend": name_of(deck.legend.card) if deck.legend else None,
        "legend_id": deck.legend.card.id if deck.legend else None,
        "champion": name_of(champion.card) if champion else None,
        "champion_id": champion.card.id if champion else None,
        "champion_inferred": deck.champion_inferred,
        "main": _lines(deck.main, deck.champion_copy(), name_of),
        "battlefields": _lines(deck.battlefields, name_of=name_of),
        "runes": _lines(deck.runes, name_of=name_of),
        "sideboard": _lines(deck.sideboard, name_of=name_of),
        "unknown": [{"count": u.count, "text": u.text} for u in deck.unknown],
        "totals": deck.counts(),
        "targets": targets,
        "verdict": report.verdict if report is not None else None,
        "codes": sorted({v.code for v in report.violations if v.fails()}) if report is not None else [],
    }


def render_sheets(items: Sequence[tuple[Deck, Report | None]], *, event: str, date: str | None = None,
                  targets: dict[str, str] | None = None, name_of: Callable[[Card], str] = _english) -> str:
    """All sheets as one HTML page, one printed page per deck; ``name_of`` names each card."""
    from deckcheck.render.pages import render_page

    sheets = [sheet_context(deck, report, event=event, date=date, targets=targets, name_of=name_of)
              for deck, report in items]
    return render_page("sheets.html.j2", event=event, sheets=sheets)
