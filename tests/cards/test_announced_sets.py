"""Announced sets before and after their release: a preview dump loaded with ``deckcheck cards update``
makes their cards known as preliminary; a deck with them is illegal before the release day (the
message names the set and the day it becomes legal) and legal, or unverified, from that day, with no
new deckcheck release. Legacy (LGC, 2027-01-29) is announced in the bundled sets.json (RULES.md §9);
a made-up set is announced by editing the data alone (sets.json and formats/standard.yaml)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from conftest import REPO
from cli.support import run_cli

EVELYNN = REPO / "sample_decks" / "legal-evelynn-agonys-embrace-radiance.txt"
NOON_2026_12_14 = 1_797_249_600  # noon UTC on 2026-12-14: a dump file's date is its data's date


def unit(card_id: str, name: str, domain: str, **more) -> dict:
    code, number = card_id.split("-")
    return {"id": card_id, "set": code, "number": number, "variant": None, "name": name, "type": "Unit",
            "supertypes": [], "tags": [], "domains": [domain], "energy": 2, "power": None, "power_domains": [],
            "might": 2, "rarity": "Common", **more}


#: Two previewed Legacy cards (made up: the real previews start on 2026-12-13).
LEGACY_PREVIEW = [unit("LGC-001", "Umbral Herald", "Body"),
                  unit("LGC-002", "Evelynn, Night Veil", "Chaos", supertypes=["Champion"], tags=["Evelynn"])]


def check(capsys, env: dict, deck: Path, day: str) -> tuple[int, dict]:
    result = run_cli(capsys, "check", str(deck), "--as-of", day, "-o", "json", env=env)
    return result.returncode, json.loads(result.stdout)["decks"][0]


def deck_with(tmp_path: Path, line: str) -> Path:
    """The Evelynn sample with its three Ember Monks replaced by ``line``."""
    path = tmp_path / "deck.txt"
    text = EVELYNN.read_text()
    assert "3 Ember Monk\n" in text
    path.write_text(text.replace("3 Ember Monk\n", line + "\n"))
    return path


@pytest.fixture
def legacy(capsys, tmp_path) -> dict:
    """An environment whose card data update holds the Legacy preview, as of 2026-12-14."""
    dump = tmp_path / "legacy-preview.json"
    dump.write_text(json.dumps(LEGACY_PREVIEW))
    os.utime(dump, (NOON_2026_12_14, NOON_2026_12_14))
    env = {"DECKCHECK_DATA_DIR": str(tmp_path / "data")}
    result = run_cli(capsys, "cards", "update", str(dump), env=env)
    assert result.returncode == 0, result.stderr
    shown = " ".join(result.stdout.split())
    assert ("LGC preliminary, 2 printings, data as of 2026-12-14, missing 003–346 new set Legacy: preview data; "
            "its cards are legal from 2027-01-29 (its release)") in shown
    return env


def test_a_previewed_card_is_illegal_the_day_before_release_and_legal_on_the_day(legacy, tmp_path, capsys):
    deck = deck_with(tmp_path, "3 Umbral Herald")
    code, before = check(capsys, legacy, deck, "2027-01-28")
    assert code == 1 and before["verdict"] == "illegal"
    (v,) = before["violations"]
    assert v["code"] == "RB602" and v["card"] == "Umbral Herald"
    assert "Legacy (LGC)" in v["message"] and "legal from 2027-01-29" in v["message"]
    assert "2027-01-28" in v["message"]
    code, on_the_day = check(capsys, legacy, deck, "2027-01-29")
    assert code == 0 and on_the_day["verdict"] == "legal", on_the_day["violations"]


def test_a_number_the_preview_lacks_is_illegal_before_release_and_unverified_from_it(legacy, tmp_path, capsys):
    deck = deck_with(tmp_path, "3 LGC-005")
    code, before = check(capsys, legacy, deck, "2027-01-28")
    assert code == 1 and before["verdict"] == "illegal"
    (v,) = before["violations"]
    assert v["code"] == "RB001" and "the Legacy data is preliminary" in v["message"]
    assert "Legacy (LGC) is legal in standard from 2027-01-29" in v["message"]
    code, after = check(capsys, legacy, deck, "2027-01-29")
    assert code == 1 and after["verdict"] == "unverified"
    assert [v["code"] for v in after["violations"]] == ["RB005"]


def test_without_the_preview_a_legacy_id_is_known_as_a_coming_set(tmp_path, capsys):
    env = {"DECKCHECK_DATA_DIR": str(tmp_path / "none")}
    deck = deck_with(tmp_path, "3 LGC-001")
    assert check(capsys, env, deck, "2027-01-28")[1]["verdict"] == "illegal"
    assert check(capsys, env, deck, "2027-01-29")[1]["verdict"] == "unverified"


def test_the_preview_is_preliminary_even_with_every_number(tmp_path, capsys):
    # A complete list of numbers dated before the release is still preview data.
    folder = announce(tmp_path, size=2)
    dump = tmp_path / "nxt.json"
    dump.write_text(json.dumps([unit("NXT-001", "Tidal Scout", "Body"), unit("NXT-002", "Deep Warden", "Chaos")]))
    os.utime(dump, (NOON_2026_12_14, NOON_2026_12_14))  # before the release on 2027-03-05
    env = {"DECKCHECK_CARD_DATA": str(folder), "DECKCHECK_DATA_DIR": str(tmp_path / "data")}
    result = run_cli(capsys, "cards", "update", str(dump), env=env)
    assert " ".join(result.stdout.split()).startswith(f"card data update from {dump.resolve()} NXT preliminary, "
                                                      "2 printings, data as of 2026-12-14 new set")


def announce(tmp_path: Path, size: int | None = None) -> Path:
    """A copy of the bundled data announcing a made-up set NXT, released 2027-03-05, in Standard: data only."""
    folder = tmp_path / "card_data"
    shutil.copytree(REPO / "card_data", folder)
    sets = json.loads((folder / "sets.json").read_text())
    sets["sets"].append({"code": "NXT", "name": "Nexus Tide", "released": "2027-03-05", "in_database": False,
                         "size": size})
    (folder / "sets.json").write_text(json.dumps(sets))
    standard = folder / "formats" / "standard.yaml"
    text = standard.read_text()
    assert "  - REC" in text
    standard.write_text(text.replace("  - REC", "  - REC\n  - NXT", 1))
    return folder


def test_a_made_up_announced_set_around_its_release(tmp_path, capsys):
    folder = announce(tmp_path, size=120)
    dump = tmp_path / "nxt.json"
    dump.write_text(json.dumps([unit("NXT-007", "Tidal Scout", "Body")]))
    env = {"DECKCHECK_CARD_DATA": str(folder), "DECKCHECK_DATA_DIR": str(tmp_path / "data")}
    assert run_cli(capsys, "cards", "update", str(dump), env=env).returncode == 0
    deck = deck_with(tmp_path, "3 Tidal Scout")
    code, before = check(capsys, env, deck, "2027-03-04")
    assert code == 1 and before["verdict"] == "illegal"
    (v,) = before["violations"]
    assert v["message"] == ("Tidal Scout is from Nexus Tide (NXT), which is legal from 2027-03-05 (its release): "
                            "not yet on 2027-03-04")
    code, on_the_day = check(capsys, env, deck, "2027-03-05")
    assert code == 0 and on_the_day["verdict"] == "legal"
    # The same deck under the bundled data, which does not announce NXT: never silently legal.
    bundled = {"DECKCHECK_DATA_DIR": str(tmp_path / "data")}
    code, unknown = check(capsys, bundled, deck, "2027-03-05")
    assert code == 1 and unknown["verdict"] == "unverified"
    assert "do not know its release date" in unknown["violations"][0]["message"]


def test_an_unknown_name_points_at_every_preliminary_set_with_gaps(legacy, tmp_path, capsys):
    deck = deck_with(tmp_path, "3 Zzyzx Qworp")
    result = run_cli(capsys, "check", str(deck), "--as-of", "2027-02-01", "-o", "json", env=legacy)
    (v,) = [v for v in json.loads(result.stdout)["decks"][0]["violations"] if v["code"] == "RB001"]
    assert v["hint"] == ("Check the spelling; if it is a card the preliminary data lacks (Radiance numbers 011, 022, "
                         "032, 044, 094, 104, 177; Legacy numbers 003–346), write its id, e.g. RAD-011, to check it "
                         "by hand")
