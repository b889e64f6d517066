"""What a batch reads: every input named (folders walked, globs expanded, exports split into rows) as a job."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

from deckcheck.errors import DeckcheckError


@dataclass(slots=True)
class Job:
    """One deck to check: ``read()`` gives its RawDeck, or ``path`` names a deck file read with the
    others of its chunk (:func:`deckcheck.decks.load.resolve_files`); ``player`` from an export."""

    source: str
    read: Callable | None
    player: str | None = None
    path: str | None = None


@dataclass(slots=True)
class Inputs:
    """The jobs of a batch, the inputs already known to be unreadable, the files skipped, and
    every file that will be read (for ``--out-file``'s protection)."""

    jobs: list[Job] = field(default_factory=list)
    unreadable: list[DeckcheckError] = field(default_factory=list)
    skipped: list = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    #: What reading the exports guessed or left out (one line each, for stderr).
    notices: list[DeckcheckError] = field(default_factory=list)


def gather(paths: Sequence[str], codes: Sequence[str], *, exports=None, exclude: dict[str, str] | None = None,
           excluded: Callable[[str], str | None] | None = None) -> Inputs:
    """The jobs of ``paths`` (files, folders, globs, ``-``, registration exports) and deck ``codes``.

    ``exclude`` maps paths never read as decks (the event's format file) to the reason;
    ``excluded(path)`` (the settings' ``exclude`` globs) gives the reason a file is left out, or None.
    """
    from deckcheck.decks.formats import endings_text
    from deckcheck.decks.load import STDIN, Skipped, file_suffix, iter_deck_files, read_file, read_text

    found = Inputs()
    jobs, files = found.jobs, found.files
    named = set(map(os.fspath, paths))  # a .txt named on the command line may be Excel's "Unicode text" export
    left_out = 0
    for item in iter_deck_files(paths, skipped=found.skipped, also=EXPORT_ENDINGS, exclude=exclude):
        why = excluded(item.path) if excluded is not None else None
        if why is not None:
            found.skipped.append(Skipped(item.path, why))
            left_out += 1
            continue
        if item.error is not None:
            jobs.append(Job(item.path, _raiser(item.error)))
            continue
        if item.path != STDIN:
            files.append(item.path)
        registrations = _export_reader(item.path, file_suffix(item.path), item.path in named)
        if registrations is not None:
            try:
                export = registrations.read_export(item.path, **(exports or registrations.ExportOptions()).kwargs())
            except DeckcheckError as exc:
                found.unreadable.append(exc)
                continue
            found.notices.extend(export.notices)
            jobs.extend(Job(reg.source, reg.read, reg.player) for reg in export.registrations)
            continue
        jobs.append(Job(item.path, partial(read_file, item.path), None, item.path if item.path != STDIN else None))
    for i, text in enumerate(codes, 1):
        source = "<code>" if len(codes) == 1 else f"<code {i}>"
        jobs.append(Job(source, lambda text=text, source=source: read_text(text, source=source)))
    if not jobs and not found.unreadable:  # an empty folder must not pass a CI job silently
        if left_out:
            raise DeckcheckError(f"nothing to check: every deck file in {', '.join(paths)} is "
                                 f"{found.skipped[-1].reason} (name a file to check it)")
        raise DeckcheckError(f"no deck files found in {', '.join(paths)} (deck files end in {endings_text()}, "
                             "or have no ending; exports in .csv, .tsv, .xlsx)")
    return found


#: File endings of registration exports (a .txt is one only when it is Excel's "Unicode text").
EXPORT_ENDINGS = frozenset({".csv", ".tsv", ".xlsx"})


def _export_reader(path: str, suffix: str, named: bool):
    """The registration reader if ``path`` is an export, else None: an export's ending, or a .txt named on
    the command line that starts with a UTF-16 byte order mark (Excel's "Unicode text"; a .txt found in a
    folder is a deck list). The reader is imported only then, so checking deck files never pays for it."""
    if suffix not in EXPORT_ENDINGS and (suffix != ".txt" or not named or not _starts_utf16(path)):
        return None
    from deckcheck.decks import registrations

    return registrations if registrations.is_registrations_file(path) else None


def _starts_utf16(path: str) -> bool:
    """Whether the file starts with a UTF-16 byte order mark: two bytes read, a FIFO or device never waited on."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError:
        return False
    try:
        return stat.S_ISREG(os.fstat(fd).st_mode) and os.read(fd, 2) in (b"\xff\xfe", b"\xfe\xff")
    except OSError:
        return False
    finally:
        os.close(fd)


def not_decks(format_) -> dict[str, str]:
    """Files a folder walk must not read as decks: the event format file given as the format."""
    if isinstance(format_, str) and format_.lower().endswith((".yaml", ".yml")) and os.path.isfile(format_):
        return {format_: "the event format file given with --format, not a deck"}
    return {}


def _raiser(error: Exception):
    def fail():
        raise error
    return fail
