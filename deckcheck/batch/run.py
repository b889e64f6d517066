"""Running a batch's jobs: read, resolve and check each, in this process or shared among processes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import nullcontext
from functools import partial
from typing import Any

from deckcheck.errors import DeckcheckError
from deckcheck.rules.report import Report
from deckcheck.words import say


def run_jobs(batch, jobs: list, *, champion: str | None, keep_decks: bool | Callable[[Any], object],
             processes: int | None, debug: bool, selection=None, progress=None, pack: int | None = None) -> None:
    """Check every job into ``batch`` (its reports, decks and unreadable inputs).

    One way for every batch: chunk by chunk, each stage over the whole chunk (:meth:`_JobChecker.outcomes`).
    With ``keep_decks`` (or ``debug``) this process runs every chunk and keeps each deck beside its
    report (a callable ``keep_decks`` gives what to keep of each deck: a sheet keeps a bounded list of
    its unread lines); otherwise a large batch is shared among ``processes`` processes (None: one per
    free core; see :mod:`deckcheck.workers`), each deck freed once checked. ``selection`` is applied to
    each report as it is made; ``debug`` raises a bug instead of making it the input's error. With
    ``pack`` (and no deck kept) each report is packed as its chunk is checked, ``batch.reports`` a
    :class:`~deckcheck.batch.packed.PackedReports` keeping the first ``pack`` whole and the rest
    packed (a sixth of the memory: about 0.8 KB a report of four problems instead of 5 KB).
    """
    from deckcheck.workers import processes_for, run_chunks, run_shared

    # Decks stay in this process only when something after the check reads them (2v2 pairs, sheets);
    # otherwise the machine's cores share the batch, each sending back its reports.
    processes = 1 if keep_decks or debug else processes_for(len(jobs), processes)
    checker = _JobChecker(batch.cards, batch.format, batch.as_of, champion, keep_decks=keep_decks, debug=debug,
                          selection=selection)
    work, encode, decode = checker.outcomes, _outcome_to_plain, _outcome_from_plain
    if pack is not None and len(jobs) > pack and not keep_decks:
        from deckcheck.batch.packed import PackedReports, pack_plain, plain_of

        batch.reports = PackedReports(batch.reports, whole=pack)
        work = checker.packed_outcomes
        encode = partial(_outcome_to_plain, report_plain=plain_of)
        decode = partial(_outcome_from_plain, report_of=pack_plain)
    with progress(len(jobs)) if progress is not None else nullcontext(_nothing) as done:
        if processes > 1:
            outcomes = run_shared(jobs, work, processes=processes, encode=encode, decode=decode, done=done)
        else:
            outcomes = run_chunks(jobs, work, done)
    for outcome in outcomes:
        if outcome.__class__ is not tuple:
            batch.unreadable.append(outcome)
            continue
        deck, report = outcome
        batch.reports.append(report)
        if keep_decks:
            batch.decks.append(deck)


def in_source_order(jobs: list) -> list[int]:
    """The jobs' indexes in source order (:func:`~deckcheck.render.table.source_order`; jobs of one source
    in their own order)."""
    from deckcheck.render.table import source_order

    return sorted(range(len(jobs)), key=lambda i: source_order(jobs[i].source))


def outcomes_in_turn(batch, jobs: list, turn: list[int], *, champion: str | None,
                     keep: Callable[[Any], object] | None = None) -> Iterator:
    """The outcome of each job, in the order ``turn`` gives their indexes, checked in this process a
    chunk at a time as they are asked for (nothing is held: an output written as it is made); the
    report selected as ``batch.selection`` says, the deck kept as ``keep`` keeps it (whole if None).
    Once every outcome is given, the errors are added to ``batch.unreadable`` in job order (as
    :func:`run_jobs` adds them)."""
    from deckcheck.workers import CHUNK

    checker = _JobChecker(batch.cards, batch.format, batch.as_of, champion, keep_decks=keep or True, debug=False,
                          selection=batch.selection)
    errors: list[tuple[int, DeckcheckError]] = []
    for start in range(0, len(turn), CHUNK):
        chunk = turn[start:start + CHUNK]
        for i, outcome in zip(chunk, checker.outcomes([jobs[i] for i in chunk])):
            if outcome.__class__ is not tuple:
                errors.append((i, outcome))
            yield outcome
    batch.unreadable.extend(error for _, error in sorted(errors, key=lambda found: found[0]))


class _JobChecker:
    """Reads, resolves and checks jobs (:class:`deckcheck.batch.inputs.Job`). An input that cannot
    be read becomes its DeckcheckError, returned, so one broken input never stops a batch."""

    def __init__(self, db, spec, day, champion: str | None, *, keep_decks: bool | Callable[[Any], object],
                 debug: bool, selection=None) -> None:
        from deckcheck.decks.load import resolve_files
        from deckcheck.decks.memory import ReadMemory
        from deckcheck.decks.resolve import resolve_deck
        from deckcheck.rules.engine import checker

        self.db, self.champion, self.keep_decks, self.debug = db, champion, keep_decks, debug
        self.resolve, self.resolve_files = resolve_deck, resolve_files
        self.check = checker(spec, day, db).check  # the format on the day, over the batch's card data
        self.selection = None if selection is None or selection.everything else selection
        self.memory = ReadMemory()  # the lines this batch's files repeat (a worker process extends its own copy)

    def outcomes(self, jobs) -> list:
        """``(deck, report)`` or the DeckcheckError of each job (the deck None unless kept: what a
        worker sends back holds none). Stage by stage over the chunk: the deck files read and
        resolved together, then every deck checked, then the selection applied to every report."""
        db, champion = self.db, self.champion
        paths = [job.path for job in jobs if job.path is not None]
        from_files = iter(self.resolve_files(paths, db, champion, self.memory) if paths else ())
        decks = []
        for job in jobs:
            if job.path is not None:
                decks.append(next(from_files))
                continue
            try:
                decks.append(self.resolve(job.read(), db, champion=champion))
            except Exception as exc:  # noqa: BLE001 - this input's error, made below
                decks.append(exc)
        check = self.check
        out = []
        for job, deck in zip(jobs, decks):
            try:
                if isinstance(deck, Exception):
                    raise deck
                out.append(check(deck))
            except Exception as exc:  # noqa: BLE001 - an unreadable input, or a bug in a rule: its error
                if self.debug and not isinstance(exc, (DeckcheckError, RecursionError)):
                    raise
                out.append(_input_error(exc, job.source, job.player))
        selection, keep = self.selection, self.keep_decks
        part = keep if callable(keep) else None  # what of a deck to keep, kept while the next are checked
        for i, (deck, report) in enumerate(zip(decks, out)):
            if report.__class__ is Report:
                if selection is not None:
                    selection.apply(report)
                out[i] = ((part(deck) if part is not None else deck) if keep else None, report)
        return out

    def packed_outcomes(self, jobs) -> list:
        """:meth:`outcomes` with each report packed (:func:`deckcheck.batch.packed.pack`), no deck kept."""
        from deckcheck.batch.packed import pack

        return [(None, pack(outcome[1])) if outcome.__class__ is tuple else outcome
                for outcome in self.outcomes(jobs)]


def _input_error(exc: Exception, source: str, player: str | None) -> DeckcheckError:
    """What an input that could not be checked reports: its own DeckcheckError (with the file and
    player filled in), or a one-line internal error naming a bug."""
    if isinstance(exc, DeckcheckError):
        if not exc.file:
            exc.file = source
        if exc.player is None:
            exc.player = player
        return exc
    if isinstance(exc, RecursionError):
        error = DeckcheckError(say("too deeply nested"), file=source)
    else:
        error = DeckcheckError(say("internal error: {error} (run with --debug on this file alone for the traceback)",
                                   error=f"{type(exc).__name__}: {exc}"), file=source)
    error.player = player
    return error


def _outcome_to_plain(outcome, report_plain: Callable[[Any], Any] | None = None) -> tuple[tuple, str]:
    """A job's outcome (its report, or the input's error; no deck) as ``(plain values, text)`` for
    :func:`deckcheck.workers.run_shared`; ``report_plain`` turns the report into plain values
    (default :func:`~deckcheck.rules.transfer.report_to_plain`; a packed report's is
    :func:`~deckcheck.batch.packed.plain_of`)."""
    from deckcheck.rules.transfer import error_to_plain, report_to_plain

    if outcome.__class__ is tuple:
        return (True, (report_plain or report_to_plain)(outcome[1])), ""
    return (False, error_to_plain(outcome)), ""


def _outcome_from_plain(plain: tuple, text: str, report_of: Callable[[Any], Any] | None = None):
    """The outcome :func:`_outcome_to_plain` was given; ``report_of`` makes the report of its plain values
    (default :func:`~deckcheck.rules.transfer.report_from_plain`; packed again:
    :func:`~deckcheck.batch.packed.pack_plain`)."""
    from deckcheck.rules.transfer import error_from_plain, report_from_plain

    is_report, value = plain
    return (None, (report_of or report_from_plain)(value)) if is_report else error_from_plain(value)


def _nothing(finished: int) -> None:
    """The progress of a batch with no bar to show."""
