"""The organiser's HTML report (check --output html) and the printable sheets (deckcheck sheet),
rendered in headless Chromium: sorted and filtered in the browser, printed one page per deck."""

from __future__ import annotations

import json
import re

from browser import pdf_page_count, png_size, requires_chromium
from cli.support import run_cli
from cli.test_check import JINX, KENNEN_CODE, SAMPLES
from decks.test_registrations import export

AS_OF = "2026-10-20"
EVIL = "<img src=x onerror=alert(1)>Zoë O'Brien"


def sample_export(tmp_path):
    rows = [["", EVIL, "", KENNEN_CODE], ["", "", "", ""], ["", "José Núñez", "", JINX.read_text()],
            ["", "Bob", "", KENNEN_CODE[:30]],
            ["", "Kai", "", (SAMPLES / "illegal-kaisa-too-many-copies.txt").read_text()]]
    return export(tmp_path, rows)


def test_html_report_is_one_escaped_self_contained_page(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764930600")  # the time of generation, the same for both runs
    path = sample_export(tmp_path)
    page = tmp_path / "report.html"
    result = run_cli(capsys, "check", str(path), "--as-of", AS_OF, "-o", "html", "-O", str(page))
    assert result.returncode == 2  # one unreadable row
    html = page.read_text(encoding="utf-8")
    assert "<img src=x" not in html and "&lt;img src=x onerror=alert(1)&gt;Zoë O&#39;Brien" in html
    assert not re.search(r'(src|href)="(https?:)?//', html)
    # totals, every registration (the unreadable one too), the violations with rule numbers and hints
    assert re.search(r'class="total-legal"><b>2</b>', html) and re.search(r'class="total-illegal"><b>1</b>', html)
    assert re.search(r'class="total-unreadable"><b>1</b>', html)
    assert html.count('<tr id="reg-') == 4
    assert "RB103" in html and "CR 103.3.b" in html and "fix: Cut 1 copy of Cleave" in html
    assert "truncated deck code" in html
    same = run_cli(capsys, "check", str(path), "--as-of", AS_OF, "-o", "html")  # to standard output
    assert same.stdout == html


@requires_chromium
def test_report_sorts_filters_and_looks_right_in_a_browser(browser, tmp_path, capsys):
    path = sample_export(tmp_path)
    page = tmp_path / "report.html"
    run_cli(capsys, "check", str(path), "--as-of", AS_OF, "-o", "html", "-O", str(page))

    def shown(html):
        body = html.split("<tbody>")[1].split("</tbody>")[0]
        rows = re.finditer(r'<tr id="reg-\d+"( hidden="")?><td[^>]*>\d+</td><td>(.*?)</td>', body)
        return [m[2] for m in rows if not m[1]]

    assert shown(browser.dom(page)) == ["&lt;img src=x onerror=alert(1)&gt;Zoë O'Brien", "José Núñez", "Bob", "Kai"]
    assert shown(browser.dom(page, "is=illegal")) == ["Kai"]
    assert shown(browser.dom(page, "is=unreadable")) == ["Bob"]
    assert shown(browser.dom(page, "q=núñez")) == ["José Núñez"]
    assert shown(browser.dom(page, "sort=1"))[:2] == ["&lt;img src=x onerror=alert(1)&gt;Zoë O'Brien", "Bob"]
    assert shown(browser.dom(page, "sort=4"))[0] == "Kai"  # verdict (no Source column for one export): illegal first
    png = browser.screenshot(page, tmp_path / "report.png", width=1200, height=1400)
    assert png_size(png) == (1200, 1400)


@requires_chromium
def test_sheets_print_one_page_per_deck(browser, tmp_path, capsys):
    path = sample_export(tmp_path)
    # a list of 40 different cards: the longest a sheet gets
    wide = tmp_path / "singletons.txt"
    found = json.loads(run_cli(capsys, "cards", "search", "", "--type", "Unit", "--json", "--limit", "400").stdout)
    names = sorted((c["name"] for c in found), key=len, reverse=True)[:40]  # the longest names
    wide.write_text("Legend:\n1 Loose Cannon\nMain Deck:\n" + "\n".join(f"1 {n}" for n in names)
                    + "\nSideboard:\n" + "\n".join(f"1 {n}" for n in names[:10]) + "\n", encoding="utf-8")
    sheets = tmp_path / "sheets.html"
    result = run_cli(capsys, "sheet", str(path), str(wide), str(SAMPLES), "-O", str(sheets),
                     "--event", "Piltover <Open>", "--as-of", AS_OF)
    assert result.returncode == 2 and "truncated deck code" in result.stderr  # Bob's row
    html = sheets.read_text(encoding="utf-8")
    decks = html.count('<section class="sheet ')
    # 3 readable rows + Bob's unreadable row (a page of its own) + the wide list + the sample files
    assert decks == 4 + 1 + len([p for p in SAMPLES.iterdir() if p.suffix != ".md" and p.is_file()])
    assert "Piltover &lt;Open&gt;" in html and "José Núñez" in html
    pdf = browser.print_pdf(sheets, tmp_path / "sheets.pdf")
    assert pdf_page_count(pdf) == decks


def test_sheet_shows_every_zone_with_totals(tmp_path, capsys):
    result = run_cli(capsys, "sheet", str(JINX), "--as-of", AS_OF)
    html = result.stdout
    assert result.returncode == 0
    for title in ("Main Deck <small>Chosen Champion included</small>", "Battlefields", "Runes", "Sideboard"):
        assert title in html
    assert '<span class="total">40 / 40</span>' in html and '<span class="total">12 / 12</span>' in html
    assert '<span class="total">3 / 3</span>' in html
    assert "★ Chosen Champion" in html and "Player's signature" in html
