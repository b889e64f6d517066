"""Print how many text decklists deckcheck parses per second, alone and with card lookups.

The lists are the 32 real decks of tests/data/realdecks.json, each written in three dialects
(Piltover export, ``== Legend ==`` with ``3x Name - Subtitle``, headerless groups). Also prints the
rate of the full file path (read_file: bytes, decoding, limits, detection) and of writing.
Run: .venv/bin/python bench/bench_textparse.py [seconds per measurement, default 2]
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from deckcheck.cards import load_cards  # noqa: E402
from deckcheck.decks import text  # noqa: E402
from deckcheck.decks.load import read_file  # noqa: E402
from timing import rate  # noqa: E402
from deckcheck.decks.model import RawDeck, RawEntry, Zone  # noqa: E402
from deckcheck.decks.resolve import resolve_deck  # noqa: E402


def real_decks(db) -> list:
    data = json.loads((REPO / "tests" / "data" / "realdecks.json").read_text())["decks"]
    raws = [RawDeck(reader="flat", entries=[RawEntry(text=k, count=v) for k, v in d["cards"].items()]) for d in data]
    return [resolve_deck(raw, db) for raw in raws]


def dialects(deck) -> list[str]:
    piltover = text.write(deck)
    equals = piltover
    for header in ("Legend", "Champion", "MainDeck", "Battlefields", "Runes", "Sideboard"):
        equals = equals.replace(f"{header}:\n", f"== {header} ==\n")
    equals = "\n".join(
        line.replace(" ", "x ", 1).replace(", ", " - ", 1) if line[:1].isdigit() else line
        for line in equals.splitlines()
    )
    groups = [
        [f"{e.count} {e.card.name}" for e in deck.zone(zone)]
        for zone in (Zone.LEGEND, Zone.CHAMPION, Zone.MAIN, Zone.BATTLEFIELDS, Zone.RUNES)
    ]
    headerless = "\n\n".join("\n".join(g) for g in groups if g)
    return [piltover, equals, headerless]


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    db = load_cards()
    decks = real_decks(db)
    lists = [t for deck in decks for t in dialects(deck)]
    lines = sum(t.count("\n") + 1 for t in lists) / len(lists)
    print(f"{len(lists)} text decklists ({len(decks)} real decks x 3 dialects), {lines:.0f} lines on average")

    parsed, n = rate(text.read, lists, seconds)
    print(f"parse only (text.read):            {parsed:10,.0f} lists/s  ({n:,} lists, {parsed * lines:,.0f} lines/s)")

    resolved, n = rate(lambda t: resolve_deck(text.read(t), db), lists, seconds)
    print(f"parse + resolve (card lookups):    {resolved:10,.0f} lists/s  ({n:,} lists)")

    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for i, t in enumerate(lists):
            path = Path(folder) / f"deck{i}.txt"
            path.write_text(t, encoding="utf-8")
            paths.append(path)
        from_files, n = rate(read_file, paths, seconds)
    print(f"read_file (bytes, decode, detect): {from_files:10,.0f} lists/s  ({n:,} files)")

    written, n = rate(text.write, decks, seconds)
    print(f"write (text.write):                {written:10,.0f} decks/s  ({n:,} decks)")


if __name__ == "__main__":
    main()
