"""Rich renderings of cards: a search table and a card panel. Returns renderables, prints nothing."""

from __future__ import annotations

from deckcheck.cards.lookup import CardDB
from deckcheck.cards.model import Card
from deckcheck.cards.provenance import number_runs
from deckcheck.translate import ENGLISH, N_, Language

#: The search table's columns (the Chinese name's column, 中文, is shown for a Chinese search or answer).
COLUMNS = (N_("id"), N_("name"), "中文", N_("type"), N_("domains"), N_("cost"), N_("might"), N_("tags"), N_("printings"))


def _kinds(card: Card, w: Language) -> str:
    """The card's type and supertypes (Basic left out), in ``w``'s words."""
    kinds = [w.word("card type", card.type.value)] + [w.word("supertype", s.value) for s in card.supertypes
                                                       if s.value != "Basic"]
    return " ".join(kinds)


def _domains(domains, w: Language) -> str:
    return "/".join(w.word("domain", d.value) for d in domains)


def _cost(card: Card, w: Language = ENGLISH) -> str:
    parts = []
    if card.energy is not None:
        parts.append(str(card.energy))
    if card.power:
        domains = _domains(card.power_domains, w) or w.say("any")
        parts.append(f"+{card.power} {domains}")
    return " ".join(parts) or "-"


def card_table(cards: list[Card], db: CardDB, total: int | None = None, chinese: bool = False, w: Language = ENGLISH):
    """One row per card; ``total`` (when more cards matched than are shown) makes the title
    say "showing N of M"; ``chinese`` (or a Chinese ``w``) adds each card's official Chinese name."""
    from rich.table import Table

    from deckcheck.render.fit import Fitted

    title = w.say_n("{n} card", "{n} cards", len(cards))
    if total is not None and total > len(cards):
        title = w.say("showing {shown} of {total} cards (--limit {total} shows all)", shown=len(cards), total=total)
    table = Table(title=title, title_justify="left", show_lines=False)
    zh = db.chinese() if chinese or not w.english else None
    columns = [c for c in COLUMNS if zh is not None or c != "中文"]
    for col in columns:
        table.add_column(w.say(col), no_wrap=col != "tags", justify="right" if col in ("might", "printings") else "left")
    for card in cards:
        table.add_row(
            card.id,
            card.name,
            *((zh.display(card.name) or "?",) if zh is not None else ()),
            _kinds(card, w),
            _domains(card.domains, w) or w.say("colourless"),
            _cost(card, w),
            "" if card.might is None else str(card.might),
            ", ".join(card.tags),
            str(len(db.printings_of(card.name))),
        )
    return Fitted(table, drop=(columns.index("printings"), columns.index("type")))  # a narrow window: the printings, then the type


def _doubtful(value: str, field: str, doubts: dict, w: Language = ENGLISH):
    """``value``, marked "in doubt" with its sources when ``field`` is in doubt."""
    from rich.text import Text

    text = Text(value)
    if field in doubts:
        sources = "; ".join(doubts[field]) or w.say("no source")
        text.append("  " + w.say("? in doubt ({sources})", sources=sources), style="yellow")
    return text


def card_panel(card: Card, db: CardDB, w: Language = ENGLISH):
    """One card: its Chinese name, kinds, domains, cost, might, tags, copy limit, printings and data state,
    each fact in doubt marked with its sources; labels in ``w``'s words."""
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    doubts = db.provenance.doubts_of(card.id)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()

    def row(label: str, value) -> None:
        grid.add_row(w.say(label), value)

    kinds = " ".join([w.word("supertype", s.value) for s in card.supertypes] + [w.word("card type", card.type.value)])
    zh = db.chinese()
    written = zh.display(card.name) if zh is not None else None
    if written is not None:
        grid.add_row("中文 (Chinese)" if w.english else "中文名", Text(written) + Text(f"  ({zh.source_of(card.name, w)})", style="dim"))
    row(N_("type"), _doubtful(kinds, "type" if "type" in doubts else "supertypes", doubts, w))
    row(N_("domains"), _doubtful(_domains(card.domains, w) or w.say("colourless"), "domains", doubts, w))
    if card.type.value not in ("Legend", "Battlefield", "Rune"):
        row(N_("cost"), _doubtful(_cost(card, w), "energy", doubts, w))
    if card.might is not None:
        row(N_("might"), _doubtful(str(card.might), "might", doubts, w))
    if card.champion_tag:
        row(N_("champion tag"), card.champion_tag)
    row(N_("tags"), _doubtful(", ".join(card.tags) or "-", "tags", doubts, w))
    if "rarity" in doubts:
        row(N_("rarity"), _doubtful(card.rarity or w.say("unknown"), "rarity", doubts, w))
    limit = db.rules.limit_for(card.name)
    if limit is not None:
        copies = w.say("any number") if limit.limit is None else str(limit.limit)
        row(N_("copies"), f"{copies} ({limit.keyword}, {limit.rule})")
    base = w.word("printing", "base")
    row(N_("printings"), "\n".join(f"{p.id}  {p.variant or base}  {p.rarity or ''}" for p in db.printings_of(card.name)))
    record = db.provenance.set_data(card.set)
    if record is not None and record.state == "preliminary":
        row(N_("data"), Text(w.say("{state} {set} data as of {day} ({source}; see {docs})",
                                   state=w.word("data state", record.state), set=w.word("set", db.sets[card.set].name),
                                   day=record.data_as_of.isoformat(), source=record.source,
                                   docs=db.provenance.docs), style="yellow"))
    return Panel(grid, title=f"[bold]{_markup_free(card.name)}[/bold]", subtitle=card.id, expand=False)


def _markup_free(text: str) -> str:
    """``text`` shown as it is in a rich title (its square brackets are not markup)."""
    from rich.markup import escape

    return escape(text)


def card_json(card: Card, db: CardDB) -> dict:
    data = card.to_json()
    data["printings"] = [p.id for p in db.printings_of(card.name)]
    zh = db.chinese()
    data["name_zh"] = zh.display(card.name) if zh is not None else None
    limit = db.rules.limit_for(card.name)
    data["copy_limit"] = 3 if limit is None else limit.limit
    data["doubt"] = {f: list(src) for f, src in db.provenance.doubts_of(card.id).items()}
    record = db.provenance.set_data(card.set)
    data["data_state"] = record.state if record else None
    return data


# ------------------------------------------------------------------ provenance: cards info
def info_data(db: CardDB) -> dict:
    """What ``deckcheck cards info`` shows, as plain data: the layers, then every set."""
    prov = db.provenance
    counts: dict[str, int] = {}
    for card in db:
        counts[card.set] = counts.get(card.set, 0) + 1
    sets = []
    for code, info in db.sets.items():
        record = prov.set_data(code)
        sets.append({
            "code": code,
            "name": info.name,
            "released": info.released.isoformat() if info.released else None,
            "in_database": code in counts,
            "layer": record.layer if record else None,
            "state": record.state if record else None,
            "data_as_of": record.data_as_of.isoformat() if record else None,
            "source": record.source if record else None,
            "printings": counts.get(code, 0),
            "missing": list(record.missing) if record else [],
            "doubtful_printings": sum(1 for cid in prov.doubts if cid.startswith(code + "-")),
        })
    layers = [{"layer": "bundled", "source": db.source,
               "data_as_of": db.data_as_of.isoformat() if db.data_as_of else None}]
    if prov.update is not None:
        layers.append({"layer": "update", **prov.update.to_json()})
    zh = db.chinese()
    chinese = None if zh is None else {
        "cards": len(zh.names), "missing": [n for n in db.names if n not in zh.names],
        "sources": {code: d.get("as_of") for code, d in zh.data.sources.items()}}
    return {"source": db.source, "data_as_of": str(db.data_as_of), "printings": len(db),
            "names": len(db.names), "layers": layers, "provenance": prov.docs, "sets": sets, "chinese_names": chinese}


def info_view(data: dict):
    """The layers, then one row per set: state, data date, printings, missing numbers."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from deckcheck.render.fit import Fitted

    lines = [Text(f"card data: {data['printings']} printings, {data['names']} cards", style="bold")]
    for layer in data["layers"]:
        if layer["layer"] == "bundled":
            lines.append(Text(f"bundled: {layer['source']}"))
        else:
            lines.append(Text(f"update: {', '.join(layer['sets'])} from {layer['source']} (fetched {layer['fetched']}; "
                              f"stored in {layer['path']})", style="cyan"))
    table = Table(show_edge=False, pad_edge=False, box=None, padding=(0, 1))
    for col in ("set", "name", "released", "state", "data as of", "printings", "missing numbers"):
        table.add_column(col, no_wrap=True)
    for s in data["sets"]:
        if not s["in_database"]:  # a set announced with its date, whose cards no data holds yet
            state, style = "announced" if s["released"] else "not in the data", "dim"
        else:
            state, style = s["state"] or "?", "yellow" if s["state"] == "preliminary" else ""
        if s["layer"] == "update":
            state += "*"
        table.add_row(s["code"], s["name"], s["released"] or "?", Text(state, style=style), s["data_as_of"] or "",
                      str(s["printings"]) if s["in_database"] else "", number_runs(s["missing"]))
    # a narrow terminal leaves out the set's name, its data date, then the missing numbers: nothing is cut
    lines.append(Fitted(table, drop=(1, 4, 6)))
    chinese = data.get("chinese_names")
    if chinese:
        dates = ", ".join(f"{code} {day}" for code, day in chinese["sources"].items())
        lines.append(Text(f"Chinese names: {chinese['cards']} of {data['names']} cards ({dates}); "
                          f"{len(chinese['missing'])} without one yet"))
    notes = []
    if len(data["layers"]) > 1:
        notes.append("*: from the update, not the bundled data")
    undated = [s["code"] for s in data["sets"] if s["in_database"] and s["released"] is None]
    if undated:
        notes.append(f"{', '.join(undated)}: no release date known to deckcheck's formats; "
                     "a deck with its cards is unverified until a deckcheck release adds it")
    if any(s["state"] == "preliminary" for s in data["sets"]):
        notes.append("preliminary: data from before release; a missing number makes a deck 'unverified'; "
                     "'deckcheck cards show' marks facts in doubt")
    notes.append(f"where each fact comes from: {data['provenance']}; "
                 "update the data: deckcheck cards update SOURCE")
    lines.extend(Text(n, style="dim") for n in notes)
    return Group(*lines)


# ------------------------------------------------------------------ cards update
def _fact(value: object) -> str:
    if isinstance(value, tuple):
        return "/".join(str(getattr(v, "value", v)) for v in value) or "-"
    if value is None:
        return "-"
    return str(getattr(value, "value", value))


def update_view(diff, records: dict, *, source: str, stored: str | None, limit: int = 40, sets: dict | None = None):
    """What ``deckcheck cards update`` changes: sets, printings added, facts changed, printings removed;
    ``sets`` (code -> SetInfo) says when a set whose data predates its release becomes legal."""
    from rich.console import Group
    from rich.text import Text

    lines = [Text(f"card data update from {source}", style="bold")]
    for code, record in sorted(records.items()):
        line = Text(f"  {code}  {record.state}, {record.printings} printings, data as of "
                    f"{record.data_as_of.isoformat()}")
        if record.missing:
            line.append(f", missing {number_runs(record.missing)}")
        if code in diff.new_sets:
            line.append("  new set", style="green")
        info = (sets or {}).get(code)
        if info is not None and info.released is not None and record.data_as_of < info.released:
            line.append(f"  {info.name}: preview data; its cards are legal from {info.released.isoformat()} "
                        "(its release)", style="cyan")
        if code in diff.unknown_to_formats:
            line.append("  no release date known: its cards make a deck unverified until a deckcheck "
                        "release adds it to the formats", style="yellow")
        lines.append(line)
    if diff.empty:
        lines.append(Text("no change to the card data in force"))
    sections = [("new printings", diff.added, "green"), ("printings removed", diff.removed, "red")]
    for title, cards, style in sections:
        if not cards:
            continue
        lines.append(Text(f"{len(cards)} {title}:", style=style))
        for card in cards[:limit]:
            lines.append(Text(f"  {card.id}  {card.name}  ({card.type.value})"))
        if len(cards) > limit:
            lines.append(Text(f"  … and {len(cards) - limit} more", style="dim"))
    if diff.changed:
        lines.append(Text(f"{len(diff.changed)} facts changed:", style="yellow"))
        for ident, name, old, new in diff.changed[:limit]:
            lines.append(Text(f"  {ident}  {name}: {_fact(old)} -> {_fact(new)}"))
        if len(diff.changed) > limit:
            lines.append(Text(f"  … and {len(diff.changed) - limit} more", style="dim"))
    if stored:
        lines.append(Text(f"stored in {stored} (the bundled data is unchanged; "
                          "'deckcheck cards update --reset' removes it)", style="dim"))
    else:
        lines.append(Text("dry run: nothing stored", style="dim"))
    return Group(*lines)
