"""The organiser outputs at their exact edges: --strict fills a warning deck's problem columns, a
codes column names each code once, a sheet's failing codes leave warnings out, a sheet switches to
codes only past 5 marked lines (not at 5), ``sheet`` honours the settings' exclude, SARIF with
--select describes only the rules selected, a player's name never becomes a formula or a column,
and a batch rendered with strict judges with strict."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from cli.support import run_cli
from conftest import REPO
from decks.test_registrations import export

import deckcheck
from deckcheck.render.sheets import INLINE_PROBLEMS, sheet_context

AS_OF = ("--as-of", "2026-11-30")
SAMPLES = REPO / "sample_decks"
JINX = (SAMPLES / "legal-jinx-loose-cannon.txt").read_text(encoding="utf-8")
KENNEN = (SAMPLES / "legal-kennen-chaos-order.code").read_text(encoding="utf-8").strip()
#: Cards of the Jinx list listed twice there: each raised to 4 copies is one line over its limit (RB103).
TWOS = ("Cleave", "Hextech Ray", "Legion Rearguard", "Noxus Hopeful", "Pouty Poro", "Gust", "Ride the Wind")


def _over_limit(lines: int) -> str:
    """The Jinx list with ``lines`` of its cards at 4 copies."""
    text = JINX
    for name in TWOS[:lines]:
        text = text.replace(f"\n2 {name}\n", f"\n4 {name}\n")
    return text


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def _twice(tmp_path):
    """An export whose two legal rows are one player's: each warns (RB003), none fails."""
    return export(tmp_path, [["", "Ana", "", KENNEN], ["", "Ana", "", JINX]])


def test_strict_fills_a_warning_decks_problem_columns_and_plain_leaves_them_empty(tmp_path, capsys):
    path = _twice(tmp_path)
    plain = _rows(run_cli(capsys, "check", str(path), *AS_OF, "-o", "csv").stdout)
    strict = _rows(run_cli(capsys, "check", str(path), *AS_OF, "-o", "csv", "--strict").stdout)
    assert [(r["codes"], r["problems"]) for r in plain] == [("", "")] * 2
    assert [r["codes"] for r in strict] == ["RB003", "RB003"]
    assert all(r["first_problem"].startswith("RB003") and "registered more than once" in r["problems"] for r in strict)
    table = run_cli(capsys, "check", str(path), *AS_OF, "-o", "markdown", "--strict").stdout
    assert table.count("RB003 Ana is registered more than once") == 2


def test_the_codes_column_names_each_code_once(tmp_path, capsys):
    deck = tmp_path / "jinx.txt"
    deck.write_text(_over_limit(2), encoding="utf-8")
    (row,) = _rows(run_cli(capsys, "check", str(deck), *AS_OF, "-o", "csv").stdout)
    assert row["problems"].count("RB103") == 2
    assert row["codes"].split().count("RB103") == 1 and len(set(row["codes"].split())) == len(row["codes"].split())


def _sheet(tmp_path, text: str) -> dict:
    deck = tmp_path / "deck.txt"
    deck.write_text(text, encoding="utf-8")
    batch = deckcheck.check_paths([str(deck)], as_of=AS_OF[1], keep_decks=True)
    return sheet_context(batch.decks[0], batch.reports[0], event="Piltover Open")


@pytest.mark.parametrize("lines", [INLINE_PROBLEMS, INLINE_PROBLEMS + 1])
def test_a_sheet_marks_lines_in_words_up_to_5_problems_and_with_codes_past_them(tmp_path, capsys, lines):
    assert INLINE_PROBLEMS == 5
    sheet = _sheet(tmp_path, _over_limit(lines))
    marked = [p for zone in sheet["zones"] for line in zone["lines"] for p in line["problems"]]
    assert len(marked) == lines
    assert sheet["dense"] is (lines > 5)
    deck = tmp_path / "deck.txt"
    html = run_cli(capsys, "sheet", str(deck), *AS_OF).stdout
    assert ('<section class="sheet illegal dense"' in html) is (lines > 5)
    assert ('<tr class="note">' in html) is (lines <= 5)  # each line's problem in words under it


def test_a_sheet_leaves_warnings_out_of_the_codes_that_fail_the_deck(tmp_path):
    text = _over_limit(1).replace("\n4 Cleave\n", "\n4 Cleave\nSharkling\n")  # a line without a count: RB003
    sheet = _sheet(tmp_path, text)
    levels = {p["code"]: p["level"] for zone in sheet["zones"] for line in zone["lines"] for p in line["problems"]}
    levels.update((p["code"], p["level"]) for p in sheet["general"])
    assert levels.get("RB003") == "warning" and sheet["warnings"] >= 1
    assert "RB103" in sheet["codes"] and "RB003" not in sheet["codes"]


def test_sheet_honours_the_settings_exclude(tmp_path, capsys):
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "jinx.txt").write_text(JINX, encoding="utf-8")
    (decks / "draft.txt").write_text(_over_limit(1), encoding="utf-8")
    (tmp_path / "deckcheck.toml").write_text('exclude = ["decks/draft.txt"]\n', encoding="utf-8")
    html = run_cli(capsys, "sheet", "decks", *AS_OF, cwd=tmp_path).stdout
    assert html.count('<section class="sheet ') == 1 and "draft.txt" not in html


def test_sarif_with_select_describes_only_the_selected_rules(capsys):
    every = json.loads(run_cli(capsys, "check", str(SAMPLES), *AS_OF, "-o", "sarif").stdout)
    only = json.loads(run_cli(capsys, "check", str(SAMPLES), *AS_OF, "-o", "sarif", "--select", "RB1").stdout)
    described = [rule["id"] for rule in only["runs"][0]["tool"]["driver"]["rules"]]
    assert described and all(code.startswith("RB1") for code in described)
    assert len(every["runs"][0]["tool"]["driver"]["rules"]) > len(described)


def test_a_player_named_like_a_formula_is_text_in_the_csv_report(tmp_path, capsys):
    path = export(tmp_path, [["", '=HYPERLINK("http://x.example/","click")', "", KENNEN], ["", "@SUM(1)", "", JINX]])
    rows = _rows(run_cli(capsys, "check", str(path), *AS_OF, "-o", "csv").stdout)
    assert [r["player"] for r in rows] == ['\'=HYPERLINK("http://x.example/","click")', "'@SUM(1)"]


def test_a_player_name_with_a_pipe_stays_in_its_markdown_cell(tmp_path, capsys):
    path = export(tmp_path, [["", "Ana | Bo", "", KENNEN], ["", "Cy", "", JINX]])
    table = run_cli(capsys, "check", str(path), *AS_OF, "-o", "markdown").stdout
    rows = [line for line in table.splitlines() if line.startswith("| ")]
    cells = [len(re.split(r"(?<!\\)\|", line)) for line in rows]
    assert len(set(cells)) == 1  # header and every row: the same columns
    assert "Ana \\| Bo" in table


def test_a_batch_checked_without_strict_renders_json_with_strict_verdicts(tmp_path):
    batch = deckcheck.check_paths([str(_twice(tmp_path))], as_of=AS_OF[1])
    plain, strict = json.loads(batch.render("json")), json.loads(batch.render("json", strict=True))
    assert [d["passed"] for d in plain["decks"]] == [True, True]
    assert [d["passed"] for d in strict["decks"]] == [False, False] and strict["summary"]["failed"] == 2
    assert batch.exit_code(strict=True) == 1 and batch.exit_code() == 0
