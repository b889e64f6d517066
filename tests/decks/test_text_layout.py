"""The shape of a whole list: its title, chat noise, counts on their own lines, lists without
headers (five or six groups in order, or flat), empty lists, and telling a text list from other
formats. Expected values follow docs/text-format.md and are written by hand.
"""

from __future__ import annotations

import re
import pytest

from deckcheck.decks import text
from deckcheck.decks.load import detect_format, read_text
from deckcheck.decks.model import Zone
from deckcheck.errors import DeckReadError


def plain_id(value):
    """An ASCII test id (mutmut passes ids back to pytest, which cannot find some non-ASCII ones)."""
    if isinstance(value, str):
        return re.sub(r"[^A-Za-z0-9]+", "_", value).strip("_")[:40] or "blank"
    return None

L, C, M, B, R, S = Zone.LEGEND, Zone.CHAMPION, Zone.MAIN, Zone.BATTLEFIELDS, Zone.RUNES, Zone.SIDEBOARD
HEADED = "Legend:\nLoose Cannon\n"


def read(written: str):
    return text.read(written, source="list.txt")


def entries(raw):
    return [(e.text, e.count, e.zone, e.line) for e in raw.entries]


def said(raw):
    return [(p.severity.value, p.source.line, p.text, p.message) for p in raw.problems]


# ---------------------------------------------------------------------------- the title
@pytest.mark.parametrize("first, title", [
    ("# Jinx Aggro", "Jinx Aggro"),
    ("#Jinx Aggro", "Jinx Aggro"),
    ("# Jinx Aggro #2", "Jinx Aggro #2"),
    ("Jinx Aggro", "Jinx Aggro"),
    ("Jinx Aggro:", "Jinx Aggro"),
    ("Here's my list:", "Here's my list"),
    ("Name: Jinx Aggro", "Jinx Aggro"),
    ("Title: Jinx Aggro", "Jinx Aggro"),
    ("Deck Name: Jinx Aggro", "Jinx Aggro"),
    ("Deck: Jinx Aggro", "Jinx Aggro"),
    ("deck :Jinx Aggro ", "Jinx Aggro"),
    ("2026 Regionals Jinx", "2026 Regionals Jinx"),
    ("1999 Jinx", "1999 Jinx"),
    ("Cleave", "Cleave"),
], ids=plain_id)
def test_a_title_line_names_the_deck(first, title):
    raw = read(f"{first}\n{HEADED}")
    assert raw.name == title
    assert entries(raw) == [("Loose Cannon", 1, L, 3)]
    assert said(raw) == []


@pytest.mark.parametrize("first", ["## Notes", "// exported", "#", "3 Cleave", "2100 Jinx", "Foo:", "Battlefeilds:"], ids=plain_id)
def test_lines_that_do_not_name_the_deck(first):
    raw = read(f"{first}\n{HEADED}")
    assert raw.name is None


def test_only_the_first_title_counts():
    assert read(f"Title: A\nName: B\n{HEADED}").name == "A"
    assert read(f"# A\n# B\n{HEADED}").name == "A"
    assert read(f"Deck: A\nDeck: B\n{HEADED}").name == "A"


def test_a_title_after_an_error_or_a_card_is_no_title():
    raw = read(f"0 Cleave\nMy deck\n{HEADED}")
    assert raw.name is None
    assert entries(raw) == [("My deck", 1, None, 2), ("Loose Cannon", 1, L, 4)]
    assert said(raw) == [("error", 1, "0 Cleave", "cannot read this line: a count of 0")]
    raw = read(f"3 Cleave\nMy deck\n{HEADED}")
    assert raw.name is None and [e.text for e in raw.entries] == ["Cleave", "My deck", "Loose Cannon"]


def test_a_title_after_a_note_is_still_the_title():
    raw = read(f"Total: 3 cards\nMy deck\n{HEADED}")
    assert raw.name == "My deck"
    assert said(raw) == [("info", 1, "Total: 3 cards", "ignored: a card count ('Total: 3 cards'), not a card")]


def test_a_first_line_that_is_an_unknown_header_with_a_suggestion_is_an_error_not_a_title():
    raw = read(f"Battlefeilds:\n{HEADED}")
    assert raw.name is None
    assert said(raw) == [("error", 1, "Battlefeilds:", "unknown section header 'Battlefeilds'")]
    raw = read(f"Foo:\n{HEADED}")
    assert raw.name is None and said(raw) == [("error", 1, "Foo:", "unknown section header 'Foo'")]


# ---------------------------------------------------------------------------- noise
def test_chat_noise_is_a_note_on_its_line():
    raw = read("```\nLegend:\nLoose Cannon\nMainDeck:\n3 Cleave\nTotal: 66 cards\nCards: 56\nDeck: 40 cards\n"
               "Card count: 40\n总计：40张\n~~~text\n```\n")
    assert entries(raw) == [("Loose Cannon", 1, L, 3), ("Cleave", 3, M, 5)]
    assert said(raw) == [
        ("info", 1, "```", "ignored: a code fence"),
        ("info", 6, "Total: 66 cards", "ignored: a card count ('Total: 66 cards'), not a card"),
        ("info", 7, "Cards: 56", "ignored: a card count ('Cards: 56'), not a card"),
        ("info", 8, "Deck: 40 cards", "ignored: a card count ('Deck: 40 cards'), not a card"),
        ("info", 9, "Card count: 40", "ignored: a card count ('Card count: 40'), not a card"),
        ("info", 10, "总计：40张", "ignored: a card count ('总计：40张'), not a card"),
        ("info", 11, "~~~text", "ignored: a code fence"),
        ("info", 12, "```", "ignored: a code fence"),
    ]


def test_comments_are_ignored_silently():
    raw = read("Legend:\nLoose Cannon\n# a comment\n// another\nMainDeck:\n3 Cleave // the best\n2 Gust # two\n")
    assert entries(raw) == [("Loose Cannon", 1, L, 2), ("Cleave", 3, M, 6), ("Gust", 2, M, 7)]
    assert said(raw) == []


def test_sb_lines_go_to_the_sideboard_wherever_they_stand():
    raw = read("MainDeck:\n3 Cleave\nSB: 2 Gust\nsb: Isolate x2\nSB: 0 Gust\n")
    assert entries(raw) == [("Cleave", 3, M, 2), ("Gust", 2, S, 3), ("Isolate", 2, S, 4)]
    assert said(raw) == [("error", 5, "SB: 0 Gust", "cannot read this line: a count of 0")]


def test_sb_lines_in_a_list_without_headers():
    raw = read("3 Cleave\nSB: 2 Gust\n")
    assert sorted(entries(raw), key=lambda e: e[3]) == [("Cleave", 3, None, 1), ("Gust", 2, S, 2)]


# ---------------------------------------------------------------------------- a count on its own line
def test_a_count_on_its_own_line_is_the_count_of_the_next_card():
    raw = read("MainDeck:\n3\nCleave\nx2\nGust\n")
    assert entries(raw) == [("Cleave", 3, M, 3), ("Gust", 2, M, 5)]
    assert said(raw) == []


def test_a_count_followed_by_a_counted_line_or_nothing_is_an_error():
    raw = read("MainDeck:\n2\n3 Gust\n4\n")
    assert entries(raw) == [("Gust", 3, M, 3)]
    assert said(raw) == [("error", 2, "2", "cannot read this line: a count without a card name"),
                         ("error", 4, "4", "cannot read this line: a count without a card name")]


def test_a_count_before_a_blank_line_is_an_error():
    raw = read("MainDeck:\n2\n\nGust\n")
    assert said(raw)[0] == ("error", 2, "2", "cannot read this line: a count without a card name")
    assert entries(raw) == [("Gust", 1, M, 4)]


def test_counts_on_their_own_lines_in_a_list_without_headers():
    raw = read("3\nCleave\n2\nGust\nx3\nFury Rune\n4\n")
    assert entries(raw) == [("Cleave", 3, None, 2), ("Gust", 2, None, 4), ("Fury Rune", 3, None, 6)]
    assert said(raw) == [("error", 7, "4", "cannot read this line: a count without a card name")]


@pytest.mark.parametrize("line", ["0", "00", "100"], ids=plain_id)
def test_a_count_alone_that_no_line_can_hold_is_an_error(line):
    raw = read(f"MainDeck:\n{line}\nCleave\n")
    assert said(raw)[0] == ("error", 2, line, "cannot read this line: a count without a card name")


# ---------------------------------------------------------------------------- lists without headers
GROUPS = "Loose Cannon\n\nJinx, Demolitionist\n\n3 Cleave\n2 Gust\n\nZaun Warrens\nHall of Legends\n\n6 Fury Rune\n6 Chaos Rune\n"
IN_ORDER = [("Loose Cannon", 1, L, 1), ("Jinx, Demolitionist", 1, C, 3), ("Cleave", 3, M, 5), ("Gust", 2, M, 6),
            ("Zaun Warrens", 1, B, 8), ("Hall of Legends", 1, B, 9), ("Fury Rune", 6, R, 11), ("Chaos Rune", 6, R, 12)]


def test_five_groups_are_legend_champion_main_battlefields_runes():
    raw = read(GROUPS)
    assert entries(raw) == IN_ORDER and said(raw) == [] and raw.name is None


def test_a_sixth_group_is_the_sideboard():
    raw = read(GROUPS + "\n\n2 Isolate\n")
    assert entries(raw) == IN_ORDER + [("Isolate", 2, S, 15)]


def test_a_seventh_group_makes_a_flat_list():
    raw = read(GROUPS + "\n2 Isolate\n\n1 Foo\n")
    assert [e.zone for e in raw.entries] == [None] * 10


def test_a_title_group_before_the_five():
    raw = read("My deck\n\n" + GROUPS)
    assert raw.name == "My deck"
    assert entries(raw) == [(t, n, z, line + 2) for t, n, z, line in IN_ORDER]


def test_a_title_comment_before_the_five():
    raw = read("# My deck\n\n" + GROUPS)
    assert raw.name == "My deck" and [e.zone for e in raw.entries] == [z for _, _, z, _ in IN_ORDER]


def test_a_counted_first_group_is_no_title():
    raw = read("3 Cleave\n\n" + GROUPS)
    assert raw.name is None and [e.zone for e in raw.entries] == [None] * 9


def test_a_title_without_a_blank_line_after_it_makes_a_flat_list():
    raw = read("My deck\n" + GROUPS)
    assert raw.name is None and entries(raw)[0] == ("My deck", 1, None, 1)


@pytest.mark.parametrize("groups", [
    "Loose Cannon\nJinx, Rebel\n\nJinx, Demolitionist\n\n3 Cleave\n2 Gust\n\nZaun Warrens\n\n6 Fury Rune\n",  # 2 legends
    "Loose Cannon\n\nJinx, Demolitionist\n2 Jinx, Rebel\n\n3 Cleave\n2 Gust\n\nZaun Warrens\n\n6 Fury Rune\n",  # 2 champions
    "Loose Cannon\n\nJinx, Demolitionist\n\n3 Cleave\n\nZaun Warrens\n\n6 Fury Rune\n",  # a main deck of one line
    "Loose Cannon\n\nJinx, Demolitionist\n\n3 Cleave\n2 Gust\n\n" + "1 Zaun Warrens\n" * 7 + "\n6 Fury Rune\n",  # 7 fields
    "Loose Cannon\n\nJinx, Demolitionist\n\n3 Cleave\n2 Gust\n\nZaun Warrens\n",  # four groups
], ids=plain_id)
def test_groups_of_the_wrong_shape_make_a_flat_list(groups):
    raw = read(groups)
    assert {e.zone for e in raw.entries} == {None}


def test_six_battlefield_lines_still_make_the_groups():
    raw = read("Loose Cannon\n\nJinx, Demolitionist\n\n3 Cleave\n2 Gust\n\n" + "1 Zaun Warrens\n" * 6 + "\n6 Fury Rune\n")
    assert [e.zone for e in raw.entries] == [L, C, M, M] + [B] * 6 + [R]


def test_comments_and_notes_inside_a_list_without_headers():
    raw = read("Loose Cannon\n# the legend\n\nJinx, Demolitionist\n\n3 Cleave\n2 Gust\nTotal: 5\n\nZaun Warrens\n\n"
               "6 Fury Rune\n0 Gust\n")
    assert [e.zone for e in raw.entries] == [L, C, M, M, B, R]
    assert said(raw) == [("info", 8, "Total: 5", "ignored: a card count ('Total: 5'), not a card"),
                         ("error", 13, "0 Gust", "cannot read this line: a count of 0")]


def test_a_line_without_a_count_in_a_list_without_headers_is_one_copy_without_a_warning():
    raw = read("Cleave\n3 Gust\n")
    assert entries(raw) == [("Cleave", 1, None, 1), ("Gust", 3, None, 2)] and said(raw) == []


# ---------------------------------------------------------------------------- empty
@pytest.mark.parametrize("written", ["", "\n\n", "  \n\ufeff\n", "\ufeff", "**\n", "\u200b\n"], ids=plain_id)
def test_an_empty_list_is_an_error_naming_the_file(written):
    with pytest.raises(DeckReadError) as caught:
        read(written)
    assert "the decklist is empty" in str(caught.value) and "list.txt" in str(caught.value)


@pytest.mark.parametrize("written", ["# only a comment\nLegend:\n", "Legend:\nMainDeck:\n", "// x\n", "```\n"], ids=plain_id)
def test_a_list_with_no_card_is_one_error(written):
    raw = read(written)
    assert raw.entries == []
    assert [(p.severity.value, p.source.file, p.source.line, p.message) for p in raw.problems if
            p.severity.value == "error"] == [("error", "list.txt", None, "no cards found in the decklist")]


def test_a_list_whose_only_lines_are_errors_says_so_and_not_that_it_is_empty():
    raw = read("0 Cleave\n")
    assert said(raw) == [("error", 1, "0 Cleave", "cannot read this line: a count of 0")]


# ---------------------------------------------------------------------------- line ends
@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"], ids=plain_id)
def test_line_numbers_with_every_line_end(eol):
    raw = read(eol.join(["\ufeffLegend:", "Loose Cannon", "", "MainDeck:", "3 Cleave", "0 Cleave"]))
    assert entries(raw) == [("Loose Cannon", 1, L, 2), ("Cleave", 3, M, 5)]
    assert [p.source.line for p in raw.problems] == [6]


# ---------------------------------------------------------------------------- telling text from other formats
@pytest.mark.parametrize("written", [
    "3 Cleave\n", "Legend:\nLoose Cannon\n", "== Legend ==\n", "# title\n\n- 3x Cleave\n", "Cleave x3\n",
    "Cleave (3)\n", "3xCleave\n", "```\n3 Cleave\n```\n", "// notes\n3 [OGN-004]\n", "\ufeff3 Cleave\n",
    "\n" * 5 + "2 Gust\n",
], ids=plain_id)
def test_text_lists_are_told_by_their_lines(written):
    assert text.sniff(written)
    assert detect_format(written) == "text"


@pytest.mark.parametrize("written", [
    "CMAAAAAAAAAQCAAAA4AACAIAABMQAAILAAAA", "OGN-245-1 OGN-245-1 OGN-246-1", '{"legend": "OGN-251"}', "hello world",
    "# just a comment\n", "",
], ids=plain_id)
def test_other_text_is_not_a_text_list(written):
    assert not text.sniff(written)


def test_a_card_line_after_sixty_other_lines_is_not_looked_for():
    assert text.sniff("some words\n" * 60 + "3 Cleave\n")
    assert not text.sniff("some words\n" * 61 + "3 Cleave\n")
    assert text.sniff("# comment\n" * 200 + "3 Cleave\n")  # comments are not counted
    assert not text.sniff("# comment\n" * 400 + "3 Cleave\n")  # only the first 400 lines are read


def test_a_crlf_list_is_read_by_the_command_lines_reader():
    raw = read_text("Legend:\r\nLoose Cannon\r\nMainDeck:\r\n3 Cleave\r\n", source="list.txt")
    assert raw.reader == "text" and entries(raw) == [("Loose Cannon", 1, L, 2), ("Cleave", 3, M, 4)]


def test_a_count_with_a_capital_x_on_its_own_line():
    raw = read("MainDeck:\nX3\nCleave\n×2\nGust\n")
    assert entries(raw) == [("Cleave", 3, M, 3), ("Gust", 2, M, 5)] and said(raw) == []


def test_cards_before_the_first_header_and_in_a_list_without_headers_keep_their_file():
    raw = read("3 Cleave\n2x Jinx - Rebel\nLegend:\nLoose Cannon\n")
    assert [(e.text, e.file, e.line) for e in raw.entries] == [
        ("Cleave", "list.txt", 1), ("Jinx - Rebel", "list.txt", 2), ("Loose Cannon", "list.txt", 4)]
    raw = read("3 Cleave\n2 Gust\n")
    assert {e.file for e in raw.entries} == {"list.txt"}
