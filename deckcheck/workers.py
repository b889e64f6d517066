"""Share one batch of jobs among the machine's cores: forked copies of this process each take a slice.

A worker is a fork of the process that has already loaded the card data and the format, so nothing
is loaded twice and no job is sent to it: it runs its slice of the list it inherited, then sends the
results back through a pipe as :mod:`marshal` data (numbers, strings, lists, tuples, dicts). The
caller gives the two functions that turn a result into such plain values and back; nothing that
crosses the pipe is ever called or imported, and nothing touches the disk.

The parent works on the first slice meanwhile, so two cores run two slices at once. A worker that
fails in any way (killed, out of memory, a bad pipe, data that does not decode) costs only time:
the parent runs that slice itself, so every job still has exactly one result, in job order.

Forking is used only where it is safe and pays: on POSIX, with more than one core available, with
no other thread running (a fork copies only the calling thread), and for at least
:data:`MIN_JOBS` jobs. Anything else runs every job in this process.
"""

from __future__ import annotations

import marshal
import os
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

Job = TypeVar("Job")
Result = TypeVar("Result")

#: Fewer jobs than this run in this process: a fork and the transfer cost about a millisecond,
#: about the time of ten decks.
MIN_JOBS = 100
#: The exit status of a worker whose slice did not finish (the parent then runs the slice itself).
_FAILED = 70


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the platform tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def processes_for(jobs: int, asked: int | None = None) -> int:
    """How many processes (this one included) should share ``jobs`` jobs.

    ``asked`` is the user's ``--jobs``: 1 means this process alone, None or 0 means one per core.
    """
    if asked is not None and asked < 0:
        raise ValueError("a number of processes cannot be negative")
    most = available_cores() if not asked else asked
    if most <= 1 or jobs < MIN_JOBS or not hasattr(os, "fork") or threading.active_count() > 1:
        return 1
    return max(1, min(most, jobs // (MIN_JOBS // 2)))


def run_shared(jobs: Sequence[Job], work: Callable[[Job], Result], *, processes: int,
               encode: Callable[[Result], Any], decode: Callable[[Any], Result],
               done: Callable[[int], None] | None = None) -> list[Result]:
    """``[work(job) for job in jobs]``, in job order, with the jobs shared among ``processes`` processes.

    ``encode(result)`` must give plain values marshal can carry and ``decode`` must rebuild the
    result from them. ``done(n)`` is told as jobs finish (an estimate while workers run).
    """
    if processes <= 1 or len(jobs) < 2:
        return _run_here(jobs, work, done, 1)
    bounds = _slices(len(jobs), processes)
    children = []
    for start, end in bounds[1:]:
        child = _fork_worker(jobs, start, end, work, encode)
        children.append((start, end, child))
    first_start, first_end = bounds[0]
    results = _run_here(jobs[first_start:first_end], work, done, processes)
    for start, end, child in children:
        got = _collect(child, end - start, decode)
        if got is None:  # the worker failed: this process runs its slice
            got = _run_here(jobs[start:end], work, None, 1)
        results.extend(got)
    if done is not None:
        done(len(jobs))
    return results


def _slices(total: int, parts: int) -> list[tuple[int, int]]:
    """``parts`` contiguous (start, end) ranges covering ``range(total)``, sizes differing by at most one."""
    size, extra = divmod(total, parts)
    out, start = [], 0
    for i in range(parts):
        end = start + size + (1 if i < extra else 0)
        out.append((start, end))
        start = end
    return out


def _run_here(jobs: Sequence[Job], work: Callable[[Job], Result], done: Callable[[int], None] | None,
              scale: int) -> list[Result]:
    """The jobs run in this process; ``done`` hears ``scale`` jobs finished per job (the other
    processes move at about the same pace)."""
    if done is None:
        return [work(job) for job in jobs]
    out = []
    for i, job in enumerate(jobs, 1):
        out.append(work(job))
        done(i * scale)
    return out


class _Child:
    __slots__ = ("pid", "fd")

    def __init__(self, pid: int, fd: int) -> None:
        self.pid = pid
        self.fd = fd


def _fork_worker(jobs: Sequence[Job], start: int, end: int, work: Callable[[Job], Result],
                 encode: Callable[[Result], Any]) -> _Child | None:
    """Fork a worker for ``jobs[start:end]``; None if the fork itself failed (the parent runs them)."""
    read_fd, write_fd = os.pipe()
    for stream in (sys.stdout, sys.stderr):  # nothing buffered may be written twice
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass
    try:
        pid = os.fork()
    except OSError:
        os.close(read_fd)
        os.close(write_fd)
        return None
    if pid == 0:  # the worker: run the slice, send it, leave without running any exit handler
        status = _FAILED
        try:
            os.close(read_fd)
            data = marshal.dumps([encode(work(jobs[i])) for i in range(start, end)])
            view = memoryview(data)
            while view:
                view = view[os.write(write_fd, view):]
            status = 0
        except BaseException:  # noqa: BLE001 - any failure: the parent runs the slice instead
            status = _FAILED
        finally:
            os._exit(status)
    os.close(write_fd)
    return _Child(pid, read_fd)


def _collect(child: _Child | None, expected: int, decode: Callable[[Any], Result]) -> list[Result] | None:
    """The worker's results, or None if it failed, sent the wrong number of results or bad data."""
    if child is None:
        return None
    chunks = []
    try:
        while True:
            chunk = os.read(child.fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
    except OSError:
        chunks = []
    finally:
        os.close(child.fd)
    try:
        _, status = os.waitpid(child.pid, 0)
    except ChildProcessError:
        status = -1
    if status != 0 or not chunks:
        return None
    try:
        plain = marshal.loads(b"".join(chunks))
        if not isinstance(plain, list) or len(plain) != expected:
            return None
        return [decode(item) for item in plain]
    except Exception:  # noqa: BLE001 - data that does not decode: the parent runs the slice
        return None
