"""Which language an answer speaks: each list's own (a list is Chinese when most of its first card lines are
written in Chinese characters), --lang over it; a batch of mixed lists answers each deck in its list's language
and says its summary in English, unless every list is Chinese; words cross worker processes whole."""

from __future__ import annotations

import shutil

from cli.support import run_cli
from conftest import REPO

from deckcheck.decks.language import written_language
from deckcheck.decks.load import load_deck, read_text
from deckcheck.decks.resolve import resolve_deck

DAY = ("--as-of", "2026-11-30")
CHINESE = REPO / "tests" / "golden" / "inputs" / "chinese-kaisa.txt"
ENGLISH = REPO / "sample_decks" / "illegal-kaisa-too-many-copies.txt"


def test_a_list_is_chinese_when_most_of_its_lines_are(db):
    assert written_language(load_deck(CHINESE, db)) == "zh"
    assert written_language(load_deck(ENGLISH, db)) == "en"
    one_chinese_line = ENGLISH.read_text(encoding="utf-8").replace("4 Cleave", "4 顺劈")
    assert written_language(resolve_deck(read_text(one_chinese_line), db)) == "en"
    typographic = ENGLISH.read_text(encoding="utf-8").replace("Kai'Sa", "Kai’Sa")  # a curly quote is no Chinese
    assert written_language(resolve_deck(read_text(typographic), db)) == "en"
    ids = "Legend:\nOGN-247\nMainDeck:\n3 OGN-001\n"
    assert written_language(resolve_deck(read_text(ids), db)) == "en"


def test_a_mixed_batch_answers_each_deck_in_its_language_and_sums_up_in_english(tmp_path, capsys):
    shutil.copy(CHINESE, tmp_path / "a-zh.txt")
    shutil.copy(ENGLISH, tmp_path / "b-en.txt")
    shown = run_cli(capsys, "check", tmp_path, *DAY).stdout
    chinese, english = shown.split("\n\n")[:2]
    assert "顺劈有 4 张" in chinese and "4 copies of Cleave" in english
    assert shown.rstrip().endswith("2 decks checked: 0 legal, 2 illegal")
    both = run_cli(capsys, "check", tmp_path, *DAY, "--lang", "zh").stdout
    assert "4 copies of Cleave" not in both and both.rstrip().endswith("已检查 2 副卡组：0 副合法，2 副不合法")


def test_a_folder_of_chinese_lists_shared_among_processes_stays_chinese(tmp_path, capsys):
    for i in range(120):  # enough to share the batch among two worker processes
        shutil.copy(CHINESE, tmp_path / f"deck{i:03d}.txt")
    shown = run_cli(capsys, "check", tmp_path, *DAY, "--jobs", "2").stdout
    assert shown.count("顺劈有 4 张；同名至多 3 张") == 120 and "copies of" not in shown
    assert shown.rstrip().endswith("已检查 120 副卡组：0 副合法，120 副不合法")
