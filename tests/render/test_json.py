"""The JSON check document: its shape, its schema, and a small validator for that schema."""

from __future__ import annotations

import json
import shutil
import subprocess
from datetime import date
from pathlib import Path

import pytest

from deckcheck.errors import DeckReadError
from deckcheck.render.json import check_document, deck_text, render_json
from deckcheck.rules.report import Report, Violation
from json_schema_check import schema_errors

from conftest import rule_violation

SCHEMA_PATH = Path(__file__).resolve().parents[2] / "docs" / "check-output.schema.json"


def load_schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text())


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
    assert doc["version"] == 2
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


def test_the_fast_writer_gives_exactly_the_standard_librarys_indented_text():
    from deckcheck.render.json import dumps_indented

    nasty = 'Jinx "Rebel"\n\ttab \\ back, é, \u2028, \x00'
    document = check_document([_report(violations=[Violation(code="RB101", name="size", rule="TR 402.1",
                                                             severity="error", message=nasty, card=nasty, line=3)]),
                               _report()], [DeckReadError("not a deck", file="x.bin")])
    for data in (document, {}, [], {"a": [], "b": {}, "c": [1, True, None, -2]}, [{"x": 1.5}], {1: "two"}, ("t",)):
        assert dumps_indented(data) == json.dumps(data, indent=2, ensure_ascii=False)
    assert json.loads(render_json([_report()])) == check_document([_report()])


def test_the_document_is_the_standard_librarys_text_of_the_document_data():
    """render_json writes each deck by its known layout: byte for byte what json.dumps writes of
    check_document, for every field shape (nulls, text to escape, strict, unverified, no counts)."""
    nasty = 'Jinx "Rebel"\n\ttab \\ back, é, \u2028'
    unverified = Violation(code="RB010", name="not-in-data", rule="TR 401.2", severity="error", message="check by hand",
                           card="UNL-001", file=None, line=4, unverified=True)
    note = Violation(code="RB004", name="read-note", rule="TR 401.2", severity="info", message=nasty, card=nasty,
                     file="other.txt", line=None, hint="", zone=None)
    reports = [_report(violations=[WARNING, ERROR, note]), _report(source=None, legend=None, champion=None, counts={}),
               _report(violations=[unverified, note], name=nasty, player="Ana", team="Blue"),
               _report(violations=[WARNING], counts={"main": 40, "odd key é": 0})]
    for strict in (False, True):
        for batch in (reports, [], [reports[1]]):
            expected = json.dumps(check_document(batch, [DeckReadError("bad", file="b", line=3)], strict=strict,
                                                 card_data={"date": None, "sets": ["OGN"]}),
                                  indent=2, ensure_ascii=False) + "\n"
            assert render_json(batch, [DeckReadError("bad", file="b", line=3)], strict=strict,
                               card_data={"date": None, "sets": ["OGN"]}) == expected
            # each deck's part written beforehand (where it was checked, maybe another process):
            # the same text, and a part that could not be written beforehand (None) is written here
            prepared = [deck_text(r, strict) for r in batch]
            if prepared:
                prepared[0] = None
            assert render_json(batch, [DeckReadError("bad", file="b", line=3)], strict=strict,
                               card_data={"date": None, "sets": ["OGN"]}, prepared=prepared) == expected


def test_a_value_the_deck_writer_does_not_know_is_written_as_the_standard_library_writes_it():
    odd = _report(counts={"main": 40.0}, violations=[WARNING])
    expected = json.dumps(check_document([odd, _report()]), indent=2, ensure_ascii=False) + "\n"
    assert render_json([odd, _report()]) == expected
    assert '"main": 40.0' in expected
    assert deck_text(odd, False) is None, "nothing is written beforehand for it"
    assert render_json([odd, _report()], prepared=[None, deck_text(_report(), False)]) == expected


def test_text_remembered_from_one_deck_never_stands_for_an_equal_value_of_another_type():
    """The deck writer remembers the text of recurring values (counts, names, messages); a later
    deck whose values are equal but of another type (True for 1, 40.0 for 40, a list for a message,
    a number for a card) is still written as the standard library writes it."""
    zones = {"main": 40, "runes": 12, "battlefields": 1, "sideboard": 0}
    plain = dict(code="RB101", name="size", rule="TR 402.1", severity="error", message="short", card="Jinx, Rebel",
                 line=1)
    first = _report(counts=zones, violations=[Violation(**plain)])
    unverified = Violation(**plain)
    unverified.unverified = 1
    odd = [_report(counts={**zones, "battlefields": True}, violations=[Violation(**plain)]),
           _report(counts={**zones, "main": 40.0}),
           _report(violations=[Violation(**{**plain, "message": ["short"]})]),
           _report(violations=[Violation(**{**plain, "card": 7})]),
           _report(violations=[Violation(**{**plain, "card": 7.0})]),
           _report(violations=[Violation(**{**plain, "line": True})]),
           _report(violations=[unverified])]
    for before, report in [(first, report) for report in odd] + [(odd[3], odd[4])]:  # 7 and then 7.0
        expected = json.dumps(check_document([before, report]), indent=2, ensure_ascii=False) + "\n"
        assert render_json([before, report]) == expected
        assert render_json([before, report], prepared=[deck_text(before, False), deck_text(report, False)]) == expected
    assert '"battlefields": true' in render_json(odd[:1]) and '"unverified": 1' in render_json(odd[6:])
