"""Hostile inputs at full size: each file is built in a temporary folder, then ``deckcheck`` runs on
it in a process of its own. Prints, per case, the wall time, the peak memory (max RSS) of that
process, the exit code and the first line deckcheck printed on stderr (or the export's first
unreadable input): the figures behind docs/robustness.md's promise of seconds and < 300 MB.

    .venv/bin/python bench/bench_hostile.py            # every case
    .venv/bin/python bench/bench_hostile.py xlsx csv   # the cases whose name holds a word
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from robustness.xlsx_parts import MAIN, sheet_xml, workbook  # noqa: E402

CODE = (REPO / "sample_decks" / "legal-kennen-chaos-order.code").read_text().strip()
HEADER = [["Player", "Deck"], ["Ana", CODE]]


def _zip_member(path: Path, sheet: bytes) -> Path:
    """A workbook whose one worksheet is ``sheet`` (streamed in, compressed)."""
    workbook(path, [("S", "worksheet", "<worksheet/>")])
    with zipfile.ZipFile(path) as old:
        parts = {n: old.read(n) for n in old.namelist() if not n.endswith("sheet1.xml")}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as new:
        for name, data in parts.items():
            new.writestr(name, data)
        new.writestr("xl/worksheets/sheet1.xml", sheet)
    return path


def cases(folder: Path):
    """(name, command arguments, how to build the input) for each hostile input."""
    def deep_sheet():
        depth = 15_000_000
        return _zip_member(folder / "deep.xlsx", f'<worksheet xmlns="{MAIN}">'.encode() + b"<x>" * depth
                           + b"</x>" * depth + b"</worksheet>")

    def deep_strings():
        depth = 1_000_000
        return workbook(folder / "deep-sst.xlsx", [("S", "worksheet", sheet_xml(HEADER))],
                        shared=f'<sst xmlns="{MAIN}"><si>' + "<x>" * depth + "</x>" * depth + "</si></sst>")

    def flat():
        return _zip_member(folder / "flat.xlsx", f'<worksheet xmlns="{MAIN}">'.encode() + b"<x/>" * 30_000_000
                           + b"</worksheet>")

    def dimension():
        return workbook(folder / "dimension.xlsx", [("S", "worksheet", sheet_xml(HEADER, dimension="A1:XFD100001"))])

    def many_strings():
        return workbook(folder / "strings.xlsx", [("S", "worksheet", sheet_xml(HEADER))],
                        shared=f'<sst xmlns="{MAIN}">' + "<si/>" * 12_000_000 + "</sst>")

    def cells_limit():
        rows = [f'<row r="{r}">' + "".join(f'<c r="{chr(65 + c)}{r}"><v>{r}</v></c>' for c in range(20)) + "</row>"
                for r in range(1, 25_001)]
        return _zip_member(folder / "cells.xlsx", f'<worksheet xmlns="{MAIN}"><sheetData>{"".join(rows)}'
                           "</sheetData></worksheet>".encode())

    def huge_header():
        path = folder / "header.csv"
        path.write_text(";".join(f"c{i}" for i in range(40_000)) + f"\nAna;{CODE}\n", encoding="utf-8")
        return path

    def cr_only():
        path = folder / "cr.csv"
        path.write_text("Player,Deck\r" + "".join(f"P{i},{CODE}\r" for i in range(60_000)), encoding="utf-8")
        return path

    def big_csv():
        path = folder / "big.csv"
        row = f"Player,{CODE}\n".encode()
        path.write_bytes(b"Player,Deck\n" + row * (60 * 1024 * 1024 // len(row)))
        return path

    def limit_csv():
        path = folder / "limit.csv"
        path.write_text("Player,Deck\n" + "".join(f"P{i},{CODE}\n" for i in range(80_000)), encoding="utf-8")
        return path

    def quotes():
        path = folder / "quotes.csv"
        path.write_text("Player,Deck\n" + "".join(f'"P{i},{CODE}\n' for i in range(5_000)), encoding="utf-8")
        return path

    def separators():
        path = folder / "commas.csv"
        path.write_text("Player,Deck\n" + ",a" * 8_000_000 + "\n", encoding="utf-8")
        return path

    def fifo():
        path = folder / "fifo.csv"
        os.mkfifo(path)
        return path

    def dev_zero():
        path = folder / "zero.csv"
        path.symlink_to("/dev/zero")
        return path

    def dump(number):
        def build():
            path = folder / f"dump-{len(number)}.json"
            path.write_text(json.dumps([{"id": f"NXS-{number}", "set": "NXS", "number": number, "name": "Nexus",
                                         "type": "Unit", "domains": ["Fury"], "energy": 2, "might": 2}]),
                            encoding="utf-8")
            return path
        return build

    check = ["check", "--as-of", "2026-10-20", "-o", "json", "--jobs", "1"]
    yield "xlsx: 15M nested elements in the worksheet", check, deep_sheet
    yield "xlsx: 1M nested elements in sharedStrings.xml", check, deep_strings
    yield "xlsx: 30M empty elements side by side", check, flat
    yield "xlsx: <dimension> claims A1:XFD100001", check, dimension
    yield "xlsx: 12M shared strings", check, many_strings
    yield "xlsx: 500,000 numbers (the cells limit), read only", ["read"], cells_limit
    yield "csv: a 40,000-column header line", check, huge_header
    yield "csv: 60,000 rows ended by CR only, read only", ["read"], cr_only
    yield "csv: 60 MB", check, big_csv
    yield "csv: 80,000 deck codes (the size limit), read only", ["read"], limit_csv
    yield "csv: 5,000 unbalanced quotes", check, quotes
    yield "csv: 8M separators on one line", check, separators
    yield "csv: a FIFO without a writer", check, fifo
    yield "csv: a link to /dev/zero", check, dev_zero
    yield 'cards update: "number": "999999999"', ["cards", "update"], dump("999999999")
    yield 'cards update: "number": "²"', ["cards", "update"], dump("²")


READ = ("import sys; from deckcheck.decks.registrations import read_export; from deckcheck.errors import "
        "DeckcheckError\ntry: e = read_export(sys.argv[1])\nexcept DeckcheckError as x: sys.exit(print(x, file=sys.stderr) "
        "or 2)\nprint(len(e.registrations), 'registrations read', file=sys.stderr)")


def measure(args: list[str], path: Path, env: dict) -> tuple[float, float, int, str]:
    command = ([sys.executable, "-c", READ, str(path)] if args == ["read"]
               else [sys.executable, "-m", "deckcheck", *args, str(path)])
    start = time.perf_counter()
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=REPO)
    out, err = proc.communicate(timeout=600)
    seconds = time.perf_counter() - start
    peak_mb = _peak_of_last_child()
    said = err.decode(errors="replace").strip().splitlines()
    if not said and out:
        try:
            unreadable = json.loads(out).get("unreadable") or []
            said = [f"{u['source']}: {u['error']}" for u in unreadable[:1]]
        except ValueError:
            said = out.decode(errors="replace").splitlines()[:1]
    return seconds, peak_mb, proc.returncode, (said[0] if said else "")


def _peak_of_last_child() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # KiB -> MiB (Linux)


def main() -> None:
    words = sys.argv[1:]
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "DECKCHECK_DATA_DIR": os.path.join(folder, "data"),
               "DECKCHECK_CACHE_DIR": os.path.join(folder, "cache"), "NO_COLOR": "1"}
        print(f"{'case':<52} {'seconds':>7} {'peak MB':>7} {'exit':>4}  first line")
        for name, args, build in cases(Path(folder)):
            if words and not any(w in name for w in words):
                continue
            path = build()
            size = path.stat().st_size if path.is_file() and not path.is_symlink() else 0
            # each case in a fresh interpreter that itself runs the command, so that the
            # children's peak is that command's alone
            probe = [sys.executable, __file__, "--one", json.dumps(args), str(path)]
            done = subprocess.run(probe, capture_output=True, env=env, timeout=900)
            seconds, peak, code, said = json.loads(done.stdout or b'[0, 0, -1, ""]')
            label = f"{name} ({size / 1e6:.1f} MB)" if size else name
            said = said.replace(folder + os.sep, "")
            print(f"{label:<52} {seconds:7.2f} {peak:7.0f} {code:>4}  {said[:110]}")
            if path.is_file() and not path.is_symlink():
                path.unlink()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--one"]:
        print(json.dumps(measure(json.loads(sys.argv[2]), Path(sys.argv[3]), dict(os.environ))))
    else:
        main()
