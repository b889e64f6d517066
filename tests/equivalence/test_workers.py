"""Sharing a batch among processes (deckcheck.workers) and the plain form reports travel in
(deckcheck.rules.transfer): the same results, in the same order, whatever a worker does."""

from __future__ import annotations

import datetime
import os
import signal
import threading
import time
from dataclasses import asdict
from pathlib import Path

import pytest
from conftest import raw_from_flat, real_decks

from deckcheck.decks.load import load_deck
from deckcheck.decks.resolve import resolve_deck
from deckcheck.errors import DeckcheckError, DeckCodeError, DeckReadError
from deckcheck.rules import check_deck
from deckcheck.rules.transfer import error_from_plain, error_to_plain, report_from_plain, report_to_plain
from deckcheck.workers import MIN_JOBS, processes_for, run_shared as run_chunked


def run_shared(jobs, work, **options):
    """run_shared with a function of one job (the work of a chunk: that function of each of its jobs)."""
    return run_chunked(jobs, lambda chunk: [work(job) for job in chunk], **options)


SAMPLES = Path(__file__).resolve().parents[2] / "sample_decks"
fork_only = pytest.mark.skipif(not hasattr(os, "fork"), reason="workers are forked (POSIX)")


def square(n: int) -> int:
    return n * n


def same(value):
    """A result sent as plain values alone (JSON), with no text."""
    return value, ""


def back(value, text):
    return value


@fork_only
def test_two_processes_give_every_result_in_job_order():
    jobs = list(range(1, 501))
    parent = os.getpid()
    ran_here = []

    def work(n: int) -> tuple[int, int]:
        ran_here.append(n)  # in a worker this fills the worker's copy only
        time.sleep(0.002)  # a job takes a while, as a deck does: the worker has started before the end (on a
        # machine busy with other test processes too)
        return n * n, os.getpid()

    results = run_shared(jobs, work, processes=2, encode=same, decode=back)
    assert os.getpid() == parent, "only this process comes back from run_shared"
    assert [square for square, _ in results] == [n * n for n in jobs]
    elsewhere = [n for n, (_, pid) in zip(jobs, results) if pid != parent]
    assert elsewhere and len({pid for _, pid in results}) == 2, "some jobs ran in another process"
    assert sorted(ran_here + elsewhere) == jobs, "each job ran once, here or there"
    with pytest.raises(ChildProcessError):
        os.waitpid(-1, os.WNOHANG)  # every worker was waited for: none is left behind


@fork_only
@pytest.mark.parametrize("as_text", [False, True], ids=["in JSON", "as text"])
def test_results_of_more_than_a_pipe_read_come_back_whole(as_text):
    """A worker's results larger than one read of the pipe (1 MiB), as plain values or as the text
    beside them (with characters of several bytes in UTF-8), are joined as sent."""
    parent = os.getpid()

    def work(n: int) -> str:
        here = os.getpid() == parent
        time.sleep(0.005 if here else 0.001)  # this process slower: the worker takes its share on a busy machine
        return f"{n}:" + ("" if here else "Kai'Sa é 💥 \\ \"x\"\n" * 10_000)

    def encode(result: str):
        return ("", result) if as_text else (result, "")

    def decode(value, text) -> str:
        return text if as_text else value

    results = run_shared(list(range(200)), work, processes=2, encode=encode, decode=decode)
    sent = [r for r in results if len(r) > 40_000]
    assert sum(len(r.encode()) for r in sent) > 1 << 20, "the worker sent more than a MiB"
    assert [int(r.split(":")[0]) for r in results] == list(range(200))
    assert all(r == f"{r.split(':')[0]}:" + "Kai'Sa é 💥 \\ \"x\"\n" * 10_000 for r in sent), "every character as sent"


@fork_only
def test_one_process_or_one_chunk_runs_here(monkeypatch):
    from deckcheck import workers

    def no_fork():
        raise AssertionError("no worker for this batch")

    monkeypatch.setattr(workers.os, "fork", no_fork)
    told: list[int] = []
    jobs = list(range(3 * workers.CHUNK))
    assert run_shared(jobs, square, processes=1, encode=same, decode=back, done=told.append) == [n * n for n in jobs]
    assert told == [workers.CHUNK, 2 * workers.CHUNK, 3 * workers.CHUNK]
    one_chunk = list(range(workers.CHUNK))
    assert run_shared(one_chunk, square, processes=4, encode=same, decode=back) == [n * n for n in one_chunk]


def test_when_the_fork_fails_every_job_runs_here(monkeypatch):
    from deckcheck import workers

    def refuse():
        raise OSError("Resource temporarily unavailable")

    monkeypatch.setattr(workers.os, "fork", refuse)
    jobs = list(range(200))
    assert run_shared(jobs, square, processes=2, encode=same, decode=back) == [n * n for n in jobs]


@fork_only
def test_a_slow_process_takes_fewer_chunks():
    """Chunks are handed out as processes become free: a worker slowed down takes less of the batch."""
    parent = os.getpid()

    def work(n: int) -> int:
        time.sleep(0.0005 if os.getpid() == parent else 0.004)  # the worker is eight times slower
        return os.getpid()

    pids = run_shared(list(range(400)), work, processes=2, encode=same, decode=back)
    assert 0 < sum(pid != parent for pid in pids) <= 100, "a quarter of the batch at most, not half"


def test_a_huge_batch_is_cut_into_at_most_most_chunks():
    from deckcheck import workers

    jobs = list(range(workers.MOST_CHUNKS * workers.CHUNK * 3 + 7))
    sizes: list[int] = []

    def work(chunk):
        sizes.append(len(chunk))  # in this process; a worker's chunks are as large
        return [n * n for n in chunk]

    assert run_chunked(jobs, work, processes=2, encode=same, decode=back) == [n * n for n in jobs]
    assert max(sizes) == -(-len(jobs) // workers.MOST_CHUNKS) > workers.CHUNK


@fork_only
@pytest.mark.parametrize("failure", ["raises", "killed", "exits", "bad data"])
def test_a_failing_worker_costs_only_time(failure):
    """Whatever goes wrong in a worker, this process runs that slice itself: nothing is lost."""
    parent = os.getpid()

    def work(n: int) -> int:
        time.sleep(0.0005)  # slow enough that the worker takes chunks before this process is done
        if os.getpid() != parent:
            if failure == "raises":
                raise RuntimeError("broken worker")
            if failure == "killed":
                os.kill(os.getpid(), signal.SIGKILL)
            if failure == "exits":
                os._exit(0)  # leaves without sending anything
        return n * n

    def encode(value: int):
        if failure == "bad data" and os.getpid() != parent:
            return {"not": "a number"}, ""
        return value, ""

    def decode(value, text) -> int:
        if not isinstance(value, int):
            raise TypeError("not a result")
        return value

    jobs = list(range(300))
    assert run_shared(jobs, work, processes=2, encode=encode, decode=decode) == [n * n for n in jobs]
    assert os.getpid() == parent


@fork_only
def test_progress_is_told_up_to_the_last_job():
    told: list[int] = []

    def slow(n: int) -> int:
        time.sleep(0.0002)
        return n

    run_shared(list(range(400)), slow, processes=2, encode=same, decode=back, done=told.append)
    assert told[-1] == 400 and max(told) == 400 and all(type(n) is int for n in told)
    assert len(told) > 3 and all(a < b or a == 400 for a, b in zip(told, told[1:])), \
        "it grows with every chunk this process finishes (the other processes counted as keeping pace)"


def test_small_batches_and_one_asked_process_stay_in_this_process(monkeypatch):
    # the machine's other work at this moment is fixed, so "choose" is asked twice of the same machine
    monkeypatch.setattr("deckcheck.workers.running_elsewhere", lambda: 0)
    forks = hasattr(os, "fork")
    assert processes_for(MIN_JOBS - 1, asked=4) == 1
    assert processes_for(MIN_JOBS, asked=4) == (2 if forks else 1), "a batch of MIN_JOBS is shared by two"
    assert processes_for(10_000, asked=1) == 1
    assert processes_for(10_000, asked=3) == (3 if forks else 1)
    shared = processes_for(120, asked=8)
    assert shared == (2 if forks else 1) and type(shared) is int, "one process per 50 jobs at the most"
    assert processes_for(10_000, asked=0) == processes_for(10_000), "0 means: choose"
    with pytest.raises(ValueError, match="^a number of processes cannot be negative$"):
        processes_for(10, asked=-1)


@pytest.mark.parametrize("cores, load, free", [(4, 0.2, 4), (4, 1.6, 2), (4, 3.7, 1), (2, 0.4, 2), (2, 0.6, 1),
                                               (2, 7.0, 1), (1, 0.0, 1)])
def test_where_the_moment_is_unknown_the_load_average_decides(monkeypatch, cores, load, free):
    from deckcheck import workers

    monkeypatch.setattr(workers, "available_cores", lambda: cores)
    monkeypatch.setattr(workers, "running_elsewhere", lambda: None)
    monkeypatch.setattr(workers.os, "getloadavg", lambda: (load, load, load))
    assert workers.idle_cores() == free
    assert processes_for(10_000) == (free if hasattr(os, "fork") else 1)
    assert processes_for(10_000, asked=cores) == (cores if cores > 1 and hasattr(os, "fork") else 1), \
        "--jobs N is obeyed whatever the load"


@pytest.mark.parametrize("cores, others, free", [(4, 0, 4), (4, 2, 2), (4, 3, 1), (4, 9, 1), (2, 0, 2), (2, 1, 1),
                                                 (1, 0, 1)])
def test_by_default_only_the_cores_other_work_leaves_free_now_are_used(monkeypatch, cores, others, free):
    from deckcheck import workers

    monkeypatch.setattr(workers, "available_cores", lambda: cores)
    monkeypatch.setattr(workers, "running_elsewhere", lambda: others)
    monkeypatch.setattr(workers.os, "getloadavg", lambda: (7.0, 7.0, 7.0))  # busy a while ago, not now
    assert workers.idle_cores() == free
    assert processes_for(10_000) == (free if hasattr(os, "fork") else 1)


def test_the_load_of_the_last_minute_decides(monkeypatch):
    from deckcheck import workers

    monkeypatch.setattr(workers, "available_cores", lambda: 4)
    monkeypatch.setattr(workers, "running_elsewhere", lambda: None)
    monkeypatch.setattr(workers.os, "getloadavg", lambda: (0.1, 3.9, 3.9))
    assert workers.idle_cores() == 4, "the machine was busy a while ago, not now"


@pytest.mark.parametrize("content, others", [(b"0.52 0.58 0.59 3/120 4242\n", 2), (b"7.00 7.00 7.00 1/85 9\n", 0),
                                             (b"0.00 0.00 0.00 0/85 9\n", 0), (b"0.1 0.2 0.3\n", None),
                                             (b"0.1 0.2 0.3 x/85 9\n", None), (b"", None)])
def test_the_tasks_running_elsewhere_are_read_from_the_systems_count(monkeypatch, tmp_path, content, others):
    """Linux writes ``running/total`` fourth in /proc/loadavg, this process included; a file that
    does not say it (or no file) leaves the choice to the load average."""
    from deckcheck import workers

    fake = tmp_path / "loadavg"
    fake.write_bytes(content)
    monkeypatch.setattr(workers, "_LOADAVG", str(fake))
    assert workers.running_elsewhere() == others
    monkeypatch.setattr(workers, "_LOADAVG", str(tmp_path / "none"))
    assert workers.running_elsewhere() is None
    if os.path.exists("/proc/loadavg"):
        monkeypatch.setattr(workers, "_LOADAVG", "/proc/loadavg")
        now = workers.running_elsewhere()
        assert type(now) is int and now >= 0, "this system's own count"


def test_the_cores_are_those_the_process_may_run_on(monkeypatch):
    from deckcheck import workers

    if hasattr(os, "sched_getaffinity"):
        assert workers.available_cores() == len(os.sched_getaffinity(0))
        monkeypatch.delattr(workers.os, "sched_getaffinity")
    monkeypatch.setattr(workers.os, "cpu_count", lambda: 6)
    assert workers.available_cores() == 6
    monkeypatch.setattr(workers.os, "cpu_count", lambda: None)
    assert workers.available_cores() == 1


def test_without_a_load_average_every_core_counts(monkeypatch):
    from deckcheck import workers

    def unknown():
        raise OSError("no load average here")

    monkeypatch.setattr(workers, "available_cores", lambda: 3)
    monkeypatch.setattr(workers, "running_elsewhere", lambda: None)
    monkeypatch.setattr(workers.os, "getloadavg", unknown)
    assert workers.idle_cores() == 3


@fork_only
def test_no_fork_while_another_thread_runs():
    """A fork copies only the calling thread: with another thread alive, the batch stays here."""
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert processes_for(10_000, asked=2) == 1
    finally:
        stop.set()
        other.join()
    assert processes_for(10_000, asked=2) == 2


def _reports(db):
    day = datetime.date(2026, 11, 30)
    decks = [resolve_deck(raw_from_flat(d["cards"], name=d["slug"]), db) for d in real_decks()]
    decks += [load_deck(path, db) for path in sorted(SAMPLES.glob("*.*")) if path.suffix != ".md"]
    return [check_deck(deck, "standard", day, cards=db) for deck in decks]


def test_a_report_comes_back_equal_from_its_plain_form(db):
    import json

    reports = _reports(db)
    assert sum(len(r.violations) for r in reports) > 30, "the round trip must carry violations"
    reports[0].player, reports[0].team = "Ana Souza", "Team Blue"  # a registration's report
    for report in reports:
        back = report_from_plain(json.loads(json.dumps(report_to_plain(report))))
        assert back == report and repr(back) == repr(report)
        assert asdict(back) == asdict(report)
        assert [v.severity for v in back.violations] == [v.severity for v in report.violations]


def test_an_input_error_comes_back_with_its_class_place_and_player():
    error = DeckCodeError("bad character '!' at position 7", file="decks/x.code", line=3)
    error.player = "Ana Souza"
    back = error_from_plain(error_to_plain(error))
    assert type(back) is DeckCodeError and isinstance(back, DeckReadError)
    assert str(back) == "decks/x.code:3: bad character '!' at position 7" and back.player == "Ana Souza"
    plain = DeckcheckError("the decklist is empty", file="a.txt")
    again = error_from_plain(error_to_plain(plain))
    assert type(again) is DeckcheckError and again.player is None and again.line is None
    foreign = error_from_plain(("SomeErrorOfAPlugin", "it broke", "b.txt", 2, None))
    assert type(foreign) is DeckcheckError and str(foreign) == "b.txt:2: it broke", "an unknown kind: a DeckcheckError"


def test_work_is_given_chunks_of_the_batch():
    from deckcheck.workers import CHUNK, run_chunks

    sizes = run_chunks(list(range(2 * CHUNK + 10)), lambda chunk: [len(chunk)] * len(chunk))
    assert sizes == [CHUNK] * (2 * CHUNK) + [10] * 10
    told: list[int] = []
    run_chunks(list(range(60)), lambda chunk: list(chunk), told.append)
    assert told == [CHUNK, 2 * CHUNK, 60]


def _stream(*frames: bytes, pieces: int = 1) -> int:
    """A pipe holding ``frames`` (written in ``pieces`` parts each, closed after): its read end."""
    read_fd, write_fd = os.pipe()
    for frame in frames:
        step = max(1, -(-len(frame) // pieces))
        for start in range(0, len(frame), step):
            os.write(write_fd, frame[start:start + step])
    os.close(write_fd)
    return read_fd


def _inbox(fd: int, chunks: int = 4):
    """An inbox reading ``fd`` as a worker's pipe (its process id is this process's, which is no
    child of ours: waiting for it returns at once)."""
    from deckcheck import workers

    results: dict[int, list] = {}
    inbox = workers._Inbox([workers._Child(os.getpid(), fd)], chunks, lambda plain, text: (plain, text), results)
    return inbox, results


def _is_open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


@pytest.mark.parametrize("pieces", [1, 7])
def test_a_chunks_frame_brings_back_every_value_and_text_as_sent(pieces):
    """Plain values as JSON and texts of characters of one to four bytes in UTF-8, whole however
    the pipe cuts them; the count of jobs received follows."""
    from deckcheck.workers import _frame

    first = [([1, "Kai'Sa"], "é💥\\\"\n"), (None, ""), ({"k": [True, 2.5]}, "plain")]
    second = [("x", "ü" * 3000)]
    fd = _stream(_frame(1, first), _frame(3, second), pieces=pieces)
    inbox, results = _inbox(fd)
    inbox.take_arrived()
    assert results == {1: [([1, "Kai'Sa"], "é💥\\\"\n"), (None, ""), ({"k": [True, 2.5]}, "plain")],
                       3: [("x", "ü" * 3000)]}
    assert inbox.jobs == 4
    assert not inbox.pending and not _is_open(fd), "the end of the stream closes it"


@pytest.mark.parametrize("bad", ["chunk out of range", "chunk 0", "chunk twice", "negative length",
                                 "lengths not adding up", "length not a number", "one length short",
                                 "not JSON", "not UTF-8"])
def test_a_stream_that_stops_making_sense_is_read_no_further(bad):
    """After a frame that does not decode nothing more of that worker is taken (its chunks are run
    again by the caller), and its pipe is closed."""
    import json

    from deckcheck.workers import _HEAD, _frame

    def raw(index: int, plain: bytes, text: bytes) -> bytes:
        return _HEAD.pack(index, len(plain), len(text)) + plain + text

    good = _frame(1, [("a", "text")])
    broken = {
        "chunk out of range": _frame(4, [("b", "")]),
        "chunk 0": _frame(0, [("b", "")]),
        "chunk twice": _frame(1, [("b", "")]),
        "negative length": raw(2, json.dumps([["b", "c"], [-1, 3]]).encode(), b"xy"),
        "lengths not adding up": raw(2, json.dumps([["b"], [1]]).encode(), b"xy"),
        "length not a number": raw(2, json.dumps([["b"], ["2"]]).encode(), b"xy"),
        "one length short": raw(2, json.dumps([["b", "c"], [2]]).encode(), b"xy"),
        "not JSON": raw(2, b"[[\"b\"],[2]", b"xy"),
        "not UTF-8": raw(2, json.dumps([["b"], [2]]).encode(), b"\xff\xfe"),
    }[bad]
    fd, write_fd = os.pipe()
    os.write(write_fd, good + broken)  # the worker is still running: its pipe stays open
    inbox, results = _inbox(fd)
    inbox.take_arrived()
    assert results == {1: [("a", "text")]}, "only what came before the broken frame"
    assert inbox.jobs == 1
    assert not inbox.pending and not _is_open(fd), "closed at the broken frame, not at the end"
    os.close(write_fd)  # (a write now would meet a closed pipe: the worker then ends, as SIGPIPE says)
    inbox.take_the_rest()
    assert results == {1: [("a", "text")]}


@fork_only
def test_a_healthy_workers_chunks_are_never_run_twice(tmp_path):
    """Every job runs exactly once over all the processes when no worker fails: what a worker sent
    in its last read before the end is taken too, not run again here."""
    ran = tmp_path / "ran"
    parent = os.getpid()

    def work(n: int) -> int:
        if os.getpid() != parent:  # a slower worker: still at its last chunk when this process is done
            time.sleep(0.0015)
            with open(ran, "a", encoding="utf-8") as file:
                file.write(f"{n}\n")
        else:
            time.sleep(0.0003)
        return n

    here: list[int] = []

    def chunk_work(chunk):
        if os.getpid() == parent:
            here.extend(chunk)
        return [work(n) for n in chunk]

    jobs = list(range(600))
    assert run_chunked(jobs, chunk_work, processes=2, encode=same, decode=back) == jobs
    there = [int(line) for line in ran.read_text().split()] if ran.exists() else []
    assert there, "the worker took some chunks"
    assert sorted(here + there) == jobs, "each job ran once, here or in the worker"
