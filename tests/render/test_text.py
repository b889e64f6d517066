"""The terminal rendering of check results."""

from __future__ import annotations

import io
from datetime import date

from rich.console import Console

from deckcheck.errors import DeckReadError
from deckcheck.render.text import counts_line, render_text
from deckcheck.rules.report import Report, Violation

from conftest import rule_violation

TARGETS = {"standard": {"main": "40", "runes": "12", "battlefields": "3", "sideboard": "10"}}


def plain(renderable, width: int = 120) -> str:
    out = io.StringIO()
    Console(file=out, no_color=True, width=width, highlight=False).print(renderable)
    return out.getvalue()


def _report(source: str, *violations: Violation, **kw) -> Report:
    base = dict(source=source, format="standard", as_of=date(2026, 10, 20), legend="Loose Cannon",
                champion="Jinx, Rebel", counts={"main": 40, "runes": 12, "battlefields": 3, "sideboard": 8})
    return Report(**{**base, **kw}, violations=list(violations))


# Real rules of the registry (rule_violation takes name, severity, references and hint from them).
BIG_MAIN = rule_violation("RB101", "the Main Deck has 41 cards; it must be exactly 40", hint="take out 1 card")
COPIES = rule_violation("RB103", "4 copies of Get Excited! across main and sideboard", card="Get Excited!",
                        file="decks/jinx.txt", line=14, hint="keep at most 3")
SIG_SIDE = rule_violation("RB107", "4 Signature cards counting the sideboard", line=30)
NOTE = rule_violation("RB004", "chose Jinx, Rebel as the Chosen Champion", line=5)


def test_counts_line_shows_targets_where_known():
    counts = {"main": 40, "runes": 12, "battlefields": 3, "sideboard": 8}
    assert counts_line(counts, TARGETS["standard"]) == "40/40 main · 12/12 runes · 3/3 battlefields · 8/10 sideboard"
    assert counts_line({"main": 41, "runes": 11}) == "41 main · 11 runes"


def test_deck_block_has_header_groups_and_details():
    text = plain(render_text([_report("decks/jinx.txt", NOTE, SIG_SIDE, COPIES, BIG_MAIN, counts={
        "main": 41, "runes": 12, "battlefields": 3, "sideboard": 8})], targets=TARGETS))
    assert "illegal" in text and "decks/jinx.txt" in text
    assert "Loose Cannon" in text and "Jinx, Rebel" in text
    assert "41/40 main · 12/12 runes · 3/3 battlefields · 8/10 sideboard" in text
    # grouped by severity, errors first, each group counted
    assert text.index("2 errors") < text.index("1 warning") < text.index("1 note")
    assert text.index("RB103") < text.index("RB107") < text.index("RB004")
    # code, rule, message, card, file:line and hint of one violation
    block = text[text.index("RB103"):text.index("1 warning")]
    for part in (COPIES.rule.split(",")[0], "4 copies of Get Excited!", "card: Get Excited!", "decks/jinx.txt:14",
                 "fix: keep at most 3"):
        assert part in block
    # the closing summary, whole: a deck with errors and warnings counts as illegal, not "with warnings"
    assert text.strip().splitlines()[-1] == "1 deck checked: 0 legal, 1 illegal"


def test_markup_like_text_is_shown_as_written():
    odd = rule_violation("RB001", "unknown card 'Jinx [bold]x[/bold] [OGN-999]'", card="[red]Tibbers")
    text = plain(render_text([_report("a.txt", odd)]))
    assert "'Jinx [bold]x[/bold] [OGN-999]'" in text and "[red]Tibbers" in text


def test_summary_counts_decks_warnings_and_unreadable_inputs():
    reports = [_report("a.txt"), _report("b.txt", BIG_MAIN), _report("c.txt", SIG_SIDE)]
    text = plain(render_text(reports, [DeckReadError("not a deck file", file="x.bin")]))
    assert "unreadable" in text and "x.bin: not a deck file" in text
    assert "3 decks checked: 2 legal, 1 illegal, 1 with warnings · 1 input could not be read" in text
    assert text.count("✓ legal") == 2


def test_quiet_shows_only_failures():
    reports = [_report("good.txt", NOTE), _report("bad.txt", BIG_MAIN, SIG_SIDE, NOTE)]
    text = plain(render_text(reports, quiet=True))
    assert "good.txt" not in text and "bad.txt" in text
    assert "RB101" in text and "RB107" not in text and "RB004" not in text
    assert plain(render_text([_report("good.txt", SIG_SIDE)], quiet=True)).strip() == ""


def test_strict_makes_warnings_fail():
    reports = [_report("warned.txt", SIG_SIDE)]
    assert "✓ legal" in plain(render_text(reports))
    strict = plain(render_text(reports, strict=True, quiet=True))
    assert "warned.txt" in strict and "RB107" in strict and "failing with --strict" in strict


def test_cards_not_in_the_database_are_counted_beside_the_zones(db):
    from deckcheck.decks.load import load_deck
    from deckcheck.rules import check_deck
    from conftest import REPO

    deck = load_deck(str(REPO / "sample_decks" / "unverified-ziggs-radiance-missing-cards.txt"), db)
    report = check_deck(deck, "standard", "2026-11-30", cards=db)
    assert report.counts["unknown"] == sum(u.count for u in deck.unknown) == 6
    assert counts_line(report.counts).endswith("+6 not identified")
    legal = load_deck(str(REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"), db)
    assert "unknown" not in check_deck(legal, "standard", "2026-11-30", cards=db).counts
