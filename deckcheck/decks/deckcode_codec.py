"""The Riftbound deck-code codec (format versions 1–6), as docs/deck-codes.md describes it.

:func:`decode` turns a code into a :class:`DeckCode` (card codes and counts, no card database
needed) and :func:`encode` turns one back at the lowest version that can hold it. Two readers
share the work: the quick one decodes the usual code through tables made once per printing, and
the careful one walks anything else byte by byte, decoding every well-formed code and naming the
first problem of a broken one and where it is.

Choices where the reference encoder is lax, so that no card is ever lost:

- a count of 0 or less is an error, not a silently dropped card;
- a count above 12 (main) or 3 (sideboard) moves the code to version 5 instead of being dropped;
- a count above :data:`MAX_COUNT`, a varint longer than 5 bytes or over 32 bits, trailing bytes
  after the last section and codes over :data:`MAX_CODE_LENGTH` characters are refused;
- unknown set or variant ids are refused, never guessed.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import repeat
from typing import NamedTuple

from deckcheck.errors import DeckCodeError

#: Set id -> set code. New sets are appended (never guessed) once their id is published.
SETS: tuple[str, ...] = ("OGN", "OGS", "ARC", "SFD", "UNL", "VEN", "RAD")
#: Variant id -> suffix. ``*`` is another spelling of ``s`` (signed).
VARIANTS: tuple[str, ...] = ("", "a", "s", "b")
MAX_VERSION = 6
MAX_CODE_LENGTH = 4096  # characters
MAX_COUNT = 999  # copies of one printing; v5 fixtures use 130
MAX_VARINT_BYTES = 5

_SET_ID = {code: i for i, code in enumerate(SETS)}
#: Said of a set id past SETS: the ids of sets after the last are not published, and none is guessed.
_NO_GUESS = f"the deck-code ids of sets after {SETS[-1]} are not published yet, and deckcheck does not guess one"
#: Variant suffix as written -> variant id (``*`` and ``s`` both mean signed).
VARIANT_IDS = {"": 0, "a": 1, "s": 2, "*": 2, "b": 3}
_PREFIXES = ("", "R", "SP")  # flag byte 0, 1, 2
_MAIN_WALK = range(12, 0, -1)
_SIDE_WALK = range(3, 0, -1)
_KEPT_COUNTS = 12  # the quick reader has tables for the counts 1 to 12
CARD_CODE = re.compile(r"^([A-Za-z]{2}[A-Za-z0-9])-(R|SP|r|sp|Sp)?(\d{1,10})([A-Za-z*]?)$")
_B32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
B32_CHARS = frozenset(_B32_ALPHABET + _B32_ALPHABET[:26].lower())
#: ASCII byte -> its ``int(..., 32)`` digit for base32 letters (either case), ``!`` for anything else.
_B32_TO_DIGITS = bytes(
    b"0123456789abcdefghijklmnopqrstuv"[_B32_ALPHABET.index(chr(b).upper())] if chr(b) in B32_CHARS else ord("!")
    for b in range(256)
)


@dataclass(frozen=True, slots=True)
class DeckCode:
    """What a deck code holds: card codes with counts, a champion label, extra legends.

    ``main`` is the flat main list (legend, Main Deck with the champion's copies, battlefields,
    runes). ``version`` is the version read by :func:`decode`; :func:`encode` ignores it.
    """

    main: tuple[tuple[str, int], ...] = ()
    sideboard: tuple[tuple[str, int], ...] = ()
    champion: str | None = None
    additional_legends: tuple[str, ...] = ()
    version: int | None = field(default=None, compare=False)


class CardRef(NamedTuple):
    """A card reference as stored: set id, variant id, number prefix (0 plain, 1 R, 2 SP), number.

    Tuple order is the encoder's order inside a group: plain numbers, then R, then SP, each numeric.
    """

    set_id: int
    variant_id: int
    prefix: int
    number: int


@lru_cache(maxsize=8192)
def parse_card_code(code: str) -> CardRef:
    """Split ``OGN-007a`` / ``SFD-R02`` / ``VEN-SP1`` into its stored parts; DeckCodeError if it cannot be stored."""
    m = CARD_CODE.match(code.strip())
    if m is None:
        raise DeckCodeError(f"cannot write '{code}' in a deck code: expected SET-NUMBER[variant], e.g. OGN-007a")
    set_code, prefix, digits, letter = m[1].upper(), (m[2] or "").upper(), m[3], m[4]
    set_id = _SET_ID.get(set_code)
    if set_id is None:
        raise DeckCodeError(f"cannot write '{code}' in a deck code: unknown set {set_code} (known: {', '.join(SETS)}); "
                            f"{_NO_GUESS}")
    variant_id = VARIANT_IDS.get(letter.lower())
    if variant_id is None:
        raise DeckCodeError(f"cannot write '{code}' in a deck code: unknown variant '{letter}' (known: none, a, s or *, b)")
    number = int(digits)
    if number >= 1 << 32:
        raise DeckCodeError(f"cannot write '{code}' in a deck code: number too large")
    return CardRef(set_id, variant_id, _PREFIXES.index(prefix), number)


def _card_code(set_id: int, variant_id: int, prefix: int, number: int, signed: str) -> str:
    suffix = VARIANTS[variant_id]
    if suffix == "s":
        suffix = signed
    if prefix == 0:
        return f"{SETS[set_id]}-{number:03d}{suffix}"
    if prefix == 1:
        return f"{SETS[set_id]}-R{number:02d}{suffix}"
    return f"{SETS[set_id]}-SP{number}{suffix}"


# --------------------------------------------------------------------------- decoding
def code_bytes(code: str) -> bytes:
    """Base32 (RFC 4648, padding optional, any case) to bytes, stopping at whole bytes."""
    text = code.rstrip("=")
    try:  # each letter becomes its int(..., 32) digit; anything else becomes "!", which int() refuses
        value = int(text.encode("ascii").translate(_B32_TO_DIGITS) or b"0", 32)
    except (UnicodeEncodeError, ValueError):
        at, ch = next((i, ch) for i, ch in enumerate(code, 1) if ch not in B32_CHARS)
        raise DeckCodeError(f"Invalid character in deck code: {ch!r} at position {at}") from None
    nbits = 5 * len(text)
    return (value >> nbits % 8).to_bytes(nbits // 8, "big")


def decode(code: str, *, signed_suffix: str = "s") -> DeckCode:
    """Decode a deck code of format version 1–6; :class:`DeckCodeError` names what is wrong and where."""
    if not isinstance(code, str):
        raise DeckCodeError("a deck code must be text")
    code = code.strip()
    if not code:
        raise DeckCodeError("empty deck code")
    if len(code) > MAX_CODE_LENGTH:
        raise DeckCodeError(f"deck code too long: {len(code)} characters (the limit is {MAX_CODE_LENGTH})")
    data = code_bytes(code)
    try:
        return _quick(data, signed_suffix)
    except (_Unusual, LookupError, TypeError):
        return _careful(data, signed_suffix)


class _Unusual(Exception):
    """The quick reader met something it does not read: the careful reader takes the code."""


# --------------------------------------------------------------------------- the quick reader
#: ``range(n)`` for every one-byte count of blocks, groups or cards (a varint one: IndexError).
_RANGES = tuple(map(range, range(0x80)))
#: Byte -> itself below 3, else 3: a number's second byte, as its rows are indexed (see _Tables).
_CLAMP = bytes(min(b, 3) for b in range(256))


def _quick(data: bytes, signed: str) -> DeckCode:
    """The usual code whole, or an exception at anything unusual.

    A number is an entry of its printing's rows for the count (see :class:`_Tables`), found by
    ``rows[first byte][second byte clamped to 0-3]`` (``rows[flag][first][second]`` when numbers are
    flagged), which gives its card code, its ``(card code, count)`` pair and how many bytes it took.
    ``first`` and ``low`` are the code from its second byte and clamped, so a field at ``pos`` is read
    with one index whatever its offset. Past the tables (a field of two bytes or more other than a
    number up to 383, an R or SP number above 63, a count above 12, a card given twice) it raises.
    """
    version = data[0] - 0x10
    if version < 5:
        flagged = version == 4
        pos = 1
    else:
        flagged = data[1]
        pos = 2
    if not 1 <= version <= MAX_VERSION or flagged > 1:
        raise _Unusual
    tables = _tables(signed, (3 if version >= 5 else 2) if flagged else 0)
    first = data[1:]  # the byte after each position (a flagged number's first byte)
    second = first[1:]
    low = (second if flagged else first).translate(_CLAMP)  # a number's second byte, clamped to 0-3
    main: dict[str, tuple[str, int]] = {}
    side: dict[str, tuple[str, int]] = {}
    sparse = version >= 5
    by_count = tables.by_count
    cards = 0
    for out, walk in zip((main, side), tables.walks[:version]):  # the main list, then (from v2) the sideboard
        if sparse:  # versions 5-6: how many distinct counts, then each count and its groups
            walk = _RANGES[data[pos]]
            pos += 1
        for slots in walk:  # versions 1-4: a block per count, top down to 1: its number of groups, its groups
            if sparse:
                slots = by_count[data[pos]]  # count 0: None, refused below; above 12: IndexError
                pos += 1
                if slots is None:
                    raise _Unusual
            n = data[pos]
            pos += 1
            if n:
                for _ in _RANGES[n]:
                    size = data[pos]
                    rows = slots[first[pos]][second[pos]] or tables.fill(slots, first[pos], second[pos])
                    pos += 3
                    cards += size
                    if flagged:
                        for _ in _RANGES[size]:
                            code, pair, step = rows[data[pos]][first[pos]][low[pos]]
                            out[code] = pair
                            pos += step
                    else:
                        for _ in _RANGES[size]:
                            code, pair, step = rows[data[pos]][low[pos]]
                            out[code] = pair
                            pos += step
    champion = None
    legends: tuple[str, ...] = ()
    if version >= 3:
        marker = data[pos]
        pos += 1
        if marker:
            if marker != 1:
                raise _Unusual
            champion, pos = _quick_ref(data, pos, tables, flagged, first, low)
        if version >= 6:
            n = data[pos]
            pos += 1
            if n:
                found = []
                for _ in _RANGES[n]:
                    legend, pos = _quick_ref(data, pos, tables, flagged, first, low)
                    found.append(legend)
                legends = tuple(found)
    if pos != len(data) or len(main) + len(side) != cards:
        raise _Unusual  # the second: a card given twice, whose counts the careful reader adds up
    return DeckCode(tuple(main.values()), tuple(side.values()), champion, legends, version)


def _quick_ref(data: bytes, pos: int, tables: _Tables, flagged: int, first: bytes, low: bytes) -> tuple[str, int]:
    """The card code of the reference (set, variant, number) at ``pos``, and the position after it."""
    slots = tables.by_count[1]
    rows = slots[data[pos]][data[pos + 1]] or tables.fill(slots, data[pos], data[pos + 1])
    pos += 2
    code, _, step = (rows[data[pos]][first[pos]] if flagged else rows[data[pos]])[low[pos]]
    return code, pos + step


class _Tables:
    """The quick reader's tables for one signed suffix and one kind of prefix flags (``allowed``).

    ``by_count[count]`` (1 to 12) holds, per set id and variant id, the rows of that printing for
    that count, None until :meth:`fill` makes them. Rows are indexed by a number's first byte, then
    by its second byte clamped to 0-3 (for flagged numbers, first by the flag): a first byte below
    128 is a number of one byte, the same entry under all four second bytes; a first byte of 128 or
    more is the low 7 bits of a number whose second byte 1 or 2 is the rest (128 to 383). Under a
    second byte of 0 (a needless zero group) is None, and 3 or more is past the row: the careful
    reader reads those. R and SP numbers have rows up to 63. An entry is
    ``(card code, (card code, count), bytes taken)``. ``walks`` are the slots of the fixed walks of
    versions 1-4 (main list 12 to 1, sideboard 3 to 1).
    """

    def __init__(self, signed: str, allowed: int) -> None:
        self.signed = signed
        self.allowed = allowed
        self.by_count = (None, *(tuple([None] * len(VARIANTS) for _ in SETS) for _ in range(_KEPT_COUNTS)))
        self.walks = (tuple(self.by_count[c] for c in _MAIN_WALK), tuple(self.by_count[c] for c in _SIDE_WALK))

    def fill(self, slots: tuple[list, ...], set_id: int, variant_id: int) -> tuple:
        """Make the rows of a printing for the count of ``slots``, keep them there and return them."""
        count = next(c for c, s in enumerate(self.by_count) if s is slots)
        codes = [[_card_code(set_id, variant_id, flag, n, self.signed) for n in range(0x180 if flag == 0 else 0x40)]
                 for flag in range(max(self.allowed, 1))]  # plain numbers only, unless numbers carry a flag
        wide = 1 if self.allowed else 0
        rows = []
        for flag in range(max(self.allowed, 1)):
            pairs = list(zip(codes[flag], repeat(count)))
            short = list(zip(codes[flag][:0x80], pairs, repeat(1 + wide)))
            per_first = list(zip(short, short, short, short))
            if flag == 0:  # second byte 0 (a needless zero group): None, for the careful reader
                long = list(zip(codes[0][0x80:], pairs[0x80:], repeat(2 + wide)))
                per_first += zip(repeat(None), long[:0x80], long[0x80:])
            rows.append(tuple(per_first))
        slots[set_id][variant_id] = table = tuple(rows) if self.allowed else rows[0]
        return table


@lru_cache(maxsize=64)
def _tables(signed: str, allowed: int) -> _Tables:
    """The quick reader's tables for a signed suffix and prefix flags, made once."""
    return _Tables(signed, allowed)


def clear_tables() -> None:
    """Forget the quick reader's tables (they are made again as codes are read)."""
    _tables.cache_clear()


# --------------------------------------------------------------------------- the careful reader
class _Bytes:
    """A cursor over the decoded bytes that names what it was reading when they run out."""

    __slots__ = ("data", "pos", "section")

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0
        self.section = "header"

    def truncated(self) -> DeckCodeError:
        return DeckCodeError(f"truncated deck code: it ends inside the {self.section} (after {len(self.data)} bytes)")

    def byte(self) -> int:
        if self.pos >= len(self.data):
            raise self.truncated()
        self.pos += 1
        return self.data[self.pos - 1]

    def varint(self) -> int:
        value = 0
        for i in range(MAX_VARINT_BYTES):
            b = self.byte()
            value |= (b & 0x7F) << (7 * i)
            if b < 0x80:
                if value >> 32:
                    raise DeckCodeError(f"bad deck code: number {value} in the {self.section} overflows 32 bits")
                return value
        raise DeckCodeError(f"bad deck code: a number in the {self.section} runs longer than {MAX_VARINT_BYTES} bytes")

    def left(self) -> int:
        return len(self.data) - self.pos


def _careful(data: bytes, signed: str) -> DeckCode:
    """Decode part by part: every well-formed code, or the first problem named with its section."""
    buf = _Bytes(data)
    header = buf.byte()
    fmt, version = header >> 4, header & 0x0F
    if fmt != 1:
        raise DeckCodeError(f"Unsupported format: {fmt}. Expected format: 1")
    if not 1 <= version <= MAX_VERSION:
        raise DeckCodeError(f"Unsupported version: {version}. Supported versions: 1 to {MAX_VERSION}")
    allowed = 2 if version == 4 else 0  # how many prefix flags a number may carry (0: no flag byte)
    if version >= 5:
        buf.section = "prefix-mode byte"
        mode = buf.byte()
        if mode > 1:
            raise DeckCodeError(f"bad deck code: prefix mode {mode} (expected 0 or 1)")
        allowed = 3 * mode
    buf.section = "main list"
    main = _list(buf, version, allowed, 12, signed)
    side: dict[str, int] = {}
    if version >= 2:
        buf.section = "sideboard"
        side = _list(buf, version, allowed, 3, signed)
    champion = None
    if version >= 3:
        buf.section = "champion trailer"
        marker = buf.byte()
        if marker == 1:
            champion = _ref(buf, allowed, signed)
        elif marker:
            raise DeckCodeError(f"bad deck code: champion marker {marker} (expected 0 or 1)")
    legends = []
    if version >= 6:
        buf.section = "additional legends"
        n = buf.varint()
        if n * 3 > buf.left():
            raise buf.truncated()
        legends = [_ref(buf, allowed, signed) for _ in range(n)]
    if buf.left():
        raise DeckCodeError(f"bad deck code: {buf.left()} unexpected byte(s) after the end (version {version})")
    return DeckCode(tuple(main.items()), tuple(side.items()), champion, tuple(legends), version)


def _list(buf: _Bytes, version: int, allowed: int, top: int, signed: str) -> dict[str, int]:
    """The main list or the sideboard: card code -> copies (a card given twice has its counts added)."""
    cards: dict[str, int] = {}
    if version <= 4:
        for count in range(top, 0, -1):
            _groups(buf, allowed, count, signed, cards)
        return cards
    distinct = buf.varint()
    if distinct > buf.left():
        raise buf.truncated()
    for _ in range(distinct):
        count = buf.varint()
        if count < 1:
            raise DeckCodeError(f"bad deck code: a count of 0 in the {buf.section}")
        if count > MAX_COUNT:
            raise DeckCodeError(f"bad deck code: absurd count {count} in the {buf.section} (more than {MAX_COUNT} copies)")
        _groups(buf, allowed, count, signed, cards)
    return cards


def _groups(buf: _Bytes, allowed: int, count: int, signed: str, cards: dict[str, int]) -> None:
    """A count block: the number of groups, then each group whole (a group cut short is a truncation
    before any bad number in it)."""
    groups = buf.varint()
    if groups * 3 > buf.left():
        raise buf.truncated()
    item = re.compile(b"." * bool(allowed) + b"[\\x80-\\xff]*[\\x00-\\x7f]", re.DOTALL)
    for _ in range(groups):
        size = buf.varint()
        if size + 2 > buf.left():
            raise buf.truncated()
        set_id, variant_id = _set_variant(buf)
        region = re.compile(b"(?:%s){%d}" % (item.pattern, size), re.DOTALL).match(buf.data, buf.pos)
        if region is None:
            raise buf.truncated()
        for raw in item.findall(buf.data, buf.pos, region.end()):
            code = _card_code(set_id, variant_id, *_number(buf.section, raw, allowed), signed)
            cards[code] = total = cards.get(code, 0) + count
            if total > MAX_COUNT:
                raise DeckCodeError(f"bad deck code: absurd count for {code} in the {buf.section} "
                                    f"(more than {MAX_COUNT} copies)")
        buf.pos = region.end()


def _number(section: str, raw: bytes, allowed: int) -> tuple[int, int]:
    """A card number's prefix flag and value from its raw bytes (flag byte, if any, then varint)."""
    flag = 0
    if allowed:
        flag = raw[0]
        if flag >= allowed:
            raise DeckCodeError(f"bad deck code: prefix flag {flag} in the {section} (expected 0 to {allowed - 1})")
        raw = raw[1:]
    if len(raw) > MAX_VARINT_BYTES:
        raise DeckCodeError(f"bad deck code: a number in the {section} runs longer than {MAX_VARINT_BYTES} bytes")
    number = sum((b & 0x7F) << (7 * i) for i, b in enumerate(raw))
    if number >> 32:
        raise DeckCodeError(f"bad deck code: number {number} in the {section} overflows 32 bits")
    return flag, number


def _set_variant(buf: _Bytes) -> tuple[int, int]:
    set_id = buf.byte()
    if set_id >= len(SETS):
        raise DeckCodeError(f"Unknown set code: {set_id} in the {buf.section} (known: 0-{len(SETS) - 1}, "
                            f"{'/'.join(SETS)}); {_NO_GUESS}")
    variant_id = buf.byte()
    if variant_id >= len(VARIANTS):
        raise DeckCodeError(f"Unknown variant code: {variant_id} in the {buf.section} (known: 0-3)")
    return set_id, variant_id


def _ref(buf: _Bytes, allowed: int, signed: str) -> str:
    """A card reference of a trailer: set, variant, the flag byte if numbers carry one, the number."""
    set_id, variant_id = _set_variant(buf)
    flag = 0
    if allowed:
        flag = buf.byte()
        if flag >= allowed:
            raise DeckCodeError(f"bad deck code: prefix flag {flag} in the {buf.section} (expected 0 to {allowed - 1})")
    return _card_code(set_id, variant_id, flag, buf.varint(), signed)


# --------------------------------------------------------------------------- encoding
def choose_version(deck: DeckCode) -> int:
    """The lowest version that can hold ``deck``, the copies of a card listed on several lines counted together."""
    champion = parse_card_code(deck.champion) if deck.champion else None
    return _lowest_version(_merge(deck.main, "main list"), _merge(deck.sideboard, "sideboard"), champion,
                           bool(deck.additional_legends))


def _lowest_version(main: dict[CardRef, int], side: dict[CardRef, int], champion: CardRef | None,
                    legends: bool) -> int:
    if legends:
        return 6
    if max(main.values(), default=0) > 12 or max(side.values(), default=0) > 3:
        return 5  # versions 3-4 write counts 12..1 (main) and 3..1 (sideboard) only
    prefixes = {ref.prefix for ref in main}
    prefixes.update(ref.prefix for ref in side)
    if champion is not None:
        prefixes.add(champion.prefix)
    if 2 in prefixes:
        return 5
    return 4 if 1 in prefixes else 3


def encode(deck: DeckCode) -> str:
    """Encode ``deck`` at the version :func:`choose_version` picks. Never drops a card.

    >>> encode(DeckCode(main=(("OGN-001", 3),)))
    'CMAAAAAAAAAAAAAAAEAQAAABAAAAAAAAAA'
    """
    main = _merge(deck.main, "main list")  # first: a count that is no number is refused before it is compared
    side = _merge(deck.sideboard, "sideboard")
    champion = parse_card_code(deck.champion) if deck.champion else None
    legends = [parse_card_code(c) for c in deck.additional_legends]
    version = _lowest_version(main, side, champion, bool(legends))
    # a flag byte before every number: always in version 4, in 5-6 when some number has a prefix
    flagged = version == 4 or (version >= 5 and any(
        r.prefix for r in (*main, *side, *legends, *([champion] if champion else []))))
    out = bytearray([0x10 | version])
    if version >= 5:
        out.append(flagged)  # the prefix-mode byte, 0 or 1
    for cards, walk in ((main, _MAIN_WALK), (side, _SIDE_WALK)):
        by_count: dict[int, list[CardRef]] = {}
        for ref, n in cards.items():
            by_count.setdefault(n, []).append(ref)
        if version <= 4:
            for count in walk:
                refs = by_count.get(count)
                if refs:
                    _write_groups(out, refs, flagged)
                else:
                    out.append(0)  # no group of that count
        else:
            _put_varint(out, len(by_count))
            for count in sorted(by_count, reverse=True):
                _put_varint(out, count)
                _write_groups(out, by_count[count], flagged)
    if champion is None:
        out.append(0)
    else:
        out.append(1)
        _write_ref(out, champion, flagged)
    if version >= 6:
        _put_varint(out, len(legends))
        for ref in legends:
            _write_ref(out, ref, flagged)
    return base64.b32encode(out).decode("ascii").rstrip("=")


def _merge(cards: tuple[tuple[str, int], ...], where: str) -> dict[CardRef, int]:
    merged: dict[CardRef, int] = {}
    for code, count in cards:
        if not isinstance(count, int) or count < 1:
            raise DeckCodeError(f"cannot write {code} x{count} in a deck code: counts must be 1 or more ({where})")
        ref = parse_card_code(code)
        merged[ref] = merged.get(ref, 0) + count
        if merged[ref] > MAX_COUNT:
            raise DeckCodeError(f"cannot write {code} x{merged[ref]} in a deck code: more than {MAX_COUNT} copies")
    return merged


def _write_groups(out: bytearray, refs: list[CardRef], flagged: bool) -> None:
    """The cards of one count as groups of one (set, variant), groups and cards in CardRef order."""
    runs: list[list[CardRef]] = []
    for ref in sorted(refs):
        if runs and runs[-1][0][:2] == ref[:2]:
            runs[-1].append(ref)
        else:
            runs.append([ref])
    _put_varint(out, len(runs))
    for members in runs:
        _put_varint(out, len(members))
        out.append(members[0].set_id)
        out.append(members[0].variant_id)
        for ref in members:
            if flagged:
                out.append(ref.prefix)
            _put_varint(out, ref.number)


def _write_ref(out: bytearray, ref: CardRef, flagged: bool) -> None:
    out.append(ref.set_id)
    out.append(ref.variant_id)
    if flagged:
        out.append(ref.prefix)
    _put_varint(out, ref.number)


def _put_varint(out: bytearray, value: int) -> None:
    while value >= 0x80:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
