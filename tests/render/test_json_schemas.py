"""The JSON documents scripts read follow the schemas shipped in the package: ``check -o json`` and
``fix -o json`` of every sample deck, the real decks, a Chinese list and the registration export
validate (draft 2020-12, with the jsonschema library); names are English, the list's own names
stand apart in ``written``."""

from __future__ import annotations

import json

import jsonschema
import pytest

from cli.support import run_cli
from conftest import REPO

from deckcheck.schemas import NAMES, schema

DAY = ("--as-of", "2026-11-30")
SAMPLES = REPO / "sample_decks"
EXPORT = SAMPLES / "registrations" / "registrations.csv"
REAL = REPO / "tests" / "golden" / "inputs" / "realdecks"
CHINESE = REPO / "tests" / "golden" / "inputs" / "chinese-kaisa.txt"
DECKS = sorted(p for p in SAMPLES.iterdir() if p.is_file() and p.suffix != ".md")


def _validate(document: dict, name: str) -> None:
    jsonschema.Draft202012Validator(schema(name)).validate(document)


def _json(capsys, *args) -> dict:
    ran = run_cli(capsys, *args, *DAY, "-o", "json")
    assert ran.returncode in (0, 1, 2), ran.stderr
    return json.loads(ran.stdout)


@pytest.mark.parametrize("name", NAMES)
def test_the_shipped_schemas_are_valid_draft_2020_12(name):
    jsonschema.Draft202012Validator.check_schema(schema(name))


@pytest.mark.parametrize("inputs", [[str(SAMPLES)], [str(REAL)], [str(EXPORT)], [str(CHINESE)]],
                         ids=["samples", "real decks", "export", "chinese"])
def test_check_json_of_real_inputs_follows_its_schema(capsys, inputs):
    document = _json(capsys, "check", *inputs)
    _validate(document, "check")
    assert document["decks"] and document["schema_version"] == 3


@pytest.mark.parametrize("path", [*DECKS, EXPORT, CHINESE], ids=lambda p: p.name)
def test_fix_json_of_every_sample_deck_and_the_export_follows_its_schema(capsys, path):
    document = _json(capsys, "fix", str(path))
    _validate(document, "fix")
    assert document["schema_version"] == 1 and document["fixes"]


def test_check_json_of_real_decks_validates_with_strict(capsys):
    _validate(_json(capsys, "check", str(REAL), "--strict"), "check")


def test_a_broken_document_is_refused_by_the_schema(capsys):
    document = _json(capsys, "check", str(CHINESE))
    document["decks"][0]["written"] = "虚空之女"  # the written names are an object with legend and champion
    with pytest.raises(jsonschema.ValidationError):
        _validate(document, "check")


def test_a_chinese_list_gives_english_names_and_ids_and_its_own_names_apart(capsys):
    (deck,) = _json(capsys, "check", str(CHINESE))["decks"]
    assert (deck["legend"], deck["legend_id"]) == ("Kai'Sa, Daughter of the Void", "OGN-247")
    assert (deck["champion"], deck["champion_id"]) == ("Darius, Trifarian", "OGN-027")
    assert deck["written"] == {"legend": "虚空之女", "champion": "德莱厄斯·崔法利"}
    cleave = next(v for v in deck["violations"] if v["code"] == "RB103")
    assert (cleave["card"], cleave["written"]) == ("Cleave", "顺劈") and cleave["card_id"].startswith("OGN-")
    sizes = next(v for v in deck["violations"] if v["code"] == "RB101")
    assert sizes["card"] is sizes["card_id"] is sizes["written"] is None


def test_an_english_list_writes_no_written_names(capsys):
    deck = _json(capsys, "check", str(SAMPLES / "illegal-annie-banned-stacked-deck.txt"))["decks"][0]
    assert deck["written"] == {"legend": None, "champion": None}
    banned = next(v for v in deck["violations"] if v["code"] == "RB601")
    assert (banned["card"], banned["written"]) == ("Stacked Deck", None) and banned["card_id"]


def test_fix_json_keeps_the_chinese_names_apart_from_the_english(capsys):
    (fixed,) = _json(capsys, "fix", str(CHINESE))["fixes"]
    cuts = {c["card"]: c["written"] for c in fixed["changes"] if c["delta"] < 0}
    assert cuts == {"Darius, Trifarian": "德莱厄斯·崔法利", "Gust": "罡风", "Cleave": "顺劈"}


def test_the_text_output_still_shows_both_names(capsys):
    shown = run_cli(capsys, "check", str(CHINESE), *DAY, "--lang", "en").stdout
    assert "legend Kai'Sa, Daughter of the Void (虚空之女)" in shown


@pytest.mark.parametrize("game", ["1", "2"])
def test_a_deck_check_in_fix_json_follows_its_schema(capsys, game):
    """A judge's deck check (``fix --presented``) carries its infraction and remedy in the documented shape."""
    registered = SAMPLES / "legal-jinx-loose-cannon.txt"
    presented = SAMPLES / "illegal-kaisa-too-many-copies.txt"
    document = _json(capsys, "fix", str(registered), "--presented", str(presented), "--game", game)
    _validate(document, "fix")
    (fixed,) = document["fixes"]
    assert fixed["deck_check"]["game"] == int(game)
    assert fixed["deck_check"]["infraction"]["name"] == "Deck Presentation Error"


def test_a_corrected_name_in_fix_json_follows_its_schema(capsys, tmp_path):
    """A misspelt name with one close match is a change of its own (delta 0, the name as written, its line)."""
    listed = (SAMPLES / "illegal-kaisa-too-many-copies.txt").read_text(encoding="utf-8")
    deck = tmp_path / "typo.txt"
    deck.write_text(listed.replace("Ravenbloom Student", "Ravnbloom Student"), encoding="utf-8")
    document = _json(capsys, "fix", str(deck))
    _validate(document, "fix")
    (correction,) = [c for c in document["fixes"][0]["changes"] if c["delta"] == 0]
    assert (correction["card"], correction["written"], correction["code"]) == (
        "Ravenbloom Student", "Ravnbloom Student", "RB001")
