"""The large hostile inputs of the corpus, made on demand instead of committed.

``python tests/corpus/bad/generate.py DIR`` writes them into DIR; the corpus test calls
:func:`generate`. Their expected outcomes are in EXPECTED.json beside the committed files.
"""

from __future__ import annotations

import sys
from pathlib import Path

SAMPLES = Path(__file__).resolve().parents[3] / "sample_decks"


def _jinx() -> str:
    return (SAMPLES / "legal-jinx-loose-cannon.txt").read_text(encoding="utf-8")


def _code() -> str:
    return (SAMPLES / "legal-kennen-chaos-order.code").read_text(encoding="utf-8").strip()


def files() -> dict[str, bytes]:
    """File name -> content of every generated input."""
    jinx = _jinx()
    return {
        # a good deck padded with a comment to just over 1 MiB
        "over-1-mib.txt": (jinx + "# " + "x" * (1 << 20) + "\n").encode(),
        # exactly at the limit: reads fine
        "10000-lines.txt": (jinx + "\n" * (10_000 - jinx.count("\n"))).encode(),
        "10001-lines.txt": (jinx + "\n" * (10_001 - jinx.count("\n"))).encode(),
        "10001-lines-cr.txt": (jinx.replace("\n", "\r") + "\r" * (10_001 - jinx.count("\n"))).encode(),
        "code-5-kib.code": ((_code() * 40)[:5 * 1024] + "\n").encode(),
        "json-100000-brackets.json": ("[" * 100_000 + "]" * 100_000).encode(),
        "yaml-100000-brackets.yaml": ("main: " + "[" * 100_000 + "]" * 100_000).encode(),
    }


def generate(folder: Path) -> list[Path]:
    """Write every generated input into ``folder``; return their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, data in files().items():
        path = folder / name
        path.write_bytes(data)
        written.append(path)
    return written


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: generate.py DIR")
    for path in generate(Path(sys.argv[1])):
        print(path)
