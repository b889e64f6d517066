"""The outputs of a large registration export, each command a whole process under ``/usr/bin/time -v``:
the figures behind docs/robustness.md's "every output of the largest export under 400 MB".

The export is built here: a header, then N rows of a player and a deck with four problems (42 Main
Deck cards, 11 runes, a fourth Cleave and a fourth Sharkling: the Jinx list of ``sample_decks``
changed), the deck pasted as a list, or as its deck code with ``--code`` (100,000 pasted lists would
pass the 16 MiB an export may hold). Prints, per command, the wall seconds, the CPU seconds (user
and system), the peak memory (max RSS) in MiB, the exit code, and the size and SHA-256 of what it
wrote (to compare two versions: run it in each checkout).

    .venv/bin/python bench/large_exports.py --rows 20000               # every command
    nice -n 10 .venv/bin/python bench/large_exports.py --rows 100000 --code sheet fix
    nice -n 10 .venv/bin/python bench/large_exports.py --rows 100000 --code check   # every output of check
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_hostile import REPO, _text_file

AS_OF = ["--as-of", "2026-10-20"]
#: (name, deckcheck's arguments before the export, the file written with -O or None for stdout)
CHECK_OUTPUTS = ("text", "concise", "json", "github", "sarif", "junit", "csv", "markdown", "html")
COMMANDS = [
    *((f"check -o {output}", ["check", "-o", output, "--jobs", "1", *AS_OF], None) for output in CHECK_OUTPUTS),
    ("sheet", ["sheet", *AS_OF, "-O", "out/sheets.html"], "sheets.html"),
    ("fix -o text", ["fix", *AS_OF], None),
    ("fix -o json", ["fix", "-o", "json", *AS_OF, "-O", "out/fixes.json"], "fixes.json"),
    ("fix -o csv", ["fix", "-o", "csv", *AS_OF, "-O", "out/fixes.csv"], "fixes.csv"),
    ("fix -O corrected.csv", ["fix", *AS_OF, "-O", "out/corrected.csv"], "corrected.csv"),
]


def four_problems() -> str:
    """The Jinx list of sample_decks with four problems and no sideboard, as text."""
    text = (REPO / "sample_decks" / "legal-jinx-loose-cannon.txt").read_text(encoding="utf-8")
    text = text.split("\nSideboard:")[0] + "\n"
    for old, new in (("2 Cleave", "4 Cleave"), ("3 Sharkling", "4 Sharkling"), ("8 Fury Rune", "7 Fury Rune"),
                     ("2 Gust", "1 Gust")):
        text = re.sub(rf"(?m)^{old}$", new, text)
    return text


def deck_code(text: str) -> str:
    """``text`` as a deck code, written by deckcheck's own converter."""
    done = subprocess.run([sys.executable, "-m", "deckcheck", "convert", "-", "-o", "code"], input=text,
                          capture_output=True, text=True, check=True, cwd=REPO)
    return done.stdout.strip()


def export_text(rows: int, deck: str) -> str:
    """A registration export: a header and ``rows`` rows of a player and ``deck``."""
    lines = [["Player", "Deck"], *([f"Player {i:06d}", deck] for i in range(1, rows + 1))]
    out = _Lines()
    csv.writer(out, lineterminator="\n").writerows(lines)
    return "".join(out.parts)


class _Lines:
    """What csv.writer writes, kept as its pieces."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def write(self, text: str) -> None:
        self.parts.append(text)


def run(name: str, args: list[str], written: str | None, export: Path, folder: Path, env: dict) -> str:
    """One command under /usr/bin/time -v, run in ``folder`` (what it writes names the export as
    ``export.csv`` wherever the folder is, so two runs' outputs compare): its line of figures."""
    out = folder / "out"
    out.mkdir(exist_ok=True)
    command = ["/usr/bin/time", "-v", sys.executable, "-m", "deckcheck", *args, export.name]
    target = out / (written or "stdout.txt")
    start = time.perf_counter()
    with open(out / "stdout.txt", "wb") as stdout:
        done = subprocess.run(command, stdout=stdout, stderr=subprocess.PIPE, env=env, cwd=folder)
    seconds = time.perf_counter() - start
    found = re.search(rb"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    peak = int(found.group(1)) / 1024 if found else float("nan")
    cpu = sum(float(m) for m in re.findall(rb"(?:User|System) time \(seconds\): ([\d.]+)", done.stderr))
    data = target.read_bytes() if target.exists() else b""
    line = (f"{name:<22} {seconds:8.1f} {cpu:8.1f} {peak:8.0f} {done.returncode:>4} {len(data) / 1e6:9.1f}  "
            f"{hashlib.sha256(data).hexdigest()[:16]}")
    for path in out.iterdir():
        path.unlink()
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=20_000)
    parser.add_argument("--code", action="store_true", help="each deck as its deck code, not a pasted list")
    parser.add_argument("words", nargs="*", help="run only the commands whose name holds one of these")
    options = parser.parse_args()
    text = four_problems()
    deck = deck_code(text) if options.code else text
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        env = {**os.environ, "DECKCHECK_DATA_DIR": str(folder / "data"), "DECKCHECK_CACHE_DIR": str(folder / "cache"),
               "NO_COLOR": "1", "COLUMNS": "100", "SOURCE_DATE_EPOCH": "1796040000",
               "PYTHONPATH": str(REPO)}  # this checkout's deckcheck, whichever is installed
        export = _text_file("export.csv", lambda: export_text(options.rows, deck))(folder)
        print(f"export: {options.rows:,} rows, each deck {'a code' if options.code else 'a pasted list'}, "
              f"{export.stat().st_size / 2**20:.1f} MiB")
        print(f"{'command':<22} {'seconds':>8} {'CPU s':>8} {'peak MiB':>8} {'exit':>4} {'out MB':>9}  sha256")
        for command, args, written in COMMANDS:
            if options.words and not any(w in command for w in options.words):
                continue
            print(run(command, args, written, export, folder, env), flush=True)


if __name__ == "__main__":
    main()
