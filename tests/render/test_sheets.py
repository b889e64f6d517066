"""Printed registration sheets (deckcheck sheet) as the player handed one sees them: the verdict in
a banner at the top, each problem highlighted next to its line or total, one printed page per
registration, the unreadable ones included, in the export's row order."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from browser import pdf_page_count, pdf_text, pixel, png_pixels, requires_chromium
from cli.support import run_cli
from cli.test_check import SAMPLES

EXPORT = SAMPLES / "registrations" / "registrations.csv"
KAISA = SAMPLES / "illegal-kaisa-too-many-copies.txt"
AS_OF = "2026-11-30"
ILLEGAL_RED, LEGAL_GREEN = (179, 38, 30), (23, 112, 58)


def _sheets(capsys, tmp_path, *paths, name="sheets.html"):
    page = tmp_path / name
    result = run_cli(capsys, "sheet", *map(str, paths), "--as-of", AS_OF, "--event", "Piltover Open",
                     "-O", str(page), "-q")
    return result, page.read_text(encoding="utf-8"), page


def _sections(html: str) -> list[str]:
    return re.findall(r'<section class="sheet .*?</section>', html, flags=re.S)


def test_the_problems_are_next_to_the_lines_they_concern(tmp_path, capsys):
    result, html, _ = _sheets(capsys, tmp_path, KAISA)
    assert result.returncode == 0
    (sheet,) = _sections(html)
    assert '<div class="verdict">✗ ILLEGAL · 4 problems</div>' in sheet
    assert '<span class="total off">41 / 40</span>' in sheet  # the total the size rule concerns
    assert re.search(r'<h2><span>Main Deck.*?41 / 40</span></h2>\n<p class="problem error">✗ Main Deck has 41 cards', sheet)
    # the fourth Cleave: its line highlighted, the problem and its fix on the next line
    cleave = re.search(r'<tr class="flagged error"><td class="count">4</td><td>Cleave</td>.*?</tr>\n'
                       r'<tr class="note">.*?</tr>', sheet, flags=re.S)
    assert cleave and "4 copies of Cleave" in cleave[0] and "fix: Cut 1 copy of Cleave" in cleave[0]
    assert re.search(r'<tr class="flagged error"><td class="count">1</td><td>Gust</td>', sheet)
    assert '<tr><td class="count">3</td><td>Hextech Ray</td>' in sheet  # a line with no problem is plain
    for blank in ("Player ID", "Round", "Table"):
        assert f'<span class="label">{blank}</span> <span class="blank"></span>' in sheet
    assert "Registration: <code>" in sheet and "against standard on 2026-11-30" in sheet


def test_one_sheet_per_registration_in_row_order_the_unreadable_included(tmp_path, capsys):
    result, html, _ = _sheets(capsys, tmp_path, EXPORT)
    assert result.returncode == 2  # two rows cannot be read; their sheets are written all the same
    as_csv = run_cli(capsys, "check", str(EXPORT), "--as-of", AS_OF, "-o", "csv")
    table = list(csv.DictReader(io.StringIO(as_csv.stdout)))
    sheets = _sections(html)
    assert len(sheets) == len(table) == 33
    rows = [int(re.search(r"Registration: row (\d+) of", s)[1]) for s in sheets]
    assert rows == [int(r["row"]) for r in table]
    unreadable = {row: s for row, s in zip(rows, sheets) if 'data-verdict="unreadable"' in s}
    assert sorted(unreadable) == [9, 22]
    assert "? COULD NOT BE READ" in unreadable[9] and "Bjørn Ødegård" in unreadable[9]
    assert "truncated deck code" in unreadable[9] and "Ask the player to register the deck again" in unreadable[9]
    assert "no deck in the &#39;Deck code or decklist&#39; column" in unreadable[22]


def _on_paper(page, paper: str):
    """A copy of the page that prints on ``paper`` (A4 or letter), as a browser set to it would."""
    copy = page.with_name(f"{page.stem}-{paper}.html")
    copy.write_text(page.read_text(encoding="utf-8").replace("</style>", f"@page {{ size: {paper}; }}</style>", 1),
                    encoding="utf-8")
    return copy


@requires_chromium
@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_printed_one_page_each_with_the_banner_first(browser, tmp_path, paper, capsys):
    result, html, page = _sheets(capsys, tmp_path, EXPORT, KAISA)
    as_csv = run_cli(capsys, "check", str(EXPORT), KAISA, "--as-of", AS_OF, "-o", "csv")
    table = list(csv.DictReader(io.StringIO(as_csv.stdout)))
    pdf = browser.print_pdf(_on_paper(page, paper), tmp_path / "sheets.pdf")
    assert pdf_page_count(pdf) == len(_sections(html)) == len(table) == 34
    banners = {"legal": "✓ LEGAL", "illegal": "✗ ILLEGAL", "unreadable": "? COULD NOT BE READ"}
    order = sorted(table, key=lambda r: (r["source"].rpartition(":")[0] if r["row"] else r["source"],
                                         int(r["row"] or 0)))
    for number, row in enumerate(order, 1):
        first = pdf_text(pdf, number).strip().splitlines()[0].strip()
        assert first.startswith(banners[row["verdict"]]), (number, row["player"], first)
        if row["player"]:
            assert row["player"] in pdf_text(pdf, number)


@requires_chromium
def test_the_banner_is_big_and_coloured_on_screen(browser, tmp_path, capsys):
    _, _, illegal = _sheets(capsys, tmp_path, KAISA, name="kaisa.html")
    _, _, legal = _sheets(capsys, tmp_path, SAMPLES / "legal-jinx-loose-cannon.txt", name="jinx.html")
    for page, colour, other in ((illegal, ILLEGAL_RED, LEGAL_GREEN), (legal, LEGAL_GREEN, ILLEGAL_RED)):
        image = png_pixels(browser.screenshot(page, tmp_path / f"{page.stem}.png", width=1280, height=400))
        top = [pixel(image, x, y) for y in range(0, 120) for x in range(0, 1280, 4)]
        assert top.count(colour) > 1500 and top.count(other) == 0  # a wide band of the verdict's colour


@requires_chromium
@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_a_deck_with_dozens_of_problems_still_prints_on_one_page(browser, tmp_path, paper, capsys):
    found = json.loads(run_cli(capsys, "cards", "search", "", "--type", "Unit", "--json", "--limit", "400").stdout)
    names = sorted((c["name"] for c in found), key=len, reverse=True)[:40]  # the longest names, most off-domain
    wide = tmp_path / "singletons.txt"
    wide.write_text("Legend:\n1 Loose Cannon\nMain Deck:\n" + "\n".join(f"1 {n}" for n in names)
                    + "\nSideboard:\n" + "\n".join(f"1 {n}" for n in names[:10]) + "\n", encoding="utf-8")
    _, html, page = _sheets(capsys, tmp_path, wide)
    (sheet,) = _sections(html)
    assert "dense" in sheet.split(">", 1)[0]  # lines marked with their codes, each code explained once
    flagged = re.findall(r'<tr class="flagged \w+">.*?<td class="id"><span class="problem \w+">✗ (RB\d+)', sheet)
    assert len(flagged) > 20
    for code in set(flagged):
        assert f"<li><b>{code}</b> on " in sheet
    pdf = browser.print_pdf(_on_paper(page, paper), tmp_path / "dense.pdf")
    assert pdf_page_count(pdf) == 1
    assert "Player's signature" in pdf_text(pdf, 1)
