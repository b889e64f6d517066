"""Section headers, as docs/text-format.md lists them: every spelling, decoration, count and
language, cards written on the header line, and headers that are not known sections.

Each case reads a short list and checks the section each card line lands in, as a player sees it.
"""

from __future__ import annotations

import re
import pytest

from deckcheck.decks import text
from deckcheck.decks.model import Severity, Zone


def plain_id(value):
    """An ASCII test id (mutmut passes ids back to pytest, which cannot find some non-ASCII ones)."""
    if isinstance(value, str):
        return re.sub(r"[^A-Za-z0-9]+", "_", value).strip("_")[:40] or "blank"
    return None

L, C, M, B, R, S = Zone.LEGEND, Zone.CHAMPION, Zone.MAIN, Zone.BATTLEFIELDS, Zone.RUNES, Zone.SIDEBOARD


def read(written: str):
    return text.read(written, source="list.txt")


def entries(raw) -> list[tuple[str, int, Zone | None, int]]:
    return [(e.text, e.count, e.zone, e.line) for e in raw.entries]


def said(raw) -> list[tuple[str, int | None, str | None, str]]:
    return [(p.severity.value, p.source.line, p.text, p.message) for p in raw.problems]


#: The headers of docs/text-format.md, each with its section (plus the spellings the reader's
#: docstring names: Rune Deck, Side Deck, Deck principal, 主卡组 ...).
HEADERS = {
    L: ["Legend", "Legends", "Champion Legend", "Légende", "Leyenda", "Legende", "Lenda", "Efsane", "传奇", "传说",
        "傳奇"],
    C: ["Champion", "Chosen Champion", "Champion Unit", "Campeón", "Champion élu", "Campeão", "Şampiyon", "英雄",
        "选定英雄"],
    M: ["MainDeck", "Main Deck", "Main", "Deck", "Mainboard", "Main Board", "Deck principal", "Mazo principal",
        "Hauptdeck", "Mazzo principale", "Ana Deste", "Baralho principal", "主卡组", "主牌组", "卡组", "Units", "Spells",
        "Gear", "Champions", "Spells and Gear", "Spells & Gear", "Signature Cards", "Cards"],
    B: ["Battlefields", "Battlefield", "Champs de bataille", "Campos de batalla", "Schlachtfelder", "Savaş Alanları",
        "战场"],
    R: ["Runes", "Rune", "Rune Deck", "RuneDeck", "Rune Pool", "Runas", "Runen", "Rün Destesi", "符文", "符文卡组"],
    S: ["Sideboard", "Side Deck", "SideDeck", "Side Board", "Side", "Réserve", "Banquillo", "Yan Deste", "备牌", "备用牌",
        "副牌"],
}
ALL = [(word, zone) for zone, words in HEADERS.items() for word in words]


@pytest.mark.parametrize("word, zone", ALL, ids=[f"{i}-{plain_id(w)}" for i, (w, _) in enumerate(ALL)])
def test_every_header_word_starts_its_section(word, zone):
    # (Python's upper case of the Turkish dotless ı is I, which folds back to i: not the same word)
    upper = word.upper() if "ı" not in word else word
    for header in (f"{word}:", word, upper, f"{word.lower()}：", f"  {word} : "):
        raw = read(f"{header}\n2 Cleave\n")
        assert entries(raw) == [("Cleave", 2, zone, 2)], header
        assert said(raw) == [], header


@pytest.mark.parametrize("header", [
    "== Main Deck ==", "=== Main Deck", "## Main Deck", "# Main Deck #", "###### Main Deck", "**Main Deck**",
    "[Main Deck]", "[Main Deck]:", "~~Main Deck~~", "~~Main Deck~~:", "__Main Deck__", "__Main Deck__:",
    "-- Main Deck --", "---Main Deck", "【Main Deck】", "【主卡组】", "【主卡组】：", "Main Deck (39):", "Main Deck (39)",
    "Main Deck - 39 cards", "Main Deck – 39", "Main Deck [40]", "Main Deck 40 cards", "Main Deck (1 card)",
    "主卡组 (40张)", "Main Deck:   // the 39 others", "Main Deck # the others", "MainDeck: 40",
    "Main Deck: (40 cards)",
], ids=plain_id)
def test_decorations_and_counts_around_a_header(header):
    raw = read(f"{header}\n2 Cleave\n")
    assert entries(raw) == [("Cleave", 2, M, 2)], header
    assert said(raw) == [], header


@pytest.mark.parametrize("header, zone", [
    ("Ana Deste (Main Board)", M), ("Yan Deste (Sideboard)", S), ("Efsane (Legend)", L),
    ("Rün Destesi (Runes)", R), ("Foo (Sideboard)", S), ("Ana Deste (Foo)", M), ("(Runes)", R),
    ("Savaş Alanları [Battlefields]", B),
], ids=plain_id)
def test_a_header_with_an_alias_in_parentheses(header, zone):
    raw = read(f"{header}\n2 Cleave\n")
    assert entries(raw) == [("Cleave", 2, zone, 2)]
    assert said(raw) == []


def test_a_known_word_inside_a_longer_line_is_no_header():
    raw = read("MainDeck:\nMain Deck Tech\n2 Cleave\n")
    assert (raw.entries[0].text, raw.entries[0].zone) == ("Main Deck Tech", M)


def test_a_header_word_with_a_digit_first_is_a_card_line():
    raw = read("MainDeck:\n3 Runes\n")
    assert entries(raw) == [("Runes", 3, M, 2)]


def test_a_word_that_only_starts_like_a_header_is_an_unknown_header():
    raw = read("MainDeck:\nSideboardxx:\n1 Gust\n")
    assert said(raw) == [("error", 2, "Sideboardxx:", "unknown section header 'Sideboardxx'")]
    assert entries(raw) == [("Gust", 1, None, 3)]


# ---------------------------------------------------------------------------- cards on the header line
def test_one_card_on_the_header_line():
    raw = read("Legend: Loose Cannon\nChampion: Jinx, Rebel\nBattlefields: Zaun Warrens\nRunes: 6 Calm Rune\n")
    assert entries(raw) == [("Loose Cannon", 1, L, 1), ("Jinx, Rebel", 1, C, 2), ("Zaun Warrens", 1, B, 3),
                            ("Calm Rune", 6, R, 4)]
    assert said(raw) == []


def test_an_inline_card_keeps_its_id_comment():
    raw = read("Legend: Loose Cannon # OGN-251\n")
    assert [(e.text, e.card_id, e.zone) for e in raw.entries] == [("Loose Cannon", "OGN-251", L)]


def test_several_cards_on_one_header_line():
    raw = read("MainDeck: 3 Defy 3 Discipline, 2x Gust; 1 Cleave 3 x Hidden Blade\n")
    assert entries(raw) == [("Defy", 3, M, 1), ("Discipline", 3, M, 1), ("Gust", 2, M, 1), ("Cleave", 1, M, 1),
                            ("Hidden Blade", 3, M, 1)]


def test_an_unreadable_card_on_the_header_line_is_an_error_on_that_line():
    raw = read("MainDeck:\n1 Gust\nRunes: 0 Calm Rune\n")
    assert entries(raw) == [("Gust", 1, M, 2)]
    assert said(raw) == [("error", 3, "Runes: 0 Calm Rune", "cannot read this line: a count of 0")]


def test_an_inline_card_without_a_count_under_the_main_deck_is_one_copy_with_a_warning():
    raw = read("MainDeck: Cleave\n")
    assert entries(raw) == [("Cleave", 1, M, 1)]
    assert said(raw) == [("warning", 1, "MainDeck: Cleave", "no count; read as 1 copy (write '1 Cleave')")]


def test_a_header_with_only_a_count_or_a_comment_after_it_holds_no_card():
    raw = read("MainDeck: (40)\n2 Cleave\nSideboard: # empty for now\n1 Gust\n")
    assert entries(raw) == [("Cleave", 2, M, 2), ("Gust", 1, S, 4)]
    assert said(raw) == []


# ---------------------------------------------------------------------------- unknown headers
@pytest.mark.parametrize("line, head, suggestions", [
    ("Battlefeilds:", "Battlefeilds", ("Battlefields",)),
    ("== Sidebaord ==", "Sidebaord", ("Sideboard",)),
    ("[Rune Dek]", "Rune Dek", ("Rune Deck", "Runes")),
    ("CHAMPIOM:", "CHAMPIOM", ("Champion",)),
    ("Main Dekc (40):", "Main Dekc", ("Main Deck", "MainDeck")),
    ("Tokens:", "Tokens", ()),
    ("~~Extras~~", "Extras", ()),
], ids=plain_id)
def test_an_unknown_header_is_an_error_with_suggestions_and_its_cards_go_by_type(line, head, suggestions):
    raw = read(f"MainDeck:\n2 Cleave\n{line}\n1 Zaun Warrens\n")
    assert said(raw) == [("error", 3, line, f"unknown section header '{head}'")]
    assert raw.problems[0].suggestions == suggestions
    assert entries(raw) == [("Cleave", 2, M, 2), ("Zaun Warrens", 1, None, 4)]


def test_an_unknown_markdown_heading_is_a_comment():
    raw = read("MainDeck:\n2 Cleave\n## My notes\n1 Gust\n")
    assert entries(raw) == [("Cleave", 2, M, 2), ("Gust", 1, M, 4)]
    assert said(raw) == []


@pytest.mark.parametrize("line", ["Jinx, Rebel:", "Five words in this line:", "3 Cleave:"], ids=plain_id)
def test_lines_ending_in_a_colon_that_are_no_header_shape(line):
    raw = read(f"MainDeck:\n{line}\n")
    assert not any(p.message.startswith("unknown section header") for p in raw.problems)
    assert len(raw.entries) == 1 and raw.entries[0].zone is M


def test_additional_legends_each_copy_once_and_apart_from_the_deck():
    raw = read("MainDeck:\n2 Cleave\nAdditional Legends:\n2 Loose Cannon\nFoo Legend [OGN-251]\nExtra Legends\n"
               "Jinx, Demolitionist\n")
    assert entries(raw) == [("Cleave", 2, M, 2)]
    assert [(e.text, e.count, e.zone, e.card_id, e.line) for e in raw.additional_legends] == [
        ("Loose Cannon", 1, L, None, 4), ("Loose Cannon", 1, L, None, 4), ("Foo Legend", 1, L, "OGN-251", 5),
        ("Jinx, Demolitionist", 1, L, None, 7)]
    assert said(raw) == []


def test_only_additional_legends_is_a_deck_with_no_error():
    raw = read("Additional Legends:\nLoose Cannon\n")
    assert raw.entries == [] and [e.text for e in raw.additional_legends] == ["Loose Cannon"]
    assert said(raw) == []


def test_no_count_warning_only_where_a_section_holds_several_copies():
    raw = read("Legend:\nLoose Cannon\nChampion:\nJinx, Rebel\nBattlefields:\nZaun Warrens\nMainDeck:\nCleave\n"
               "Runes:\nCalm Rune\nSideboard:\nGust\n")
    assert [e.count for e in raw.entries] == [1] * 6
    assert [(p.severity, p.source.line, p.message) for p in raw.problems] == [
        (Severity.WARNING, 8, "no count; read as 1 copy (write '1 Cleave')"),
        (Severity.WARNING, 10, "no count; read as 1 copy (write '1 Calm Rune')"),
        (Severity.WARNING, 12, "no count; read as 1 copy (write '1 Gust')"),
    ]
