"""The one entry point for reading decks: files, directories, globs, stdin, code strings.

- :func:`read_text` picks the format by asking each reader module's ``sniff`` (deck code,
  Pixelborn, TTS, YAML/JSON, then sectioned text) unless one is named.
- :func:`read_file` enforces the limits (1 MiB, 10,000 lines) and the encodings (through
  :mod:`deckcheck.decks.files`).
- :func:`iter_deck_files` (:mod:`deckcheck.decks.walk`) expands paths, directories, globs and ``-``.
- :func:`load_deck` (a path, a list or a code) and :func:`resolve_file` (a file, with its batch's
  memory) read and resolve in one call: :func:`deckcheck.decks.resolve.resolve_deck` of what was read.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
import unicodedata
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from deckcheck.arguments import Paths, renamed
from deckcheck.decks.formats import BY_NAME, ENDING_FORMATS, written_labels
from deckcheck.decks.files import (  # noqa: F401 - offered here too
    MAX_BYTES, _FIRST_READ, _read_stream, count_lines, decode_bytes, read_bytes,
)
from deckcheck.decks.memory import ReadMemory
from deckcheck.decks.model import Deck, RawDeck
from deckcheck.decks.walk import (  # noqa: F401 - offered here too
    DECK_EXTENSIONS, STDIN, DeckFile, DeckRead, Skipped, file_suffix, is_deck_file_name, iter_deck_files, skip_reason,
)
from deckcheck.errors import DeckcheckError, DeckReadError
from deckcheck.words import say

if TYPE_CHECKING:
    from deckcheck.cards.lookup import CardDB

_SURROGATE = re.compile("[\ud800-\udfff]")
MAX_LINES = 10_000
STDIN_NAME = "<stdin>"

#: File endings that name their format outright (no sniffing at all).
EXTENSION_FORMATS = ENDING_FORMATS
_NAMED_ENDINGS = tuple(EXTENSION_FORMATS)

#: Each format's module, imported once, the first time it is needed (None: not installed).
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
    entry = BY_NAME.get(fmt)
    if entry is None:
        known = ", ".join(sorted(BY_NAME))
        raise DeckcheckError(f"unknown deck format '{fmt}' (known: {known})")
    name = entry.module
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


def read_text(text: str, source: str | None = None, fmt: str | None = None,
              memory: ReadMemory | None = None) -> RawDeck:
    """Read a deck from a string in any known format (or the one named by ``fmt``); ``memory`` holds
    the lines its batch read before (a new one if None)."""
    check_limits(text, source)
    surrogate = _SURROGATE.search(text)
    if surrogate is not None:  # invalid UTF-8 on a command line arrives as U+DC80..U+DCFF
        raise DeckReadError(say("not valid text: a lone surrogate U+{code:04X} at character {offset} (invalid UTF-8?)",
                                code=ord(surrogate[0]), offset=surrogate.start()), file=source,
                            line=count_lines(text[: surrogate.start() + 1]))
    return _read_valid(text.lstrip("\ufeff"), source, fmt, memory)


def _read_valid(text: str, source: str | None, fmt: str | None, memory: ReadMemory | None = None) -> RawDeck:
    """:func:`read_text` of text known to be valid (decoded from bytes: no lone surrogate, no BOM)."""
    return _read_remembering(fmt or _detected(text, source), text, source, memory)


def _detected(text: str, source: str | None) -> str:
    """The format of valid text, or the DeckReadError that says why it has none."""
    if not text.strip():
        raise DeckReadError(say("the deck is empty"), file=source)
    fmt = detect_format(text)
    if fmt is None and _only_comments(text):
        raise DeckReadError(say("no cards: every line is a comment"), file=source)
    if fmt is None:
        raise DeckReadError(
            say("not a decklist in any format deckcheck reads ({formats})", formats=written_labels()),
            file=source,
        )
    return fmt


def _only_comments(text: str) -> bool:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return all(line.startswith(("#", "//")) for line in lines)


def check_limits(text: str, source: str | None = None) -> None:
    """Refuse text over 1 MiB or 10,000 lines."""
    if len(text) > MAX_BYTES:
        raise DeckReadError(say("too large ({size:,} characters; the limit is 1 MiB)", size=len(text)), file=source)
    if len(text) <= MAX_LINES:
        return  # fewer characters than the line limit: fewer lines too
    lines = count_lines(text)
    if lines > MAX_LINES:
        raise DeckReadError(say("too many lines ({lines:,}; the limit is {limit:,})", lines=lines, limit=MAX_LINES), file=source)


# ---------------------------------------------------------------------------- files
def read_file(path: str | os.PathLike[str], fmt: str | None = None, memory: ReadMemory | None = None) -> RawDeck:
    """Read a deck file (``-`` is stdin). The file's ending decides .code, .yaml, .yml and .json;
    ``memory`` holds the lines its batch read before (a new one if None)."""
    name = os.fspath(path)
    return _raw_deck(_file_text(_file_bytes(name), name, fmt), name, memory)


def resolve_file(path: str, db, champion: str | None = None, memory: ReadMemory | None = None) -> Deck:
    """``resolve_deck(read_file(path), db, champion=champion)``: the common text list is read and
    resolved as rows (:func:`deckcheck.decks.text.quick_rows`, :func:`deckcheck.decks.resolve.resolve_rows`;
    kept for a folder's decks/s, see docs/performance.md). ``memory`` holds the lines its batch read
    before (a new one if None)."""
    if memory is None:
        memory = ReadMemory()
    return _resolved(_readable(_file_text(_file_bytes(path), path, None), path, memory), path, db, champion, memory)


def resolve_files(paths: Sequence[str], db, champion: str | None = None,
                  memory: ReadMemory | None = None) -> list[Deck | Exception]:
    """:func:`resolve_file` of each path, or the exception it raised (one file's failure is that
    file's result). What the files repeat is remembered in ``memory`` for this call (a new one if
    None); a batch read in parts hands the same one to each part."""
    if memory is None:
        memory = ReadMemory()
    out: list[Deck | Exception] = []
    for path in paths:
        try:
            out.append(resolve_file(path, db, champion, memory))
        except Exception as exc:  # noqa: BLE001 - the file's result, raised by the caller
            out.append(exc)
    return out


def _file_bytes(path: str) -> bytes:
    """A file's bytes, within the size limit (``-``: standard input's)."""
    return _read_stream(sys.stdin.buffer.read, STDIN_NAME) if path == STDIN else read_bytes(path)


def _file_text(data: bytes, path: str, fmt: str | None) -> tuple[str, str | None]:
    """A file's text (decoded strictly: no lone surrogate, no byte-order mark; within the limits) and
    its format: ``fmt``, else the one its name gives (None: its text decides)."""
    source = STDIN_NAME if path == STDIN else path
    text = decode_bytes(data, source)
    check_limits(text, source)
    return text, fmt or (None if path == STDIN else format_for_file(path, text))


def _readable(valid: tuple[str, str | None], path: str, memory: ReadMemory) -> tuple:
    """The text's reading: ``("rows", title, sections, text)`` for the common text list, else ``("raw", RawDeck)``.

    A text whose format its name does not give is first read as the common text list
    (:func:`deckcheck.decks.text.quick_rows`): when that reads it, no sniffer is asked, as
    :func:`detect_format` would choose the text reader anyway (:func:`_claimed_by_text`).
    """
    text, fmt = valid
    if fmt is None and path != STDIN:
        reader = _LOADED.get("text") or _reader("text")
        quick = reader.quick_rows(text, path, memory)
        if quick is not None:
            if _claimed_by_text(text, quick[1], reader.SNIFFED_LINES):
                return "rows", quick[0], quick[1], text
            valid = text, _detected(text, path)
            if valid[1] == "text":
                return "rows", quick[0], quick[1], text
    return "raw", _raw_deck(valid, path, memory)


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


def _resolved(reading: tuple, path: str, db, champion: str | None, memory: ReadMemory) -> Deck:
    """The deck of a reading (:func:`_readable`): rows resolved as rows where they can be, else read and resolved."""
    from deckcheck.decks import resolve

    if reading[0] == "rows":
        _, title, sections, text = reading
        deck = resolve.resolve_rows(sections, db, name=title, source=path, reader="text", champion=champion)
        if deck is not None:
            return deck
        return resolve.resolve_deck(_reader("text").read(text, source=path, memory=memory), db, champion=champion)
    return resolve.resolve_deck(reading[1], db, champion=champion)


def _raw_deck(valid: tuple[str, str | None], path: str, memory: ReadMemory | None) -> RawDeck:
    """The deck its format's reader reads in a file's text."""
    text, fmt = valid
    source = STDIN_NAME if path == STDIN else path
    return _read_remembering(fmt or _detected(text, source), text, source, memory)


def _read_remembering(fmt: str, text: str, source: str | None, memory: ReadMemory | None) -> RawDeck:
    """The deck ``fmt``'s reader reads in ``text``, given the batch's ``memory`` if it keeps one (text, YAML, JSON)."""
    if memory is not None and fmt in _REMEMBERING:
        return _reader(fmt).read(text, source=source, memory=memory)
    return _reader(fmt).read(text, source=source)


#: The formats whose readers learn from a batch's repeated input (a :class:`ReadMemory`).
_REMEMBERING = ("text", "yaml", "json")


def format_for_file(name: str, text: str) -> str | None:
    """The format a file's ending names (a ``.json`` file: ours or a tournament platform's, by its
    layout), or None: the text decides (:func:`detect_format`)."""
    fmt = format_for_path(name)
    if fmt == "json":
        platform = format_module("platform-json")
        if platform is not None and platform.sniff(text):
            return "platform-json"
    return fmt


def iter_decks(paths: Paths, reader: str | None = None, *,
               fmt: str | None = None) -> Iterator[DeckRead]:
    """Read every deck file named by ``paths`` (one path or many) with ``reader`` (None: found per
    file); a file that fails gives its error, the rest go on. The files are one batch: what they
    repeat is remembered while they are read. (``fmt=`` is the old spelling of ``reader=``.)"""
    fmt = renamed("iter_decks", "fmt", "reader", fmt, reader)
    memory = ReadMemory()
    for item in iter_deck_files(paths):
        if item.error is not None:
            yield DeckRead(item.path, None, item.error)
            continue
        try:
            yield DeckRead(item.path, read_file(item.path, fmt, memory))
        except DeckcheckError as exc:
            yield DeckRead(item.path, None, exc)
        except RecursionError:
            yield DeckRead(item.path, None, DeckReadError(say("too deeply nested"), file=item.path))
        except Exception as exc:  # a reader bug must not stop a batch of 1,000 files
            yield DeckRead(item.path, None,
                           DeckReadError(say("internal error while reading: {error}", error=f"{type(exc).__name__}: {exc}"), file=item.path))


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


def read_deck(path_or_text: str | os.PathLike[str], reader: str | None = None, *, fmt: str | None = None) -> RawDeck:
    """Read a deck from a path, ``-`` (stdin), or the deck itself as a string (a list or a code).

    ``reader`` names the deck file format to read it as (text, code, tts, pixelborn, yaml, json,
    platform-json, link); None finds it. (``fmt=`` is the old spelling of ``reader=``.)
    """
    fmt = renamed("read_deck", "fmt", "reader", fmt, reader)
    if _is_path(path_or_text):
        return read_file(path_or_text, fmt)
    text = str(path_or_text)
    code = format_module("code")
    source = "<code>" if code is not None and code.sniff(text) else "<text>"
    return read_text(text, source=source, fmt=fmt)


def load_deck(path_or_text: str | os.PathLike[str], cards: CardDB | None = None, champion: str | None = None,
              reader: str | None = None, *, db: CardDB | None = None, fmt: str | None = None) -> Deck:
    """Read and resolve a deck (:func:`read_deck`) against ``cards`` (default: the bundled card
    database); ``champion`` names the Chosen Champion when the list does not. (``db=`` and ``fmt=``
    are the old spellings of ``cards=`` and ``reader=``.)"""
    from deckcheck.decks.resolve import resolve_deck

    cards = renamed("load_deck", "db", "cards", db, cards)
    fmt = renamed("load_deck", "fmt", "reader", fmt, reader)
    if cards is None:
        from deckcheck.cards import load_cards

        cards = load_cards()
    return resolve_deck(read_deck(path_or_text, fmt), cards, champion=champion)


def write_deck(deck: Deck, fmt: str) -> str:
    """The deck written in ``fmt`` (text, code, tts, pixelborn, yaml, json)."""
    module = _reader(fmt)
    if not hasattr(module, "write"):
        raise DeckcheckError(f"deckcheck reads the {fmt} format but does not write it")
    if BY_NAME[fmt].module.endswith(".structured"):
        return module.write(deck, fmt)
    return module.write(deck)
