"""What the organiser reads says what it means: one legend however a list wrote its name, one
unreadable input in the singular, and a file the settings excluded called so."""

from __future__ import annotations

import re

from cli.support import run_cli
from conftest import REPO

AS_OF = ("--as-of", "2026-11-30")
CHINESE = REPO / "tests" / "golden" / "inputs" / "chinese-kaisa.txt"
ENGLISH = REPO / "sample_decks" / "illegal-kaisa-too-many-copies.txt"


def test_the_legends_chart_counts_a_chinese_and_an_english_list_of_one_legend_once(capsys):
    html = run_cli(capsys, "check", str(CHINESE), str(ENGLISH), *AS_OF, "-o", "html").stdout
    assert "Kai&#39;Sa, Daughter of the Void (虚空之女)" in html  # the table shows what the list wrote
    assert re.search(r'<p class="meta">1 legend</p>', html)
    chart = html.split('<title>Legends registered</title>')[1].split("</svg>")[0]
    assert re.findall(r'text-anchor="end">(.*?)</text>.*?<text [^>]*>(\d+)</text>', chart) == [
        ("Kai&#39;Sa, Daughter of the Void", "2")]


def test_statistics_say_one_unreadable_input_in_the_singular(tmp_path, capsys):
    broken = tmp_path / "broken.txt"
    broken.write_text("this is not a deck\n", encoding="utf-8")
    shown = run_cli(capsys, "check", str(broken), str(ENGLISH), *AS_OF, "--statistics").stdout
    assert re.search(r"^1  unreadable input:$", shown, re.M)
    another = tmp_path / "another.txt"
    another.write_text("nor is this\n", encoding="utf-8")
    shown = run_cli(capsys, "check", str(broken), str(another), str(ENGLISH), *AS_OF, "--statistics").stdout
    assert re.search(r"^2  unreadable inputs:$", shown, re.M)


def _excluding(tmp_path):
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "jinx.txt").write_bytes((REPO / "sample_decks" / "legal-jinx-loose-cannon.txt").read_bytes())
    (decks / "kaisa.txt").write_bytes(ENGLISH.read_bytes())
    (decks / "notes.md").write_text("# not a deck\n", encoding="utf-8")
    (tmp_path / "deckcheck.toml").write_text('exclude = ["decks/kaisa.txt"]\n', encoding="utf-8")
    return decks


def test_a_file_the_settings_exclude_is_said_to_be_excluded_not_a_non_deck(tmp_path, capsys):
    _excluding(tmp_path)
    text = run_cli(capsys, "check", "decks", *AS_OF, cwd=tmp_path).stdout
    assert "excluded by the settings: 1 file\n  decks/kaisa.txt: excluded by 'decks/kaisa.txt'" in text
    assert "skipped (not decks): 1 file\n  decks/notes.md" in text
    assert text.rstrip().endswith("· 1 file skipped (not decks) and 1 file excluded by the settings")
    markdown = run_cli(capsys, "check", "decks", *AS_OF, "-o", "markdown", cwd=tmp_path).stdout
    assert markdown.startswith("**1 registration**: 1 legal, 0 illegal; 1 file skipped (not decks) and "
                               "1 file excluded by the settings")
    html = run_cli(capsys, "check", "decks", *AS_OF, "-o", "html", cwd=tmp_path).stdout
    assert "<h2>Files excluded by the settings</h2>\n<ul><li><code>decks/kaisa.txt</code>" in html
    assert "<h2>Files skipped (not decks)</h2>\n<ul><li><code>decks/notes.md</code>" in html
