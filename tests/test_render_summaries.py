"""Summary figures of every output, on a batch where each figure has its own value.

9 decks: 5 legal (2 of them with warnings, 1 with only a note) and 4 illegal (1 of them with a
warning too), plus 1 input that could not be read. So decks 9, legal 5, illegal 4, legal with
warnings 2, any deck with warnings 3, failing with --strict 6, unreadable 1: a renderer that
printed one figure in another's place shows a different number.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from datetime import date

from rich.console import Console

from conftest import rule_violation
from deckcheck.errors import DeckReadError
from deckcheck.render.github import render_github
from deckcheck.render.json import check_document
from deckcheck.render.junit import render_junit
from deckcheck.render.text import render_text
from deckcheck.rules.report import Report

ERROR = rule_violation("RB101", "the Main Deck has 41 cards; it must be exactly 40")
WARNING = rule_violation("RB107", "4 Signature cards counting the sideboard")
NOTE = rule_violation("RB004", "chose Jinx, Rebel as the Chosen Champion")


def _report(source: str, *violations) -> Report:
    return Report(source=source, format="standard", as_of=date(2026, 10, 20), violations=list(violations))


REPORTS = [
    _report("legal-1.txt"), _report("legal-2.txt", WARNING), _report("legal-3.txt", WARNING, NOTE),
    _report("legal-4.txt", NOTE), _report("legal-5.txt"),
    _report("illegal-1.txt", ERROR, WARNING), _report("illegal-2.txt", ERROR), _report("illegal-3.txt", ERROR),
    _report("illegal-4.txt", ERROR, NOTE),
]
UNREADABLE = [DeckReadError("not a deck file", file="x.bin")]


def _plain(renderable) -> str:
    out = io.StringIO()
    Console(file=out, no_color=True, width=160, highlight=False).print(renderable)
    return out.getvalue()


def test_text_summary_line():
    lines = _plain(render_text(REPORTS, UNREADABLE)).strip().splitlines()
    assert lines[-1] == "9 decks checked: 5 legal, 4 illegal, 2 with warnings · 1 input could not be read"
    strict = _plain(render_text(REPORTS, UNREADABLE, strict=True)).strip().splitlines()
    assert strict[-1] == ("9 decks checked: 5 legal, 4 illegal, 2 with warnings (failing with --strict)"
                          " · 1 input could not be read")


def test_text_summary_of_one_deck_and_no_unreadable_input():
    lines = _plain(render_text(REPORTS[-1:])).strip().splitlines()
    assert lines[-1] == "1 deck checked: 0 legal, 1 illegal"


def test_json_summary():
    assert check_document(REPORTS, UNREADABLE)["summary"] == {
        "decks": 9, "legal": 5, "illegal": 4, "with_warnings": 3, "failed": 4, "unreadable": 1,
    }
    assert check_document(REPORTS, UNREADABLE, strict=True)["summary"]["failed"] == 6


def test_json_per_deck_verdicts():
    decks = check_document(REPORTS, strict=True)["decks"]
    assert [d["legal"] for d in decks] == [True] * 5 + [False] * 4
    assert [d["passed"] for d in decks] == [True, False, False, True, True] + [False] * 4


def test_github_closing_line():
    assert render_github(REPORTS, UNREADABLE).splitlines()[-1] == (
        "deckcheck: 9 decks checked, 5 legal, 4 illegal, 1 unreadable")
    assert render_github(REPORTS, UNREADABLE, strict=True).splitlines()[-1] == (
        "deckcheck: 9 decks checked, 5 legal, 4 illegal, 6 failing with --strict, 1 unreadable")


def test_junit_suite_counts():
    for strict, failures in ((False, "4"), (True, "6")):
        suite = ET.fromstring(render_junit(REPORTS, UNREADABLE, strict=strict).encode()).find("testsuite")
        assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("10", failures, "1")

