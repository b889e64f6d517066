"""A deck file's bytes, read within the limit, and its text decoded (UTF-8 with or without BOM,
UTF-16/32 with BOM); binary files, NUL bytes and invalid UTF-8 refused with their offset."""

from __future__ import annotations

import codecs
import errno
import os
import stat

from deckcheck.words import N_, say
from deckcheck.errors import DeckReadError

MAX_BYTES = 1024 * 1024


def count_lines(text: str) -> int:
    """Lines as an editor counts them (LF, CRLF or CR); a final line break starts no new line."""
    breaks = text.count("\n") + text.count("\r") - text.count("\r\n")
    return breaks + (0 if not text or text.endswith(("\n", "\r")) else 1)


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
            raise DeckReadError(say("is a directory"), file=path) from None
        raise DeckReadError(os_message(exc, path), file=path) from None
    try:
        try:
            data = os.read(fd, _FIRST_READ + 1)
        except IsADirectoryError:
            raise DeckReadError(say("is a directory"), file=path) from None
        except OSError as exc:
            raise DeckReadError(say("cannot read: {reason}", reason=exc.strerror or str(exc)), file=path) from None
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
        raise DeckReadError(os_message(exc, path), file=path) from None
    size = info.st_size
    regular = stat.S_ISREG(info.st_mode)
    if regular and size > MAX_BYTES:
        raise DeckReadError(say("too large ({size:,} bytes; the limit is 1 MiB)", size=size), file=path)
    try:
        if not regular:
            data += os.read(fd, MAX_BYTES + 1 - len(data))
        elif len(data) <= size:
            data += os.read(fd, size + 1 - len(data))
        if regular and len(data) > size:  # the file grew since it was measured: read on, to the limit
            data += os.read(fd, MAX_BYTES + 1 - len(data)) if len(data) <= MAX_BYTES else b""
    except OSError as exc:
        raise DeckReadError(say("cannot read: {reason}", reason=exc.strerror or str(exc)), file=path) from None
    if len(data) > MAX_BYTES:
        raise DeckReadError(say("too large (over 1 MiB)"), file=path)
    return data


_READ_FLAGS = os.O_RDONLY | getattr(os, "O_BINARY", 0)


def _read_stream(read, source: str) -> bytes:
    """At most :data:`MAX_BYTES` from ``read(size)`` (one call of a stream or file descriptor)."""
    try:
        data = read(MAX_BYTES + 1)
    except OSError as exc:
        raise DeckReadError(say("cannot read: {reason}", reason=exc.strerror or str(exc)), file=source) from None
    if len(data) > MAX_BYTES:
        raise DeckReadError(say("too large (over 1 MiB)"), file=source)
    return data


def os_message(exc: OSError, path: str) -> str:
    if exc.errno == errno.ELOOP:
        return say("symbolic link loop")
    if exc.errno == errno.ENOENT:
        return say("broken symbolic link") if os.path.islink(path) else say("no such file or directory")
    if exc.errno in (errno.EACCES, errno.EPERM):
        return say("cannot read: permission denied")
    return say("cannot read: {reason}", reason=exc.strerror or str(exc))


_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


#: Leading bytes of files players send by mistake -> what they are.
_SIGNATURES = (
    (b"\x89PNG\r\n\x1a\n", N_("a PNG image")),
    (b"\xff\xd8\xff", N_("a JPEG image")),
    (b"GIF87a", N_("a GIF image")),
    (b"GIF89a", N_("a GIF image")),
    (b"%PDF-", N_("a PDF document")),
    (b"PK\x03\x04", N_("a ZIP archive (or a .docx/.xlsx/.ods document)")),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", N_("an old Office document (.doc/.xls)")),
    (b"{\\rtf", N_("an RTF document")),
    (b"\x7fELF", N_("a program")),
    (b"\x1f\x8b", N_("a gzip archive")),
)


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
        raise DeckReadError(say("binary data, not a decklist: {kind} (send the list as text)", kind=say(kind)), file=source)
    encoding = next((enc for bom, enc in _BOMS if data.startswith(bom)), None) if first in _BOM_STARTS else None
    if encoding is None:
        nul = data.find(b"\0")
        if nul >= 0:
            if _looks_utf16(data):
                raise DeckReadError(say("binary data, not a decklist: NUL byte at byte offset {offset} "
                                        "(UTF-16 without a byte-order mark? save it as UTF-8)", offset=nul), file=source)
            raise DeckReadError(say("binary data, not a decklist: NUL byte at byte offset {offset}", offset=nul),
                                file=source, line=_byte_line(data, nul))
        encoding = "utf-8"
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        bad = data[exc.start : exc.start + 1].hex().upper() or "end of data"
        utf8 = encoding.startswith("utf-8")
        raise DeckReadError(
            say("not valid {encoding} text: byte 0x{byte} at byte offset {offset} (save the file as UTF-8)",
                encoding="UTF-8" if utf8 else encoding.upper(), byte=bad, offset=exc.start),
            file=source, line=_byte_line(data, exc.start) if utf8 else None,
        ) from None
    nul = text.find("\0")
    if nul >= 0:
        raise DeckReadError(say("binary data, not a decklist: NUL character at character {offset}", offset=nul),
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
