"""Summary figures of every output, on a batch where each figure has its own value.

12 decks: 7 legal (3 with warnings, 1 with only a note), 4 illegal (3 with warnings too) and
1 unverified, plus 2 inputs that could not be read. So decks 12, legal 7, illegal 4,
unverified 1, legal with warnings 3, any deck with warnings 6, failing 5 (8 with --strict),
unreadable 2: a renderer that printed one figure in another's place shows a different number.
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
UNKNOWN = rule_violation("RB005", "Sunlit Vanguard is not in the card data yet", card="Sunlit Vanguard",
                         unverified=True)


def _report(source: str, *violations) -> Report:
    return Report(source=source, format="standard", as_of=date(2026, 10, 20), violations=list(violations))


REPORTS = [
    _report("legal-1.txt"), _report("legal-2.txt", WARNING), _report("legal-3.txt", WARNING, NOTE),
    _report("legal-4.txt", WARNING), _report("legal-5.txt", NOTE), _report("legal-6.txt"), _report("legal-7.txt"),
    _report("illegal-1.txt", ERROR, WARNING), _report("illegal-2.txt", ERROR, WARNING),
    _report("illegal-3.txt", WARNING, ERROR), _report("illegal-4.txt", ERROR, NOTE),
    _report("unverified-1.txt", UNKNOWN),
]
UNREADABLE = [DeckReadError("not a deck file", file="x.bin"), DeckReadError("cannot read", file="y.txt")]


def _plain(renderable) -> str:
    out = io.StringIO()
    Console(file=out, no_color=True, width=160, highlight=False).print(renderable)
    return out.getvalue()


def test_text_summary_line():
    lines = _plain(render_text(REPORTS, UNREADABLE)).strip().splitlines()
    assert lines[-1] == ("12 decks checked: 7 legal, 4 illegal, 1 unverified, 3 with warnings"
                         " · 2 inputs could not be read")
    strict = _plain(render_text(REPORTS, UNREADABLE, strict=True)).strip().splitlines()
    assert strict[-1] == ("12 decks checked: 7 legal, 4 illegal, 1 unverified, 3 with warnings (failing with"
                          " --strict) · 2 inputs could not be read")


def test_text_summary_of_one_deck_and_no_unreadable_input():
    lines = _plain(render_text(REPORTS[-2:-1])).strip().splitlines()
    assert lines[-1] == "1 deck checked: 0 legal, 1 illegal"
    lines = _plain(render_text(REPORTS[-1:])).strip().splitlines()
    assert lines[-1] == "1 deck checked: 0 legal, 0 illegal, 1 unverified"


def test_json_summary():
    expected = {"decks": 12, "legal": 7, "illegal": 4, "unverified": 1, "with_warnings": 6, "failed": 5,
                "unreadable": 2}
    summary = check_document(REPORTS, UNREADABLE)["summary"]
    assert {key: summary.get(key) for key in expected} == expected
    assert check_document(REPORTS, UNREADABLE, strict=True)["summary"]["failed"] == 8


def test_json_per_deck_verdicts():
    decks = check_document(REPORTS, strict=True)["decks"]
    assert [d["verdict"] for d in decks] == ["legal"] * 7 + ["illegal"] * 4 + ["unverified"]
    assert [d["legal"] for d in decks] == [True] * 7 + [False] * 5
    assert [d["passed"] for d in decks] == [True, False, False, False, True, True, True] + [False] * 5


def test_github_closing_line():
    assert render_github(REPORTS, UNREADABLE).splitlines()[-1] == (
        "deckcheck: 12 decks checked, 7 legal, 4 illegal, 1 unverified, 2 unreadable (standard on 2026-10-20)")
    assert render_github(REPORTS, UNREADABLE, strict=True).splitlines()[-1] == (
        "deckcheck: 12 decks checked, 7 legal, 4 illegal, 1 unverified, 8 failing with --strict, 2 unreadable (standard on 2026-10-20)")


def test_junit_suite_counts():
    for strict, failures in ((False, "5"), (True, "8")):
        suite = ET.fromstring(render_junit(REPORTS, UNREADABLE, strict=strict).encode()).find("testsuite")
        assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("14", failures, "2")

