"""The organiser's HTML report (check -o html) as an organiser reads it: every problem in words with
its fix, the export's row, the legends chart, the rows to act on in row order, when it was made."""

from __future__ import annotations

import csv
import io
import re
from datetime import datetime, timezone

from browser import pixel, png_pixels, requires_chromium
from cli.support import run_cli
from cli.test_check import SAMPLES

EXPORT = SAMPLES / "registrations" / "registrations.csv"
AS_OF = "2026-11-30"
EPOCH = 1_764_930_600  # 2025-12-05 10:30 UTC


def _report(capsys, tmp_path, monkeypatch, *extra: str):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(EPOCH))
    page = tmp_path / "report.html"
    result = run_cli(capsys, "check", str(EXPORT), "--as-of", AS_OF, "-o", "html", "-O", str(page), *extra)
    assert result.returncode == 2  # two rows cannot be read
    return page, page.read_text(encoding="utf-8")


def _table_rows(html: str) -> dict[int, str]:
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    return {int(m[1]): m[0] for m in re.finditer(r'<tr id="reg-\d+"[^>]*><td class="num"[^>]*>(\d+)</td>.*?</tr>', body)}


def test_each_row_shows_the_export_row_and_every_problem_in_words_with_its_fix(tmp_path, monkeypatch, capsys):
    _, html = _report(capsys, tmp_path, monkeypatch)
    rows = _table_rows(html)
    as_csv = run_cli(capsys, "check", str(EXPORT), "--as-of", AS_OF, "-o", "csv")
    table = list(csv.DictReader(io.StringIO(as_csv.stdout)))
    assert sorted(rows) == sorted(int(r["row"]) for r in table) and 14 not in rows  # the blank row
    assert "Đào Thị Hương" in rows[7]
    assert "Stacked Deck is banned in standard since 2026-09-18" in rows[7]
    assert "<b>fix:</b> Replace Stacked Deck" in rows[7]
    # Jürgen's four bans are all there, not only the first
    assert all(f"{card} is banned" in rows[18] for card in ("Aspirant&#39;s Climb", "Fight or Flight",
                                                            "Obelisk of Power", "Stacked Deck"))
    assert "Could not be read: truncated deck code" in rows[9] and "ask the player" in rows[9]
    # the export's path is said once, above the table, not on every row
    assert not any(str(EXPORT) in row for row in rows.values())
    assert f"from <code>{EXPORT}</code>" in html


def test_notes_are_not_problems_and_unreadable_rows_come_in_row_order(tmp_path, monkeypatch, capsys):
    _, html = _report(capsys, tmp_path, monkeypatch)
    assert "RB004" not in html  # "nothing to fix" notes are not among anyone's problems
    details = [int(n) for n in re.findall(r'<section class="deck \w+" id="detail-\d+">\n<h3>.*?Row (\d+) ·', html)]
    assert details == sorted(details) and 9 in details and 22 in details
    as_csv = run_cli(capsys, "check", str(EXPORT), "--as-of", AS_OF, "-o", "csv")
    table = list(csv.DictReader(io.StringIO(as_csv.stdout)))
    assert details == [int(r["row"]) for r in table if r["verdict"] != "legal"]


def test_legend_chart_names_the_top_ten_and_counts_the_others(tmp_path, monkeypatch, capsys):
    _, html = _report(capsys, tmp_path, monkeypatch)
    as_csv = run_cli(capsys, "check", str(EXPORT), "--as-of", AS_OF, "-o", "csv")
    table = list(csv.DictReader(io.StringIO(as_csv.stdout)))
    legends = {r["legend"] for r in table if r["legend"]}
    chart = html.split('<svg class="chart"')[1].split("</svg>")[0]
    labels = re.findall(r'text-anchor="end">(.*?)</text>', chart)
    assert len(labels) == 11 and labels[-1] == f"{len(legends) - 10} others"
    bars = [float(v) for v in re.findall(r'<text x="[\d.]+" y="[\d.]+">([\d.]+)</text>', chart)]
    assert sum(bars) == sum(1 for r in table if r["legend"])  # every registered deck is in a bar


def test_the_page_says_when_it_was_made_and_for_which_event():
    from datetime import date

    from deckcheck.render.report_page import render_report_page
    from deckcheck.rules.report import Report

    made = datetime(2026, 12, 5, 9, 30, tzinfo=timezone.utc)
    html = render_report_page([Report(source="r.csv:2", player="Ana", format="standard", as_of=date(2026, 12, 5))],
                              event="Piltover Open", generated=made, title="Registration check: Standard")
    assert "<h1>Piltover Open</h1>" in html and "<title>Piltover Open · Registration check" in html
    assert "generated <time>2026-12-05 09:30 UTC</time>" in html


def test_unverified_deck_is_not_said_to_have_errors(capsys):
    text = run_cli(capsys, "check", str(SAMPLES / "unverified-ziggs-radiance-missing-cards.txt"),
                   "--as-of", AS_OF).stdout
    assert "2 to check by hand (not in the card data)" in text and "2 errors" not in text
    html = run_cli(capsys, "check", str(SAMPLES / "unverified-ziggs-radiance-missing-cards.txt"), "--as-of", AS_OF,
                   "-o", "html").stdout
    assert "Not proven legal</b>: the card data does not hold RAD-011, RAD-094" in html
    assert ">check by hand</span> <code>RB005</code>" in html and ">error</span>" not in html


@requires_chromium
def test_the_report_in_a_browser(browser, tmp_path, monkeypatch, capsys):
    page, _ = _report(capsys, tmp_path, monkeypatch)
    shown = browser.dom(page, "is=unreadable")
    visible = re.findall(r'<tr id="reg-\d+"><td class="num" data-sort="\d+">(\d+)</td>', shown)
    assert visible == ["9", "22"]
    assert "generated <time>2025-12-05 10:30 UTC</time>" in shown
    png = browser.screenshot(page, tmp_path / "report.png", width=1280, height=900)
    image = png_pixels(png)
    illegal_badges = sum(1 for y in range(image[1]) for x in range(0, image[0], 2) if pixel(image, x, y) == (179, 38, 30))
    assert illegal_badges > 200  # the red "illegal" badges of the first rows are on screen


def test_several_files_get_a_short_source_column():
    from datetime import date

    from deckcheck.render.report_page import render_report_page
    from deckcheck.rules.report import Report

    day = date(2026, 12, 5)
    html = render_report_page([Report(source="event/decks/ana.txt", format="standard", as_of=day),
                               Report(source="event/export.csv:3", player="Bo", format="standard", as_of=day)])
    assert "<th>Source</th>" in html and '<th class="num" title="the order checked">#</th>' in html
    assert '<code title="event/decks/ana.txt">decks/ana.txt</code>' in html
    assert '<code title="event/export.csv:3">export.csv row 3</code>' in html
    assert "2 registrations checked from 2 files" in html
