"""The JSON check document: its shape, its schema, and a small validator for that schema."""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from deckcheck.errors import DeckReadError
from deckcheck.render.json import check_document, render_json
from deckcheck.rules.report import Report, Violation
from json_schema_check import schema_errors

from conftest import rule_violation

SCHEMA_PATH = Path(__file__).resolve().parents[2] / "deckcheck" / "schemas" / "check.schema.json"


def load_schema() -> dict:
    from deckcheck.schemas import schema

    return schema("check")


def _report(**kw) -> Report:
    base = dict(source="decks/jinx.txt", format="standard", as_of=date(2026, 10, 20), legend="Loose Cannon",
                champion="Jinx, Rebel", counts={"main": 41, "runes": 12, "battlefields": 3, "sideboard": 8})
    return Report(**{**base, **kw})


ERROR = rule_violation("RB101", "the Main Deck has 41 cards; it must be exactly 40", hint="take out 1 card",
                       zone="main")
WARNING = rule_violation("RB107", "4 Signature cards counting the sideboard", card="Super Mega Death Rocket!",
                         file="decks/jinx.txt", line=17, zone="sideboard")


def test_document_has_the_documented_keys_and_validates():
    doc = json.loads(render_json([_report(violations=[WARNING, ERROR]), _report(source="ok.txt", counts={"main": 40})],
                                 [DeckReadError("not a deck file", file="x.bin")]))
    assert schema_errors(doc, load_schema()) == []
    assert doc["schema_version"] == doc["version"] == 3
    bad, good = doc["decks"]
    assert (bad["legal"], good["legal"]) == (False, True)
    assert (bad["verdict"], good["verdict"]) == ("illegal", "legal")
    assert [v["code"] for v in bad["violations"]] == ["RB101", "RB107"], "errors come before warnings"
    first = bad["violations"][0]
    assert first["line"] is None and first["card"] is None and first["file"] == "decks/jinx.txt"
    assert bad["violations"][1]["line"] == 17
    assert doc["unreadable"] == [{"source": "x.bin", "line": None, "error": "not a deck file", "player": None}]
    assert doc["summary"] == {"decks": 2, "legal": 1, "illegal": 1, "unverified": 0, "with_warnings": 1,
                              "failed": 1, "unreadable": 1, "skipped": 0}


def test_strict_fails_a_legal_deck_with_warnings():
    reports = [_report(violations=[WARNING])]
    assert check_document(reports)["decks"][0]["passed"] is True
    strict = check_document(reports, strict=True)
    assert strict["strict"] is True and strict["decks"][0]["passed"] is False
    assert strict["summary"]["failed"] == 1 and strict["summary"]["illegal"] == 0


def test_validator_catches_what_the_schema_forbids():
    schema = load_schema()
    doc = check_document([_report(violations=[ERROR])])
    broken = json.loads(json.dumps(doc))
    broken["version"] = 1
    del broken["decks"][0]["violations"][0]["hint"]
    broken["decks"][0]["violations"][0]["rule"] = "402.1"
    broken["summary"]["decks"] = "1"
    problems = " | ".join(schema_errors(broken, schema))
    for expected in ("$.version", "missing 'hint'", "does not match", "$.summary.decks"):
        assert expected in problems


@pytest.mark.skipif(not shutil.which("python3"), reason="no system python")
def test_schema_is_valid_draft_2020_12_and_accepts_the_document(tmp_path):
    """Cross-check with the real jsonschema package when the system python has it."""
    probe = subprocess.run(["python3", "-c", "import jsonschema"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip("jsonschema not installed in the system python")
    doc = tmp_path / "doc.json"
    doc.write_text(render_json([_report(violations=[ERROR, WARNING])], [DeckReadError("bad", file="b", line=3)]))
    code = ("import json,sys,jsonschema; s=json.load(open(sys.argv[1])); "
            "jsonschema.Draft202012Validator.check_schema(s); "
            "jsonschema.Draft202012Validator(s).validate(json.load(open(sys.argv[2])))")
    result = subprocess.run(["python3", "-c", code, str(SCHEMA_PATH), str(doc)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr




def test_the_text_is_what_the_standard_library_writes_of_the_document(db):
    """orjson writes the document: byte for byte ``json.dumps(indent=2, ensure_ascii=False)``, real decks
    and text to escape included; a file name that is not UTF-8 (a lone surrogate) is written too."""
    from conftest import raw_from_flat, real_decks
    from deckcheck.decks.resolve import resolve_deck
    from deckcheck.render.json import json_text
    from deckcheck.rules import check_deck

    reports = []
    for d in real_decks():
        deck = resolve_deck(raw_from_flat(d["cards"], d["slug"]), db)
        first = deck.main[0]
        extra = replace(deck, main=[replace(first, count=first.count + 2), *deck.main[1:]],
                        player="Ann \"Q\" Émile", team="Blue")
        reports += [check_deck(deck, "standard", d["date"], db), check_deck(extra, "casual", d["date"], db)]
    nasty = 'Jinx "Rebel"\n\ttab \\ back, é, \u2028, \x00, 金克丝'
    reports.append(_report(violations=[Violation(code="RB101", name="size", rule="TR 402.1", severity="error",
                                                 message=nasty, card=nasty, line=3)], source="a\udcffb.txt"))
    for strict in (False, True):
        document = check_document(reports, [DeckReadError(nasty, file="x.txt", line=3)], strict=strict)
        assert render_json(reports, [DeckReadError(nasty, file="x.txt", line=3)], strict=strict) \
            == json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    for data in ({}, [], {"a": [], "b": {}, "c": [1, True, None, -2]}, [{"x": 1.5}], ("t",)):
        assert json_text(data) == json.dumps(data, indent=2, ensure_ascii=False) + "\n"
