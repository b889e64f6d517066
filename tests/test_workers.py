"""Sharing a batch among processes (deckcheck.workers) and the plain form reports travel in
(deckcheck.rules.transfer): the same results, in the same order, whatever a worker does."""

from __future__ import annotations

import datetime
import os
import signal
import threading
import time

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
from pathlib import Path

SAMPLES = Path(__file__).resolve().parents[1] / "sample_decks"
fork_only = pytest.mark.skipif(not hasattr(os, "fork"), reason="workers are forked (POSIX)")


def square(n: int) -> int:
    return n * n


def same(value):
    return value


@fork_only
def test_two_processes_give_every_result_in_job_order():
    jobs = list(range(1, 501))
    parent = os.getpid()
    ran_here = []

    def work(n: int) -> tuple[int, int]:
        ran_here.append(n)  # in a worker this fills the worker's copy only
        time.sleep(0.0005)  # a job takes a while, as a deck does: the worker has started before the end
        return n * n, os.getpid()

    results = run_shared(jobs, work, processes=2, encode=same, decode=same)
    assert [square for square, _ in results] == [n * n for n in jobs]
    elsewhere = [n for n, (_, pid) in zip(jobs, results) if pid != parent]
    assert elsewhere and len({pid for _, pid in results}) == 2, "some jobs ran in another process"
    assert sorted(ran_here + elsewhere) == jobs, "each job ran once, here or there"


@fork_only
def test_a_slow_process_takes_fewer_chunks():
    """Chunks are handed out as processes become free: a worker slowed down takes less of the batch."""
    parent = os.getpid()

    def work(n: int) -> int:
        time.sleep(0.0005 if os.getpid() == parent else 0.004)  # the worker is eight times slower
        return os.getpid()

    pids = run_shared(list(range(400)), work, processes=2, encode=same, decode=same)
    assert 0 < sum(pid != parent for pid in pids) <= 100, "a quarter of the batch at most, not half"


def test_a_huge_batch_is_cut_into_at_most_most_chunks():
    from deckcheck import workers

    jobs = list(range(workers.MOST_CHUNKS * workers.CHUNK * 3 + 7))
    assert run_shared(jobs, square, processes=2, encode=same, decode=same) == [n * n for n in jobs]


@fork_only
@pytest.mark.parametrize("failure", ["raises", "killed", "exits", "bad data"])
def test_a_failing_worker_costs_only_time(failure):
    """Whatever goes wrong in a worker, this process runs that slice itself: nothing is lost."""
    parent = os.getpid()

    def work(n: int) -> int:
        if os.getpid() != parent and n == 200:
            if failure == "raises":
                raise RuntimeError("broken worker")
            if failure == "killed":
                os.kill(os.getpid(), signal.SIGKILL)
            if failure == "exits":
                os._exit(0)  # leaves without sending anything
        return n * n

    def encode(value: int):
        if failure == "bad data" and os.getpid() != parent:
            return {"not": "a number"}
        return value

    def decode(value) -> int:
        if not isinstance(value, int):
            raise TypeError("not a result")
        return value

    jobs = list(range(300))
    assert run_shared(jobs, work, processes=2, encode=encode, decode=decode) == [n * n for n in jobs]


@fork_only
def test_progress_is_told_up_to_the_last_job():
    told: list[int] = []
    run_shared(list(range(200)), square, processes=2, encode=same, decode=same, done=told.append)
    assert told[-1] == 200 and told == sorted(told) and max(told) == 200


def test_small_batches_and_one_asked_process_stay_in_this_process():
    assert processes_for(MIN_JOBS - 1) == 1
    assert processes_for(10_000, asked=1) == 1
    assert processes_for(10_000, asked=3) == (3 if hasattr(os, "fork") else 1)
    with pytest.raises(ValueError):
        processes_for(10, asked=-1)


@pytest.mark.parametrize("cores, load, free", [(4, 0.2, 4), (4, 1.6, 2), (4, 3.7, 1), (2, 0.4, 2), (2, 0.6, 1),
                                               (2, 7.0, 1), (1, 0.0, 1)])
def test_by_default_only_the_cores_other_work_leaves_free_are_used(monkeypatch, cores, load, free):
    from deckcheck import workers

    monkeypatch.setattr(workers, "available_cores", lambda: cores)
    monkeypatch.setattr(workers.os, "getloadavg", lambda: (load, load, load))
    assert workers.idle_cores() == free
    assert processes_for(10_000) == (free if hasattr(os, "fork") else 1)
    assert processes_for(10_000, asked=cores) == (cores if cores > 1 and hasattr(os, "fork") else 1), \
        "--jobs N is obeyed whatever the load"


def test_without_a_load_average_every_core_counts(monkeypatch):
    from deckcheck import workers

    def unknown():
        raise OSError("no load average here")

    monkeypatch.setattr(workers, "available_cores", lambda: 3)
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
    import marshal

    reports = _reports(db)
    assert sum(len(r.violations) for r in reports) > 30, "the round trip must carry violations"
    for report in reports:
        back = report_from_plain(marshal.loads(marshal.dumps(report_to_plain(report))))
        assert back == report and repr(back) == repr(report)
        assert back.model_dump(mode="json") == report.model_dump(mode="json")
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


def test_work_is_given_chunks_of_the_batch():
    from deckcheck.workers import CHUNK, run_chunks

    sizes = run_chunks(list(range(2 * CHUNK + 10)), lambda chunk: [len(chunk)] * len(chunk))
    assert sizes == [CHUNK] * (2 * CHUNK) + [10] * 10
    told: list[int] = []
    run_chunks(list(range(60)), lambda chunk: list(chunk), told.append)
    assert told == [CHUNK, 2 * CHUNK, 60]
