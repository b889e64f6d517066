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
    """Where the card data comes from, how old it is, and which sets it knows."""
    from deckcheck.cli.common import card_db, console, print_json

    db = card_db()
    sets = [
        {**s.model_dump(mode="json"), "printings": sum(1 for c in db if c.set == s.code)}
        for s in db.sets.values()
    ]
    data = {"source": db.source, "data_as_of": str(db.data_as_of), "printings": len(db),
            "names": len(db.names), "sets": sets}
    if as_json:
        print_json(data)
        return
    out = console()
    out.print(f"card data as of {db.data_as_of}: {len(db)} printings, {len(db.names)} cards")
    out.print(f"source: {db.source}")
    for s in sets:
        state = f"{s['printings']} printings" if s["in_database"] else "NOT in the card database yet"
        out.print(f"  {s['code']}  {s['name']:<16} released {s['released'] or '?':<10}  {state}")


@cards_app.command("import")
def import_(
    dump: Path = typer.Argument(..., help="A facts-only card dump (JSON list), e.g. ../shared/carddata/cards.json"),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Bundle folder (default: the bundled card_data/)"),
    data_as_of: Optional[str] = typer.Option(None, "--data-as-of", help="Date of the newest data in the dump (YYYY-MM-DD); default: the dump file's date"),
    source: Optional[str] = typer.Option(None, "--source", help="Where the dump comes from, recorded in bundle.json"),
) -> None:
    """Validate a card dump and write it as the card bundle (cards.json + bundle.json)."""
    from deckcheck.cards.bundle import default_card_data_dir
    from deckcheck.cards.importer import import_dump
    from deckcheck.cli.common import console

    if data_as_of:
        try:
            as_of = date.fromisoformat(data_as_of)
        except ValueError:
            raise DeckcheckError(f"--data-as-of: '{data_as_of}' is not a date (YYYY-MM-DD)") from None
    else:
        try:
            as_of = date.fromtimestamp(dump.stat().st_mtime)
        except OSError as exc:
            raise DeckcheckError(f"cannot read card dump: {exc.strerror}", file=str(dump)) from None
    folder = out or default_card_data_dir()
    manifest = import_dump(dump, folder, data_as_of=as_of, source=source)
    console().print(
        f"imported {manifest.printings} printings ({manifest.names} cards) into {folder}: "
        + ", ".join(f"{k} {v}" for k, v in manifest.sets.items())
    )
