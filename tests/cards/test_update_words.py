"""cards update names a broken printing by its row counted from 1 and says what is wrong in
deckcheck's words, never the validation library's."""

from __future__ import annotations

import json

import pytest

from conftest import REPO
from cli.support import run_cli

LIBRARY_WORDS = ("Input should", "String should", "Field required", "validation error", "Value error")


@pytest.mark.parametrize("change, words", [
    ({"energy": "two"}, "energy: 'two' is not a whole number"),
    ({"might": -5}, "might: -5 is too small: it must be at least 0"),
    ({"type": "Unitt"}, "type: 'Unitt' is not one of Unit, Spell, Gear, Legend, Battlefield, Rune or Token"),
    ({"domains": ["Fury", "Purple"]}, "domains item 2: 'Purple' is not one of Fury, Calm, Mind, Body, Chaos or Order"),
])
def test_a_broken_printing_is_named_by_its_row_from_one(tmp_path, monkeypatch, change, words, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    rows = json.loads((REPO / "card_data" / "cards.json").read_text(encoding="utf-8"))[:3]
    rows = [{k: v for k, v in r.items() if k != "champion_tag"} for r in rows]
    rows[1] = {**rows[1], **change}
    dump = tmp_path / "dump.json"
    dump.write_text(json.dumps(rows))
    result = run_cli(capsys, "cards", "update", str(dump), "--dry-run")
    message = result.stderr
    assert result.returncode == 2
    assert f"row 2 ({rows[1]['id']}): {words}" in message, message
    assert not any(w in message for w in LIBRARY_WORDS) and "row 1 (" not in message
