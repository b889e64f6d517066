"""The resolver files the common list in one pass and hands everything else to its two passes:
for every list, the deck is the one the two passes make (the same zones, counts, lines, notes)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import raw_from_flat, real_decks

from deckcheck.decks import resolve, text
from deckcheck.decks.load import read_file, read_text
from deckcheck.decks.resolve import resolve_deck

REPO = Path(__file__).resolve().parents[1]


def both_ways(raw, db, monkeypatch):
    """The deck as resolve_deck makes it, and as the two passes alone make it."""
    quick = resolve_deck(raw, db)
    with monkeypatch.context() as patched:
        patched.setattr(resolve, "_one_pass", lambda raw, db, deck: None)
        slow = resolve_deck(raw, db)
    return quick, slow


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


def test_every_real_and_sample_list_and_its_variants_resolves_as_the_two_passes_do(db, monkeypatch):
    rng = random.Random(14)
    raws = []
    for deck in real_decks():
        written = text.write(resolve_deck(raw_from_flat(deck["cards"], name=deck["slug"]), db), db)
        raws += [read_text(v, source=f"{deck['slug']}.txt") for v in variants(written, rng)]
        raws.append(raw_from_flat(deck["cards"], name=deck["slug"]))  # a flat list: every card by its type
    for path in sorted((REPO / "sample_decks").glob("*.*")) + sorted((REPO / "tests" / "corpus").rglob("*.*")):
        if path.suffix in (".md", ".json"):
            continue
        try:
            raws.append(read_file(path))
        except Exception:  # an unreadable corpus file has no deck to resolve
            continue
    took_one_pass = 0
    for raw in raws:
        quick, slow = both_ways(raw, db, monkeypatch)
        assert quick == slow, raw.source
        assert quick.model_dump() == slow.model_dump(), raw.source
        with monkeypatch.context() as patched:
            calls = []
            original = resolve._one_pass
            patched.setattr(resolve, "_one_pass", lambda *a: calls.append(original(*a)) or calls[-1])
            resolve_deck(raw, db)
        took_one_pass += calls[-1] is not None
    assert len(raws) > 300
    assert 0.3 * len(raws) < took_one_pass < 0.95 * len(raws), "both ways were taken, the quick one often"


@pytest.mark.parametrize("listing, why", [
    ("Legend:\n1 Jinx, Loose Cannon\nChampion:\n1 Jinx, Rebel\n1 Ahri, Alluring\nMainDeck:\n3 Cleave", "two under Champion"),
    ("Champion:\n1 Jinx, Loose Cannon\nMainDeck:\n3 Cleave", "a legend under Champion"),
    ("Legend:\n1 Jinx, Loose Cannon\nRunes:\n6 Fury Rune\n3 Cleave\n2 Get Excited!", "a lost MainDeck header"),
    ("MainDeck:\nCleave (3)\nHall of Legends (210)", "numbers in parentheses"),
    ("MainDeck:\n6 Fury Rune\n3 Cleave", "a rune under MainDeck"),
])
def test_the_lists_that_need_the_whole_list_in_view_go_the_two_passes(db, monkeypatch, listing, why):
    raw = read_text(listing, source="list.txt")
    quick, slow = both_ways(raw, db, monkeypatch)
    assert quick == slow
    assert resolve._one_pass(raw, db, resolve._empty_deck(raw)) is None, why
