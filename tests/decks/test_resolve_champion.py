"""Which card is the Chosen Champion: named on the command line, listed, named by the file, or inferred.

CR 103.2.a: the Chosen Champion is a champion unit (not a Signature card) whose champion tag is
the legend's; its copy counts in the Main Deck. A list that does not say which is inferred when
exactly one such card is in the main deck. Viktor, Herald of the Arcane is the legend (tag
Viktor); Viktor, Leader and Viktor, Innovator are Viktor champion units; Jinx, Rebel is a Jinx one.
"""

from __future__ import annotations

from conftest import raw_from_flat, real_decks

from deckcheck.decks import text
from deckcheck.decks.load import read_text
from deckcheck.decks.model import Severity
from deckcheck.decks.resolve import resolve_deck

HEAD = "Legend:\nViktor, Herald of the Arcane\nMainDeck:\n"


def resolved(db, written: str, **kw):
    return resolve_deck(text.read(written, source="list.txt"), db, **kw)


def champion(deck):
    c = deck.champion
    return None if c is None else (c.card.id, c.count, c.written, c.source.line, deck.champion_inferred)


def said(deck):
    return [(p.severity.value, p.source.line, p.text, p.message, p.suggestions) for p in deck.problems]


# ---------------------------------------------------------------------------- inferred
def test_the_only_champion_unit_of_the_legends_tag_is_chosen_and_the_deck_says_so(db):
    deck = resolved(db, HEAD + "3 Cleave\n2 Viktor, Leader\n")
    assert champion(deck) == ("OGN-246", 1, "Viktor, Leader", 5, True)
    assert said(deck) == [("info", 5, "Viktor, Leader", "the list does not name a Chosen Champion; chose Viktor, "
                           "Leader, the only Viktor champion unit in the main deck", ())]
    assert [(e.card.id, e.count) for e in deck.main] == [("OGN-004", 3), ("OGN-246", 2)]  # its copy stays there


def test_two_printings_of_one_champion_are_one_candidate_and_the_first_is_chosen(db):
    deck = resolved(db, HEAD + "1 Viktor, Leader (6)\n2 Viktor, Leader\n3 Cleave\n")
    assert champion(deck) == ("ARC-006", 1, "Viktor, Leader", 4, True)
    assert [p.severity for p in deck.problems] == [Severity.INFO]


def test_several_candidates_are_a_warning_naming_them_and_none_is_chosen(db):
    deck = resolved(db, HEAD + "2 Viktor, Leader\n2 Viktor, Innovator\n3 Cleave\n")
    assert champion(deck) is None and not deck.champion_inferred
    assert said(deck) == [("warning", None, None, "the list does not name a Chosen Champion and 2 Viktor champion "
                           "units could be it: Viktor, Innovator; Viktor, Leader. Name it with --champion",
                           ("Viktor, Innovator", "Viktor, Leader"))]


def test_a_champion_unit_of_another_tag_is_no_candidate(db):
    deck = resolved(db, HEAD + "1 Jinx, Rebel\n3 Cleave\n")
    assert champion(deck) is None and said(deck) == []
    deck = resolved(db, HEAD + "1 Jinx, Rebel\n1 Viktor, Innovator\n")
    assert champion(deck) == ("OGN-117", 1, "Viktor, Innovator", 5, True)


def test_without_a_legend_nothing_is_inferred(db):
    deck = resolved(db, "MainDeck:\n1 Viktor, Leader\n3 Cleave\n")
    assert champion(deck) is None and said(deck) == []


def test_a_champion_only_in_the_sideboard_is_no_candidate(db):
    deck = resolved(db, HEAD + "3 Cleave\nSideboard:\n1 Viktor, Leader\n")
    assert champion(deck) is None and said(deck) == []


def test_every_real_flat_list_infers_its_champion_or_names_the_candidates(db):
    """The real lists carry no champion mark: each gets the one candidate of its legend's tag, or a warning."""
    seen = {True: 0, False: 0}
    for data in real_decks():
        deck = resolve_deck(raw_from_flat(data["cards"], data["slug"]), db)
        if deck.legend is None:
            continue
        tag = deck.legend.card.champion_tag
        names = sorted({e.card.name for e in deck.main if e.card.can_be_chosen_champion and e.card.champion_tag == tag})
        if len(names) == 1:
            assert deck.champion.card.name == names[0] and deck.champion_inferred, data["slug"]
            assert deck.champion.count == 1
        else:
            assert deck.champion is None, data["slug"]
            assert any(p.suggestions == tuple(names) for p in deck.problems), data["slug"]
        seen[len(names) == 1] += 1
    assert seen[True] >= 20


# ---------------------------------------------------------------------------- listed
def test_a_listed_champion_is_not_inferred(db):
    deck = resolved(db, "Legend:\nViktor, Herald of the Arcane\nChampion:\nViktor, Innovator\nMainDeck:\n"
                        "2 Viktor, Leader\n")
    assert champion(deck) == ("OGN-117", 1, "Viktor, Innovator", 4, False)
    assert said(deck) == []


# ---------------------------------------------------------------------------- --champion
def test_the_command_line_champion_takes_its_copy_in_the_main_deck(db):
    deck = resolved(db, HEAD + "1 Viktor, Leader (6)\n2 Viktor, Innovator\n3 Cleave\n", champion="viktor leader")
    assert champion(deck) == ("ARC-006", 1, "viktor leader", 4, False)
    assert said(deck) == []


def test_the_command_line_champion_wins_over_the_listed_one(db):
    deck = resolved(db, "Legend:\nViktor, Herald of the Arcane\nChampion:\nViktor, Innovator\nMainDeck:\n"
                        "2 Viktor, Leader\n", champion="Viktor, Leader")
    assert champion(deck) == ("OGN-246", 1, "Viktor, Leader", 6, False)


def test_the_command_line_champion_with_no_copy_in_the_main_deck(db):
    deck = resolved(db, HEAD + "3 Cleave\n", champion="Viktor, Leader")
    assert champion(deck) == ("OGN-246", 1, "Viktor, Leader", None, False)
    assert deck.champion.source.file is None
    assert said(deck) == []


def test_an_unknown_command_line_champion_is_an_error_and_the_list_is_read_as_usual(db):
    deck = resolved(db, HEAD + "1 Viktor, Leader\n3 Cleave\n", champion="Viktr Leader")
    assert said(deck)[0] == ("error", None, "Viktr Leader", "--champion: no card named 'Viktr Leader'",
                             ("Viktor, Leader",))
    assert champion(deck) == ("OGN-246", 1, "Viktor, Leader", 4, True)  # inferred as if not given
    deck = resolved(db, HEAD + "1 Viktor, Leader\n", champion="Viktor")
    assert said(deck)[0][3] == ("--champion: 'Viktor' could be any of 3 cards: Viktor, Herald of the Arcane; "
                                "Viktor, Innovator; Viktor, Leader")
    assert said(deck)[0][4] == ("Viktor, Herald of the Arcane", "Viktor, Innovator", "Viktor, Leader")


def test_an_empty_command_line_champion_is_not_given(db):
    deck = resolved(db, HEAD + "1 Viktor, Leader\n", champion="")
    assert champion(deck) == ("OGN-246", 1, "Viktor, Leader", 4, True)


# ---------------------------------------------------------------------------- named by the deck file
def yaml_deck(champion_line: str) -> str:
    return ("format_version: 1\nname: t\nlegend: Viktor, Herald of the Arcane\n" + champion_line
            + "main:\n  Viktor, Leader: 2\n  Cleave: 3\n")


def test_a_deck_file_names_its_champion_as_written(db):
    deck = resolve_deck(read_text(yaml_deck("champion: viktor leader\n"), source="d.yaml", fmt="yaml"), db)
    assert champion(deck) == ("OGN-246", 1, "viktor leader", 4, False)
    assert deck.champion.source.file == "d.yaml"
    assert said(deck) == []


def test_an_unknown_champion_in_a_deck_file_is_an_error_on_its_line_and_none_is_inferred(db):
    deck = resolve_deck(read_text(yaml_deck("champion: Viktr Leader\n"), source="d.yaml", fmt="yaml"), db)
    assert champion(deck) is None
    assert said(deck) == [("error", 4, "Viktr Leader", "Chosen Champion: no card named 'Viktr Leader'",
                           ("Viktor, Leader",))]
    assert deck.problems[0].source.file == "d.yaml"


def test_the_command_line_champion_wins_over_the_deck_files(db):
    raw = read_text(yaml_deck("champion: Viktr Leader\n"), source="d.yaml", fmt="yaml")
    deck = resolve_deck(raw, db, champion="Viktor, Leader")
    assert champion(deck) == ("OGN-246", 1, "Viktor, Leader", 6, False) and said(deck) == []


def test_a_deck_file_without_a_champion_infers_it(db):
    deck = resolve_deck(read_text(yaml_deck(""), source="d.yaml", fmt="yaml"), db)
    assert champion(deck)[:2] == ("OGN-246", 1) and deck.champion_inferred
