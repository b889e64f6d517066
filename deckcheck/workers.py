"""Share one batch of jobs among the machine's cores: forked copies of this process take chunks of it.

A worker is a fork of the process that has already loaded the card data and the format, so nothing
is loaded twice and no job is sent to it: it runs chunks of the list it inherited and, at the end,
sends their results back through a pipe as JSON (numbers, strings, lists, true/false/null): a
data-only format, whose reading builds nothing but data. The caller gives the two functions that
turn a result into such plain values and back; nothing that crosses a pipe is ever called or
imported, and nothing touches the disk.

Who runs which chunk is settled as they go, as GNU make's jobserver hands out tokens: the numbers
of the chunks wait in one pipe, and each process (this one included) reads the next number when it
is free. A process slowed by other load simply takes fewer chunks. This process runs the first
chunk before it forks, so the workers inherit what it learnt (the lines a folder repeats). A worker that fails in any way
(killed, out of memory, a bad pipe, data that does not decode) costs only time: this process runs
every chunk that came back without results, so each job still has exactly one result, in job order.

Forking is used only where it is safe and pays: on POSIX, with more than one core free of other
work, with no other thread running (a fork copies only the calling thread), and for at least
:data:`MIN_JOBS` jobs. Anything else runs every job in this process.
"""

from __future__ import annotations

import json
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
#: Jobs per chunk: small enough to share the end of a batch evenly, large enough that taking a
#: chunk (one read of two bytes) costs nothing next to running it.
CHUNK = 25
#: The most chunks of one batch (larger batches get larger chunks): their numbers, two bytes
#: each, must fit in a pipe's buffer (16 KiB on some systems) before any worker reads them.
MOST_CHUNKS = 4096
#: The exit status of a worker that could not send its results.
_FAILED = 70
_TOKEN = 2  # bytes per chunk number in the queue


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the platform tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def idle_cores() -> int:
    """The cores the other work of the machine leaves free, by the one-minute load average (as
    GNU make's ``--load-average`` judges it), at least 1. On a machine whose cores are all busy a
    second process of ours would only take turns with the first, paying for the fork and the
    copied memory pages (about a quarter more time on a busy 2-core machine)."""
    cores = available_cores()
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):  # a platform without a load average: trust the core count
        return cores
    return max(1, min(cores, int(cores - load + 0.5)))


def processes_for(jobs: int, asked: int | None = None) -> int:
    """How many processes (this one included) should share ``jobs`` jobs.

    ``asked`` is the user's ``--jobs``: 1 means this process alone; None or 0 means one per core
    that the machine's other work leaves free (:func:`idle_cores`).
    """
    if asked is not None and asked < 0:
        raise ValueError("a number of processes cannot be negative")
    most = idle_cores() if not asked else asked
    if most <= 1 or jobs < MIN_JOBS or not hasattr(os, "fork") or threading.active_count() > 1:
        return 1
    return max(1, min(most, jobs // (MIN_JOBS // 2)))


def run_shared(jobs: Sequence[Job], work: Callable[[Sequence[Job]], list[Result]], *, processes: int,
               encode: Callable[[Result], Any], decode: Callable[[Any], Result],
               done: Callable[[int], None] | None = None) -> list[Result]:
    """The result of every job, in job order, with the jobs shared among ``processes`` processes.

    ``work(chunk)`` gets a slice of ``jobs`` and gives one result per job, so it can do each stage
    of its work over the whole chunk. ``encode(result)`` must give plain values JSON can carry
    and ``decode`` must rebuild the result from them. ``done(n)`` is told as jobs finish (an
    estimate while workers run).
    """
    size = max(CHUNK, -(-len(jobs) // MOST_CHUNKS))
    chunks = -(-len(jobs) // size)
    if processes <= 1 or chunks < 2:
        return run_chunks(jobs, work, done)
    # The first chunk runs before the fork: what it learns (the lines and names every list of a
    # folder repeats) is inherited by the workers instead of being learnt again in each.
    results: dict[int, list[Result]] = {0: work(jobs[:size])}
    finished = size
    if done is not None:
        done(finished)
    queue_read, queue_write = os.pipe()
    _write_all(queue_write, b"".join(i.to_bytes(_TOKEN, "little") for i in range(1, chunks)))
    os.close(queue_write)  # every number is queued: an empty queue reads as the end
    children = [_fork_worker(jobs, size, queue_read, work, encode) for _ in range(processes - 1)]
    for index in _chunks_from(queue_read):
        start = index * size
        results[index] = work(jobs[start:start + size])
        finished += len(results[index])
        if done is not None:
            done(min(len(jobs), size + (finished - size) * processes))
    os.close(queue_read)
    for child in children:
        for index, plain in (_collect(child) or {}).items():
            try:
                results.setdefault(index, [decode(item) for item in plain])
            except Exception:  # noqa: BLE001 - data that does not decode: that chunk is run here
                pass
    out: list[Result] = []
    for index in range(chunks):
        start = index * size
        got = results.get(index)
        if got is None or len(got) != len(jobs[start:start + size]):  # its worker failed: run it here
            got = work(jobs[start:start + size])
        out.extend(got)
    if done is not None:
        done(len(jobs))
    return out


def run_chunks(jobs: Sequence[Job], work: Callable[[Sequence[Job]], list[Result]],
               done: Callable[[int], None] | None = None) -> list[Result]:
    """Every job's result in this process, ``work`` given a chunk of :data:`CHUNK` jobs at a time."""
    out: list[Result] = []
    for start in range(0, len(jobs), CHUNK):
        out.extend(work(jobs[start:start + CHUNK]))
        if done is not None:
            done(len(out))
    return out


def _chunks_from(queue: int):
    """The numbers of the chunks this process takes from the queue, one at a time, until it is empty."""
    while True:
        try:
            token = os.read(queue, _TOKEN)
        except OSError:
            return
        if len(token) != _TOKEN:  # the queue is empty (a pipe read of two bytes is never split)
            return
        yield int.from_bytes(token, "little")


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


class _Child:
    __slots__ = ("pid", "fd")

    def __init__(self, pid: int, fd: int) -> None:
        self.pid = pid
        self.fd = fd


def _fork_worker(jobs: Sequence[Job], size: int, queue: int, work: Callable[[Sequence[Job]], list[Result]],
                 encode: Callable[[Result], Any]) -> _Child | None:
    """Fork a worker taking chunks from ``queue``; None if the fork itself failed."""
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
    if pid == 0:  # the worker: run chunks, send their results, leave without running any exit handler
        status = _FAILED
        try:
            os.close(read_fd)
            sent = []
            for index in _chunks_from(queue):
                start = index * size
                sent.append([index, [encode(result) for result in work(jobs[start:start + size])]])
            _write_all(write_fd, json.dumps(sent, ensure_ascii=False, separators=(",", ":")).encode())
            status = 0
        except BaseException:  # noqa: BLE001 - any failure: the parent runs the chunks it took
            status = _FAILED
        finally:
            os._exit(status)
    os.close(write_fd)
    return _Child(pid, read_fd)


def _collect(child: _Child | None) -> dict[int, list] | None:
    """The worker's results by chunk number, or None if it failed or sent something else."""
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
        plain = json.loads(b"".join(chunks))
    except ValueError:  # not JSON, or not UTF-8
        return None
    if not isinstance(plain, list) or not all(
            isinstance(pair, list) and len(pair) == 2 and type(pair[0]) is int and isinstance(pair[1], list)
            for pair in plain):
        return None
    return dict(plain)
