"""The third verdict: a deck whose only errors are cards the data cannot know is unverified.

Every output says so in its own way (text mark and word, JSON ``verdict``, GitHub title, JUnit
failure type), ``legal`` stays false, and the summaries count unverified decks apart.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from datetime import date

from deckcheck.render.github import render_github
from deckcheck.render.json import check_document
from deckcheck.render.junit import render_junit
from deckcheck.render.text import render_text
from deckcheck.rules.report import Report, Violation
from json_schema_check import schema_errors
from render.test_json import load_schema

NOT_IN_DATA = Violation(code="RB005", name="card-not-in-data", rule="TR 401.2", severity="error",
                        message="no card RAD-011 in the preliminary Radiance data; check it by hand",
                        card="RAD-011", file="decks/ekko.txt", line=12, zone="main", unverified=True)
TYPO = Violation(code="RB001", name="unknown-card", rule="TR 401.2", severity="error",
                 message="no card named 'Chronobrake'", card="Chronobrake", file="decks/ekko.txt", line=13)
NOTE = Violation(code="RB004", name="read-note", rule="TR 401.2", severity="info", message="a note")


def _report(*violations: Violation, source: str = "decks/ekko.txt") -> Report:
    return Report(source=source, format="standard", as_of=date(2026, 11, 30), legend="Ekko, Boy Who Shattered Time",
                  champion="Ekko, Revolutionary", counts={"main": 39, "runes": 12, "battlefields": 3},
                  violations=list(violations))


def test_only_cards_the_data_lacks_make_a_deck_unverified():
    assert _report(NOTE).verdict == "legal"
    unverified = _report(NOT_IN_DATA, NOTE)
    assert unverified.verdict == "unverified" and unverified.legal is False
    assert unverified.unverified_cards == ["RAD-011"]
    assert not unverified.passes()


def test_a_typo_beside_an_unknown_card_makes_the_deck_illegal():
    assert _report(NOT_IN_DATA, TYPO).verdict == "illegal"


def test_text_has_its_own_mark_and_names_the_cards_to_check():
    from rich.console import Console

    console = Console(width=140, record=True, color_system=None)
    console.print(render_text([_report(NOT_IN_DATA), _report(source="ok.txt"), _report(TYPO, source="bad.txt")]))
    text = console.export_text()
    title = next(line for line in text.splitlines() if "decks/ekko.txt" in line and "unverified" in line)
    assert title.startswith("? unverified") and "✓" not in title and "✗" not in title
    assert "check by hand RAD-011" in text
    assert "3 decks checked: 1 legal, 1 illegal, 1 unverified" in text


def test_json_gives_every_deck_a_verdict_and_counts_unverified_decks():
    doc = check_document([_report(NOT_IN_DATA), _report(), _report(TYPO, NOT_IN_DATA)])
    assert schema_errors(doc, load_schema()) == []
    assert [d["verdict"] for d in doc["decks"]] == ["unverified", "legal", "illegal"]
    assert [d["legal"] for d in doc["decks"]] == [False, True, False]
    assert doc["decks"][0]["violations"][0]["unverified"] is True
    assert doc["summary"]["legal"] == 1 and doc["summary"]["illegal"] == 1 and doc["summary"]["unverified"] == 1
    assert doc["summary"]["failed"] == 2


def test_the_schema_refuses_a_deck_without_a_verdict():
    doc = json.loads(json.dumps(check_document([_report(NOT_IN_DATA)])))
    doc["decks"][0]["verdict"] = "maybe"
    assert any("verdict" in problem for problem in schema_errors(doc, load_schema()))


def test_github_titles_the_annotation_and_counts_unverified_decks():
    out = render_github([_report(NOT_IN_DATA), _report()], root="/nowhere")
    first, *_, last = out.splitlines()
    assert first.startswith("::error ") and "unverified" in first.split("::")[1]
    assert last == "deckcheck: 2 decks checked, 1 legal, 0 illegal, 1 unverified (standard on 2026-11-30)"


def test_junit_fails_an_unverified_deck_with_its_own_type():
    root = ET.fromstring(render_junit([_report(NOT_IN_DATA), _report(TYPO, source="bad.txt")]))
    failures = [f.get("type") for f in root.iter("failure")]
    assert failures == ["unverified", "illegal"]
