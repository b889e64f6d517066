"""``deckcheck report``: one self-contained HTML page about a deck, for a player."""

from __future__ import annotations

from typing import Optional

import typer

from deckcheck.cli.goldfish_common import MULLIGAN, PLAYERS, SEAT
from deckcheck.cli.options import CHAMPION, LANG, ON_THE_DRAW, format_option

SAMPLE_HANDS = 6


def register(app: typer.Typer) -> None:
    app.command("report")(report)


def report(
    deck: str = typer.Argument(..., metavar="DECK", help="A deck file (any format deckcheck reads), a deck code, or - for stdin"),
    out_file: Optional[str] = typer.Option(None, "--out-file", "-O", metavar="PATH",
                                           help="Write the page to this file (atomically); default: stdout"),
    force: bool = typer.Option(False, "--force", help="Allow --out-file to replace the deck file"),
    format_: Optional[str] = format_option(None),
    as_of: Optional[str] = typer.Option(None, "--as-of", metavar="DATE", help="Check with the rules and bans of this date (YYYY-MM-DD; default today)"),
    mulligan: Optional[str] = MULLIGAN,
    on_the_draw: bool = ON_THE_DRAW,
    players: int = PLAYERS,
    seat: Optional[int] = SEAT,
    seed: Optional[int] = typer.Option(None, "--seed", metavar="N", show_default=False, help="Seed of the sample hands (and of any Monte Carlo run; default: random, shown)"),
    games: int = typer.Option(100_000, "--games", "-n", metavar="N", help="Games for a Monte Carlo estimate (strategies without a closed form)"),
    champion: Optional[str] = CHAMPION,
    lang: Optional[str] = LANG,
) -> None:
    """Write one HTML page about a deck: verdict and violations, curve and domain charts,
    castability on curve, the rune-split ranking and sample opening hands.

    Exits 0 when the deck is legal, 1 when it is illegal or not proven legal, 2 on bad input.
    """
    from deckcheck.cli.common import card_db
    from deckcheck.cli.in_force import settings_in_force
    from deckcheck.cli.goldfish_common import read_by
    from deckcheck.cli.options import lang_of, refuse_overwriting_inputs, write_out
    from deckcheck.decks.language import written_language
    from deckcheck.words import language, say
    from deckcheck.decks.load import load_deck
    from deckcheck.goldfish.api import check_options, strategy_of
    from deckcheck.goldfish.castable import castable, rune_splits
    from deckcheck.goldfish.hands import sample_hands
    from deckcheck.goldfish.plan import GoldfishDeckError, plan_deck
    from deckcheck.goldfish.seat import Seat
    from deckcheck.goldfish.shuffle import fresh_seed
    from deckcheck.render.deck_page import DeckPage, render_deck_page
    from deckcheck.rules import check_deck, load_format, parse_as_of

    settings = settings_in_force(format=format_, as_of=as_of)
    check_options(games=games, seed=seed)
    read = [*read_by(deck, mulligan), *settings.files]
    refuse_overwriting_inputs(out_file, read, force)
    place = Seat.of(players, on_the_draw, seat)
    day = parse_as_of(settings["as-of"])
    spec = load_format(settings["format"])
    strategy = strategy_of(mulligan)
    db = card_db()
    loaded = load_deck(deck, db, champion=champion)
    checked = check_deck(loaded, spec, day, db)
    if settings["select"] or settings["ignore"]:
        from deckcheck.rules.selection import RuleSelection

        RuleSelection(settings["select"], settings["ignore"]).apply(checked)
    page = DeckPage(deck=loaded, report=checked, deck_argument=deck if deck != "-" else "DECK")
    try:
        plan = plan_deck(loaded)
    except GoldfishDeckError as exc:
        page.goldfish_problem = say("No playtest: {problem}", problem=exc.message)
    else:
        seed = fresh_seed() if seed is None else seed
        page.castable = castable(plan, strategy=strategy, games=games, seed=seed, seat=place)
        domains = plan.legend_domains
        if len(domains) == 2 and plan.runes:
            page.rune_splits = rune_splits(plan, (domains[0], domains[1]), strategy=strategy, games=games,
                                           seed=seed, seat=place)
        page.hands_seed, page.hands = sample_hands(plan, count=SAMPLE_HANDS, seed=seed, strategy=strategy,
                                                   on_the_draw=place.on_the_draw)
    html = render_deck_page(page, language(lang_of(lang) or written_language(loaded), db))
    write_out(html, out_file, inputs=read, force=force, note=checked.verdict)
    raise typer.Exit(0 if checked.verdict == "legal" else 1)
