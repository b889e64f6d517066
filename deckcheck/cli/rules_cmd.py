"""``deckcheck rules``, ``deckcheck rule CODE`` and ``deckcheck formats``: what is checked, and where."""

from __future__ import annotations

from typing import Optional

import typer

from deckcheck.errors import DeckcheckError

_AS_OF_HELP = "Date whose rules and rule numbers to show (YYYY-MM-DD); default: today"


def register(app: typer.Typer) -> None:
    app.command("rules")(rules)
    app.command("rule")(rule)
    app.command("formats")(formats)


def rules(
    format: Optional[str] = typer.Option(None, "--format", "-f", help="Only the rules that run in this format"),
    as_of: Optional[str] = typer.Option(None, "--as-of", help=_AS_OF_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table"),
) -> None:
    """List every rule: code, name, severity and official references."""
    from rich.table import Table

    from deckcheck.cli.common import console, print_json
    from deckcheck.rules.describe import rules_info
    from deckcheck.rules.engine import parse_as_of

    data = rules_info(format, parse_as_of(as_of))
    if as_json:
        print_json(data)
        return
    title = f"{len(data['rules'])} rules" + (f" in {data['format']}" if data["format"] else "")
    table = Table(title=title, caption=f"references: {data['numbering']}", title_justify="left",
                  caption_justify="left")
    for column in ("code", "name", "severity", "references", "what it checks"):
        table.add_column(column, overflow="fold")
    for r in data["rules"]:
        table.add_row(r["code"], r["name"], r["severity"], r["references"], r["summary"])
    console().print(table)


def rule(
    code: str = typer.Argument(..., help="A rule code (RB101) or name (main-deck-size)"),
    as_of: Optional[str] = typer.Option(None, "--as-of", help=_AS_OF_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print JSON"),
) -> None:
    """Explain one rule: what it checks, its references, an example and how to fix it."""
    import difflib

    from deckcheck.cli.common import console, print_json
    from deckcheck.rules.describe import rule_info
    from deckcheck.rules.engine import parse_as_of
    from deckcheck.rules.refs import edition
    from deckcheck.rules.registry import all_rules, get_rule

    found = get_rule(code)
    if found is None:
        keys = [r.code for r in all_rules()] + [r.name for r in all_rules()]
        close = difflib.get_close_matches(code.upper() if code[:2].isalpha() and code[2:].isdigit() else code,
                                          keys, n=3, cutoff=0.5)
        more = f"; did you mean {', '.join(close)}?" if close else "; 'deckcheck rules' lists them"
        raise DeckcheckError(f"no rule '{code}'{more}")
    day = parse_as_of(as_of)
    info = rule_info(found, day)
    if as_json:
        print_json(info)
        return
    out = console()
    out.print(f"{info['code']} {info['name']} ({info['severity']})", style="bold", markup=False, soft_wrap=True)
    out.print(f"references: {info['references']}  [{edition(day)}]", markup=False, soft_wrap=True)
    if info["references_2026_07_16"] != info["references"]:
        out.print(f"            {info['references_2026_07_16']}  [numbering of 2026-07-16]",
                  markup=False, soft_wrap=True)
    out.print(f"formats:    {', '.join(info['formats'])}", markup=False, soft_wrap=True)
    out.print("")
    out.print(info["explanation"], markup=False, soft_wrap=True)
    out.print("")
    out.print(f"example: {info['example']}", markup=False, soft_wrap=True)
    out.print(f"fix:     {info['hint']}", markup=False, soft_wrap=True)


def formats(
    format: Optional[str] = typer.Argument(None, help="Show only this format"),
    as_of: Optional[str] = typer.Option(None, "--as-of",
                                        help="Date to show the sets, bans and limits of (YYYY-MM-DD); default: today"),
    as_json: bool = typer.Option(False, "--json", help="Print JSON"),
) -> None:
    """List the formats with their legal sets, bans and limits on a date."""
    from deckcheck.cli.common import card_db, console, print_json
    from deckcheck.rules.describe import formats_info
    from deckcheck.rules.engine import parse_as_of

    day = parse_as_of(as_of)
    db = card_db()
    if format:  # an event file's card names are checked, with did-you-mean, before it is shown
        from deckcheck.cli.check_cmd import validate_format
        from deckcheck.rules.formats import load_format

        spec = load_format(format)
        if day >= spec.starts:
            validate_format(spec, day, db)
    data = formats_info(day, db.sets, format)
    if format and not data:
        from deckcheck.rules.formats import load_format

        raise DeckcheckError(f"{format} starts on {load_format(format).starts.isoformat()}; "
                             f"it has no legal cards on {day.isoformat()}")
    if as_json:
        print_json(data)
        return
    out = console()
    if not data:
        out.print(f"no format has legal cards on {day.isoformat()}")
    for i, f in enumerate(data):
        if i:
            out.print("")
        out.print(f"{f['name']}: {f['title']} (on {f['as_of']})", style="bold", markup=False, soft_wrap=True)
        out.print(f"  Main Deck {f['main_deck']} · runes {f['runes']} · battlefields {f['battlefields']} · "
                  f"sideboard {f['sideboard']}", markup=False, soft_wrap=True)
        sets = ", ".join(f"{s['code']} ({s['released']})" + ("" if s["in_card_data"] else " not in card data")
                         for s in f["legal_sets"])
        out.print(f"  legal sets: {sets or 'none'}", markup=False, soft_wrap=True)
        if f["coming_sets"]:
            out.print("  coming: " + ", ".join(f"{s['code']} from {s['released'] or '?'}" for s in f["coming_sets"]),
                      markup=False, soft_wrap=True)
        if f.get("event_battlefields") is not None:
            out.print("  event battlefields (TR 601.1.d): " + ("; ".join(f["event_battlefields"]) or "none"),
                      markup=False, soft_wrap=True)
        if f.get("team_size"):
            out.print(f"  teams of {f['team_size']}: teammates' decks are checked as a pair", markup=False,
                      soft_wrap=True)
        bans = "; ".join(f"{b['card']} ({b['from']})" for b in f["bans"])
        out.print(f"  banned: {bans or 'nothing'}", markup=False, soft_wrap=True)
        if f["coming_bans"]:
            out.print("  bans to come: " + "; ".join(f"{b['card']} from {b['from']}" for b in f["coming_bans"]),
                      markup=False, soft_wrap=True)
