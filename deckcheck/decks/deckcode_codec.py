"""The Riftbound deck-code codec (format versions 1–6), as docs/deck-codes.md describes it.

:func:`decode` turns a code into a :class:`DeckCode` (card codes and counts, no card database
needed) and :func:`encode` turns one back at the lowest version that can hold it. One reader walks
the bytes in order, decoding every well-formed code and naming the first problem of a broken one
and where it is.

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
_SET_COUNT, _VARIANT_COUNT = len(SETS), len(VARIANTS)
#: Said of a set id past SETS: the ids of sets after the last are not published, and none is guessed.
_NO_GUESS = f"the deck-code ids of sets after {SETS[-1]} are not published yet, and deckcheck does not guess one"
#: Variant suffix as written -> variant id (``*`` and ``s`` both mean signed).
VARIANT_IDS = {"": 0, "a": 1, "s": 2, "*": 2, "b": 3}
_PREFIXES = ("", "R", "SP")  # flag byte 0, 1, 2
_MAIN_WALK = range(12, 0, -1)
_SIDE_WALK = range(3, 0, -1)
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


@dataclass(frozen=True, slots=True)
class CardRef:
    """A card reference as stored: set id, variant id, number prefix (0 plain, 1 R, 2 SP), number."""

    set_id: int
    variant_id: int
    prefix: int
    number: int


#: A card reference as the encoder sorts and merges it: ``(set id, variant id, prefix, number)`` (the
#: order inside a group: plain numbers, then R, then SP, each numeric).
_Key = tuple[int, int, int, int]


def parse_card_code(code: str) -> CardRef:
    """Split ``OGN-007a`` / ``SFD-R02`` / ``VEN-SP1`` into its stored parts; DeckCodeError if it cannot be stored."""
    return CardRef(*_card_key(code))


@lru_cache(maxsize=8192)
def _card_key(code: str) -> _Key:
    """:func:`parse_card_code` as a plain key."""
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
    return set_id, variant_id, _PREFIXES.index(prefix), number


def _card_code(set_id: int, variant_id: int, prefix: int, number: int, signed: str) -> str:
    """The card code of a stored reference (``OGN-007a``)."""
    suffix = VARIANTS[variant_id]
    if suffix == "s":
        suffix = signed
    if prefix == 0:
        return f"{SETS[set_id]}-{number:03d}{suffix}"
    if prefix == 1:
        return f"{SETS[set_id]}-R{number:02d}{suffix}"
    return f"{SETS[set_id]}-SP{number}{suffix}"


#: Byte -> itself below 3, else 3: the byte after a number's first, as a printing's rows are indexed.
_CLAMP = bytes(min(b, 3) for b in range(256))
#: The rows of a flag no number may carry: every number read by :func:`_card_of`, which names the problem.
_NO_ROWS = ((None,) * 4,) * 256


@lru_cache(maxsize=64)
def _printings(signed: str, flags: int) -> list[list[tuple[tuple[tuple, ...], ...] | None]]:
    """Each printing's rows (by set id, then variant id) for one spelling of signed and ``flags`` prefix
    flags, None until a code names the printing (:func:`_printing` makes them)."""
    return [[None] * len(VARIANTS) for _ in SETS]


def _printing(set_id: int, variant_id: int, signed: str, flags: int) -> tuple[tuple[tuple, ...], ...]:
    """One printing's :func:`_rows` for each prefix flag below ``flags`` (every number with a flag of
    ``flags`` or more is read by :func:`_card_of`, which names the problem), kept in :func:`_printings`."""
    made = tuple(_rows(set_id, variant_id, flag, signed) for flag in range(flags)) + (_NO_ROWS,) * (256 - flags)
    _printings(signed, flags)[set_id][variant_id] = made
    return made


@lru_cache(maxsize=512)
def _rows(set_id: int, variant_id: int, flag: int, signed: str) -> tuple[tuple, ...]:
    """The card codes of one printing's usual numbers with one prefix flag, by their bytes:
    ``rows[first byte][next byte clamped to 0-3]`` is ``(card code, bytes taken)``. A first byte below
    128 is a number of one byte (the same entry whatever follows); a plain number's first byte of 128 or
    more followed by 1 or 2 is a number of 128 to 383 (every card of a set so far). Anything else is
    None, for :func:`_card_of`. Made the first time a code names the printing."""
    suffix = VARIANTS[variant_id]
    head, tail = f"{SETS[set_id]}-", signed if suffix == "s" else suffix
    codes = [head + number + tail for number in _number_texts()[flag]]  # as _card_code writes them
    rows: list[tuple] = [(entry,) * 4 for entry in zip(codes[:0x80], repeat(1))]
    if flag == 0:
        rows += zip(repeat(None), zip(codes[0x80:0x100], repeat(2)), zip(codes[0x100:], repeat(2)), repeat(None))
    else:
        rows += _NO_ROWS[0x80:]
    return tuple(rows)


@lru_cache(maxsize=1)
def _number_texts() -> tuple[tuple[str, ...], ...]:
    """How a card code writes the numbers of :func:`_rows` after each prefix flag: ``007`` (0 to 383),
    ``R07`` and ``SP7`` (0 to 127)."""
    return (tuple(f"{n:03d}" for n in range(0x180)), tuple(f"R{n:02d}" for n in range(0x80)),
            tuple(f"SP{n}" for n in range(0x80)))


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
    return _decode(code_bytes(code), signed_suffix)


def _truncated(section: str, data: bytes) -> DeckCodeError:
    return DeckCodeError(f"truncated deck code: it ends inside the {section} (after {len(data)} bytes)")


def _varint(data: bytes, pos: int, section: str) -> tuple[int, int]:
    """The number written at ``pos`` (a varint of up to :data:`MAX_VARINT_BYTES` bytes) and the position after it."""
    value = 0
    end = len(data)
    for i in range(MAX_VARINT_BYTES):
        if pos >= end:
            raise _truncated(section, data)
        b = data[pos]
        pos += 1
        value |= (b & 0x7F) << (7 * i)
        if b < 0x80:
            if value >> 32:
                raise DeckCodeError(f"bad deck code: number {value} in the {section} overflows 32 bits")
            return value, pos
    raise DeckCodeError(f"bad deck code: a number in the {section} runs longer than {MAX_VARINT_BYTES} bytes")


def _byte(data: bytes, pos: int, section: str) -> int:
    """The byte at ``pos``, or the truncation named with its section."""
    if pos >= len(data):
        raise _truncated(section, data)
    return data[pos]


def _decode(data: bytes, signed: str) -> DeckCode:
    """Decode part by part, in order: every well-formed code, or the first problem named with its section."""
    header = _byte(data, 0, "header")
    fmt, version = header >> 4, header & 0x0F
    if fmt != 1:
        raise DeckCodeError(f"Unsupported format: {fmt}. Expected format: 1")
    if not 1 <= version <= MAX_VERSION:
        raise DeckCodeError(f"Unsupported version: {version}. Supported versions: 1 to {MAX_VERSION}")
    allowed = 2 if version == 4 else 0  # how many prefix flags a number may carry (0: no flag byte)
    pos = 1
    if version >= 5:
        mode = _byte(data, pos, "prefix-mode byte")
        pos += 1
        if mode > 1:
            raise DeckCodeError(f"bad deck code: prefix mode {mode} (expected 0 or 1)")
        allowed = 3 * mode
    low = data[1:].translate(_CLAMP) + b"\0"  # low[pos]: the byte after ``pos``, clamped (see _printing)
    main, pos = _list(data, low, pos, "main list", version, allowed, 12, signed)
    side: dict[str, int] = {}
    if version >= 2:
        side, pos = _list(data, low, pos, "sideboard", version, allowed, 3, signed)
    champion = None
    if version >= 3:
        marker = _byte(data, pos, "champion trailer")
        pos += 1
        if marker == 1:
            champion, pos = _ref(data, pos, "champion trailer", allowed, signed)
        elif marker:
            raise DeckCodeError(f"bad deck code: champion marker {marker} (expected 0 or 1)")
    legends = []
    if version >= 6:
        n, pos = _varint(data, pos, "additional legends")
        if n * 3 > len(data) - pos:
            raise _truncated("additional legends", data)
        for _ in range(n):
            legend, pos = _ref(data, pos, "additional legends", allowed, signed)
            legends.append(legend)
    if pos < len(data):
        raise DeckCodeError(f"bad deck code: {len(data) - pos} unexpected byte(s) after the end (version {version})")
    return DeckCode(tuple(main.items()), tuple(side.items()), champion, tuple(legends), version)


def _list(data: bytes, low: bytes, pos: int, section: str, version: int, allowed: int, top: int, signed: str
          ) -> tuple[dict[str, int], int]:
    """The main list or the sideboard (card code -> copies; a card given twice has its counts added),
    and the position after it."""
    cards: dict[str, int] = {}
    if version <= 4:  # a block per count, from ``top`` down to 1
        for count in range(top, 0, -1):
            if pos < len(data) and data[pos] == 0:  # no group of this count (most counts)
                pos += 1
            else:
                pos = _groups(data, low, pos, section, allowed, count, signed, cards)
        return cards, pos
    distinct, pos = _varint(data, pos, section)
    if distinct > len(data) - pos:
        raise _truncated(section, data)
    for _ in range(distinct):
        count, pos = _varint(data, pos, section)
        if count < 1:
            raise DeckCodeError(f"bad deck code: a count of 0 in the {section}")
        if count > MAX_COUNT:
            raise DeckCodeError(f"bad deck code: absurd count {count} in the {section} (more than {MAX_COUNT} copies)")
        pos = _groups(data, low, pos, section, allowed, count, signed, cards)
    return cards, pos


def _groups(data: bytes, low: bytes, pos: int, section: str, allowed: int, count: int, signed: str,
            cards: dict[str, int]) -> int:
    """A count block: the number of groups, then each group (size, set, variant, numbers) whole; the
    position after it. A usual number is found in its printing's rows (:func:`_printing`); any other
    goes through :func:`_card_of`. A group cut short is a truncation before any bad number in it, so a
    number's problem is raised once its group is known whole."""
    end = len(data)
    flags = max(allowed, 1)  # a flag below this is good (numbers without a flag byte have flag 0)
    printings = _printings(signed, flags)
    if pos < end and data[pos] < 0x80:
        groups, pos = data[pos], pos + 1
    else:
        groups, pos = _varint(data, pos, section)
    if groups * 3 > end - pos:
        raise _truncated(section, data)
    for _ in range(groups):
        if pos < end and data[pos] < 0x80:
            size, pos = data[pos], pos + 1
        else:
            size, pos = _varint(data, pos, section)
        if size + 2 > end - pos:
            raise _truncated(section, data)
        set_id, variant_id = data[pos], data[pos + 1]
        if set_id >= _SET_COUNT or variant_id >= _VARIANT_COUNT:
            _set_variant(data, pos, section)  # raises the problem, the set's first
        pos += 2
        printing = printings[set_id][variant_id] or _printing(set_id, variant_id, signed, flags)
        problem: DeckCodeError | None = None
        try:  # a byte past the end: the code ends inside the group
            for left in range(size - 1, -1, -1):
                flag = 0
                if allowed:
                    flag = data[pos]
                    pos += 1
                entry = printing[flag][data[pos]][low[pos]]
                if entry is None:  # a number of several bytes, past the rows, or with a bad flag
                    start = pos
                    while data[pos] >= 0x80:
                        pos += 1
                    pos += 1
                    code, problem = _card_of(data[start:pos], section, set_id, variant_id, allowed, flag, signed)
                    if problem is not None:
                        pos = _skip(data, pos, left, allowed)
                        break
                else:
                    code, step = entry
                    pos += step
                if code not in cards:
                    cards[code] = count
                    continue
                cards[code] = total = cards[code] + count  # a card given twice: its counts added
                if total > MAX_COUNT:
                    problem = DeckCodeError(f"bad deck code: absurd count for {code} in the {section} "
                                            f"(more than {MAX_COUNT} copies)")
                    pos = _skip(data, pos, left, allowed)
                    break
        except IndexError:
            raise _truncated(section, data) from None
        if problem is not None:
            raise problem
    return pos


def _skip(data: bytes, pos: int, numbers: int, allowed: int) -> int:
    """The position after ``numbers`` more numbers, each after its flag byte if ``allowed`` (IndexError
    if the code ends first)."""
    for _ in range(numbers):
        if allowed:
            pos += 1
        while data[pos] >= 0x80:
            pos += 1
        pos += 1
    return pos


def _card_of(raw: bytes, section: str, set_id: int, variant_id: int, allowed: int, flag: int, signed: str
             ) -> tuple[str, DeckCodeError | None]:
    """The card code of a number written in several bytes (``raw``, a varint) or with a flag; or the problem."""
    if allowed and flag >= allowed:
        return "", DeckCodeError(f"bad deck code: prefix flag {flag} in the {section} (expected 0 to {allowed - 1})")
    if len(raw) > MAX_VARINT_BYTES:
        return "", DeckCodeError(f"bad deck code: a number in the {section} runs longer than {MAX_VARINT_BYTES} bytes")
    number = sum((b & 0x7F) << (7 * i) for i, b in enumerate(raw))
    if number >> 32:
        return "", DeckCodeError(f"bad deck code: number {number} in the {section} overflows 32 bits")
    return _card_code(set_id, variant_id, flag, number, signed), None


def _set_variant(data: bytes, pos: int, section: str) -> tuple[int, int]:
    set_id = _byte(data, pos, section)
    if set_id >= len(SETS):
        raise DeckCodeError(f"Unknown set code: {set_id} in the {section} (known: 0-{len(SETS) - 1}, "
                            f"{'/'.join(SETS)}); {_NO_GUESS}")
    variant_id = _byte(data, pos + 1, section)
    if variant_id >= len(VARIANTS):
        raise DeckCodeError(f"Unknown variant code: {variant_id} in the {section} (known: 0-3)")
    return set_id, variant_id


def _ref(data: bytes, pos: int, section: str, allowed: int, signed: str) -> tuple[str, int]:
    """A card reference of a trailer (set, variant, the flag byte if numbers carry one, the number) and
    the position after it."""
    set_id, variant_id = _set_variant(data, pos, section)
    pos += 2
    flag = 0
    if allowed:
        flag = _byte(data, pos, section)
        pos += 1
        if flag >= allowed:
            raise DeckCodeError(f"bad deck code: prefix flag {flag} in the {section} (expected 0 to {allowed - 1})")
    number, pos = _varint(data, pos, section)
    return _card_code(set_id, variant_id, flag, number, signed), pos


# --------------------------------------------------------------------------- encoding
def choose_version(deck: DeckCode) -> int:
    """The lowest version that can hold ``deck``, the copies of a card listed on several lines counted together."""
    champion = _card_key(deck.champion) if deck.champion else None
    return _lowest_version(_merge(deck.main, "main list"), _merge(deck.sideboard, "sideboard"), champion,
                           bool(deck.additional_legends))


def _lowest_version(main: dict[_Key, int], side: dict[_Key, int], champion: _Key | None,
                    legends: bool) -> int:
    if legends:
        return 6
    if max(main.values(), default=0) > 12 or max(side.values(), default=0) > 3:
        return 5  # versions 3-4 write counts 12..1 (main) and 3..1 (sideboard) only
    prefixes = {key[2] for key in main}
    prefixes.update(key[2] for key in side)
    if champion is not None:
        prefixes.add(champion[2])
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
    champion = _card_key(deck.champion) if deck.champion else None
    legends = [_card_key(c) for c in deck.additional_legends]
    version = _lowest_version(main, side, champion, bool(legends))
    # a flag byte before every number: always in version 4, in 5-6 when some number has a prefix
    flagged = version == 4 or (version >= 5 and any(
        key[2] for key in (*main, *side, *legends, *([champion] if champion else []))))
    out = bytearray([0x10 | version])
    if version >= 5:
        out.append(flagged)  # the prefix-mode byte, 0 or 1
    for cards, walk in ((main, _MAIN_WALK), (side, _SIDE_WALK)):
        by_count: dict[int, list[_Key]] = {}
        for key, n in cards.items():
            by_count.setdefault(n, []).append(key)
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
        for key in legends:
            _write_ref(out, key, flagged)
    return base64.b32encode(out).decode("ascii").rstrip("=")


def _merge(cards: tuple[tuple[str, int], ...], where: str) -> dict[_Key, int]:
    merged: dict[_Key, int] = {}
    for code, count in cards:
        if not isinstance(count, int) or count < 1:
            raise DeckCodeError(f"cannot write {code} x{count} in a deck code: counts must be 1 or more ({where})")
        key = _card_key(code)
        merged[key] = total = merged.get(key, 0) + count
        if total > MAX_COUNT:
            raise DeckCodeError(f"cannot write {code} x{total} in a deck code: more than {MAX_COUNT} copies")
    return merged


def _write_groups(out: bytearray, keys: list[_Key], flagged: bool) -> None:
    """The cards of one count as groups of one (set, variant), groups and cards in key order."""
    runs: list[list[_Key]] = []
    for key in sorted(keys):
        if runs and runs[-1][0][:2] == key[:2]:
            runs[-1].append(key)
        else:
            runs.append([key])
    _put_varint(out, len(runs))
    for members in runs:
        _put_varint(out, len(members))
        out.append(members[0][0])
        out.append(members[0][1])
        for _, _, prefix, number in members:
            if flagged:
                out.append(prefix)
            _put_varint(out, number)


def _write_ref(out: bytearray, key: _Key, flagged: bool) -> None:
    set_id, variant_id, prefix, number = key
    out.append(set_id)
    out.append(variant_id)
    if flagged:
        out.append(prefix)
    _put_varint(out, number)


def _put_varint(out: bytearray, value: int) -> None:
    while value >= 0x80:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
