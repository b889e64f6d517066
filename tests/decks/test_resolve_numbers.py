"""A number in parentheses after a card's name: its collector number, or a count.

``Hall of Legends (210)`` names the printing SFD-210; ``Cleave (3)`` is three copies. Only the
card data can tell the two apart, so the resolver decides, and what a player sees is which
printing, how many copies and which note. The collector numbers below are the cards' own
(card_data: Viktor, Leader is OGN-246 and the Arcane box's ARC-006; Pouty Poro is OGN-013 and
UNL-220; Noxus Hopeful is OGN-012; Heimerdinger, Inventor is OGN-111, OGN-111-JDG and ARC-003;
Cleave is OGN-004 only). The most copies a zone can hold is 12 (a rune deck of one rune), so a
number up to 12 may be a count and 13 never is.
"""

from __future__ import annotations

from deckcheck.decks import text
from deckcheck.decks.model import RawDeck, RawEntry, Severity, Zone
from deckcheck.decks.resolve import resolve_deck


def resolved(db, *lines: str):
    return resolve_deck(text.read("\n".join(["MainDeck:", *lines]) + "\n", source="list.txt"), db)


def main_of(deck) -> list[tuple[str, int, int]]:
    """(printing, copies, line) of each Main Deck entry, in the list's order."""
    return [(e.card.id, e.count, e.source.line) for e in deck.main]


def said(deck) -> list[tuple[str, int | None, str | None, str]]:
    return [(p.severity.value, p.source.line, p.text, p.message) for p in deck.problems]


# ---------------------------------------------------------------------------- a name and its number alone
def test_a_collector_number_alone_names_that_printing_once(db):
    deck = resolved(db, "Viktor, Leader (6)")
    assert main_of(deck) == [("ARC-006", 1, 2)]
    assert said(deck) == []


def test_the_base_collector_number_names_the_base_printing(db):
    # Viktor, Leader has OGN-246, OGN-246a and OGN-246-OPP at number 246: the first (base) one.
    deck = resolved(db, "Viktor, Leader (246)", "Heimerdinger, Inventor (111)")
    assert main_of(deck) == [("OGN-246", 1, 2), ("OGN-111", 1, 3)]
    assert said(deck) == []


def test_an_overnumbered_printing_by_its_number(db):
    deck = resolved(db, "Pouty Poro (220)", "Pouty Poro (13)")
    assert main_of(deck) == [("UNL-220", 1, 2), ("OGN-013", 1, 3)]


def test_a_small_number_that_is_no_collector_number_is_a_count(db):
    deck = resolved(db, "Cleave (3)")
    assert main_of(deck) == [("OGN-004", 3, 2)]
    assert said(deck) == []


def test_twelve_is_a_count_and_thirteen_is_an_error(db):
    deck = resolved(db, "Cleave (12)")
    assert main_of(deck) == [("OGN-004", 12, 2)] and said(deck) == []
    deck = resolved(db, "Cleave (13)")
    assert main_of(deck) == [("OGN-004", 1, 2)]
    assert said(deck) == [("error", 2, "Cleave", "(13) after 'Cleave' is neither its collector number (004) "
                                                 "nor a count a deck can hold; read as 1 copy")]


def test_a_large_number_that_is_no_collector_number_is_one_copy_and_an_error(db):
    deck = resolved(db, "Viktor, Leader (300)")
    assert main_of(deck) == [("OGN-246", 1, 2)]
    assert said(deck) == [("error", 2, "Viktor, Leader", "(300) after 'Viktor, Leader' is neither its collector "
                                                         "number (246) nor a count a deck can hold; read as 1 copy")]
    assert [p.severity for p in deck.problems] == [Severity.ERROR]


# ---------------------------------------------------------------------------- a count before the name as well
def test_a_count_before_the_name_and_its_collector_number(db):
    deck = resolved(db, "2 Viktor, Leader (6)")
    assert main_of(deck) == [("ARC-006", 2, 2)] and said(deck) == []
    deck = resolved(db, "2 Viktor, Leader (246)")
    assert main_of(deck) == [("OGN-246", 2, 2)] and said(deck) == []


def test_a_count_before_the_name_and_a_number_that_is_not_its_collector_number(db):
    deck = resolved(db, "1 Cleave (3)", "2 Viktor, Leader (7)")
    assert main_of(deck) == [("OGN-004", 1, 2), ("OGN-246", 2, 3)]
    assert said(deck) == [
        ("warning", 2, "Cleave", "(3) after 'Cleave' is not its collector number (004); read 1 as the count "
                                 "written before the name"),
        ("warning", 3, "Viktor, Leader", "(7) after 'Viktor, Leader' is not its collector number (246); read 2 "
                                         "as the count written before the name"),
    ]


def test_a_counted_line_does_not_make_the_list_write_counts_in_parentheses(db):
    # "1 Cleave (3)" has its count before the name: Viktor's (6) stays a collector number.
    deck = resolved(db, "1 Cleave (3)", "Viktor, Leader (6)")
    assert [(card, n) for card, n, _ in main_of(deck)] == [("OGN-004", 1), ("ARC-006", 1)]


# ---------------------------------------------------------------------------- a list that writes counts so
def test_a_list_that_writes_counts_in_parentheses_reads_every_small_number_as_a_count(db):
    # Cleave has no printing 3: this list writes its counts in parentheses, so Viktor's (6) is 6 copies.
    deck = resolved(db, "Viktor, Leader (6)", "Cleave (3)")
    assert main_of(deck) == [("OGN-246", 6, 2), ("OGN-004", 3, 3)]
    assert said(deck) == []


def test_twelve_copies_in_parentheses_make_such_a_list_and_thirteen_does_not(db):
    deck = resolved(db, "Noxus Hopeful (12)", "Cleave (12)")  # OGN-012: (12) is a count in this list
    assert main_of(deck) == [("OGN-012", 12, 2), ("OGN-004", 12, 3)]
    deck = resolved(db, "Noxus Hopeful (12)", "Cleave (13)")
    assert main_of(deck) == [("OGN-012", 1, 2), ("OGN-004", 1, 3)]
    assert [p.message[:12] for p in deck.problems] == ["(13) after '"]


def test_a_collector_number_above_twelve_stays_one_printing_in_such_a_list(db):
    deck = resolved(db, "Cleave (3)", "Pouty Poro (13)", "Pouty Poro (220)", "Viktor, Leader (246)")
    assert main_of(deck) == [("OGN-004", 3, 2), ("OGN-013", 1, 3), ("UNL-220", 1, 4), ("OGN-246", 1, 5)]
    assert said(deck) == []


def test_an_unknown_card_with_a_number_keeps_the_number_as_its_count(db):
    deck = resolved(db, "Foo Barr (3)", "Viktor, Leader (6)")
    assert main_of(deck) == [("ARC-006", 1, 3)]  # an unknown card says nothing of the list's habit
    (unknown,) = deck.unknown
    assert (unknown.text, unknown.count, unknown.zone, unknown.reason, unknown.source.line) == (
        "Foo Barr", 3, Zone.MAIN, "unknown-name", 2)


def test_counts_of_one_printing_add_up_over_lines(db):
    deck = resolved(db, "Pouty Poro (220)", "1 Pouty Poro (220)", "2 Pouty Poro (13)")
    assert main_of(deck) == [("UNL-220", 2, 2), ("OGN-013", 2, 4)]


# ---------------------------------------------------------------------------- an id written beside the number
def test_an_id_beside_the_name_decides_the_printing_over_the_number(db):
    """Readers may hand over both an id and a number (a written id wins; the number gives the count)."""
    entries = [RawEntry("Viktor, Leader", 1, Zone.MAIN, "OGN-246", number=6, counted=False, line=1),
               RawEntry("Pouty Poro", 2, Zone.MAIN, "OGN-013", number=220, counted=True, line=2),
               RawEntry("Noxus Hopeful", 1, Zone.MAIN, number=12, counted=False, line=3)]
    deck = resolve_deck(RawDeck(reader="text", entries=entries), db)
    assert [(e.card.id, e.count) for e in deck.main] == [("OGN-246", 1), ("OGN-013", 2), ("OGN-012", 1)]
    assert [e.written for e in deck.main] == ["OGN-246", "OGN-013", "Noxus Hopeful"]
