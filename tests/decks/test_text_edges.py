"""Edges of the text reader: where a header-shaped line stops being a header, lines that carry a
comment, full-width punctuation, and a known bug. Expected values are written by hand.
"""

from __future__ import annotations

import re
import pytest

from deckcheck.decks import text
from deckcheck.decks.model import Zone


def plain_id(value):
    """An ASCII test id (mutmut passes ids back to pytest, which cannot find some non-ASCII ones)."""
    if isinstance(value, str):
        return re.sub(r"[^A-Za-z0-9]+", "_", value).strip("_")[:40] or "blank"
    return None


def read(written: str):
    return text.read(written, source="list.txt")


def entries(raw):
    return [(e.text, e.count, e.zone, e.card_id, e.line) for e in raw.entries]


def said(raw):
    return [(p.severity.value, p.source.line, p.text, p.message) for p in raw.problems]


def test_a_header_shaped_line_of_four_words_is_an_unknown_header_and_of_five_is_not():
    raw = read("MainDeck:\nFour words in line:\n1 Gust\n")
    assert said(raw) == [("error", 2, "Four words in line:", "unknown section header 'Four words in line'")]
    assert entries(raw) == [("Gust", 1, None, None, 3)]  # after an unknown header, cards are filed by type
    raw = read("MainDeck:\nFive words in this line:\n1 Gust\n")
    assert not any("unknown section header" in p.message for p in raw.problems)
    assert [e.zone for e in raw.entries] == [Zone.MAIN, Zone.MAIN]


def test_a_header_shaped_line_with_digits_or_punctuation_in_its_word_is_no_unknown_header():
    for line in ("Jinx, Rebel:", "3 Cleave:", "== 3 Cleave =="):
        raw = read(f"MainDeck:\n{line}\n")
        assert not any("unknown section header" in p.message for p in raw.problems), line


def test_an_unknown_header_after_a_title_and_cards_is_an_error_too():
    raw = read("# My list\nMainDeck:\n3 Cleave\nExtras:\n1 Gust\n")
    assert raw.name == "My list"
    assert said(raw) == [("error", 4, "Extras:", "unknown section header 'Extras'")]
    assert entries(raw) == [("Cleave", 3, Zone.MAIN, None, 3), ("Gust", 1, None, None, 5)]


def test_a_header_after_an_unknown_one_starts_its_section_again():
    raw = read("MainDeck:\n3 Cleave\nExtras:\n1 Gust\nSideboard:\n2 Isolate\n")
    assert [(e.text, e.zone) for e in raw.entries] == [("Cleave", Zone.MAIN), ("Gust", None), ("Isolate", Zone.SIDEBOARD)]


def test_full_width_colons_in_headers_and_keys():
    raw = read("名称：我的卡组\n主卡组：\n3 Cleave\n总计：3\n")
    assert entries(raw) == [("Cleave", 3, Zone.MAIN, None, 3)]
    assert said(raw)[-1] == ("info", 4, "总计：3", "ignored: a card count ('总计：3'), not a card")


def test_a_key_and_value_that_is_no_count_is_read_as_a_card_or_title():
    raw = read("Total: many\nLegend:\nLoose Cannon\n")
    assert raw.name == "Total: many" and [e.text for e in raw.entries] == ["Loose Cannon"]
    raw = read("MainDeck:\nCards: 56 Cleave\n")
    assert not any(p.message.startswith("ignored") for p in raw.problems)


def test_a_header_followed_by_a_comment_that_is_an_id_keeps_it_for_an_inline_card():
    raw = read("Legend: Loose Cannon // OGN-251\nMainDeck: # 39 cards\n3 Cleave\n")
    assert entries(raw) == [("Loose Cannon", 1, Zone.LEGEND, "OGN-251", 1), ("Cleave", 3, Zone.MAIN, None, 3)]
    assert said(raw) == []


def test_a_whole_line_comment_that_names_a_section_is_still_a_comment():
    raw = read("MainDeck:\n3 Cleave\n// Sideboard: nothing yet\n// Runes\n2 Gust\n")
    assert [(e.text, e.zone) for e in raw.entries] == [("Cleave", Zone.MAIN), ("Gust", Zone.MAIN)]
    assert said(raw) == []


def test_a_header_with_a_comment_after_it():
    for header in ("Runes # twelve", "== Runes == # twelve", "Runes: // twelve"):
        raw = read(f"{header}\n6 Calm Rune\n")
        assert entries(raw) == [("Calm Rune", 6, Zone.RUNES, None, 2)], header


@pytest.mark.parametrize("line, name, card_id", [
    ("1 Loose Cannon - OGN-251", "Loose Cannon", "OGN-251"),
    ("1 Loose-Cannon", "Loose-Cannon", None),  # a hyphen inside a name is no id
    ("1 OGN-251 - Loose Cannon", "OGN-251 - Loose Cannon", None),
    ("1 Jinx - Loose Cannon", "Jinx - Loose Cannon", None),
    ("1 Jinx - OGN-251", "Jinx", "OGN-251"),
], ids=plain_id)
def test_dashes_between_a_name_and_an_id(line, name, card_id):
    raw = read(f"Legend:\n{line}\n")
    assert [(e.text, e.card_id) for e in raw.entries] == [(name, card_id)]


def test_an_id_in_square_brackets_alone_on_a_line_is_that_card():
    raw = read("Legend:\n[OGN-251]\nMainDeck:\n3 Cleave\n")
    assert entries(raw) == [("OGN-251", 1, Zone.LEGEND, None, 2), ("Cleave", 3, Zone.MAIN, None, 4)]
    assert said(raw) == []


def test_a_header_in_full_width_letters_is_its_section():
    raw = read("ＬＥＧＥＮＤ：\nLoose Cannon\nＭａｉｎ Ｄｅｃｋ\n3 Cleave\n")
    assert entries(raw) == [("Loose Cannon", 1, Zone.LEGEND, None, 2), ("Cleave", 3, Zone.MAIN, None, 4)]


def test_a_first_line_with_an_id_and_no_count_is_a_card_not_the_title():
    raw = read("Cleave [OGN-004]\nLegend:\nLoose Cannon\n")
    assert raw.name is None
    assert entries(raw) == [("Cleave", 1, None, "OGN-004", 1), ("Loose Cannon", 1, Zone.LEGEND, None, 3)]


def test_one_bad_card_among_several_on_a_header_line_is_an_error_and_the_others_are_read():
    raw = read("MainDeck: 3 Defy, 0 Cleave 2 Gust\n")
    assert entries(raw) == [("Defy", 3, Zone.MAIN, None, 1), ("Gust", 2, Zone.MAIN, None, 1)]
    assert said(raw) == [("error", 1, "MainDeck: 3 Defy, 0 Cleave 2 Gust", "cannot read this line: a count of 0")]


def test_a_header_line_whose_card_has_no_count_first_is_one_card():
    raw = read("MainDeck: Cleave 3 Defy\n")
    assert entries(raw) == [("Cleave 3 Defy", 1, Zone.MAIN, None, 1)]


def test_a_header_in_decomposed_unicode_is_its_section():
    raw = read("Le\u0301gende:\nLoose Cannon\nMainDeck:\n3 Cleave\n")
    assert entries(raw)[0] == ("Loose Cannon", 1, Zone.LEGEND, None, 2)


def test_an_inline_card_whose_name_starts_with_x_keeps_its_name():
    raw = read("MainDeck: XP Tracker\nChampion: Xin Zhao, Vigilant\n")
    assert [(e.text, e.count, e.zone) for e in raw.entries] == [("XP Tracker", 1, Zone.MAIN),
                                                               ("Xin Zhao, Vigilant", 1, Zone.CHAMPION)]


def test_a_first_line_that_is_a_card_count_with_a_year_is_a_note_not_the_title():
    raw = read("2026 Total: 5\nLegend:\nLoose Cannon\n")
    assert raw.name is None
    assert said(raw) == [("info", 1, "2026 Total: 5", "ignored: a card count ('2026 Total: 5'), not a card")]


def test_a_stores_id_with_a_printing_letter_and_no_set_size():
    raw = read("MainDeck:\n7 Calm Rune [OGN] 042a\n")
    assert entries(raw) == [("Calm Rune", 7, Zone.MAIN, "[OGN] 042a", 2)]


def test_a_separator_before_the_only_card_on_a_header_line_is_dropped():
    raw = read("MainDeck: ; 3 Defy\nSideboard: ,2 Gust,\n")
    assert [(e.text, e.count, e.zone) for e in raw.entries] == [("Defy", 3, Zone.MAIN), ("Gust", 2, Zone.SIDEBOARD)]
    assert said(raw) == []
