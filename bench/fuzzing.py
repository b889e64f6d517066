"""What the fuzzers of ``fix`` and of the settings files share: their two options, the loop for a
fixed time, the first failures saved with their reason, and the figures printed at the end."""

from __future__ import annotations

import argparse
import random
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path

#: One input: a label (what was done to make it), its bytes (saved if it fails) and the run, giving how it ended.
Case = tuple[str, bytes, Callable[[], str]]


def options(doc: str, argv: list[str] | None) -> tuple[float, int]:
    """``--seconds`` (default 60) and ``--seed`` (default: a new one, printed)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to run (default 60)")
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: new, printed)")
    args = parser.parse_args(argv)
    return args.seconds, args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)


def fuzz(name: str, what: str, seconds: float, seed: int, make: Callable[[random.Random], Case]) -> int:
    """Run ``make(rng)``'s cases for ``seconds``; any exception is a failure (the first five saved to a
    temporary folder). Prints the inputs tried, how they ended, the slowest, the failures; 1 if any."""
    rng = random.Random(seed)
    outcomes: Counter = Counter()
    failures: list[str] = []
    folder: Path | None = None
    slowest = (0.0, "")
    start = time.perf_counter()
    while time.perf_counter() < start + seconds:
        label, data, run = make(rng)
        began = time.perf_counter()
        try:
            outcomes[run()] += 1
        except Exception:  # noqa: BLE001 - a contradicted claim, a second line, any exception but ours
            outcomes["FAILED"] += 1
            failures.append(f"{label}\n" + traceback.format_exc(limit=4))
            if len(failures) <= 5:
                folder = folder or Path(tempfile.mkdtemp(prefix=f"deckcheck-{name}-"))
                (folder / f"failure-{len(failures)}.input").write_bytes(data)
                (folder / f"failure-{len(failures)}.why").write_text(failures[-1], encoding="utf-8")
        slowest = max(slowest, (time.perf_counter() - began, label))
    elapsed = time.perf_counter() - start
    tried = sum(outcomes.values())
    print(f"{name}: seed {seed}: {tried:,} {what} in {elapsed:.0f} s ({tried / elapsed:,.1f}/s): "
          + ", ".join(f"{k} {v:,}" for k, v in outcomes.most_common()))
    print(f"slowest: {slowest[0] * 1000:,.0f} ms ({slowest[1]}); failures: {len(failures)}")
    if failures:
        print(f"failures saved in {folder}\n{failures[0]}")
    return 1 if failures else 0
