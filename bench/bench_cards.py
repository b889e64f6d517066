"""Print the time to load the card database and the rate of mixed lookups.

Targets (issue 2): load under 50 ms; over 100,000 lookups per second on one core.
Run: .venv/bin/python bench/bench_cards.py
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time


def load_times(runs: int = 15) -> list[float]:
    """Load the bundle in fresh interpreters (import of the package excluded)."""
    code = (
        "import time; import deckcheck.cards.bundle as b; t=time.perf_counter(); "
        "b.load_bundle(); print(time.perf_counter()-t)"
    )
    return [float(subprocess.check_output([sys.executable, "-c", code])) for _ in range(runs)]


def mixed_queries(db, n: int, seed: int = 7) -> list[str]:
    """Ids in many forms, names in many spellings, misses and ambiguous names."""
    rng = random.Random(seed)
    cards = list(db)
    forms = []
    for _ in range(n):
        card = rng.choice(cards)
        kind = rng.randrange(8)
        if kind == 0:
            forms.append(card.id)
        elif kind == 1:
            forms.append(card.id.lower())
        elif kind == 2:
            forms.append(f"[{card.set}] {card.number}/298")
        elif kind == 3:
            forms.append(card.id + "-1")
        elif kind == 4:
            forms.append(card.name)
        elif kind == 5:
            forms.append(card.name.replace(", ", " - ").upper())
        elif kind == 6:
            forms.append(card.short_name)  # often ambiguous
        else:
            forms.append(card.name[:-1] + "x")  # a typo: a miss with suggestions
    return forms


def main() -> None:
    from deckcheck.cards import load_cards

    times = load_times()
    print(f"load card database: median {statistics.median(times) * 1000:.1f} ms, "
          f"best {min(times) * 1000:.1f} ms over {len(times)} fresh processes (target < 50 ms)")
    db = load_cards()
    db.suggest("warm up the trigram index")
    queries = list(dict.fromkeys(mixed_queries(db, 30_000)))[:10_000]  # 10,000 distinct texts
    hits = [q for q in queries if not q.endswith("x")]
    typos = len(queries) - len(hits)
    print(f"10,000 distinct mixed lookups ({typos:,} typos answered with suggestions), cold: "
          f"{cold_rate(db, queries):,.0f}/s")
    print(f"{len(hits):,} lookups without typos, cold: {cold_rate(db, hits):,.0f}/s (target > 100,000/s)")
    for q in queries:  # fill the per-text cache
        db.find(q)
    t = time.perf_counter()
    for _ in range(10):
        for q in queries:
            db.find(q)
    warm = (time.perf_counter() - t) / 10
    print(f"10,000 mixed lookups, repeated texts (cached): {len(queries) / warm:,.0f}/s")


def cold_rate(db, queries: list[str]) -> float:
    """Lookups per second with the per-text and name-key caches emptied first."""
    from deckcheck.cards.names import name_key

    db._lookup_cache.clear()
    name_key.cache_clear()
    t = time.perf_counter()
    for q in queries:
        db.find(q)
    return len(queries) / (time.perf_counter() - t)

if __name__ == "__main__":
    main()
