"""Registration exports (CSV, TSV, sniffed delimiters, encodings, .xlsx): one deck per row, the
player carried into every output; folder checks list the files they skip."""

from __future__ import annotations

import csv
import io
import json

import pytest

from conftest import REPO
from cli.support import run_cli
from cli.test_check import JINX, KENNEN_CODE, SAMPLES, assert_clean_failure

from deckcheck.decks.export_encoding import decode_export
from deckcheck.decks.registrations import read_export, sniff_delimiter
from deckcheck.errors import DeckcheckError, DeckReadError

JINX_LIST = JINX.read_text(encoding="utf-8")
AS_OF = "2026-10-20"


def assert_listed_unreadable(result, *words: str) -> None:
    """Exit 2, the file listed as unreadable with the words, no traceback."""
    text = result.stdout
    assert result.returncode == 2 and "Traceback" not in text + result.stderr, (text, result.stderr)
    assert "✗ unreadable" in text
    for word in words:
        assert word in text


def export(tmp_path, rows, name="registrations.csv", delimiter=",", encoding="utf-8", header=None):
    header = header or ["Timestamp", "Player name", "E-mail", "Deck (code or list)"]
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(rows)
    path = tmp_path / name
    path.write_bytes(buffer.getvalue().encode(encoding))
    return path


ROWS = [
    ["2026-11-20 10:00", "Zoë O'Brien", "zoe@example.org", KENNEN_CODE],
    ["", "", "", ""],
    ["2026-11-20 10:05", "José Núñez", "jose@example.org", JINX_LIST],
    ["2026-11-20 10:06", "Bob", "bob@example.org", KENNEN_CODE[:40]],
    ["2026-11-20 10:07", "Siobhán D'Arcy", "s@example.org", ""],
]


def test_every_row_is_a_deck_with_its_row_and_player(tmp_path):
    path = export(tmp_path, ROWS)
    found = read_export(str(path))
    assert (found.player_column, found.deck_column) == ("Player name", "Deck (code or list)")
    assert [(r.row, r.player) for r in found.registrations] == [
        (2, "Zoë O'Brien"), (4, "José Núñez"), (5, "Bob"), (6, "Siobhán D'Arcy")]
    assert found.blank_rows == [3]
    assert found.registrations[0].source == f"{path}:2"
    assert found.registrations[0].read().player == "Zoë O'Brien"
    with pytest.raises(DeckReadError, match="no deck in the 'Deck \\(code or list\\)' column") as caught:
        found.registrations[3].read()
    assert caught.value.player == "Siobhán D'Arcy"


def test_check_an_export_end_to_end(tmp_path, capsys):
    path = export(tmp_path, ROWS)
    result = run_cli(capsys, "check", str(path), "--as-of", AS_OF)
    text = result.stdout
    assert result.returncode == 2, text  # unreadable rows make the batch exit 2; the others are checked
    assert f"✓ legal  {path} row 2  player Zoë O'Brien" in text
    assert f"{path} row 4  player José Núñez" in text
    assert f"✗ unreadable  {path} row 5: truncated deck code" in text and "(player Bob)" in text
    assert f"{path} row 6: no deck in the" in text and "(player Siobhán D'Arcy)" in text
    assert f"{path} row 3" not in text  # the blank row is no entry at all
    assert "2 inputs could not be read" in text

    doc = json.loads((run_cli(capsys, "check", str(path), "--as-of", AS_OF, "-o", "json")).stdout)
    assert [(d["source"], d["player"]) for d in doc["decks"]] == [(f"{path}:2", "Zoë O'Brien"),
                                                                  (f"{path}:4", "José Núñez")]
    assert [(u["source"], u["player"]) for u in doc["unreadable"]] == [(f"{path}:5", "Bob"),
                                                                       (f"{path}:6", "Siobhán D'Arcy")]
    assert doc["generator"]["name"] == "deckcheck" and doc["generator"]["version"]
    bundled = json.loads((REPO / "card_data" / "bundle.json").read_text())
    assert doc["card_data"]["date"] == bundled["data_as_of"] and "OGN" in doc["card_data"]["sets"]


def test_csv_output_has_one_row_per_registration_in_row_order(tmp_path, capsys):
    path = export(tmp_path, ROWS)
    result = run_cli(capsys, "check", str(path), "--as-of", AS_OF, "-o", "csv")
    table = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(r["source"].rsplit(":", 1)[1], r["player"], r["verdict"]) for r in table] == [
        ("2", "Zoë O'Brien", "legal"), ("4", "José Núñez", "legal"),
        ("5", "Bob", "unreadable"), ("6", "Siobhán D'Arcy", "unreadable")]
    assert table[2]["first_problem"].startswith("truncated deck code")
    assert table[0]["legend"] and table[0]["champion"]


@pytest.mark.parametrize("delimiter", [";", "\t", "|"])
def test_any_delimiter_the_sniffer_finds(tmp_path, delimiter):
    path = export(tmp_path, ROWS[:1], delimiter=delimiter)
    assert sniff_delimiter(path.read_text(encoding="utf-8")) == delimiter
    assert [r.player for r in read_export(str(path)).registrations] == ["Zoë O'Brien"]


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "cp1252"])
def test_encodings_spreadsheets_write(tmp_path, encoding):
    rows = [["", "Zoë O'Brien", "", KENNEN_CODE], ["", "François Lefèvre", "", KENNEN_CODE]]
    name = "registrations.tsv" if encoding == "utf-16" else "registrations.csv"
    path = export(tmp_path, rows, name=name, delimiter="\t" if encoding == "utf-16" else ",", encoding=encoding)
    found = read_export(str(path))
    assert [r.player for r in found.registrations] == ["Zoë O'Brien", "François Lefèvre"]
    assert found.encoding == encoding if encoding != "utf-16" else found.encoding.startswith("utf-16")


def test_undecodable_bytes_name_the_encoding_option(tmp_path, capsys):
    data = "Player,Deck\nZo\u00eb,x\n".encode("utf-8") + b"\x81\x90 bad\n"
    with pytest.raises(DeckReadError, match="--encoding"):
        decode_export(data, "r.csv")
    path = tmp_path / "r.csv"
    path.write_bytes(b"Player,Deck\nAna,\x81\x90\n")
    assert_listed_unreadable(run_cli(capsys, "check", str(path)), "--encoding")
    assert_clean_failure(run_cli(capsys, "check", str(path), "--encoding", "klingon"), "unknown encoding 'klingon'")
    assert decode_export("Zoë".encode("latin-1"), "r.csv", "latin-1")[0] == "Zoë"


def test_columns_can_be_named_and_a_typo_gets_did_you_mean(tmp_path, capsys):
    path = export(tmp_path, [["Ana", "Main", KENNEN_CODE, "Legend: Loose Cannon"]],
                  header=["Nick", "Notes", "Code", "Backup list"])
    found = read_export(str(path), player_column="nick", deck_column="CODE")
    assert (found.registrations[0].player, found.deck_column) == ("Ana", "Code")
    with pytest.raises(DeckcheckError, match="no column 'Nik' for the player; did you mean 'Nick'"):
        read_export(str(path), player_column="Nik")
    assert_listed_unreadable(run_cli(capsys, "check", str(path), "--deck-column", "Cod", "--as-of", AS_OF),
                             "did you mean 'Code'")


def test_the_deck_column_is_found_by_its_cells_when_no_header_names_it(tmp_path):
    path = export(tmp_path, [["Ana", "ana@x", KENNEN_CODE], ["Ben", "ben@x", JINX_LIST]],
                  header=["Name", "Mail", "Registration"])
    found = read_export(str(path))
    assert found.deck_column == "Registration" and found.player_column == "Name"
    bare = export(tmp_path, [["Ana", "ana@x"]], name="bare.csv", header=["Name", "Mail"])
    with pytest.raises(DeckReadError, match="no deck column found .*--deck-column"):
        read_export(str(bare))


def test_limits_name_the_row(tmp_path, capsys):
    huge = "\n".join(["1 Jinx, Rebel"] * 10_001)
    path = export(tmp_path, [["", "Ana", "", KENNEN_CODE], ["", "Ben", "", huge]])
    doc = json.loads((run_cli(capsys, "check", str(path), "--as-of", AS_OF, "-o", "json")).stdout)
    (bad,) = doc["unreadable"]
    assert bad["source"] == f"{path}:3" and bad["player"] == "Ben" and "too many lines" in bad["error"]
    assert doc["decks"][0]["player"] == "Ana"


def test_xlsx_first_sheet_or_named_sheet(tmp_path, capsys):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    first = book.active
    first.title = "Form responses"
    first.append(["Player", "Deck"])
    first.append(["Zoë O'Brien", KENNEN_CODE])
    first.append([None, None])
    first.append(["José Núñez", JINX_LIST])
    other = book.create_sheet("Day 2")
    other.append(["Player", "Deck"])
    other.append(["Łukasz", KENNEN_CODE])
    path = tmp_path / "registrations.xlsx"
    book.save(path)
    found = read_export(str(path))
    assert [(r.row, r.player) for r in found.registrations] == [(2, "Zoë O'Brien"), (4, "José Núñez")]
    assert read_export(str(path), sheet="Day 2").registrations[0].player == "Łukasz"
    with pytest.raises(DeckReadError, match="no sheet named 'Day2'; did you mean 'Day 2'"):
        read_export(str(path), sheet="Day2")
    doc = json.loads((run_cli(capsys, "check", str(path), "--as-of", AS_OF, "-o", "json")).stdout)
    assert [d["player"] for d in doc["decks"]] == ["Zoë O'Brien", "José Núñez"]


def test_a_damaged_xlsx_is_one_clear_error(tmp_path, capsys):
    path = tmp_path / "registrations.xlsx"
    path.write_bytes(b"PK\x03\x04 not really a zip")
    assert_listed_unreadable(run_cli(capsys, "check", str(path)), "not a readable .xlsx workbook")


def test_folder_check_lists_skipped_files_and_never_reads_the_format_file(tmp_path, capsys):
    (tmp_path / "ana.txt").write_text(JINX_LIST, encoding="utf-8")
    (tmp_path / "eve.pdf").write_bytes(b"%PDF-1.7 ...")
    (tmp_path / "notes.md").write_text("# notes", encoding="utf-8")
    event = tmp_path / "event.yaml"
    event.write_text("extends: standard\nname: my-event\ntitle: My event\n", encoding="utf-8")
    result = run_cli(capsys, "check", str(tmp_path), "--format", str(event), "--as-of", AS_OF)
    text = result.stdout
    assert result.returncode == 0, (text, result.stderr)
    assert f"{tmp_path / 'eve.pdf'}: a PDF document, not a decklist" in text
    assert f"{event}: the event format file given with --format, not a deck" in text
    assert "1 deck checked: 1 legal, 0 illegal · 3 files skipped (not decks)" in text
    doc = json.loads(run_cli(capsys, "check", str(tmp_path), "--format", str(event), "--as-of", AS_OF,
                             "-o", "json").stdout)
    assert {s["source"].rsplit("/", 1)[1]: s["reason"] for s in doc["skipped"]} == {
        "eve.pdf": "a PDF document, not a decklist",
        "event.yaml": "the event format file given with --format, not a deck",
        "notes.md": "not a deck file name (deck files end in .code, .deck, .json, .txt, .yaml, .yml or have no ending)",
    }
    assert doc["summary"]["skipped"] == 3


def test_out_file_never_replaces_an_input(tmp_path, capsys):
    path = export(tmp_path, ROWS[:1])
    before = path.read_bytes()
    assert_clean_failure(run_cli(capsys, "check", str(path), "-o", "csv", "-O", str(path)), "would overwrite an input")
    assert path.read_bytes() == before
    target = tmp_path / "report.csv"
    assert run_cli(capsys, "check", str(path), "-o", "csv", "-O", str(target), "--as-of", AS_OF).returncode == 0
    assert target.read_text(encoding="utf-8").startswith("player,source,legend")


SAMPLE_EXPORT = SAMPLES / "registrations" / "registrations.csv"


def test_the_sample_export_gives_its_expected_results(capsys):
    """sample_decks/registrations/: 33 real registrations with the breakage of a real export."""
    expected = (SAMPLE_EXPORT.parent / "expected.md").read_text(encoding="utf-8")
    result = run_cli(capsys, "check", str(SAMPLE_EXPORT.relative_to(SAMPLES.parent)), "--as-of", "2026-11-30",
                     "-o", "markdown")
    assert result.returncode == 2  # two rows cannot be read; the other 31 are checked
    assert result.stdout == expected
    assert expected.startswith("**33 registrations**: 14 legal, 17 illegal, 2 unreadable")
    table = list(csv.DictReader(io.StringIO((run_cli(capsys, "check", str(SAMPLE_EXPORT), "--as-of", "2026-11-30",
                                                    "-o", "csv")).stdout)))
    rows = {int(r["source"].rsplit(":", 1)[1]): r for r in table}
    assert len(rows) == 33 and 14 not in rows  # the blank row is skipped
    assert (rows[9]["player"], rows[9]["verdict"]) == ("Bjørn Ødegård", "unreadable")
    assert rows[9]["first_problem"].startswith("truncated deck code")
    assert (rows[22]["player"], rows[22]["verdict"]) == ('Pedro "Pete" Alves', "unreadable")
    assert (rows[2]["player"], rows[2]["verdict"]) == ("Zoë O'Brien", "legal")
    assert rows[4]["player"] == "Siobhán D'Arcy" and rows[7]["player"] == "Đào Thị Hương"
    assert "RB211" in rows[5]["codes"] and "RB601" in rows[7]["codes"]


def test_a_folder_check_skips_exports_and_says_so(capsys):
    result = run_cli(capsys, "check", str(SAMPLES.relative_to(SAMPLES.parent)), "--as-of", "2026-11-30", "-o", "json")
    doc = json.loads(result.stdout)
    reasons = {s["source"]: s["reason"] for s in doc["skipped"]}
    assert reasons["sample_decks/registrations/registrations.csv"].startswith("a registration export")
    assert not any(d["source"].startswith("sample_decks/registrations/") for d in doc["decks"])


def test_ci_outputs_carry_the_player_and_annotate_the_export_file(tmp_path, capsys):
    path = export(tmp_path, ROWS)
    github = (run_cli(capsys, "check", str(path), "--as-of", AS_OF, "-o", "github")).stdout
    assert f"::error file={path},title=deckcheck%3A unreadable input::row 5 (Bob): truncated deck code" in github
    assert f"file={path}:" not in github  # 'file.csv:ROW' is not a file; the row is in the message
    junit = (run_cli(capsys, "check", str(path), "--as-of", AS_OF, "-o", "junit")).stdout
    assert f'name="{path}:2 (Zoë O&apos;Brien)"' in junit or f'name="{path}:2 (Zoë O\'Brien)"' in junit
    assert f'file="{path}"' in junit


def test_an_iso_date_cell_is_read_as_its_text_and_every_player_is_kept(tmp_path, capsys):
    """openpyxl's iso_dates=True saves a date as t="d" with ISO text: the timestamp column reads as that
    text; no player is lost for it."""
    import datetime

    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook(iso_dates=True)
    sheet = book.active
    sheet.append(["Timestamp", "Player", "Deck"])
    sheet.append([datetime.datetime(2026, 11, 20, 10, 0), "Zoë O'Brien", KENNEN_CODE])
    sheet.append([datetime.date(2026, 11, 21), "José Núñez", KENNEN_CODE])
    path = tmp_path / "registrations.xlsx"
    book.save(path)
    found = read_export(str(path))
    assert [(r.row, r.player) for r in found.registrations] == [(2, "Zoë O'Brien"), (3, "José Núñez")]
    doc = json.loads(run_cli(capsys, "check", str(path), "--as-of", AS_OF, "-o", "json").stdout)
    assert [d["player"] for d in doc["decks"]] == ["Zoë O'Brien", "José Núñez"] and not doc["unreadable"]


def test_iso_date_text_is_kept_as_written(tmp_path):
    from robustness.xlsx_parts import MAIN, workbook

    part = (f'<worksheet xmlns="{MAIN}"><sheetData>'
            '<row r="1"><c r="A1" t="inlineStr"><is><t>Player</t></is></c>'
            '<c r="B1" t="inlineStr"><is><t>Deck</t></is></c></row>'
            f'<row r="2"><c r="A2" t="d"><v>2026-11-20T10:00:00</v></c><c r="B2" t="inlineStr"><is><t>{KENNEN_CODE}'
            '</t></is></c></row></sheetData></worksheet>')
    found = read_export(str(workbook(tmp_path / "d.xlsx", [("S", "worksheet", part)])))
    assert found.registrations[0].player == "2026-11-20T10:00:00"


def test_a_row_of_an_export_is_said_row_n_where_people_read_it(tmp_path, capsys):
    """``regs.csv:4:12`` reads like row:column: text, concise and fix say ``regs.csv row 4, line 12``; the
    machine outputs keep the source as it was (JSON ``"source": "regs.csv:4"``, CSV's ``row``)."""
    annie = (SAMPLES / "illegal-annie-banned-stacked-deck.txt").read_text(encoding="utf-8")
    path = export(tmp_path, [["", "Zoë", "", KENNEN_CODE], ["", "Ana", "", annie], ["", "Bob", "", KENNEN_CODE[:40]]])
    text = run_cli(capsys, "check", str(path), "--as-of", AS_OF).stdout
    assert f"✗ illegal  {path} row 3  player Ana" in text and f"at {path} row 3, line 17" in text
    assert f"{path}:" not in text
    concise = run_cli(capsys, "check", str(path), "--as-of", AS_OF, "-o", "concise").stdout.splitlines()
    assert f"{path} row 3, line 17: RB601 Stacked Deck is banned in standard since 2026-09-18" in concise
    assert f"{path} row 4: unreadable: truncated deck code: it ends inside the main list (after 25 bytes)" in concise
    assert not any(f"{path}:" in line for line in concise)
    fixed = run_cli(capsys, "fix", str(path), "--as-of", AS_OF).stdout
    assert f"already legal  {path} row 2 (Zoë)" in fixed and f"  {path} row 4: truncated deck code" in fixed
    assert f"{path}:" not in fixed
    doc = json.loads(run_cli(capsys, "check", str(path), "--as-of", AS_OF, "-o", "json").stdout)
    assert doc["decks"][1]["source"] == f"{path}:3" and doc["unreadable"][0]["source"] == f"{path}:4"
    assert {(v["file"], v["line"]) for v in doc["decks"][1]["violations"] if v["code"] == "RB601"} == {(f"{path}:3", 17)}


def test_a_row_of_spaces_only_is_blank_but_a_player_without_a_deck_is_a_registration(tmp_path):
    path = export(tmp_path, [["  ", " ", "\u00a0", "   "], ["", "Ana", "", " "], ["", "Ben", "", KENNEN_CODE]])
    found = read_export(str(path))
    assert found.blank_rows == [2]
    assert [(r.row, r.player, r.error is not None) for r in found.registrations] == [(3, "Ana", True), (4, "Ben", False)]


def test_a_windows_1252_export_reads_typographic_quotes_as_windows_1252_not_latin_1(tmp_path):
    path = export(tmp_path, [["", "Zoë O’Brien", "", KENNEN_CODE], ["", "“Kai” Müller", "", KENNEN_CODE]],
                  encoding="cp1252")
    assert b"O\x92Brien" in path.read_bytes()  # 0x92 is ’ in Windows-1252, a control character in Latin-1
    found = read_export(str(path))
    assert found.encoding == "cp1252"
    assert [r.player for r in found.registrations] == ["Zoë O\u2019Brien", "\u201cKai\u201d Müller"]


@pytest.mark.parametrize("blank_lines_above", [0, 2])
def test_an_export_of_exactly_the_row_limit_is_read_and_one_more_row_is_refused(tmp_path, monkeypatch,
                                                                              blank_lines_above):
    from deckcheck.decks import registrations

    monkeypatch.setattr(registrations, "MAX_ROWS", 5)
    above = "\r\n" * blank_lines_above
    rows = [f"P{i},{KENNEN_CODE}" for i in range(1, 6)]
    limit = tmp_path / "limit.csv"
    limit.write_text(above + "Player,Deck\r\n" + "\r\n".join(rows) + "\r\n", encoding="utf-8")
    assert len(read_export(str(limit)).registrations) == 5  # the header is no registration
    over = tmp_path / "over.csv"
    over.write_text(above + "Player,Deck\r\n" + "\r\n".join(rows + [f"P6,{KENNEN_CODE}"]) + "\r\n",
                    encoding="utf-8")
    with pytest.raises(DeckReadError, match=f"row {7 + blank_lines_above} is over the limit of 5 registrations"):
        read_export(str(over))


@pytest.mark.parametrize("empty_rows_above", [0, 3])
def test_a_workbook_of_exactly_the_row_limit_is_read_and_one_more_row_is_refused(tmp_path, monkeypatch,
                                                                               empty_rows_above):
    from robustness.xlsx_parts import MAIN, workbook

    from deckcheck.decks import registrations

    monkeypatch.setattr(registrations, "MAX_ROWS", 5)

    def sheet(players: int) -> str:
        rows = [["Player", "Deck"]] + [[f"P{i}", KENNEN_CODE] for i in range(1, players + 1)]
        xml = "".join(f'<row r="{r + empty_rows_above}">' + "".join(
            f'<c r="{col}{r + empty_rows_above}" t="inlineStr"><is><t>{v}</t></is></c>' for col, v in zip("AB", cells))
            + "</row>" for r, cells in enumerate(rows, 1))
        return f'<worksheet xmlns="{MAIN}"><sheetData>{xml}</sheetData></worksheet>'

    limit = workbook(tmp_path / "limit.xlsx", [("S", "worksheet", sheet(5))])
    assert len(read_export(str(limit)).registrations) == 5
    over = workbook(tmp_path / "over.xlsx", [("S", "worksheet", sheet(6))])
    with pytest.raises(DeckReadError, match=f"row {7 + empty_rows_above:,} is over the limit of 5 registrations"):
        read_export(str(over))


@pytest.mark.parametrize("header", [["Player email", "Player handle", "Deck"], ["Player handle", "Player email", "Deck"],
                                    ["Player ID", "Player handle", "Deck"]])
def test_the_player_is_the_handle_not_the_email_or_id_beside_it(tmp_path, header):
    values = {"Player email": "ana@example.org", "Player handle": "AnaTheBrave", "Player ID": "1234", "Deck": KENNEN_CODE}
    path = export(tmp_path, [[values[h] for h in header]], header=header)
    found = read_export(str(path))
    assert found.player_column == "Player handle" and found.registrations[0].player == "AnaTheBrave"


def test_an_email_column_alone_is_no_player_column(tmp_path):
    path = export(tmp_path, [["ana@example.org", KENNEN_CODE]], header=["Player email", "Deck"])
    found = read_export(str(path))
    assert found.player_column is None and found.registrations[0].player is None
    assert any("no player column found" in str(n) for n in found.notices)


def test_2v2_teams_come_from_the_team_column_of_an_export(tmp_path, capsys):
    """``-f 2v2`` keeps the Team column: teammates sharing a legend and battlefields get RB701/RB702,
    naming each other's row; a team of one deck gets RB703."""
    path = export(tmp_path, [["Ana", "Red", KENNEN_CODE], ["Ben", "Red", KENNEN_CODE], ["Cai", "Blue", KENNEN_CODE]],
                  header=["Player", "Team", "Deck"])
    found = read_export(str(path))
    assert found.team_column == "Team" and [r.team for r in found.registrations] == ["Red", "Red", "Blue"]
    result = run_cli(capsys, "check", str(path), "-f", "2v2", "--as-of", AS_OF, "-o", "json")
    assert result.returncode == 1
    codes = {d["player"]: {v["code"] for v in d["violations"]} for d in json.loads(result.stdout)["decks"]}
    assert {"RB701", "RB702"} <= codes["Ana"] and {"RB701", "RB702"} <= codes["Ben"]
    assert "RB703" in codes["Cai"] and not {"RB701", "RB702"} & codes["Cai"]
    text = run_cli(capsys, "check", str(path), "-f", "2v2", "--as-of", AS_OF, "-o", "concise").stdout
    assert f"{path} row 2: RB701 teammate Ben ({path} row 3) has the same legend" in text
