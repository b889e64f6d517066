"""Hostile registration exports: one broken file is one unreadable input, a quote never hides
rows, the limits refuse early and name themselves, and every guess is said."""

from __future__ import annotations

import codecs
import json
import os

import pytest

from conftest import REPO
from cli.support import run_cli
from robustness.xlsx_parts import MAIN, sheet_xml, workbook

from deckcheck.decks import xlsx
from deckcheck.decks.export_encoding import check_encoding, decode_export
from deckcheck.decks.registrations import MAX_COLUMNS, read_export
from deckcheck.errors import DeckcheckError, DeckReadError

CODE = (REPO / "sample_decks" / "legal-kennen-chaos-order.code").read_text().strip()
AS_OF = "2026-10-20"


def check(capsys, *args: str, cwd=None):
    """``deckcheck check ARGS --as-of AS_OF -o json`` as a user runs it: (exit code, document, stderr)."""
    done = run_cli(capsys, "check", *args, "--as-of", AS_OF, "-o", "json", cwd=cwd or REPO)
    assert "internal error" not in done.stderr, done.stderr
    return done.returncode, json.loads(done.stdout or "null"), done.stderr


def good_csv(tmp_path, name="regs.csv"):
    path = tmp_path / name
    path.write_text(f"Player,Deck\nAna,{CODE}\nBen,{CODE}\n", encoding="utf-8")
    return path


# ------------------------------------------------------------------ quotes
def test_an_unbalanced_quote_names_the_rows_it_would_swallow_and_later_players_are_checked(tmp_path, capsys):
    rows = ["Player,Email,Deck"] + [f"Player{i},p{i}@x,{CODE}" for i in range(1, 11)]
    rows[5] = f'"Player5,p5@x,{CODE}'
    path = tmp_path / "regs.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    found = read_export(str(path))
    assert [r.player for r in found.registrations] == [f"Player{i}" for i in range(1, 5)] + ['"Player5'] + [
        f"Player{i}" for i in range(6, 11)]
    (bad,) = [r for r in found.registrations if r.notes]
    assert bad.row == 6 and "would have swallowed rows 7–11" in bad.notes[0]
    code, doc, stderr = check(capsys, str(path))
    assert len(doc["decks"]) == 10 and not doc["unreadable"]
    assert "regs.csv: an unbalanced quote" in stderr and "rows 7–11" in stderr
    flagged = [d for d in doc["decks"] if d["source"].endswith(":6")][0]
    assert any("unbalanced quote" in v["message"] for v in flagged["violations"])


def test_a_quote_closed_mid_cell_pairs_with_nothing_later(tmp_path):
    path = tmp_path / "regs.csv"
    path.write_text(f'Player,Deck\n"Kai"Sa Fan,{CODE}\nBen,"{CODE}"\n', encoding="utf-8")
    found = read_export(str(path))
    assert [r.player for r in found.registrations] == ['"Kai"Sa Fan', "Ben"]
    assert "ends in the middle of a cell" in found.registrations[0].notes[0]
    assert found.registrations[1].text == CODE  # a well-quoted cell after it is read as usual


# ------------------------------------------------------------------ broken workbooks
def _broken_workbooks(tmp_path):
    header = [["Player", "Deck"], ["Ana", CODE]]
    yield "only a chartsheet", workbook(tmp_path / "chart.xlsx", [("Chart1", "chartsheet", "<chartsheet/>")]), \
        "no worksheet"
    yield "no sheets", workbook(tmp_path / "none.xlsx", []), "no sheets"
    yield "a missing part", workbook(tmp_path / "missing.xlsx", [("Sheet1", "worksheet", None)]), "lacks the part"
    yield "a number that is not one", workbook(tmp_path / "nan.xlsx", [("S", "worksheet", (
        f'<worksheet xmlns="{MAIN}"><sheetData><row r="1"><c r="A1"><v>notanumber</v></c></row></sheetData>'
        "</worksheet>"))]), "where its number belongs"
    yield "a cell past XFD", workbook(tmp_path / "zz.xlsx", [("S", "worksheet", (
        f'<worksheet xmlns="{MAIN}"><sheetData><row r="2"><c r="ZZZZZZ2"><v>1</v></c></row></sheetData>'
        "</worksheet>"))]), "'ZZZZZZ2' is not a cell"
    yield "a shared string out of range", workbook(tmp_path / "sst.xlsx", [("S", "worksheet", (
        f'<worksheet xmlns="{MAIN}"><sheetData><row r="1"><c r="A1" t="s"><v>7</v></c></row></sheetData>'
        "</worksheet>"))], shared=f'<sst xmlns="{MAIN}"><si><t>x</t></si></sst>'), "shared string '7'"
    yield "not XML", workbook(tmp_path / "junk.xlsx", [("S", "worksheet", "<worksheet><row>")]), "not well-formed"
    yield "a DTD", workbook(tmp_path / "dtd.xlsx", [("S", "worksheet", (
        '<!DOCTYPE w [<!ENTITY a "aaaa">]><worksheet>&a;</worksheet>'))]), "DTD"
    yield "a missing workbook", workbook(tmp_path / "nowb.xlsx", [("S", "worksheet", sheet_xml(header))],
                                         drop=("xl/workbook.xml",)), "lacks its part xl/workbook.xml"


def test_each_broken_workbook_is_one_unreadable_input_and_the_good_rows_are_checked(tmp_path, capsys):
    good = good_csv(tmp_path)
    cases = list(_broken_workbooks(tmp_path))
    for what, path, words in cases:
        with pytest.raises(DeckReadError, match=None) as caught:
            read_export(str(path))
        assert words in str(caught.value), (what, str(caught.value))
        assert "\n" not in str(caught.value)
    code, doc, _ = check(capsys, str(good), *(str(path) for _, path, _ in cases))
    assert code == 2
    assert [d["player"] for d in doc["decks"]] == ["Ana", "Ben"]
    assert sorted(u["source"] for u in doc["unreadable"]) == sorted(str(p) for _, p, _ in cases)


def test_sheet_names_are_matched_without_case_and_a_chartsheet_is_named(tmp_path):
    path = workbook(tmp_path / "regs.xlsx", [
        ("Instructions", "worksheet", sheet_xml([["Read me first"], ["Fill in the next sheet"]])),
        ("Chart", "chartsheet", "<chartsheet/>"),
        ("Registrations", "worksheet", sheet_xml([["Player", "Deck"], ["Zoë", CODE]]))])
    assert read_export(str(path), sheet="registrations").registrations[0].player == "Zoë"
    with pytest.raises(DeckReadError, match="sheet 'Chart' is a chartsheet with no cells"):
        read_export(str(path), sheet="chart")
    with pytest.raises(DeckReadError) as caught:
        read_export(str(path))
    assert "no deck column found" in str(caught.value)
    assert "'Instructions', 'Chart', 'Registrations' (choose one with --sheet)" in str(caught.value)


def test_formulas_without_a_saved_value_and_cells_past_the_column_limit_are_said(tmp_path):
    far = xlsx.column_letters(MAX_COLUMNS + 3)
    part = (f'<worksheet xmlns="{MAIN}"><sheetData>'
            '<row r="1"><c r="A1" t="inlineStr"><is><t>Player</t></is></c><c r="B1" t="inlineStr"><is><t>Deck</t>'
            '</is></c></row>'
            f'<row r="2"><c r="A2" t="inlineStr"><is><t>Ana</t></is></c><c r="B2" t="inlineStr"><is><t>{CODE}</t>'
            f'</is></c><c r="{far}2" t="inlineStr"><is><t>lost</t></is></c></row>'
            '<row r="3"><c r="A3" t="inlineStr"><is><t>Ben</t></is></c><c r="B3" t="str"><f>Sheet2!A1</f></c></row>'
            '<row r="4"><c r="A4"><f>1+1</f></c></row>'
            '</sheetData></worksheet>')
    path = workbook(tmp_path / "regs.xlsx", [("S", "worksheet", part)])
    found = read_export(str(path))
    notices = " | ".join(str(n) for n in found.notices)
    assert f"cells past column {MAX_COLUMNS} (SF) are not read (row 2)" in notices
    assert "formula cells B3, A4 saved without a value" in notices
    ben, blank = found.registrations[1:]
    assert "the deck cell B3 is a formula saved without a value" in str(ben.error)
    assert blank.row == 4 and blank.error is not None  # not skipped as a blank row


def test_a_dimension_claim_is_ignored(tmp_path):
    path = workbook(tmp_path / "regs.xlsx", [("S", "worksheet", sheet_xml(
        [["Player", "Deck"], ["Ana", CODE]], dimension="A1:XFD100001"))])
    found = read_export(str(path))
    assert [(r.row, r.player) for r in found.registrations] == [(2, "Ana")]


# ------------------------------------------------------------------ limits that refuse early
def test_deep_nesting_is_refused_at_the_limit_in_any_part(tmp_path):
    deep = "<x>" * (xlsx.MAX_DEPTH + 1) + "</x>" * (xlsx.MAX_DEPTH + 1)
    sheet = workbook(tmp_path / "deep.xlsx", [("S", "worksheet", f'<worksheet xmlns="{MAIN}">{deep}</worksheet>')])
    strings = workbook(tmp_path / "deep-sst.xlsx", [("S", "worksheet", sheet_xml([["Player", "Deck"]]))],
                       shared=f'<sst xmlns="{MAIN}"><si>{deep}</si></sst>')
    for path in (sheet, strings):
        with pytest.raises(DeckReadError, match=f"nested too deeply \\(more than {xlsx.MAX_DEPTH} levels\\)"):
            read_export(str(path))


def test_shared_strings_cells_and_rows_have_limits(tmp_path, monkeypatch):
    monkeypatch.setattr(xlsx, "MAX_SHARED_STRINGS", 10)
    monkeypatch.setattr(xlsx, "MAX_CELLS", 30)
    many = workbook(tmp_path / "sst.xlsx", [("S", "worksheet", sheet_xml([["Player", "Deck"]]))],
                    shared=f'<sst xmlns="{MAIN}">' + "<si/>" * 11 + "</sst>")
    with pytest.raises(DeckReadError, match="too many shared strings \\(more than 10\\)"):
        read_export(str(many))
    wide = workbook(tmp_path / "cells.xlsx", [("S", "worksheet", sheet_xml(
        [["Player", "Deck"]] + [["p", CODE]] * 20))])
    with pytest.raises(DeckReadError, match="too many cells \\(more than 30\\)"):
        read_export(str(wide))
    far = workbook(tmp_path / "rows.xlsx", [("S", "worksheet", (
        f'<worksheet xmlns="{MAIN}"><sheetData><row r="1048577"/></sheetData></worksheet>'))])
    with pytest.raises(DeckReadError, match="is not a row of a worksheet"):
        read_export(str(far))


def test_a_huge_header_line_and_a_cr_only_file_are_sniffed_from_their_start(tmp_path):
    header = ",".join(f"Column {i}" for i in range(MAX_COLUMNS + 100))
    path = tmp_path / "wide.csv"
    path.write_text("\r".join([header, f"Ana,{CODE}"] + [f"P{i},{CODE}" for i in range(3)]) + "\r", encoding="utf-8")
    found = read_export(str(path), player_column="Column 0", deck_column="Column 1")
    assert [r.player for r in found.registrations] == ["Ana", "P0", "P1", "P2"]


def test_too_many_separators_are_refused_before_any_row_is_split(tmp_path, monkeypatch):
    from deckcheck.decks import registrations

    monkeypatch.setattr(registrations, "MAX_SEPARATORS", 100)
    path = tmp_path / "regs.csv"
    path.write_text("Player,Deck\n" + "," * 101 + "\n", encoding="utf-8")
    with pytest.raises(DeckReadError, match="too many cells: more than 100 separators"):
        read_export(str(path))


def test_too_many_tabs_are_named_as_tabs_not_as_an_invisible_character(tmp_path, monkeypatch):
    from deckcheck.decks import registrations

    monkeypatch.setattr(registrations, "MAX_SEPARATORS", 100)
    path = tmp_path / "regs.tsv"
    path.write_text("Player\tDeck\n" + "\t" * 101 + "\n", encoding="utf-8")
    with pytest.raises(DeckReadError) as refused:
        read_export(str(path))
    assert str(refused.value).endswith("too many cells: more than 100 separators (tabs)")


def test_not_a_regular_file_is_refused_unread(tmp_path):
    fifo = tmp_path / "regs.csv"
    os.mkfifo(fifo)  # no writer: opening it for reading must not wait
    for path in (str(fifo), "/dev/zero"):
        with pytest.raises(DeckReadError, match="not a regular file"):
            read_export(path if path.endswith(".csv") else path)
    xfifo = tmp_path / "regs.xlsx"
    os.mkfifo(xfifo)
    with pytest.raises(DeckReadError, match="not a regular file \\(a pipe\\)"):
        read_export(str(xfifo))


# ------------------------------------------------------------------ encodings
def test_encodings_that_are_not_text_are_a_usage_error(tmp_path, capsys):
    with pytest.raises(DeckcheckError, match="'rot13' is not a text encoding"):
        check_encoding("rot13")
    done = run_cli(capsys, "check", str(good_csv(tmp_path)), "--encoding", "rot13")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "is not a text encoding" in done.stderr and not done.stdout


def test_mixed_encodings_are_decoded_line_by_line_and_said(tmp_path):
    data = "Player,Deck\n".encode() + "José,X\n".encode("utf-8") + "Zoë,Y\n".encode("cp1252")
    notes: list[str] = []
    text, used = decode_export(data, "r.csv", None, notes)
    assert "José" in text and "Zoë" in text and used == "utf-8+cp1252"
    assert notes == ["mixed encodings: line 2 read as UTF-8, line 3 as Windows-1252; save the file in one "
                     "encoding (UTF-8)"]
    notes.clear()
    _, used = decode_export("Player\nZoë\n".encode("cp1252"), "r.csv", None, notes)
    assert used == "cp1252" and "read as Windows-1252 (first at line 2)" in notes[0]


@pytest.mark.parametrize("codec", ["utf-32-le", "utf-32-be"])
def test_a_utf32_bom_is_recognised(codec):
    bom = codecs.BOM_UTF32_LE if codec.endswith("le") else codecs.BOM_UTF32_BE
    text, used = decode_export(bom + "Player,Deck\nZoë,X\n".encode(codec), "r.csv")
    assert used == "utf-32" and text.startswith("Player,Deck\nZoë")


def test_excel_unicode_text_saved_as_txt_is_read_like_a_tsv(tmp_path, capsys):
    path = tmp_path / "registrations.txt"
    path.write_bytes(codecs.BOM_UTF16_LE + f"Player\tDeck\r\nZoë\t{CODE}\r\n".encode("utf-16-le"))
    deck = tmp_path / "deck.txt"  # a deck list saved by Notepad as "Unicode", with a tab: still a deck file
    deck.write_bytes(codecs.BOM_UTF16_LE + (REPO / "sample_decks" / "legal-jinx-loose-cannon.txt").read_text(
        encoding="utf-8").replace(" ", "\t", 1).encode("utf-16-le"))
    code, doc, _ = check(capsys, str(path), str(deck))
    assert code == 0 and [d["player"] for d in doc["decks"]] == ["Zoë", None]


# ------------------------------------------------------------------ silent guesses
def test_no_player_column_repeated_headers_and_players_are_said(tmp_path, capsys):
    path = tmp_path / "regs.csv"
    path.write_text(f"Pseudo,Deck,Deck\nAna,{CODE},\nana ,{CODE},\nBen,{CODE},\n", encoding="utf-8")
    found = read_export(str(path))
    notices = [str(n) for n in found.notices]
    assert any("no player column found (other columns: 'Pseudo', 'Deck')" in n and "--player-column" in n for n in notices)
    assert any("the header 'Deck' names columns B, C; column B is read" in n for n in notices)
    found = read_export(str(path), player_column="Pseudo")
    ana, again, ben = found.registrations
    assert ana.notes == ["Ana is registered more than once: also in row 3; keep one registration per player"]
    assert again.notes and not ben.notes
    _, doc, stderr = check(capsys, str(path), "--player-column", "Pseudo")
    assert "warning: " in stderr and "names columns B, C" in stderr
    assert sum("registered more than once" in v["message"] for d in doc["decks"] for v in d["violations"]) == 2
