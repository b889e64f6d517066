"""Noise around a list never changes its verdict (issue 38).

Each real list (tests/data/realdecks.json, legal and illegal) is written as deckcheck writes it and
pasted with one kind of noise from chat or a deck site at the top, between two sections and at the
end; read as the command line reads it, it must get the verdict and the error and warning codes of
the clean list, and each noise line a note naming it. Noise handling must never make an illegal
list legal: a line that names a card is that card, a counted line naming no card stays an error,
and a name close to a card's stays an error to settle.
"""

from __future__ import annotations

import pytest

from conftest import raw_from_flat, real_decks
from deckcheck.decks import text
from deckcheck.decks.load import read_text
from deckcheck.decks.resolve import resolve_deck
from deckcheck.rules import check_deck

AS_OF = "2026-11-30"
#: One line of each kind of noise docs/text-format.md names, as players paste them.
NOISE = {
    "chat": ["thanks!!", "ty for reading, good luck at your locals", "sent from my iPhone"],
    "page furniture": ["Copy deck code · Open in playtest · Share"],
    "emoji or reactions": ["👍 12   💬 3"],
    "a link": ["https://piltoverarchive.com/decks/view/0b6f1c2e-jinx-aggro"],
    "a price total": ["Total: 55 cards · $142.50"],
}


def clean_lists(db) -> list[tuple[str, str]]:
    """(slug, the list as deckcheck writes it) for every real list."""
    return [(d["slug"], text.write(resolve_deck(raw_from_flat(d["cards"], name=d["slug"]), db), db))
            for d in real_decks()]


def outcome(db, written: str):
    """The verdict and the error and warning codes (with the card each names) of a pasted list, and its notes."""
    report = check_deck(resolve_deck(read_text(written, source="pasted.txt"), db), format="standard", as_of=AS_OF)
    said = sorted((v.code, v.card or "") for v in report.violations if v.severity.value != "info")
    notes = [(v.line, v.message, v.card) for v in report.violations if v.code == "RB004"]
    return report.verdict, said, notes


def pasted(written: str, noise: str, where: str) -> tuple[str, int]:
    """``written`` with the line ``noise`` at the top, before the battlefields' header, or at the end;
    and its line number."""
    lines = written.splitlines()
    at = {"top": 0, "between sections": lines.index("Battlefields:"), "end": len(lines)}[where]
    lines.insert(at, noise)
    return "\n".join(lines) + "\n", at + 1


@pytest.mark.parametrize("kind", sorted(NOISE))
def test_each_kind_of_noise_anywhere_leaves_the_verdict_and_codes_of_the_clean_list(db, kind):
    verdicts = set()
    for slug, written in clean_lists(db):
        verdict, said, _ = outcome(db, written)
        verdicts.add(verdict)
        for noise in NOISE[kind]:
            for where in ("top", "between sections", "end"):
                noisy, line = pasted(written, noise, where)
                got_verdict, got_said, notes = outcome(db, noisy)
                assert (got_verdict, got_said) == (verdict, said), (slug, noise, where)
                if where == "top" and kind == "chat":
                    continue  # a chat line above the list is its title ("Here's my list:")
                shown = " ".join(noise.split())
                assert (line, f"ignored: not a card line ({kind})", shown) in notes, (slug, noise, where)
    assert verdicts == {"legal", "illegal"}


def test_a_whole_discord_paste_reads_as_the_list_inside_it(db):
    for slug, written in clean_lists(db)[:8]:
        around = ["https://piltoverarchive.com/decks/view/123", "👍 12   💬 3"]
        noisy = "\n".join([*around, written, "Copy deck code · Open in playtest · Share",
                           "Total: 55 cards · $142.50", "thanks!!", "ty for reading, good luck at your locals",
                           "sent from my iPhone"])
        assert outcome(db, noisy)[:2] == outcome(db, written)[:2], slug
        assert len(outcome(db, noisy)[2]) == len(outcome(db, written)[2]) + 7


def test_a_card_line_that_lost_its_count_still_counts(db):
    """A line without a count that names a card, however it is written, is one copy of it: a legal
    list with one more such line is illegal, as it would be with the count written."""
    slug, written = next((s, w) for s, w in clean_lists(db) if outcome(db, w)[0] == "legal")
    for line in ("cleave", "Cleave", "shadows of the past"):
        noisy, number = pasted(written, line, "between sections")
        verdict, said, _ = outcome(db, noisy)
        assert verdict == "illegal" and ("RB003", line) in said, (slug, line)


def test_a_counted_line_naming_no_card_stays_an_error(db):
    slug, written = next((s, w) for s, w in clean_lists(db) if outcome(db, w)[0] == "legal")
    noisy, _ = pasted(written, "3 thanks!!", "between sections")
    verdict, said, notes = outcome(db, noisy)
    assert verdict == "illegal" and ("RB001", "thanks!!") in said
    assert not any(message.startswith("ignored") for _, message, _ in notes)


def test_a_misspelt_card_without_a_count_stays_an_error_not_noise(db):
    slug, written = next((s, w) for s, w in clean_lists(db) if outcome(db, w)[0] == "legal")
    noisy, _ = pasted(written, "cleve", "end")
    verdict, said, _ = outcome(db, noisy)
    assert verdict == "illegal" and ("RB001", "cleve") in said


def test_noise_in_a_list_without_headers_is_noted_and_the_list_keeps_its_groups(db):
    """Five blank-line groups (legend, champion, main deck, battlefields, runes) and noise after them."""
    listing = ("Loose Cannon\n\nJinx, Demolitionist\n\n3 Cleave\n3 Get Excited!\n\n"
               "Hallowed Tomb\nZaun Warrens\nThe Grand Plaza\n\n6 Fury Rune\n6 Chaos Rune\n")
    clean = resolve_deck(read_text(listing), db)
    noisy = resolve_deck(read_text(listing + "\nthanks!!\nhttps://example.com/deck\n"), db)
    assert [(e.card.name, e.count) for e in noisy.main] == [(e.card.name, e.count) for e in clean.main]
    assert noisy.champion.card.name == clean.champion.card.name == "Jinx, Demolitionist"
    assert [p.message for p in noisy.problems if p.message.startswith("ignored")] == [
        "ignored: not a card line (chat)", "ignored: not a card line (a link)"]
