"""How many decks per second ``check_deck`` checks on one core (start-up and resolving excluded).

Batches of 10,000 resolved decks made from the 32 real decklists of tests/data/realdecks.json,
checked in standard on each list's date (and, last, on today's): the lists as found (some carry banned or Radiance
cards), the lists plus variants that break rules (an extra copy, a sideboard with banned and
off-identity cards, a missing battlefield), and the legal lists only. Start-up (loading cards
and formats) and resolving are excluded. Run: ``python bench/bench_check.py``.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BATCH = 10_000


def _decks(db):
    from deckcheck.decks.model import DeckEntry, RawDeck, RawEntry
    from deckcheck.decks.resolve import resolve_deck

    data = json.loads((ROOT / "tests" / "data" / "realdecks.json").read_text())["decks"]
    base = []
    for d in data:
        entries = [RawEntry(text=k, count=v, file=d["slug"], line=i + 1)
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
        variants.append((replace(deck, main=[replace(first, count=first.count + 1),
                                                          *deck.main[1:]]), day))
        side = [DeckEntry(card=c, count=2, written=c.id, file="side", line=i)
                for i, c in enumerate(rng.sample(spare, 3))]
        variants.append((replace(deck, sideboard=side), day))
        variants.append((replace(deck, battlefields=deck.battlefields[:2]), day))
    return [variants[i % len(variants)] for i in range(BATCH)]


def _rate(batch, check_deck, db, runs: int = 5) -> tuple[float, float, int]:
    """Best decks/s over ``runs`` passes, by wall clock and by this process's CPU time."""
    best_wall = best_cpu = 0.0
    illegal = 0
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        illegal = sum(1 for deck, day in batch if not check_deck(deck, "standard", day, db).legal)
        best_wall = max(best_wall, len(batch) / (time.perf_counter() - wall))
        best_cpu = max(best_cpu, len(batch) / max(time.process_time() - cpu, 1e-9))
    return best_wall, best_cpu, illegal


#: In-process rule checks per second (issue 14), on the measure it quoted: legal decks naming their champion.
TARGET = 100_000

def main() -> None:
    from deckcheck.cards import load_cards
    from deckcheck.rules import check_deck

    db = load_cards()
    mixed = _decks(db)
    as_found = [mixed[i] for i in range(0, len(mixed), 4)]  # the unchanged real lists
    as_found = [as_found[i % len(as_found)] for i in range(BATCH)]
    for deck, day in mixed[:200]:  # start-up: the checker of each date
        check_deck(deck, "standard", day, db)
    check_deck(mixed[0][0], "standard", None, db)
    legal = [(d, day) for d, day in as_found[:64] if check_deck(d, "standard", day, db).legal]
    legal = [legal[i % len(legal)] for i in range(BATCH)]
    named = _champion_named(legal[:64], db)
    named = [named[i % len(named)] for i in range(BATCH)]
    print(f"check_deck on one core, {BATCH:,} resolved decks per batch, best of 5 (decks/s, wall clock / CPU time; "
          f"target >= {TARGET:,}/s on the measure issue 14 quoted at ~70,000/s: legal decks naming their champion):")
    for label, batch in (("real decks as found on their dates", as_found),
                         ("real decks plus broken variants", mixed),
                         ("legal real decks only", legal),
                         ("legal, Chosen Champion named", named),
                         ("the same, no date (today)", [(d, None) for d, _ in named])):
        wall, cpu, illegal = _rate(batch, check_deck, db)
        verdict = f"   target >= {TARGET:,}/s: {'met' if cpu >= TARGET else 'NOT met'}"  # every batch (issue 14)
        print(f"  {label:<36} {wall:>9,.0f} / {cpu:>9,.0f}   ({illegal:,} illegal){verdict}")
    print(_startup())
    print("load average (1, 5, 15 min): " + ", ".join(f"{x:.2f}" for x in os.getloadavg())
          + f" on {os.cpu_count()} cores (figures drop when the machine is busy)")
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of this process (interpreter, card database, the decks, one batch of reports): {peak:.0f} MiB"
          f"   (bench_folder.py: the whole command over 1,000 decks, target < 60 MiB)")


def _champion_named(decks, db):
    """The decks as a Piltover export gives them: the Chosen Champion named, so no note is due."""
    from deckcheck.decks.model import RawDeck, RawEntry
    from deckcheck.decks.resolve import resolve_deck

    out = []
    for deck, day in decks:
        if deck.champion is None:  # several candidates: such a list must name it anyway
            continue
        entries = [RawEntry(text=e.card.id, count=e.count, file=e.file, line=e.line)
                   for zone in (deck.main, deck.battlefields, deck.runes) for e in zone]
        entries.insert(0, RawEntry(text=deck.legend.card.id, count=1, file=deck.source, line=1))
        raw = RawDeck(name=deck.name, source=deck.source, reader="text", entries=entries)
        out.append((resolve_deck(raw, db, champion=deck.champion.card.name), day))
    return out


def _startup() -> str:
    """What the rule engine adds to a fresh process: the format (from the cache, no YAML), the first check."""
    import subprocess

    code = (
        "import time, sys\n"
        "from deckcheck.cards import load_cards\n"
        "db = load_cards()\n"
        "t0 = time.perf_counter(); t1 = t0\n"
        "from deckcheck.rules import check_deck, load_format\n"
        "load_format('standard'); t2 = time.perf_counter()\n"
        "from deckcheck.decks.model import Deck\n"
        "check_deck(Deck(), 'standard', '2026-10-05', db); t3 = time.perf_counter()\n"
        "print(f'{(t1-t0)*1e3:.1f} {(t2-t1)*1e3:.1f} {(t3-t2)*1e3:.1f}')\n"
    )
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
            for _ in range(3)]
    yaml_ms, fmt_ms, first_ms = (min(float(r[i]) for r in runs) for i in range(3))
    return (f"start-up (fresh process, best of 3): load standard.yaml (cached as checked JSON; PyYAML not imported) "
            f"{fmt_ms:.1f} ms, first check (rules, card facts, legality for the date) {first_ms:.1f} ms")

if __name__ == "__main__":
    sys.exit(main())
