"""What ``deckcheck convert --to text`` writes: the Piltover Archive layout of docs/text-format.md,
written out in full for small decks so every line, comment and blank line is checked.
"""

from __future__ import annotations

from deckcheck.decks import text
from deckcheck.decks.load import read_text
from deckcheck.decks.model import RawDeck, RawEntry
from deckcheck.decks.resolve import resolve_deck

EMPTY_TAIL = "Battlefields:\n\nRunes:\n"


def written(db, source: str, **kw) -> str:
    return text.write(resolve_deck(text.read(source, source="list.txt"), db, **kw), db)


def test_a_whole_deck_in_the_piltover_layout(db):
    out = written(db, "# Viktor control\nLegend:\nViktor, Herald of the Arcane\nChampion:\nViktor, Leader\nMainDeck:\n"
                      "2 Viktor, Leader\n3 Cleave\n1 Foo Barr\nBattlefields:\n1 Hall of Legends\nRunes:\n"
                      "6 Calm Rune # OGN-042a\n6 Mind Rune\n")
    assert out == ("# Viktor control\n\nLegend:\n1 Viktor, Herald of the Arcane\n\nChampion:\n1 Viktor, Leader\n\n"
                   "MainDeck:\n2 Viktor, Leader\n3 Cleave\n1 Foo Barr\n\nBattlefields:\n1 Hall of Legends\n\n"
                   "Runes:\n6 Calm Rune # OGN-042a\n6 Mind Rune\n")


def test_an_inferred_champion_is_a_comment_and_a_sideboard_is_written_when_it_has_cards(db):
    out = written(db, "Legend:\nViktor, Herald of the Arcane\nMainDeck:\n1 Viktor, Leader (6)\n3 Cleave\n4 Foo\n"
                      "Sideboard:\n2 Gust\n")
    assert out == ("Legend:\n1 Viktor, Herald of the Arcane\n\nChampion:\n# not named in the list; deckcheck would "
                   "choose Viktor, Leader\n\nMainDeck:\n1 Viktor, Leader # ARC-006\n3 Cleave\n4 Foo\n\n"
                   + EMPTY_TAIL + "\nSideboard:\n2 Gust\n")


def test_a_flat_list_with_an_unknown_card_puts_it_first_as_written(db):
    out = written(db, "3 Cleave\n2 Foo\n1 Bar Baz\n")
    assert out == ("# not in the card database; filed by type when read:\n2 Foo\n1 Bar Baz\n\nLegend:\n\nChampion:\n\n"
                   "MainDeck:\n3 Cleave\n\n" + EMPTY_TAIL)


def test_a_deck_with_no_name_and_nothing_unfiled_starts_with_the_legend(db):
    assert written(db, "MainDeck:\n3 Cleave\n").startswith("Legend:\n\nChampion:\n\nMainDeck:\n3 Cleave\n")


def test_the_champion_printing_and_the_other_copies(db):
    out = written(db, "Legend:\nViktor, Herald of the Arcane\nChampion:\nViktor, Leader # ARC-006\nMainDeck:\n"
                      "2 Viktor, Leader\n")
    assert out == ("Legend:\n1 Viktor, Herald of the Arcane\n\nChampion:\n1 Viktor, Leader # ARC-006\n\n"
                   "MainDeck:\n2 Viktor, Leader\n\n" + EMPTY_TAIL)


def test_a_champion_named_by_another_printing_is_written_as_its_copy_in_the_main_deck(db):
    y = ("format_version: 1\nname: \"two\\nlines\"\nlegend: Viktor, Herald of the Arcane\nchampion: OGN-246\nmain:\n"
         "  Viktor, Leader [ARC-006]: 2\n  Cleave: 3\n")
    deck = resolve_deck(read_text(y, source="d.yaml", fmt="yaml"), db)
    assert text.write(deck, db) == ("# two lines\n\nLegend:\n1 Viktor, Herald of the Arcane\n\nChampion:\n"
                                    "1 Viktor, Leader # ARC-006\n\nMainDeck:\n1 Viktor, Leader # ARC-006\n3 Cleave\n\n"
                                    + EMPTY_TAIL)


def test_a_champion_named_by_a_printing_the_data_lacks_keeps_it_on_its_line(db):
    # a printing with a part the card data does not know (ALT) is the base card, as written: the Champion line keeps
    # what the player wrote (its copies in the main deck were written by name), so it reads back the same
    y = ("format_version: 1\nlegend: Viktor, Herald of the Arcane\nchampion: OGN-246-ALT\nmain:\n"
         "  Viktor, Leader: 3\n  Cleave: 3\n")
    deck = resolve_deck(read_text(y, source="d.yaml", fmt="yaml"), db)
    out = text.write(deck, db)
    assert ("Champion:\n1 Viktor, Leader # OGN-246-ALT\n\nMainDeck:\n2 Viktor, Leader\n3 Cleave\n\n") in out
    assert resolve_deck(read_text(out, source="d.txt"), db).champion.written == "OGN-246-ALT"


def test_a_champion_with_no_copy_in_the_main_deck_is_a_comment(db):
    out = written(db, "Legend:\nViktor, Herald of the Arcane\nMainDeck:\n3 Cleave\n", champion="Viktor, Leader")
    assert out == ("Legend:\n1 Viktor, Herald of the Arcane\n\nChampion:\n# Chosen Champion Viktor, Leader has no "
                   "copy in the main deck\n\nMainDeck:\n3 Cleave\n\n" + EMPTY_TAIL)


def test_counts_over_99_are_split_and_printings_kept_only_where_needed(db):
    out = written(db, "MainDeck:\n99 Cleave\n99 Cleave\n11 Cleave\n2 OGN-044z\n3 Discipline (OGN-058-P)\n2 ogn-005\n")
    assert out == ("Legend:\n\nChampion:\n\nMainDeck:\n99 Cleave\n99 Cleave\n11 Cleave\n2 Clockwork Keeper # OGN-044z\n"
                   "3 Discipline # OGN-058-P\n2 Disintegrate\n\n" + EMPTY_TAIL)


def test_exactly_198_copies_are_two_lines(db):
    out = written(db, "MainDeck:\n99 Cleave\n99 Cleave\n")
    assert "MainDeck:\n99 Cleave\n99 Cleave\n\nBattlefields:" in out


def test_unknown_cards_are_written_in_their_sections_and_additional_legends_last(db):
    out = written(db, "MainDeck:\n3 Cleave\nLegend:\nFoo Legend\nSideboard:\n2 Bar Baz\nAdditional Legends:\n"
                      "Jinx, Loose Cannon\n")
    assert out == ("Legend:\n1 Foo Legend\n\nChampion:\n\nMainDeck:\n3 Cleave\n\n" + EMPTY_TAIL
                   + "\nSideboard:\n2 Bar Baz\n\nAdditional Legends:\n1 Jinx, Loose Cannon\n")


def test_an_unknown_extra_legend_of_a_deck_code_is_an_additional_legend(db):
    raw = RawDeck(reader="code", entries=[RawEntry("OGN-004", 3)], additional_legends=[RawEntry("RAD-011", 1)])
    out = text.write(resolve_deck(raw, db), db)
    assert out == "Legend:\n\nChampion:\n\nMainDeck:\n3 Cleave\n\n" + EMPTY_TAIL + "\nAdditional Legends:\n1 RAD-011\n"


def test_what_is_written_reads_back_as_the_same_deck(db):
    source = ("# Viktor control\nLegend:\nViktor, Herald of the Arcane\nMainDeck:\n1 Viktor, Leader (6)\n2 Viktor, Leader\n"
              "3 Cleave\n2 OGN-044z\nBattlefields:\n1 Hall of Legends\nRunes:\n6 Calm Rune # OGN-042a\nSideboard:\n2 Gust\n")
    deck = resolve_deck(text.read(source), db)
    again = resolve_deck(text.read(text.write(deck, db)), db)
    for zone in ("main", "battlefields", "runes", "sideboard"):
        assert [(e.card.id, e.count) for e in getattr(again, zone)] == [(e.card.id, e.count) for e in getattr(deck, zone)]
    assert again.name == "Viktor control" and again.champion.card.id == "ARC-006" and again.champion_inferred


def test_the_writer_finds_the_card_data_itself(db):
    deck = resolve_deck(text.read("MainDeck:\n1 Viktor, Leader (6)\n2 Viktor, Leader\n"), db)
    assert text.write(deck) == text.write(deck, db)
    assert "1 Viktor, Leader # ARC-006\n2 Viktor, Leader\n" in text.write(deck)


def test_without_card_data_only_printings_of_a_variant_keep_their_id(db, monkeypatch, tmp_path):
    """With no card data to ask, a printing marked as a variant keeps its id; any other is written by name."""
    deck = resolve_deck(text.read("MainDeck:\n1 Viktor, Leader (6)\n3 Cleave\nRunes:\n6 Calm Rune # VEN-R02\n"), db)
    assert "Runes:\n6 Calm Rune # VEN-R02\n" in text.write(deck, db)  # VEN-R02 is no base printing
    monkeypatch.setenv("DECKCHECK_CARD_DATA", str(tmp_path / "no-card-data"))
    out = text.write(deck)
    assert "MainDeck:\n1 Viktor, Leader # ARC-006\n3 Cleave\n\n" in out
    assert "Runes:\n6 Calm Rune\n" in out


def test_an_id_with_a_part_the_data_does_not_know_is_kept_as_written(db):
    out = written(db, "MainDeck:\n2 OGN-044-FOO\n1 OGN-004-1\n")
    assert "MainDeck:\n2 Clockwork Keeper # OGN-044-FOO\n1 Cleave\n\n" in out


def test_a_deck_written_with_card_data_that_lacks_one_of_its_cards(db):
    from deckcheck.cards.lookup import CardDB

    deck = resolve_deck(text.read("MainDeck:\n3 Cleave\n1 Viktor, Leader (6)\n"), db)
    older = CardDB(printings=tuple(c for c in db.printings if c.name != "Cleave"), sets=db.sets, rules=db.rules,
                   data_as_of=db.data_as_of)
    assert "MainDeck:\n3 Cleave\n1 Viktor, Leader # ARC-006\n\n" in text.write(deck, older)
