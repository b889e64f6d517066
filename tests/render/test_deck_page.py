"""``deckcheck report``: one self-contained page about a deck, run as a user runs it and opened in
headless Chromium."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from browser import png_size, requires_chromium
from conftest import REPO
from cli.support import run_cli, run_deckcheck

LEGAL = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"
ILLEGAL = REPO / "sample_decks" / "illegal-kaisa-too-many-copies.txt"


@pytest.fixture(scope="module")
def legal_page(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("report") / "jinx.html"
    done = run_deckcheck("report", str(LEGAL), "--out-file", str(out), "--seed", "11")
    assert done.returncode == 0, done.stderr
    assert "wrote" in done.stderr and "legal" in done.stderr
    return out


def test_the_page_has_every_section_and_fetches_nothing(legal_page):
    html = legal_page.read_text(encoding="utf-8")
    for text in ('id="verdict">legal<', "Energy curve", "Card types", "Domains", "Castable on curve",
                 "Rune splits", "Sample opening hands", "seed 11", "this deck"):
        assert text in html, text
    assert html.count("<svg") >= 3 + 13  # three charts and one bar per rune split
    assert not re.search(r'(src|href)="(https?:)?//', html)
    # The castability figures are castable's own: Sharkling on turn 2 is 1 - C(36,6)/C(39,6) = 40.3%.
    row = re.search(r"<tr><td>Sharkling</td>.*?</tr>", html, re.S).group(0)
    assert "40.3%" in row and "45.7%" in row


def test_an_illegal_deck_lists_its_violations_and_exits_1(tmp_path, capsys):
    out = tmp_path / "kaisa.html"
    done = run_cli(capsys, "report", str(ILLEGAL), "-O", str(out), "--seed", "1")
    assert done.returncode == 1, done.stderr
    html = unescape(out.read_text(encoding="utf-8"))
    assert 'id="verdict">illegal<' in html
    for code in ("RB101", "RB103", "RB108"):
        assert code in html
    assert "4 copies of Cleave" in html


def test_what_a_deck_file_says_is_escaped(tmp_path, capsys):
    deck = tmp_path / "<img src=x onerror=alert(1)>.txt"
    deck.write_text(LEGAL.read_text(encoding="utf-8"), encoding="utf-8")
    done = run_cli(capsys, "report", str(deck), "--seed", "2")
    assert done.returncode == 0, done.stderr
    assert "<img src=x" not in done.stdout and "&lt;img src=x onerror=alert(1)&gt;" in done.stdout


def test_the_deck_file_is_never_overwritten_without_force(tmp_path, capsys):
    deck = tmp_path / "deck.txt"
    deck.write_text(LEGAL.read_text(encoding="utf-8"), encoding="utf-8")
    done = run_cli(capsys, "report", str(deck), "-O", str(deck))
    assert done.returncode == 2 and "--force" in done.stderr and "Traceback" not in done.stderr
    assert deck.read_text(encoding="utf-8") == LEGAL.read_text(encoding="utf-8")


def test_a_deck_too_small_to_play_still_gets_its_verdict(tmp_path, capsys):
    deck = tmp_path / "tiny.txt"
    deck.write_text("Legend: Jinx, Loose Cannon\nMain Deck:\n1 Jinx, Demolitionist\n2 Sharkling\n", encoding="utf-8")
    out = tmp_path / "tiny.html"
    done = run_cli(capsys, "report", str(deck), "-O", str(out))
    assert done.returncode == 1, done.stderr
    html = out.read_text(encoding="utf-8")
    assert 'id="verdict">illegal<' in html and "No playtest" in html and "Castable on curve" not in html


@requires_chromium
def test_the_page_in_a_real_browser(browser, legal_page, tmp_path):
    rendered = browser.dom(legal_page)
    assert 'id="verdict">legal<' in rendered
    assert len(re.findall(r"<tr>\s*<td>", rendered.split('id="castable-table"')[1].split("</table>")[0])) == 22
    # The address keeps the filter: #q=sharkling shows one card.
    filtered = browser.dom(legal_page, fragment="q=sharkling")
    assert re.search(r'data-count="castable-table">1<', filtered)
    png = browser.screenshot(legal_page, tmp_path / "jinx.png", width=1280, height=2600)
    assert png_size(png) == (1280, 2600)
    assert png.stat().st_size > 50_000  # a real page was painted, not a blank one
