"""Random mutations of registration exports (the sample CSV, and a workbook made from it) read by
:func:`deckcheck.decks.registrations.read_export` for a fixed time, and every delimited one that reads
written back by the corrected-export writer. A failure is any exception other than a
``DeckcheckError``, or a written export that breaks the writer's promise:

- every export written back (some deck cells replaced by random text: codes, pasted lists with any
  line breaks, quotes, delimiters, characters its encoding may lack) reads back with the same rows
  and players, the replaced cells holding the new decks and every other cell what it held;
- one export in ``--fix-every`` goes through ``fix`` itself: its corrected export is read back and
  fixed again, and every row ``fix`` said it fixed (or found legal) is legal now, none lost.

The first few failures are saved, with their traceback, to a temporary folder.

    .venv/bin/python bench/fuzz_exports.py                  # 60 s, a new seed (printed)
    .venv/bin/python bench/fuzz_exports.py --seconds 300 --seed 7
"""

from __future__ import annotations

import argparse
import csv
import io
import random
import re
import sys
import tempfile
import time
import traceback
import zipfile
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from robustness.xlsx_parts import sheet_xml, workbook  # noqa: E402

from deckcheck.decks.registrations import read_export  # noqa: E402
from deckcheck.decks.registrations_writer import write_export  # noqa: E402
from deckcheck.errors import DeckcheckError  # noqa: E402

SNIPPETS = [b'"', b",", b";", b"\t", b"\r", b"\n", b"\x00", b"\xff\xfe", b"\xef\xbb\xbf", b"\xe9", b"\xc3\xa9",
            b"<x>", b"</x>", b"<!DOCTYPE a>", b'<c r="ZZZZZZ9" t="s"><v>9</v></c>', b"<v>nan</v>", b"&amp;",
            b'<row r="0">', b"<f>1+1</f>", b"<si/>", b'<c t="d"><v>2026-11-20T10:00:00</v></c>']
#: Deck texts the writer is asked to put in a cell.
DECKS = ["CUAQIBQBAIAAAAAHACTACAYEAE", "Legend: Jinx, Loose Cannon\n3 Cleave\n", "1 A\r\n2 B\r\n", '3 "Quoted", deck',
         "2 Zoë’s; card\t|x", "马叉虫 2张", "=HYPERLINK(\"x\")\n", "", "a\rb\rc"]
#: The sample export re-encoded, as spreadsheets save it (name ending, encoding, BOM, delimiter).
ENCODINGS = [("csv", "utf-8", b"", ","), ("csv", "utf-8", b"\xef\xbb\xbf", ";"), ("csv", "cp1252", b"", ","),
             ("tsv", "utf-16-le", b"\xff\xfe", "\t"), ("txt", "utf-16-be", b"\xfe\xff", "\t")]


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


def seeds(rows: list[list[str]]) -> list[tuple[str, bytes]]:
    """The sample export written in each encoding, BOM and delimiter of :data:`ENCODINGS` (ending, bytes)."""
    out = []
    for ending, encoding, bom, delimiter in ENCODINGS:
        buffer = io.StringIO(newline="")
        csv.writer(buffer, delimiter=delimiter, lineterminator=random.Random(ending).choice(["\r\n", "\n"])).writerows(
            [[cell.replace("’", "'") if encoding == "cp1252" else cell for cell in row] for row in rows])
        text = buffer.getvalue()
        if encoding == "cp1252":
            text = text.encode("cp1252", errors="replace").decode("cp1252")
        out.append((ending, bom + text.encode(encoding)))
    return out


def _lines(text: str | None) -> str:
    return re.sub(r"\r\n|\r", "\n", text or "").rstrip("\n")


def check_written(path: Path, rng: random.Random) -> str:
    """Write the export back with random decks in some rows; the written file must read back as promised."""
    export = read_export(str(path))
    regs = export.registrations
    chosen = {r.row: rng.choice(DECKS) for r in rng.sample(regs, k=min(len(regs), rng.randint(1, 4)))}
    try:
        data = write_export(export, chosen)
    except DeckcheckError:
        return "writer refused"
    written = path.with_name("written" + path.suffix)
    written.write_bytes(data)
    again = read_export(str(written))
    assert [(r.row, r.player) for r in again.registrations if r.row not in chosen] == [
        (r.row, r.player) for r in regs if r.row not in chosen], "a row or player changed"
    for before, after in zip(regs, again.registrations):
        if before.row in chosen:
            assert _lines(after.text) == _lines(chosen[before.row]), f"row {before.row}: the new deck reads otherwise"
        else:
            assert after.text == before.text and after.row == before.row, f"row {before.row} changed"
    return "written back"


def check_fixed(path: Path, ctx) -> str:
    """``fix`` on the export: its corrected export re-read and re-fixed; its claims must hold."""
    from deckcheck.repair.batch import corrected_export, fix_export
    from deckcheck.repair.model import ALREADY_LEGAL, FIXED

    try:
        export, results = fix_export(str(path), ctx, write_back=True)
        data = corrected_export(export, results)
    except DeckcheckError:
        return "fix refused"
    written = path.with_name("corrected" + path.suffix)
    written.write_bytes(data)
    _, again = fix_export(str(written), ctx)
    assert [(r.row, r.player) for r in again] == [(r.row, r.player) for r in results], "fix lost or moved a row"
    for before, after in zip(results, again):
        if before.fix is not None and before.fix.status in (FIXED, ALREADY_LEGAL):
            assert after.fix is not None and after.fix.status == ALREADY_LEGAL, f"{before.source}: not legal after fix"
    return "fixed and re-checked"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--fix-every", type=int, default=25, help="run fix itself on one export in N")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    sample = (REPO / "sample_decks" / "registrations" / "registrations.csv").read_bytes()
    rows = list(csv.reader(io.StringIO(sample.decode("utf-8"), newline="")))
    folder = Path(tempfile.mkdtemp(prefix="deckcheck-fuzz-exports-"))
    book = workbook(folder / "seed.xlsx", [("Form", "worksheet", sheet_xml(rows[:8]))],
                    shared='<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                           '<si><t>x</t></si></sst>').read_bytes()
    texts = [("csv", sample)] + seeds(rows)
    from deckcheck.cards import load_cards
    from deckcheck.repair.context import FixContext
    from deckcheck.rules.engine import parse_as_of

    ctx = FixContext(load_cards(), "standard", parse_as_of("2026-12-05"))
    ends: Counter[str] = Counter()
    tried = failed = 0
    slowest = (0.0, "")
    end = time.perf_counter() + args.seconds
    while time.perf_counter() < end:
        kind, data = ("xlsx", mutate_xlsx(book, rng)) if rng.random() < 0.3 else rng.choice(texts)
        if kind != "xlsx":
            data = mutate(data, rng) if rng.random() < 0.9 else data
        path = folder / f"input.{kind}"
        path.write_bytes(data)
        start = time.perf_counter()
        try:
            read_export(str(path))
            ends["read"] += 1
            if kind != "xlsx":
                ends[check_written(path, rng)] += 1
                if tried % args.fix_every == 0:
                    ends[check_fixed(path, ctx)] += 1
        except DeckcheckError:
            ends["refused"] += 1
        except Exception:
            failed += 1
            if failed <= 5:
                (folder / f"failure-{failed}.{kind}").write_bytes(data)
                (folder / f"failure-{failed}.txt").write_text(traceback.format_exc())
        took = time.perf_counter() - start
        if took > slowest[0]:
            slowest = (took, kind)
        tried += 1
    said = ", ".join(f"{n:,} {what}" for what, n in ends.most_common())
    print(f"seed {seed}: {tried:,} exports in {args.seconds:g} s ({tried / args.seconds:,.0f}/s): {said}; "
          f"{failed} failures; slowest {slowest[0] * 1000:.0f} ms ({slowest[1]})")
    if failed:
        print(f"failures saved in {folder}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
