"""``deckcheck rules``, ``deckcheck rule CODE``, ``deckcheck formats``, and docs/rules.md."""

from __future__ import annotations

import json

from conftest import REPO

from deckcheck.rules import all_rules
from deckcheck.rules.describe import rules_markdown
from cli.support import run_cli


def test_rules_table_lists_every_rule(capsys):
    code, out, _ = run_cli(capsys, "rules", "--as-of", "2026-10-01")
    assert code == 0
    for r in all_rules():
        assert r.code in out and r.name in out
    assert "CR 103.2.b" in out and "2026-07-16" in out


def test_rules_json_cites_the_date(capsys):
    code, out, _ = run_cli(capsys, "rules", "--json", "--as-of", "2026-10-16")
    data = json.loads(out)
    by_code = {r["code"]: r for r in data["rules"]}
    assert code == 0 and data["numbering"] == "Core and Tournament Rules of 2026-10-09"
    assert by_code["RB103"]["references"].startswith("CR 103.3.b")
    assert by_code["RB103"]["references_2026_07_16"].startswith("CR 103.2.b")


def test_rules_for_one_format(capsys):
    _, out, _ = run_cli(capsys, "rules", "--format", "standard-bo1", "--json")
    codes = {r["code"] for r in json.loads(out)["rules"]}
    assert "RB502" in codes and "RB501" not in codes and "RB503" not in codes
    _, out, _ = run_cli(capsys, "rules", "--format", "casual", "--json")
    codes = {r["code"] for r in json.loads(out)["rules"]}
    assert "RB601" not in codes and "RB502" not in codes


def test_rule_explains_itself(capsys):
    code, out, _ = run_cli(capsys, "rule", "main-deck-size", "--as-of", "2026-10-16")
    assert code == 0
    assert out.startswith("RB101 main-deck-size (error)")
    assert "CR 103.3" in out and "CR 103.2" in out  # numbering of the date and of 2026-07-16
    assert "exactly 40" in out and "example:" in out and "fix:" in out


def test_unknown_rule_suggests(capsys):
    code, _, err = run_cli(capsys, "rule", "RB1011")
    assert code == 2 and "no rule 'RB1011'" in err and "RB101" in err


def test_formats_on_a_date(capsys):
    code, out, _ = run_cli(capsys, "formats", "--as-of", "2026-04-01")
    assert code == 0
    assert "standard-bo1" in out and "2v2" in out and "casual" in out
    assert "Obelisk of Power (2026-03-31)" in out
    assert "at most 8" in out


def test_formats_json_one_format(capsys):
    code, out, _ = run_cli(capsys, "formats", "2v2", "--json", "--as-of", "2026-08-01")
    (fmt,) = json.loads(out)
    assert code == 0 and fmt["name"] == "2v2" and fmt["sideboard"] == "at most 10"
    assert {"card": "Master Yi, Wuju Bladesman", "from": "2026-07-24"} in fmt["bans"]
    assert [s["code"] for s in fmt["coming_sets"]] == ["RAD", "LGC", "PG2", "REC"]  # RULES.md §9


def test_formats_errors(capsys):
    code, _, err = run_cli(capsys, "formats", "modern")
    assert code == 2 and "unknown format 'modern'" in err
    code, _, err = run_cli(capsys, "formats", "--as-of", "someday")
    assert code == 2 and "not a date" in err


def test_docs_page_is_up_to_date():
    page = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    assert page == rules_markdown(), "run: python -m deckcheck.rules.describe"
