"""Rich renderings of goldfish results (one game, odds, simulations, the clock). Returns renderables only."""

from __future__ import annotations

from deckcheck.goldfish.results import (ClockResult, PolicyComparison, GameLog, HandCard, OddsResult, Setup, SimulationResult,
                                        TurnLog)
from deckcheck.render.fit import Fitted
from deckcheck.render.percent import half_width, pct, pct_range, with_interval
from deckcheck.words import join_names, one_line

DOMAIN_STYLE = {"Fury": "red", "Calm": "green", "Mind": "blue", "Body": "dark_orange", "Chaos": "magenta",
                "Order": "yellow"}
_BLOCKS = " ▏▎▍▌▋▊▉█"


def bar(value: float, top: float, width: int = 20) -> str:
    """A horizontal bar of ``value`` out of ``top`` in ``width`` characters (eighths of a cell)."""
    if top <= 0 or value <= 0:
        return ""
    eighths = round(min(value / top, 1.0) * width * 8)
    full, part = divmod(eighths, 8)
    return "█" * full + (_BLOCKS[part] if part else "")


def _domain(name: str, text: str | None = None) -> str:
    return f"[{DOMAIN_STYLE.get(name, 'white')}]{text or name}[/]"


def cost_text(card: HandCard) -> str:
    text = str(card.energy)
    if card.power:
        doms = "/".join(_domain(d) for d in card.power_domains) or "any"
        text += f" +{card.power} {doms}"
    return text


def setup_lines(setup: Setup) -> list[str]:
    from rich.markup import escape

    from deckcheck.goldfish.seat import Seat

    champion = f" ({setup.champion} in the Champion Zone)" if setup.champion else ""
    runes = ", ".join(_domain(d, f"{n} {d}") for d, n in setup.runes.items()) or "none"
    lines = [
        f"[bold]{escape(one_line(setup.deck))}[/]: library {setup.library}{champion}; runes {runes}; "
        + Seat(setup.players, setup.seat).describe(),
        f"mulligan: {setup.strategy}",
    ]
    if setup.seed is not None:
        lines.append(f"seed {setup.seed} (--seed {setup.seed} repeats this run)")
    lines += [f"[dim]note: {n}[/]" for n in setup.notes]
    return lines


# ---------------------------------------------------------------------------- one game
def hand_table(cards: list[HandCard], *, show_castable: bool = True):
    from rich.table import Table

    table = Table.grid(padding=(0, 2))
    for _ in range(4 if show_castable else 3):
        table.add_column()
    for card in cards:
        row = [f"{card.number}.", card.name, cost_text(card)]
        if show_castable:
            row.append("[green]castable[/]" if card.castable else "[dim]-[/]")
        table.add_row(*row)
    return table


def hand_panel(cards: list[HandCard], title: str):
    from rich.panel import Panel

    return Panel(hand_table(cards, show_castable=False), title=title, expand=False)


def turn_panel(turn: TurnLog):
    from rich.console import Group
    from rich.panel import Panel

    parts: list = []
    if turn.held:
        parts.append(f"beginning: hold [bold]+{turn.held}[/]")
    if turn.won and not turn.channelled and not turn.drew:
        parts.append(f"[bold green]won by hold[/] in the Beginning phase: {turn.points} points")
        return Panel(Group(*parts), title=f"[bold]Turn {turn.turn}[/]", expand=False)
    runes = "  ".join(_domain(d, f"{d} {n}") for d, n in turn.runes_in_play.items()) or "none"
    head = f"channelled {', '.join(_domain(d) for d in turn.channelled) or 'nothing'}; "
    if turn.burn_outs:
        head += (f"library empty: [bold red]burn out[/], trash shuffled in, opponent +{turn.burn_outs}; ")
    head += f"drew {turn.drew or 'nothing'}"
    parts += [
        head,
        f"runes in play: {runes}",
        f"energy [bold]{turn.energy}[/]   power: "
        + ("  ".join(_domain(d, f"{d} {n}") for d, n in turn.power.items()) or "none"),
        "[bold]hand[/]" if turn.hand else "[bold]hand[/]: empty",
    ]
    if turn.hand:
        parts.append(hand_table(turn.hand))
    if turn.champion_zone is not None:
        zone = turn.champion_zone
        state = "[green]castable[/]" if zone.castable else "[dim]not castable[/]"
        parts.append(f"champion zone: {zone.name} ({cost_text(zone)}) {state}")
    for move in turn.moves:
        parts.append(f"move: {move.unit} → {move.to}: {move.result}")
    if turn.drew_instead:
        parts.append(f"drew instead of the last point: {', '.join(turn.drew_instead)}")
    if turn.plays:
        parts.append(f"[bold]played[/] (Legion on for every card after the first; none counts itself): "
                     f"{turn.energy_paid} energy spent of {turn.energy}")
        parts.append(play_table(turn))
    else:
        parts.append("played: nothing (Legion stays off)")
    recycled = ", ".join(_domain(d, f"{n} {d}") for d, n in turn.recycled.items())
    if recycled:
        parts.append(f"recycled for power: {recycled}")
    parts.append(board_table(turn))
    points = f"points [bold]{turn.points}[/]"
    how = [f"+{turn.held} by hold" if turn.held else "", f"+{turn.conquered} by conquer" if turn.conquered else ""]
    how_text = ", ".join(h for h in how if h)
    parts.append(points + (f" ({how_text} this turn)" if how_text else "")
                 + (f"; opponent {turn.opponent_points}" if turn.opponent_points else ""))
    if turn.won:
        parts.append(f"[bold green]won[/]: {turn.points} points")
    if turn.lost:
        parts.append(f"[bold red]lost[/]: the deck drew out; burn-outs gave the opponent {turn.opponent_points} points")
    parts.append(f"[dim]hand {turn.hand_after} · library {turn.library_left} · rune deck {turn.rune_deck_left}[/]")
    return Panel(Group(*parts), title=f"[bold]Turn {turn.turn}[/]", expand=False)


def play_table(turn: TurnLog):
    from rich.table import Table

    table = Table.grid(padding=(0, 2))
    for _ in range(4):
        table.add_column()
    for play in turn.plays:
        cost = f"{play.energy} energy" + (f" +{play.power} power" if play.power else "")
        legion = "[green]Legion on[/]" if play.legion else "[dim]Legion off[/]"
        source = "" if play.source == "hand" else f"from the {play.source}"
        table.add_row(play.name, cost, legion, " ".join(x for x in (source, play.note or "") if x))
    return table


def board_table(turn: TurnLog):
    from rich.table import Table

    table = Table(box=None, padding=(0, 2), show_header=True, title="board", title_justify="left")
    table.add_column("where")
    table.add_column("control")
    table.add_column("units")
    table.add_column("scored this turn")
    base = join_names(u.name + ("" if u.ready else " (exhausted)") for u in turn.base) or "-"
    table.add_row("base", "", base, "")
    for bf in turn.battlefields:
        table.add_row(bf.name, "[green]yours[/]" if bf.controlled else "[dim]nobody[/]",
                      join_names(bf.units) or "-", bf.scored or "")
    return table


def ignores_lines(ignores: list[str]) -> list[str]:
    return [f"[dim]ignores: {item}[/]" for item in ignores]


def game_renderables(log: GameLog) -> list:
    """The whole game: setup, opening hand, mulligan, one panel per turn, the result."""
    items: list = [*setup_lines(log.setup), hand_panel(log.opening_hand, "Opening hand")]
    if log.set_aside:
        items.append(f"mulligan ({log.mulligan_by}): set aside {', '.join(log.set_aside)} "
                     "(to the bottom, in random order)")
        items.append(hand_panel(log.kept_hand, "Hand after the mulligan"))
    else:
        items.append(f"mulligan ({log.mulligan_by}): kept all 4")
    if log.policy:
        items.append(f"play policy: {log.policy}")
    items += [turn_panel(t) for t in log.turns]
    if log.result:
        items.append(f"[bold]{log.result}[/]")
    items += ignores_lines(log.ignores)
    return items


# ---------------------------------------------------------------------------- the clock
def policy_comparison_renderables(result: PolicyComparison) -> list:
    from rich.table import Table

    items: list = [f"[bold]{result.games:,} games[/] per play policy, the same seed for each", *setup_lines(result.setup)]
    table = Table(box=None, padding=(0, 2), title="\nThe clock by play policy, best first", title_justify="left")
    for col in ("rank", "policy", "wins", "mean turn (95%)", "median", "won by T6", "drew out"):
        table.add_column(col, justify="left" if col == "policy" else "right")
    for rank, clock in enumerate(result.policies, 1):
        by6 = max([t.by_turn for t in clock.distribution if t.turn <= 6] + [0.0])
        mean = "-" if clock.mean is None else f"{clock.mean:.2f} ({clock.mean_low:.2f}–{clock.mean_high:.2f})"
        table.add_row(str(rank), clock.policy.split(":")[0], pct(clock.won), mean,
                      "-" if clock.median is None else f"T{clock.median}", pct(by6), pct(clock.drew_out))
    items.append(table)
    items += [f"[dim]{c.policy}[/]" for c in result.policies]
    items += ignores_lines(result.policies[0].ignores)
    return items


def clock_renderables(result: ClockResult) -> list:
    from rich.table import Table

    def turn_text(value: int | None) -> str:
        return "-" if value is None else f"T{value}"

    items: list = [
        f"[bold]{result.games:,} games[/] to {result.victory_score} points, unopposed, "
        f"{result.battlefields} battlefields in play",
        *setup_lines(result.setup),
        f"play policy: {result.policy}",
    ]
    headline = f"\n[bold]Wins[/] {with_interval(result.won, result.won_low, result.won_high)} of games"
    if result.mean is not None:
        headline += (f"; mean winning turn [bold]{result.mean:.2f}[/] "
                     f"({result.mean_low:.2f}–{result.mean_high:.2f}, games won)")
    headline += f"; median [bold]{turn_text(result.median)}[/]"
    items.append(headline)
    items.append("percentiles of the winning turn (95% interval where it spans more than one turn):")
    spread = Table(box=None, padding=(0, 2))
    for p in result.percentiles:
        spread.add_column(f"{p.percent}%", justify="right")
    spread.add_row(*[turn_text(p.turn) + ("" if p.low == p.high == p.turn else
                                          f" ({turn_text(p.low)}–{turn_text(p.high)})") for p in result.percentiles])
    items.append(spread)
    table = Table(box=None, padding=(0, 1), title="\nP(win on exactly this turn)", title_justify="left")
    for col in ("turn", "P", "95% interval", "won by then", ""):
        table.add_column(col, justify="right" if col != "" else "left")
    top = max([t.probability for t in result.distribution] + [0.0])
    for t in result.distribution:
        table.add_row(str(t.turn), pct(t.probability), pct_range(t.low, t.high), pct(t.by_turn),
                      bar(t.probability, top, 30))
    items.append(Fitted(table, drop=(4,)))
    items += [
        f"points in games won: {result.points_by_conquer:.2f} by conquer, {result.points_by_hold:.2f} by hold",
        f"last point held back (a conquer that would have won drew a card instead): "
        f"{with_interval(result.held_back, result.held_back_low, result.held_back_high)} of games",
        f"drew out first (burn-outs gave the opponent {result.victory_score}): "
        f"{with_interval(result.drew_out, result.drew_out_low, result.drew_out_high)} of games",
    ]
    if result.unfinished:
        items.append(f"not over by turn {result.max_turns}: {pct(result.unfinished)} of games")
    if result.burn_outs:
        items.append(f"burn-outs: {result.burn_outs:.2f} per game")
    items += ignores_lines(result.ignores)
    return items


# ---------------------------------------------------------------------------- odds
def odds_renderables(result: OddsResult) -> list:
    from rich.table import Table

    if result.method == "exact":
        how = f"exact ({result.formula})"
        headline = f"[bold]{pct(result.probability)}[/]"
    else:
        headline = f"[bold]{pct(result.probability)}[/] (95% interval {pct(result.low)} to {pct(result.high)})"
        how = f"Monte Carlo estimate, {result.games:,} games"
    counted = join_names(f"{name} x{n}" for name, n in result.matching.items())
    items: list = [
        f"P({result.question}) = {headline}",
        f"method: {how}",
        f"counted: {counted}",
        *setup_lines(result.setup),
    ]
    if len(result.per_turn) > 1:
        table = Table(show_header=True, box=None, padding=(0, 2))
        table.add_column("turn", justify="right")
        table.add_column("P", justify="right")
        if result.method != "exact":
            table.add_column("95% interval")
        table.add_column("")
        for row in result.per_turn:
            cells = [str(row.turn), pct(row.probability)]
            if result.method != "exact":
                cells.append(pct_range(row.low, row.high))
            cells.append(bar(row.probability, 1.0, 25))
            table.add_row(*cells)
        items.append(Fitted(table, drop=(len(table.columns) - 1,)))
    return items


# ---------------------------------------------------------------------------- simulate
def simulation_renderables(result: SimulationResult) -> list:
    from rich.table import Table

    from deckcheck.goldfish.stats import wilson_interval

    def ci(p: float) -> tuple[float, float]:
        """The 95% Wilson interval of a fraction of the games."""
        return wilson_interval(round(p * result.games), result.games)

    o = result.opening
    items: list = [
        f"[bold]{result.games:,} games[/], {result.turns} turns"
        + ("" if result.autoplay else " (no cards played)"),
        *setup_lines(result.setup),
        *([f"play policy: {result.policy}"] if result.autoplay and result.policy else []),
        f"\n[bold]Opening hand[/] (after the mulligan): mulligan taken {with_interval(o.mulligan_rate, *ci(o.mulligan_rate))}, "
        f"{o.set_aside:.2f} cards set aside on average",
    ]
    top = max([*o.curve.values(), *o.types.values(), 0.0])
    curve = Table(box=None, padding=(0, 1), title="cards per energy cost", title_justify="left")
    curve.add_column("cost", justify="right")
    curve.add_column("cards", justify="right")
    curve.add_column("")
    for cost, n in o.curve.items():
        curve.add_row(str(cost), f"{n:.2f}", bar(n, top, 24))
    kinds = Table(box=None, padding=(0, 1), title="cards per type", title_justify="left")
    kinds.add_column("type")
    kinds.add_column("cards", justify="right")
    kinds.add_column("")
    for kind, n in o.types.items():
        kinds.add_row(kind, f"{n:.2f}", bar(n, top, 24))
    items += [curve, kinds]

    domains = list(result.setup.runes)
    items.append("\n[bold]Per turn[/] (Main phase), as the autopilot plays: energy and power per domain of its "
                 "runes in play, cards it played and energy it spent, its hand at the end of the turn, points (a won game keeps those it won with)")
    turns = Table(box=None, padding=(0, 1))
    for col in ["turn", "energy", *domains, "played", "spent", "hand", "points"]:
        turns.add_column(col, justify="right", no_wrap=True)
    for t in result.per_turn:
        turns.add_row(str(t.turn), f"{t.energy:.2f}", *[f"{t.power.get(d, 0):.2f}" for d in domains],
                      f"{t.played:.2f}", f"{t.energy_spent:.2f}", f"{t.hand_size:.2f}", f"{t.points:.2f}")
    items.append(turns)
    items.append("\n[bold]Per turn, probabilities[/] with 95% intervals: P(the autopilot can play a card from its "
                 "hand), P(its hand is empty at the end of the turn), P(the game is won by then)")
    chances = Table(box=None, padding=(0, 1))
    for col in ["turn", "P(a play)", "95%", "P(hand empty)", "95%", "P(won)", "95%"]:
        chances.add_column(col, justify="right", no_wrap=True)
    for t in result.per_turn:
        chances.add_row(str(t.turn), *[cell for p in (t.any_castable, t.hand_empty, t.won)
                                       for cell in (pct(p), pct_range(*ci(p)))])
    items.append(chances)

    items.append("\n[bold]P(castable)[/] per turn, whatever the autopilot did: a copy drawn and kept by then "
                 "(or the champion in its zone) and the runes channelled so far pay it; the last column is the "
                 "95% interval of the row's figures, in points (exact figures: deckcheck castable)")
    cards = Table(box=None, padding=(0, 1))
    cards.add_column("card", no_wrap=True)
    cards.add_column("n", justify="right", no_wrap=True)
    cards.add_column("cost", no_wrap=True)
    cards.add_column("on curve", justify="right", no_wrap=True)
    for t in range(1, result.turns + 1):
        cards.add_column(f"T{t}", justify="right", no_wrap=True)
    cards.add_column("95%", justify="right", no_wrap=True)
    for c in sorted(result.cards, key=lambda c: (c.energy, c.power, c.name)):
        cost = str(c.energy) + (f" +{c.power} {'/'.join(_domain(d) for d in c.power_domains) or 'any'}" if c.power else "")
        curve_cell = "-" if c.on_curve is None else f"T{c.on_curve_turn} {pct(c.on_curve)}"
        cards.add_row(c.name, str(c.copies), cost, curve_cell, *[pct(p) for p in c.by_turn],
                      f"±{max(half_width(p, *ci(p)) for p in c.by_turn):.1f}")
    last = len(cards.columns) - 1
    items.append(Fitted(cards, drop=range(last, 4, -1)))  # the interval, then the last turns first
    if result.burn_outs:
        items.append(f"burn-outs: {result.burn_outs:.2f} per game (each gives the opponent a point)")
    items += ignores_lines(result.ignores)
    return items
