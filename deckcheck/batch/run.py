"""Running a batch's jobs: read, resolve and check each, in this process or shared among processes."""

from __future__ import annotations

from contextlib import nullcontext

from deckcheck.errors import DeckcheckError

#: From this many inputs on, a batch tunes the garbage collector (:class:`_fewer_collections`).
BATCH_MIN = 50


def run_jobs(batch, jobs: list, *, champion: str | None, keep_decks, processes: int | None, debug: bool,
             selection=None, json_parts: bool = False, progress=None) -> None:
    """Check every job into ``batch`` (its reports, decks, unreadable inputs and JSON parts).

    Without ``keep_decks`` (True, or a callable giving what to keep of each deck) the batch holds
    reports only and a large batch is shared among ``processes`` processes (None: one per free
    core; see :mod:`deckcheck.workers`). ``selection``
    is applied to each report as it is made; with ``json_parts`` each report's part of the JSON
    document is written with it and kept in ``batch.prepared`` (plain data: it may come from a worker).
    """
    from deckcheck.workers import processes_for, run_chunks, run_shared

    unreadable = batch.unreadable
    # Decks stay in this process only when something after the check reads them (2v2 pairs, sheets);
    # otherwise the machine's cores share the batch, each sending back its reports.
    processes = 1 if keep_decks or debug else processes_for(len(jobs), processes)
    prepare = _json_part(batch.strict) if json_parts and processes > 1 else None
    checker = _JobChecker(batch.cards, batch.format, batch.as_of, champion, debug=debug, selection=selection,
                          prepare=prepare)
    prepared = batch.prepared = [] if prepare is not None else None
    with (progress(len(jobs)) if progress is not None else nullcontext(_nothing)) as done, \
            _fewer_collections(len(jobs)):
        if keep_decks or debug:  # one job after another, each deck kept (debug: a bug's traceback)
            add = batch.add
            check = checker.deck_and_report
            kept = keep_decks if callable(keep_decks) else None
            for i, job in enumerate(jobs, 1):
                outcome = check(job)
                if outcome.__class__ is tuple:
                    add(kept(outcome[0]) if kept else outcome[0], outcome[1])
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
            if outcome.__class__ is tuple:
                reports.append(outcome[0])
                if prepared is not None:
                    prepared.append(outcome[1])
            else:
                unreadable.append(outcome)


def _json_part(strict: bool):
    """What each job adds to its report for JSON output: the deck's part of the document, written
    where the deck was checked (in a worker process too), so the document is only put together."""
    from deckcheck.render.json import DeckWriter

    return DeckWriter(strict)


class _JobChecker:
    """Reads, resolves and checks jobs (:class:`deckcheck.batch.inputs.Job`). An input that cannot
    be read becomes its DeckcheckError, returned, so one broken input never stops a batch."""

    def __init__(self, db, spec, day, champion: str | None, debug: bool, selection=None, prepare=None) -> None:
        from deckcheck.decks.load import resolve_file, resolve_files
        from deckcheck.decks.memory import ReadMemory
        from deckcheck.decks.resolve import resolve_deck
        from deckcheck.rules.engine import checker

        self.db, self.champion, self.debug = db, champion, debug
        self.resolve = resolve_deck
        self.check = checker(spec, day, db).check  # the format on the day, over the batch's card data
        self.resolve_file, self.resolve_files = resolve_file, resolve_files
        self.selection = None if selection is None or selection.everything else selection
        self.prepare = prepare
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
        """``(report, prepared)`` or the DeckcheckError of each job, without the decks (what a worker
        sends back). Stage by stage over the chunk: the deck files read and resolved together,
        then every deck checked, then the selection and ``prepare`` applied to every report."""
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
        selection, prepare = self.selection, self.prepare
        for i, report in enumerate(out):
            if not isinstance(report, DeckcheckError):
                if selection is not None:
                    selection.apply(report)
                out[i] = (report, None if prepare is None else prepare(report))
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
    """A job's outcome as ``(plain values, text)`` for :func:`deckcheck.workers.run_shared`. With its
    part of the JSON output written, a report is not sent: that part (the text) and its verdict
    are all the document and the exit code need. Otherwise the report (or the input's error)
    travels as plain values."""
    from deckcheck.rules.transfer import error_to_plain, report_to_plain

    if outcome.__class__ is tuple:
        report, prepared = outcome
        if prepared is None:
            return (True, report_to_plain(report), None), ""
        return (True, None, prepared[1:]), prepared[0]
    return (False, error_to_plain(outcome), None), ""


def _outcome_from_plain(plain: tuple, text: str):
    """The outcome :func:`_outcome_to_plain` was given (the report None when it was not sent)."""
    from deckcheck.rules.transfer import error_from_plain, report_from_plain

    is_report, value, rest = plain
    if not is_report:
        return error_from_plain(value)
    if rest is None:
        return report_from_plain(value), None
    verdict, warned, passed = rest
    return None, (text, verdict, warned, passed)


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
