"""Cards filed by the section they stand under: misfiled cards, a lost header, a second champion.

Each list is written by hand from real cards (Viktor, Herald of the Arcane is a legend; Viktor,
Leader and Jinx, Rebel are champion units; Cleave is a spell, Noxus Hopeful a unit, Hall of
Legends a battlefield, Calm Rune a rune). What is checked is what a player sees: the zone and
count of every card, the Chosen Champion, and each note with its severity, line and text.
"""

from __future__ import annotations

from deckcheck.decks import text
from deckcheck.decks.model import Zone
from deckcheck.decks.resolve import resolve_deck

LEGEND = "Viktor, Herald of the Arcane"


def resolved(db, written: str):
    return resolve_deck(text.read(written, source="list.txt"), db)


def filed(deck) -> dict[str, list[tuple[str, int]]]:
    return {
        "legend": [(e.card.name, e.count) for e in deck.zone(Zone.LEGEND)],
        "main": [(e.card.name, e.count) for e in deck.main],
        "battlefields": [(e.card.name, e.count) for e in deck.battlefields],
        "runes": [(e.card.name, e.count) for e in deck.runes],
        "sideboard": [(e.card.name, e.count) for e in deck.sideboard],
    }


def said(deck) -> list[tuple[str, int | None, str | None, str]]:
    return [(p.severity.value, p.source.line, p.text, p.message) for p in deck.problems]


# ---------------------------------------------------------------------------- a card under another type's section
def test_a_card_under_a_section_of_another_type_is_filed_by_type_with_a_note(db):
    deck = resolved(db, "Runes:\n3 Cleave\n6 Calm Rune\n")
    assert filed(deck) == {"legend": [], "main": [("Cleave", 3)], "battlefields": [], "runes": [("Calm Rune", 6)],
                           "sideboard": []}
    assert said(deck) == [("info", 2, "Cleave", "'Cleave' is a spell listed under runes; it was filed with the main")]


def test_a_battlefield_under_the_main_deck_is_filed_with_the_battlefields(db):
    deck = resolved(db, "MainDeck:\n3 Noxus Hopeful\n1 Hall of Legends\n")
    assert filed(deck)["main"] == [("Noxus Hopeful", 3)]
    assert filed(deck)["battlefields"] == [("Hall of Legends", 1)]
    assert said(deck) == [("info", 3, "Hall of Legends",
                           "'Hall of Legends' is a battlefield listed under main; it was filed with the battlefields")]


def test_a_rune_under_the_battlefields_is_filed_with_the_runes(db):
    deck = resolved(db, "Battlefields:\n2 Calm Rune\n")
    assert filed(deck)["runes"] == [("Calm Rune", 2)] and filed(deck)["battlefields"] == []
    assert said(deck) == [("info", 2, "Calm Rune",
                           "'Calm Rune' is a rune listed under battlefields; it was filed with the runes")]


def test_a_card_stays_where_written_when_its_own_section_exists(db):
    """The list has a main deck: a spell among the runes is the player's error, reported by the rules."""
    deck = resolved(db, "MainDeck:\n3 Noxus Hopeful\nRunes:\n3 Cleave\n6 Calm Rune\n")
    assert filed(deck)["runes"] == [("Cleave", 3), ("Calm Rune", 6)]
    assert filed(deck)["main"] == [("Noxus Hopeful", 3)]
    assert said(deck) == []


def test_the_sideboard_holds_cards_of_any_type(db):
    deck = resolved(db, "MainDeck:\n3 Noxus Hopeful\nSideboard:\n2 Calm Rune\n1 Hall of Legends\n2 Cleave\n")
    assert filed(deck)["sideboard"] == [("Calm Rune", 2), ("Hall of Legends", 1), ("Cleave", 2)]
    assert filed(deck)["runes"] == [] and filed(deck)["battlefields"] == []
    assert said(deck) == []


def test_a_unit_under_champion_with_no_main_deck_section_is_the_champion(db):
    deck = resolved(db, f"Legend:\n{LEGEND}\nChampion:\n1 Viktor, Leader\n")
    assert deck.champion.card.name == "Viktor, Leader" and not deck.champion_inferred
    assert filed(deck)["main"] == [("Viktor, Leader", 1)]
    assert said(deck) == []


def test_a_legend_under_champion_is_the_legend(db):
    deck = resolved(db, f"Champion:\n{LEGEND}\nMainDeck:\n3 Cleave\n")
    assert filed(deck)["legend"] == [(LEGEND, 1)] and deck.champion is None
    assert filed(deck)["main"] == [("Cleave", 3)]
    assert said(deck) == [("info", 2, LEGEND, f"'{LEGEND}' is a legend listed under Champion; it was read as the "
                                              "deck's legend")]


def test_a_legend_among_the_main_deck_cards_is_a_legend(db):
    deck = resolved(db, f"MainDeck:\n3 Cleave\n{LEGEND}\n")
    assert filed(deck)["legend"] == [(LEGEND, 1)]
    assert said(deck)[-1] == ("info", 3, LEGEND, f"'{LEGEND}' is a legend listed under main; it was filed with "
                                                 "the legend")


def test_cards_under_legend_when_a_main_deck_exists_are_extra_legends(db):
    """Two copies of a unit under Legend: in a list with a main deck they count as legends (RB1xx reports them)."""
    deck = resolved(db, f"MainDeck:\n3 Cleave\nLegend:\n{LEGEND}\n2 Viktor, Leader\n")
    assert deck.legend.card.name == LEGEND and deck.legend.count == 1
    assert [(e.card.name, e.count) for e in deck.extra_legends] == [("Viktor, Leader", 1), ("Viktor, Leader", 1)]
    assert filed(deck)["main"] == [("Cleave", 3)]


def test_two_legends_are_the_legend_and_an_extra_legend(db):
    deck = resolved(db, f"Legend:\n{LEGEND}\n1 Jinx, Loose Cannon\nMainDeck:\n3 Cleave\n")
    assert deck.legend.card.name == LEGEND
    assert [e.card.name for e in deck.extra_legends] == ["Jinx, Loose Cannon"]


# ---------------------------------------------------------------------------- a second Chosen Champion
def test_a_second_champion_is_counted_in_the_main_deck_with_a_warning(db):
    deck = resolved(db, f"Legend:\n{LEGEND}\nChampion:\nViktor, Leader\nJinx, Rebel\nMainDeck:\n3 Cleave\n")
    assert deck.champion.card.name == "Viktor, Leader" and deck.champion.source.line == 4
    assert filed(deck)["main"] == [("Viktor, Leader", 1), ("Jinx, Rebel", 1), ("Cleave", 3)]
    assert said(deck) == [("warning", 5, "Jinx, Rebel", "a second Chosen Champion 'Jinx, Rebel' was listed; it is "
                                                        "counted in the main deck")]


def test_the_champion_line_and_its_main_deck_copies_are_one_entry(db):
    deck = resolved(db, f"Legend:\n{LEGEND}\nChampion:\nViktor, Leader\nMainDeck:\n2 Viktor, Leader\n3 Cleave\n")
    assert filed(deck)["main"] == [("Viktor, Leader", 3), ("Cleave", 3)]
    assert deck.champion.count == 1 and deck.champion.written == "Viktor, Leader"
    assert deck.main[0].source.line == 4  # the first line that names it
    assert said(deck) == []


# ---------------------------------------------------------------------------- a lost section header
def test_cards_after_the_runes_of_a_list_without_a_main_deck_are_its_main_deck(db):
    deck = resolved(db, f"Legend:\n{LEGEND}\nRunes:\n6 Calm Rune\n3 Foo Barr\n3 Cleave\n2 Foo Bazz\n")
    assert filed(deck)["main"] == [("Cleave", 3)] and filed(deck)["runes"] == [("Calm Rune", 6)]
    # the unknown card before the run stays under Runes; the one inside it is read as the main deck
    assert [(u.text, u.zone) for u in deck.unknown] == [("Foo Barr", Zone.RUNES), ("Foo Bazz", Zone.MAIN)]
    assert said(deck) == [("warning", 6, "Cleave", "cards of other types under Runes: from line 6 (5 cards); a "
                                                   "missing MainDeck: header? read them as the main deck")]


def test_cards_after_the_legend_of_a_list_without_a_main_deck_are_its_main_deck(db):
    deck = resolved(db, f"Legend:\n{LEGEND}\n3 Cleave\n2 Viktor, Leader\nBattlefields:\n1 Hall of Legends\n")
    assert filed(deck) == {"legend": [(LEGEND, 1)], "main": [("Cleave", 3), ("Viktor, Leader", 2)],
                           "battlefields": [("Hall of Legends", 1)], "runes": [], "sideboard": []}
    assert said(deck)[0] == ("warning", 3, "Cleave", "cards of other types under Legend: from line 3 (5 cards); "
                                                     "a missing MainDeck: header? read them as the main deck")
    assert deck.champion_inferred and deck.champion.card.name == "Viktor, Leader"


def test_cards_after_the_champion_of_a_list_without_a_main_deck_are_its_main_deck(db):
    deck = resolved(db, f"Legend:\n{LEGEND}\nChampion:\n1 Viktor, Leader\n3 Cleave\n2 Jinx, Rebel\n")
    assert filed(deck)["main"] == [("Viktor, Leader", 1), ("Cleave", 3), ("Jinx, Rebel", 2)]
    assert deck.champion.card.name == "Viktor, Leader" and not deck.champion_inferred
    assert said(deck) == [("warning", 5, "Cleave", "cards of other types under Champion: from line 5 (5 cards); a "
                                                   "missing MainDeck: header? read them as the main deck")]


def test_cards_after_the_battlefields_of_a_list_with_a_main_deck_stay_there_no_sideboard_is_guessed(db):
    """A guess must never make an illegal list legal: the cards stay where the list writes them (the
    rules report them in the wrong zone, and offer the Sideboard: header as the fix)."""
    deck = resolved(db, "MainDeck:\n3 Cleave\nBattlefields:\n1 Hall of Legends\n2 Noxus Hopeful\n")
    assert filed(deck)["sideboard"] == [] and filed(deck)["main"] == [("Cleave", 3)]
    assert filed(deck)["battlefields"] == [("Hall of Legends", 1), ("Noxus Hopeful", 2)]
    assert said(deck) == []


def test_a_lost_header_in_a_list_with_a_main_deck_and_a_sideboard_is_an_error_and_cards_go_by_type(db):
    deck = resolved(db, "MainDeck:\n3 Cleave\nSideboard:\n2 Viktor, Leader\nBattlefields:\n1 Hall of Legends\n"
                        "2 Noxus Hopeful\nRunes:\n6 Calm Rune\n1 Cleave\n")
    assert filed(deck) == {"legend": [], "main": [("Cleave", 4), ("Noxus Hopeful", 2)],
                           "battlefields": [("Hall of Legends", 1)], "runes": [("Calm Rune", 6)],
                           "sideboard": [("Viktor, Leader", 2)]}
    tail = ("; a missing header? The list has a main deck and a sideboard already: they were filed by type; add "
            "the header they belong under")
    assert said(deck) == [
        ("error", 7, "Noxus Hopeful", "cards of other types under Battlefields: from line 7 (2 cards)" + tail),
        ("error", 10, "Cleave", "cards of other types under Runes: from line 10 (1 card)" + tail),
    ]


def test_a_champion_section_with_cards_after_it_is_no_lost_header_when_a_main_deck_exists(db):
    deck = resolved(db, f"Legend:\n{LEGEND}\nChampion:\nViktor, Leader\n3 Cleave\nMainDeck:\n2 Noxus Hopeful\n")
    assert deck.champion.card.name == "Viktor, Leader"
    assert filed(deck)["main"] == [("Viktor, Leader", 1), ("Cleave", 3), ("Noxus Hopeful", 2)]
    assert said(deck) == [("warning", 5, "Cleave", "a second Chosen Champion 'Cleave' was listed; it is counted in "
                                                   "the main deck")]


def test_a_stray_card_inside_a_section_is_no_lost_header(db):
    """Other types in the middle of the runes, not at their end: misfiled cards, filed by type."""
    deck = resolved(db, f"Legend:\n{LEGEND}\nRunes:\n6 Calm Rune\n3 Cleave\n6 Mind Rune\n")
    assert filed(deck)["runes"] == [("Calm Rune", 6), ("Mind Rune", 6)]
    assert filed(deck)["main"] == [("Cleave", 3)]
    assert said(deck) == [("info", 5, "Cleave", "'Cleave' is a spell listed under runes; it was filed with the main")]


def test_cards_of_another_type_alone_under_a_section_are_no_lost_header(db):
    deck = resolved(db, f"Legend:\n{LEGEND}\nBattlefields:\n3 Cleave\n2 Noxus Hopeful\n")
    assert filed(deck)["main"] == [("Cleave", 3), ("Noxus Hopeful", 2)]
    assert [p.message for p in deck.problems] == [
        "'Cleave' is a spell listed under battlefields; it was filed with the main",
        "'Noxus Hopeful' is a unit listed under battlefields; it was filed with the main",
    ]


def test_each_lost_header_is_reported_once(db):
    deck = resolved(db, f"Legend:\n{LEGEND}\nBattlefields:\n1 Hall of Legends\n3 Cleave\nRunes:\n6 Calm Rune\n"
                        "2 Noxus Hopeful\n")
    assert filed(deck)["main"] == [("Cleave", 3), ("Noxus Hopeful", 2)]
    assert [(p.severity.value, p.source.line, p.message.split(";")[0]) for p in deck.problems] == [
        ("warning", 5, "cards of other types under Battlefields: from line 5 (3 cards)"),
        ("warning", 8, "cards of other types under Runes: from line 8 (2 cards)"),
    ]


def test_a_lost_header_of_one_card_says_one_card(db):
    deck = resolved(db, f"Legend:\n{LEGEND}\n3 Cleave\n2 Noxus Hopeful\n")
    assert "from line 3 (5 cards)" in deck.problems[0].message
    deck = resolved(db, f"Legend:\n{LEGEND}\n1 Noxus Hopeful\n")
    assert "from line 3 (1 card);" in deck.problems[0].message


def test_a_battlefield_in_a_lost_main_deck_goes_to_the_battlefields_without_a_second_note(db):
    """The lost header's one warning covers the run: the battlefield inside it is filed by type quietly."""
    deck = resolved(db, f"Legend:\n{LEGEND}\n3 Cleave\n1 Hall of Legends\n2 Noxus Hopeful\n")
    assert filed(deck) == {"legend": [(LEGEND, 1)], "main": [("Cleave", 3), ("Noxus Hopeful", 2)],
                           "battlefields": [("Hall of Legends", 1)], "runes": [], "sideboard": []}
    assert said(deck) == [("warning", 3, "Cleave", "cards of other types under Legend: from line 3 (6 cards); a "
                                                   "missing MainDeck: header? read them as the main deck")]
