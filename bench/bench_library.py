"""The library's own call, as the README writes it: ``check_deck(deck, format=..., as_of=...)``
without ``cards=``, beside the same call given the card database (``cards=db``).

Both run on the sample decks (loaded once), in alternating rounds in one process, so the ratio
is measured under the same load. Issue 37's target: without ``cards=`` at least 0.9x the rate
with it. Run: ``.venv/bin/python bench/bench_library.py [--rounds 7] [--seconds 0.5]``.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import rate  # noqa: E402

TARGET = 0.9


def _decks() -> list:
    from deckcheck import load_cards, load_deck

    db = load_cards()
    return [load_deck(path, db) for path in sorted((ROOT / "sample_decks").glob("*.txt"))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=0.5)
    args = parser.parse_args()

    from deckcheck import check_deck, load_cards

    db = load_cards()
    decks = _decks()
    calls = {
        "check_deck(deck, format=, as_of=)": lambda d: check_deck(d, format="standard", as_of="2026-11-30"),
        "check_deck(deck, format=, as_of=, cards=db)": lambda d: check_deck(d, format="standard",
                                                                            as_of="2026-11-30", cards=db),
    }
    for call in calls.values():  # warm: the checker of the day is built once
        for deck in decks:
            call(deck)
    rates: dict[str, list[float]] = {name: [] for name in calls}
    for _ in range(args.rounds):
        for name, call in calls.items():
            rates[name].append(rate(call, decks, args.seconds)[0])
    print(f"{len(decks)} sample decks, {args.rounds} alternating rounds of {args.seconds:g} s each (decks/s, median)")
    medians = {name: statistics.median(found) for name, found in rates.items()}
    for name, median in medians.items():
        print(f"  {median:>10,.0f}  {name}")
    without, given = medians.values()
    print(f"  ratio without/with cards=: {without / given:.2f} (target >= {TARGET})")


if __name__ == "__main__":
    main()
