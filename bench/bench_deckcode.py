"""Deck-code throughput on one core, and the 32 real decks through code and back.

Run: .venv/bin/python bench/bench_deckcode.py [seconds per measurement, default 2]
Prints figures only (rates use CPU time of this process, the best of 5 runs, so a busy machine skews
them least),
each next to its target: decode >= 150,000 codes/s and encode >= 25,000 codes/s (issue 14: twice
the reference JavaScript codec's 76,000 decodes/s).

Nothing is remembered from one code to the next: the decoder's tables hold every card number of a
printing (set, variant) and are the same whatever codes are read. They are made the first time a
printing is met, so a second decode figure empties them before every code: what the first code of
a process costs.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from deckcheck.cards import load_cards  # noqa: E402
from deckcheck.decks import deckcode  # noqa: E402
from deckcheck.decks.model import RawDeck, RawEntry, Zone  # noqa: E402
from deckcheck.decks.resolve import resolve_deck  # noqa: E402
from timing import rate  # noqa: E402


DECODE_TARGET = 150_000
ENCODE_TARGET = 25_000


RUNS = 5


def cpu_rate(work, items: list, seconds: float) -> float:
    """Items per second of CPU time, the best of :data:`RUNS` runs of ``seconds / RUNS`` each (as
    bench_check.py quotes the rule check): a run slowed by other work on the machine, which CPU
    time alone does not undo (a shared processor's caches, a host lending its cores), does not count."""
    return max(rate(work, items, seconds / RUNS, clock=time.process_time)[0] for _ in range(RUNS))


def decode_cold(code: str) -> deckcode.DeckCode:
    """Decode with the decoder's tables emptied first."""
    deckcode._forget_tables()
    return deckcode.decode(code)


def real_decks(db) -> list:
    data = json.loads((ROOT / "tests" / "data" / "realdecks.json").read_text())["decks"]
    decks = []
    for real in data:
        entries = [RawEntry(text=card, count=n) for card, n in real["cards"].items()]
        decks.append(resolve_deck(RawDeck(name=real["slug"], reader="flat", entries=entries), db))
    return decks


def zones(deck) -> dict:
    keep = (Zone.LEGEND, Zone.MAIN, Zone.BATTLEFIELDS, Zone.RUNES, Zone.SIDEBOARD)
    out = {z: sorted((e.card.id, e.count) for e in deck.zone(z)) for z in keep}
    out["unknown"] = sorted((u.text.upper(), u.count) for u in deck.unknown)
    return out


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    db = load_cards()
    decks = real_decks(db)
    codes = [deckcode.write(d).strip() for d in decks]
    models = [deckcode.decode(c) for c in codes]
    print(f"{len(codes)} real decks, codes of {min(map(len, codes))}-{max(map(len, codes))} characters, "
          f"{sum(sum(n for _, n in m.main) for m in models) / len(models):.0f} cards each; "
          f"rates are CPU time, best of {RUNS} runs")

    decoded = cpu_rate(deckcode.decode, codes, seconds)
    encoded = cpu_rate(deckcode.encode, models, seconds)
    print(f"decode  (code -> DeckCode)      {decoded:>10,.0f} codes/s   target >= {DECODE_TARGET:,}/s: "
          f"{'met' if decoded >= DECODE_TARGET else 'NOT met'}")
    print(f"encode  (DeckCode -> code)      {encoded:>10,.0f} codes/s   target >= {ENCODE_TARGET:,}/s: "
          f"{'met' if encoded >= ENCODE_TARGET else 'NOT met'}")
    print(f"decode, tables made afresh per code {cpu_rate(decode_cold, codes, seconds):>6,.0f} codes/s   (a process's first code)")
    print(f"read    (code -> RawDeck)       {cpu_rate(deckcode.read, codes, seconds):>10,.0f} codes/s")
    print(f"write   (Deck -> code)          {cpu_rate(deckcode.write, decks, seconds):>10,.0f} decks/s")

    start = time.process_time()
    same = exact = 0
    for deck, code in zip(decks, codes):
        again = resolve_deck(deckcode.read(code), db)
        same += zones(again) == zones(deck)
        exact += deckcode.write(again).strip() == code
    elapsed = time.process_time() - start
    print(f"round trip deck -> code -> deck: {same}/{len(decks)} identical decks, "
          f"{exact}/{len(decks)} identical codes, {elapsed / len(decks) * 1000:.2f} ms per deck (with resolve)")


if __name__ == "__main__":
    main()
