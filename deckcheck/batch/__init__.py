"""Check many inputs at once: deck files, folders, globs, stdin, deck codes and registration exports.

    >>> from deckcheck import check_paths
    >>> batch = check_paths(["sample_decks/legal-jinx-loose-cannon.txt"], as_of="2026-11-01")
    >>> [report.verdict for report in batch.reports], batch.exit_code()
    (['legal'], 0)
    >>> batch.render("csv").splitlines()[0]
    'player,source,legend,champion,verdict,errors,warnings,codes,first_problem,problems,row'

One unreadable input never stops the others: it is kept in :attr:`Batch.unreadable`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import date

from deckcheck.batch.model import OUTPUTS, Batch
from deckcheck.errors import DeckcheckError

__all__ = ["Batch", "OUTPUTS", "check_paths"]


def check_paths(paths: Iterable[str] = (), *, format="standard", as_of: date | str | None = None,
                champion: str | None = None, select: Sequence[str] = (), ignore: Sequence[str] = (),
                jobs: int | None = None, exports=None, codes: Sequence[str] = (),
                team: tuple[str, str] | None = None, cards=None, exclude: Callable[[str], str | None] | None = None,
                keep_decks: bool | Callable = False, render_as: str | None = None, strict: bool = False,
                progress=None, debug: bool = False) -> Batch:
    """Read, resolve and check every input in ``format`` on ``as_of`` (default today).

    ``paths`` are deck files, folders (walked), globs, ``-`` (stdin) and registration exports
    (read with ``exports``, a :class:`~deckcheck.decks.registrations.ExportOptions`); ``codes`` are
    deck codes or TTS strings. ``select``/``ignore`` choose the rules reported (codes or prefixes).
    ``jobs`` processes share a large batch (None: one per free core; 1: this process alone).
    ``team`` pairs two of the files as a 2v2 team. ``exclude(path)`` gives the reason a file is
    left out, or None. ``keep_decks`` keeps each deck beside its report (``batch.decks``); a callable
    gives what to keep of each deck once checked (a sheet keeps a bounded list of its unread lines).
    ``render_as="json"`` writes each deck's part of the JSON document (judged with ``strict``)
    where the deck is checked. ``progress(total)`` is a context giving ``done(n)``; ``debug``
    raises a bug instead of reporting it as the input's error.
    """
    from deckcheck.batch.inputs import gather, not_decks
    from deckcheck.batch.run import run_jobs
    from deckcheck.rules import load_format, parse_as_of

    selection = None
    if select or ignore:
        from deckcheck.rules.selection import RuleSelection

        selection = RuleSelection(list(select), list(ignore))
    day = parse_as_of(as_of)
    spec = load_format(format) if isinstance(format, str) else format
    if team and not spec.team_size:
        raise DeckcheckError(f"--team pairs the decks of a 2v2 team; the format '{spec.name}' has no teams "
                             "(use --format 2v2)")
    if cards is None:
        from deckcheck.cards import load_cards

        cards = load_cards()
    validate_format(spec, day, cards)
    inputs = [*paths, *(team or ())]
    found = gather(inputs, codes, exports=exports, exclude=not_decks(format), excluded=exclude)
    keep_decks = keep_decks or bool(spec.team_size)  # 2v2: teammates' decks are checked as pairs afterwards
    batch = Batch(unreadable=found.unreadable, skipped=found.skipped, format=spec, as_of=day, cards=cards,
                  selection=selection, files=found.files, strict=strict, notices=found.notices)
    run_jobs(batch, found.jobs, champion=champion, keep_decks=keep_decks, processes=jobs, debug=debug,
             selection=None if keep_decks else selection, json_parts=render_as == "json", progress=progress)
    if team:
        batch.pair_files(*team)
    batch.check_teams(spec.team_size)
    if selection is not None and keep_decks:
        for report in batch.reports:
            selection.apply(report)
    return batch


def validate_format(spec, day: date, cards) -> None:
    """Check the format's card names (an event file's bans and battlefields) before any deck, so a
    typo in the event file is one error with its line, not every deck unreadable."""
    from deckcheck.rules.facts import legality

    legality(cards, spec, day)
