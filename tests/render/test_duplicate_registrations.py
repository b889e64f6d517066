"""A player registered twice (TR 702.1: one registration per player) is shown next to both rows in
every organiser output (CSV, markdown, the HTML report, the sheets, fix's CSV), with what to do, and
a sheet's warnings stay readable printed in black and white."""

from __future__ import annotations

import csv
import io
import re

from browser import pdf_page_count, pdf_text, requires_chromium
from cli.support import run_cli
from cli.test_check import JINX, KENNEN_CODE, SAMPLES
from decks.test_registrations import export

AS_OF = ("--as-of", "2026-10-20")
ANA = "registered twice, rows 2 and 4: keep one registration"
BO = "registered twice, rows 3 and 5: keep one registration"


def _export(tmp_path):
    """Ana twice (a legal deck, then an illegal one, her name written another way), Bo twice (a legal
    deck, then a row that cannot be read), Cy once."""
    return export(tmp_path, [["", "Ana", "", KENNEN_CODE], ["", "Bo", "", JINX.read_text()],
                             ["", " ana ", "", (SAMPLES / "illegal-kaisa-too-many-copies.txt").read_text()],
                             ["", "Bo", "", KENNEN_CODE[:30]], ["", "Cy", "", KENNEN_CODE]])


def _csv(text: str) -> dict[str, dict[str, str]]:
    return {row["row"]: row for row in csv.DictReader(io.StringIO(text))}


def test_the_csv_report_says_it_next_to_both_rows_of_each_player(tmp_path, capsys):
    rows = _csv(run_cli(capsys, "check", str(_export(tmp_path)), *AS_OF, "-o", "csv").stdout)
    assert {n: row["duplicate"] for n, row in rows.items()} == {"2": ANA, "3": BO, "4": ANA, "5": BO, "6": ""}
    assert rows["5"]["verdict"] == "unreadable"  # a row that cannot be read still counts as a registration


def test_fix_csv_says_it_next_to_both_rows(tmp_path, capsys):
    rows = _csv(run_cli(capsys, "fix", str(_export(tmp_path)), *AS_OF, "-o", "csv").stdout)
    assert {n: row["duplicate"] for n, row in rows.items()} == {"2": ANA, "3": BO, "4": ANA, "5": BO, "6": ""}


def test_the_markdown_table_says_it_in_the_problems_of_both_rows(tmp_path, capsys):
    table = run_cli(capsys, "check", str(_export(tmp_path)), *AS_OF, "-o", "markdown").stdout
    lines = {line.split(" | ")[0].strip("| "): line for line in table.splitlines() if line.startswith("| ")}
    assert ANA in lines["2"] and ANA in lines["4"] and BO in lines["3"] and BO in lines["5"]
    assert "registered" not in lines["6"]
    assert "RB103" in lines["4"] and lines["4"].index("RB103") < lines["4"].index(ANA)  # after what fails


def test_the_html_report_says_it_in_the_table_and_in_the_rows_to_act_on(tmp_path, capsys):
    html = run_cli(capsys, "check", str(_export(tmp_path)), *AS_OF, "-o", "html").stdout
    rows = {m[1]: m[0] for m in re.finditer(r'<tr id="reg-\d+"><td class="num" data-sort="(\d+)">.*?</tr>', html)}
    assert ANA in rows["2"] and ANA in rows["4"] and BO in rows["3"] and BO in rows["5"] and "registered" not in rows["6"]
    to_act = html.split("To act on, row by row")[1]
    assert to_act.count(ANA) == 2 and to_act.count(BO) == 2  # the legal rows of both players too


def test_each_sheet_says_it(tmp_path, capsys):
    sheets = run_cli(capsys, "sheet", str(_export(tmp_path)), *AS_OF).stdout
    pages = {re.search(r"row (\d+) of", page)[1]: page for page in sheets.split('<section class="sheet ')[1:]}
    assert ANA in pages["2"] and ANA in pages["4"] and BO in pages["3"] and BO in pages["5"]
    assert "registered twice" not in pages["6"]


@requires_chromium
def test_printed_sheets_say_it_in_words_that_read_in_black_and_white(browser, tmp_path, capsys):
    page = tmp_path / "sheets.html"
    run_cli(capsys, "sheet", str(_export(tmp_path)), *AS_OF, "-O", str(page))
    pdf = browser.print_pdf(page, tmp_path / "sheets.pdf")
    assert pdf_page_count(pdf) == 5
    for number, note in ((1, ANA), (2, BO), (3, ANA), (4, BO)):
        assert " ".join(note.split()) in " ".join(pdf_text(pdf, number).split())
    # every warning's words against what is behind them, as a printer in black and white sees them
    pairs = browser.evaluate(page, """[...document.querySelectorAll('.banner .problem, .banner .why, .duplicate')]
        .map(e => [getComputedStyle(e).color,
                   getComputedStyle(e.closest('.banner, .duplicate')).backgroundColor])""")
    assert len(pairs) >= 6
    for text, behind in pairs:
        assert _contrast(text, behind) >= 4.5, (text, behind)


def _luminance(css: str) -> float:
    """The relative luminance (WCAG) of an ``rgb(r, g, b)`` colour: its grey in black and white."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(v) for v in re.findall(r"\d+", css)[:3])
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(a: str, b: str) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
