"""Share one batch of jobs among the machine's cores: forked copies of this process take chunks of it.

A worker is a fork of the process that has already loaded the card data and the format, so nothing
is loaded twice and no job is sent to it: it runs chunks of the list it inherited and sends each
chunk's results back through a pipe as soon as they are made, so they cross while the other
processes work. A result travels as plain values in JSON (numbers, strings, lists,
true/false/null: a data-only format, whose reading builds nothing but data) and a text sent as it
is, UTF-8 without escaping (the bulk of a result, such as its part of the output). The caller gives
the two functions that turn a result into such values and back; nothing that crosses a pipe is
ever called or imported, and nothing touches the disk. This process reads what has arrived between
two chunks of its own, so at the end only the workers' last chunks are left to read.

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
import struct
import sys
import threading

try:
    import fcntl
except ImportError:  # not on this platform: pipes keep their own size
    pass
from collections.abc import Callable, Sequence
from dataclasses import dataclass
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
    """The cores the other work of the machine leaves free, at least 1: the cores less the other
    tasks running at this moment (Linux counts them in ``/proc/loadavg``) or, where the system
    does not say, less the one-minute load average (as GNU make's ``--load-average`` judges it).
    The moment's count comes first because the average lags a minute behind: a run right after
    another (a CI job checking several folders) would see the finished one as load. On a machine
    whose cores are all busy a second process of ours would only take turns with the first,
    paying for the fork and the copied memory pages (about a quarter more time on a busy 2-core
    machine)."""
    cores = available_cores()
    others = running_elsewhere()
    if others is None:
        try:
            load = os.getloadavg()[0]
        except (AttributeError, OSError):  # a platform without a load average: trust the core count
            return cores
        return max(1, min(cores, int(cores - load + 0.5)))
    return max(1, min(cores, cores - others))


_LOADAVG = "/proc/loadavg"


def running_elsewhere() -> int | None:
    """How many tasks other than this process are running or waiting for a core right now, from
    the fourth field of Linux's ``/proc/loadavg`` (``running/total``, this process included); None
    where the system does not tell it."""
    try:
        with open(_LOADAVG, "rb") as file:
            running = int(file.read(256).split()[3].split(b"/")[0])
    except (OSError, ValueError, IndexError):
        return None
    return max(0, running - 1)


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
               encode: Callable[[Result], tuple[Any, str]], decode: Callable[[Any, str], Result],
               done: Callable[[int], None] | None = None) -> list[Result]:
    """The result of every job, in job order, with the jobs shared among ``processes`` processes.

    ``work(chunk)`` gets a slice of ``jobs`` and gives one result per job, so it can do each stage
    of its work over the whole chunk. ``encode(result)`` must give ``(plain, text)``: plain values
    JSON can carry and a text that travels as it is (no escaping: the bulk of a result, such as
    its part of the output, is cheapest sent so); ``decode(plain, text)`` must rebuild the result.
    ``done(n)`` is told how many jobs have finished, here and in the workers.
    """
    size = max(CHUNK, -(-len(jobs) // MOST_CHUNKS))
    chunks = -(-len(jobs) // size)
    if processes <= 1 or chunks < 2:
        return run_chunks(jobs, work, done)
    # The first chunk runs before the fork: what it learns (the lines and names every list of a
    # folder repeats) is inherited by the workers instead of being learnt again in each.
    results: dict[int, list[Result]] = {0: work(jobs[:size])}
    if done is not None:
        done(size)
    queue_read, queue_write = os.pipe()
    _write_all(queue_write, b"".join(i.to_bytes(_TOKEN, "little") for i in range(1, chunks)))
    os.close(queue_write)  # every number is queued: an empty queue reads as the end
    children = [child for child in (_fork_worker(jobs, size, queue_read, work, encode)
                                    for _ in range(processes - 1)) if child is not None]
    inbox = _Inbox(children, chunks, decode, results)
    finished = size
    for index in _chunks_from(queue_read):
        start = index * size
        results[index] = work(jobs[start:start + size])
        finished += len(results[index])
        inbox.take_arrived()  # between two chunks: what the workers have sent so far
        if done is not None:
            done(min(len(jobs), finished + inbox.jobs))
    os.close(queue_read)
    inbox.take_the_rest()
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


def _fork_worker(jobs: Sequence[Job], size: int, queue: int, work: Callable[[Sequence[Job]], list[Result]],
                 encode: Callable[[Result], tuple[Any, str]]) -> _Child | None:
    """Fork a worker taking chunks from ``queue``; None if the fork itself failed. It sends each chunk's results as soon as they are made (see
    :func:`_frame`), so they cross while the other processes work, and the last chunk's alone
    remain to be read at the end."""
    read_fd, write_fd = os.pipe()
    _widen(write_fd)
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
            for index in _chunks_from(queue):
                start = index * size
                _write_all(write_fd, _frame(index, [encode(result) for result in work(jobs[start:start + size])]))
            status = 0
        except BaseException:  # noqa: BLE001 - any failure: the parent runs the chunks not sent
            status = _FAILED
        finally:
            os._exit(status)
    os.close(write_fd)
    return _Child(pid, read_fd)


@dataclass(frozen=True, slots=True)
class _Child:
    """A worker: its process id and the end of the pipe its results come from."""

    pid: int
    fd: int


#: A frame's head: the chunk's number, the length of its JSON and of its text, in bytes.
_HEAD = struct.Struct("<III")


def _frame(index: int, encoded: list[tuple[Any, str]]) -> bytes:
    """One chunk's results as bytes: the head, then ``[plain values, length of each text]`` as
    JSON, then the texts one after another in UTF-8."""
    texts = [text for _, text in encoded]
    plain = json.dumps([[value for value, _ in encoded], [len(text) for text in texts]],
                       ensure_ascii=False, separators=(",", ":")).encode()
    text = "".join(texts).encode()
    return _HEAD.pack(index, len(plain), len(text)) + plain + text


def _widen(fd: int) -> None:
    """Give the pipe a buffer of a MiB where the platform lets a process choose (Linux), so a worker
    is seldom kept waiting for this process to read; elsewhere the pipe keeps its own size."""
    try:
        fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, 1 << 20)
    except (AttributeError, OSError, NameError):
        pass


class _Inbox:
    """The results the workers send, read frame by frame into ``results`` (by chunk number).

    A worker's stream that stops making sense (a frame that does not decode, a chunk number out of
    range) is read no further: the chunks it has not delivered are run by the caller.
    """

    def __init__(self, children: list[_Child], chunks: int, decode: Callable[[Any, str], Any],
                 results: dict[int, list]) -> None:
        self.children = children
        self.pending = {child.fd: bytearray() for child in children}
        for fd in self.pending:
            os.set_blocking(fd, False)  # read between chunks: only what has arrived
        self.chunks, self.decode, self.results = chunks, decode, results
        self.jobs = 0  # how many results have arrived

    def take_arrived(self) -> None:
        """Read what the workers have sent so far, without waiting."""
        for fd in list(self.pending):
            self._read(fd)

    def take_the_rest(self) -> None:
        """Read every worker's stream to its end, and wait for each worker to leave."""
        for fd in list(self.pending):
            os.set_blocking(fd, True)
            self._read(fd)
        for child in self.children:
            try:
                os.waitpid(child.pid, 0)
            except ChildProcessError:
                pass

    def _read(self, fd: int) -> None:
        """Take what ``fd`` holds now (all it will ever hold once made blocking), frame by frame."""
        buffer = self.pending[fd]
        ended = False
        while True:
            try:
                data = os.read(fd, 1 << 20)
            except BlockingIOError:
                break
            except OSError:
                ended = True
                break
            if not data:
                ended = True
                break
            buffer += data
        if not self._unpack(buffer) or ended:  # a stream that makes no sense, or its end
            del self.pending[fd]
            os.close(fd)

    def _unpack(self, buffer: bytearray) -> bool:
        """Take the whole frames at the start of ``buffer`` out of it; False if one does not decode."""
        at = 0
        head = _HEAD.size
        try:
            while len(buffer) - at >= head:
                index, plain_size, text_size = _HEAD.unpack_from(buffer, at)
                end = at + head + plain_size + text_size
                if end > len(buffer):
                    break
                plain, lengths = json.loads(buffer[at + head:at + head + plain_size])
                text = buffer[at + head + plain_size:end].decode()
                at = end
                if not 0 < index < self.chunks or index in self.results or len(plain) != len(lengths) \
                        or not all(type(n) is int and n >= 0 for n in lengths) or sum(lengths) != len(text):
                    return False
                got, start = [], 0
                for value, length in zip(plain, lengths):
                    got.append(self.decode(value, text[start:start + length]))
                    start += length
                self.results[index] = got
                self.jobs += len(got)
        except Exception:  # noqa: BLE001 - data that does not decode: its chunks are run by the caller
            return False
        finally:
            del buffer[:at]
        return True

