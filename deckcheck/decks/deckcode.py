"""Riftbound deck codes (format versions 1–6), as ``/work/shared/deckcodes/FORMAT.md`` describes.

Low level: :func:`decode` turns a code into a :class:`DeckCode` (card codes and counts, no
card database needed) and :func:`encode` turns one back, choosing the lowest version that can
hold the deck (FORMAT §3.6). Reader/writer: :func:`read` gives a :class:`RawDeck` whose
main-list entries carry no zone (the resolver files them by type); :func:`write` encodes a
resolved :class:`Deck`.

Choices where the reference encoder (npm 1.1.0) is lax, so that no card is ever lost:

- a count of 0 or less is an error, not a silently dropped card;
- a count above 12 (main) or 3 (sideboard) moves the code to version 5 instead of being dropped;
- a count above :data:`MAX_COUNT`, a varint longer than 5 bytes or over 32 bits, trailing bytes
  after the last section and codes over :data:`MAX_CODE_LENGTH` characters are refused;
- unknown set or variant ids are refused, never guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import repeat
from collections.abc import Iterable, Iterator
from typing import NamedTuple, NoReturn

from deckcheck.decks.model import Deck, DeckEntry, RawDeck, RawEntry, Source, UnknownEntry, Zone
from deckcheck.errors import DeckCodeError, DeckReadError

NAME = "code"

#: Set id -> set code (FORMAT §1). New sets are appended without a version bump.
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
_VARIANT_ID = {"": 0, "a": 1, "s": 2, "*": 2, "b": 3}
_PREFIXES = ("", "R", "SP")  # flag byte 0, 1, 2
_MAIN_WALK = range(12, 0, -1)
_SIDE_WALK = range(3, 0, -1)
_CARD_CODE = re.compile(r"^([A-Za-z]{2}[A-Za-z0-9])-(R|SP|r|sp|Sp)?(\d{1,10})([A-Za-z*]?)$")
_SNIFF = re.compile(r"^[Cc][A-Za-z2-7][A-Za-z0-9]{6,}=*$")
_B32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_B32_CHARS = frozenset(_B32_ALPHABET + _B32_ALPHABET[:26].lower())
_DIGITS = b"0123456789abcdefghijklmnopqrstuv"  # int(..., 32) digits
#: ASCII byte -> its int(..., 32) digit for base32 letters (either case), b"!" for anything else.
#: Byte -> how many bytes a number starting with it takes, if one or two (a top bit means one more).
_LENGTHS = bytes(1 + (b >> 7) for b in range(256))
#: The same for a flagged number, looked up by its second byte (the first of its varint).
_FLAGGED_LENGTHS = bytes(2 + (b >> 7) for b in range(256))
_B32_TO_DIGITS = bytes(
    _DIGITS[_B32_ALPHABET.index(chr(b).upper())] if chr(b) in _B32_CHARS else ord("!") for b in range(256)
)


# --------------------------------------------------------------------------- the model
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
    m = _CARD_CODE.match(code.strip())
    if m is None:
        raise DeckCodeError(f"cannot write '{code}' in a deck code: expected SET-NUMBER[variant], e.g. OGN-007a")
    set_code, prefix, digits, letter = m[1].upper(), (m[2] or "").upper(), m[3], m[4]
    set_id = _SET_ID.get(set_code)
    if set_id is None:
        raise DeckCodeError(f"cannot write '{code}' in a deck code: unknown set {set_code} (known: {', '.join(SETS)}); "
                            f"{_NO_GUESS}")
    variant_id = _VARIANT_ID.get(letter.lower())
    if variant_id is None:
        raise DeckCodeError(f"cannot write '{code}' in a deck code: unknown variant '{letter}' (known: none, a, s or *, b)")
    number = int(digits)
    if number >= 1 << 32:
        raise DeckCodeError(f"cannot write '{code}' in a deck code: number too large")
    return CardRef(set_id, variant_id, _PREFIXES.index(prefix), number)


def _suffix(variant_id: int, signed_suffix: str) -> str:
    suffix = VARIANTS[variant_id]
    return signed_suffix if suffix == "s" else suffix


def _format(set_dash: str, suffix: str, prefix: str, number: int) -> str:
    if not prefix:
        return f"{set_dash}{number:03d}{suffix}"
    if prefix == "R":
        return f"{set_dash}R{number:02d}{suffix}"
    return f"{set_dash}SP{number}{suffix}"


# --------------------------------------------------------------------------- decoding
def code_bytes(code: str) -> bytes:
    """Base32 (RFC 4648, no padding, any case) to bytes, stopping at whole bytes."""
    text = code.rstrip("=")
    try:  # each letter becomes its int(..., 32) digit; anything else becomes "!", which int() refuses
        value = int(text.encode("ascii").translate(_B32_TO_DIGITS) or b"0", 32)
    except (UnicodeEncodeError, ValueError):
        _bad_character(code)
    nbits = 5 * len(text)
    nbytes = nbits // 8
    return (value >> (nbits - 8 * nbytes)).to_bytes(nbytes, "big")


def _bad_character(code: str) -> NoReturn:
    """Raise the error naming the first character of ``code`` that is not base32."""
    at, ch = next((i, ch) for i, ch in enumerate(code, 1) if ch not in _B32_CHARS)
    raise DeckCodeError(f"Invalid character in deck code: {ch!r} at position {at}") from None


def decode(code: str, *, signed_suffix: str = "s") -> DeckCode:
    """Decode a deck code of format version 1–6. Raises :class:`DeckCodeError` with a precise reason.

    The quick reader (:func:`_quick`) decodes the usual code; what it refuses goes to the general
    reader (:func:`_read`), which decodes every well-formed code, and what that refuses is walked
    again by the careful reader (:func:`_explain`), which names the problem and where it is.
    """
    if not isinstance(code, str):
        raise DeckCodeError("a deck code must be text")
    code = code.strip()
    if not code:
        raise DeckCodeError("empty deck code")
    if len(code) > MAX_CODE_LENGTH:
        raise DeckCodeError(f"deck code too long: {len(code)} characters (the limit is {MAX_CODE_LENGTH})")
    text = code.rstrip("=")  # code_bytes(code), inline (a call is 2% of a decode)
    try:
        value = int(text.encode("ascii").translate(_B32_TO_DIGITS) or b"0", 32)
    except (UnicodeEncodeError, ValueError):
        _bad_character(code)
    nbits = 5 * len(text)
    data = (value >> nbits % 8).to_bytes(nbits // 8, "big")
    try:
        return _quick(data, signed_suffix)
    except (_Refused, LookupError, TypeError):
        pass
    try:
        return _read(data, signed_suffix)
    except (_Refused, LookupError, AttributeError, TypeError):  # the last two: a pattern matched nothing
        pass
    _explain(data)


class _Refused(Exception):
    """A reader met something it does not read (the next reader takes the code)."""


def _read(data: bytes, signed: str) -> DeckCode:
    """The general reader: the whole code, or an exception at its first problem (which it does not name).

    Every field but the card numbers is almost always one byte, read as ``data[pos]``. Tables per
    copy count and printing (set and variant bytes) map card numbers straight to the ``(card code,
    count)`` pairs of the result, so no Python code runs per card (see :func:`_groups`).
    """
    version = data[0] - 0x10
    if not 1 <= version <= MAX_VERSION:
        raise _Refused
    if version < 5:
        allowed = 2 if version == 4 else 0  # how many prefix flags a number may carry (0: no flag byte)
        pos = 1
    else:
        allowed = 3 * data[1]
        pos = 2
        if allowed > 3:
            raise _Refused
    counts = _tables(signed, allowed)
    lens = data[1:].translate(_FLAGGED_LENGTHS) if allowed else data.translate(_LENGTHS)
    main: list[tuple[str, int]] = []
    side: list[tuple[str, int]] = []
    for out, walk in zip((main, side), counts.walks[:version]):  # the main list, then (from v2) the sideboard
        if version < 5:  # a block for each count from top down to 1 (the walk): its number of groups, its groups
            for pairs in walk:
                n = data[pos]
                pos += 1
                if n:
                    pos = _groups(data, lens, pos, n, counts, pairs, out)
            continue
        blocks = data[pos]  # versions 5-6: how many distinct counts, then each count and its groups
        pos += 1
        if blocks >= 0x80:
            blocks, pos = _varint(data, pos - 1)
        for _ in range(blocks):
            count = data[pos]
            pos += 1
            if count >= 0x80:
                count, pos = _varint(data, pos - 1)
            if not 1 <= count <= MAX_COUNT:
                raise _Refused
            n = data[pos]
            pos += 1
            if n:
                pos = _groups(data, lens, pos, n, counts, counts[count], out)
    champion = None
    if version >= 3:
        marker = data[pos]
        pos += 1
        if marker:
            if marker != 1:
                raise _Refused
            champion, pos = _ref(data, lens, pos, counts)
    legends = []
    if version >= 6:
        n = data[pos]
        pos += 1
        if n >= 0x80:
            n, pos = _varint(data, pos - 1)
        for _ in range(n):
            legend, pos = _ref(data, lens, pos, counts)
            legends.append(legend)
    if pos != len(data):
        raise _Refused
    cards, extra = tuple(main), tuple(side)
    if len(dict(cards)) < len(cards):
        cards = _merged(cards, "main list")
    if len(extra) > 1 and len(dict(extra)) < len(extra):
        extra = _merged(extra, "sideboard")
    deck = _new_deck(DeckCode)  # filled slot by slot: a frozen dataclass's __init__ is slower
    _set_main(deck, cards)
    _set_sideboard(deck, extra)
    _set_champion(deck, champion)
    _set_legends(deck, tuple(legends))
    _set_version(deck, version)
    return deck


def _groups(data: bytes, lens: bytes, pos: int, n: int, counts: _Counts, pairs: _Count,
            out: list[tuple[str, int]]) -> int:
    """Read the ``n`` groups of one count into ``out`` (``n`` is the byte just before ``pos``, the first
    of a varint if 128 or more) and return the position after them.

    ``lens[i]`` is how many bytes a number starting at ``i`` takes (with its flag byte, if numbers
    carry one) if it is one or two bytes long. A group (its size, set and variant bytes, its numbers)
    of one card is looked up whole, from its set byte, in ``pairs.runs``; in a larger one each number
    is looked up in a plain dict of its printing's pairs. A number that is longer, or not in that
    dict, sends the group to a pattern compiled per size, which captures the raw bytes of each number
    for :meth:`_Count.pairs`. A malformed group raises (a lookup error or, when a pattern matched
    nothing, an AttributeError), which ``decode`` hands to the careful reader.
    """
    if n >= 0x80:
        n, pos = _varint(data, pos - 1)
    runs = pairs.runs
    for _ in range(n):
        size = data[pos]
        if size == 1:
            end = pos + 3 + lens[pos + 3]
            pair = runs.get(data[pos + 1:end])
            if pair is not None:
                out.append(pair)
                pos = end
                continue
        elif size >= 0x80:
            pos = _big_group(data, pos, counts.allowed, pairs, out)
            continue
        exact = pairs[data[pos + 1:pos + 3]][0]
        at = pos + 3
        try:
            for i in range(size):
                end = at + lens[at]
                out.append(exact[data[at:end]])
                at = end
            pos = at
            continue
        except KeyError:  # a longer number, or one the dict does not hold: the pattern reads the group
            del out[len(out) - i:]
        m = counts.patterns[size].match(data, pos + 3)
        out += pairs.pairs(data[pos + 1:pos + 3], m.groups())
        pos = m.end()
    return pos


def _ref(data: bytes, lens: bytes, pos: int, counts: _Counts) -> tuple[str, int]:
    """The card reference of a trailer at ``pos`` (set, variant, number) and the position after it."""
    end = pos + 2 + lens[pos + 2]
    code = counts.refs.get(data[pos:end])
    if code is None:
        m = counts.patterns[1].match(data, pos + 2)
        code = counts.printings[data[pos:pos + 2]][m[1]]
        end = m.end()
    return code, end


_new_deck = object.__new__
_set_main, _set_sideboard, _set_champion, _set_legends, _set_version = (
    DeckCode.__dict__[name].__set__ for name in ("main", "sideboard", "champion", "additional_legends", "version")
)


def _big_group(data: bytes, pos: int, allowed: int, pairs: _Count, out: list[tuple[str, int]]) -> int:
    """A group of 128 cards or more, read into ``out``; the position after it."""
    size, pos = _varint(data, pos)
    if size > len(data) - pos:
        raise _Refused
    number = _number_pattern(allowed)
    m = re.compile(b"%s((?:%s){%d})" % (_set_variant_pattern(), number, size)).match(data, pos)
    out += pairs.pairs(data[pos:pos + 2], re.findall(number, m[1]))
    return m.end()


def _varint(data: bytes, pos: int) -> tuple[int, int]:
    """The varint at ``pos`` and the position after it.

    Not checked against 32 bits: a count, size or number of groups that large cannot fit in a
    code, so the reader fails further on and the careful reader names the overflow.
    """
    value = 0
    for i in range(MAX_VARINT_BYTES):
        b = data[pos + i]
        value |= (b & 0x7F) << (7 * i)
        if b < 0x80:
            return value, pos + i + 1
    raise _Refused


def _set_variant_pattern() -> bytes:
    """A set id byte then a variant id byte, both known."""
    return b"[\\x00-\\x%02x][\\x00-\\x%02x]" % (len(SETS) - 1, len(VARIANTS) - 1)


def _number_pattern(allowed: int) -> bytes:
    """A card number: its prefix flag (if ``allowed``, below it), then a varint of at most 5 bytes."""
    flag = b"[\\x00-\\x%02x]" % (allowed - 1) if allowed else b""
    return flag + b"[\\x80-\\xff]{0,%d}[\\x00-\\x7f]" % (MAX_VARINT_BYTES - 1)


class _Patterns(dict):
    """Group size -> the compiled pattern of the numbers of a group that size (below 128), compiled on first use."""

    def __init__(self, allowed: int) -> None:
        super().__init__()
        self.allowed = allowed

    def __missing__(self, size: int) -> re.Pattern[bytes]:
        number = b"(%s)" % _number_pattern(self.allowed)
        pattern = self[size] = re.compile(number * size)
        return pattern


#: The numbers each table holds ready, per prefix (plain, R, SP): card numbers run to about 300,
#: rune and special numbers to a few dozen. Others are worked out each time they are met.
_TABLE_SIZES = (384, 64, 64)
#: Tables of ``(card code, count)`` pairs are kept for the counts 1 to 12 only (others are made per use).
_KEPT_COUNTS = 12


class _Numbers(dict):
    """Raw bytes of a card number (flag and varint) -> card code, for one set, variant and suffix.

    Made with every number of :data:`_TABLE_SIZES` written the shortest way: the same table
    whatever code is read. Any other number (a longer one, or one padded with zero groups) is
    worked out each time it is met.
    """

    refs: tuple[bytes, ...] = ()

    def __init__(self, set_dash: str, suffix: str, allowed: int) -> None:
        super().__init__()
        self.set_dash = set_dash
        self.suffix = suffix
        self.allowed = allowed
        for flag in range(max(allowed, 1)):
            lead = bytes([flag]) if allowed else b""
            numbers = _number_texts(flag)
            codes = map(set_dash.__add__, map(str.__add__, numbers, repeat(suffix)))
            self.update(zip(map(lead.__add__, _varints()[:len(numbers)]), codes))

    def __missing__(self, raw: bytes) -> str:
        prefix = ""
        if self.allowed:
            prefix = _PREFIXES[raw[0]]
            raw = raw[1:]
        number = sum((b & 0x7F) << (7 * i) for i, b in enumerate(raw))
        if number >> 32:
            raise _Refused
        return _format(self.set_dash, self.suffix, prefix, number)


@lru_cache(maxsize=3)
def _number_texts(flag: int) -> tuple[str, ...]:
    """How the numbers of a table are written after ``SET-``, for one prefix flag: 000, R00 or SP0 on."""
    return tuple(_format("", "", _PREFIXES[flag], n) for n in range(_TABLE_SIZES[flag]))


@lru_cache(maxsize=1)
def _varints() -> tuple[bytes, ...]:
    """The shortest varint of each number of the largest table."""
    out = []
    for n in range(max(_TABLE_SIZES)):
        b = bytearray()
        _put_varint(b, n)
        out.append(bytes(b))
    return tuple(out)


class _Printings(dict):
    """Set and variant bytes -> the :class:`_Numbers` of that printing, made on first use.

    ``refs`` maps the whole bytes of a card reference (set, variant, number) to its card code, for
    every printing made so far and every number its table holds ready; each table keeps those bytes
    of its own numbers, in its order, as its ``refs``.
    """

    def __init__(self, signed: str, allowed: int) -> None:
        super().__init__()
        self.signed = signed
        self.allowed = allowed
        self.refs: dict[bytes, str] = {}

    def __missing__(self, sv: bytes) -> _Numbers:
        table = self[sv] = _Numbers(SETS[sv[0]] + "-", _suffix(sv[1], self.signed), self.allowed)
        table.refs = tuple(map(sv.__add__, table))
        self.refs.update(zip(table.refs, table.values()))
        return table


class _Count(dict):
    """Set and variant bytes -> that printing's pairs for one copy count: a plain dict from the raw
    bytes of each number its :class:`_Numbers` holds ready to ``(card code, count)`` (a KeyError for
    any other), and the :class:`_Numbers`, which works any number out.

    ``runs`` maps the bytes of a card reference (set, variant, number) to its pair, for every
    printing met so far and every number its table holds ready: a group of one card is looked up
    whole, from the byte after its size.
    """

    def __init__(self, printings: _Printings, count: int) -> None:
        super().__init__()
        self.printings = printings
        self.count = count
        self.runs: dict[bytes, tuple[str, int]] = {}

    def __missing__(self, sv: bytes) -> tuple[dict[bytes, tuple[str, int]], _Numbers]:
        numbers = self.printings[sv]
        pairs = dict(zip(numbers, zip(numbers.values(), repeat(self.count))))
        self.runs.update(zip(numbers.refs, pairs.values()))
        table = self[sv] = (pairs, numbers)
        return table

    def pairs(self, sv: bytes, raws: Iterable[bytes]) -> Iterator[tuple[str, int]]:
        """The pairs of the raw numbers ``raws`` of printing ``sv``, whatever the numbers."""
        pairs, numbers = self[sv]
        return ((numbers[raw], self.count) if raw not in pairs else pairs[raw] for raw in raws)


class _Counts(dict):
    """Copy count -> :class:`_Count`, for one signed suffix and one kind of prefix flags."""

    def __init__(self, signed: str, allowed: int) -> None:
        super().__init__()
        self.printings = _Printings(signed, allowed)
        self.patterns = _Patterns(allowed)
        self.allowed = allowed
        self.refs = self.printings.refs
        #: the count tables of the fixed walks of versions 1-4: main list 12 to 1, sideboard 3 to 1
        self.walks = (tuple(map(self.__getitem__, _MAIN_WALK)), tuple(map(self.__getitem__, _SIDE_WALK)))

    def __missing__(self, count: int) -> _Count:
        table = _Count(self.printings, count)
        if count <= _KEPT_COUNTS:  # the usual counts; a hostile code cannot make more than 12 x 28 tables
            self[count] = table
        return table


@lru_cache(maxsize=16)
def _tables(signed: str, allowed: int) -> _Counts:
    return _Counts(signed, allowed)


def _forget_tables() -> None:
    """Empty every table of the readers (the benchmark's first code of a process)."""
    _QUICK.clear()
    for cached in (_tables, _printing_codes):
        cached.cache_clear()


def _merged(cards: tuple[tuple[str, int], ...], where: str) -> tuple[tuple[str, int], ...]:
    """A list where a card is given twice (never written so, but decodable), with its counts added up."""
    totals: dict[str, int] = {}
    for code, count in cards:
        totals[code] = totals.get(code, 0) + count
        if totals[code] > MAX_COUNT:
            raise DeckCodeError(f"bad deck code: absurd count for {code} in the {where} (more than {MAX_COUNT} copies)")
    return tuple(totals.items())


# --------------------------------------------------------------------------- the quick reader
#: ``range(n)`` for every one-byte count of blocks, groups or cards (a varint one: IndexError).
_RANGES = tuple(map(range, range(0x80)))
#: Byte -> itself below 3, else 3: a number's second byte, as its rows are indexed (see _Quick).
_CLAMP = bytes(min(b, 3) for b in range(256))


def _quick(data: bytes, signed: str) -> DeckCode:
    """The quick reader: the usual code whole, or an exception at anything unusual.

    No slice, hash or call per card: a number is an entry of its printing's rows for the count
    (see :class:`_Quick`) found by its bytes, ``rows[first byte][second byte clamped to 0-3]``
    (``rows[flag][first][second]`` when numbers are flagged), which gives its card code, its
    ``(card code, count)`` pair and how many bytes it took. ``first``, ``second`` and ``low`` are
    the code from its second byte, from its third, and clamped, so a field at ``pos`` is read
    with one index whatever its offset. Anything past the tables raises and :func:`_read` reads
    the code: a field of two bytes or more (other than a number up to 383), an R or SP number
    above 63, a count above 12 in versions 5-6, a card given twice (the dict of cards then
    holds fewer cards than the groups gave).
    """
    version = data[0] - 0x10
    if version < 5:
        flagged = version == 4
        pos = 1
    else:
        flagged = data[1]
        pos = 2
    if not 1 <= version <= MAX_VERSION or flagged > 1:
        raise _Refused
    allowed = (3 if version >= 5 else 2) if flagged else 0
    try:
        tables = _QUICK[signed][allowed]
    except KeyError:
        tables = _quick_tables(signed, allowed)
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
                    raise _Refused
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
                raise _Refused
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
        raise _Refused  # the second: a card given twice, whose counts the general reader adds up
    deck = _new_shell(_Shell)  # filled as a plain slotted object, then made a DeckCode (same slots)
    deck.main = tuple(main.values())
    deck.sideboard = tuple(side.values())
    deck.champion = champion
    deck.additional_legends = legends
    deck.version = version
    deck.__class__ = DeckCode
    return deck


def _quick_ref(data: bytes, pos: int, tables: _Quick, flagged: int, first: bytes, low: bytes) -> tuple[str, int]:
    """The card code of the reference (set, variant, number) at ``pos``, and the position after it."""
    slots = tables.by_count[1]
    rows = slots[data[pos]][data[pos + 1]] or tables.fill(slots, data[pos], data[pos + 1])
    pos += 2
    code, _, step = (rows[data[pos]][first[pos]] if flagged else rows[data[pos]])[low[pos]]
    return code, pos + step


class _Shell:
    """A :class:`DeckCode`'s slots without its frozen ``__setattr__``: the quick reader fills one and
    sets its class (the same layout) to DeckCode, a third of the time of setting frozen slots."""

    __slots__ = DeckCode.__slots__


_new_shell = object.__new__


class _Quick:
    """The quick reader's tables for one signed suffix and one kind of prefix flags (``allowed``).

    ``by_count[count]`` (1 to 12) holds, per set id and variant id, the rows of that printing for
    that count, None until :meth:`fill` makes them. Rows are indexed by a number's first byte,
    then by its second byte clamped to 0-3 (for flagged numbers, first by the flag): a first byte
    below 128 is a number of one byte, the same entry under all four second bytes; a first byte
    of 128 or more is the low 7 bits of a number whose second byte 1 or 2 is the rest (128 to
    383). Under a second byte of 0 (a needless zero group) is None, and 3 or more is past the
    row: the general reader reads those. R and SP numbers have rows up to 63 (rune and special
    numbers run to a few dozen). An entry is
    ``(card code, (card code, count), bytes taken)``. ``walks`` are the slots of the fixed walks
    of versions 1-4 (main list 12 to 1, sideboard 3 to 1).
    """

    def __init__(self, signed: str, allowed: int) -> None:
        self.signed = signed
        self.allowed = allowed
        self.by_count = (None, *(tuple([None] * len(VARIANTS) for _ in SETS) for _ in range(_KEPT_COUNTS)))
        self.count_of = {id(slots): count for count, slots in enumerate(self.by_count) if slots}
        self.walks = (tuple(self.by_count[c] for c in _MAIN_WALK), tuple(self.by_count[c] for c in _SIDE_WALK))

    def fill(self, slots: tuple[list, ...], set_id: int, variant_id: int) -> tuple:
        """Make the rows of a printing for the count of ``slots``, keep them there and return them."""
        count = self.count_of[id(slots)]
        codes = _printing_codes(self.signed, set_id, variant_id)
        wide = 1 if self.allowed else 0
        rows = []
        for flag in range(max(self.allowed, 1)):
            pairs = list(zip(codes[flag], repeat(count)))
            short = list(zip(codes[flag][:0x80], pairs, repeat(1 + wide)))
            per_first = list(zip(short, short, short, short))
            if flag == 0:  # second byte 0 (a needless zero group): None, for the general reader
                long = list(zip(codes[0][0x80:], pairs[0x80:], repeat(2 + wide)))
                per_first += zip(repeat(None), long[:0x80], long[0x80:])
            rows.append(tuple(per_first))
        slots[set_id][variant_id] = table = tuple(rows) if self.allowed else rows[0]
        return table


#: signed suffix -> prefix flags allowed -> the quick reader's tables (at most 16 suffixes kept)
_QUICK: dict[str, dict[int, _Quick]] = {}


def _quick_tables(signed: str, allowed: int) -> _Quick:
    """Make and keep the quick reader's tables for a signed suffix and prefix flags (``decode`` finds them in _QUICK)."""
    if signed not in _QUICK and len(_QUICK) >= 16:
        _QUICK.clear()
    tables = _QUICK.setdefault(signed, {})[allowed] = _Quick(signed, allowed)
    return tables


@lru_cache(maxsize=64)
def _printing_codes(signed: str, set_id: int, variant_id: int) -> tuple[tuple[str, ...], ...]:
    """The card codes of one printing: plain numbers 0 to 383, R and SP numbers 0 to 63."""
    set_dash, suffix = SETS[set_id] + "-", _suffix(variant_id, signed)
    if not suffix:
        return tuple(tuple(map(set_dash.__add__, _quick_texts(flag))) for flag in range(3))
    return tuple(tuple(map(set_dash.__add__, map(str.__add__, _quick_texts(flag), repeat(suffix)))) for flag in range(3))


@lru_cache(maxsize=3)
def _quick_texts(flag: int) -> tuple[str, ...]:
    """How the numbers of the quick reader's rows are written after ``SET-``: 000 to 383, R00 to R63, SP0 to SP63."""
    return tuple(_format("", "", _PREFIXES[flag], n) for n in range(0x180 if flag == 0 else 0x40))


# ----------------------------------------------------------------- the careful reader, for errors
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


def _explain(data: bytes) -> NoReturn:
    """Walk a code the readers refused, part by part, and raise its first problem."""
    buf = _Bytes(data)
    header = buf.byte()
    fmt, version = header >> 4, header & 0x0F
    if fmt != 1:
        raise DeckCodeError(f"Unsupported format: {fmt}. Expected format: 1")
    if not 1 <= version <= MAX_VERSION:
        raise DeckCodeError(f"Unsupported version: {version}. Supported versions: 1 to {MAX_VERSION}")
    allowed = 2 if version == 4 else 0
    if version >= 5:
        buf.section = "prefix-mode byte"
        mode = buf.byte()
        if mode > 1:
            raise DeckCodeError(f"bad deck code: prefix mode {mode} (expected 0 or 1)")
        allowed = 3 * mode
    buf.section = "main list"
    _check_list(buf, version, allowed, 12)
    if version >= 2:
        buf.section = "sideboard"
        _check_list(buf, version, allowed, 3)
    if version >= 3:
        buf.section = "champion trailer"
        marker = buf.byte()
        if marker == 1:
            _check_ref(buf, allowed)
        elif marker:
            raise DeckCodeError(f"bad deck code: champion marker {marker} (expected 0 or 1)")
    if version >= 6:
        buf.section = "additional legends"
        n = buf.varint()
        if n * 3 > buf.left():
            raise buf.truncated()
        for _ in range(n):
            _check_ref(buf, allowed)
    raise DeckCodeError(f"bad deck code: {buf.left()} unexpected byte(s) after the end (version {version})")


def _check_list(buf: _Bytes, version: int, allowed: int, top: int) -> None:
    if version <= 4:
        for _ in range(top):
            _check_groups(buf, allowed)
        return
    distinct = buf.varint()
    if distinct > buf.left():
        raise buf.truncated()
    for _ in range(distinct):
        count = buf.varint()
        if count < 1:
            raise DeckCodeError(f"bad deck code: a count of 0 in the {buf.section}")
        if count > MAX_COUNT:
            raise DeckCodeError(f"bad deck code: absurd count {count} in the {buf.section} (more than {MAX_COUNT} copies)")
        _check_groups(buf, allowed)


def _check_groups(buf: _Bytes, allowed: int) -> None:
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
        _check_set_variant(buf)
        region = re.compile(b"(?:%s){%d}" % (item.pattern, size), re.DOTALL).match(buf.data, buf.pos)
        if region is None:
            raise buf.truncated()
        for raw in item.findall(buf.data, buf.pos, region.end()):
            _check_number(buf.section, raw, allowed)
        buf.pos = region.end()


def _check_number(section: str, raw: bytes, allowed: int) -> None:
    if allowed:
        if raw[0] >= allowed:
            raise DeckCodeError(f"bad deck code: prefix flag {raw[0]} in the {section} (expected 0 to {allowed - 1})")
        raw = raw[1:]
    if len(raw) > MAX_VARINT_BYTES:
        raise DeckCodeError(f"bad deck code: a number in the {section} runs longer than {MAX_VARINT_BYTES} bytes")
    number = sum((b & 0x7F) << (7 * i) for i, b in enumerate(raw))
    if number >> 32:
        raise DeckCodeError(f"bad deck code: number {number} in the {section} overflows 32 bits")


def _check_set_variant(buf: _Bytes) -> None:
    set_id = buf.byte()
    if set_id >= len(SETS):
        raise DeckCodeError(f"Unknown set code: {set_id} in the {buf.section} (known: 0-{len(SETS) - 1}, "
                            f"{'/'.join(SETS)}); {_NO_GUESS}")
    variant_id = buf.byte()
    if variant_id >= len(VARIANTS):
        raise DeckCodeError(f"Unknown variant code: {variant_id} in the {buf.section} (known: 0-3)")


def _check_ref(buf: _Bytes, allowed: int) -> None:
    """A card reference of a trailer: set, variant, the flag byte if numbers carry one, the number."""
    _check_set_variant(buf)
    if allowed:
        flag = buf.byte()
        if flag >= allowed:
            raise DeckCodeError(f"bad deck code: prefix flag {flag} in the {buf.section} (expected 0 to {allowed - 1})")
    buf.varint()


# --------------------------------------------------------------------------- encoding
def choose_version(deck: DeckCode) -> int:
    """The lowest version that can hold ``deck`` (FORMAT §3.6), the copies of a card listed on
    several lines counted together (as :func:`encode` writes them)."""
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
    """Encode ``deck`` at the version :func:`choose_version` picks. Never drops a card."""
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
                    out.append(0)  # no group of this count (what _write_groups writes of none)
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
    return _to_base32(bytes(out))


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
    """The cards of one count as groups of one (set, variant), groups and cards in CardRef order:
    sorted once, each group is a run of the sorted cards."""
    runs: list[list[CardRef]] = []
    last = None
    for ref in sorted(refs):
        key = ref[:2]
        if key != last:
            runs.append([ref])
            last = key
        else:
            runs[-1].append(ref)
    _put_varint(out, len(runs))
    append = out.append
    for members in runs:
        if len(members) < 0x80:
            append(len(members))
        else:
            _put_varint(out, len(members))
        append(members[0][0])  # set id
        append(members[0][1])  # variant id
        for _, _, prefix, number in members:
            if flagged:
                append(prefix)
            if number < 0x80:  # one byte, the common case: _put_varint without the call
                append(number)
            else:
                _put_varint(out, number)


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


def _to_base32(data: bytes) -> str:
    """``data`` in base32 (RFC 4648, no padding), as ``base64.b32encode`` writes it, in a quarter of
    its time: the bytes as one integer, each 5-bit group moved to a byte of its own by a few masked
    shifts (:func:`_spreading`), then each byte turned into its letter by one ``translate``."""
    groups = -(-8 * len(data) // 5)  # the letters: the last one's missing bits are zeros
    value = int.from_bytes(data, "big") << (5 * groups - 8 * len(data))
    for mask, shift in _spreading(groups):
        moving = value & mask
        value ^= moving
        value |= moving << shift
    return value.to_bytes(groups, "big").translate(_TO_LETTER).decode("ascii")


#: A 5-bit value (0-31) -> its base32 letter; no other byte value is ever translated.
_TO_LETTER = _B32_ALPHABET.encode("ascii") + bytes(256 - 32)


@lru_cache(maxsize=512)
def _spreading(groups: int) -> tuple[tuple[int, int], ...]:
    """The rounds ``(mask, shift)`` that move group ``i`` of 5 bits (counted from the last) from bit
    ``5 i`` of an integer to bit ``8 i``: it moves ``3 i`` bits, so round ``t`` (highest first) moves
    by ``3 * 2**t`` every group whose number has bit ``t`` set. The groups that move are the upper
    half of each run of ``2**(t+1)``; the run above moved further in the rounds before, so nothing
    they move over is occupied."""
    at = [5 * i for i in range(groups)]
    rounds = []
    for t in reversed(range(max(1, (groups - 1).bit_length()))):
        shift = 3 << t
        mask = 0
        for i in range(1 << t, groups):
            if i >> t & 1:
                mask |= 0b11111 << at[i]
                at[i] += shift
        rounds.append((mask, shift))
    return tuple(rounds)


# --------------------------------------------------------------------------- reader / writer
def sniff(text: str) -> bool:
    """True if ``text`` is one token that looks like a deck code (base32 starting with C).

    A code over :data:`MAX_CODE_LENGTH` is claimed too, so the reader can say it is too long.
    """
    token = text.strip().lstrip("\ufeff")
    return bool(token) and _SNIFF.match(token) is not None


def read(text: str, source: str | None = None) -> RawDeck:
    """Read a deck code into a :class:`RawDeck` (zone None for main-list cards, SIDEBOARD for the sideboard)."""
    tokens = text.strip().lstrip("\ufeff").split()
    where = source or "<code>"
    if len(tokens) != 1:
        raise DeckReadError("not a deck code: expected one code with no spaces", file=source)
    try:
        deck = decode(tokens[0], signed_suffix="*")
    except DeckCodeError as exc:
        raise DeckCodeError(exc.message, file=source) from None
    entries: list[RawEntry] = []
    append = entries.append
    new = object.__new__
    for zone, cards in ((None, deck.main), (Zone.SIDEBOARD, deck.sideboard)):
        for code, count in cards:  # all eight slots set without __init__ (as text.py does): 60% of the time
            entry = new(RawEntry)
            entry.text = code
            entry.count = count
            entry.zone = zone
            entry.card_id = None
            entry.file = where
            entry.line = 1
            entry.number = None
            entry.counted = True
            append(entry)
    champion = legends = None
    if deck.champion or deck.additional_legends:
        at = Source(file=where, line=1)
        champion = RawEntry(text=deck.champion, count=1, source=at) if deck.champion else None
        legends = [RawEntry(text=c, count=1, source=at) for c in deck.additional_legends]
    return RawDeck(source=where, reader=NAME, entries=entries, champion=champion, additional_legends=legends or [])


def printing_code(entry: DeckEntry) -> str:
    """The card code of the printing ``entry`` holds, as a deck code or TTS token can carry it.

    The printing the player wrote wins when it names the same card number with a variant the
    code can hold (``OGN-103s`` stays signed even if the card database lacks that printing);
    promo markers (``OGN-251-OPP``) are dropped, leaving the base number.
    """
    from deckcheck.cards.ids import parse_id

    card = entry.card
    written = parse_id(entry.written) if entry.written else None
    if (
        written is not None
        and written.base_id == f"{card.set}-{card.number}"
        and (written.variant or "") in _VARIANT_ID
    ):
        return _storable(written.base_id, written.variant, card.id)
    parsed = parse_id(card.id)
    if parsed is None:
        raise DeckCodeError(f"cannot write {card.name} ({card.id}) in a deck code")
    return _storable(parsed.base_id, parsed.variant, card.id)


def _storable(base_id: str, variant: str | None, shown: str) -> str:
    code = base_id + ("s" if variant == "*" else (variant or ""))
    if _CARD_CODE.match(code) is None:
        raise DeckCodeError(f"cannot write {shown} in a deck code: its number cannot be stored")
    return code


def unknown_card_code(text: str) -> str:
    """The card code of a card the database did not know, if its text is a storable id."""
    from deckcheck.cards.ids import parse_id

    parsed = parse_id(text)
    if parsed is None or parsed.extra or (parsed.variant or "") not in _VARIANT_ID:
        raise DeckCodeError(f"cannot write '{text}' in a deck code: it is not a known card")
    code = _storable(parsed.base_id, parsed.variant, text)
    parse_card_code(code)
    return code


def is_additional_legend(deck: Deck, unknown: UnknownEntry) -> bool:
    """Whether an unknown legend-zone card was an additional legend (deck code v6).

    The resolver files both kinds under ``Zone.LEGEND``. In a deck read from a code, main-list
    cards carry no zone, so a legend-zone unknown came from the additional-legends block; in any
    other deck it is taken as one when the deck already has its legend.
    """
    return unknown.zone is Zone.LEGEND and (deck.reader == NAME or deck.legend is not None)


def deck_to_code(deck: Deck) -> DeckCode:
    """The :class:`DeckCode` of a resolved deck: legend, main (champion copy included), battlefields, runes."""
    main: list[tuple[str, int]] = []
    side: list[tuple[str, int]] = []
    for entry in (*deck.zone(Zone.LEGEND), *deck.main, *deck.battlefields, *deck.runes):
        main.append((printing_code(entry), entry.count))
    for entry in deck.sideboard:
        side.append((printing_code(entry), entry.count))
    legends = [printing_code(e) for e in deck.additional_legends]
    for unknown in deck.unknown:
        code = unknown_card_code(unknown.text)
        if unknown.zone is Zone.SIDEBOARD:
            side.append((code, unknown.count))
        elif is_additional_legend(deck, unknown):
            legends.append(code)
        else:
            main.append((code, unknown.count))
    champion = None
    if deck.champion is not None and not deck.champion_inferred:
        champion = printing_code(deck.champion)
    for code, _ in (*main, *side):
        parse_card_code(code)
    return DeckCode(tuple(main), tuple(side), champion, tuple(legends))


def write(deck: Deck) -> str:
    """The deck code of ``deck`` (plus a newline). A champion deckcheck guessed is not written."""
    return encode(deck_to_code(deck)) + "\n"
