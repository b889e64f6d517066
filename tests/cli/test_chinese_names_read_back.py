"""``convert --lang zh`` never writes a Chinese name that does not read back as that one card: a
list of every card of the database, written in Chinese and read again, holds the same cards in
the same zones (a name two cards share, or none, is written in English)."""

from __future__ import annotations

from collections import Counter

from cli.support import run_cli

from deckcheck.cards.model import CardType
from deckcheck.decks.load import read_text
from deckcheck.decks.resolve import resolve_deck

SECTION = {CardType.LEGEND: "Legend", CardType.BATTLEFIELD: "Battlefields", CardType.RUNE: "Runes"}


def cards_of(deck) -> Counter:
    zones = {"legend": [deck.legend, *deck.extra_legends], "main": deck.main, "battlefields": deck.battlefields,
             "runes": deck.runes, "sideboard": deck.sideboard}
    return Counter((zone, entry.card.name) for zone, entries in zones.items() for entry in entries if entry is not None
                   for _ in range(entry.count))


def test_every_card_written_in_chinese_reads_back_as_itself(db, tmp_path, capsys):
    sections: dict[str, list[str]] = {"Legend": [], "Battlefields": [], "Runes": [], "MainDeck": []}
    for name in db.names:
        card = db.by_name(name)
        sections[SECTION.get(card.type, "MainDeck")].append(f"1 {name} ({card.id})")
    (tmp_path / "every.txt").write_text("\n\n".join(f"{s}:\n" + "\n".join(lines) for s, lines in sections.items())
                                        + "\n", encoding="utf-8")
    done = run_cli(capsys, "convert", "every.txt", "-o", "text", "--lang", "zh", "-O", "every-zh.txt", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    english = resolve_deck(read_text((tmp_path / "every.txt").read_text(encoding="utf-8"), source="every.txt"), db)
    written = (tmp_path / "every-zh.txt").read_text(encoding="utf-8")
    chinese = resolve_deck(read_text(written, source="every-zh.txt"), db)
    assert not chinese.unknown and len(db.names) > 1000
    assert cards_of(chinese) == cards_of(english)
    assert sum(1 for line in written.splitlines() if line[:1].isdigit() and not line.isascii()) > 900  # in Chinese
