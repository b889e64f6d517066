"""Random mutations of registration exports (the sample CSV, and a workbook made from it) read by
:func:`deckcheck.decks.registrations.read_export` for a fixed time. A failure is any exception other
than a ``DeckcheckError``; the first few are saved, with their traceback, to a temporary folder.

    .venv/bin/python bench/fuzz_exports.py                  # 60 s, a new seed (printed)
    .venv/bin/python bench/fuzz_exports.py --seconds 300 --seed 7
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import tempfile
import time
import traceback
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from robustness.xlsx_parts import sheet_xml, workbook  # noqa: E402

from deckcheck.decks.registrations import read_export  # noqa: E402
from deckcheck.errors import DeckcheckError  # noqa: E402

SNIPPETS = [b'"', b",", b";", b"\t", b"\r", b"\n", b"\x00", b"\xff\xfe", b"\xef\xbb\xbf", b"\xe9", b"\xc3\xa9",
            b"<x>", b"</x>", b"<!DOCTYPE a>", b'<c r="ZZZZZZ9" t="s"><v>9</v></c>', b"<v>nan</v>", b"&amp;",
            b'<row r="0">', b"<f>1+1</f>", b"<si/>"]


def mutate(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        at = rng.randrange(len(out) + 1)
        choice = rng.random()
        if choice < 0.4:
            out[at:at] = rng.choice(SNIPPETS)
        elif choice < 0.7 and out:
            del out[at:at + rng.randint(1, 40)]
        elif out:
            out[min(at, len(out) - 1)] = rng.randrange(256)
    return bytes(out)


def mutate_xlsx(book: bytes, rng: random.Random) -> bytes:
    """One part of the workbook mutated (or a part dropped), the archive rewritten."""
    with zipfile.ZipFile(io.BytesIO(book)) as old:
        parts = {n: old.read(n) for n in old.namelist()}
    name = rng.choice(sorted(parts))
    if rng.random() < 0.1:
        del parts[name]
    else:
        parts[name] = mutate(parts[name], rng)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as new:
        for part, data in parts.items():
            new.writestr(part, data)
    return buffer.getvalue()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    csv_seed = (REPO / "sample_decks" / "registrations" / "registrations.csv").read_bytes()
    folder = Path(tempfile.mkdtemp(prefix="deckcheck-fuzz-exports-"))
    import csv

    rows = list(csv.reader(io.StringIO(csv_seed.decode("utf-8"), newline="")))[:8]
    book_path = workbook(folder / "seed.xlsx", [("Form", "worksheet", sheet_xml(rows))],
                         shared='<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                                '<si><t>x</t></si></sst>')
    book = book_path.read_bytes()
    tried = refused = failed = 0
    slowest = (0.0, "")
    end = time.perf_counter() + args.seconds
    while time.perf_counter() < end:
        kind = rng.choice(("csv", "tsv", "xlsx"))
        data = mutate_xlsx(book, rng) if kind == "xlsx" else mutate(csv_seed, rng)
        path = folder / f"input.{kind}"
        path.write_bytes(data)
        start = time.perf_counter()
        try:
            read_export(str(path))
        except DeckcheckError:
            refused += 1
        except Exception:
            failed += 1
            if failed <= 5:
                (folder / f"failure-{failed}.{kind}").write_bytes(data)
                (folder / f"failure-{failed}.txt").write_text(traceback.format_exc())
        took = time.perf_counter() - start
        if took > slowest[0]:
            slowest = (took, kind)
        tried += 1
    print(f"seed {seed}: {tried:,} exports in {args.seconds:g} s ({tried / args.seconds:,.0f}/s), "
          f"{refused:,} refused, {failed} failures; slowest {slowest[0] * 1000:.0f} ms ({slowest[1]})")
    if failed:
        print(f"failures saved in {folder}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
