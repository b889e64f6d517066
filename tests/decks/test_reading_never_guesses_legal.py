"""The reader points of issue 40, pinned on the sample lists: a guessed section never makes an
illegal list legal, counts and names written as Riot writes them are read, and the readings the
planted bugs broke (a header in another case, an id of another card, an unknown card under
Champion:, two legends on one line, an unknown extra legend) hold."""

from __future__ import annotations

from pathlib import Path

from cli.support import run_cli

from deckcheck.decks import deckcode
from deckcheck.decks.load import read_text, resolve_file
from deckcheck.decks.resolve import resolve_deck
from deckcheck.rules import check_deck

REPO = Path(__file__).resolve().parents[2]
AS_OF = "2026-11-30"
JINX = (REPO / "sample_decks" / "legal-jinx-loose-cannon.txt").read_text(encoding="utf-8")
#: The Jinx list without its sideboard: it ends with its Rune Deck of 8 Fury and 4 Chaos runes.
NO_SIDEBOARD = JINX[: JINX.index("\nSideboard:")] + "\n"


def check(written: str, db, source: str = "deck.txt"):
    deck = resolve_deck(read_text(written, source=source), db)
    return deck, check_deck(deck, format="standard", as_of=AS_OF)


def errors(report) -> list[str]:
    return sorted(v.code for v in report.violations if v.severity.value == "error")


# ---------------------------------------------------------------------------- a lost Sideboard: header
def test_a_unit_after_twelve_runes_is_in_the_rune_deck_not_guessed_into_a_sideboard(db):
    assert check(NO_SIDEBOARD, db)[1].verdict == "legal"
    deck, report = check(NO_SIDEBOARD + "1 Noxus Hopeful\n", db)
    assert report.verdict == "illegal" and errors(report) == ["RB302"] and deck.sideboard == []
    (wrong,) = [v for v in report.violations if v.code == "RB302"]
    assert (wrong.line, wrong.card, wrong.message) == (NO_SIDEBOARD.count("\n") + 1, "Noxus Hopeful",
                                                       "Noxus Hopeful is a unit, not a rune")
    assert wrong.hint == "Move the card to its own zone; if it is a sideboard card, put it under a Sideboard: header"


def test_eleven_runes_and_a_unit_is_a_card_that_is_no_rune_not_a_count(db):
    deck, report = check(NO_SIDEBOARD.replace("4 Chaos Rune", "3 Chaos Rune") + "1 Noxus Hopeful\n", db)
    assert errors(report) == ["RB302"]


def test_with_a_sideboard_the_hint_offers_no_header(db):
    listing = JINX.replace("8 Fury Rune\n", "8 Fury Rune\n1 Noxus Hopeful\n")  # amid the runes, and a sideboard
    (wrong,) = [v for v in check(listing, db)[1].violations if v.code == "RB302"]
    assert wrong.hint == "Move the card to its own zone"


# ---------------------------------------------------------------------------- counts and names as Riot writes them
def test_a_count_written_x2_before_the_name_is_read_as_2x(db):
    for written in ("x2 Adaptatron", "X2 Adaptatron", "×2 Adaptatron", "2x Adaptatron", "Adaptatron x2"):
        deck, _ = check(f"MainDeck:\n{written}\n", db)
        assert [(e.card.name, e.count) for e in deck.main] == [("Adaptatron", 2)], written
        assert not deck.problems and not deck.unknown, written


def test_the_ban_lists_spelling_dreaming_tree_is_the_banned_the_dreaming_tree(db):
    deck, report = check(JINX.replace("1 Vilemaw's Lair", "1 Dreaming Tree"), db)
    assert [e.card.name for e in deck.battlefields][-1] == "The Dreaming Tree"
    assert errors(report) == ["RB601"]
    (banned,) = [v for v in report.violations if v.code == "RB601"]
    assert "The Dreaming Tree is banned" in banned.message


def test_a_main_deck_header_with_its_count_in_any_letter_case_is_a_header(db):
    for header in ("Main Deck (40 Cards):", "MAIN DECK (40 CARDS):", "main deck (40 cards):", "Main deck (40 cards)"):
        deck, report = check(JINX.replace("MainDeck:", header), db)
        assert report.verdict == "legal" and deck.main_count == 40 and not deck.problems, header


def test_an_id_of_another_card_beside_a_name_is_warned_and_the_id_decides(db):
    deck, report = check(JINX.replace("2 Cleave\n", "2 Cleave [OGN-013]\n", 1), db)
    (warned,) = [v for v in report.violations if v.code == "RB003"]
    assert (warned.card, warned.message) == ("Cleave", "'Cleave' does not match OGN-013, which is 'Pouty Poro'; "
                                                       "using the id")
    # the id decides: its 2 copies join the list's 2 Pouty Poro, and no Cleave is left
    assert [(e.card.name, e.count) for e in deck.main if e.written == "OGN-013"] == [("Pouty Poro", 4)]
    assert "Cleave" not in [e.card.name for e in deck.main]


# ---------------------------------------------------------------------------- unknown cards and legends kept
def test_diff_counts_an_unknown_card_under_champion(capsys, tmp_path):
    before, after = tmp_path / "a.txt", tmp_path / "b.txt"
    before.write_text(JINX, encoding="utf-8")
    after.write_text(JINX.replace("1 Jinx, Demolitionist", "1 Jinx, Demolitionst"), encoding="utf-8")
    code, out, _ = run_cli(capsys, "diff", str(before), str(after))
    assert code == 0 and "main (40 → 40)\n  +1 Jinx, Demolitionst (unknown card)\n  −1 Jinx, Demolitionist\n" in out


def test_two_copies_of_a_legend_under_legend_are_two_legends(db):
    deck, report = check(JINX.replace("1 Jinx, Loose Cannon", "2 Jinx, Loose Cannon"), db)
    assert deck.legend.card.name == "Jinx, Loose Cannon" and len(deck.extra_legends) == 1
    assert "RB201" in errors(report)


def test_two_copies_of_a_legend_in_a_list_file_are_two_legends(db, tmp_path):
    """The same list read from a file (the quick reading of a common list): still two legends, RB201."""
    path = tmp_path / "deck.txt"
    path.write_text(JINX.replace("1 Jinx, Loose Cannon", "2 Jinx, Loose Cannon"), encoding="utf-8")
    deck = resolve_file(str(path), db)
    assert deck.legend.count == 1 and [e.card.name for e in deck.extra_legends] == ["Jinx, Loose Cannon"]
    assert "RB201" in errors(check_deck(deck, format="standard", as_of=AS_OF))


def test_an_unknown_extra_legend_of_a_text_list_is_never_written_into_a_codes_main_deck(db):
    deck, _ = check(JINX.replace("1 Jinx, Loose Cannon\n", "1 Jinx, Loose Cannon\nAdditional Legends:\nOGN-999\n"), db)
    assert [u.text for u in deck.unknown] == ["OGN-999"]
    decoded = deckcode.decode(deckcode.write(deck).strip())
    assert decoded.additional_legends == ("OGN-999",)
    assert "OGN-999" not in [code for code, _ in decoded.main]
