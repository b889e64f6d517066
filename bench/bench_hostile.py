"""Hostile inputs at full size: each file is built in a temporary folder, then ``deckcheck`` runs on
it in a process of its own. Prints, per case, the wall time, the peak memory (max RSS) of that
process, the exit code and the first line deckcheck printed on stderr (or the export's first
unreadable input): the figures behind docs/robustness.md's promise of seconds and < 300 MB.

    .venv/bin/python bench/bench_hostile.py            # every case
    .venv/bin/python bench/bench_hostile.py xlsx csv   # the cases whose name holds a word
    .venv/bin/python bench/bench_hostile.py --calamine # each workbook read by deckcheck, then by
                                                       # python-calamine (pip install python-calamine)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
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


def deep_sheet(folder: Path) -> Path:
    depth = 15_000_000
    return _zip_member(folder / "deep.xlsx", f'<worksheet xmlns="{MAIN}">'.encode() + b"<x>" * depth
                       + b"</x>" * depth + b"</worksheet>")


def deep_strings(folder: Path) -> Path:
    depth = 1_000_000
    return workbook(folder / "deep-sst.xlsx", [("S", "worksheet", sheet_xml(HEADER))],
                    shared=f'<sst xmlns="{MAIN}"><si>' + "<x>" * depth + "</x>" * depth + "</si></sst>")


def flat(folder: Path) -> Path:
    return _zip_member(folder / "flat.xlsx", f'<worksheet xmlns="{MAIN}">'.encode() + b"<x/>" * 30_000_000
                       + b"</worksheet>")


def dimension(folder: Path) -> Path:
    return workbook(folder / "dimension.xlsx", [("S", "worksheet", sheet_xml(HEADER, dimension="A1:XFD100001"))])


def far_corners(folder: Path) -> Path:
    """Two cells, A1 and XFD1048576: a reader that keeps a sheet as a dense grid allocates 17 billion cells."""
    return _zip_member(folder / "corners.xlsx", (
        f'<worksheet xmlns="{MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Player</t></is></c></row>'
        '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData></worksheet>').encode())


def many_strings(folder: Path) -> Path:
    return workbook(folder / "strings.xlsx", [("S", "worksheet", sheet_xml(HEADER))],
                    shared=f'<sst xmlns="{MAIN}">' + "<si/>" * 12_000_000 + "</sst>")


def long_string(folder: Path) -> Path:
    """One shared string of 120M characters (inside the 128 MiB a workbook may unpack to)."""
    return workbook(folder / "long-string.xlsx", [("S", "worksheet", sheet_xml(HEADER))],
                    shared=f'<sst xmlns="{MAIN}"><si><t>' + "a" * 120_000_000 + "</t></si></sst>")


def cells_limit(folder: Path) -> Path:
    rows = [f'<row r="{r}">' + "".join(f'<c r="{chr(65 + c)}{r}"><v>{r}</v></c>' for c in range(20)) + "</row>"
            for r in range(1, 25_001)]
    return _zip_member(folder / "cells.xlsx", f'<worksheet xmlns="{MAIN}"><sheetData>{"".join(rows)}'
                       "</sheetData></worksheet>".encode())


def _text_file(name: str, text: Callable[[], str]):
    """A builder of the file ``name`` holding ``text()`` (made only when the case runs)."""
    def build(folder: Path) -> Path:
        path = folder / name
        path.write_text(text(), encoding="utf-8")
        return path
    return build


def big_csv(folder: Path) -> Path:
    path = folder / "big.csv"
    row = f"Player,{CODE}\n".encode()
    path.write_bytes(b"Player,Deck\n" + row * (60 * 1024 * 1024 // len(row)))
    return path


def fifo(folder: Path) -> Path:
    path = folder / "fifo.csv"
    os.mkfifo(path)
    return path


def dev_zero(folder: Path) -> Path:
    path = folder / "zero.csv"
    path.symlink_to("/dev/zero")
    return path


def dump(number: str):
    def build(folder: Path) -> Path:
        path = folder / f"dump-{len(number)}.json"
        path.write_text(json.dumps([{"id": f"NXS-{number}", "set": "NXS", "number": number, "name": "Nexus",
                                     "type": "Unit", "domains": ["Fury"], "energy": 2, "might": 2}]), encoding="utf-8")
        return path
    return build


CHECK = ["check", "--as-of", "2026-10-20", "-o", "json", "--jobs", "1"]
#: (name, command arguments or ["read"] for reading the export only, how to build the input)
CASES = [
    ("xlsx: 15M nested elements in the worksheet", CHECK, deep_sheet),
    ("xlsx: 1M nested elements in sharedStrings.xml", CHECK, deep_strings),
    ("xlsx: 30M empty elements side by side", CHECK, flat),
    ("xlsx: <dimension> claims A1:XFD100001", CHECK, dimension),
    ("xlsx: two cells, A1 and XFD1048576", CHECK, far_corners),
    ("xlsx: 12M shared strings", CHECK, many_strings),
    ("xlsx: one shared string of 120M characters", CHECK, long_string),
    ("xlsx: 500,000 numbers (the cells limit), read only", ["read"], cells_limit),
    ("csv: a 40,000-column header line", CHECK,
     _text_file("header.csv", lambda: ";".join(f"c{i}" for i in range(40_000)) + f"\nAna;{CODE}\n")),
    ("csv: 60,000 rows ended by CR only, read only", ["read"],
     _text_file("cr.csv", lambda: "Player,Deck\r" + "".join(f"P{i},{CODE}\r" for i in range(60_000)))),
    ("csv: 60 MB", CHECK, big_csv),
    ("csv: 80,000 deck codes (the size limit), read only", ["read"],
     _text_file("limit.csv", lambda: "Player,Deck\n" + "".join(f"P{i},{CODE}\n" for i in range(80_000)))),
    ("csv: 5,000 unbalanced quotes", CHECK,
     _text_file("quotes.csv", lambda: "Player,Deck\n" + "".join(f'"P{i},{CODE}\n' for i in range(5_000)))),
    ("csv: 8M separators on one line", CHECK, _text_file("commas.csv", lambda: "Player,Deck\n" + ",a" * 8_000_000 + "\n")),
    ("csv: a FIFO without a writer", CHECK, fifo),
    ("csv: a link to /dev/zero", CHECK, dev_zero),
    ('cards update: "number": "999999999"', ["cards", "update"], dump("999999999")),
    ('cards update: "number": "²"', ["cards", "update"], dump("²")),
]


READ = ("import sys; from deckcheck.decks.registrations import read_export; from deckcheck.errors import "
        "DeckcheckError\ntry: e = read_export(sys.argv[1])\nexcept DeckcheckError as x: sys.exit(print(x, file=sys.stderr) "
        "or 2)\nprint(len(e.registrations), 'registrations read', file=sys.stderr)")


#: The same workbook read by python-calamine (the Rust calamine), every row of its first sheet, for
#: ``--calamine``: the figures that decided against it (docs/performance.md).
CALAMINE = ("import sys, python_calamine as pc\ntry:\n    book = pc.CalamineWorkbook.from_path(sys.argv[1])\n"
            "    rows = sum(1 for _ in book.get_sheet_by_index(0).iter_rows())\n"
            "    print(rows, 'rows read', file=sys.stderr)\n"
            "except pc.CalamineError as x:\n    sys.exit(print(type(x).__name__, x, file=sys.stderr) or 2)")


def measure(args: list[str], path: Path, env: dict) -> tuple[float, float, int, str]:
    scripts = {"read": READ, "calamine": CALAMINE}
    command = ([sys.executable, "-c", scripts[args[0]], str(path)] if args[0] in scripts
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
    """Each case (those whose name holds a word of the command line), or with ``--calamine`` each
    workbook read by deckcheck's reader and by python-calamine in turn."""
    words = [w for w in sys.argv[1:] if w != "--calamine"]
    calamine = "--calamine" in sys.argv[1:]
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "DECKCHECK_DATA_DIR": os.path.join(folder, "data"),
               "DECKCHECK_CACHE_DIR": os.path.join(folder, "cache"), "NO_COLOR": "1"}
        print(f"{'case':<60} {'seconds':>7} {'peak MB':>7} {'exit':>4}  first line")
        for name, args, build in CASES:
            if (words and not any(w in name for w in words)) or (calamine and not name.startswith("xlsx")):
                continue
            path = build(Path(folder))
            size = path.stat().st_size if path.is_file() and not path.is_symlink() else 0
            label = f"{name} ({size / 1e6:.1f} MB)" if size else name
            for how, run in ([("deckcheck", ["read"]), ("calamine", ["calamine"])] if calamine else [("", args)]):
                seconds, peak, code, said = _probe(run, path, env)
                said = said.replace(folder + os.sep, "")
                print(f"{(label + ', ' + how) if how else label:<60} {seconds:7.2f} {peak:7.0f} {code:>4}  {said[:100]}")
            if path.is_file() and not path.is_symlink():
                path.unlink()


def _probe(args: list[str], path: Path, env: dict) -> tuple[float, float, int, str]:
    """``measure`` in a fresh interpreter, so that the children's peak memory is that command's alone."""
    probe = [sys.executable, __file__, "--one", json.dumps(args), str(path)]
    done = subprocess.run(probe, capture_output=True, env=env, timeout=900)
    return json.loads(done.stdout or b'[0, 0, -1, ""]')


if __name__ == "__main__":
    if sys.argv[1:2] == ["--one"]:
        print(json.dumps(measure(json.loads(sys.argv[2]), Path(sys.argv[3]), dict(os.environ))))
    else:
        main()
