"""Rich renderings of cards: a search table and a card panel. Returns renderables, prints nothing."""

from __future__ import annotations

from deckcheck.cards.lookup import CardDB
from deckcheck.cards.model import Card


def _cost(card: Card) -> str:
    parts = []
    if card.energy is not None:
        parts.append(str(card.energy))
    if card.power:
        doms = "/".join(d.value for d in card.power_domains) or "any"
        parts.append(f"+{card.power} {doms}")
    return " ".join(parts) or "-"


def card_table(cards: list[Card], db: CardDB):
    from rich.table import Table

    table = Table(title=f"{len(cards)} card{'s' if len(cards) != 1 else ''}", show_lines=False)
    for col in ("id", "name", "type", "domains", "cost", "might", "tags", "printings"):
        table.add_column(col, no_wrap=col in ("id", "cost", "might", "printings"))
    for card in cards:
        kinds = [card.type.value] + [s.value for s in card.supertypes if s.value != "Basic"]
        table.add_row(
            card.id,
            card.name,
            " ".join(kinds),
            "/".join(d.value for d in card.domains) or "colourless",
            _cost(card),
            "" if card.might is None else str(card.might),
            ", ".join(card.tags),
            str(len(db.printings_of(card.name))),
        )
    return table


def card_panel(card: Card, db: CardDB):
    from rich.panel import Panel
    from rich.table import Table

    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    kinds = " ".join([s.value for s in card.supertypes] + [card.type.value])
    grid.add_row("type", kinds)
    grid.add_row("domains", "/".join(d.value for d in card.domains) or "colourless")
    if card.type.value not in ("Legend", "Battlefield", "Rune"):
        grid.add_row("cost", _cost(card))
    if card.might is not None:
        grid.add_row("might", str(card.might))
    if card.champion_tag:
        grid.add_row("champion tag", card.champion_tag)
    grid.add_row("tags", ", ".join(card.tags) or "-")
    limit = db.rules.limit_for(card.name)
    if limit is not None:
        grid.add_row("copies", f"{'any number' if limit.limit is None else limit.limit} ({limit.keyword}, {limit.rule})")
    printings = db.printings_of(card.name)
    grid.add_row(
        "printings",
        "\n".join(f"{p.id}  {p.variant or 'base'}  {p.rarity or ''}" for p in printings),
    )
    return Panel(grid, title=f"[bold]{card.name}[/bold]", subtitle=card.id, expand=False)


def card_json(card: Card, db: CardDB) -> dict:
    data = card.model_dump(mode="json")
    data["printings"] = [p.id for p in db.printings_of(card.name)]
    limit = db.rules.limit_for(card.name)
    data["copy_limit"] = 3 if limit is None else limit.limit
    return data
