"""``deckcheck cards``: search, show and import the card database."""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path
from typing import Optional

import typer

from deckcheck.cli.options import (FORCE, JSON_ALIAS, LANG, OUT_FILE, choose, or_list, output_of, output_option, words_in,
                                   write_out)
from deckcheck.errors import DeckcheckError

OUTPUTS = ("text", "json")

cards_app = typer.Typer(help="Search and show cards; update the card data; import a card dump.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    app.add_typer(cards_app, name="cards")


@cards_app.command("search")
def search(
    query: str = typer.Argument("", metavar="[TEXT]", show_default=False,
                                help="Part of a card name (any case, accents and punctuation ignored)"),
    type_: list[str] = typer.Option([], "--type", metavar="TYPE", show_default=False,
                                    help="Unit, Spell, Gear, Legend, Battlefield or Rune (repeatable)"),
    domain: list[str] = typer.Option([], "--domain", "-d", metavar="DOMAIN", show_default=False,
                                     help="Fury, Calm, Mind, Body, Chaos or Order (repeatable)"),
    set_: list[str] = typer.Option([], "--set", "-s", metavar="SET", show_default=False,
                                   help="A set code such as OGN or SFD (repeatable; 'deckcheck cards info' lists them)"),
    tag: list[str] = typer.Option([], "--tag", metavar="TAG", show_default=False,
                                  help="A tag, e.g. Jinx or Noxus (repeatable)"),
    limit: int = typer.Option(200, "--limit", metavar="N", help="Show at most this many cards"),
    output: str = output_option(OUTPUTS),
    out_file: Optional[str] = OUT_FILE,
    force: bool = FORCE,
    lang: Optional[str] = LANG,
    as_json: bool = JSON_ALIAS,
) -> None:
    """Find cards by name and filters (one row per card name).

    A search in Chinese is answered in Chinese (--lang en or zh chooses).

    Exit codes: 0 cards found; 1 no card matches; 2 bad usage (e.g. an unknown type, domain or set).
    """
    from deckcheck.cards.model import CardType, Domain
    from deckcheck.cli.common import card_db, console, json_text, plain_text, print_table
    from deckcheck.render.cards import card_json, card_table

    output = output_of(output, as_json, OUTPUTS)
    if limit < 1:  # found[:-1] would silently drop the last card
        raise DeckcheckError(f"--limit must be 1 or more, not {limit}")
    db = card_db()
    type_ = [choose(t, [c.value for c in CardType], option="--type", what="card type") for t in type_]
    domain = [choose(d, [c.value for c in Domain], option="--domain", what="domain") for d in domain]
    set_ = [choose(s, sorted(db.sets, key=str), option="--set", what="set") for s in set_]
    found = db.search(query, types=type_, domains=domain, sets=set_, tags=tag)
    shown = found[:limit]
    if output == "json":
        write_out(json_text([card_json(c, db) for c in shown]), out_file, force=force)
        if len(found) > len(shown):  # the JSON stays a list of cards; the cut is said on stderr
            print(f"deckcheck: showing {len(shown)} of {len(found)} cards (--limit {limit})", file=sys.stderr)
        return
    w = _words(lang, query)
    if not found:
        asked = repr(query) if query else w.say("these filters")
        console().print(w.say("no card matches {asked}", asked=asked), markup=False)
        suggestions = db.suggest(query) if query else []
        if suggestions:
            console().print(w.say("did you mean: {cards}", cards=w.cards(suggestions)), markup=False)
        raise typer.Exit(1)
    table = card_table(shown, db, total=len(found), w=w)
    if out_file not in (None, "-"):
        write_out(plain_text(table, table=True), out_file, force=force)
        return
    print_table(console(), table)


@cards_app.command("show")
def show(
    card: str = typer.Argument(..., metavar="CARD", show_default=False,
                               help="A card id in any common form (OGN-007a, ogn-7, [OGN] 007/298) or a name"),
    output: str = output_option(OUTPUTS),
    lang: Optional[str] = LANG,
    as_json: bool = JSON_ALIAS,
) -> None:
    """Show one card with all its printings (asked in Chinese, answered in Chinese; --lang en or zh chooses)."""
    from deckcheck.cards.lookup import NotFound
    from deckcheck.cli.common import card_db, console, print_json

    output = output_of(output, as_json, OUTPUTS)
    from deckcheck.render.cards import card_json, card_panel

    db = card_db()
    hit = db.find(card)
    if isinstance(hit, NotFound):
        message = hit.message
        if hit.suggestions and hit.kind != "ambiguous":
            message += f"; did you mean {or_list(list(hit.suggestions))}?"
        raise DeckcheckError(message)
    if output == "json":
        print_json(card_json(hit.card, db))
        return
    if hit.note:
        console(stderr=True).print(f"note: {hit.note}", markup=False)
    console().print(card_panel(hit.card, db, _words(lang, card)))


def _words(lang: str | None, asked: str):
    """The language of the answer: ``--lang``, else Chinese for a question written in Chinese, else English."""
    from deckcheck.cards.chinese import has_han

    return words_in(lang, "zh" if has_han(asked) else "en")


@cards_app.command("info")
def info(output: str = output_option(OUTPUTS), as_json: bool = JSON_ALIAS) -> None:
    """Where the card data comes from: every set with its state, data date, printings and missing numbers."""
    from deckcheck.cli.common import card_db, console, print_json
    from deckcheck.render.cards import info_data, info_view

    output = output_of(output, as_json, OUTPUTS)
    data = info_data(card_db())
    if output == "json":
        print_json(data)
        return
    console().print(info_view(data))


@cards_app.command("update")
def update(
    source: Optional[str] = typer.Argument(None, metavar="SOURCE", show_default=False,
                                           help="A card dump: a file or an http(s):// URL of a JSON list of printings"),
    dry_run: bool = typer.Option(False, "--dry-run", help="Only show what would change; store nothing"),
    reset: bool = typer.Option(False, "--reset", help="Remove the stored update: back to the bundled data"),
    output: str = output_option(OUTPUTS),
    timeout: float = typer.Option(30.0, "--timeout", metavar="SECONDS", help="Give up on a URL after this long"),
    as_json: bool = JSON_ALIAS,
) -> None:
    """Update the card data without a new deckcheck release.

    Fetches SOURCE (standard library only), validates every row, shows what changes (new sets,
    new printings, changed facts, printings removed) and stores the result in your data folder
    ($DECKCHECK_DATA_DIR, else $XDG_DATA_HOME/deckcheck, else ~/.local/share/deckcheck), atop the
    bundled data, which is never modified. The update replaces the data of every set it holds.
    A source that cannot be read or is not a card dump exits 2 and changes nothing.
    """
    from deckcheck.cards import load_cards
    from deckcheck.cards.overlay import apply_update, build_update, diff, fetch, read_update, reset_update, store_update, update_path
    from deckcheck.cli.common import console, print_json
    from deckcheck.render.cards import update_view

    output = output_of(output, as_json, OUTPUTS)
    if reset:
        if source is not None:
            raise DeckcheckError("give either SOURCE or --reset, not both")
        removed = reset_update() if not dry_run else update_path().exists()
        what = ("removed the card data update" if removed else "no card data update to remove")
        if output == "json":
            print_json({"reset": bool(removed), "dry_run": dry_run, "path": str(update_path())})
        else:
            console().print(f"{'would have ' + what.split(' ', 1)[1] if dry_run and removed else what}: {update_path()}")
        return
    if source is None:
        raise DeckcheckError("give a card dump to update from (a file or an http(s):// URL), or --reset")
    if timeout <= 0:
        raise DeckcheckError(f"--timeout must be more than 0, not {timeout:g}")
    bundled = load_cards(update=False)
    earlier = read_update()
    before = apply_update(bundled, earlier) if earlier is not None else bundled
    fetched = fetch(source, timeout=timeout)
    layer = build_update(fetched, bundled, earlier)
    after = apply_update(bundled, layer)
    dumped_sets = [code for code, s in layer.provenance.sets.items() if s.source == fetched.source]
    changes = diff(before, after, dumped_sets)
    stored = None if dry_run else str(store_update(layer))
    records = {code: layer.provenance.sets[code] for code in dumped_sets}
    if output == "json":
        print_json({"source": fetched.source, "dry_run": dry_run, "stored": stored,
                    "sets": {c: r.to_json() for c, r in records.items()}, **changes.to_json()})
        return
    console().print(update_view(changes, records, source=fetched.source, stored=stored, sets=after.sets))


def _date(value: str, option: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise DeckcheckError(f"{option}: '{value}' is not a date (YYYY-MM-DD)") from None


@cards_app.command("import")
def import_(
    dumps: list[Path] = typer.Argument(..., metavar="PATH...", show_default=False, help="Facts-only card dumps (JSON lists), e.g. ../shared/carddata/cards.json"),
    out: Optional[Path] = typer.Option(None, "--out-dir", "--out", metavar="FOLDER", show_default=False, help="Bundle folder (default: the bundled card_data/)"),
    data_as_of: Optional[str] = typer.Option(None, "--data-as-of", metavar="DATE", show_default=False, help="Date of the data of the complete sets (YYYY-MM-DD); default: the newest dump file's date"),
    preliminary: list[str] = typer.Option([], "--preliminary", metavar="SET:DATE", show_default=False, help="SET:DATE: a set assembled before release, with the date of its data (repeatable), e.g. RAD:2026-10-10"),
    source: Optional[str] = typer.Option(None, "--source", metavar="TEXT", show_default=False, help="Where the dumps come from, recorded in bundle.json"),
    names_zh: Optional[Path] = typer.Option(None, "--names-zh", metavar="PATH", show_default=False, help="Official Simplified Chinese names per printing (e.g. ../shared/carddata/cn_names.json), written as names-zh.json"),
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
    manifest = import_dumps(dumps, folder, data_as_of=as_of, preliminary=early, source=source, names_zh=names_zh)
    console().print(
        f"imported {manifest.printings} printings ({manifest.names} cards) into {folder}: "
        + ", ".join(f"{k} {v}" + (" (preliminary)" if k in early else "") for k, v in manifest.sets.items())
    )
