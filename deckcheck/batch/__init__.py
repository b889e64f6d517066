"""Check many inputs at once: deck files, folders, globs, stdin, deck codes and registration exports.

    >>> from deckcheck import check_paths
    >>> batch = check_paths("sample_decks/legal-jinx-loose-cannon.txt", as_of="2026-11-01")
    >>> [report.verdict for report in batch.reports], batch.exit_code()
    (['legal'], 0)
    >>> batch.render("csv").splitlines()[0]
    'player,source,legend,champion,verdict,errors,warnings,codes,first_problem,problems,row,duplicate'

One unreadable input never stops the others: it is kept in :attr:`Batch.unreadable`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from deckcheck.arguments import OnePath, Paths, as_paths, as_strings
from deckcheck.batch.model import Batch
from deckcheck.batch.outputs import OUTPUTS
from deckcheck.errors import DeckcheckError

if TYPE_CHECKING:
    from contextlib import AbstractContextManager

    from deckcheck.cards.lookup import CardDB
    from deckcheck.batch.inputs import Job
    from deckcheck.decks.registrations import ExportOptions
    from deckcheck.rules.formats import FormatSpec
    from deckcheck.rules.selection import RuleSelection

__all__ = ["Batch", "OUTPUTS", "check_paths", "checked_in_order"]

#: ``progress(total)`` gives a context whose value ``done(n)`` is called as decks are checked.
Progress = Callable[[int], "AbstractContextManager[Callable[[int], object]]"]


@dataclass(frozen=True, slots=True)
class _Gathered:
    """A batch before any deck is checked, its jobs, the team's two files, its format and rule selection."""

    batch: Batch
    jobs: list[Job]
    pair: tuple[str, ...]
    spec: FormatSpec
    selection: RuleSelection | None


def check_paths(paths: Paths = (), *, format: str | FormatSpec = "standard", as_of: date | str | None = None,
                champion: str | None = None, select: str | Iterable[str] = (), ignore: str | Iterable[str] = (),
                jobs: int | None = None, exports: ExportOptions | None = None, codes: str | Iterable[str] = (),
                team: tuple[OnePath, OnePath] | None = None,
                cards: CardDB | None = None, exclude: Callable[[str], str | None] | None = None,
                keep_decks: bool | Callable[[Any], object] = False,
                progress: Progress | None = None, debug: bool = False, pack_reports: int | None = None) -> Batch:
    """Read, resolve and check every input in ``format`` on ``as_of`` (default today).

    ``paths`` are deck files, folders (walked), globs, ``-`` (stdin) and registration exports
    (read with ``exports``, a :class:`~deckcheck.decks.registrations.ExportOptions`); ``codes`` are
    deck codes or TTS strings. ``select``/``ignore`` choose the rules reported (codes or prefixes).
    ``paths``, ``codes``, ``select`` and ``ignore`` each take one (a ``str``, or a path) or many.
    ``jobs`` processes share a large batch (None: one per free core; 1: this process alone).
    ``team`` pairs two of the files as a 2v2 team. ``exclude(path)`` gives the reason a file is
    left out, or None. ``keep_decks`` keeps each deck beside its report (``batch.decks``); a callable
    gives what to keep of each deck once checked (a sheet keeps a bounded list of its unread lines).
    ``progress(total)`` is a context giving ``done(n)``; ``debug``
    raises a bug instead of reporting it as the input's error. A batch of more than
    ``pack_reports`` inputs keeps its reports past the first ``pack_reports`` packed
    (:class:`~deckcheck.batch.packed.PackedReports`: a sixth of the memory, each made again when read,
    so a change to one is not kept; not with ``keep_decks`` nor in a team format): for a batch that is
    only rendered (``deckcheck check``; None: every report whole).
    """
    found = _gathered(paths, format=format, as_of=as_of, select=select, ignore=ignore, exports=exports, codes=codes,
                      team=team, cards=cards, exclude=exclude)
    _run_all(found, champion=champion, keep_decks=keep_decks, processes=jobs, debug=debug, progress=progress,
             pack=pack_reports)
    return found.batch


def checked_in_order(paths: Paths = (), *, format: str | FormatSpec = "standard", as_of: date | str | None = None,
                     champion: str | None = None, select: str | Iterable[str] = (), ignore: str | Iterable[str] = (),
                     exports: ExportOptions | None = None, exclude: Callable[[str], str | None] | None = None,
                     keep: Callable[[Any], object] | None = None
                     ) -> tuple[Batch, list[tuple[str | None, str | None]], Iterator[Any]]:
    """:func:`check_paths` for an output written as it is made (``deckcheck sheet``): the batch (its
    format, day, files and notices; no reports), each input's source and player (known before any is
    checked: who registered twice), and each input's outcome, ``(deck, report)`` (the deck
    as ``keep`` keeps it) or its error, in source order (an export's rows in row order; for one source,
    decks before errors), each checked as it is asked for, in this process: a batch is never held whole.
    Every error is in ``batch.unreadable`` once the outcomes are read (in :func:`check_paths`' order).
    A team format's decks are all checked first (teammates are checked as pairs), then given in order."""
    from deckcheck.batch.run import in_source_order, outcomes_in_turn
    from deckcheck.render.table import ordered_outcomes, source_order

    found = _gathered(paths, format=format, as_of=as_of, select=select, ignore=ignore, exports=exports, codes=(),
                      team=None, cards=None, exclude=exclude)
    batch, todo = found.batch, found.jobs
    if found.spec.team_size:
        _run_all(found, champion=champion, keep_decks=keep or True, processes=1, debug=False)
        decks = sorted(zip(batch.decks, batch.reports), key=lambda pair: source_order(pair[0].source))
        pairs = [(deck.source, deck.player) for deck, _ in decks]
        return batch, pairs + [(e.file, e.player) for e in batch.unreadable], ordered_outcomes(iter(decks),
                                                                                              list(batch.unreadable))
    turn = in_source_order(todo)
    known = list(batch.unreadable)
    outcomes = outcomes_in_turn(batch, todo, turn, champion=champion, keep=keep)
    pairs = [(job.source, job.player) for job in todo] + [(e.file, e.player) for e in known]
    return batch, pairs, ordered_outcomes(outcomes, known)


def _run_all(found: _Gathered, *, champion: str | None,
             keep_decks: bool | Callable[[Any], object], processes: int | None, debug: bool,
             progress: Progress | None = None, pack: int | None = None) -> None:
    """Check every job into ``batch``, pair the team's files, check teammates as pairs, select the rules
    (``pack``: how many reports are kept whole before the rest are packed, unless the decks are kept)."""
    from deckcheck.batch.run import run_jobs

    batch, spec, selection = found.batch, found.spec, found.selection
    keep_decks = keep_decks or bool(spec.team_size)  # 2v2: teammates' decks are checked as pairs afterwards
    run_jobs(batch, found.jobs, champion=champion, keep_decks=keep_decks, processes=processes, debug=debug,
             selection=None if keep_decks else selection, progress=progress, pack=pack)
    if found.pair:
        batch.pair_files(*found.pair)
    batch.check_teams(spec.team_size)
    if selection is not None and keep_decks:
        for report in batch.reports:
            selection.apply(report)


def _gathered(paths: Paths, *, format: str | FormatSpec, as_of: date | str | None, select: str | Iterable[str],
              ignore: str | Iterable[str], exports: ExportOptions | None, codes: str | Iterable[str],
              team: tuple[OnePath, OnePath] | None, cards: CardDB | None,
              exclude: Callable[[str], str | None] | None) -> _Gathered:
    """The batch before any deck is checked (format, day, card data, selection, the inputs found), its jobs,
    and the team's two files (none without a team)."""
    from deckcheck.batch.inputs import gather, not_decks
    from deckcheck.rules import load_format, parse_as_of

    selection = None
    if select or ignore:
        from deckcheck.rules.selection import RuleSelection

        selection = RuleSelection(select, ignore)
    day = parse_as_of(as_of)
    spec = load_format(format) if isinstance(format, str) else format
    pair = _team(team, spec)
    if cards is None:
        from deckcheck.cards import load_cards

        cards = load_cards()
    validate_format(spec, day, cards)
    inputs = [*as_paths(paths), *pair]
    found = gather(inputs, as_strings(codes), exports=exports, exclude=not_decks(format), excluded=exclude)
    batch = Batch(unreadable=found.unreadable, skipped=found.skipped, format=spec, as_of=day, cards=cards,
                  selection=selection, files=found.files, notices=found.notices)
    return _Gathered(batch, found.jobs, pair, spec, selection)


def _team(team: tuple[OnePath, OnePath] | None, spec: FormatSpec) -> tuple[str, ...]:
    """The two files of ``team`` as paths (none without a team), or the error saying why they are no team."""
    if not team:
        return ()
    pair = tuple(as_paths(team))
    if len(pair) != 2:
        raise DeckcheckError(f"a team is two deck files, not {len(pair)}", parameter="team")
    if not spec.team_size:
        raise DeckcheckError(f"the format '{spec.name}' has no teams (teams are checked in format 2v2)",
                             parameter="team")
    return pair


def validate_format(spec: FormatSpec, day: date, cards: CardDB) -> None:
    """Check the format's card names (an event file's bans and battlefields) before any deck, so a
    typo in the event file is one error with its line, not every deck unreadable."""
    from deckcheck.rules.engine import checker

    checker(spec, day, cards)
