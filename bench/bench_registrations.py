"""Registration exports: one 2,000-row CSV (the 33 rows of sample_decks/registrations/ repeated),
read and checked in-process, one core. Prints rows/s for reading the export alone, for reading,
resolving and checking every row, and the peak memory of the process."""

from __future__ import annotations

import resource
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from deckcheck.cards import load_cards  # noqa: E402
from deckcheck.decks.registrations import read_export  # noqa: E402
from deckcheck.decks.resolve import resolve_deck  # noqa: E402
from deckcheck.errors import DeckcheckError  # noqa: E402
from deckcheck.rules import check_deck  # noqa: E402

ROWS = 2000


def main() -> None:
    sample = (REPO / "sample_decks" / "registrations" / "registrations.csv").read_bytes().decode("utf-8")
    header, body = sample.split("\r\n", 1)
    records = body  # multi-line cells: repeat whole records, not lines
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.csv"
        copies = -(-ROWS // 33)
        path.write_bytes((header + "\r\n" + records * copies).encode("utf-8"))
        size = path.stat().st_size
        db = load_cards()
        start = time.perf_counter()
        export = read_export(str(path))
        read_s = time.perf_counter() - start
        rows = len(export.registrations)
        start = time.perf_counter()
        checked = unreadable = 0
        for reg in export.registrations:
            try:
                check_deck(resolve_deck(reg.read(), db), "standard", "2026-11-30", cards=db)
                checked += 1
            except DeckcheckError:
                unreadable += 1
        check_s = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"export: {rows:,} registrations ({size / 1e6:.1f} MB)")
    print(f"read the export: {rows / read_s:,.0f} rows/s ({read_s * 1000:.0f} ms)")
    print(f"read + resolve + check every row: {rows / (read_s + check_s):,.0f} rows/s "
          f"({checked:,} checked, {unreadable:,} unreadable, {read_s + check_s:.2f} s)")
    print(f"peak memory: {peak:.0f} MiB")


if __name__ == "__main__":
    main()
