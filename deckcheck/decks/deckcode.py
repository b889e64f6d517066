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

import base64
import re
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import repeat
from typing import NamedTuple

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
_VARIANT_ID = {"": 0, "a": 1, "s": 2, "*": 2, "b": 3}
_PREFIXES = ("", "R", "SP")  # flag byte 0, 1, 2
_MAIN_WALK = range(12, 0, -1)
_SIDE_WALK = range(3, 0, -1)
_CARD_CODE = re.compile(r"^([A-Za-z]{3})-(R|SP|r|sp|Sp)?(\d{1,10})([A-Za-z*]?)$")
_SNIFF = re.compile(r"^[Cc][A-Za-z2-7][A-Za-z0-9]{6,}=*$")
_B32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_B32_CHARS = frozenset(_B32_ALPHABET + _B32_ALPHABET[:26].lower())
_DIGITS = "0123456789abcdefghijklmnopqrstuv"  # int(..., 32) digits
_B32_TO_DIGITS = str.maketrans(_B32_ALPHABET + _B32_ALPHABET[:26].lower(), _DIGITS + _DIGITS[:26])
_B32_VALID = re.compile(r"[A-Za-z2-7]*")


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
        raise DeckCodeError(f"cannot write '{code}' in a deck code: unknown set {set_code} (known: {', '.join(SETS)})")
    variant_id = _VARIANT_ID.get(letter.lower())
    if variant_id is None:
        raise DeckCodeError(f"cannot write '{code}' in a deck code: unknown variant '{letter}' (known: none, a, s or *, b)")
    number = int(digits)
    if number >= 1 << 32:
        raise DeckCodeError(f"cannot write '{code}' in a deck code: number too large")
    return CardRef(set_id, variant_id, _PREFIXES.index(prefix), number)


def format_card_code(ref: CardRef, signed_suffix: str = "s") -> str:
    """The card code of a stored reference: numbers padded to 3 digits, R numbers to 2, SP not at all."""
    return _format(SETS[ref.set_id] + "-", _suffix(ref.variant_id, signed_suffix), _PREFIXES[ref.prefix], ref.number)


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
        try:
            value = self.data[self.pos]
        except IndexError:
            raise self.truncated() from None
        self.pos += 1
        return value

    def varint(self) -> int:
        data, pos = self.data, self.pos
        if pos < len(data) and data[pos] < 0x80:  # the common one-byte case
            self.pos = pos + 1
            return data[pos]
        value = shift = 0
        for i in range(MAX_VARINT_BYTES):
            try:
                b = data[pos + i]
            except IndexError:
                raise self.truncated() from None
            value |= (b & 0x7F) << shift
            if not b & 0x80:
                self.pos = pos + i + 1
                if value >= 1 << 32:
                    raise DeckCodeError(f"bad deck code: number {value} in the {self.section} overflows 32 bits")
                return value
            shift += 7
        raise DeckCodeError(f"bad deck code: a number in the {self.section} runs longer than {MAX_VARINT_BYTES} bytes")

    def left(self) -> int:
        return len(self.data) - self.pos


def code_bytes(code: str) -> bytes:
    """Base32 (RFC 4648, no padding, any case) to bytes, stopping at whole bytes."""
    text = code.rstrip("=")
    if not _B32_VALID.fullmatch(text):
        for i, ch in enumerate(code):
            if ch not in _B32_CHARS:
                raise DeckCodeError(f"Invalid character in deck code: {ch!r} at position {i + 1}")
    nbits = 5 * len(text)
    nbytes = nbits // 8
    if nbytes == 0:
        return b""
    value = int(text.translate(_B32_TO_DIGITS), 32) >> (nbits - 8 * nbytes)
    return value.to_bytes(nbytes, "big")


def decode(code: str, *, signed_suffix: str = "s") -> DeckCode:
    """Decode a deck code of format version 1–6. Raises :class:`DeckCodeError` with a precise reason."""
    if not isinstance(code, str):
        raise DeckCodeError("a deck code must be text")
    code = code.strip()
    if not code:
        raise DeckCodeError("empty deck code")
    if len(code) > MAX_CODE_LENGTH:
        raise DeckCodeError(f"deck code too long: {len(code)} characters (the limit is {MAX_CODE_LENGTH})")
    buf = _Bytes(code_bytes(code))
    header = buf.byte()
    fmt, version = header >> 4, header & 0x0F
    if fmt != 1:
        raise DeckCodeError(f"Unsupported format: {fmt}. Expected format: 1")
    if not 1 <= version <= MAX_VERSION:
        raise DeckCodeError(f"Unsupported version: {version}. Supported versions: 1 to {MAX_VERSION}")

    flags = "none"
    if version == 4:
        flags = "rune"
    elif version >= 5:
        buf.section = "prefix-mode byte"
        mode = buf.byte()
        if mode not in (0, 1):
            raise DeckCodeError(f"bad deck code: prefix mode {mode} (expected 0 or 1)")
        flags = "all" if mode else "none"

    buf.section = "main list"
    main = _read_list(buf, version, flags, _MAIN_WALK, signed_suffix)
    sideboard: list[tuple[str, int]] = []
    if version >= 2:
        buf.section = "sideboard"
        sideboard = _read_list(buf, version, flags, _SIDE_WALK, signed_suffix)
    champion = None
    if version >= 3:
        buf.section = "champion trailer"
        marker = buf.byte()
        if marker == 1:
            champion = format_card_code(_read_ref(buf, flags), signed_suffix)
        elif marker != 0:
            raise DeckCodeError(f"bad deck code: champion marker {marker} (expected 0 or 1)")
    legends: list[str] = []
    if version >= 6:
        buf.section = "additional legends"
        n = buf.varint()
        if n * 3 > buf.left():
            raise buf.truncated()
        legends = [format_card_code(_read_ref(buf, flags), signed_suffix) for _ in range(n)]
    if buf.left():
        raise DeckCodeError(f"bad deck code: {buf.left()} unexpected byte(s) after the end (version {version})")
    return DeckCode(_merged(main, "main list"), _merged(sideboard, "sideboard"), champion, tuple(legends), version)


def _merged(cards: list[tuple[str, int]], where: str) -> tuple[tuple[str, int], ...]:
    """The list as read; a card listed twice (never written so, but decodable) is merged."""
    if len({code for code, _ in cards}) == len(cards):
        return tuple(cards)
    totals: dict[str, int] = {}
    for code, count in cards:
        totals[code] = totals.get(code, 0) + count
        if totals[code] > MAX_COUNT:
            raise DeckCodeError(f"bad deck code: absurd count for {code} in the {where} (more than {MAX_COUNT} copies)")
    return tuple(totals.items())


def _read_list(buf: _Bytes, version: int, flags: str, walk: range, signed: str) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    if version <= 4:
        data = buf.data
        for count in walk:
            if buf.pos < len(data) and data[buf.pos] == 0:  # no card with this count: one zero byte
                buf.pos += 1
                continue
            _read_groups(buf, count, flags, signed, out)
        return out
    distinct = buf.varint()
    if distinct > buf.left():
        raise buf.truncated()
    for _ in range(distinct):
        count = buf.varint()
        if count < 1:
            raise DeckCodeError(f"bad deck code: a count of 0 in the {buf.section}")
        if count > MAX_COUNT:
            raise DeckCodeError(f"bad deck code: absurd count {count} in the {buf.section} (more than {MAX_COUNT} copies)")
        _read_groups(buf, count, flags, signed, out)
    return out


def _read_groups(buf: _Bytes, count: int, flags: str, signed: str, out: list[tuple[str, int]]) -> None:
    """One count block: its groups of card numbers, read a group at a time.

    The hot path of decoding. A group's bytes are cut into items (an optional prefix flag, then a
    varint) by regular expressions, and each item's raw bytes map to its card code through a table
    per (set, variant, suffix, flags) that fills itself on first use; a Python loop runs only
    for an item never seen before.
    """
    data = buf.data
    end = len(data)
    groups = buf.varint()
    if groups * 3 > end - buf.pos:
        raise buf.truncated()
    flagged = flags != "none"
    item_pattern = _ITEM_FLAGGED if flagged else _ITEM
    tables = _TABLES
    pos = buf.pos
    for _ in range(groups):
        size = data[pos] if pos < end else 0x80
        if size < 0x80 and pos + 2 < end and data[pos + 1] < len(SETS) and data[pos + 2] < len(VARIANTS):
            set_id, variant_id = data[pos + 1], data[pos + 2]  # the common case, read inline
            pos += 3
        else:
            buf.pos = pos
            size = buf.varint()
            if size + 2 > end - buf.pos:
                raise buf.truncated()
            set_id, variant_id = _set_variant(buf)
            pos = buf.pos
        region = _group_pattern(size, flagged).match(data, pos)
        if region is None:
            buf.pos = pos
            raise buf.truncated()
        table = tables.get((set_id, variant_id, signed, flags)) or _code_table(set_id, variant_id, signed, flags)
        stop = region.end()
        try:
            out.extend(zip(map(table.__getitem__, item_pattern.findall(data, pos, stop)), repeat(count)))
        except _BadItem as bad:
            raise DeckCodeError(bad.message.format(section=buf.section)) from None
        pos = stop
    buf.pos = pos


#: One item of a group: a varint (continuation bytes, then a last byte below 0x80) ...
_ITEM = re.compile(rb"[\x80-\xff]*[\x00-\x7f]", re.DOTALL)
#: ... or a prefix flag byte and a varint (versions 4 and later with prefixes).
_ITEM_FLAGGED = re.compile(rb".[\x80-\xff]*[\x00-\x7f]", re.DOTALL)


@lru_cache(maxsize=512)
def _group_pattern(size: int, flagged: bool) -> re.Pattern[bytes]:
    """Matches exactly ``size`` items from a position (no match: the code ends inside the group)."""
    item = rb"(?:.[\x80-\xff]*[\x00-\x7f])" if flagged else rb"(?:[\x80-\xff]*[\x00-\x7f])"
    return re.compile(item + b"{%d}" % size, re.DOTALL)


class _BadItem(Exception):
    """An item that is no card number; ``message`` has a ``{section}`` to fill in."""

    def __init__(self, message: str) -> None:
        self.message = message


class _CodeTable(dict):
    """Raw item bytes -> card code, for one (set, variant, suffix, flags); fills itself on first use."""

    __slots__ = ("set_dash", "suffix", "allowed")

    def __init__(self, set_dash: str, suffix: str, allowed: int) -> None:
        super().__init__()
        self.set_dash = set_dash
        self.suffix = suffix
        self.allowed = allowed

    def __missing__(self, item: bytes) -> str:
        prefix = ""
        varint = item
        if self.allowed:
            flag = item[0]
            if flag >= self.allowed:
                raise _BadItem(f"bad deck code: prefix flag {flag} in the {{section}} "
                               f"(expected 0 to {self.allowed - 1})")
            prefix, varint = _PREFIXES[flag], item[1:]
        if len(varint) > MAX_VARINT_BYTES:
            raise _BadItem(f"bad deck code: a number in the {{section}} runs longer than {MAX_VARINT_BYTES} bytes")
        number = 0
        for i, b in enumerate(varint):
            number |= (b & 0x7F) << (7 * i)
        if number >= 1 << 32:
            raise _BadItem(f"bad deck code: number {number} in the {{section}} overflows 32 bits")
        code = _format(self.set_dash, self.suffix, prefix, number)
        if len(self) < 4096:  # bounded: a hostile code cannot grow it without end
            self[item] = code
        return code


_TABLES: dict[tuple[int, int, str, str], _CodeTable] = {}


def _code_table(set_id: int, variant_id: int, signed: str, flags: str) -> _CodeTable:
    key = (set_id, variant_id, signed, flags)
    table = _TABLES.get(key)
    if table is None:
        allowed = 0 if flags == "none" else (2 if flags == "rune" else 3)
        table = _TABLES[key] = _CodeTable(SETS[set_id] + "-", _suffix(variant_id, signed), allowed)
    return table


def _set_variant(buf: _Bytes) -> tuple[int, int]:
    set_id = buf.byte()
    if set_id >= len(SETS):
        raise DeckCodeError(f"Unknown set code: {set_id} in the {buf.section} (known: 0-{len(SETS) - 1}, {'/'.join(SETS)})")
    variant_id = buf.byte()
    if variant_id >= len(VARIANTS):
        raise DeckCodeError(f"Unknown variant code: {variant_id} in the {buf.section} (known: 0-3)")
    return set_id, variant_id


def _read_flag(buf: _Bytes, flags: str) -> str:
    if flags == "none":
        return ""
    flag = buf.byte()
    allowed = 2 if flags == "rune" else 3
    if flag >= allowed:
        raise DeckCodeError(f"bad deck code: prefix flag {flag} in the {buf.section} (expected 0 to {allowed - 1})")
    return _PREFIXES[flag]


def _read_ref(buf: _Bytes, flags: str) -> CardRef:
    set_id, variant_id = _set_variant(buf)
    prefix = _read_flag(buf, flags)
    return CardRef(set_id, variant_id, _PREFIXES.index(prefix), buf.varint())


# --------------------------------------------------------------------------- encoding
def choose_version(deck: DeckCode) -> int:
    """The lowest version that can hold ``deck`` (FORMAT §3.6)."""
    if deck.additional_legends:
        return 6
    refs = [parse_card_code(c) for c, _ in (*deck.main, *deck.sideboard)]
    if deck.champion:
        refs.append(parse_card_code(deck.champion))
    if any(n > 12 for _, n in deck.main) or any(n > 3 for _, n in deck.sideboard):
        return 5
    if any(r.prefix == 2 for r in refs):
        return 5
    if any(r.prefix == 1 for r in refs):
        return 4
    return 3


def encode(deck: DeckCode) -> str:
    """Encode ``deck`` at the version :func:`choose_version` picks. Never drops a card."""
    version = choose_version(deck)
    main = _merge(deck.main, "main list")
    side = _merge(deck.sideboard, "sideboard")
    champion = parse_card_code(deck.champion) if deck.champion else None
    legends = [parse_card_code(c) for c in deck.additional_legends]
    every = [*main, *side, *legends, *([champion] if champion else [])]
    if version == 4:
        flags = "rune"
    elif version >= 5 and any(r.prefix for r in every):
        flags = "all"
    else:
        flags = "none"

    out = bytearray([0x10 | version])
    if version >= 5:
        out.append(1 if flags == "all" else 0)
    for cards, walk in ((main, _MAIN_WALK), (side, _SIDE_WALK)):
        by_count: dict[int, list[CardRef]] = {}
        for ref, n in cards.items():
            by_count.setdefault(n, []).append(ref)
        if version <= 4:
            for count in walk:
                _write_groups(out, by_count.get(count, []), flags)
        else:
            _put_varint(out, len(by_count))
            for count in sorted(by_count, reverse=True):
                _put_varint(out, count)
                _write_groups(out, by_count[count], flags)
    if champion is None:
        out.append(0)
    else:
        out.append(1)
        _write_ref(out, champion, flags)
    if version >= 6:
        _put_varint(out, len(legends))
        for ref in legends:
            _write_ref(out, ref, flags)
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


def _write_groups(out: bytearray, refs: list[CardRef], flags: str) -> None:
    groups: dict[tuple[int, int], list[CardRef]] = {}
    for ref in refs:
        groups.setdefault((ref.set_id, ref.variant_id), []).append(ref)
    _put_varint(out, len(groups))
    for (set_id, variant_id), members in sorted(groups.items()):
        _put_varint(out, len(members))
        out.append(set_id)
        out.append(variant_id)
        for ref in sorted(members):
            if flags != "none":
                out.append(ref.prefix)
            _put_varint(out, ref.number)


def _write_ref(out: bytearray, ref: CardRef, flags: str) -> None:
    out.append(ref.set_id)
    out.append(ref.variant_id)
    if flags != "none":
        out.append(ref.prefix)
    _put_varint(out, ref.number)


def _put_varint(out: bytearray, value: int) -> None:
    while value >= 0x80:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)


def _to_base32(data: bytes) -> str:
    return base64.b32encode(data).decode("ascii").rstrip("=")


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
    at = Source(file=where, line=1)
    entries = [RawEntry(text=c, count=n, source=at) for c, n in deck.main]
    entries += [RawEntry(text=c, count=n, zone=Zone.SIDEBOARD, source=at) for c, n in deck.sideboard]
    return RawDeck(
        source=where,
        reader=NAME,
        entries=entries,
        champion=RawEntry(text=deck.champion, count=1, source=at) if deck.champion else None,
        additional_legends=[RawEntry(text=c, count=1, source=at) for c in deck.additional_legends],
    )


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
