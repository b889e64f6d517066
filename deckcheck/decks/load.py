"""The one entry point for reading decks: files, directories, globs, stdin, code strings.

- :func:`read_text` picks the format by asking each reader module's ``sniff`` (deck code,
  Pixelborn, TTS, YAML/JSON, then sectioned text) unless one is named.
- :func:`read_file` enforces the limits (1 MiB, 10,000 lines) and the encodings (UTF-8 with or
  without BOM, UTF-16/32 with BOM); NUL bytes and invalid UTF-8 are refused with the byte offset.
- :func:`iter_deck_files` expands paths, directories (recursively), globs and ``-``; a symlink loop
  or an unreadable entry is reported as one bad item, never fatal.
- :func:`load_deck` reads and resolves in one call.
"""

from __future__ import annotations

import codecs
import errno
import glob
import importlib
import os
import re
import stat
import sys
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from deckcheck.decks.model import Deck, RawDeck
from deckcheck.errors import DeckcheckError, DeckReadError

MAX_BYTES = 1024 * 1024
_SURROGATE = re.compile("[\ud800-\udfff]")
MAX_LINES = 10_000
STDIN = "-"
STDIN_NAME = "<stdin>"

#: Format name -> reader/writer module (yaml and json share one module). Each is imported once,
#: the first time it is needed, and kept in :data:`_LOADED`.
MODULES = {
    "text": "deckcheck.decks.text",
    "code": "deckcheck.decks.deckcode",
    "tts": "deckcheck.decks.tts",
    "pixelborn": "deckcheck.decks.pixelborn",
    "yaml": "deckcheck.decks.structured",
    "json": "deckcheck.decks.structured",
    "platform-json": "deckcheck.decks.platform_json",
    "link": "deckcheck.decks.link",
}
#: The order formats are tried in when none is named: the most specific first, text last.
SNIFF_ORDER = ("code", "pixelborn", "tts", "yaml", "text")
#: File endings that name their format outright (no sniffing at all).
EXTENSION_FORMATS = {".code": "code", ".yaml": "yaml", ".yml": "yaml", ".json": "json"}
_NAMED_ENDINGS = tuple(EXTENSION_FORMATS)
#: Files a directory walk reads (plus files with no extension).
DECK_EXTENSIONS = frozenset({".txt", ".deck", ".yaml", ".yml", ".json", ".code"})

_LOADED: dict[str, ModuleType | None] = {}
#: A line starting like one of our YAML files' top-level keys (only then is the YAML sniffer asked).
_YAML_KEYS = ("format_version", "name", "legend", "champion", "main", "battlefields", "runes", "sideboard",
              "additional_legends", "notes")


def _has_yaml_key(text: str) -> bool:
    """True if a line of ``text`` starts with a key and a colon (``main:``). The pattern starts with a
    line break, which is searched for first: about five times as fast as ``^`` in multi-line mode."""
    if text[:1] not in _YAML_KEY_STARTS and _YAML_KEY_START_AFTER_BREAK.search(text) is None:
        return False  # no line starts with a key's first letter (a text list's lines start with digits, '#', capitals)
    return _YAML_KEY_AFTER_BREAK.search("\n" + text) is not None


_YAML_KEY_AFTER_BREAK = re.compile(r"\n(?:" + "|".join(_YAML_KEYS) + r")[ \t]*:")
_YAML_KEY_STARTS = "".join(sorted({key[0] for key in _YAML_KEYS}))
_YAML_KEY_START_AFTER_BREAK = re.compile(f"\n[{_YAML_KEY_STARTS}]")


# ---------------------------------------------------------------------------- formats
def format_module(fmt: str) -> ModuleType | None:
    """The module reading and writing ``fmt``, or None if it is not installed."""
    try:
        return _LOADED[fmt]
    except KeyError:
        pass
    name = MODULES.get(fmt)
    if name is None:
        known = ", ".join(sorted(MODULES))
        raise DeckcheckError(f"unknown deck format '{fmt}' (known: {known})")
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        module = None
    _LOADED[fmt] = module
    return module


def detect_format(text: str) -> str | None:
    """The format of ``text``, or None. Only the sniffers that could claim it are asked.

    One word (no space inside) may be a deck code, a Pixelborn string or a TTS token; a text
    starting with ``{`` or ``[`` is JSON or YAML; a YAML file is only sniffed for when a line
    starts with one of its keys; anything else with several words is a text list or TTS tokens.
    """
    head = text.lstrip("\ufeff \t\r\n")
    if not head:
        return None
    for fmt in _candidates(head):
        module = format_module(fmt)
        if module is not None and module.sniff(text):
            if fmt == "yaml" and head.startswith("{"):
                return "json"
            return fmt
    return None


def _candidates(head: str) -> tuple[str, ...]:
    """The formats whose sniffers could claim a text starting with ``head`` (no leading space), in order."""
    stripped = head.rstrip()
    if stripped.startswith(("{", "[")):
        return ("platform-json", "yaml", "text")
    if not _has_space(stripped):
        return ("link", "code", "pixelborn", "tts", "text") if "/" in stripped or "." in stripped \
            else ("code", "pixelborn", "tts", "text")
    # A text list never sniffs as TTS tokens nor TTS tokens as a text list: text first (the common case).
    return ("yaml", "text", "tts") if _has_yaml_key(head) else ("text", "tts")


_SPACE = re.compile(r"\s")


def _has_space(text: str) -> bool:
    return _SPACE.search(text) is not None


def format_for_path(name: str) -> str | None:
    """The format a file's ending names outright (``.code``, ``.yaml``, ``.yml``, ``.json``), or None."""
    if not name[-5:].lower().endswith(_NAMED_ENDINGS):
        return None  # the common .txt file, settled without splitext
    fmt = EXTENSION_FORMATS.get(os.path.splitext(name)[1].lower())
    if fmt is not None and format_module(fmt) is not None:
        return fmt
    return None


def _reader(fmt: str) -> ModuleType:
    module = format_module(fmt)
    if module is None:
        raise DeckcheckError(f"the {fmt} format is not available in this version of deckcheck")
    return module


def read_text(text: str, source: str | None = None, fmt: str | None = None) -> RawDeck:
    """Read a deck from a string in any known format (or the one named by ``fmt``)."""
    check_limits(text, source)
    surrogate = _SURROGATE.search(text)
    if surrogate is not None:  # invalid UTF-8 on a command line arrives as U+DC80..U+DCFF
        raise DeckReadError(f"not valid text: a lone surrogate U+{ord(surrogate[0]):04X} at character "
                            f"{surrogate.start()} (invalid UTF-8?)", file=source,
                            line=count_lines(text[: surrogate.start() + 1]))
    return _read_valid(text.lstrip("\ufeff"), source, fmt)


def _read_valid(text: str, source: str | None, fmt: str | None) -> RawDeck:
    """:func:`read_text` of text known to be valid (decoded from bytes: no lone surrogate, no BOM)."""
    return _reader(fmt or _detected(text, source)).read(text, source=source)


def _detected(text: str, source: str | None) -> str:
    """The format of valid text, or the DeckReadError that says why it has none."""
    if not text.strip():
        raise DeckReadError("the deck is empty", file=source)
    fmt = detect_format(text)
    if fmt is None and _only_comments(text):
        raise DeckReadError("no cards: every line is a comment", file=source)
    if fmt is None:
        raise DeckReadError(
            "not a decklist in any format deckcheck reads (text list, deck code, TTS, Pixelborn, YAML, JSON)",
            file=source,
        )
    return fmt


def _only_comments(text: str) -> bool:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return all(line.startswith(("#", "//")) for line in lines)


def check_limits(text: str, source: str | None = None) -> None:
    """Refuse text over 1 MiB or 10,000 lines."""
    if len(text) > MAX_BYTES:
        raise DeckReadError(f"too large ({len(text):,} characters; the limit is 1 MiB)", file=source)
    if len(text) <= MAX_LINES:
        return  # fewer characters than the line limit: fewer lines too
    lines = count_lines(text)
    if lines > MAX_LINES:
        raise DeckReadError(f"too many lines ({lines:,}; the limit is {MAX_LINES:,})", file=source)


def count_lines(text: str) -> int:
    """Lines as an editor counts them (LF, CRLF or CR); a final line break starts no new line."""
    breaks = text.count("\n") + text.count("\r") - text.count("\r\n")
    return breaks + (0 if not text or text.endswith(("\n", "\r")) else 1)


# ---------------------------------------------------------------------------- files
def read_file(path: str | os.PathLike[str], fmt: str | None = None) -> RawDeck:
    """Read a deck file (``-`` is stdin). The file's ending decides .code, .yaml, .yml and .json."""
    name = os.fspath(path)
    if name == STDIN:
        source, data = STDIN_NAME, _read_stream(sys.stdin.buffer.read, STDIN_NAME)
    else:
        source, data = name, read_bytes(name)
        if fmt is None:
            text = decode_bytes(data, source)  # strict decoding: no lone surrogate, no BOM left
            check_limits(text, source)
            return _read_valid(text, source, format_for_file(name, text))
    return read_text(decode_bytes(data, source), source=source, fmt=fmt)


def resolve_file(path: str, db, champion: str | None = None) -> Deck:
    """``resolve_deck(read_file(path), db, champion=champion)``, with the common text list read and
    resolved in one pass (:func:`deckcheck.decks.text.quick_rows`, then
    :func:`deckcheck.decks.resolve.resolve_rows`): no entry object per line in between."""
    from deckcheck.decks.resolve import resolve_deck

    if path == STDIN:
        return resolve_deck(read_file(path), db, champion=champion)
    return _resolved(_readable(_valid_text(read_bytes(path), path), path), path, db, champion)


def resolve_files(paths: Sequence[str], db, champion: str | None = None) -> list[Deck | Exception]:
    """:func:`resolve_file` of each path, or the exception it raised, done stage by stage over the
    whole list: every file read, then every text decoded and its format chosen, then each list
    read, then each resolved. The same results as one file after another, about a tenth faster for
    a few dozen files, as each stage's code and tables stay in the processor's caches."""
    if STDIN in paths:
        return [_attempt(resolve_file, path, db, champion) for path in paths]
    out: list = []
    for path in paths:
        try:
            out.append(read_bytes(path))
        except Exception as exc:  # noqa: BLE001 - the file's result, as in _attempt
            out.append(exc)
    out = _stage(_valid_text, out, paths)
    out = _stage(_readable, out, paths)
    return _stage(_resolved, out, paths, db, champion)


def _stage(function, values: list, paths: Sequence[str], *more) -> list:
    """``function(value, path, *more)`` for each value that is no exception yet, or the exception it raised."""
    out: list = []
    append = out.append
    for value, path in zip(values, paths):
        if isinstance(value, Exception):
            append(value)
            continue
        try:
            append(function(value, path, *more))
        except Exception as exc:  # noqa: BLE001 - the file's result, as in _attempt
            append(exc)
    return out


def _attempt(function, *args):
    """``function(*args)``, or the exception it raised (one file's failure is that file's result)."""
    try:
        return function(*args)
    except Exception as exc:  # noqa: BLE001 - handed back as the file's result, raised by the caller
        return exc


def _valid_text(data: bytes, path: str) -> tuple[str, str | None]:
    """A file's text (decoded, within the limits) and the format its name gives (None: its text decides)."""
    text = decode_bytes(data, path)
    check_limits(text, path)
    return text, format_for_file(path, text)


def _readable(valid: tuple[str, str | None], path: str) -> tuple:
    """The text's reading: ``("rows", title, sections, text)`` for the common text list, else ``("raw", RawDeck)``.

    A text whose format its name does not give is first read as the common text list
    (:func:`deckcheck.decks.text.quick_rows`): when that reads it, no sniffer is asked, as
    :func:`detect_format` would choose the text reader anyway (:func:`_claimed_by_text`).
    """
    text, fmt = valid
    if fmt is None:
        reader = _LOADED.get("text") or _reader("text")
        quick = reader.quick_rows(text, path)
        if quick is not None and _claimed_by_text(text, quick[1], reader.SNIFFED_LINES):
            return "rows", quick[0], quick[1], text
        fmt = _detected(text, path)
        if fmt == "text" and quick is not None:
            return "rows", quick[0], quick[1], text
    return "raw", _reader(fmt).read(text, source=path)


def _claimed_by_text(text: str, sections: list, sniffed: int) -> bool:
    """Whether :func:`detect_format` picks the text reader for a text ``quick_rows`` read as these sections.

    The text sniffer is asked first (:func:`_candidates`) when the text starts with neither ``{``
    nor ``[``: such a list has a space (its card lines) and no line starting with a key of our YAML
    files (no line ``quick_rows`` reads starts with a lower-case letter). It claims the text at its
    first header or card line if that is among the ``sniffed`` lines it reads: all lines above it are
    blank lines or comments, which it passes over. For text that is NFC already (ASCII, a list in
    Chinese), as the sniffer does not see the text made NFC as ``quick_rows`` does.
    """
    if (not text.isascii() and not unicodedata.is_normalized("NFC", text)) or _first_card_line(sections) > sniffed:
        return False
    return not text.lstrip("\ufeff \t\r\n").startswith(("{", "["))


def _first_card_line(sections: list) -> int:
    """The line number of the first card of ``quick_rows``'s sections (it read one at least)."""
    for _, rows in sections:
        if rows:
            return rows[0][1]
    raise ValueError("no card")


def _resolved(reading: tuple, path: str, db, champion: str | None) -> Deck:
    resolve = _RESOLVE or _resolve_module()
    if reading[0] == "rows":
        _, title, sections, text = reading
        deck = resolve.resolve_rows(sections, db, name=title, source=path, reader="text", champion=champion)
        if deck is not None:
            return deck
        return resolve.resolve_deck(_reader("text").read(text, source=path), db, champion=champion)
    return resolve.resolve_deck(reading[1], db, champion=champion)


_RESOLVE: ModuleType | None = None


def _resolve_module() -> ModuleType:
    """:mod:`deckcheck.decks.resolve`, imported the first time a deck is resolved (not at start-up:
    it imports the card lookup), then kept (an import statement costs 0.7 us a call)."""
    global _RESOLVE
    from deckcheck.decks import resolve

    _RESOLVE = resolve
    return resolve


def format_for_file(name: str, text: str) -> str | None:
    """The format a file's ending names (a ``.json`` file: ours or a tournament platform's, by its
    layout), or None: the text decides (:func:`detect_format`)."""
    fmt = format_for_path(name)
    if fmt == "json":
        platform = format_module("platform-json")
        if platform is not None and platform.sniff(text):
            return "platform-json"
    return fmt


def read_bytes(path: str) -> bytes:
    """The bytes of a file, at most :data:`MAX_BYTES`; every failure is a DeckReadError.

    Read with os-level calls and no file object: open, one read of :data:`_FIRST_READ` bytes and
    one more, close. A shorter read is the whole file (a regular file's read stops short only at
    its end; a stream gives what it has, as one read of any size would). A longer file is measured
    (fstat) and read on to its size, or refused past the limit: three system calls for a small
    list, a fifth for a large one.
    """
    try:
        fd = os.open(path, _READ_FLAGS)
    except OSError as exc:
        if os.path.isdir(path):  # a platform that cannot open a directory
            raise DeckReadError("is a directory", file=path) from None
        raise DeckReadError(_os_message(exc, path), file=path) from None
    try:
        try:
            data = os.read(fd, _FIRST_READ + 1)
        except IsADirectoryError:
            raise DeckReadError("is a directory", file=path) from None
        except OSError as exc:
            raise DeckReadError(f"cannot read: {exc.strerror or exc}", file=path) from None
        if len(data) <= _FIRST_READ:
            return data
        return _read_on(fd, data, path)
    finally:
        os.close(fd)


#: The first read of a file (most decklists are a few kilobytes).
_FIRST_READ = 16 * 1024


def _read_on(fd: int, data: bytes, path: str) -> bytes:
    """The rest of a file whose first read filled :data:`_FIRST_READ`: a regular file to the size it
    has (and on, if it grew since, to the limit), a stream or device in one more read."""
    try:
        info = os.fstat(fd)
    except OSError as exc:
        raise DeckReadError(_os_message(exc, path), file=path) from None
    size = info.st_size
    regular = stat.S_ISREG(info.st_mode)
    if regular and size > MAX_BYTES:
        raise DeckReadError(f"too large ({size:,} bytes; the limit is 1 MiB)", file=path)
    try:
        if not regular:
            data += os.read(fd, MAX_BYTES + 1 - len(data))
        elif len(data) <= size:
            data += os.read(fd, size + 1 - len(data))
        if regular and len(data) > size:  # the file grew since it was measured: read on, to the limit
            data += os.read(fd, MAX_BYTES + 1 - len(data)) if len(data) <= MAX_BYTES else b""
    except OSError as exc:
        raise DeckReadError(f"cannot read: {exc.strerror or exc}", file=path) from None
    if len(data) > MAX_BYTES:
        raise DeckReadError("too large (over 1 MiB)", file=path)
    return data


_READ_FLAGS = os.O_RDONLY | getattr(os, "O_BINARY", 0)


def _read_stream(read, source: str) -> bytes:
    """At most :data:`MAX_BYTES` from ``read(size)`` (one call of a stream or file descriptor)."""
    try:
        data = read(MAX_BYTES + 1)
    except OSError as exc:
        raise DeckReadError(f"cannot read: {exc.strerror or exc}", file=source) from None
    if len(data) > MAX_BYTES:
        raise DeckReadError("too large (over 1 MiB)", file=source)
    return data


def _os_message(exc: OSError, path: str) -> str:
    if exc.errno == errno.ELOOP:
        return "symbolic link loop"
    if exc.errno == errno.ENOENT:
        return "broken symbolic link" if os.path.islink(path) else "no such file or directory"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "cannot read: permission denied"
    return f"cannot read: {exc.strerror or exc}"


_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


#: Leading bytes of files players send by mistake -> what they are.
_SIGNATURES = (
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"%PDF-", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive (or a .docx/.xlsx/.ods document)"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an old Office document (.doc/.xls)"),
    (b"{\\rtf", "an RTF document"),
    (b"\x7fELF", "a program"),
    (b"\x1f\x8b", "a gzip archive"),
)


#: First byte -> the signatures starting with it (a JSON file's "{" is looked up against RTF alone).
_SIGNATURES_BY_START: dict[bytes, list[tuple[bytes, str]]] = {}
for _magic, _what in _SIGNATURES:
    _SIGNATURES_BY_START.setdefault(_magic[:1], []).append((_magic, _what))
del _magic, _what
_BOM_STARTS = frozenset(bom[:1] for bom, _ in _BOMS)


def decode_bytes(data: bytes, source: str | None = None) -> str:
    """Text from bytes: UTF-8 (BOM optional) or UTF-16/32 with a BOM. Binary or bad bytes are refused.

    Errors give the byte offset, and the line where the bytes look like UTF-8 text.
    """
    first = data[:1]
    kind = next((what for magic, what in _SIGNATURES_BY_START[first] if data.startswith(magic)), None) \
        if first in _SIGNATURES_BY_START else None
    if kind is not None:
        raise DeckReadError(f"binary data, not a decklist: {kind} (send the list as text)", file=source)
    encoding = next((enc for bom, enc in _BOMS if data.startswith(bom)), None) if first in _BOM_STARTS else None
    if encoding is None:
        nul = data.find(b"\0")
        if nul >= 0:
            if _looks_utf16(data):
                raise DeckReadError(f"binary data, not a decklist: NUL byte at byte offset {nul} "
                                    "(UTF-16 without a byte-order mark? save it as UTF-8)", file=source)
            raise DeckReadError(f"binary data, not a decklist: NUL byte at byte offset {nul}",
                                file=source, line=_byte_line(data, nul))
        encoding = "utf-8"
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        bad = data[exc.start : exc.start + 1].hex().upper() or "end of data"
        utf8 = encoding.startswith("utf-8")
        raise DeckReadError(
            f"not valid {'UTF-8' if utf8 else encoding.upper()} text: byte 0x{bad} at byte offset {exc.start} "
            "(save the file as UTF-8)",
            file=source, line=_byte_line(data, exc.start) if utf8 else None,
        ) from None
    nul = text.find("\0")
    if nul >= 0:
        raise DeckReadError(f"binary data, not a decklist: NUL character at character {nul}",
                            file=source, line=count_lines(text[: nul + 1]))
    return text.lstrip("\ufeff")


def _byte_line(data: bytes, offset: int) -> int:
    """The line (1-based; LF, CRLF or CR) holding byte ``offset`` of ``data``."""
    head = data[:offset]
    return head.count(b"\n") + head.count(b"\r") - head.count(b"\r\n") + 1


def _looks_utf16(data: bytes) -> bool:
    """Mostly ASCII text stored in two bytes a character: every other byte is zero, the rest are not."""
    sample = data[:400]
    if len(sample) < 4:
        return False
    even, odd = sample[0::2], sample[1::2]
    for zeros, chars in ((odd, even), (even, odd)):
        if zeros.count(0) >= 0.9 * len(zeros) and chars.count(0) <= 0.1 * len(chars):
            return True
    return False


# ---------------------------------------------------------------------------- many files
@dataclass(frozen=True)
class DeckFile:
    """A path to read, or a path that could not be used (``error`` says why)."""

    path: str
    error: DeckReadError | None = None

    def read(self, fmt: str | None = None) -> RawDeck:
        if self.error is not None:
            raise self.error
        return read_file(self.path, fmt)


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Skipped:
    """A file a folder walk did not read, and why."""

    source: str
    reason: str


def iter_deck_files(paths: Iterable[str | os.PathLike[str]], *, skipped: list[Skipped] | None = None,
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
    for path in paths:
        yield from walker.path(os.fspath(path))


class _Walker:
    def __init__(self, skipped: list[Skipped] | None = None, also: frozenset[str] = frozenset(),
                 exclude: dict[str, str] | None = None) -> None:
        self.seen_files: set[str] = set()
        self.seen_dirs: set[tuple[int, int]] = set()
        self.stdin_used = False
        self.skipped = skipped
        self.also = also
        self.exclude = {os.path.realpath(p): why for p, why in (exclude or {}).items()}

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
                what = "no file matches" if not matches else "no deck file matches"
                yield DeckFile(name, DeckReadError(what, file=name))
            for match in chosen:
                yield from self.entry(match, explicit=False)
            return
        yield from self.entry(name, explicit=True)

    def entry(self, name: str, explicit: bool, in_folder: bool = False) -> Iterator[DeckFile]:
        try:
            info = os.stat(name)
        except OSError as exc:
            if explicit or self.wanted(name):
                yield DeckFile(name, DeckReadError(_os_message(exc, name), file=name))
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
            self.skip(name, "a registration export: folders are not searched for exports; name the file "
                            "to check it" if also else None)
            return
        if not stat.S_ISREG(info.st_mode) and not explicit:
            yield DeckFile(name, DeckReadError("not a regular file", file=name))
            return
        key = os.path.abspath(name)
        if key in self.seen_files:
            return  # named twice (by a glob and its folder, say)
        self.seen_files.add(key)
        yield DeckFile(name)

    def directory(self, name: str, info: os.stat_result) -> Iterator[DeckFile]:
        key = (info.st_dev, info.st_ino)
        if key in self.seen_dirs:
            if os.path.islink(name):
                yield DeckFile(name, DeckReadError("symbolic link loop: this folder was already read", file=name))
            return
        self.seen_dirs.add(key)
        try:
            with os.scandir(name) as scan:
                children = sorted((entry.name, entry) for entry in scan if not entry.name.startswith("."))
        except OSError as exc:
            yield DeckFile(name, DeckReadError(f"cannot read folder: {exc.strerror or exc}", file=name))
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
        return f"not read: {exc.strerror or exc}"
    kind = next((what for magic, what in _SIGNATURES if head.startswith(magic)), None)
    if kind is not None:
        return f"{kind}, not a decklist"
    return (f"not a deck file name (deck files end in {', '.join(sorted(DECK_EXTENSIONS))} "
            "or have no ending)")


def iter_decks(paths: Iterable[str | os.PathLike[str]], fmt: str | None = None) -> Iterator[DeckRead]:
    """Read every deck file named by ``paths``; a file that fails gives its error, the rest go on."""
    for item in iter_deck_files(paths):
        if item.error is not None:
            yield DeckRead(item.path, None, item.error)
            continue
        try:
            yield DeckRead(item.path, item.read(fmt))
        except DeckcheckError as exc:
            yield DeckRead(item.path, None, exc)
        except RecursionError:
            yield DeckRead(item.path, None, DeckReadError("too deeply nested", file=item.path))
        except Exception as exc:  # a reader bug must not stop a batch of 1,000 files
            yield DeckRead(item.path, None,
                           DeckReadError(f"internal error while reading: {type(exc).__name__}: {exc}", file=item.path))


# ---------------------------------------------------------------------------- one deck
def _is_path(value: str | os.PathLike[str]) -> bool:
    if not isinstance(value, str):
        return True
    if value == STDIN:
        return True
    if "\n" in value or "\r" in value or not value.strip() or len(value) > 4096:
        return False
    if value.lower().startswith(("http://", "https://")):
        return False  # a link holding a deck code
    if os.path.lexists(value):
        return True
    code = format_module("code")
    if code is not None and code.sniff(value):
        return False
    return os.sep in value or "/" in value or Path(value).suffix.lower() in DECK_EXTENSIONS


def read_deck(path_or_text: str | os.PathLike[str], fmt: str | None = None) -> RawDeck:
    """Read a deck from a path, ``-`` (stdin), or the deck itself as a string (a list or a code)."""
    if _is_path(path_or_text):
        return read_file(path_or_text, fmt)
    text = str(path_or_text)
    code = format_module("code")
    source = "<code>" if code is not None and code.sniff(text) else "<text>"
    return read_text(text, source=source, fmt=fmt)


def load_deck(path_or_text: str | os.PathLike[str], db=None, champion: str | None = None,
              fmt: str | None = None) -> Deck:
    """Read and resolve a deck (``db`` defaults to the bundled card database)."""
    from deckcheck.decks.resolve import resolve_deck

    if db is None:
        from deckcheck.cards import load_cards

        db = load_cards()
    return resolve_deck(read_deck(path_or_text, fmt), db, champion=champion)


def write_deck(deck: Deck, fmt: str) -> str:
    """The deck written in ``fmt`` (text, code, tts, pixelborn, yaml, json)."""
    module = _reader(fmt)
    if not hasattr(module, "write"):
        raise DeckcheckError(f"deckcheck reads the {fmt} format but does not write it")
    if MODULES[fmt].endswith(".structured"):
        return module.write(deck, fmt)
    return module.write(deck)
