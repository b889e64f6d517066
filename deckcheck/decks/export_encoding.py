"""How an export's bytes become text, and how text goes back to the same bytes.

Spreadsheets write UTF-8 with or without a byte-order mark, UTF-16 and UTF-32 with one (Excel's
"Unicode text") and Windows-1252 (older Excel). :func:`decode_export` finds which (or decodes a file
mixing UTF-8 and Windows-1252 lines line by line, saying so); :func:`written_as` gives the codec and
mark that write a corrected export back the way it was read.
"""

from __future__ import annotations

import codecs
from collections.abc import Sequence

from deckcheck.errors import DeckcheckError, DeckReadError

#: The encoding reported for a file decoded line by line (UTF-8 lines and Windows-1252 lines).
MIXED = "utf-8+cp1252"
_BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
         (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))
#: Bytes Windows-1252 leaves undefined: a file holding them is not Windows-1252.
_CP1252_HOLES = frozenset(b"\x81\x8d\x8f\x90\x9d")


def decode_export(data: bytes, path: str, encoding: str | None = None,
                  notes: list[str] | None = None) -> tuple[str, str]:
    """The text of an export and the encoding used (the one named, else detected; see the module
    doc: :data:`MIXED` for a file decoded line by line); how it was decoded when that was a guess
    is added to ``notes``."""
    if encoding is not None:
        check_encoding(encoding)
        try:
            return _no_nul(data.decode(encoding).lstrip("\ufeff"), path), encoding
        except UnicodeDecodeError as exc:
            raise DeckReadError(f"not valid {encoding} text: byte 0x{data[exc.start]:02X} at byte offset "
                                f"{exc.start}", file=path, line=_line_of(data, exc.start)) from None
    for bom, name in _BOMS:
        if data.startswith(bom):
            try:
                return _no_nul(data.decode(name).lstrip("\ufeff"), path), name
            except UnicodeDecodeError as exc:
                raise DeckReadError(f"not valid {name.upper()} text: bad bytes at byte offset {exc.start}",
                                    file=path) from None
    if data[:2].count(0) == 1 and data[:200].count(0) > len(data[:200]) // 3:
        raise DeckReadError("UTF-16 text without a byte-order mark: run again with --encoding utf-16-le "
                            "(or utf-16-be)", file=path)
    try:
        return _no_nul(data.decode("utf-8"), path), "utf-8"
    except UnicodeDecodeError as exc:
        bad = exc.start
    if set(data) & _CP1252_HOLES:
        raise DeckReadError(f"not UTF-8 text: byte 0x{data[bad]:02X} at byte offset {bad}; name the file's "
                            "encoding with --encoding (e.g. cp1252, latin-1, mac-roman)",
                            file=path, line=_line_of(data, bad))
    text, used, said = _mixed(data, path)
    if notes is not None:
        notes.extend(said)
    return text, used


def _mixed(data: bytes, path: str) -> tuple[str, str, list[str]]:
    """Bytes that are not UTF-8 as a whole: each line as UTF-8 if it is, else as Windows-1252."""
    lines = data.splitlines(keepends=True)
    utf8: list[int] = []
    cp1252: list[int] = []
    out: list[str] = []
    for number, line in enumerate(lines, 1):
        if line.isascii():
            out.append(line.decode("ascii"))
            continue
        try:
            out.append(line.decode("utf-8"))
            utf8.append(number)
        except UnicodeDecodeError:
            out.append(line.decode("cp1252"))
            cp1252.append(number)
    text = _no_nul("".join(out), path)
    if not utf8:
        return text, "cp1252", [f"not UTF-8: read as Windows-1252 (first at line {cp1252[0]}); if names look "
                                "wrong, name the encoding with --encoding"]
    return text, MIXED, [f"mixed encodings: line{plural_s(utf8)} {first_few(utf8)} read as UTF-8, line{plural_s(cp1252)} "
                                  f"{first_few(cp1252)} as Windows-1252; save the file in one encoding (UTF-8)"]


#: The codec that writes text after each byte-order mark (UTF-32's marks before UTF-16's, which they start with).
_BOM_CODECS = {codecs.BOM_UTF8: "utf-8", codecs.BOM_UTF32_LE: "utf-32-le", codecs.BOM_UTF32_BE: "utf-32-be",
               codecs.BOM_UTF16_LE: "utf-16-le", codecs.BOM_UTF16_BE: "utf-16-be"}


def written_as(data: bytes, used: str) -> tuple[str | None, bytes]:
    """The codec and the byte-order mark that write text back as ``data`` was written, decoded with
    ``used`` (None for a file decoded line by line)."""
    if used == MIXED:
        return None, b""
    name = codecs.lookup(used).name
    if name in ("utf-8-sig", "utf-16", "utf-32"):  # codecs that read (and write) a mark themselves
        family = name.removesuffix("-sig")
        for bom, codec in _BOM_CODECS.items():
            if data.startswith(bom) and codec.startswith(family):
                return codec, bom
        return (family if family == "utf-8" else family + "-le"), b""
    try:
        bom = "\ufeff".encode(name)
    except UnicodeEncodeError:
        return name, b""
    return name, bom if data.startswith(bom) else b""


def plural_s(items: Sequence) -> str:
    """"s" unless there is exactly one item (row/rows, line/lines)."""
    return "" if len(items) == 1 else "s"


def first_few(numbers: Sequence[object], shown: int = 5) -> str:
    """The first ``shown`` numbers, then how many more: "2, 5, 9 and 1,204 more"."""
    text = ", ".join(str(n) for n in numbers[:shown])
    return text + (f" and {len(numbers) - shown:,} more" if len(numbers) > shown else "")


def _no_nul(text: str, path: str) -> str:
    nul = text.find("\0")
    if nul >= 0:
        raise DeckReadError(f"binary data, not a text export: NUL character at character {nul}", file=path)
    return text


def _line_of(data: bytes, offset: int) -> int:
    head = data[:offset]
    return head.count(b"\n") + head.count(b"\r") - head.count(b"\r\n") + 1


def check_encoding(name: str) -> str:
    """``name`` if it is a text encoding Python knows; else a usage error naming a few."""
    try:
        codecs.lookup(name)
    except LookupError:
        raise DeckcheckError(f"unknown encoding '{name}' (try utf-8, utf-16, cp1252, latin-1, mac-roman)",
                             parameter="encoding") from None
    try:
        b"".decode(name)
        "".encode(name)
    except LookupError:
        raise DeckcheckError(f"'{name}' is not a text encoding (try utf-8, utf-16, cp1252, latin-1, mac-roman)",
                             parameter="encoding") from None
    return name
