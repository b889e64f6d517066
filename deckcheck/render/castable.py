"""Rich renderings of castability, rune splits and mulligan comparisons. Returns renderables only."""

from __future__ import annotations

from itertools import groupby

from deckcheck.goldfish.results import CastableResult, CastableRow, MulliganComparison, RuneSplitResult
from deckcheck.render.fit import Fitted
from deckcheck.render.goldfish import _styled, bar, domains_text, setup_lines
from deckcheck.render.percent import pct, with_interval
from deckcheck.words import ENGLISH, Language, N_


#: How a figure was found, in words.
METHODS = {"exact": N_("exact"), "monte-carlo": N_("monte-carlo")}


def cost_text(row: CastableRow, w: Language = ENGLISH) -> str:
    text = str(row.energy)
    if row.power:
        text += f" +{row.power} {domains_text(row.power_domains, w)}"
    return text


def by_card(rows: list[CastableRow]) -> list[list[CastableRow]]:
    """Rows grouped per card (its natural turn first), cards by energy, power and name."""
    groups = [list(g) for _, g in groupby(rows, key=lambda r: r.card)]
    return sorted(groups, key=lambda g: (g[0].energy, g[0].power, g[0].card))


def cell(row: CastableRow) -> str:
    """The figure with its interval; ``L``: only a Legion play can pay it on this turn."""
    return with_interval(row.probability, row.low, row.high) + (" L" if row.legion else "")


def castable_renderables(result: CastableResult, w: Language = ENGLISH) -> list:
    from rich.table import Table

    exact = result.method == "exact"
    how = w.say("exact: {formula}", formula=w(result.formula)) if exact else w.say(
        "Monte Carlo where there is no closed form ({count:,} games, 95% intervals in brackets): the hand under this "
        "mulligan, times the exact rune term, or (rows marked L) a Legion play with the whole hand; a figure without "
        "an interval is exact", count=result.games)
    table = Table(box=None, padding=(0, 1))
    for heading, right in ((N_("card"), False), ("n", True), (N_("cost"), False), (N_("on curve"), True),
                           (N_("turn +1"), True), (N_("turn +2"), True)):
        table.add_column(w.say(heading) if heading != "n" else heading, justify="right" if right else "left",
                         no_wrap=True)
    table.add_column("")
    for rows in by_card(result.cards):
        first = rows[0]
        cells = [f"T{first.natural_turn} {cell(first)}", *[cell(r) for r in rows[1:]]]
        table.add_row(w.card(first.card), str(first.copies), cost_text(first, w), *cells,
                      bar(first.probability, 1.0, 16))
    on_curve = with_interval(result.on_curve, result.on_curve_low, result.on_curve_high)
    castable_title = _styled("bold", w.say("P(castable)"))
    ignores = w.say("; ").join(w(i) for i in result.ignores)
    return [
        *setup_lines(result.setup, w),
        w.say("method: {how}", how=how),
        "\n" + w.say("{castable}: a copy at hand (or in the Champion Zone) and the runes channelled pay it",
                     castable=castable_title),
        Fitted(table, drop=(6, 5)),
        w.say("on curve, weighted by copies: {share}", share=f"[bold]{on_curve}[/]"),
        "[dim]" + w.say("ignores: {item}", item=ignores) + "[/]",
    ]


def rune_split_renderables(result: RuneSplitResult, w: Language = ENGLISH) -> list:
    from rich.table import Table

    first, second = result.domains
    first_word, second_word = w.word("domain", first), w.word("domain", second)
    current = w.say("{first} {first_domain} / {second} {second_domain}", first=result.current[first],
                    first_domain=first_word, second=result.current[second], second_domain=second_word)
    table = Table(box=None, padding=(0, 1))
    table.add_column(w.say("rank"), justify="right")
    table.add_column(first_word, justify="right")
    table.add_column(second_word, justify="right")
    table.add_column(w.say("on curve"), justify="right")
    table.add_column("")
    table.add_column("")
    top = max((s.on_curve for s in result.splits), default=0.0)
    for split in result.splits:
        mark = _styled("bold", w.say('<- this deck')) if split.current else ""
        table.add_row(str(split.rank), str(split.runes[first]), str(split.runes[second]), pct(split.on_curve, 2),
                      bar(split.on_curve, top, 20), mark)
    how = w.say("exact") if result.method == "exact" else w.say(
        "Monte Carlo hands ({count:,} games, one seed for every split) times exact rune terms", count=result.games)
    splits = _styled("bold", w.say("Rune splits"))
    return [*setup_lines(result.setup, w), w.say("method: {how}", how=how),
            "\n" + w.say("{splits} ranked by on-curve castability (weighted by copies); this deck: {current}",
                         splits=splits, current=current),
            Fitted(table, drop=(4,))]


def comparison_renderables(result: MulliganComparison, w: Language = ENGLISH) -> list:
    from rich.table import Table

    table = Table(box=None, padding=(0, 1))
    table.add_column(w.say("rank"), justify="right")
    table.add_column(w.say("strategy"))
    table.add_column("P", justify="right")
    table.add_column(w.say("method"))
    table.add_column("")
    for score in result.strategies:
        table.add_row(str(score.rank), score.strategy, with_interval(score.value, score.low, score.high, 2),
                      w.say(METHODS[score.method]), bar(score.value, 1.0, 20))
    ranked = _styled("bold", w.say("Mulligan strategies ranked"))
    items: list = [*setup_lines(result.setup, w),
                   "\n" + w.say("{ranked}: {question}", ranked=ranked, question=w(result.question)),
                   Fitted(table, drop=(4,))]
    items += [f"[dim]{w(score.description)}[/]" for score in result.strategies]
    if result.seed is not None:
        items.append("[dim]" + w.say("every Monte Carlo run used seed {seed} (--seed {seed} repeats them)",
                                     seed=result.seed) + "[/]")
    return items
