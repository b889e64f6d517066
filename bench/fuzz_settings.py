"""Fuzz the settings files: random ``deckcheck.toml`` and ``pyproject.toml`` files, then ``deckcheck
check`` run in this process in their folder, for a fixed time.

Seeds are settings files that use every key (``format`` naming a format file beside them,
``as-of``, ``select``, ``ignore``, ``strict``, ``exclude``) in each way TOML allows (top-level
keys, ``[tool.deckcheck]``, ``[tool] deckcheck = {…}``, dotted keys). Each input is one to four
mutations: snippets of TOML syntax, control characters, BOMs and invalid UTF-8 inserted, bytes
deleted or flipped, and hostile shapes at full size (arrays or inline tables nested up to 200,000
deep, dotted keys of up to 50,000 parts, arrays of 100,000 values, long strings, files at and past
the size limit). An input must end in a check (exit 0 or 1) or a one-line error (exit 2); a
Python exception, an internal error or an error of more than one line is a failure, and the first
few are saved with their output.

    .venv/bin/python bench/fuzz_settings.py                  # 60 s, a new seed (printed)
    .venv/bin/python bench/fuzz_settings.py --seconds 300 --seed 7
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import shutil
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from fuzzing import Case, fuzz, options  # noqa: E402

from deckcheck import clear_caches  # noqa: E402
from deckcheck.cli import main as deckcheck  # noqa: E402
from deckcheck.settings import MAX_BYTES  # noqa: E402

EVENT = "name: event\ntitle: Event\nextends: standard\nadd_bans:\n  - {card: Cleave, from: 2025-01-01}\n"
SEEDS = [
    ("deckcheck.toml", 'format = "event.yaml"\nas-of = 2026-11-01\nselect = ["RB1", "RB6"]\nignore = "RB004"\n'
                       'strict = true\nexclude = ["drafts", "old/*.txt"]\n'),
    ("deckcheck.toml", "as_of = '2026-11-01'\nformat = 'standard-bo1'\nignore = ['RB0']\n"),
    ("pyproject.toml", '[project]\nname = "decks"\n\n[tool.deckcheck]\nformat = "standard"\nas-of = 2026-11-01\n'
                       'exclude = ["drafts"]\n'),
    ("pyproject.toml", '[tool]\ndeckcheck = { format = "event.yaml", strict = false, select = "RB1,RB6" }\n'),
    ("pyproject.toml", 'tool.deckcheck.ignore = ["RB003"]\ntool.deckcheck."as-of" = "2026-11-01"\n'),
]
SNIPPETS = [b'"', b"'", b"[", b"]", b"{", b"}", b"=", b".", b",", b"\n", b"\r", b"\r\n", b"#", b"\\", b'"""', b"'''",
            b"[[a]]", b"[tool.deckcheck]", b"\xef\xbb\xbf", b"\xff\xfe", b"\xe9", b"\x00", b"\x1b[2J", b"\x7f",
            b"\xc3\x28", b"1979-05-27T07:32:00Z", b"inf", b"nan", b"0x1F", b"1e999", b"true", b"-", b"_", b" = ",
            "\u202e".encode(), "中文".encode(), b"format = ", b"exclude = ", b"as-of = "]


def hostile(rng: random.Random) -> bytes:
    """One hostile shape at full size."""
    depth = rng.choice((100, 1_000, 50_000, 200_000))
    shapes = [
        lambda: b"select = " + b"[" * depth + b"]" * depth,
        lambda: b"select = " + b"{a=" * (depth // 3) + b"}" * (depth // 3),
        lambda: b"a" + b".a" * rng.choice((19, 20, 21, 50_000)) + b" = 1",
        lambda: b"exclude = [" + b",".join(b'"x"' for _ in range(rng.choice((10, 100_000)))) + b"]",
        lambda: b'format = "' + b"x" * rng.choice((1_000, MAX_BYTES)) + b'.yaml"',
        lambda: b"# " + b"x" * (MAX_BYTES - rng.choice((3, 2, 1, 0))) + b"\n",
        lambda: b"\n".join(b"[t%d]" % i for i in range(rng.choice((10, 30_000)))),
    ]
    return rng.choice(shapes)()


def mutate(rng: random.Random) -> tuple[str, bytes]:
    name, text = rng.choice(SEEDS)
    data = bytearray(text.encode())
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(data) + 1)
        roll = rng.random()
        if roll < 0.45:
            data[at:at] = rng.choice(SNIPPETS)
        elif roll < 0.65 and data:
            del data[at:at + rng.randint(1, 30)]
        elif roll < 0.85 and data:
            data[min(at, len(data) - 1)] = rng.randrange(256)
        else:
            data[at:at] = b"\n" + hostile(rng) + b"\n"
    return name, bytes(data)


def run_one(folder: Path, name: str, data: bytes) -> str:
    """``deckcheck check jinx.txt -o json`` in ``folder`` with the settings file ``name``: how it ended."""
    for old in ("deckcheck.toml", "pyproject.toml"):
        (folder / old).unlink(missing_ok=True)
    (folder / name).write_bytes(data)
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(folder)
    try:
        clear_caches()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = deckcheck(["check", "jinx.txt", "-o", "json"])
    finally:
        os.chdir(here)
    errors = [line for line in err.getvalue().splitlines() if not line.startswith("deckcheck: settings:")]
    if code not in (0, 1, 2) or "internal error" in err.getvalue() or "Traceback" in err.getvalue():
        raise AssertionError(f"exit {code}: {err.getvalue()[:2000]}")
    if code == 2 and len(errors) != 1:
        raise AssertionError(f"an error of {len(errors)} lines: {err.getvalue()[:2000]}")
    return {0: "legal", 1: "illegal", 2: "refused"}[code]


def main(argv: list[str] | None = None) -> int:
    seconds, seed = options(__doc__, argv)
    folder = Path(tempfile.mkdtemp(prefix="deckcheck-fuzz-settings-"))
    shutil.copy(REPO / "sample_decks" / "legal-jinx-loose-cannon.txt", folder / "jinx.txt")
    (folder / "event.yaml").write_text(EVENT, encoding="utf-8")

    def case(rng: random.Random) -> Case:
        name, data = mutate(rng)
        return f"{name}, {len(data):,} bytes", data, lambda: run_one(folder, name, data)

    return fuzz("fuzz_settings", "settings files", seconds, seed, case)


if __name__ == "__main__":
    sys.exit(main())
