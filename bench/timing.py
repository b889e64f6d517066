"""Shared by the benchmark scripts: a throughput loop."""

from __future__ import annotations

import time
from collections.abc import Callable


def rate(work: Callable, items: list, seconds: float, clock: Callable[[], float] = time.perf_counter
         ) -> tuple[float, int]:
    """Items processed per second (and how many), cycling through ``items`` for about ``seconds``
    of ``clock`` (wall clock by default; ``time.process_time`` for CPU time)."""
    done, start = 0, clock()
    while True:
        for item in items:
            work(item)
        done += len(items)
        elapsed = clock() - start
        if elapsed >= seconds:
            return done / elapsed, done
