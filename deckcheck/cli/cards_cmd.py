"""``deckcheck cards``: search, show and import the card database."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Optional

import typer

from deckcheck.errors import DeckcheckError

cards_app = typer.Typer(help="Search and show cards; import a card dump.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    app.add_typer(cards_app, name="cards")


@cards_app.command("search")
def search(
    query: str = typer.Argument("", help="Part of a card name (any case, accents and punctuation ignored)"),
    type_: list[str] = typer.Option([], "--type", "-t", help="Unit, Spell, Gear, Legend, Battlefield, Rune"),
    domain: list[str] = typer.Option([], "--domain", "-d", help="Fury, Calm, Mind, Body, Chaos, Order"),
    set_: list[str] = typer.Option([], "--set", "-s", help="Set code: OGN, OGS, SFD, UNL, VEN, ARC"),
    tag: list[str] = typer.Option([], "--tag", help="A tag, e.g. Jinx or Noxus"),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table"),
    limit: int = typer.Option(200, "--limit", help="Show at most this many cards"),
) -> None:
    """Find cards by name and filters (one row per card name)."""
    from deckcheck.cli.common import card_db, console, print_json
    from deckcheck.render.cards import card_json, card_table

    if limit < 1:  # found[:-1] would silently drop the last card
        raise DeckcheckError(f"--limit must be 1 or more, not {limit}")
    db = card_db()
    found = db.search(query, types=type_, domains=domain, sets=set_, tags=tag)
    if as_json:
        print_json([card_json(c, db) for c in found[:limit]])
        return
    if not found:
        console().print(f"no card matches {query!r}")
        suggestions = db.suggest(query) if query else []
        if suggestions:
            console().print("did you mean: " + "; ".join(suggestions))
        raise typer.Exit(1)
    console().print(card_table(found[:limit], db))


@cards_app.command("show")
def show(
    card: str = typer.Argument(..., help="A card id in any common form (OGN-007a, ogn-7, [OGN] 007/298) or a name"),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a panel"),
) -> None:
    """Show one card with all its printings."""
    from deckcheck.cards.lookup import NotFound
    from deckcheck.cli.common import card_db, console, print_json
    from deckcheck.render.cards import card_json, card_panel

    db = card_db()
    hit = db.find(card)
    if isinstance(hit, NotFound):
        message = hit.message
        if hit.suggestions and hit.kind != "ambiguous":
            message += ". Did you mean: " + "; ".join(hit.suggestions) + "?"
        raise DeckcheckError(message)
    if as_json:
        print_json(card_json(hit.card, db))
        return
    if hit.note:
        console(stderr=True).print(f"note: {hit.note}")
    console().print(card_panel(hit.card, db))


@cards_app.command("info")
def info(as_json: bool = typer.Option(False, "--json", help="Print JSON")) -> None:
    """Where the card data comes from: every set with its state, data date, printings and missing numbers."""
    from deckcheck.cli.common import card_db, console, print_json
    from deckcheck.render.cards import info_data, info_view

    data = info_data(card_db())
    if as_json:
        print_json(data)
        return
    console().print(info_view(data))


def _date(value: str, option: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise DeckcheckError(f"{option}: '{value}' is not a date (YYYY-MM-DD)") from None


@cards_app.command("import")
def import_(
    dumps: list[Path] = typer.Argument(..., help="Facts-only card dumps (JSON lists), e.g. ../shared/carddata/cards.json"),
    out: Optional[Path] = typer.Option(None, "--out-dir", "--out", help="Bundle folder (default: the bundled card_data/)"),
    data_as_of: Optional[str] = typer.Option(None, "--data-as-of", help="Date of the data of the complete sets (YYYY-MM-DD); default: the newest dump file's date"),
    preliminary: list[str] = typer.Option([], "--preliminary", help="SET:DATE: a set assembled before release, with the date of its data (repeatable), e.g. RAD:2026-10-10"),
    source: Optional[str] = typer.Option(None, "--source", help="Where the dumps come from, recorded in bundle.json"),
) -> None:
    """Validate card dumps and write them as the card bundle (cards.json, bundle.json, provenance.json)."""
    from deckcheck.cards.bundle import default_card_data_dir
    from deckcheck.cards.importer import import_dumps
    from deckcheck.cli.common import console

    if data_as_of:
        as_of = _date(data_as_of, "--data-as-of")
    else:
        try:
            as_of = max(date.fromtimestamp(d.stat().st_mtime) for d in dumps)
        except OSError as exc:
            raise DeckcheckError(f"cannot read card dump: {exc.strerror}", file=str(exc.filename)) from None
    early: dict[str, date] = {}
    for item in preliminary:
        code, sep, when = item.partition(":")
        if not sep or len(code) != 3 or not code.isalpha():
            raise DeckcheckError(f"--preliminary: '{item}' is not SET:DATE (e.g. RAD:2026-10-10)")
        early[code.upper()] = _date(when, "--preliminary")
    folder = out or default_card_data_dir()
    manifest = import_dumps(dumps, folder, data_as_of=as_of, preliminary=early, source=source)
    console().print(
        f"imported {manifest.printings} printings ({manifest.names} cards) into {folder}: "
        + ", ".join(f"{k} {v}" + (" (preliminary)" if k in early else "") for k, v in manifest.sets.items())
    )
