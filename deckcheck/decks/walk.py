"""Finding the deck files that paths name: files, folders walked (links and loops handled), globs,
``-`` for stdin; what is passed over is said, never fatal."""

from __future__ import annotations

import glob
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from deckcheck.words import say
from deckcheck.arguments import Paths, as_paths
from deckcheck.decks.files import _SIGNATURES, os_message
from deckcheck.decks.formats import DECK_ENDINGS
from deckcheck.decks.model import RawDeck
from deckcheck.errors import DeckcheckError, DeckReadError

STDIN = "-"
#: The endings of deck files (see :mod:`deckcheck.decks.formats`).
DECK_EXTENSIONS = frozenset(DECK_ENDINGS)


@dataclass(frozen=True, slots=True)
class DeckFile:
    """A path to read (:func:`deckcheck.decks.load.read_file`), or a path that could not be used
    (``error`` says why)."""

    path: str
    error: DeckReadError | None = None


@dataclass(frozen=True, slots=True)
class DeckRead:
    """The outcome of reading one file: a deck, or the error that stopped it."""

    path: str
    deck: RawDeck | None
    error: DeckcheckError | None = None


def is_deck_file_name(name: str) -> bool:
    """True for the file names a directory walk reads: deck endings or no ending at all."""
    suffix = file_suffix(name)
    return suffix in DECK_EXTENSIONS or suffix == ""


def file_suffix(name: str) -> str:
    """``Path(name).suffix.lower()`` without building a Path (a folder walk asks it of every file)."""
    if os.sep != "/" or not name or name[-1] in "/.":
        return Path(name).suffix.lower()  # the rare shapes ("a.txt/.", drives) as pathlib reads them
    base = name[name.rfind("/") + 1:]
    dot = base.rfind(".")
    return base[dot:].lower() if dot > 0 else ""  # ".hidden" and "name" have no suffix


@dataclass(frozen=True, slots=True)
class Skipped:
    """A file a folder walk did not read, and why."""

    source: str
    reason: str


def iter_deck_files(paths: Paths, *, skipped: list[Skipped] | None = None,
                    also: frozenset[str] = frozenset(),
                    exclude: dict[str, str] | None = None) -> Iterator[DeckFile]:
    """Every deck file named by ``paths`` (files, directories, globs, ``-``), in a stable order.

    Directories are walked recursively, skipping hidden entries and files that are clearly not
    decks (see :func:`is_deck_file_name`); each such file is appended to ``skipped`` (when given)
    with the reason. ``also`` names more endings to read (``{".csv"}``); ``exclude`` maps paths
    never to read as decks (the event's format file) to the reason they are skipped. Missing
    paths, symlink loops, unreadable directories and special files come back as items with an
    ``error``; the walk goes on.
    """
    walker = _Walker(skipped, also, exclude)
    for path in as_paths(paths):  # one str or path is one item, never walked letter by letter
        yield from walker.path(path)


class _Walker:
    def __init__(self, skipped: list[Skipped] | None = None, also: frozenset[str] = frozenset(),
                 exclude: dict[str, str] | None = None) -> None:
        self.seen_files: set[str] = set()
        self.seen_dirs: set[tuple[int, int]] = set()
        self.stdin_used = False
        self.skipped = skipped
        self.also = also
        self.exclude = {os.path.realpath(p): why for p, why in (exclude or {}).items()}
        self.root = "/"  # the folder named (its real path): a walk never follows a link out of it

    def wanted(self, name: str, in_folder: bool = False) -> bool:
        """A deck file name; or an ending of ``also`` named by the user (a folder walk skips those)."""
        return is_deck_file_name(name) or (not in_folder and file_suffix(name) in self.also)

    def skip(self, name: str, reason: str | None = None) -> None:
        if self.skipped is not None:
            self.skipped.append(Skipped(name, reason or skip_reason(name)))

    def path(self, name: str) -> Iterator[DeckFile]:
        if name == STDIN:
            if not self.stdin_used:
                self.stdin_used = True
                yield DeckFile(STDIN)
            return
        if not os.path.lexists(name) and glob.has_magic(name):
            matches = sorted(glob.glob(name, recursive=True))
            chosen = [m for m in matches if os.path.isdir(m) or self.wanted(m)]
            if not chosen:
                what = say("no file matches") if not matches else say("no deck file matches")
                yield DeckFile(name, DeckReadError(what, file=name))
            for match in chosen:
                self.root = os.path.realpath(match)
                yield from self.entry(match, explicit=False)
            return
        self.root = os.path.realpath(name)
        yield from self.entry(name, explicit=True)

    def entry(self, name: str, explicit: bool, in_folder: bool = False) -> Iterator[DeckFile]:
        if in_folder and os.path.islink(name) and not _inside(os.path.realpath(name), self.root):
            self.skip(name, say("a link to {target}, outside the folder named: not followed (name it to check it)",
                                target=os.path.realpath(name)))
            return
        try:
            info = os.stat(name)
        except OSError as exc:
            if explicit or self.wanted(name):
                yield DeckFile(name, DeckReadError(os_message(exc, name), file=name))
            return
        if stat.S_ISDIR(info.st_mode):
            yield from self.directory(name, info)
            return
        excluded = self.exclude.get(os.path.realpath(name)) if self.exclude else None
        if excluded is not None:
            self.skip(name, excluded)
            return
        if not explicit and not self.wanted(name, in_folder):
            also = file_suffix(name) in self.also
            self.skip(name, say("a registration export: folders are not searched for exports; name the file to check "
                                "it") if also else None)
            return
        if not stat.S_ISREG(info.st_mode) and not explicit:
            yield DeckFile(name, DeckReadError(say("not a regular file"), file=name))
            return
        key = os.path.abspath(name)
        if key in self.seen_files:
            return  # named twice (by a glob and its folder, say)
        self.seen_files.add(key)
        yield DeckFile(name)

    def directory(self, name: str, info: os.stat_result) -> Iterator[DeckFile]:
        folder_key = (info.st_dev, info.st_ino)
        if folder_key in self.seen_dirs:
            if os.path.islink(name):
                yield DeckFile(name, DeckReadError(say("symbolic link loop: this folder was already read"), file=name))
            return
        self.seen_dirs.add(folder_key)
        try:
            with os.scandir(name) as scan:
                children = sorted((entry.name, entry) for entry in scan if not entry.name.startswith("."))
        except OSError as exc:
            yield DeckFile(name, DeckReadError(say("cannot read folder: {reason}", reason=exc.strerror or str(exc)), file=name))
            return
        folder = os.path.abspath(name)
        seen = self.seen_files
        plain = not self.exclude
        # os.path.join(name, child) and os.path.join(folder, child) as one concatenation each (a
        # listed name is never empty, absolute or holding a separator)
        here, key_here = (_join_prefix(name), _join_prefix(folder)) if os.sep == "/" else (None, None)
        for child, found in children:
            path = here + child if here is not None else os.path.join(name, child)
            # The common case, settled without a stat: a regular file (no link) with a deck file name.
            if plain and _is_plain_file(found) and _listed_deck_name(child):
                key = key_here + child if key_here is not None else os.path.join(folder, child)
                if key not in seen:
                    seen.add(key)
                    yield DeckFile(path)
                continue
            yield from self.entry(path, explicit=False, in_folder=True)


def _inside(path: str, root: str) -> bool:
    """Whether the real path ``path`` is ``root`` or lies under it."""
    return path == root or path.startswith(root if root.endswith(os.sep) else root + os.sep)


def _join_prefix(folder: str) -> str:
    """What ``os.path.join(folder, name)`` puts before a plain ``name`` on POSIX."""
    return folder if not folder or folder.endswith("/") else folder + "/"


def _listed_deck_name(name: str) -> bool:
    """:func:`is_deck_file_name` of a name a folder lists (not empty, no separator, no leading dot)."""
    if name[-1] == ".":
        return is_deck_file_name(name)
    dot = name.rfind(".")
    return dot < 0 or name[dot:].lower() in DECK_EXTENSIONS


def _is_plain_file(entry: os.DirEntry) -> bool:
    """A regular file that is no symbolic link, as the folder listing says (no system call on Linux)."""
    try:
        return entry.is_file(follow_symlinks=False)
    except OSError:
        return False


def skip_reason(path: str) -> str:
    """Why a folder walk does not read ``path``: what its first bytes say it is, else its ending."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(16)
    except OSError as exc:
        return say("not read: {reason}", reason=str(exc.strerror or exc))
    kind = next((what for magic, what in _SIGNATURES if head.startswith(magic)), None)
    if kind is not None:
        return say("{kind}, not a decklist", kind=say(kind))
    return say("not a deck file name (deck files end in {endings} or have no ending)",
               endings=", ".join(sorted(DECK_EXTENSIONS)))
