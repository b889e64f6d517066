"""Radiance in the bundled data, its provenance, and what a player sees of it through the command line."""

from __future__ import annotations

import json

import pytest

from conftest import REPO
from cli.support import run_cli

SAMPLES = REPO / "sample_decks"
EVELYNN = SAMPLES / "legal-evelynn-agonys-embrace-radiance.txt"
ZIGGS = SAMPLES / "unverified-ziggs-radiance-missing-cards.txt"
AFTER_RELEASE = "2026-11-30"


def check_json(capsys, path, *extra: str) -> tuple[int, dict]:
    result = run_cli(capsys, "check", str(path), "--as-of", AFTER_RELEASE, "-o", "json", *extra)
    assert "Traceback" not in result.stderr
    return result.returncode, json.loads(result.stdout)


def test_a_legal_radiance_deck_is_legal(capsys):
    code, doc = check_json(capsys, EVELYNN)
    deck = doc["decks"][0]
    assert code == 0 and deck["verdict"] == "legal" and deck["errors"] == 0
    assert deck["legend"] == "Evelynn, Agony's Embrace" and deck["champion"] == "Evelynn, Consuming"


def test_the_legal_radiance_deck_was_not_legal_before_release(capsys):
    result = run_cli(capsys, "check", str(EVELYNN), "--as-of", "2026-10-22", "-o", "json")
    deck = json.loads(result.stdout)["decks"][0]
    assert result.returncode == 1 and deck["verdict"] == "illegal"
    assert {v["code"] for v in deck["violations"] if v["severity"] == "error"} == {"RB602"}


def test_a_card_missing_from_the_preliminary_data_makes_the_deck_unverified(capsys):
    code, doc = check_json(capsys, ZIGGS)
    deck = doc["decks"][0]
    assert code == 1 and deck["verdict"] == "unverified" and deck["legal"] is False
    to_check = [(v["code"], v["card"], v["line"]) for v in deck["violations"] if v["unverified"]]
    assert to_check == [("RB005", "RAD-011", 12), ("RB005", "RAD-094", 20)]
    assert doc["summary"]["unverified"] == 1 and doc["summary"]["illegal"] == 0
    text = run_cli(capsys, "check", str(ZIGGS), "--as-of", AFTER_RELEASE)
    assert text.returncode == 1
    assert text.stdout.startswith("? unverified  sample_decks/unverified-ziggs") or "? unverified" in text.stdout
    assert "check by hand RAD-011, RAD-094" in text.stdout


def test_a_misspelt_radiance_card_is_illegal_not_unverified(tmp_path, capsys):
    typo = tmp_path / "typo.txt"
    typo.write_text(EVELYNN.read_text().replace("3 Momentary Companion", "3 Momentary Companoin"))
    code, doc = check_json(capsys, typo)
    deck = doc["decks"][0]
    assert code == 1 and deck["verdict"] == "illegal"
    [wrong] = [v for v in deck["violations"] if v["severity"] == "error"]
    assert wrong["code"] == "RB001" and not wrong["unverified"] and "Momentary Companion" in wrong["hint"]
    beside = tmp_path / "both.txt"  # a typo beside a card the data lacks: still illegal
    beside.write_text(ZIGGS.read_text().replace("3 Disposal Expert", "3 Disposal Expret"))
    assert check_json(capsys, beside)[1]["decks"][0]["verdict"] == "illegal"


@pytest.mark.parametrize("card_id", ["RAD-250", "RAD-185"])
def test_an_id_past_every_printing_is_illegal(tmp_path, card_id, capsys):
    deck = tmp_path / "deck.txt"
    deck.write_text(EVELYNN.read_text().replace("3 Momentary Companion", f"3 {card_id}"))
    code, doc = check_json(capsys, deck)
    assert code == 1 and doc["decks"][0]["verdict"] == "illegal"


def test_cards_info_lists_every_set_with_state_date_printings_and_missing_numbers(capsys):
    result = run_cli(capsys, "cards", "info")
    assert result.returncode == 0, result.stderr
    rad = next(line for line in result.stdout.splitlines() if line.startswith("RAD "))
    assert rad.split() == ["RAD", "Radiance", "2026-10-23", "preliminary", "2026-10-10", "218",
                           "011", "022", "032", "044", "094", "104", "177"]
    ogn = next(line for line in result.stdout.splitlines() if line.startswith("OGN "))
    assert ogn.split()[3:6] == ["complete", "2026-08-22", "413"]
    assert "docs/card-data.md" in result.stdout and (REPO / "docs" / "card-data.md").exists()
    data = json.loads(run_cli(capsys, "cards", "info", "--json").stdout)
    by_code = {s["code"]: s for s in data["sets"]}
    assert by_code["RAD"]["doubtful_printings"] == 36 and by_code["VEN"]["missing"] == []


def test_cards_show_marks_facts_in_doubt(capsys):
    wyvern = run_cli(capsys, "cards", "show", "RAD-092")
    assert wyvern.returncode == 0
    domains = next(line for line in wyvern.stdout.splitlines() if "domains" in line)
    assert "Body" in domains and "in doubt" in domains
    assert "preliminary Radiance data as of 2026-10-10" in " ".join(wyvern.stdout.split())
    data = json.loads(run_cli(capsys, "cards", "show", "RAD-007", "--json").stdout)
    assert data["doubt"] == {"type": ["RL", "rejected JP=Gear"]} and data["data_state"] == "preliminary"
    plain = run_cli(capsys, "cards", "show", "RAD-001")
    assert "in doubt" not in plain.stdout


def test_importing_the_shared_dumps_from_the_command_line(tmp_path, capsys):
    shared = REPO.parent / "shared" / "carddata"
    if not shared.exists():
        pytest.skip("shared/ card dumps not beside the repo")
    out = tmp_path / "bundle"
    result = run_cli(capsys, "cards", "import", str(shared / "cards.json"), str(shared / "rad_preliminary.json"),
                             "--out-dir", str(out), "--data-as-of", "2026-08-22", "--preliminary", "RAD:2026-10-10")
    assert result.returncode == 0, result.stderr
    assert "RAD 218 (preliminary)" in " ".join(result.stdout.split())
    assert (out / "cards.json").read_bytes() == (REPO / "card_data" / "cards.json").read_bytes()
    refused = run_cli(capsys, "cards", "import", str(shared / "cards.json"), str(shared / "rad_preliminary.json"),
                              "--out-dir", str(tmp_path / "other"), "--data-as-of", "2026-08-22")
    assert refused.returncode == 2 and "set RAD lacks collector numbers" in refused.stderr


def test_an_unknown_name_says_a_missing_radiance_number_is_written_by_id(tmp_path, capsys):
    deck = tmp_path / "deck.txt"
    deck.write_text(EVELYNN.read_text().replace("3 Momentary Companion", "3 Zzyzx Qworp"))
    code, doc = check_json(capsys, deck)
    [v] = [v for v in doc["decks"][0]["violations"] if v["code"] == "RB001"]
    assert code == 1 and doc["decks"][0]["verdict"] == "illegal"
    assert "write its id, e.g. RAD-011" in v["hint"] and "011, 022, 032, 044, 094, 104, 177" in v["hint"]
