"""Printable registration sheets: one printed page per registration (``deckcheck sheet``).

Each sheet opens with the verdict as a banner (legal, illegal with how many problems, not proven
legal, could not be read), then the event, date, player and the blanks a judge fills in (player
id, round, table), the legend, the Chosen Champion, the battlefields, the runes, the main deck and
the sideboard with counts and totals. A problem is printed next to the line it concerns (the
fourth Cleave, a banned battlefield) or the total it concerns ("41 / 40"), both highlighted; what
concerns no line is listed under the banner. A registration that could not be read gets its own
page saying why. Print CSS puts every sheet on its own page.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from typing import Any

from deckcheck.cards.model import Card
from deckcheck.decks.model import MOST_LISTED, Deck, DeckEntry, Severity, UnknownEntry
from deckcheck.errors import DeckcheckError
from deckcheck.render.table import duplicate_notes, split_source, unreadable_text
from deckcheck.rules.report import Report, Violation
from deckcheck.words import ENGLISH, N_, Language, say_n

#: The zones a sheet lists, in order: (key in Deck.counts(), title).
ZONES = (("main", N_("Main Deck")), ("battlefields", N_("Battlefields")), ("runes", N_("Runes")),
         ("sideboard", N_("Sideboard")))
#: More problems next to lines than this and a sheet marks each line with its rule code only, and
#: explains each code once under the banner (so the sheet still fits one printed page).
INLINE_PROBLEMS = 5
#: What a judge tells the player whose registration could not be read.
UNREADABLE_FIX = N_("Ask the player to register the deck again: the whole deck code, or the list.")


def card_name(card: Card) -> str:
    """A card's name as the sheet prints it by default (``name_of`` of the functions below names them otherwise)."""
    return card.name


def _problem(v: Violation) -> dict[str, Any]:
    return {"code": v.code, "message": v.message, "hint": v.hint, "rule": v.rule,
            "level": "check" if v.unverified else ("error" if v.severity is Severity.ERROR else "warning")}


def _lines(entries: Sequence[DeckEntry], champion_index: int | None = None,
           name_of: Callable[[Card], str] = card_name) -> list[dict[str, Any]]:
    return [{"count": e.count, "name": name_of(e.card), "key": e.card.name, "line": e.line, "id": e.card.id,
             "champion": i == champion_index, "problems": []} for i, e in enumerate(entries)]


def _place(v: Violation, zones: dict[str, dict[str, Any]], unknown: list[dict[str, Any]],
           fields: dict[str, list]) -> bool:
    """Put ``v`` next to what it concerns: a line of its zone, the zone's total, or a field."""
    zone = "main" if v.zone == "champion" else v.zone
    if v.zone in ("legend", "champion") and (v.card is None or zone not in zones):
        fields[v.zone].append(_problem(v))
        return True
    candidates = zones[zone]["lines"] if zone in zones else [line for z in zones.values() for line in z["lines"]]
    if v.card is not None:
        for line in candidates:
            if line["key"] == v.card:
                line["problems"].append(_problem(v))
                return True
        for line in unknown:
            if line["text"] == v.card or (v.line is not None and line["line"] == v.line):
                line["problems"].append(_problem(v))
                return True
        if v.line is not None:
            for line in candidates:
                if line["line"] == v.line:
                    line["problems"].append(_problem(v))
                    return True
        if v.zone == "legend":
            fields["legend"].append(_problem(v))
            return True
        return False
    if zone in zones:
        zones[zone]["problems"].append(_problem(v))
        return True
    return False


def sheet_deck(deck: Deck) -> Deck:
    """What a sheet keeps of a checked deck: its lines not read as cards up to MOST_LISTED, the rest
    one line that counts them (a hostile export of thousands of such lines a row stays small)."""
    if len(deck.unknown) <= MOST_LISTED:
        return deck
    rest = deck.unknown[MOST_LISTED:]
    summary = UnknownEntry(text=say_n("… and {n:,} more line naming no card, not listed one by one",
                                      "… and {n:,} more lines naming no card, not listed one by one", len(rest)),
                           count=sum(u.count for u in rest), zone=None, reason="unknown-name", message="")
    return replace(deck, unknown=[*deck.unknown[:MOST_LISTED], summary])


def sheet_context(deck: Deck, report: Report | None, *, event: str, date: str | None = None,
                  targets: dict[str, str] | None = None,
                  name_of: Callable[[Card], str] = card_name) -> dict[str, Any]:
    """What one sheet shows, as plain data; ``name_of`` names each card (another language's names)."""
    targets = targets or {}
    champion = deck.champion
    totals = deck.counts()
    lines = {"main": _lines(deck.main, deck.champion_copy(), name_of),
             "battlefields": _lines(deck.battlefields, name_of=name_of),
             "runes": _lines(deck.runes, name_of=name_of), "sideboard": _lines(deck.sideboard, name_of=name_of)}
    zones = {key: {"key": key, "title": title, "lines": lines[key], "total": totals[key],
                   "target": targets.get(key), "problems": []} for key, title in ZONES}
    unknown = [{"count": u.count, "text": u.text, "line": u.source.line if u.source else None, "problems": []}
               for u in deck.unknown]
    fields: dict[str, list] = {"legend": [], "champion": []}
    general: list[dict[str, Any]] = []
    shown = ([v for v in sorted(report.violations, key=Violation.sort_key) if v.severity is not Severity.INFO]
             if report is not None else [])
    for v in shown:
        if not _place(v, zones, unknown, fields):
            general.append(_problem(v))
    file, row = split_source(deck.source or "")
    errors = [v for v in shown if v.severity is Severity.ERROR]
    flagged = [p for z in zones.values() for line in z["lines"] for p in line["problems"]]
    flagged += [p for line in unknown for p in line["problems"]]
    dense = len(flagged) > INLINE_PROBLEMS
    return {
        "kind": "deck",
        "event": event,
        "date": date,
        "player": deck.player,
        "team": deck.team,
        "source": deck.source,
        "file": file,
        "row": row,
        "deck_name": deck.name,
        "legend": name_of(deck.legend.card) if deck.legend else None,
        "legend_id": deck.legend.card.id if deck.legend else None,
        "champion": name_of(champion.card) if champion else None,
        "champion_id": champion.card.id if champion else None,
        "champion_inferred": deck.champion_inferred,
        "zones": [zones[key] for key, _ in ZONES],
        "unknown": unknown,
        "fields": fields,
        "general": general,
        "dense": dense,
        "by_code": _by_code(flagged) if dense else [],
        "totals": totals,
        "targets": targets,
        "verdict": report.verdict if report is not None else None,
        "errors": len(errors),
        "warnings": len(shown) - len(errors),
        "unverified_cards": report.unverified_cards if report is not None else [],
        "format": report.format if report is not None else None,
        "codes": sorted({v.code for v in errors}),
    }


def _by_code(problems: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One entry per rule code: how many lines it marks, its first message and fix."""
    out: dict[str, dict[str, Any]] = {}
    for p in problems:
        if p["code"] in out:
            out[p["code"]]["count"] += 1
        else:
            out[p["code"]] = {**p, "count": 1}
    return list(out.values())


def unreadable_context(error: DeckcheckError, *, event: str, date: str | None = None) -> dict[str, Any]:
    """The page of a registration that could not be read: who, which row, why, what to do."""
    file, row = split_source(error.file or "")
    return {"kind": "unreadable", "event": event, "date": date, "player": error.player, "team": None,
            "source": error.file, "file": file, "row": row, "verdict": "unreadable",
            "why": unreadable_text(error), "fix": UNREADABLE_FIX, "dense": False}


def render_sheets(items: Sequence[tuple[Deck, Report | None]], *, event: str, date: str | None = None,
                  targets: dict[str, str] | None = None, unreadable: Sequence[DeckcheckError] = (),
                  name_of: Callable[[Card], str] = card_name, w: Language = ENGLISH) -> str:
    """All sheets as one HTML page, one printed page per registration, the unreadable ones
    included, rows of an export in row order; ``name_of`` names each card (another language's names),
    ``w`` says the page's words."""
    return "".join(sheet_chunks(items, event=event, date=date, targets=targets, unreadable=unreadable,
                                name_of=name_of, w=w))


def sheet_chunks(items: Sequence[tuple[Deck, Report | None]], *, event: str, date: str | None = None,
                 targets: dict[str, str] | None = None, unreadable: Sequence[DeckcheckError] = (),
                 name_of: Callable[[Card], str] = card_name, w: Language = ENGLISH) -> Iterator[str]:
    """:func:`render_sheets` in pieces, written as the template makes them."""
    from deckcheck.render.table import ordered_outcomes, source_order

    decks = sorted(items, key=lambda item: source_order(item[0].source))  # stable
    notes = duplicate_notes([(deck.source, deck.player) for deck, _ in items]
                            + [(error.file, error.player) for error in unreadable])
    return sheet_page(ordered_outcomes(iter(decks), list(unreadable)), notes=notes, event=event, date=date,
                      targets=targets, name_of=name_of, w=w)


def sheet_page(outcomes: Iterable[tuple[Deck, Report | None] | DeckcheckError], *, notes: dict[str, str],
               event: str, date: str | None = None, targets: dict[str, str] | None = None,
               name_of: Callable[[Card], str] = card_name, w: Language = ENGLISH) -> Iterator[str]:
    """The page of sheets of ``outcomes`` (a registration's deck and report, or its error), in the order
    given, each sheet made as it is written: 100,000 are never all held, nor the decks they show if
    ``outcomes`` makes each as it is asked for; ``notes``: a source's duplicate-registration note."""
    from deckcheck.render.pages import page_chunks

    def sheets() -> Iterator[dict[str, Any]]:
        for outcome in outcomes:
            if isinstance(outcome, tuple):
                sheet = sheet_context(*outcome, event=event, date=date, targets=targets, name_of=name_of)
            else:
                sheet = unreadable_context(outcome, event=event, date=date)
            sheet["duplicate"] = notes.get(sheet["source"] or "")
            yield sheet

    return page_chunks("sheets.html.j2", w, event=event, sheets=sheets())
