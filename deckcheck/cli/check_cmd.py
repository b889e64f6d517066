"""``deckcheck check``: check deck files, folders, globs, stdin and deck codes; report in four outputs."""

from __future__ import annotations

import sys
from enum import Enum
from itertools import repeat
from typing import List, Optional, Tuple

import typer

from deckcheck.cli.options import DECK_COLUMN, ENCODING, FORCE, JSON_ALIAS, OUT_FILE, PLAYER_COLUMN, SHEET, output_of, output_option, refuse_overwriting_inputs, write_out
from deckcheck.errors import EXIT_ILLEGAL, EXIT_OK, EXIT_USAGE, DeckcheckError

#: Show a progress bar (in a terminal) from this many inputs on.
PROGRESS_MIN = 10

HELP = """Check decklists against the deck-construction rules of a format on a date.

PATH is a deck file, a folder (searched recursively for .txt, .deck, .code, .yaml, .yml, .json
and extension-less files), a glob such as 'decks/*.txt', or '-' for stdin. A deck code or TTS
string can be given with --code. One unreadable file does not stop the others being checked;
finding no deck file at all is an error.

Exit codes: 0 every deck legal; 1 some deck illegal or unverified (not proven legal: the card data
lacks one of its cards), or with --strict has warnings;
2 bad input or usage (an input could not be read, unknown option, unknown format).
When both happen, 2 wins: a batch with an unreadable file exits 2 even if the rest are illegal.
"""


class Output(str, Enum):
    """The outputs of ``check -o`` (the first is the default)."""

    text = "text"
    json = "json"
    github = "github"
    junit = "junit"
    csv = "csv"
    markdown = "markdown"
    html = "html"
    concise = "concise"
    sarif = "sarif"


def register(app: typer.Typer) -> None:
    app.command("check", help=HELP, no_args_is_help=False)(check)


def exit_code(reports, unreadable, strict: bool = False, prepared=None) -> int:
    """2 if any input could not be read, else 1 if any deck fails, else 0. ``prepared[i]``, when
    given and not None, holds whether ``reports[i]`` passes (see :class:`~deckcheck.rules.batch.Batch`)."""
    if unreadable:
        return EXIT_USAGE
    verdicts = prepared if prepared is not None else repeat(None)
    if any(not (r.passes(strict) if p is None else p[3]) for r, p in zip(reports, verdicts)):
        return EXIT_ILLEGAL
    return EXIT_OK


def check(
    paths: Optional[List[str]] = typer.Argument(None, metavar="PATH", show_default=False,
                                                help="Deck files, folders, globs, or - for stdin"),
    code: list[str] = typer.Option([], "--code", "-c", metavar="STRING",
                                   help="A deck code or TTS string to check (repeatable)"),
    format_: Optional[str] = typer.Option(None, "--format", "-f", metavar="FORMAT", show_default=False,
                                          help="standard (default), standard-bo1, casual, 2v2, or a format .yaml file"),
    as_of: Optional[str] = typer.Option(None, "--as-of", metavar="DATE", show_default=False,
                                        help="Check with the rules and bans of this date (YYYY-MM-DD; default today)"),
    champion: Optional[str] = typer.Option(None, "--champion", metavar="NAME",
                                           help="The Chosen Champion, for sources that do not name it"),
    strict: Optional[bool] = typer.Option(None, "--strict/--no-strict", show_default=False,
                                          help="Warnings fail a deck too (exit 1)"),
    select: List[str] = typer.Option([], "--select", metavar="CODES", show_default=False,
                                     help="Report only these rules: codes or prefixes, comma-separated (RB1,RB601)"),
    ignore: List[str] = typer.Option([], "--ignore", metavar="CODES", show_default=False,
                                     help="Leave these rules out: codes or prefixes, comma-separated (RB004)"),
    exit_zero: bool = typer.Option(False, "--exit-zero",
                                   help="Exit 0 even when a deck is illegal (2 still means an unreadable input)"),
    statistics: bool = typer.Option(False, "--statistics",
                                    help="Instead of each problem, one line per rule: count, code, name"),
    show_settings: bool = typer.Option(False, "--show-settings",
                                       help="Print the settings in force and where each comes from, then exit"),
    output: str = output_option([o.value for o in Output],
                                help="text, concise (one line per problem), json, github (annotations), "
                                "sarif (code scanning), junit, csv (one row per registration), markdown or html "
                                "(a report page) (default text)"),
    quiet: bool = typer.Option(False, "--quiet", "-q",
                               help="Show only failing decks and problems (text); no notices (github)"),
    out_file: Optional[str] = OUT_FILE,
    force: bool = FORCE,
    player_column: Optional[str] = PLAYER_COLUMN,
    deck_column: Optional[str] = DECK_COLUMN,
    sheet: Optional[str] = SHEET,
    encoding: Optional[str] = ENCODING,
    team: Optional[Tuple[str, str]] = typer.Option(None, "--team", metavar="A B",
                                                   help="2v2: two deck files of one team, checked as a pair"),
    jobs: Optional[str] = typer.Option(None, "--jobs", "-j", metavar="N", show_default=False,
                                       help="Processes sharing a large batch (1: this one alone; default: one per core)"),
    as_json: bool = JSON_ALIAS,
) -> None:
    from deckcheck.cli.common import card_db
    from deckcheck.decks.registrations import ExportOptions
    from deckcheck.rules import format_on, load_format, parse_as_of
    from deckcheck.settings import find_settings

    output = Output(output_of(output, as_json, [o.value for o in Output]))
    settings = find_settings()
    used = {  # each setting in force: (value, where it came from)
        "format": _pick(format_, "--format", settings, "format", "standard"),
        "as-of": _pick(as_of, "--as-of", settings, "as-of", None),
        "strict": _pick(strict, "--strict", settings, "strict", False),
        "select": _pick(_selectors(select), "--select", settings, "select", []),
        "ignore": _pick(_selectors(ignore), "--ignore", settings, "ignore", []),
        "exclude": _pick(None, "", settings, "exclude", []),
    }
    format_, as_of, strict = used["format"][0], used["as-of"][0], used["strict"][0]
    selection = None
    if used["select"][0] or used["ignore"][0]:
        from deckcheck.rules.selection import RuleSelection

        selection = RuleSelection(used["select"][0], used["ignore"][0])
    if show_settings:
        from deckcheck.settings import describe

        sys.stdout.write(describe(settings, used))
        raise typer.Exit(0)
    inputs = list(paths or [])
    if team:
        inputs.extend(team)
    if not inputs and not code:
        raise DeckcheckError("nothing to check: give deck files, folders, globs, '-' for stdin, or --code STRING")
    if encoding is not None:
        import codecs

        try:
            codecs.lookup(encoding)
        except LookupError:
            raise DeckcheckError(f"--encoding: unknown encoding '{encoding}' "
                                 "(try utf-8, utf-16, cp1252, latin-1, mac-roman)") from None
    day = parse_as_of(as_of)
    spec = load_format(format_)
    if team and not spec.team_size:
        raise DeckcheckError(f"--team pairs the decks of a 2v2 team; the format '{spec.name}' has no teams "
                             "(use --format 2v2)")
    db = card_db()
    validate_format(spec, day, db)
    targets = {spec.name: format_on(spec, day, db.sets).targets()}
    refuse_overwriting_inputs(out_file, _input_files(inputs), force)
    exports = ExportOptions(player_column=player_column, deck_column=deck_column, sheet=sheet, encoding=encoding)
    keep_decks = bool(spec.team_size)  # 2v2: teammates' decks are checked as pairs afterwards
    batch = check_inputs(inputs, code, spec=spec, day=day, db=db, champion=champion, exports=exports,
                         exclude=_not_decks(format_), excluded=_excluded_by(settings),
                         keep_decks=keep_decks, processes=_processes(jobs),
                         selection=None if keep_decks else selection,
                         prepare=_json_deck_text(strict) if output is Output.json and not statistics else None)
    if team:
        batch.pair_files(*team)
    batch.check_teams(spec.team_size)
    if selection is not None and keep_decks:
        for report in batch.reports:
            selection.apply(report)
    if statistics:
        from deckcheck.render.statistics import render_statistics

        write_out(render_statistics(batch.reports, batch.unreadable, as_json=output is Output.json), out_file,
                  inputs=_input_files(inputs), force=force)
    else:
        emit(batch.reports, batch.unreadable, output=output, targets=targets, strict=strict, quiet=quiet,
             skipped=batch.skipped, out_file=out_file, spec=spec, day=day, db=db,
             selected=None if selection is None or selection.everything else set(selection.codes),
             prepared=batch.prepared)
    code_ = exit_code(batch.reports, batch.unreadable, strict, batch.prepared)
    raise typer.Exit(EXIT_OK if exit_zero and code_ == EXIT_ILLEGAL else code_)


def _json_deck_text(strict: bool):
    """What each job adds to its report for ``-o json``: the deck's part of the document, written
    where the deck was checked (in a worker process too), so the document is only put together."""
    from deckcheck.render.json import deck_text

    return lambda report: deck_text(report, strict)


def _processes(jobs: str | None) -> int | None:
    """``--jobs N``: a whole number of processes, at least 1 (None when not given: one per core)."""
    if jobs is None:
        return None
    text = jobs.strip()
    if not text.isdigit() or int(text) < 1:
        raise DeckcheckError(f"--jobs: '{jobs}' is not a number of processes (a whole number, at least 1)")
    return int(text)


def _selectors(values: list[str]) -> list[str] | None:
    """``--select RB1,RB6 --select RB004`` -> ``["RB1", "RB6", "RB004"]``; None when not given."""
    found = [part.strip() for value in values for part in value.split(",") if part.strip()]
    return found or None


def _pick(given, option: str, settings, key: str, default):
    """A setting's value and origin: the command line wins, then the settings file, then the default."""
    if given is not None:
        return given, f"command line {option}"
    if key in settings.values:
        return settings.values[key], str(settings.path)
    return default, "default"


def _excluded_by(settings):
    """A test of a path against the settings' ``exclude`` globs (None when there are none)."""
    if not settings.get("exclude"):
        return None

    def excluded(path: str) -> str | None:
        pattern = settings.excluded(path)
        return None if pattern is None else f"excluded by '{pattern}' in {settings.path}"

    return excluded


def validate_format(spec, day, db) -> None:
    """Check the format's card names (an event file's bans and battlefields) before any deck, so a
    typo in the event file is one error with its line, not every deck unreadable."""
    from deckcheck.rules.facts import legality

    legality(db, spec, day)


def _not_decks(format_: str) -> dict[str, str]:
    """Files a folder walk must not read as decks: the event format file given to --format."""
    import os

    if format_.lower().endswith((".yaml", ".yml")) and os.path.isfile(format_):
        return {format_: "the event format file given with --format, not a deck"}
    return {}


def _input_files(paths: list[str]) -> list[str]:
    """The files the given paths name (folders walked, globs expanded), so --out-file never
    replaces one of them."""
    import glob
    import os

    found: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            found.extend(os.path.join(d, f) for d, _, files in os.walk(path) for f in files)
        elif any(ch in path for ch in "*?["):
            found.extend(glob.glob(path, recursive=True))
        else:
            found.append(path)
    return found


def check_inputs(paths: list[str], codes: list[str], *, spec, day, db, champion: str | None,
                 exports=None, exclude: dict[str, str] | None = None, excluded=None, keep_decks: bool = True,
                 processes: int | None = None, selection=None, prepare=None):
    """Read, resolve and check every input; return a :class:`~deckcheck.rules.batch.Batch`.

    ``excluded(path)`` (the settings' ``exclude`` globs) gives the reason a file is left out, or None.
    Without ``keep_decks`` the batch holds reports only and a large batch is shared among
    ``processes`` processes (None: one per free core; see :mod:`deckcheck.workers`). ``selection``
    (``--select``/``--ignore``) is applied to each report as it is made; ``prepare(report)``, if
    given, is computed with it and kept in ``batch.prepared`` (plain data: it may come from a worker).
    """
    from deckcheck.cli import _debug_requested
    from deckcheck.decks import registrations
    from deckcheck.decks.load import STDIN, file_suffix, iter_deck_files, read_text
    from deckcheck.rules.batch import Batch
    from deckcheck.workers import processes_for, run_chunks, run_shared

    skipped: list = []
    jobs = []
    unreadable = []
    left_out = 0
    for item in iter_deck_files(paths, skipped=skipped, also=registrations.EXTENSIONS, exclude=exclude):
        why = excluded(item.path) if excluded is not None else None
        if why is not None:
            from deckcheck.decks.load import Skipped

            skipped.append(Skipped(item.path, why))
            left_out += 1
            continue
        if item.error is None and file_suffix(item.path) in registrations.EXTENSIONS \
                and registrations.is_registrations_file(item.path):
            try:
                export = registrations.read_export(item.path, **(exports or registrations.ExportOptions()).kwargs())
            except DeckcheckError as exc:
                unreadable.append(exc)
                continue
            jobs.extend((reg.source, reg.read, reg.player, None) for reg in export.registrations)
            continue
        if item.error is None:
            jobs.append((item.path, item.read, None, item.path if item.path != STDIN else None))
        else:
            jobs.append((item.path, _raiser(item.error), None, None))
    for i, text in enumerate(codes, 1):
        source = "<code>" if len(codes) == 1 else f"<code {i}>"
        jobs.append((source, lambda text=text, source=source: read_text(text, source=source), None, None))
    if not jobs and not unreadable and not left_out:  # an empty folder must not pass a CI job silently
        raise DeckcheckError(f"no deck files found in {', '.join(paths)} (deck files end in .txt, .deck, "
                             ".code, .yaml, .yml, .json, or have no ending; exports in .csv, .tsv, .xlsx)")

    batch = Batch(unreadable=unreadable, skipped=skipped)
    debug = _debug_requested(sys.argv)
    # Decks stay in this process only when something after the check reads them (2v2 pairs, sheets);
    # otherwise the machine's cores share the batch, each sending back its reports.
    processes = 1 if keep_decks or debug else processes_for(len(jobs), processes)
    if processes == 1:
        prepare = None  # one process: the output is written afterwards in one go, which costs less
    checker = _JobChecker(db, spec, day, champion, debug=debug, selection=selection, prepare=prepare)
    prepared = batch.prepared = [] if prepare is not None else None
    with _progress(len(jobs)) as done, _fewer_collections(len(jobs)):
        if keep_decks or debug:  # one job after another, each deck kept (--debug: a bug's traceback)
            add = batch.add
            check = checker.deck_and_report
            for i, job in enumerate(jobs, 1):
                outcome = check(job)
                if outcome.__class__ is tuple:
                    add(*outcome)
                else:
                    unreadable.append(outcome)
                done(i)
        else:  # chunk by chunk, stage by stage; each deck is freed once checked
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
    return batch


class _JobChecker:
    """Reads, resolves and checks jobs (source, read, player, path): ``read()`` gives the RawDeck,
    or ``path`` names a deck file read by :func:`deckcheck.decks.load.resolve_files`. An input that
    cannot be read becomes its DeckcheckError, returned, so one broken input never stops a batch."""

    def __init__(self, db, spec, day, champion: str | None, debug: bool, selection=None, prepare=None) -> None:
        from deckcheck.decks.load import resolve_file, resolve_files
        from deckcheck.decks.resolve import resolve_deck
        from deckcheck.rules import check_deck

        self.db, self.spec, self.day, self.champion, self.debug = db, spec, day, champion, debug
        self.resolve, self.check = resolve_deck, check_deck
        self.resolve_file, self.resolve_files = resolve_file, resolve_files
        self.selection = None if selection is None or selection.everything else selection
        self.prepare = prepare

    def deck_and_report(self, job):
        """``(deck, report)`` of one job, or its DeckcheckError (under --debug a bug is raised)."""
        source, read, player, path = job
        try:
            if path is not None:
                deck = self.resolve_file(path, self.db, self.champion)
            else:
                deck = self.resolve(read(), self.db, champion=self.champion)
            return deck, self.check(deck, self.spec, self.day, cards=self.db)
        except Exception as exc:
            if self.debug and not isinstance(exc, (DeckcheckError, RecursionError)):
                raise
            return _input_error(exc, source, player)

    def reports(self, jobs) -> list:
        """``(report, prepared)`` or the DeckcheckError of each job, without the decks (what a worker
        sends back). Stage by stage over the chunk: the deck files read and resolved together,
        then every deck checked, then the selection and ``prepare`` applied to every report."""
        db, champion = self.db, self.champion
        paths = [job[3] for job in jobs if job[3] is not None]
        from_files = iter(self.resolve_files(paths, db, champion) if paths else ())
        decks = []
        for _, read, _, path in jobs:
            if path is not None:
                decks.append(next(from_files))
                continue
            try:
                decks.append(self.resolve(read(), db, champion=champion))
            except Exception as exc:  # noqa: BLE001 - this input's error, made below
                decks.append(exc)
        check, spec, day = self.check, self.spec, self.day
        out = []
        for job, deck in zip(jobs, decks):
            if isinstance(deck, Exception):
                out.append(_input_error(deck, job[0], job[2]))
                continue
            try:
                out.append(check(deck, spec, day, cards=db))
            except Exception as exc:  # noqa: BLE001 - a bug in a rule: this input's error
                out.append(_input_error(exc, job[0], job[2]))
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
        return _with_player(DeckcheckError("too deeply nested", file=source), player)
    return _with_player(DeckcheckError(
        f"internal error: {type(exc).__name__}: {exc} "
        "(run with --debug on this file alone for the traceback)", file=source), player)


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
    young objects a twentieth as often saves about a tenth of a folder's time. Undone afterwards.
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


#: From this many inputs on, a batch tunes the garbage collector (:class:`_fewer_collections`).
BATCH_MIN = 50


def _with_player(error: DeckcheckError, player: str | None) -> DeckcheckError:
    error.player = player
    return error


def _raiser(error: Exception):
    def fail():
        raise error
    return fail


class _progress:
    """A transient progress bar on stderr when there are many inputs and stderr is a terminal.

    Entering gives ``done(n)``: n inputs are finished. The bar is redrawn by those calls (at most
    ten times a second), never by a thread of its own: the batch may fork worker processes, which
    is safe only while this process runs one thread.
    """

    def __init__(self, total: int) -> None:
        self.total = total
        self.bar = None
        self.task = None
        self.drawn = 0.0

    def __enter__(self):
        if self.total < PROGRESS_MIN or not sys.stderr.isatty():
            return _nothing
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        from deckcheck.cli.common import console

        self.bar = Progress(TextColumn("checking"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                            console=console(stderr=True), transient=True, auto_refresh=False)
        self.bar.__enter__()
        self.task = self.bar.add_task("check", total=self.total)
        return self.done

    def done(self, finished: int) -> None:
        import time

        now = time.monotonic()
        last = finished >= self.total
        if last or now - self.drawn >= 0.1:
            self.drawn = now
            self.bar.update(self.task, completed=min(finished, self.total), refresh=True)

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)


def _nothing(finished: int) -> None:
    """The progress of a batch with no bar to show."""


def emit(reports, unreadable, *, output: Output, targets, strict: bool, quiet: bool, skipped=(),
         out_file: str | None = None, spec=None, day=None, db=None, selected: set[str] | None = None,
         prepared=None) -> None:
    """Write the results in the chosen output, to ``out_file`` (atomically) or stdout."""
    if output is Output.text and out_file in (None, "-"):
        from deckcheck.render.text import render_text

        text = render_text(reports, unreadable, targets=targets, strict=strict, quiet=quiet, skipped=skipped)
        if not sys.stdout.isatty():  # piped: plain lines, one per item, so grep and diff see whole lines
            sys.stdout.write(text.plain())
            sys.stdout.flush()
            return
        from deckcheck.cli.common import console

        console().print(text)
        return
    write_out(render_output(reports, unreadable, output=output, targets=targets, strict=strict, quiet=quiet,
                            skipped=skipped, spec=spec, day=day, db=db, selected=selected, prepared=prepared),
              out_file)


def render_output(reports, unreadable, *, output: Output, targets, strict: bool, quiet: bool, skipped=(),
                  spec=None, day=None, db=None, selected: set[str] | None = None, prepared=None) -> str:
    """The results as one string in ``output`` (``prepared``: each report's part of the JSON
    document, as :func:`deckcheck.render.json.deck_text` wrote it, when the check wrote them)."""
    if output is Output.concise:
        from deckcheck.render.concise import render_concise

        return render_concise(reports, unreadable, strict=strict, quiet=quiet)
    if output is Output.sarif:
        from deckcheck.render.sarif import sarif_document

        import json

        return json.dumps(sarif_document(reports, unreadable, selected=selected, as_of=day), indent=2,
                          ensure_ascii=False) + "\n"
    if output is Output.text:
        from deckcheck.render.text import render_text, render_text_plain

        return render_text_plain(render_text(reports, unreadable, targets=targets, strict=strict, quiet=quiet,
                                             skipped=skipped))
    if output is Output.json:
        from deckcheck.render.json import render_json

        return render_json(reports, unreadable, strict=strict, skipped=skipped, card_data=_card_data(db),
                           prepared=prepared)
    if output is Output.csv:
        from deckcheck.render.table import render_csv

        return render_csv(reports, unreadable, strict=strict)
    if output is Output.markdown:
        from deckcheck.render.table import render_markdown

        return render_markdown(reports, unreadable, skipped=skipped, strict=strict)
    if output is Output.html:
        from deckcheck.render.report_page import render_report_page

        return render_report_page(reports, unreadable, skipped=skipped, strict=strict, card_data=_card_data(db),
                                  title=f"Registration check: {spec.title}" if spec is not None else None)
    if output is Output.github:
        from deckcheck.render.github import render_github

        return render_github(reports, unreadable, strict=strict, quiet=quiet)
    from deckcheck.render.junit import render_junit

    return render_junit(reports, unreadable, strict=strict)


def _card_data(db) -> dict | None:
    from deckcheck.render.json import card_data_dict

    return card_data_dict(db) if db is not None else None
