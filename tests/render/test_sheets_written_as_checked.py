"""``deckcheck sheet`` writes each registration's sheet as it is checked (100,000 registrations are never
all held), and the page is what it was when every deck was checked first: the sheets in source order
(by file, an export's rows in row order) whatever order the files were named in, the unreadable inputs
in their places and listed on stderr in the order named, and the page in Chinese only when every list
is (a Chinese list read first does not decide it)."""

from __future__ import annotations

import re
import shutil

from cli.support import run_cli
from cli.test_check import SAMPLES
from conftest import REPO

EXPORT = SAMPLES / "registrations" / "registrations.csv"
CHINESE = REPO / "tests" / "golden" / "inputs" / "chinese-kaisa.txt"


def _page(capsys, tmp_path, *paths):
    page = tmp_path / "sheets.html"
    done = run_cli(capsys, "sheet", *map(str, paths), "--as-of", "2026-11-30", "-O", str(page))
    return done, page.read_text(encoding="utf-8")


def _shown(html: str) -> list[str]:
    """Each sheet's registration as the page names it: a file, or ``row N`` of an export."""
    return [m[1] or f"row {m[2]}" for m in re.finditer(
        r"Registration: (?:<code>([^<]*)</code>|row (\d+) of <code>)", html)]


def test_sheets_follow_the_sources_not_the_order_named(tmp_path, capsys):
    for name in ("a.txt", "z.txt"):
        shutil.copy(SAMPLES / "illegal-kaisa-too-many-copies.txt", tmp_path / name)
    (tmp_path / "m.txt").write_bytes(b"\x00\x01 not a decklist")
    named = [tmp_path / "z.txt", EXPORT, tmp_path / "m.txt", tmp_path / "a.txt"]
    done, html = _page(capsys, tmp_path, *named)
    assert done.returncode == 2  # three inputs cannot be read; every sheet is written all the same
    shown = _shown(html)
    rows = [int(s.removeprefix("row ")) for s in shown if s.startswith("row ")]
    assert rows == sorted(rows) and len(rows) == 33  # every row, in row order, the unreadable ones included
    files = [s for s in shown if not s.startswith("row ")]
    assert files == [str(tmp_path / "a.txt"), str(tmp_path / "m.txt"), str(tmp_path / "z.txt")]
    places = [(str(EXPORT), int(s.removeprefix("row "))) if s.startswith("row ") else (s, 0) for s in shown]
    assert places == sorted(places)  # by file, then row: not z, the export, m, a as named
    unreadable = [line.split(": ")[2] for line in done.stderr.splitlines() if "unreadable:" in line]
    assert "row 9" in unreadable[0] and "row 22" in unreadable[1] and unreadable[2].endswith("m.txt:1")


def test_the_page_is_chinese_only_when_every_list_is(tmp_path, capsys):
    done, html = _page(capsys, tmp_path, CHINESE)
    assert done.returncode == 0 and '<html lang="zh' in html
    english = tmp_path / "zz-english.txt"
    shutil.copy(SAMPLES / "legal-jinx-loose-cannon.txt", english)
    done, html = _page(capsys, tmp_path, CHINESE, english)  # the Chinese list is checked first
    assert done.returncode == 0 and '<html lang="en"' in html and len(_shown(html)) == 2


def test_no_page_when_no_input_can_be_read(tmp_path, capsys):
    (tmp_path / "m.txt").write_bytes(b"\x00\x01 not a decklist")
    page = tmp_path / "sheets.html"
    done = run_cli(capsys, "sheet", str(tmp_path / "m.txt"), "-O", str(page))
    assert done.returncode == 2 and "no sheet written" in done.stderr and not page.exists()
