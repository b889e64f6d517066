"""A ``Deck:``, ``Name:`` or ``Title:`` line after the first card line is never silently taken as
the title (issues 38 and 39): if it names a card, it is that card; otherwise a note says it was read
as a title. Before the first card, it names the deck as it always did."""

from __future__ import annotations

from pathlib import Path

from deckcheck.decks.load import read_text
from deckcheck.decks.resolve import resolve_deck
from deckcheck.rules import check_deck

REPO = Path(__file__).resolve().parents[2]
AS_OF = "2026-11-30"
LEGAL = (REPO / "sample_decks" / "legal-jinx-loose-cannon.txt").read_text(encoding="utf-8")


def check(written: str, db):
    deck = resolve_deck(read_text(written, source="deck.txt"), db)
    return deck, check_deck(deck, format="standard", as_of=AS_OF)


def inside_main_deck(line: str) -> str:
    """The legal sample list with ``line`` among its Main Deck cards."""
    return LEGAL.replace("2 Cleave\n", f"2 Cleave\n{line}\n", 1)


def test_deck_stacked_deck_inside_the_main_deck_is_the_banned_card_not_a_title(db):
    """Issue 39's finding: 41 cards with a banned card were reported legal, the line gone as a title."""
    assert check(LEGAL, db)[1].verdict == "legal"
    deck, report = check(inside_main_deck("Deck: Stacked Deck"), db)
    assert report.verdict == "illegal" and deck.name is None
    assert {v.code for v in report.violations if v.severity.value == "error"} == {"RB101", "RB601"}
    (warned,) = [v for v in report.violations if v.code == "RB003"]
    assert warned.line == 10 and warned.card == "Stacked Deck"
    assert warned.message == ("'Deck: Stacked Deck' after the first card names a card: read as 1 Stacked Deck, "
                              "not as the deck's title (write '1 Stacked Deck')")


def test_a_title_line_after_the_cards_that_names_no_card_is_the_title_with_a_note(db):
    for line in ("Name: Tempo Jinx", "Title: Tempo Jinx", "Deck: Tempo Jinx"):
        deck, report = check(inside_main_deck(line), db)
        assert report.verdict == "legal" and deck.name == "Tempo Jinx", line
        assert (10, f"'{line}' after the first card names no card: read as the deck's title") in [
            (v.line, v.message) for v in report.violations if v.code == "RB004"], line


def test_a_second_title_after_the_cards_is_noted_and_the_first_title_stays(db):
    deck, report = check("# Tempo Jinx\n" + inside_main_deck("Name: Jinx at locals"), db)
    assert deck.name == "Tempo Jinx" and report.verdict == "legal"
    assert "'Name: Jinx at locals' after the first card names no card: read as a title, and the deck has one " \
           "('Tempo Jinx')" in [v.message for v in report.violations if v.code == "RB004"]


def test_a_title_line_before_the_first_card_names_the_deck_without_a_note(db):
    deck, report = check("Deck: Stacked Deck\n" + LEGAL, db)
    assert deck.name == "Stacked Deck" and report.verdict == "legal"
    assert not [v for v in report.violations if "title" in v.message]
