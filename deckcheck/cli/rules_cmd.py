"""``deckcheck rules``, ``deckcheck rule CODE`` and ``deckcheck formats``: what is checked, and where."""

from __future__ import annotations

from typing import Optional

import typer

from deckcheck.cli.options import (AS_OF, FORCE, JSON_ALIAS, OUT_FILE, did_you_mean, format_option, or_list,
                                   output_of, output_option, write_out)
from deckcheck.errors import DeckcheckError

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
    data = rules_info(_from_file_or_given(settings, "format"), parse_as_of(settings["as-of"]))
    if output == "json":
        write_out(json_text(data), out_file, inputs=settings.files, force=force)
        return
    title = f"{len(data['rules'])} rules" + (f" in {data['format']}" if data["format"] else "") + f" on {data['as_of']}"
    table = Table(title=title, caption=f"references: {data['numbering']}", title_justify="left",
                  caption_justify="left")
    for column in ("code", "name", "severity", "references", "what it checks"):
        table.add_column(column, overflow="fold")
    for r in data["rules"]:
        table.add_row(r["code"], r["name"], r["severity"], r["references"], r["summary"])
    if out_file not in (None, "-"):
        write_out(plain_text(table, table=True), out_file, inputs=settings.files, force=force)
        return
    print_table(console(), table)


def rule(
    code: str = typer.Argument(..., metavar="CODE", show_default=False,
                               help="A rule code (RB101) or name (main-deck-size)"),
    as_of: Optional[str] = AS_OF,
    output: str = output_option(OUTPUTS),
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
    info = {**rule_info(found, day), "repair": found.repair_words}
    if output == "json":
        print_json(info)
        return
    out = console()

    def field(label: str, text: str, style: str = "") -> None:
        labelled(out, label, text, style)

    field("", f"{info['code']} {info['name']} ({info['severity']})", "bold")
    field("references: ", f"{info['references']}  [{edition(day)}]")
    if info["references_2026_07_16"] != info["references"]:
        field("            ", f"{info['references_2026_07_16']}  [numbering of 2026-07-16]")
    field("formats:    ", ", ".join(info["formats"]))
    for paragraph in info["explanation"].split("\n\n"):
        out.print("")
        field("", paragraph)
    out.print("")
    field("example: ", info["example"])
    field("fix:     ", info["hint"])
    if info.get("repair"):
        field("repair:  ", info["repair"])


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
    out = console()
    if not data:
        out.print(f"no format has legal cards on {day.isoformat()}")
    for i, f in enumerate(data):
        if i:
            out.print("")
        _format_lines(out, f)


def _format_lines(out, f: dict) -> None:
    """One format of ``deckcheck formats``: its title, then a labelled line per fact (wrapped under
    the label in a terminal, whole in a pipe)."""
    labelled(out, "", f"{f['name']}: {f['title']} (on {f['as_of']})", "bold")
    labelled(out, "  ", f"Main Deck {f['main_deck']} · runes {f['runes']} · battlefields {f['battlefields']} · "
                        f"sideboard {f['sideboard']}")
    sets = ", ".join(f"{s['code']} ({s['released']}" + (f" until {s['leaves']}" if s["leaves"] else "") + ")"
                     + ("" if s["in_card_data"] else " not in card data") for s in f["legal_sets"])
    labelled(out, "  legal sets: ", sets or "none")
    if f["coming_sets"]:
        labelled(out, "  coming: ", ", ".join(f"{s['code']} from {s['released'] or '?'}" for s in f["coming_sets"]))
    if f["left_sets"]:
        labelled(out, "  rotated out: ", ", ".join(f"{s['code']} on {s['leaves']}" for s in f["left_sets"]))
    if f.get("event_battlefields") is not None:
        labelled(out, "  event battlefields (TR 601.1.d): ", "; ".join(f["event_battlefields"]) or "none")
    if f.get("team_size"):
        labelled(out, "  ", f"teams of {f['team_size']}: teammates' decks are checked as a pair")
    if f.get("precon_products") is not None:
        labelled(out, "  preconstructed decks as sold keep their banned cards (TR 601.2.d.2): ",
                 ", ".join(p["product"] + (" (list in doubt)" if p["doubt"] else "") for p in f["precon_products"])
                 or "none known")
    labelled(out, "  banned: ", "; ".join(f"{b['card']} ({b['from']})" for b in f["bans"]) or "nothing")
    if f["coming_bans"]:
        labelled(out, "  bans to come: ", "; ".join(f"{b['card']} from {b['from']}" for b in f["coming_bans"]))
