"""How many decks per second ``check_deck`` checks on one core (start-up and resolving excluded).

The batch is 10,000 resolved decks: the 32 real decklists of tests/data/realdecks.json, each
also in variants that break rules (an extra copy, a sideboard, an off-identity card, a missing
battlefield), checked in standard on their event date. Run: ``python bench/bench_check.py``.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BATCH = 10_000


def _decks(db):
    from deckcheck.decks.model import DeckEntry, RawDeck, RawEntry, Source
    from deckcheck.decks.resolve import resolve_deck

    data = json.loads((ROOT / "tests" / "data" / "realdecks.json").read_text())["decks"]
    base = []
    for d in data:
        entries = [RawEntry(text=k, count=v, source=Source(file=d["slug"], line=i + 1))
                   for i, (k, v) in enumerate(d["cards"].items())]
        deck = resolve_deck(RawDeck(name=d["slug"], source=d["slug"], reader="flat", entries=entries), db)
        base.append((deck, d["date"]))
    rng = random.Random(4)
    spare = [db.by_name(n) for n in ("Jinx, Rebel", "Called Shot", "Stacked Deck", "Spiderling")]
    variants = []
    for deck, day in base:
        variants.append((deck, day))
        if not deck.main:
            continue
        first = deck.main[0]
        variants.append((deck.model_copy(update={"main": [first.model_copy(update={"count": first.count + 1}),
                                                          *deck.main[1:]]}), day))
        side = [DeckEntry(card=c, count=2, written=c.id, source=Source(file="side", line=i))
                for i, c in enumerate(rng.sample(spare, 3))]
        variants.append((deck.model_copy(update={"sideboard": side}), day))
        variants.append((deck.model_copy(update={"battlefields": deck.battlefields[:2]}), day))
    return [variants[i % len(variants)] for i in range(BATCH)]


def main() -> None:
    from deckcheck.cards import load_cards
    from deckcheck.rules import check_deck

    db = load_cards()
    batch = _decks(db)
    for deck, day in batch[:200]:  # warm the per-format and per-date caches (start-up)
        check_deck(deck, "standard", day, db)
    best = 0.0
    illegal = 0
    for _ in range(3):
        start = time.perf_counter()
        illegal = 0
        for deck, day in batch:
            if not check_deck(deck, "standard", day, db).legal:
                illegal += 1
        best = max(best, len(batch) / (time.perf_counter() - start))
    print(f"check_deck: {best:,.0f} decks/s on one core (best of 3 runs of {len(batch):,} resolved decks; "
          f"{illegal:,} illegal)")
    t0 = time.perf_counter()
    import yaml  # noqa: F401  - what loading the formats adds to start-up
    from deckcheck.rules.formats import load_format

    load_format.cache_clear()
    for name in ("standard", "standard-bo1", "casual", "2v2"):
        load_format(name)
    print(f"loading the 4 format files: {(time.perf_counter() - t0) * 1000:.1f} ms (PyYAML already imported)")


if __name__ == "__main__":
    sys.exit(main())
