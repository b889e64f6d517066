"""One card line, every way docs/text-format.md says players write it: the count, the name, an id
beside or instead of the name, a number in parentheses, and each error with its exact words.

Each line is read under ``MainDeck:`` (line 2); what is checked is the entry a player's line
becomes (name as written, count, id, number in parentheses) or the one error on its line.
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


def one(line: str):
    """(text, count, id, number, counted) of the one entry ``line`` becomes under MainDeck:, and the problems."""
    raw = text.read(f"MainDeck:\n{line}\n", source="list.txt")
    got = [(e.text, e.count, e.card_id, e.number, e.counted) for e in raw.entries]
    assert all(e.zone is Zone.MAIN and e.line == 2 and e.file == "list.txt" for e in raw.entries)
    return got, [(p.severity.value, p.source.line, p.text, p.message) for p in raw.problems]


CARD_LINES = {
    # count first
    "3 Cleave": ("Cleave", 3, None),
    "3x Cleave": ("Cleave", 3, None),
    "3X Cleave": ("Cleave", 3, None),
    "3 x Cleave": ("Cleave", 3, None),
    "3× Cleave": ("Cleave", 3, None),
    "3xCleave": ("Cleave", 3, None),
    "3x[OGN-004]": ("OGN-004", 3, None),
    "12 Calm Rune": ("Calm Rune", 12, None),
    "99 Cleave": ("Cleave", 99, None),
    "+3 Cleave": ("Cleave", 3, None),
    "03 Cleave": ("Cleave", 3, None),
    # count last
    "Cleave x3": ("Cleave", 3, None),
    "Cleave X3": ("Cleave", 3, None),
    "Cleave ×3": ("Cleave", 3, None),
    "Cleave x 3": ("Cleave", 3, None),
    # names of every shape
    "2 Jinx, Rebel": ("Jinx, Rebel", 2, None),
    "2 Jinx - Rebel": ("Jinx - Rebel", 2, None),
    "2x Jinx - Rebel": ("Jinx - Rebel", 2, None),
    "2 Jinx: Rebel": ("Jinx: Rebel", 2, None),
    "1 Get Excited!": ("Get Excited!", 1, None),
    "1 Kai'Sa, Survivor": ("Kai'Sa, Survivor", 1, None),
    "1 Star-Crossed": ("Star-Crossed", 1, None),
    "1 Dr. Mundo, Expert": ("Dr. Mundo, Expert", 1, None),
    "1 Rhasa the Sunderer": ("Rhasa the Sunderer", 1, None),
    "2 Cleave,": ("Cleave", 2, None),
    "2 Cleave;": ("Cleave", 2, None),
    "2 Cleave |": ("Cleave", 2, None),
    "2 B4ttle Cry": ("B4ttle Cry", 2, None),
    "- 3x Cleave": ("Cleave", 3, None),
    "* 3 Cleave": ("Cleave", 3, None),
    "• 3 Cleave": ("Cleave", 3, None),
    "· 3 Cleave": ("Cleave", 3, None),
    "**3 Cleave**": ("Cleave", 3, None),
    "3\tCleave": ("Cleave", 3, None),
    "3\u00a0Cleave": ("Cleave", 3, None),
    "3 \u200bCleave": ("Cleave", 3, None),
    # an id after the name
    "3 Cleave [OGN-004]": ("Cleave", 3, "OGN-004"),
    "3x Cleave (OGN-004)": ("Cleave", 3, "OGN-004"),
    "3 Cleave ( OGN-004 )": ("Cleave", 3, "OGN-004"),
    "3 Cleave OGN-004": ("Cleave", 3, "OGN-004"),
    "3 Cleave - OGN-004": ("Cleave", 3, "OGN-004"),
    "3 Cleave | OGN-004": ("Cleave", 3, "OGN-004"),
    "3 Cleave – OGN-004": ("Cleave", 3, "OGN-004"),
    "8 Fury Rune # OGN-007a": ("Fury Rune", 8, "OGN-007a"),
    "8 Fury Rune // OGN-007a": ("Fury Rune", 8, "OGN-007a"),
    "8 Fury Rune # not an id": ("Fury Rune", 8, None),
    "8 Fury Rune #": ("Fury Rune", 8, None),
    "3 Cleave [OGN-004] # OGN-005": ("Cleave", 3, "OGN-004"),
    "Cleave [OGN-004] x3": ("Cleave", 3, "OGN-004"),
    "Cleave x3 [OGN-004]": ("Cleave", 3, "OGN-004"),
    "3 Discipline (Origins Nexus Night Promo) (OGN-058-P)": ("Discipline", 3, "OGN-058-P"),
    "3 Discipline (Promo) [OGN-058-P]": ("Discipline", 3, "OGN-058-P"),
    "3 Jinx - Rebel (OGN-202)": ("Jinx - Rebel", 3, "OGN-202"),
    "3 Jinx - Rebel OGN-202": ("Jinx - Rebel", 3, "OGN-202"),
    "1 Star-Crossed # SFD-226": ("Star-Crossed", 1, "SFD-226"),
    # a store's copy
    "7 Calm Rune [OGN] 042/298": ("Calm Rune", 7, "[OGN] 042/298"),
    "7 Calm Rune [OGN]042": ("Calm Rune", 7, "[OGN]042"),
    "3\tDefy\t$0.20": ("Defy", 3, None),
    "3 Defy 0,20 €": ("Defy", 3, None),
    "3 Defy USD 1.50": ("Defy", 3, None),
    "3 Defy £2": ("Defy", 3, None),
    # an id instead of the name
    "3 OGN-004": ("OGN-004", 3, None),
    "3 ogn-4": ("ogn-4", 3, None),
    "1 [OGN] 004/298": ("[OGN] 004/298", 1, None),
    "3 [OGN-004]": ("OGN-004", 3, None),
    "OGN-004 x3": ("OGN-004", 3, None),
}


@pytest.mark.parametrize("line", CARD_LINES, ids=list(range(len(CARD_LINES))))
def test_a_card_line(line):
    name, count, card_id = CARD_LINES[line]
    got, problems = one(line)
    assert got == [(name, count, card_id, None, True)], line
    assert problems == [], line


@pytest.mark.parametrize("line, name, count, number, counted", [
    ("Hall of Legends (210)", "Hall of Legends", 1, 210, False),
    ("1 Hall of Legends (210)", "Hall of Legends", 1, 210, True),
    ("Cleave (3)", "Cleave", 3, 3, False),
    ("Cleave ( 3 )", "Cleave", 3, 3, False),
    ("Cleave (99)", "Cleave", 99, 99, False),
    ("Cleave (100)", "Cleave", 1, 100, False),
    ("Cleave (12345)", "Cleave", 1, 12345, False),
    ("Cleave (123456)", "Cleave", 1, 10**6, False),
    ("2x Stupefy (95)", "Stupefy", 2, 95, True),
], ids=plain_id)
def test_a_number_in_parentheses_is_handed_to_the_resolver(line, name, count, number, counted):
    got, problems = one(line)
    assert got == [(name, count, None, number, counted)]
    assert problems == []


def test_a_number_in_parentheses_with_a_sign_is_a_count():
    assert one("Cleave (+3)") == ([("Cleave", 3, None, None, True)], [])


def test_an_id_before_a_number_in_parentheses_hands_both_over():
    assert one("3 Cleave [OGN-004] (3)") == ([("Cleave", 3, "OGN-004", 3, True)], [])


ERRORS = {
    "0 Cleave": "a count of 0",
    "Cleave x0": "a count of 0",
    "Cleave (0)": "a count of 0",
    "-2 Cleave": "negative count -2",
    "Cleave x-2": "negative count -2",
    "Cleave (-2)": "negative count -2",
    "100 Cleave": "count 100 is more than 99",
    "Cleave x100": "count 100 is more than 99",
    "99999999999999999999999 Cleave": "count 99999999999999999999999 is more than 99",
    "3 Cleave x2": "two counts on one line",
    "3 Cleave (2)": None,  # a counted line's number: handed to the resolver, no error
    "3 ---": "no card name",
    "3 -- ,;": "no card name",
    "3 !!!": "no card name",
    "3 ()": "no card name",
    "3x": "a count without a card name",
    "x4": "a count without a card name",
    "- 3": "a count without a card name",
    "3 # OGN-004": "a count without a card name",
    "100": "a count without a card name",
}


@pytest.mark.parametrize("line", ERRORS, ids=list(range(len(ERRORS))))
def test_an_unreadable_card_line_is_one_error_on_its_line(line):
    got, problems = one(line)
    if ERRORS[line] is None:
        assert problems == [] and len(got) == 1
        return
    assert got == []
    assert problems == [("error", 2, line, f"cannot read this line: {ERRORS[line]}")]


def test_a_line_too_long_is_an_error_that_shows_its_start():
    line = "3 " + "Cleave " * 50
    raw = text.read(f"MainDeck:\n{line}\n2 Gust\n", source="list.txt")
    assert [(e.text, e.line) for e in raw.entries] == [("Gust", 3)]
    (problem,) = raw.problems
    written = line.strip()
    assert (problem.severity.value, problem.source.line, problem.message) == (
        "error", 2, f"line too long ({len(written)} characters)")
    assert problem.text == written[:60] + "…"


def test_a_line_of_exactly_300_characters_is_read():
    name = "A" * 298
    raw = text.read(f"MainDeck:\n1 {name}\n1 {name}B\n")
    assert [(e.text, e.line) for e in raw.entries] == [(name, 2)]
    assert [(p.source.line, p.message) for p in raw.problems] == [(3, "line too long (301 characters)")]


def test_control_characters_are_an_error_and_shown_replaced():
    raw = text.read("MainDeck:\n3 Cle\x1bave\n3 Cle\x7fave\n2 Gust\n", source="list.txt")
    assert [(e.text, e.line) for e in raw.entries] == [("Gust", 4)]
    assert [(p.severity.value, p.source.line, p.text, p.message) for p in raw.problems] == [
        ("error", 2, "3 Cle\ufffdave", "line contains control characters"),
        ("error", 3, "3 Cle\ufffdave", "line contains control characters"),
    ]


def test_lines_naming_one_card_are_separate_entries_with_their_lines():
    raw = text.read("MainDeck:\n2 Cleave\n1 Cleave\n", source="list.txt")
    assert [(e.text, e.count, e.line) for e in raw.entries] == [("Cleave", 2, 2), ("Cleave", 1, 3)]


def test_the_common_line_read_twice_in_two_files_keeps_each_files_place():
    first = text.read("MainDeck:\n3 Cleave\n", source="a.txt")
    again = text.read("Runes:\n\n3 Cleave\n", source="b.txt")
    assert [(e.file, e.line, e.zone) for e in first.entries] == [("a.txt", 2, Zone.MAIN)]
    assert [(e.file, e.line, e.zone) for e in again.entries] == [("b.txt", 3, Zone.RUNES)]
