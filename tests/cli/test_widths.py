"""Output widths: a pipe gets whole lines with no trailing spaces, whatever COLUMNS says; an
80-column terminal gets text and tables fitted to it without a card name cut or a number folded."""

from __future__ import annotations

import re

import pytest

from cli.support import run_deckcheck, run_on_terminal, without_escapes
from cli.test_check import JINX

DECK = str(JINX)
SLOW = ("--games", "2000", "--seed", "1")
COMMANDS = {
    "castable": ["castable", DECK],
    "clock": ["clock", DECK, *SLOW],
    "simulate": ["simulate", DECK, *SLOW],
    "odds": ["odds", DECK, "--card", "Cleave", "--by-turn", "3"],
    "cards search": ["cards", "search", "jinx"],
}
NUMBER = re.compile(r"(?<![\w.])(?:>?\d+(?:\.\d+)?%|T\d+)")


def _lines(result) -> list[str]:
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


@pytest.mark.parametrize("columns", [None, "80"])
@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_pipe_gets_whole_lines_without_trailing_spaces(name, columns, monkeypatch):
    if columns:
        monkeypatch.setenv("COLUMNS", columns)
    else:
        monkeypatch.delenv("COLUMNS", raising=False)
    lines = _lines(run_deckcheck(*COMMANDS[name]))
    assert not [line for line in lines if line != line.rstrip()]
    if name in ("castable", "clock", "simulate"):
        # the setup line is one line in a pipe, however long, not cut at 100 columns
        assert any(line.startswith(DECK) and "runes 8 Fury, 4 Chaos" in line for line in lines)


def _deck_names() -> list[str]:
    return [line.split(" ", 1)[1] for line in JINX.read_text().splitlines() if re.match(r"\d+ \S", line)]


@pytest.mark.parametrize("name", ["simulate", "castable"])
def test_an_80_column_terminal_keeps_every_card_name_and_number_whole(name, monkeypatch):
    lines = without_escapes(run_on_terminal(*COMMANDS[name], columns=80)).splitlines()
    assert max(len(line) for line in lines) <= 80
    monkeypatch.delenv("COLUMNS", raising=False)
    unwrapped = _lines(run_deckcheck(*COMMANDS[name]))
    table = [line for line in lines if line.startswith(" ") and line.split("  ")[0].strip() in _deck_names()]
    assert len(table) >= 20  # one row per card, every name whole on its row
    for row in table:
        name_ = row.split("  ")[0].strip()
        full = next(line for line in unwrapped if line.split("  ")[0].strip() == name_)
        # the row keeps the first figures of the full row, each whole
        assert NUMBER.findall(row) == NUMBER.findall(full)[:len(NUMBER.findall(row))] and len(NUMBER.findall(row)) >= 3
    assert any(line.startswith("(not shown at 80 columns:") for line in lines)


def test_cards_search_in_an_80_column_terminal():
    text = without_escapes(run_on_terminal("cards", "search", "jinx", columns=80))
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80
    for name in ("Jinx, Demolitionist", "Jinx, Rebel", "Jinx, Loose Cannon"):
        assert re.search(rf"│ OGN-\d+ +│ {re.escape(name)} +│", text), name
    assert "…" not in text and "(not shown at 80 columns: printings" in text
    wide = without_escapes(run_on_terminal("cards", "search", "jinx", columns=160))
    assert "printings" in wide and "not shown" not in wide


WRAPPED = {
    "fix": ["fix", "sample_decks/illegal-annie-banned-stacked-deck.txt", "--as-of", "2026-11-01"],
    "formats": ["formats", "--as-of", "2026-11-01"],
    "cards info": ["cards", "info"],
}


@pytest.mark.parametrize("name", sorted(WRAPPED))
def test_an_80_column_terminal_gets_every_line_wrapped_and_a_pipe_every_line_whole(name, monkeypatch):
    shown = [line.rstrip() for line in without_escapes(run_on_terminal(*WRAPPED[name], columns=80)).splitlines()]
    monkeypatch.delenv("COLUMNS", raising=False)
    piped = run_deckcheck(*WRAPPED[name]).stdout
    assert max(len(line) for line in shown) <= 80 and "…" not in "\n".join(shown)
    assert max(len(line) for line in piped.splitlines()) > 80  # a pipe is never wrapped, nor cut
    words = " ".join(shown).split()
    if name == "cards info":  # a narrow window leaves out whole columns, and says which
        assert "(not shown at 80 columns: name; a wider window or a pipe shows them)" in shown
        assert all(code in words for code in ("OGN", "SFD", "RAD")) and "011 022 032" in "\n".join(shown)
    else:  # every word of the pipe's lines, in order, none broken
        assert words == piped.split()
    if name == "fix":  # a continuation is indented under its line
        long = next(i for i, line in enumerate(shown) if line.startswith("  +2 Acceptable Losses"))
        assert shown[long + 1].startswith("    ") and not shown[long + 1].startswith("     ")
