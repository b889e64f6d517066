"""``deckcheck fix``: one deck fixed in-process (target: well under a second), and a 1,000-row
registration export (the 33 rows of sample_decks/registrations/ repeated) fixed row by row
(target: seconds), one core. Prints the figures next to their targets."""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from deckcheck.cards import load_cards  # noqa: E402
from deckcheck.decks.load import load_deck  # noqa: E402
from deckcheck.repair import fix_deck  # noqa: E402
from deckcheck.repair.batch import fix_export  # noqa: E402
from deckcheck.repair.context import FixContext  # noqa: E402

ROWS = 1000
DAY = date(2026, 12, 5)


def one_deck(db) -> None:
    deck = load_deck(str(REPO / "sample_decks" / "illegal-kaisa-too-many-copies.txt"), db)
    first = time.perf_counter()
    fix_deck(deck, format="standard", as_of=DAY, cards=db)
    cold = time.perf_counter() - first
    times = []
    for _ in range(20):
        start = time.process_time()
        fix_deck(deck, format="standard", as_of=DAY, cards=db)
        times.append(time.process_time() - start)
    print(f"one deck fixed in-process: first {cold * 1000:.0f} ms wall (card pools built), then median "
          f"{statistics.median(times) * 1000:.1f} ms CPU (target: well under 1 s)")
    exe = Path(sys.executable).parent / "deckcheck"
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "deckcheck"]
    walls = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([*command, "fix", str(REPO / "sample_decks" / "illegal-kaisa-too-many-copies.txt"),
                        "--as-of", DAY.isoformat()], capture_output=True, check=False)
        walls.append(time.perf_counter() - start)
    print(f"the whole command 'deckcheck fix deck.txt' (start-up and card data included): median "
          f"{statistics.median(walls) * 1000:.0f} ms over 3 runs")


def export(db) -> None:
    sample = (REPO / "sample_decks" / "registrations" / "registrations.csv").read_bytes().decode("utf-8")
    header, body = sample.split("\r\n", 1)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.csv"
        path.write_bytes((header + "\r\n" + body * -(-ROWS // 33)).encode("utf-8"))
        start, cpu = time.perf_counter(), time.process_time()
        _, results = fix_export(str(path), FixContext(db, "standard", DAY))
        spent, cpu = time.perf_counter() - start, time.process_time() - cpu
    changed = sum(1 for r in results if r.fix is not None and r.fix.changes)
    print(f"export of {len(results):,} rows fixed: {spent:.2f} s wall, {cpu:.2f} s CPU, "
          f"{len(results) / spent:,.0f} rows/s ({changed:,} rows changed; target: seconds)")


def main() -> None:
    db = load_cards()
    one_deck(db)
    export(db)


if __name__ == "__main__":
    main()
