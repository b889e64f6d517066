"""A folder check reads the common text list as rows and files them in one pass (text.quick_rows,
resolve.resolve_rows: kept for a folder's decks/s, docs/performance.md); everything else is read
and resolved the general way (text.read, resolve_deck). For every list, the deck of the rows is the
deck of the general way (the same zones, counts, lines, notes)."""

from __future__ import annotations

import random
import unicodedata
from dataclasses import asdict, replace
from pathlib import Path

import pytest
from conftest import raw_from_flat, real_decks

from deckcheck.decks import resolve, text
from deckcheck.decks.load import read_file, read_text
from deckcheck.decks.resolve import resolve_deck
from deckcheck.errors import DeckcheckError

REPO = Path(__file__).resolve().parents[2]


def both_ways(listing: str, db, source: str = "list.txt"):
    """The deck of a text list read as rows and filed in one pass (None when the rows way hands the
    list to the general way), and the deck read and resolved the general way."""
    general = resolve_deck(read_text(listing, source=source), db)
    quick = text.quick_rows(listing, source)
    rows = None if quick is None else resolve.resolve_rows(quick[1], db, name=quick[0], source=source, reader="text")
    return rows, general


def variants(listing: str, rng: random.Random) -> list[str]:
    """A text list as players paste it: as written, shuffled within its sections, with its headers
    dropped or swapped, its lines repeated, counts in parentheses, cards missing from the data."""
    lines = listing.splitlines()
    out = [listing]
    shuffled = lines[:]
    rng.shuffle(shuffled)
    out.append("\n".join(shuffled))
    out.append("\n".join(line for line in lines if not line.endswith(":")))  # no headers at all
    out.append("\n".join("Runes:" if line == "Battlefields:" else line for line in lines))  # a header lost
    out.append("\n".join("Champion:" if line == "MainDeck:" else line for line in lines))  # under Champion
    out.append("\n".join(lines + [line for line in lines if line[:1].isdigit()][:5]))  # repeated lines
    out.append("\n".join(f"{line[2:]} ({line[0]})" if line[:2] in ("1 ", "2 ", "3 ") else line for line in lines))
    out.append(listing + "\n2 Not A Card Anywhere\nSideboard:\n1 Another Missing Card\n3 Calm Rune\n")
    out.append(listing.replace("MainDeck:", "MainDeck:\n1 Jinx, Loose Cannon\n1 Ahri, Alluring"))  # a legend in main
    return out


def test_every_real_and_sample_list_and_its_variants_resolves_as_rows_as_the_general_way_does(db):
    rng = random.Random(14)
    listings = []
    for deck in real_decks():
        written = text.write(resolve_deck(raw_from_flat(deck["cards"], name=deck["slug"]), db), db)
        listings += variants(written, rng)
    listings += [p.read_text(encoding="utf-8") for p in sorted((REPO / "sample_decks").glob("*.txt"))]
    took_rows = 0
    for listing in listings:
        rows, general = both_ways(listing, db)
        if rows is not None:
            took_rows += 1
            assert rows == general, listing[:200]
            assert asdict(rows) == asdict(general), listing[:200]
    assert len(listings) > 290
    assert 0.15 * len(listings) < took_rows < 0.95 * len(listings), "both ways were taken"


def test_a_short_name_is_settled_by_its_section_the_one_pass_way_too(db, tmp_path):
    """'Jinx' alone names several cards, but under Legend: it is the legend; a text file read and
    resolved in one pass looks a line up with its section as read + resolve_deck do."""
    from deckcheck.decks.load import resolve_file

    path = tmp_path / "short.txt"
    path.write_text("Legend:\n1 Jinx\nMainDeck:\n3 Cleave\nRunes:\n6 Calm\n6 Chaos Rune\n")
    assert text.quick_rows(path.read_text()) is not None, "the common shape: read the one-pass way"
    quick = resolve_file(str(path), db)
    assert quick == resolve_deck(read_file(path), db)
    assert quick.legend is not None and quick.legend.card.name == "Jinx, Loose Cannon" and not quick.unknown
    assert {e.card.name for e in quick.runes} == {"Calm Rune", "Chaos Rune"}


@pytest.mark.parametrize("listing, why", [
    ("Legend:\n1 Jinx, Loose Cannon\nMainDeck:\n3 Cleave\nthanks!!", "chat after the list"),
    ("Legend:\n1 Jinx, Loose Cannon\nMainDeck:\n3 Cleave\nDeck: Stacked Deck", "a Deck: line after the cards"),
    ("Legend:\n1 Jinx, Loose Cannon\nMainDeck:\n3 Cleave\nRunes:\n6 Fury Rune\n1 Noxus Hopeful", "a unit after the runes"),
    ("Legend:\n1 Jinx, Loose Cannon\nMainDeck:\nx2 Adaptatron", "a count written x2"),
    ("Legend:\n1 Jinx, Loose Cannon\nChampion:\n1 Jinx, Rebel\n1 Ahri, Alluring\nMainDeck:\n3 Cleave", "two under Champion"),
    ("Champion:\n1 Jinx, Loose Cannon\nMainDeck:\n3 Cleave", "a legend under Champion"),
    ("Legend:\n1 Jinx, Loose Cannon\nRunes:\n6 Fury Rune\n3 Cleave\n2 Get Excited!", "a lost MainDeck header"),
    ("MainDeck:\nCleave (3)\nHall of Legends (210)", "numbers in parentheses"),
    ("MainDeck:\n6 Fury Rune\n3 Cleave", "a rune under MainDeck"),
])
def test_the_lists_that_need_the_whole_list_in_view_go_the_general_way(db, listing, why):
    rows, general = both_ways(listing, db)
    assert rows is None, why
    assert general.main or general.legend


def test_a_text_file_read_and_resolved_in_one_pass_is_the_deck_of_the_general_way(db, tmp_path):
    """resolve_file reads the common text list without an entry per line (quick_rows, resolve_rows);
    every list, common or not, gives the deck read_file + resolve_deck give, --champion included."""
    from deckcheck.decks.load import resolve_file

    rng = random.Random(7)
    listings = []
    for deck in real_decks():
        written = text.write(resolve_deck(raw_from_flat(deck["cards"], name=deck["slug"]), db), db)
        listings += variants(written, rng)
        listings.append("\ufeff" + written)  # a byte-order mark
        listings.append(written.replace("\n", "\r\n"))  # Windows line ends: the general way
        listings.append("# Mon deck\n" + written.replace("Annie", "Anníe"))  # accents, a name not in the data
        listings.append(unicodedata.normalize("NFD", "# Déck à moi\n" + written.replace("Kai'Sa", "Kaí'Sa")))  # decomposed
        listings.append(written.replace("MainDeck:", "MainDeck:\n3\nCleave"))  # a count on its own line
        listings.append(written.replace("Legend:", "Legend: Jinx, Loose Cannon"))  # a card on a header line
    listings += [p.read_text(encoding="utf-8", errors="replace") for p in sorted((REPO / "sample_decks").glob("*.txt"))]
    quick = 0
    for i, listing in enumerate(listings):
        path = tmp_path / f"deck{i}.txt"
        path.write_bytes(listing.encode("utf-8"))
        general = resolve_deck(read_file(path), db)
        assert resolve_file(str(path), db) == general, listing[:200]
        assert asdict(resolve_file(str(path), db)) == asdict(general)
        chosen = resolve_file(str(path), db, champion="Jinx, Rebel")
        assert chosen == resolve_deck(read_file(path), db, champion="Jinx, Rebel")
        quick += text.quick_rows(listing.lstrip("\ufeff"), str(path)) is not None
    assert 0.3 * len(listings) < quick < 0.9 * len(listings), "both ways were taken, the quick one often"


def test_quick_rows_leaves_every_unusual_list_to_the_reader():
    common = "# My Jinx\n\nLegend:\n1 Jinx, Loose Cannon\n\nMainDeck:\n3 Cleave\n1 Vex, Apathetic # UNL-150a\n"
    title, sections = text.quick_rows(common, "d.txt")
    assert title == "My Jinx"
    rows = [(name, count, zone, card_id, line) for zone, lines in sections for (name, count, card_id), line in lines]
    assert rows == [("Jinx, Loose Cannon", 1, text.Zone.LEGEND, None, 4),
                    ("Cleave", 3, text.Zone.MAIN, None, 7),
                    ("Vex, Apathetic", 1, text.Zone.MAIN, "UNL-150a", 8)]
    assert [zone for zone, _ in sections] == [text.Zone.LEGEND, text.Zone.MAIN]
    for unusual in ("3 Cleave\nMainDeck:\n1 Defy",  # a card before any header
                    "MainDeck:\n3\nCleave",  # a count on its own line
                    "MainDeck: 3 Cleave",  # cards on the header line
                    "MainDeck:\nCleave x3",  # another card shape
                    "MainDeck:\n3 Cleave\r\n",  # Windows line ends
                    "Legend:\n1 Jinx, Loose Cannon\nExtra legends:\n1 Ahri, Alluring",  # extra legends
                    "MainDeck:\n3 Cleave\nTotal: 40 cards",  # a note
                    "main:\n3 Cleave", "# Mine\n  legend:\n1 Jinx, Loose Cannon",  # headers as YAML keys are
                    "# only a title\n\n"):  # no cards
        assert text.quick_rows(unusual) is None, unusual


def test_files_resolved_together_give_what_each_file_gives_alone(db, tmp_path):
    """resolve_files gives for each file resolve_file's deck, or the very error resolve_file raises
    for that file; the batch's memory of lines changes nothing."""
    from deckcheck.decks.load import resolve_file, resolve_files

    paths = []
    for sample in sorted((REPO / "sample_decks").glob("*.*")):
        if sample.suffix != ".md":
            paths.append(str(sample))
    broken = {"missing.txt": None, "photo.txt": b"\x89PNG\r\n\x1a\n" + bytes(20), "empty.txt": b"\n \n",
              "comments.txt": b"# only\n// comments\n", "bad.code": b"CE!!\n", "nul.txt": b"3 Cleave\x00\n"}
    for name, data in broken.items():
        if data is not None:
            (tmp_path / name).write_bytes(data)
        paths.insert(len(paths) // 2, str(tmp_path / name))
    (tmp_path / "folder.txt").mkdir()
    paths.append(str(tmp_path / "folder.txt"))
    together = resolve_files(paths, db, "Jinx, Rebel")
    assert len(together) == len(paths)
    errors = 0
    for path, got in zip(paths, together):
        try:
            alone = resolve_file(path, db, "Jinx, Rebel")
        except Exception as exc:  # noqa: BLE001
            errors += 1
            assert type(got) is type(exc) and str(got) == str(exc), path
        else:
            assert got == alone, path
    assert errors == len(broken) + 1


def _outcome(call):
    """A call's deck, or the error it raised as the user sees it."""
    try:
        return call()
    except DeckcheckError as exc:
        return type(exc).__name__, str(exc)


_JINX = "Legend:\n1 Jinx, Loose Cannon\n\nMainDeck:\n3 Cleave\n1 Vex, Apathetic # UNL-150a\n"


@pytest.mark.parametrize("name", ["deck.txt", "deck", "deck.deck"])
@pytest.mark.parametrize("listing", [
    "Legend:\n1 Jinx, Loose Cannon\nmain: [1]\n",  # a line starting with a key of our YAML files
    "legend: [1]\n1 Jinx, Loose Cannon\n", "  legend: [1]\n1 Jinx, Loose Cannon\n", "legend:\n1 Jinx, Loose Cannon\n",
    "# Mine\nlegend: [1]\n1 Jinx, Loose Cannon\n", "Legend:\n1 Jinx, Loose Cannon\n  main: [1]\n3 Cleave\n",
    "[Legend]\n1 Jinx, Loose Cannon\n[MainDeck]\n3 Cleave\n",  # starts as JSON or YAML may
    "# a comment\n" * 399 + "MainDeck:\n3 Cleave\n",  # the first card within the lines a sniffer reads
    "# a comment\n" * 400 + "MainDeck:\n3 Cleave\n",  # beyond them: no format found
    "\n" * 398 + "MainDeck:\n3 Cleave\n",
    "# Mon déck\n\n" + _JINX,  # not ASCII
    unicodedata.normalize("NFD", "Légende:\n") * 61 + "1 Jinx, Loose Cannon\n",  # a header only once made NFC
    "# Jinx for Regionals\n\n" + _JINX,  # the common title
    "## Not a title\n# A title\n" + _JINX,
    "#\n# \n#A title\n" + _JINX,
    "# Total: 40 cards\n" + _JINX,  # a note, not a comment
    "## Runes\n6 Calm Rune\n" + _JINX,  # a header
    "# Main Deck\n3 Cleave\n", "# Runes (12 cards)\n6 Calm Rune\n", "# Jinx (Main)\n3 Cleave\n",
    "# Ana Deste (Main Board)\n3 Cleave\n", "# Legends never die (file 7)\n" + _JINX, "# deck-of-runes\n" + _JINX,
    "# two  spaces\n" + _JINX, "# a\ttab\n" + _JINX, "# **bold**\n" + _JINX, "# Deck: Jinx\n" + _JINX,
    "#" + "x" * 400 + "\n" + _JINX,  # too long
    "# 3 Cleave\n" + _JINX + "# Sideboard\n1 Defy\n# a comment // with slashes; and more\n",
    "// a comment\n" + _JINX,
])
def test_a_file_whose_text_names_its_format_is_read_as_detection_reads_it(db, tmp_path, listing, name):
    """A file its name gives no format reads as the common text list without asking any sniffer
    only where the sniffers would have chosen the text reader: the same deck, title and notes, or the
    same error, as read_file + resolve_deck; comments of every shape as the general reader reads them."""
    from deckcheck.decks.load import resolve_file, resolve_files

    path = tmp_path / name
    path.write_bytes(listing.encode("utf-8"))
    memory = text.ReadMemory()
    general = _outcome(lambda: resolve_deck(read_file(path), db))
    for _ in ("each line new", "each line seen before"):
        assert _outcome(lambda: resolve_file(str(path), db, memory=memory)) == general
        together = resolve_files([str(path)], db, memory=memory)[0]
        assert (together if not isinstance(together, DeckcheckError) else (type(together).__name__, str(together))) \
            == general


def test_a_resolved_entry_keeps_where_it_was_written_and_shows_compares_copies_and_dumps_it(db, tmp_path):
    """An entry keeps its file and line and makes its Source when asked: every way of looking at
    it (the source, equality, a copy with another source, the dump, the repr) sees the four fields."""
    from deckcheck.decks.load import resolve_file
    from deckcheck.decks.model import DeckEntry, Source

    path = tmp_path / "d.txt"
    path.write_text("# Mine\n\nLegend:\n1 Jinx, Loose Cannon\n\nMainDeck:\n3 Cleave\n")
    deck = resolve_file(str(path), db)
    cleave = deck.main[0]
    assert cleave.source == Source(str(path), 7) and (cleave.file, cleave.line) == (str(path), 7)
    assert deck.legend.source == Source(str(path), 4)
    made = DeckEntry(card=cleave.card, count=3, written="Cleave", file=str(path), line=7)
    assert made == cleave
    moved = replace(cleave, file="other.txt", line=2, count=2)
    assert (moved.source, moved.count, cleave.source) == (Source("other.txt", 2), 2, Source(str(path), 7))
    assert moved != cleave and replace(cleave) == cleave
    dumped = asdict(cleave)
    assert list(dumped) == ["card", "count", "written", "file", "line"]
    assert (dumped["file"], dumped["line"], dumped["card"]["name"]) == (str(path), 7, "Cleave")
    assert repr(cleave).endswith(f"written='Cleave', source=Source(file={str(path)!r}, line=7))")
    assert DeckEntry(card=cleave.card, count=1, written="Cleave").source == Source()


def test_a_remembered_choice_of_champion_is_made_again_for_another_database(db):
    """The resolver remembers which tagged cards can be the Chosen Champion; a database where the
    same printing cannot be (here made a Signature card) chooses none, the first one again."""
    from deckcheck.cards.lookup import CardDB
    from deckcheck.cards.model import Supertype

    listing = "Legend:\n1 Jinx, Loose Cannon\nChampion:\nMainDeck:\n1 Jinx, Rebel\n3 Cleave\n"
    chosen = resolve_deck(read_text(listing, source="d.txt"), db)
    assert chosen.champion_inferred and chosen.champion.card.name == "Jinx, Rebel"
    signature = CardDB(printings=tuple(replace(c, supertypes=(*c.supertypes, Supertype.SIGNATURE))
                                       if c.name == "Jinx, Rebel" else c for c in db.printings),
                       sets=db.sets, rules=db.rules, data_as_of=db.data_as_of)
    for other, expected in ((signature, None), (db, "Jinx, Rebel")):
        deck = resolve_deck(read_text(listing, source="d.txt"), other)
        assert (deck.champion.card.name if deck.champion else None) == expected
        assert any(p.message.startswith("the list does not name") for p in deck.problems) == (expected is not None)


def test_a_legend_listed_twice_keeps_the_printing_written_in_each_of_its_copies(db):
    # two copies of a legend become the legend and an extra one (RB error elsewhere); each keeps the
    # promo printing the player wrote, so writing the list out again loses nothing
    legend = db.by_name("Ornn, Fire Below the Mountain")
    deck = resolve_deck(read_text(f"Legend:\n2 {legend.id}-OPP\n\nMainDeck:\n3 Cleave\n"), db)
    assert [e.written for e in (deck.legend, *deck.extra_legends)] == [f"{legend.id}-OPP"] * 2
    assert text.write(deck, db).count(f"# {legend.id}-OPP") == 2
