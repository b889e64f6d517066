"""`cards info -o json` describes the card data under fixed keys, the first of them where it came from."""

from __future__ import annotations

import json

from cli.support import run_cli


def test_cards_info_json_starts_with_the_source_date_and_counts(capsys):
    info = json.loads(run_cli(capsys, "cards", "info", "-o", "json").stdout)
    assert list(info)[:4] == ["source", "data_as_of", "printings", "names"]
    assert "cards.json" in info["source"] and info["printings"] > info["names"] > 0
