"""How each written line becomes a card: an id beside a name, an id alone, a short name settled by
its section, and what a line whose card is not found keeps.

Ids and names are real (OGN-044 is Clockwork Keeper, OGN-265 Viktor, Herald of the Arcane, OGN-042
Calm Rune); unknown ids and sets are made up (OGN-999, XYZ-001). Messages are written by hand.
"""

from __future__ import annotations

from deckcheck.decks import text
from deckcheck.decks.model import RawDeck, RawEntry, Zone
from deckcheck.decks.resolve import resolve_deck


def resolved(db, written: str):
    return resolve_deck(text.read(written, source="list.txt"), db)


def main_of(deck):
    return [(e.card.id, e.count, e.written, e.source.line) for e in deck.main]


def said(deck):
    return [(p.severity.value, p.source.line, p.text, p.message) for p in deck.problems]


def unknowns(deck):
    return [(u.text, u.count, u.zone, u.reason, u.message, u.suggestions, u.source.file, u.source.line)
            for u in deck.unknown]


# ---------------------------------------------------------------------------- an id beside a name
def test_an_id_beside_its_own_name_says_nothing(db):
    deck = resolved(db, "MainDeck:\n2 Clockwork Keeper [OGN-044]\n1 clockwork keeper (OGN-044)\n")
    assert main_of(deck) == [("OGN-044", 3, "OGN-044", 2)]
    assert said(deck) == []


def test_an_id_beside_another_name_wins_with_a_warning(db):
    deck = resolved(db, "MainDeck:\n2 Clockwork Keepr [OGN-044]\n")
    assert main_of(deck) == [("OGN-044", 2, "OGN-044", 2)]
    assert said(deck) == [("warning", 2, "Clockwork Keepr", "'Clockwork Keepr' does not match OGN-044, which is "
                                                            "'Clockwork Keeper'; using the id")]


def test_a_short_name_beside_its_id_is_settled_by_the_section(db):
    deck = resolved(db, "Legend:\nViktor [OGN-265]\nRunes:\n6 Calm [OGN-042]\n")
    assert deck.legend.card.id == "OGN-265" and [(e.card.id, e.count) for e in deck.runes] == [("OGN-042", 6)]
    assert said(deck) == []


def test_a_short_name_beside_its_id_in_a_list_without_sections_is_a_mismatch(db):
    deck = resolved(db, "Viktor [OGN-265]\n3 Calm [OGN-042]\n")
    assert deck.legend.card.id == "OGN-265" and [e.card.id for e in deck.runes] == ["OGN-042"]
    assert said(deck) == [
        ("warning", 1, "Viktor", "'Viktor' does not match OGN-265, which is 'Viktor, Herald of the Arcane'; using "
                                 "the id"),
        ("warning", 2, "Calm", "'Calm' does not match OGN-042, which is 'Calm Rune'; using the id"),
    ]


def test_a_name_beside_an_id_that_settles_to_another_card_is_a_mismatch(db):
    deck = resolved(db, "MainDeck:\n2 Viktor [OGN-044]\n")
    assert main_of(deck) == [("OGN-044", 2, "OGN-044", 2)]
    assert said(deck) == [("warning", 2, "Viktor", "'Viktor' does not match OGN-044, which is 'Clockwork Keeper'; "
                                                   "using the id")]


def test_an_id_written_as_its_own_text_is_no_mismatch(db):
    entries = [RawEntry("OGN-044", 2, Zone.MAIN, "OGN-044", line=1), RawEntry("OGN-044z", 1, Zone.MAIN, "OGN-044z", line=2)]
    deck = resolve_deck(RawDeck(reader="flat", entries=entries), db)
    assert [(e.card.id, e.count) for e in deck.main] == [("OGN-044", 3)]
    assert said(deck) == [("info", 2, "OGN-044z", "'OGN-044z' is not a known printing; read as OGN-044 "
                                                  "(Clockwork Keeper)")]


# ---------------------------------------------------------------------------- an id alone
def test_an_unknown_printing_letter_is_read_as_the_card_with_a_note(db):
    deck = resolved(db, "MainDeck:\n2 OGN-044z\n")
    assert main_of(deck) == [("OGN-044", 2, "OGN-044z", 2)]
    assert said(deck) == [("info", 2, "OGN-044z", "'OGN-044z' is not a known printing; read as OGN-044 "
                                                  "(Clockwork Keeper)")]


def test_an_id_with_a_note_beside_its_name(db):
    deck = resolved(db, "MainDeck:\n2 Clockwork Keeper [OGN-044z]\n")
    assert main_of(deck) == [("OGN-044", 2, "OGN-044z", 2)]
    assert said(deck) == []  # the name matches: nothing to say about the printing letter


def test_an_id_alone_in_a_list_without_sections_is_filed_by_type(db):
    deck = resolved(db, "2 OGN-044z\n3 OGN-042\n")
    assert main_of(deck) == [("OGN-044", 2, "OGN-044z", 1)]
    assert [(e.card.id, e.count) for e in deck.runes] == [("OGN-042", 3)]
    assert [p.text for p in deck.problems] == ["OGN-044z"]


# ---------------------------------------------------------------------------- an unknown id beside a name
def test_an_unknown_id_beside_a_known_name_falls_back_to_the_name(db):
    deck = resolved(db, "MainDeck:\n1 Clockwork Keeper [OGN-999]\n")
    assert main_of(deck) == [("OGN-044", 1, "OGN-999", 2)]
    assert said(deck) == [("warning", 2, "OGN-999", "no card OGN-999 in Origins (OGN); read 'Clockwork Keeper' by "
                                                    "its name instead")]


def test_an_unknown_id_beside_an_unknown_name_is_an_unknown_card_by_its_id(db):
    deck = resolved(db, "MainDeck:\n1 Clockwork Keepr [OGN-999]\n")
    assert deck.main == [] and said(deck) == []
    assert unknowns(deck) == [("OGN-999", 1, Zone.MAIN, "unknown-id", "no card OGN-999 in Origins (OGN)",
                               ("OGN-299", "OGN-199", "OGN-099"), "list.txt", 2)]


def test_an_id_of_an_unknown_set_is_never_read_by_its_name(db):
    deck = resolved(db, "MainDeck:\n1 Clockwork Keeper [XYZ-001]\n")
    assert deck.main == [] and said(deck) == []
    (u,) = unknowns(deck)
    assert u[:4] == ("XYZ-001", 1, Zone.MAIN, "unknown-set")
    assert u[4].startswith("set XYZ is not a known Riftbound set") and u[4].endswith(": cannot read 'XYZ-001'")


def test_an_unknown_id_beside_a_short_name_is_not_settled_by_its_section(db):
    deck = resolved(db, "Legend:\nViktor [OGN-999]\n")
    assert deck.legend is None
    assert [(u.text, u.reason, u.zone) for u in deck.unknown] == [("OGN-999", "unknown-id", Zone.LEGEND)]


def test_an_id_alone_that_is_unknown(db):
    deck = resolved(db, "MainDeck:\n2 OGN-999\n")
    assert unknowns(deck) == [("OGN-999", 2, Zone.MAIN, "unknown-id", "no card OGN-999 in Origins (OGN)",
                               ("OGN-299", "OGN-199", "OGN-099"), "list.txt", 2)]


# ---------------------------------------------------------------------------- a short name settled by its section
def test_a_short_name_is_settled_by_its_section(db):
    deck = resolved(db, "Legend:\nViktor\nChampion:\nViktor, Leader\nRunes:\n6 Calm\n3 mind\n")
    assert deck.legend.card.name == "Viktor, Herald of the Arcane"
    assert [(e.card.name, e.count) for e in deck.runes] == [("Calm Rune", 6), ("Mind Rune", 3)]
    assert [e.written for e in deck.runes] == ["Calm", "mind"]
    assert said(deck) == [] and deck.unknown == []


def test_a_short_name_two_cards_of_the_section_share_is_ambiguous_between_those_two(db):
    deck = resolved(db, "MainDeck:\n3 Viktor\n1 Akali\n")
    assert unknowns(deck) == [
        ("Viktor", 3, Zone.MAIN, "ambiguous", "'Viktor' could be any of 2 cards: Viktor, Innovator; Viktor, Leader",
         ("Viktor, Innovator", "Viktor, Leader"), "list.txt", 2),
        ("Akali", 1, Zone.MAIN, "ambiguous", "'Akali' could be any of 3 cards: Akali, Brash; Akali, Deadly Weapon; "
                                             "Akali, Silent", ("Akali, Brash", "Akali, Deadly Weapon", "Akali, Silent"),
         "list.txt", 3),
    ]


def test_a_short_name_no_card_of_the_section_carries_stays_ambiguous_among_all(db):
    deck = resolved(db, "Battlefields:\n1 Viktor\n")
    assert unknowns(deck) == [("Viktor", 1, Zone.BATTLEFIELDS, "ambiguous",
                               "'Viktor' could be any of 3 cards: Viktor, Herald of the Arcane; Viktor, Innovator; "
                               "Viktor, Leader",
                               ("Viktor, Herald of the Arcane", "Viktor, Innovator", "Viktor, Leader"), "list.txt", 2)]


def test_a_short_name_in_a_list_without_sections_is_ambiguous(db):
    deck = resolved(db, "3 Viktor\n")
    assert [(u.text, u.zone, u.reason, len(u.suggestions)) for u in deck.unknown] == [("Viktor", None, "ambiguous", 3)]


def test_a_rune_by_its_domain_only_under_runes(db):
    deck = resolved(db, "MainDeck:\n3 Calm\n")
    assert unknowns(deck) == [("Calm", 3, Zone.MAIN, "unknown-name", "no card named 'Calm'", ("Calm Rune", "Cataclysm"),
                               "list.txt", 2)]
    deck = resolved(db, "Runes:\n3 Calmm\n")
    assert [(u.text, u.reason) for u in deck.unknown] == [("Calmm", "unknown-name")]


def test_a_domain_name_under_runes_from_a_reader_with_spaces(db):
    deck = resolve_deck(RawDeck(reader="flat", entries=[RawEntry(" Calm ", 4, Zone.RUNES, line=3)]), db)
    assert [(e.card.name, e.count) for e in deck.runes] == [("Calm Rune", 4)]


def test_a_short_name_under_the_sideboard_is_settled_among_main_deck_cards(db):
    deck = resolved(db, "MainDeck:\n3 Cleave\nSideboard:\n2 Viktor\n1 Ornn\n")
    assert [(u.text, u.suggestions) for u in deck.unknown] == [
        ("Viktor", ("Viktor, Innovator", "Viktor, Leader")), ("Ornn", ("Ornn, Blacksmith", "Ornn, Forge God"))]


# ---------------------------------------------------------------------------- the same lines, read again
def test_a_list_resolves_the_same_the_second_time(db):
    written = "Legend:\nViktor\nMainDeck:\n2 Clockwork Keepr [OGN-044]\n3 Cleave\n2 OGN-044z\nRunes:\n6 Calm\n"
    first, again = resolved(db, written), resolved(db, written)
    assert said(first) == said(again) and len(said(first)) == 2
    assert main_of(first) == main_of(again) == [("OGN-044", 4, "OGN-044", 4), ("OGN-004", 3, "Cleave", 5)]
    # the same lines under other sections are settled by those
    other = resolved(db, written.replace("Runes:", "Sideboard:").replace("Legend:", "Battlefields:"))
    assert [u.text for u in other.unknown] == ["Viktor", "Calm"]


def test_the_same_line_resolves_against_each_database_given(db):
    from deckcheck.cards.lookup import CardDB

    written = "MainDeck:\n3 Cleave\n2 Clockwork Keeper [OGN-044]\n"
    assert [e.card.id for e in resolved(db, written).main] == ["OGN-004", "OGN-044"]
    fewer = CardDB(printings=tuple(c for c in db.printings if c.name not in ("Cleave", "Clockwork Keeper")),
                   sets=db.sets, rules=db.rules, data_as_of=db.data_as_of)
    deck = resolved(fewer, written)
    assert deck.main == [] and [u.text for u in deck.unknown] == ["Cleave", "OGN-044"]
    assert [e.card.id for e in resolved(db, written).main] == ["OGN-004", "OGN-044"]


# ---------------------------------------------------------------------------- additional legends
def test_additional_legends_are_one_copy_each_and_an_unknown_one_is_kept(db):
    deck = resolved(db, "Legend:\nViktor, Herald of the Arcane\nMainDeck:\n3 Cleave\nAdditional Legends:\n"
                        "Jinx, Loose Cannon\nFoo Legend\n")
    assert [(e.card.name, e.count, e.written, e.source.line) for e in deck.additional_legends] == [
        ("Jinx, Loose Cannon", 1, "Jinx, Loose Cannon", 6)]
    assert [(u.text, u.count, u.zone, u.reason, u.source.line) for u in deck.unknown] == [
        ("Foo Legend", 1, Zone.LEGEND, "unknown-name", 7)]
    assert deck.legend.card.name == "Viktor, Herald of the Arcane" and deck.extra_legends == []
