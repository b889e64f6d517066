"""Rich renderings of castability, rune splits and mulligan comparisons. Returns renderables only."""

from __future__ import annotations

from itertools import groupby

from deckcheck.goldfish.results import CastableResult, CastableRow, MulliganComparison, RuneSplitResult
from deckcheck.render.fit import Fitted
from deckcheck.render.goldfish import DOMAIN_STYLE, bar, setup_lines
from deckcheck.render.percent import pct, with_interval


def cost_text(row: CastableRow) -> str:
    text = str(row.energy)
    if row.power:
        domains = "/".join(f"[{DOMAIN_STYLE.get(d, 'white')}]{d}[/]" for d in row.power_domains) or "any"
        text += f" +{row.power} {domains}"
    return text


def by_card(rows: list[CastableRow]) -> list[list[CastableRow]]:
    """Rows grouped per card (its natural turn first), cards by energy, power and name."""
    groups = [list(g) for _, g in groupby(rows, key=lambda r: r.card)]
    return sorted(groups, key=lambda g: (g[0].energy, g[0].power, g[0].card))


def cell(row: CastableRow) -> str:
    """The figure with its interval; ``L``: only a Legion play can pay it on this turn."""
    return with_interval(row.probability, row.low, row.high) + (" L" if row.legion else "")


def castable_renderables(result: CastableResult) -> list:
    from rich.table import Table

    exact = result.method == "exact"
    how = ("exact: " + result.formula) if exact else (
        f"Monte Carlo where there is no closed form ({result.games:,} games, 95% intervals in brackets): "
        "the hand under this mulligan, times the exact rune term, or (rows marked L) a Legion play "
        "with the whole hand; a figure without an interval is exact")
    table = Table(box=None, padding=(0, 1))
    table.add_column("card", no_wrap=True)
    table.add_column("n", justify="right", no_wrap=True)
    table.add_column("cost", no_wrap=True)
    table.add_column("on curve", justify="right", no_wrap=True)
    table.add_column("turn +1", justify="right", no_wrap=True)
    table.add_column("turn +2", justify="right", no_wrap=True)
    table.add_column("")
    for rows in by_card(result.cards):
        first = rows[0]
        cells = [f"T{first.natural_turn} {cell(first)}", *[cell(r) for r in rows[1:]]]
        table.add_row(first.card, str(first.copies), cost_text(first), *cells,
                      bar(first.probability, 1.0, 16))
    return [
        *setup_lines(result.setup),
        f"method: {how}",
        "\n[bold]P(castable)[/]: a copy at hand (or in the Champion Zone) and the runes channelled pay it",
        Fitted(table, drop=(6, 5)),
        f"on curve, weighted by copies: [bold]{with_interval(result.on_curve, result.on_curve_low, result.on_curve_high)}[/]",
        f"[dim]ignores: {'; '.join(result.ignores)}[/]",
    ]


def rune_split_renderables(result: RuneSplitResult) -> list:
    from rich.table import Table

    first, second = result.domains
    current = f"{result.current[first]} {first} / {result.current[second]} {second}"
    table = Table(box=None, padding=(0, 1))
    table.add_column("rank", justify="right")
    table.add_column(first, justify="right")
    table.add_column(second, justify="right")
    table.add_column("on curve", justify="right")
    table.add_column("")
    table.add_column("")
    top = max((s.on_curve for s in result.splits), default=0.0)
    for split in result.splits:
        mark = "[bold]<- this deck[/]" if split.current else ""
        table.add_row(str(split.rank), str(split.runes[first]), str(split.runes[second]), pct(split.on_curve, 2),
                      bar(split.on_curve, top, 20), mark)
    how = "exact" if result.method == "exact" else (
        f"Monte Carlo hands ({result.games:,} games, one seed for every split) times exact rune terms")
    return [*setup_lines(result.setup), f"method: {how}",
            f"\n[bold]Rune splits[/] ranked by on-curve castability (weighted by copies); this deck: {current}",
            Fitted(table, drop=(4,))]


def comparison_renderables(result: MulliganComparison) -> list:
    from rich.table import Table

    table = Table(box=None, padding=(0, 1))
    table.add_column("rank", justify="right")
    table.add_column("strategy")
    table.add_column("P", justify="right")
    table.add_column("method")
    table.add_column("")
    for score in result.strategies:
        table.add_row(str(score.rank), score.strategy, with_interval(score.value, score.low, score.high, 2),
                      score.method, bar(score.value, 1.0, 20))
    items: list = [*setup_lines(result.setup), f"\n[bold]Mulligan strategies ranked[/]: {result.question}",
                   Fitted(table, drop=(4,))]
    items += [f"[dim]{score.description}[/]" for score in result.strategies]
    if result.seed is not None:
        items.append(f"[dim]every Monte Carlo run used seed {result.seed} (--seed {result.seed} repeats them)[/]")
    return items
