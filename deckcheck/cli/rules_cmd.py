"""``deckcheck rules``, ``deckcheck rule CODE`` and ``deckcheck formats``: what is checked, and where."""

from __future__ import annotations

from typing import Optional

import typer

from deckcheck.cli.options import (AS_OF, FORCE, JSON_ALIAS, LANG, OUT_FILE, did_you_mean, format_option,
                                   or_list, output_of, output_option, words_in, write_out)
from deckcheck.errors import DeckcheckError
from deckcheck.words import N_

OUTPUTS = ("text", "json")


def register(app: typer.Typer) -> None:
    app.command("rules")(rules)
    app.command("rule")(rule)
    app.command("formats")(formats)


def rules(
    format: Optional[str] = format_option(None, "Only the rules that run in this format"),
    as_of: Optional[str] = AS_OF,
    output: str = output_option(OUTPUTS),
    out_file: Optional[str] = OUT_FILE,
    force: bool = FORCE,
    lang: Optional[str] = LANG,
    as_json: bool = JSON_ALIAS,
) -> None:
    """List every rule: code, name, severity and official references."""
    from rich.table import Table

    from deckcheck.cli.common import console, json_text, plain_text, print_table
    from deckcheck.cli.in_force import settings_in_force
    from deckcheck.rules.describe import rules_info
    from deckcheck.rules.engine import parse_as_of

    output = output_of(output, as_json, OUTPUTS)
    settings = settings_in_force(format=format, as_of=as_of)
    w = words_in(lang if output == "text" else "en")
    data = rules_info(_from_file_or_given(settings, "format"), parse_as_of(settings["as-of"]), w)
    if output == "json":
        write_out(json_text(data), out_file, inputs=settings.files, force=force)
        return
    if data["format"]:
        title = w.say("{count} rules in {format} on {day}", count=len(data["rules"]),
                      format=w.word("format", data["format"]), day=data["as_of"])
    else:
        title = w.say("{count} rules on {day}", count=len(data["rules"]), day=data["as_of"])
    table = Table(title=title, caption=w.say("references: {numbering}", numbering=w(data["numbering"])),
                  title_justify="left", caption_justify="left")
    for column in (N_("code"), N_("name"), N_("severity"), N_("references"), N_("what it checks")):
        table.add_column(w.say(column), overflow="fold")
    for r in data["rules"]:
        table.add_row(r["code"], r["name"], w.word("severity", r["severity"]), r["references"], r["summary"])
    if out_file not in (None, "-"):
        write_out(plain_text(table, table=True), out_file, inputs=settings.files, force=force)
        return
    print_table(console(), table)


def rule(
    code: str = typer.Argument(..., metavar="CODE", show_default=False,
                               help="A rule code (RB101) or name (main-deck-size)"),
    as_of: Optional[str] = AS_OF,
    output: str = output_option(OUTPUTS),
    lang: Optional[str] = LANG,
    as_json: bool = JSON_ALIAS,
) -> None:
    """Explain one rule: what it checks, its references, an example and how to fix it.

    Rule numbers, in the references and in the text, are cited as numbered on --as-of (default today).
    """
    from deckcheck.cli.common import console, print_json
    from deckcheck.cli.in_force import settings_in_force
    from deckcheck.rules.describe import rule_info
    from deckcheck.rules.engine import parse_as_of
    from deckcheck.rules.refs import edition
    from deckcheck.rules.registry import all_rules, get_rule

    output = output_of(output, as_json, OUTPUTS)
    found = get_rule(code)
    if found is None:
        close = did_you_mean(code, [r.code for r in all_rules()] + [r.name for r in all_rules()])
        more = f"; did you mean {or_list(close)}?" if close else "; 'deckcheck rules' lists them"
        raise DeckcheckError(f"no rule '{code}'{more}")
    day = parse_as_of(settings_in_force(as_of=as_of)["as-of"])
    w = words_in(lang if output == "text" else "en")
    info = {**rule_info(found, day, w), "repair": w(found.repair_words or "") or None}
    if output == "json":
        print_json(info)
        return
    out = console()

    def field(label: str, text: str, style: str = "") -> None:
        labelled(out, label, text, style)

    labels = _labels(w)
    field("", f"{info['code']} {info['name']} ({w.word('severity', info['severity'])})", "bold")
    field(labels["references"], f"{info['references']}  [{w(edition(day))}]")
    if info["references_2026_07_16"] != info["references"]:
        baseline = w.say("numbering of 2026-07-16")
        field(labels["under"], f"{info['references_2026_07_16']}  [{baseline}]")
    field(labels["formats"], w.say(", ").join(w.word("format", f) for f in info["formats"]))
    for paragraph in info["explanation"].split("\n\n"):
        out.print("")
        field("", paragraph)
    out.print("")
    field(labels["example"], info["example"])
    field(labels["fix"], info["hint"])
    if info.get("repair"):
        field(labels["repair"], info["repair"])


def _labels(w) -> dict[str, str]:
    """The labels of ``deckcheck rule``'s fields, padded to one width (columns of the terminal)."""
    from rich.cells import cell_len

    said = {key: w.say(text) for key, text in (("references", N_("references: ")), ("formats", N_("formats: ")),
                                                ("example", N_("example: ")), ("fix", N_("fix: ")),
                                                ("repair", N_("repair: ")))}
    if w.english:  # the widths English has always had
        return {"references": "references: ", "formats": "formats:    ", "example": "example: ", "fix": "fix:     ",
                "repair": "repair:  ", "under": "            "}
    width = max(cell_len(t) for t in said.values())
    return {**{key: text + " " * (width - cell_len(text)) for key, text in said.items()}, "under": " " * width}


def _from_file_or_given(settings, key: str):
    """A setting given on the command line or by the settings file; None when only the default holds."""
    value, origin = settings.used[key]
    return None if origin == "default" else value


def labelled(out, label: str, text: str, style: str = "") -> None:
    """``label`` then ``text`` on ``out``: in a terminal wrapped to its width, continuation lines
    indented under the text's start; in a pipe one whole line, never cut."""
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    if not out.is_terminal:
        out.print(f"{label}{text}", style=style or None, markup=False, soft_wrap=True)
    elif not label.strip():
        out.print(Padding(Text(text, style=style), (0, 0, 0, len(label))), soft_wrap=False)
    else:
        grid = Table.grid()
        grid.add_column(no_wrap=True)
        grid.add_column()
        grid.add_row(label, Text(text), style=style or None)
        out.print(grid, soft_wrap=False)


def formats(
    format: Optional[str] = typer.Argument(None, metavar="[FORMAT]", show_default=False,
                                           help="Show only this format"),
    as_of: Optional[str] = AS_OF,
    output: str = output_option(OUTPUTS),
    lang: Optional[str] = LANG,
    as_json: bool = JSON_ALIAS,
) -> None:
    """List the formats with their legal sets, bans and limits on a date."""
    from deckcheck.cli.common import card_db, console, print_json
    from deckcheck.cli.in_force import settings_in_force
    from deckcheck.rules.describe import formats_info
    from deckcheck.rules.engine import parse_as_of

    output = output_of(output, as_json, OUTPUTS)
    settings = settings_in_force(format=format, as_of=as_of)
    format = _from_file_or_given(settings, "format")
    day = parse_as_of(settings["as-of"])
    db = card_db()
    if format:  # an event file's card names are checked, with did-you-mean, before it is shown
        from deckcheck.batch import validate_format
        from deckcheck.rules.formats import load_format

        spec = load_format(format)
        if day >= spec.starts:
            validate_format(spec, day, db)
    data = formats_info(day, db.sets, format)
    if format and not data:
        from deckcheck.rules.formats import load_format

        raise DeckcheckError(f"{format} starts on {load_format(format).starts.isoformat()}; "
                             f"it has no legal cards on {day.isoformat()}")
    if output == "json":
        print_json(data)
        return
    w = words_in(lang)
    out = console()
    if not data:
        out.print(w.say("no format has legal cards on {day}", day=day.isoformat()))
    for i, f in enumerate(data):
        if i:
            out.print("")
        _format_lines(out, f, w)


def _format_lines(out, f: dict, w) -> None:
    """One format of ``deckcheck formats`` in the language ``w``: its title, then a labelled line per
    fact (wrapped under the label in a terminal, whole in a pipe)."""
    labelled(out, "", w.say("{name}: {title} (on {day})", name=w.word("format", f["name"]), title=w(f["title"]),
                            day=f["as_of"]), "bold")
    labelled(out, "  ", w.say("Main Deck {main} · runes {runes} · battlefields {battlefields} · sideboard {sideboard}",
                              main=w(f["main_deck"]), runes=w(f["runes"]), battlefields=w(f["battlefields"]),
                              sideboard=w(f["sideboard"])))
    sets = w.say(", ").join(_set_text(s, w) for s in f["legal_sets"])
    labelled(out, "  " + w.say("legal sets: "), sets or w.say("none"))
    if f["coming_sets"]:
        labelled(out, "  " + w.say("coming: "), w.say(", ").join(
            w.say("{set} from {day}", set=s["code"], day=s["released"] or "?") for s in f["coming_sets"]))
    if f["left_sets"]:
        labelled(out, "  " + w.say("rotated out: "), w.say(", ").join(
            w.say("{set} on {day}", set=s["code"], day=s["leaves"]) for s in f["left_sets"]))
    if f.get("event_battlefields") is not None:
        labelled(out, "  " + w.say("event battlefields (TR 601.1.d): "),
                 w.say("; ").join(w.card(b) for b in f["event_battlefields"]) or w.say("none"))
    if f.get("team_size"):
        labelled(out, "  ", w.say("teams of {count}: teammates' decks are checked as a pair", count=f["team_size"]))
    if f.get("precon_products") is not None:
        labelled(out, "  " + w.say("preconstructed decks as sold keep their banned cards (TR 601.2.d.2): "),
                 w.say(", ").join(w.say("{product} (list in doubt)", product=p["product"]) if p["doubt"]
                                  else p["product"] for p in f["precon_products"]) or w.say("none known"))
    bans = w.say("; ").join(w.say("{card} ({day})", card=w.card(b["card"]), day=b["from"]) for b in f["bans"])
    labelled(out, "  " + w.say("banned: "), bans or w.say("nothing"))
    if f["coming_bans"]:
        labelled(out, "  " + w.say("bans to come: "), w.say("; ").join(
            w.say("{card} from {day}", card=w.card(b["card"]), day=b["from"]) for b in f["coming_bans"]))


def _set_text(s: dict, w) -> str:
    """``OGN (2025-10-31)``, ``OGS (2025-10-31 until 2027-01-01) not in card data``."""
    if s["leaves"]:
        text = w.say("{set} ({day} until {leaves})", set=s["code"], day=s["released"], leaves=s["leaves"])
    else:
        text = w.say("{set} ({day})", set=s["code"], day=s["released"])
    return text if s["in_card_data"] else w.say("{set} not in card data", set=text)
