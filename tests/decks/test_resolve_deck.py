"""The resolved deck as a whole: what it keeps of the list (name, file, reader, player, team, the
reader's problems), that resolving never changes the list, copies of legends, and sections in a
list that has a Chosen Champion but no main deck header. Cards are real; values written by hand.
"""

from __future__ import annotations

from deckcheck.decks import text
from deckcheck.decks.model import Problem, RawDeck, RawEntry, Severity, Source, Zone
from deckcheck.decks.resolve import resolve_deck

LEGEND = "Viktor, Herald of the Arcane"


def resolved(db, written: str):
    return resolve_deck(text.read(written, source="list.txt"), db)


def test_the_deck_keeps_what_the_list_says_about_itself(db):
    note = Problem(severity=Severity.ERROR, message="cannot read this line: a count of 0", source=Source("r.csv", 7),
                   text="0 Cleave")
    raw = RawDeck(name="Viktor control", source="r.csv", reader="registrations", player="Ada", team="Blue",
                  entries=[RawEntry("Cleave", 3, Zone.MAIN, file="r.csv", line=8)], problems=[note])
    deck = resolve_deck(raw, db)
    assert (deck.name, deck.source, deck.reader, deck.player, deck.team) == (
        "Viktor control", "r.csv", "registrations", "Ada", "Blue")
    assert deck.problems == [note]
    (entry,) = deck.main
    assert (entry.card.name, entry.count, entry.written, entry.source.file, entry.source.line) == (
        "Cleave", 3, "Cleave", "r.csv", 8)


def test_resolving_a_list_twice_gives_the_same_deck_and_leaves_the_list_as_read(db):
    raw = text.read(f"Legend:\n{LEGEND}\nMainDeck:\n2 Clockwork Keepr [OGN-044]\n1 Viktor, Leader\n0 Cleave\n",
                    source="list.txt")
    before = list(raw.problems)
    first, again = resolve_deck(raw, db), resolve_deck(raw, db)
    assert raw.problems == before and len(before) == 1
    said = [(p.severity.value, p.source.line, p.message) for p in first.problems]
    assert said == [(p.severity.value, p.source.line, p.message) for p in again.problems]
    assert [s for s, _, _ in said] == ["error", "warning", "info"]  # the reader's, the lookup's, the champion's
    assert [(e.card.id, e.count) for e in first.main] == [(e.card.id, e.count) for e in again.main]


def test_two_copies_of_the_legend_are_the_legend_and_an_extra_legend(db):
    deck = resolved(db, f"Legend:\n2 {LEGEND}\n")
    assert (deck.legend.card.id, deck.legend.count) == ("OGN-265", 1)
    assert [(e.card.id, e.count) for e in deck.extra_legends] == [("OGN-265", 1)]
    assert deck.main == []


def test_a_legend_in_a_list_without_sections_is_the_legend(db):
    deck = resolved(db, f"{LEGEND}\n3 Cleave\n1 Hall of Legends\n6 Calm Rune\n")
    assert deck.legend.card.name == LEGEND and deck.legend.source.line == 1
    assert [(e.card.name, e.count) for e in deck.main] == [("Cleave", 3)]
    assert [(e.card.name, e.count) for e in deck.battlefields] == [("Hall of Legends", 1)]
    assert [(e.card.name, e.count) for e in deck.runes] == [("Calm Rune", 6)]
    assert deck.problems == []  # a flat list is filed by type without a note


def test_with_a_champion_section_and_no_main_deck_a_card_among_the_runes_stays_there(db):
    """The main deck's header is missing, so no section says where the spell belongs: it stays put."""
    deck = resolved(db, f"Legend:\n{LEGEND}\nChampion:\nViktor, Leader\nRunes:\n3 Cleave\n6 Calm Rune\n")
    assert [(e.card.name, e.count) for e in deck.runes] == [("Cleave", 3), ("Calm Rune", 6)]
    assert [(e.card.name, e.count) for e in deck.main] == [("Viktor, Leader", 1)]
    assert deck.problems == []


def test_a_second_champion_unit_after_the_champion_of_a_list_without_a_main_deck_is_its_main_deck(db):
    deck = resolved(db, "Champion:\nViktor, Leader\nJinx, Rebel\n")
    assert deck.champion.card.name == "Viktor, Leader"
    assert [(e.card.name, e.count) for e in deck.main] == [("Viktor, Leader", 1), ("Jinx, Rebel", 1)]
    assert [(p.severity.value, p.source.line, p.message) for p in deck.problems] == [
        ("warning", 3, "cards of other types under Champion: from line 3 (1 card); a missing MainDeck: header? read "
                       "them as the main deck")]


def test_a_card_before_the_champion_unit_under_champion_is_the_listed_champion(db):
    """Without a champion unit first, nothing marks a lost header: the first card is the one listed."""
    deck = resolved(db, "Champion:\n3 Cleave\nViktor, Leader\n")
    assert (deck.champion.card.name, deck.champion.count) == ("Cleave", 1)
    assert [(e.card.name, e.count) for e in deck.main] == [("Cleave", 3), ("Viktor, Leader", 1)]
    assert [(p.severity.value, p.source.line, p.message) for p in deck.problems] == [
        ("warning", 3, "a second Chosen Champion 'Viktor, Leader' was listed; it is counted in the main deck")]


def test_the_same_id_and_name_under_two_sections(db):
    """An id beside a short name is settled by the section each time, not by what was read before."""
    sectioned = resolved(db, "Legend:\nViktor [OGN-265]\n")
    flat = resolved(db, "Viktor [OGN-265]\n")
    assert sectioned.problems == []
    assert [p.message for p in flat.problems] == [
        "'Viktor' does not match OGN-265, which is 'Viktor, Herald of the Arcane'; using the id"]
    assert resolved(db, "Legend:\nViktor [OGN-265]\n").problems == []
