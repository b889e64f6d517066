"""``-o concise -q``: only the problems that fail a deck are listed; with ``--strict`` a warning fails it,
so the warning stays (a deck whose only problem is a warning: one line, and none without strict)."""

from __future__ import annotations

from conftest import REPO

from deckcheck.decks.load import read_text
from deckcheck.decks.resolve import resolve_deck
from deckcheck.render.concise import render_concise
from deckcheck.rules import check_deck

JINX = (REPO / "sample_decks" / "legal-jinx-loose-cannon.txt").read_text(encoding="utf-8")


def test_quiet_concise_keeps_a_warning_only_when_strict_makes_it_fail_the_deck(db):
    written = JINX.replace("2 Cleave\n", "2 Cleeve (OGN-004)\n", 1)  # a name that does not match its id: RB003
    report = check_deck(resolve_deck(read_text(written, source="warned.txt"), db), format="standard",
                        as_of="2026-11-30")
    assert [v.code for v in report.violations if v.severity.value != "info"] == ["RB003"]
    assert render_concise([report], quiet=True) == ""
    assert render_concise([report], quiet=True, strict=True).splitlines() == [
        "warned.txt:9: RB003 'Cleeve' does not match OGN-004, which is 'Cleave'; using the id"]
