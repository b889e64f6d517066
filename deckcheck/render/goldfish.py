"""Rich renderings of goldfish results (one game, odds, simulations, the clock). Returns renderables only.

Every word goes through a :class:`~deckcheck.words.Language` (``w``; English by default): the cards by their
names in that language, the engine's messages by their templates.
"""

from __future__ import annotations

from deckcheck.goldfish.results import (ClockResult, PolicyComparison, GameLog, HandCard, OddsResult, Setup, SimulationResult,
                                        TurnLog)
from deckcheck.render.fit import Fitted
from deckcheck.render.percent import half_width, pct, pct_range, with_interval
from deckcheck.words import ENGLISH, Language, N_, one_line

DOMAIN_STYLE = {"Fury": "red", "Calm": "green", "Mind": "blue", "Body": "dark_orange", "Chaos": "magenta",
                "Order": "yellow"}
_BLOCKS = " ▏▎▍▌▋▊▉█"
#: Who set cards aside at the mulligan (else the strategy's name).
_MULLIGAN_BY = {"you": N_("you"), "player": N_("player")}
#: Where a card was played from, in words (a hand card needs none).
_SOURCES = {"champion zone": N_("from the champion zone"), "trash": N_("from the trash")}


def bar(value: float, top: float, width: int = 20) -> str:
    """A horizontal bar of ``value`` out of ``top`` in ``width`` characters (eighths of a cell)."""
    if top <= 0 or value <= 0:
        return ""
    eighths = round(min(value / top, 1.0) * width * 8)
    full, part = divmod(eighths, 8)
    return "█" * full + (_BLOCKS[part] if part else "")


def _styled(style: str, text: str) -> str:
    """``text`` in a rich ``style`` (``[bold]...[/]``)."""
    return f"[{style}]{text}[/]"


def _domain(name: str, text: str | None = None, w: Language = ENGLISH) -> str:
    return f"[{DOMAIN_STYLE.get(name, 'white')}]{text or w.word('domain', name)}[/]"


def domains_text(domains: list[str], w: Language = ENGLISH) -> str:
    """The domains a power cost accepts, coloured (``Fury/Chaos``; ``any`` for none named)."""
    return "/".join(_domain(d, w=w) for d in domains) or w.say("any")


def cost_text(card: HandCard, w: Language = ENGLISH) -> str:
    text = str(card.energy)
    if card.power:
        text += f" +{card.power} {domains_text(card.power_domains, w)}"
    return text


def _counted(counts: dict[str, int], w: Language, name_first: bool = False) -> list[str]:
    """``8 Fury`` (``Fury 8`` with ``name_first``) for each domain, coloured."""
    template = "{domain} {count}" if name_first else "{count} {domain}"
    return [_domain(d, w.say(template, domain=w.word("domain", d), count=n)) for d, n in counts.items()]


def setup_lines(setup: Setup, w: Language = ENGLISH) -> list[str]:
    from rich.markup import escape

    deck = f"[bold]{escape(one_line(setup.deck))}[/]"
    runes = w.say(", ").join(_counted(setup.runes, w)) or w.say("none")
    seat = _seat(setup, w)
    if setup.champion:
        first = w.say("{deck}: library {library} ({champion} in the Champion Zone); runes {runes}; {seat}", deck=deck,
                      library=setup.library, champion=w.card(setup.champion), runes=runes, seat=seat)
    else:
        first = w.say("{deck}: library {library}; runes {runes}; {seat}", deck=deck, library=setup.library,
                      runes=runes, seat=seat)
    lines = [first, w.say("mulligan: {strategy}", strategy=w(setup.strategy))]
    if setup.seed is not None:
        lines.append(w.say("seed {seed} (--seed {seed} repeats this run)", seed=setup.seed))
    lines += [_styled("dim", w.say('note: {note}', note=w(n))) for n in setup.notes]
    return lines


def _seat(setup: Setup, w: Language) -> str:
    from deckcheck.goldfish.seat import Seat

    return w(Seat(setup.players, setup.seat).describe())


# ---------------------------------------------------------------------------- one game
def hand_table(cards: list[HandCard], *, show_castable: bool = True, w: Language = ENGLISH):
    from rich.table import Table

    table = Table.grid(padding=(0, 2))
    for _ in range(4 if show_castable else 3):
        table.add_column()
    for card in cards:
        row = [f"{card.number}.", w.card(card.name), cost_text(card, w)]
        if show_castable:
            row.append(_styled("green", w.say('castable')) if card.castable else "[dim]-[/]")
        table.add_row(*row)
    return table


def hand_panel(cards: list[HandCard], title: str, w: Language = ENGLISH):
    from rich.panel import Panel

    return Panel(hand_table(cards, show_castable=False, w=w), title=w(title), expand=False)


def turn_panel(turn: TurnLog, w: Language = ENGLISH):
    from rich.console import Group
    from rich.panel import Panel

    title = _styled("bold", w.say('Turn {turn}', turn=turn.turn))
    parts: list = []
    if turn.held:
        parts.append(w.say("beginning: hold {points}", points=f"[bold]+{turn.held}[/]"))
    if turn.won and not turn.channelled and not turn.drew:
        won = _styled("bold green", w.say("won by hold"))
        parts.append(w.say("{won} in the Beginning phase: {points} points", won=won, points=turn.points))
        return Panel(Group(*parts), title=title, expand=False)
    parts += _turn_head(turn, w)
    if turn.hand:
        parts.append(hand_table(turn.hand, w=w))
    if turn.champion_zone is not None:
        zone = turn.champion_zone
        state = _styled("green", w.say('castable')) if zone.castable else _styled("dim", w.say('not castable'))
        parts.append(w.say("champion zone: {card} ({cost}) {state}", card=w.card(zone.name), cost=cost_text(zone, w),
                           state=state))
    for move in turn.moves:
        parts.append(w.say("move: {unit} → {to}: {result}", unit=w.card(move.unit), to=w(move.to),
                           result=w(move.result)))
    if turn.drew_instead:
        drawn = w.say(", ").join(w.card(c) for c in turn.drew_instead)
        parts.append(w.say("drew instead of the last point: {cards}", cards=drawn))
    parts += _turn_plays(turn, w)
    parts.append(board_table(turn, w))
    parts += _turn_end(turn, w)
    return Panel(Group(*parts), title=title, expand=False)


def _turn_head(turn: TurnLog, w: Language) -> list[str]:
    """What the turn brought: runes channelled, a burn-out, the card drawn; runes, energy, power, the hand."""
    channelled = w.say(", ").join(_domain(d, w=w) for d in turn.channelled) or w.say("nothing")
    drew = w.card(turn.drew) if turn.drew else w.say("nothing")
    if turn.burn_outs:
        burn_out = _styled("bold red", w.say("burn out"))
        head = w.say("channelled {runes}; library empty: {burn_out}, trash shuffled in, opponent +{points}; drew {card}",
                     runes=channelled, burn_out=burn_out, points=turn.burn_outs, card=drew)
    else:
        head = w.say("channelled {runes}; drew {card}", runes=channelled, card=drew)
    none, hand = w.say("none"), _styled("bold", w.say("hand"))
    in_play = "  ".join(_counted(turn.runes_in_play, w, True)) or none
    power = "  ".join(_counted(turn.power, w, True)) or none
    return [
        head,
        w.say("runes in play: {runes}", runes=in_play),
        w.say("energy {energy}   power: {power}", energy=f"[bold]{turn.energy}[/]", power=power),
        hand if turn.hand else w.say("{hand}: empty", hand=hand),
    ]


def _turn_plays(turn: TurnLog, w: Language) -> list:
    """The cards played and the runes recycled to pay them."""
    parts: list = []
    if turn.plays:
        played = _styled("bold", w.say("played"))
        parts.append(w.say("{played} (Legion on for every card after the first; none counts itself): {paid} energy "
                           "spent of {energy}", played=played, paid=turn.energy_paid, energy=turn.energy))
        parts.append(play_table(turn, w))
    else:
        parts.append(w.say("played: nothing (Legion stays off)"))
    recycled = w.say(", ").join(_counted(turn.recycled, w))
    if recycled:
        parts.append(w.say("recycled for power: {runes}", runes=recycled))
    return parts


def _turn_end(turn: TurnLog, w: Language) -> list[str]:
    """Points at the end of the turn, how the game ended, what is left."""
    how = [w.say("+{points} by hold", points=turn.held) if turn.held else "",
           w.say("+{points} by conquer", points=turn.conquered) if turn.conquered else ""]
    how_text = w.say(", ").join(h for h in how if h)
    points = w.say("points {points}", points=f"[bold]{turn.points}[/]")
    if how_text:
        points = w.say("{points} ({how} this turn)", points=points, how=how_text)
    if turn.opponent_points:
        points = w.say("{points}; opponent {opponent}", points=points, opponent=turn.opponent_points)
    parts = [points]
    if turn.won:
        won = _styled("bold green", w.say("won"))
        parts.append(w.say("{won}: {points} points", won=won, points=turn.points))
    if turn.lost:
        lost = _styled("bold red", w.say("lost"))
        parts.append(w.say("{lost}: the deck drew out; burn-outs gave the opponent {points} points", lost=lost,
                           points=turn.opponent_points))
    parts.append("[dim]" + w.say("hand {hand} · library {library} · rune deck {runes}", hand=turn.hand_after,
                                 library=turn.library_left, runes=turn.rune_deck_left) + "[/]")
    return parts


def play_table(turn: TurnLog, w: Language = ENGLISH):
    from rich.table import Table

    table = Table.grid(padding=(0, 2))
    for _ in range(4):
        table.add_column()
    for play in turn.plays:
        cost = (w.say("{energy} energy +{power} power", energy=play.energy, power=play.power) if play.power
                else w.say("{energy} energy", energy=play.energy))
        legion = _styled("green", w.say('Legion on')) if play.legion else _styled("dim", w.say('Legion off'))
        source = w.say(_SOURCES[play.source]) if play.source in _SOURCES else ""
        table.add_row(w.card(play.name), cost, legion, " ".join(x for x in (source, w(play.note or "")) if x))
    return table


def board_table(turn: TurnLog, w: Language = ENGLISH):
    from rich.table import Table

    table = Table(box=None, padding=(0, 2), show_header=True, title=w.say("board"), title_justify="left")
    table.add_column(w.say("where"))
    table.add_column(w.say("control"))
    table.add_column(w.say("units"))
    table.add_column(w.say("scored this turn"))
    base = w.cards(w.say("{unit} (exhausted)", unit=w.card(u.name)) if not u.ready else w.card(u.name)
                   for u in turn.base) or "-"
    table.add_row(w.say("base"), "", base, "")
    for bf in turn.battlefields:
        table.add_row(w(bf.name), _styled("green", w.say('yours')) if bf.controlled else _styled("dim", w.say('nobody')),
                      w.cards(w.card(u) for u in bf.units) or "-", w(bf.scored) if bf.scored else "")
    return table


def ignores_lines(ignores: list[str], w: Language = ENGLISH) -> list[str]:
    return [_styled("dim", w.say('ignores: {item}', item=w(item))) for item in ignores]


def game_renderables(log: GameLog, w: Language = ENGLISH) -> list:
    """The whole game: setup, opening hand, mulligan, one panel per turn, the result."""
    items: list = [*setup_lines(log.setup, w), hand_panel(log.opening_hand, N_("Opening hand"), w)]
    by = w.say(_MULLIGAN_BY[log.mulligan_by]) if log.mulligan_by in _MULLIGAN_BY else log.mulligan_by
    if log.set_aside:
        aside = w.say(", ").join(w.card(c) for c in log.set_aside)
        items.append(w.say("mulligan ({by}): set aside {cards} (to the bottom, in random order)", by=by, cards=aside))
        items.append(hand_panel(log.kept_hand, N_("Hand after the mulligan"), w))
    else:
        items.append(w.say("mulligan ({by}): kept all 4", by=by))
    if log.policy:
        items.append(w.say("play policy: {policy}", policy=w(log.policy)))
    items += [turn_panel(t, w) for t in log.turns]
    if log.result:
        items.append(f"[bold]{w(log.result)}[/]")
    items += ignores_lines(log.ignores, w)
    return items


# ---------------------------------------------------------------------------- the clock
def policy_comparison_renderables(result: PolicyComparison, w: Language = ENGLISH) -> list:
    from rich.table import Table

    games = _styled("bold", w.say("{count:,} games", count=result.games))
    items: list = [w.say("{games} per play policy, the same seed for each", games=games),
                   *setup_lines(result.setup, w)]
    table = Table(box=None, padding=(0, 2), title="\n" + w.say("The clock by play policy, best first"),
                  title_justify="left")
    for col in (N_("rank"), N_("policy"), N_("wins"), N_("mean turn (95%)"), N_("median"), N_("won by T6"),
                N_("drew out")):
        table.add_column(w.say(col), justify="left" if col == "policy" else "right")
    for rank, clock in enumerate(result.policies, 1):
        by6 = max([t.by_turn for t in clock.distribution if t.turn <= 6] + [0.0])
        mean = "-" if clock.mean is None else f"{clock.mean:.2f} ({clock.mean_low:.2f}–{clock.mean_high:.2f})"
        table.add_row(str(rank), str(clock.policy).split(":")[0], pct(clock.won), mean,
                      "-" if clock.median is None else f"T{clock.median}", pct(by6), pct(clock.drew_out))
    items.append(table)
    items += [f"[dim]{w(c.policy)}[/]" for c in result.policies]
    items += ignores_lines(result.policies[0].ignores, w)
    return items


def clock_renderables(result: ClockResult, w: Language = ENGLISH) -> list:
    from rich.table import Table

    def turn_text(value: int | None) -> str:
        return "-" if value is None else f"T{value}"

    games = _styled("bold", w.say("{count:,} games", count=result.games))
    items: list = [
        w.say("{games} to {points} points, unopposed, {battlefields} battlefields in play",
              games=games, points=result.victory_score,
              battlefields=result.battlefields),
        *setup_lines(result.setup, w),
        w.say("play policy: {policy}", policy=w(result.policy)),
    ]
    wins = _styled("bold", w.say("Wins"))
    headline = w.say("{wins} {share} of games", wins=wins,
                     share=with_interval(result.won, result.won_low, result.won_high))
    if result.mean is not None:
        headline = w.say("{headline}; mean winning turn {mean} ({low}–{high}, games won)", headline=headline,
                         mean=f"[bold]{result.mean:.2f}[/]", low=f"{result.mean_low:.2f}", high=f"{result.mean_high:.2f}")
    headline = w.say("{headline}; median {median}", headline=headline, median=f"[bold]{turn_text(result.median)}[/]")
    items.append("\n" + headline)
    items.append(w.say("percentiles of the winning turn (95% interval where it spans more than one turn):"))
    spread = Table(box=None, padding=(0, 2))
    for p in result.percentiles:
        spread.add_column(f"{p.percent}%", justify="right")
    spread.add_row(*[turn_text(p.turn) + ("" if p.low == p.high == p.turn else
                                          f" ({turn_text(p.low)}–{turn_text(p.high)})") for p in result.percentiles])
    items.append(spread)
    table = Table(box=None, padding=(0, 1), title="\n" + w.say("P(win on exactly this turn)"), title_justify="left")
    for col in (N_("turn"), "P", N_("95% interval"), N_("won by then"), ""):
        table.add_column(w.say(col) if col else col, justify="right" if col != "" else "left")
    top = max([t.probability for t in result.distribution] + [0.0])
    for t in result.distribution:
        table.add_row(str(t.turn), pct(t.probability), pct_range(t.low, t.high), pct(t.by_turn),
                      bar(t.probability, top, 30))
    items.append(Fitted(table, drop=(4,)))
    items += _clock_tail(result, w)
    return items


def _clock_tail(result: ClockResult, w: Language) -> list[str]:
    """How the games were won, held back, drawn out or left unfinished; what the clock ignores."""
    items = [
        w.say("points in games won: {conquer} by conquer, {hold} by hold", conquer=f"{result.points_by_conquer:.2f}",
              hold=f"{result.points_by_hold:.2f}"),
        w.say("last point held back (a conquer that would have won drew a card instead): {share} of games",
              share=with_interval(result.held_back, result.held_back_low, result.held_back_high)),
        w.say("drew out first (burn-outs gave the opponent {points}): {share} of games", points=result.victory_score,
              share=with_interval(result.drew_out, result.drew_out_low, result.drew_out_high)),
    ]
    if result.unfinished:
        items.append(w.say("not over by turn {turn}: {share} of games", turn=result.max_turns,
                           share=pct(result.unfinished)))
    if result.burn_outs:
        items.append(w.say("burn-outs: {count} per game", count=f"{result.burn_outs:.2f}"))
    return items + ignores_lines(result.ignores, w)


# ---------------------------------------------------------------------------- odds
def odds_renderables(result: OddsResult, w: Language = ENGLISH) -> list:
    from rich.table import Table

    if result.method == "exact":
        how = w.say("exact ({formula})", formula=w(result.formula or ""))
        headline = f"[bold]{pct(result.probability)}[/]"
    else:
        headline = w.say("{p} (95% interval {low} to {high})", p=f"[bold]{pct(result.probability)}[/]",
                         low=pct(result.low), high=pct(result.high))
        how = w.say("Monte Carlo estimate, {count:,} games", count=result.games)
    counted = w.cards(w.say("{card} x{count}", card=w.word("domain", name) if name in DOMAIN_STYLE else w.card(name),
                            count=n) for name, n in result.matching.items())
    items: list = [
        f"P({w(result.question)}) = {headline}",
        w.say("method: {how}", how=how),
        w.say("counted: {cards}", cards=counted),
        *setup_lines(result.setup, w),
    ]
    if len(result.per_turn) > 1:
        table = Table(show_header=True, box=None, padding=(0, 2))
        table.add_column(w.say("turn"), justify="right")
        table.add_column("P", justify="right")
        if result.method != "exact":
            table.add_column(w.say("95% interval"))
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
def simulation_renderables(result: SimulationResult, w: Language = ENGLISH) -> list:
    from rich.table import Table

    from deckcheck.goldfish.stats import wilson_interval

    def ci(p: float) -> tuple[float, float]:
        """The 95% Wilson interval of a fraction of the games."""
        return wilson_interval(round(p * result.games), result.games)

    o = result.opening
    games = _styled("bold", w.say("{count:,} games", count=result.games))
    opening = _styled("bold", w.say("Opening hand"))
    items: list = [
        w.say("{games}, {turns} turns", games=games, turns=result.turns) if result.autoplay else
        w.say("{games}, {turns} turns (no cards played)", games=games, turns=result.turns),
        *setup_lines(result.setup, w),
        *([w.say("play policy: {policy}", policy=w(result.policy))] if result.autoplay and result.policy else []),
        "\n" + w.say("{opening} (after the mulligan): mulligan taken {share}, {count} cards set aside on average",
                     opening=opening, share=with_interval(o.mulligan_rate, *ci(o.mulligan_rate)),
                     count=f"{o.set_aside:.2f}"),
    ]
    top = max([*o.curve.values(), *o.types.values(), 0.0])
    curve = Table(box=None, padding=(0, 1), title=w.say("cards per energy cost"), title_justify="left")
    curve.add_column(w.say("cost"), justify="right")
    curve.add_column(w.say("cards"), justify="right")
    curve.add_column("")
    for cost, n in o.curve.items():
        curve.add_row(str(cost), f"{n:.2f}", bar(n, top, 24))
    kinds = Table(box=None, padding=(0, 1), title=w.say("cards per type"), title_justify="left")
    kinds.add_column(w.say("type"))
    kinds.add_column(w.say("cards"), justify="right")
    kinds.add_column("")
    for kind, n in o.types.items():
        kinds.add_row(w.word("card type", kind), f"{n:.2f}", bar(n, top, 24))
    items += [curve, kinds, *_per_turn_tables(result, ci, w), *_castable_table(result, ci, w)]
    if result.burn_outs:
        items.append(w.say("burn-outs: {count} per game (each gives the opponent a point)",
                           count=f"{result.burn_outs:.2f}"))
    items += ignores_lines(result.ignores, w)
    return items


def _per_turn_tables(result: SimulationResult, ci, w: Language) -> list:
    """What the autopilot had and did each turn, then its chances each turn."""
    from rich.table import Table

    domains = list(result.setup.runes)
    per_turn = _styled("bold", w.say("Per turn"))
    items: list = ["\n" + w.say("{per_turn} (Main phase), as the autopilot plays: energy and power per domain of its "
                                "runes in play, cards it played and energy it spent, its hand at the end of the turn, "
                                "points (a won game keeps those it won with)",
                                per_turn=per_turn)]
    turns = Table(box=None, padding=(0, 1))
    for col in [w.say("turn"), w.say("energy"), *[w.word("domain", d) for d in domains], w.say("played"),
                w.say("spent"), w.say("hand"), w.say("points")]:
        turns.add_column(col, justify="right", no_wrap=True)
    for t in result.per_turn:
        turns.add_row(str(t.turn), f"{t.energy:.2f}", *[f"{t.power.get(d, 0):.2f}" for d in domains],
                      f"{t.played:.2f}", f"{t.energy_spent:.2f}", f"{t.hand_size:.2f}", f"{t.points:.2f}")
    items.append(turns)
    probabilities = _styled("bold", w.say("Per turn, probabilities"))
    items.append("\n" + w.say("{probabilities} with 95% intervals: P(the autopilot can play a card from its hand), "
                              "P(its hand is empty at the end of the turn), P(the game is won by then)",
                              probabilities=probabilities))
    chances = Table(box=None, padding=(0, 1))
    for col in [w.say("turn"), w.say("P(a play)"), "95%", w.say("P(hand empty)"), "95%", w.say("P(won)"), "95%"]:
        chances.add_column(col, justify="right", no_wrap=True)
    for t in result.per_turn:
        chances.add_row(str(t.turn), *[cell for p in (t.any_castable, t.hand_empty, t.won)
                                       for cell in (pct(p), pct_range(*ci(p)))])
    items.append(chances)
    return items


def _castable_table(result: SimulationResult, ci, w: Language) -> list:
    """P(castable) per card and turn, whatever the autopilot did."""
    from rich.table import Table

    castable_title = _styled("bold", w.say("P(castable)"))
    items: list = ["\n" + w.say("{castable} per turn, whatever the autopilot did: a copy drawn and kept by then "
                                "(or the champion in its zone) and the runes channelled so far pay it; the last column "
                                "is the 95% interval of the row's figures, in points (exact figures: deckcheck castable)",
                                castable=castable_title)]
    cards = Table(box=None, padding=(0, 1))
    cards.add_column(w.say("card"), no_wrap=True)
    cards.add_column("n", justify="right", no_wrap=True)
    cards.add_column(w.say("cost"), no_wrap=True)
    cards.add_column(w.say("on curve"), justify="right", no_wrap=True)
    for t in range(1, result.turns + 1):
        cards.add_column(f"T{t}", justify="right", no_wrap=True)
    cards.add_column("95%", justify="right", no_wrap=True)
    for c in sorted(result.cards, key=lambda c: (c.energy, c.power, c.name)):
        cost = str(c.energy) + (f" +{c.power} {domains_text(c.power_domains, w)}" if c.power else "")
        curve_cell = "-" if c.on_curve is None else f"T{c.on_curve_turn} {pct(c.on_curve)}"
        cards.add_row(w.card(c.name), str(c.copies), cost, curve_cell, *[pct(p) for p in c.by_turn],
                      f"±{max(half_width(p, *ci(p)) for p in c.by_turn):.1f}")
    last = len(cards.columns) - 1
    items.append(Fitted(cards, drop=range(last, 4, -1)))  # the interval, then the last turns first
    return items
