"""One table of deck formats (deckcheck.decks.formats) decides what a folder walk reads, what
convert writes, which formats drop a sideboard, and which files the pre-commit hook hands over."""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from cli.support import run_cli

from deckcheck.decks.formats import BY_NAME, DECK_ENDINGS, FORMATS, NO_SIDEBOARD, WRITTEN
from deckcheck.decks.load import format_for_path, format_module, iter_deck_files

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"


def test_a_folder_walk_reads_every_ending_of_the_table_and_no_other(tmp_path):
    for ending in (*DECK_ENDINGS, ".md", ".csv", ".png"):
        (tmp_path / f"deck{ending}").write_text("1 Cleave\n")
    read = sorted(Path(item.path).suffix for item in iter_deck_files([tmp_path]))
    assert read == sorted(DECK_ENDINGS)


def test_the_endings_that_name_a_format_choose_its_reader():
    for fmt in FORMATS:
        for ending in fmt.endings:
            expected = fmt.name if fmt.ending_decides else None
            assert format_for_path(f"deck{ending}") == expected, ending
        assert format_module(fmt.name).NAME in (fmt.name, "yaml"), fmt.name  # yaml and json share a reader


def test_the_pre_commit_hook_hands_over_the_files_of_the_table():
    (hook,) = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    picked = re.compile(hook["files"])
    for ending in DECK_ENDINGS:
        assert picked.search(f"decks/jinx{ending}"), ending
    for other in (".md", ".csv", ".toml", ".txt.bak"):
        assert not picked.search(f"decks/jinx{other}"), other


def test_convert_offers_the_written_formats_and_drops_the_sideboard_where_the_table_says(capsys, tmp_path):
    listing = SAMPLE.read_text(encoding="utf-8") + "\nSideboard:\n1 Cleave\n"
    deck = tmp_path / "jinx.txt"
    deck.write_text(listing, encoding="utf-8")
    for name in WRITTEN:
        code, out, err = run_cli(capsys, "convert", str(deck), "--to", name)
        assert code == 0, (name, err)
        dropped = "has no sideboard" in err
        assert dropped == (name in NO_SIDEBOARD), name
        if dropped:
            assert f"a {BY_NAME[name].label} list has no sideboard" in err
    code, out, err = run_cli(capsys, "convert", str(deck), "--to", "link")
    assert code == 2 and "text, code, tts, pixelborn, yaml" in err + out
