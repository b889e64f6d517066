"""``fix regs.csv -O corrected.csv``: the export written back from the rows the check read, byte for
byte but for the corrected deck cells, in the encoding, byte-order mark, delimiter and line breaks it
had; a file that cannot be written so is refused before any row is fixed, nothing written."""

from __future__ import annotations

import codecs
import csv
import io

import pytest

from conftest import REPO
from cli.support import run_cli

from deckcheck.decks.registrations import read_export

SAMPLES = REPO / "sample_decks"
LEGAL = (SAMPLES / "legal-kennen-chaos-order.code").read_text().strip()
ANNIE = SAMPLES / "illegal-annie-banned-stacked-deck.txt"
AS_OF = "2026-12-05"


@pytest.fixture(scope="module")
def banned() -> str:
    """A deck code holding Stacked Deck, banned in standard since 2026-09-18."""
    from deckcheck.cards import load_cards
    from deckcheck.decks import deckcode
    from deckcheck.decks.load import load_deck

    return deckcode.write(load_deck(str(ANNIE), load_cards())).strip()


def fix_to(capsys, export, *args: str):
    """``deckcheck fix EXPORT -O corrected`` as a user runs it: (exit code, stdout, stderr, corrected path)."""
    out = export.parent / ("corrected" + export.suffix)
    done = run_cli(capsys, "fix", str(export), "--as-of", AS_OF, "-O", str(out), *args)
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr, done.stderr
    return done.returncode, done.stdout, done.stderr, out


def verdicts(capsys, path, *args: str) -> dict[str, str]:
    """Player -> verdict of ``deckcheck check PATH -o csv``."""
    done = run_cli(capsys, "check", str(path), "--as-of", AS_OF, "-o", "csv", *args)
    return {r["player"]: r["verdict"] for r in csv.DictReader(io.StringIO(done.stdout))}


def test_an_unclosed_quote_in_a_player_cell_loses_no_row_and_the_banned_card_goes(tmp_path, capsys, banned):
    rows = ["Player,Deck", f'"Ana,{banned}'] + [f"P{i},{banned if i % 2 else LEGAL}" for i in range(1, 41)]
    path = tmp_path / "regs.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    code, stdout, _, out = fix_to(capsys, path)
    assert code == 0 and "41 lists: 20 already legal, 21 fixed" in stdout
    again = read_export(str(out))
    assert [r.player for r in again.registrations] == ['"Ana'] + [f"P{i}" for i in range(1, 41)]
    assert set(verdicts(capsys, out).values()) == {"legal"}
    before, after = path.read_text(encoding="utf-8").splitlines(), out.read_text(encoding="utf-8").splitlines()
    assert [b for b, a in zip(before, after) if b == a] == [b for b in before if banned not in b]


def test_a_repeated_deck_header_is_written_where_the_check_read(tmp_path, capsys, banned):
    path = tmp_path / "regs.csv"
    path.write_text(f"Player,Deck,Deck\r\nAna,see column C,{banned}\r\nBen,no deck yet,{LEGAL}\r\n", encoding="utf-8")
    assert read_export(str(path)).deck_index == 2
    code, _, _, out = fix_to(capsys, path)
    assert code == 0
    ana = next(csv.reader(io.StringIO(out.read_text(encoding="utf-8").splitlines()[1])))
    assert ana[:2] == ["Ana", "see column C"] and ana[2] != banned
    assert verdicts(capsys, out) == {"Ana": "legal", "Ben": "legal"}


def test_a_deck_column_found_by_its_cells_under_an_empty_header(tmp_path, capsys, banned):
    path = tmp_path / "regs.csv"
    path.write_text(f"Player,Email,\nAna,ana@example.org,{banned}\nBen,ben@example.org,{LEGAL}\n", encoding="utf-8")
    code, stdout, _, out = fix_to(capsys, path)
    assert code == 0 and "1 fixed" in stdout
    lines = out.read_text(encoding="utf-8").split("\n")
    assert lines[0] == "Player,Email," and lines[2] == f"Ben,ben@example.org,{LEGAL}"
    assert lines[1].startswith("Ana,ana@example.org,") and verdicts(capsys, out)["Ana"] == "legal"


@pytest.mark.parametrize("name, encoding, bom, delimiter", [
    ("regs.txt", "utf-16-le", codecs.BOM_UTF16_LE, "\t"),  # Excel's "Unicode text"
    ("regs.tsv", "utf-16-be", codecs.BOM_UTF16_BE, "\t"),
    ("regs.csv", "utf-8", codecs.BOM_UTF8, ";"),
    ("regs.csv", "cp1252", b"", ","),
])
def test_the_export_is_written_in_the_encoding_it_was_read(tmp_path, capsys, banned, name, encoding, bom, delimiter):
    rows = [["Player", "Deck"], ["Zoë O’Brien", LEGAL], ["François Lefèvre", banned], ["Siobhán", LEGAL]]
    text = "".join(delimiter.join(r) + "\r\n" for r in rows)
    path = tmp_path / name
    path.write_bytes(bom + text.encode(encoding))
    code, _, _, out = fix_to(capsys, path)
    assert code == 0
    data = out.read_bytes()
    assert data.startswith(bom) and (bom or not data.startswith(codecs.BOM_UTF8))
    written = data[len(bom):].decode(encoding)
    lines = written.split("\r\n")
    assert lines[:2] == [delimiter.join(r) for r in rows[:2]] and lines[3] == delimiter.join(rows[3])
    assert lines[2].startswith("François Lefèvre" + delimiter) and lines[4] == ""
    assert verdicts(capsys, out) == {"Zoë O’Brien": "legal", "François Lefèvre": "legal", "Siobhán": "legal"}


def test_a_pasted_list_keeps_its_line_breaks_and_the_rows_around_it_their_bytes(tmp_path, capsys):
    listing = ANNIE.read_text(encoding="utf-8").replace("\n", "\r\n")
    buffer = io.StringIO(newline="")
    csv.writer(buffer, lineterminator="\n", quoting=csv.QUOTE_ALL).writerows(
        [["Player", "Deck"], ["Ana", listing], ["Ben", LEGAL]])
    path = tmp_path / "regs.csv"
    path.write_bytes(buffer.getvalue().encode("utf-8"))
    code, _, _, out = fix_to(capsys, path)
    assert code == 0
    again = read_export(str(out))
    ana = again.registrations[0].text
    assert "2 Stacked Deck" not in ana and "\r\n" in ana and "\n" not in ana.replace("\r\n", "")
    assert out.read_bytes().endswith(f'"Ben","{LEGAL}"\n'.encode())  # the untouched row keeps its quotes
    assert verdicts(capsys, out) == {"Ana": "legal", "Ben": "legal"}


def test_what_cannot_be_written_back_is_refused_before_any_row_is_fixed(tmp_path, capsys, banned):
    mixed = tmp_path / "mixed.csv"
    mixed.write_bytes(b"Player,Deck\n" + f"Jos\u00e9,{banned}\n".encode("utf-8") + f"Zo\u00eb,{LEGAL}\n".encode("cp1252"))
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.active.append(["Player", "Deck"])
    book.active.append(["Ana", banned])
    workbook = tmp_path / "regs.xlsx"
    book.save(workbook)
    for path, words in ((mixed, "mixes encodings"), (workbook, "a corrected workbook cannot be written")):
        code, stdout, stderr, out = fix_to(capsys, path)
        assert code == 2 and stdout == "" and not out.exists()
        assert stderr.count("\n") == 1 and words in stderr and "-o csv" in stderr, stderr


def test_the_written_export_is_read_back_before_it_is_handed_over(tmp_path, banned):
    """A row that would read otherwise than the check read it is refused: here the cells the check read are
    altered behind the writer's back, as a reader and writer that disagree would."""
    from deckcheck.decks.registrations_writer import write_export
    from deckcheck.errors import DeckcheckError

    path = tmp_path / "regs.csv"
    path.write_text(f"Player,Deck\nAna,{banned}\nBen,{LEGAL}\n", encoding="utf-8")
    export = read_export(str(path))
    assert write_export(export, {3: LEGAL}) == path.read_bytes()
    export.layout.rows[2][1][0] = "Benjamin"  # row 3, copied as it was, no longer reads as "read"
    with pytest.raises(DeckcheckError, match="row 3 of the corrected export would not read back"):
        write_export(export, {2: LEGAL})
