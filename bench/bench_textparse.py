"""Print how many text decklists deckcheck reads per second: parse only, and parse + name lookup.

The lists are the 32 real decks of tests/data/realdecks.json, each written in three dialects
(Piltover export, ``== Legend ==`` with ``3x Name - Subtitle``, headerless groups): 96 lists of
30-60 lines. Figures are CPU time of this process (one core), so other load on the machine
counts less. A batch's reader remembers the card lines it has seen (a folder of registrations
repeats most of its lines) in a ReadMemory, so each figure is printed twice:

- *folder*: one new memory for each pass over the 96 lists, as when checking a folder of 96 lists once;
- *first sight*: a new memory for every list, so no line was seen before (a plain library call).

The target of issue 12 is 30,000 lists/s parse + name lookup on one core. Also printed: parse +
resolve (the Deck built), the whole file path (read_file: bytes, decoding, limits, format
choice), and writing.
Run: .venv/bin/python bench/bench_textparse.py [seconds per measurement, default 2]
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from deckcheck.cards import load_cards  # noqa: E402
from deckcheck.decks import text  # noqa: E402
from deckcheck.decks.load import read_file  # noqa: E402
from deckcheck.decks.memory import ReadMemory  # noqa: E402
from deckcheck.decks.model import RawDeck, RawEntry, Zone  # noqa: E402
from deckcheck.decks.resolve import lookup_entries, resolve_deck  # noqa: E402
from timing import rate  # noqa: E402

TARGET = 30_000
CLOCK = time.process_time


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


def both(work, lists: list[str], seconds: float) -> tuple[float, float]:
    """(lists/s reading a folder of these lists, lists/s when every line is new)."""

    def folder_pass(_):
        memory = ReadMemory()
        for item in lists:
            work(item, memory)

    def first_sight(item):
        work(item, ReadMemory())

    folder, _ = rate(folder_pass, [None], seconds, CLOCK)
    cold, _ = rate(first_sight, lists, seconds, CLOCK)
    return folder * len(lists), cold


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    db = load_cards()
    decks = real_decks(db)
    lists = [t for deck in decks for t in dialects(deck)]
    sizes = [t.count("\n") + 1 for t in lists]
    lines = sum(sizes) / len(lists)
    print(f"{len(lists)} text decklists ({len(decks)} real decks x 3 dialects), {min(sizes)}-{max(sizes)} lines, "
          f"{lines:.0f} on average; lists/s of one core's CPU time")

    def parse_and_lookup(item: str, memory: ReadMemory) -> None:
        lookup_entries(db, text.read(item, memory=memory).entries)

    folder, cold = both(lambda t, memory: text.read(t, memory=memory), lists, seconds)
    print(f"parse only (text.read):               {folder:9,.0f} folder, {cold:9,.0f} first sight "
          f"({folder * lines:,.0f} lines/s)")
    folder, cold = both(parse_and_lookup, lists, seconds)
    verdict = "met" if folder >= TARGET else "NOT met"
    print(f"parse + name lookup:                  {folder:9,.0f} folder, {cold:9,.0f} first sight "
          f"(target {TARGET:,}: {verdict})")
    folder, cold = both(lambda t, memory: resolve_deck(text.read(t, memory=memory), db), lists, seconds)
    print(f"parse + resolve (the Deck built):     {folder:9,.0f} folder, {cold:9,.0f} first sight")

    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i, t in enumerate(lists):
            path = Path(tmp) / f"deck{i}.txt"
            path.write_text(t, encoding="utf-8")
            paths.append(path)
        cold, _ = rate(read_file, paths, seconds, CLOCK)
    print(f"read_file (bytes, decode, choose):    {cold:9,.0f} first sight (each call reads anew)")

    written, n = rate(text.write, decks, seconds, CLOCK)
    print(f"write (text.write):                   {written:9,.0f} decks/s")


if __name__ == "__main__":
    main()
