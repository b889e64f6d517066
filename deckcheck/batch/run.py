"""Running a batch's jobs: read, resolve and check each, in this process or shared among processes."""

from __future__ import annotations

from contextlib import nullcontext

from deckcheck.errors import DeckcheckError
from deckcheck.rules.report import Report

#: From this many inputs on, a batch tunes the garbage collector (:class:`_fewer_collections`).
BATCH_MIN = 50


def run_jobs(batch, jobs: list, *, champion: str | None, keep_decks: bool, processes: int | None, debug: bool,
             selection=None, progress=None) -> None:
    """Check every job into ``batch`` (its reports, decks and unreadable inputs).

    Without ``keep_decks`` the batch holds reports only and a large batch is shared among
    ``processes`` processes (None: one per free core; see :mod:`deckcheck.workers`). ``selection``
    is applied to each report as it is made.
    """
    from deckcheck.workers import processes_for, run_chunks, run_shared

    unreadable = batch.unreadable
    # Decks stay in this process only when something after the check reads them (2v2 pairs, sheets);
    # otherwise the machine's cores share the batch, each sending back its reports.
    processes = 1 if keep_decks or debug else processes_for(len(jobs), processes)
    checker = _JobChecker(batch.cards, batch.format, batch.as_of, champion, debug=debug, selection=selection)
    with (progress(len(jobs)) if progress is not None else nullcontext(_nothing)) as done, \
            _fewer_collections(len(jobs)):
        if keep_decks or debug:  # one job after another, each deck kept (debug: a bug's traceback)
            add = batch.add
            check = checker.deck_and_report
            for i, job in enumerate(jobs, 1):
                outcome = check(job)
                if outcome.__class__ is tuple:
                    add(*outcome)
                else:
                    unreadable.append(outcome)
                done(i)
            return
        # chunk by chunk, stage by stage; each deck is freed once checked
        if processes > 1:
            outcomes = run_shared(jobs, checker.reports, processes=processes, encode=_outcome_to_plain,
                                  decode=_outcome_from_plain, done=done)
        else:
            outcomes = run_chunks(jobs, checker.reports, done)
        reports = batch.reports
        for outcome in outcomes:
            if outcome.__class__ is Report:
                reports.append(outcome)
            else:
                unreadable.append(outcome)


class _JobChecker:
    """Reads, resolves and checks jobs (:class:`deckcheck.batch.inputs.Job`). An input that cannot
    be read becomes its DeckcheckError, returned, so one broken input never stops a batch."""

    def __init__(self, db, spec, day, champion: str | None, debug: bool, selection=None) -> None:
        from deckcheck.decks.load import resolve_file, resolve_files
        from deckcheck.decks.memory import ReadMemory
        from deckcheck.decks.resolve import resolve_deck
        from deckcheck.rules.engine import checker

        self.db, self.champion, self.debug = db, champion, debug
        self.resolve = resolve_deck
        self.check = checker(spec, day, db).check  # the format on the day, over the batch's card data
        self.resolve_file, self.resolve_files = resolve_file, resolve_files
        self.selection = None if selection is None or selection.everything else selection
        self.memory = ReadMemory()  # the lines this batch's files repeat (a worker process extends its own copy)

    def deck_and_report(self, job):
        """``(deck, report)`` of one job, or its DeckcheckError (with ``debug`` a bug is raised)."""
        try:
            if job.path is not None:
                deck = self.resolve_file(job.path, self.db, self.champion, self.memory)
            else:
                deck = self.resolve(job.read(), self.db, champion=self.champion)
            return deck, self.check(deck)
        except Exception as exc:
            if self.debug and not isinstance(exc, (DeckcheckError, RecursionError)):
                raise
            return _input_error(exc, job.source, job.player)

    def reports(self, jobs) -> list:
        """The report or the DeckcheckError of each job, without the decks (what a worker sends
        back). Stage by stage over the chunk: the deck files read and resolved together, then every
        deck checked, then the selection applied to every report."""
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
            if isinstance(deck, Exception):
                out.append(_input_error(deck, job.source, job.player))
                continue
            try:
                out.append(check(deck))
            except Exception as exc:  # noqa: BLE001 - a bug in a rule: this input's error
                out.append(_input_error(exc, job.source, job.player))
        selection = self.selection
        if selection is not None:
            for report in out:
                if not isinstance(report, DeckcheckError):
                    selection.apply(report)
        return out


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
        error = DeckcheckError("too deeply nested", file=source)
    else:
        error = DeckcheckError(f"internal error: {type(exc).__name__}: {exc} "
                               "(run with --debug on this file alone for the traceback)", file=source)
    error.player = player
    return error


def _outcome_to_plain(outcome) -> tuple[tuple, str]:
    """A job's outcome (its report, or the input's error) as ``(plain values, text)`` for
    :func:`deckcheck.workers.run_shared`."""
    from deckcheck.rules.transfer import error_to_plain, report_to_plain

    if outcome.__class__ is Report:
        return (True, report_to_plain(outcome)), ""
    return (False, error_to_plain(outcome)), ""


def _outcome_from_plain(plain: tuple, text: str):
    """The outcome :func:`_outcome_to_plain` was given."""
    from deckcheck.rules.transfer import error_from_plain, report_from_plain

    is_report, value = plain
    return report_from_plain(value) if is_report else error_from_plain(value)


class _fewer_collections:
    """Over a batch of many decks, the garbage collector runs less often and never scans the card data.

    Every deck and report of a batch stays alive until the output is written, so the collector's
    passes over them find nothing; freezing what exists (the card data, the format) and collecting
    young objects a twentieth as often. Undone afterwards.
    """

    def __init__(self, total: int) -> None:
        self.active = total >= BATCH_MIN
        self.threshold = (0, 0, 0)

    def __enter__(self) -> None:
        if self.active:
            import gc

            self.threshold = gc.get_threshold()
            gc.freeze()
            gc.set_threshold(max(self.threshold[0], 20_000), *self.threshold[1:])

    def __exit__(self, *exc) -> None:
        if self.active:
            import gc

            gc.set_threshold(*self.threshold)
            gc.unfreeze()


def _nothing(finished: int) -> None:
    """The progress of a batch with no bar to show."""
