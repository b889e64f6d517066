"""A number saved in a workbook cell is read as a spreadsheet shows it: 42.0 as 42, 1.5 as 1.5."""

from __future__ import annotations

from robustness.xlsx_parts import MAIN, workbook

from deckcheck.decks.xlsx import read_sheet


def test_whole_and_fractional_numbers_read_as_shown(tmp_path):
    cells = '<c r="A1" t="inlineStr"><is><t>Table</t></is></c><c r="B1"><v>42.0</v></c><c r="C1"><v>1.5</v></c>'
    sheet = f'<worksheet xmlns="{MAIN}"><sheetData><row r="1">{cells}</row></sheetData></worksheet>'
    path = workbook(tmp_path / "regs.xlsx", [("Sheet1", "worksheet", sheet)])
    assert read_sheet(str(path), None, max_rows=10, max_columns=10).rows == [(1, ["Table", "42", "1.5"])]
