"""Deck codes as a deck format: a code read into a :class:`RawDeck`, a resolved deck written as a code.

The codec itself (bytes, versions, errors) is :mod:`deckcheck.decks.deckcode_codec`.
"""

from __future__ import annotations

import re

from deckcheck.decks.deckcode_codec import (  # noqa: F401 - the codec's names, as this format offers them
    CARD_CODE, MAX_CODE_LENGTH, MAX_COUNT, MAX_VERSION, SETS, VARIANT_IDS, VARIANTS, CardRef, DeckCode, choose_version,
    code_bytes, decode, encode, parse_card_code,
)
from deckcheck.decks.model import Deck, DeckEntry, RawDeck, RawEntry, UnknownEntry, Zone
from deckcheck.errors import DeckCodeError, DeckReadError

NAME = "code"

_SNIFF = re.compile(r"^[Cc][A-Za-z2-7][A-Za-z0-9]{6,}=*$")


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
    entries = [RawEntry(code, count, None, None, where, 1) for code, count in deck.main]
    entries += [RawEntry(code, count, Zone.SIDEBOARD, None, where, 1) for code, count in deck.sideboard]
    champion = RawEntry(deck.champion, 1, file=where, line=1) if deck.champion else None
    legends = [RawEntry(code, 1, file=where, line=1) for code in deck.additional_legends]
    return RawDeck(source=where, reader=NAME, entries=entries, champion=champion, additional_legends=legends)


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
        and (written.variant or "") in VARIANT_IDS
    ):
        return _storable(written.base_id, written.variant, card.id)
    parsed = parse_id(card.id)
    if parsed is None:
        raise DeckCodeError(f"cannot write {card.name} ({card.id}) in a deck code")
    return _storable(parsed.base_id, parsed.variant, card.id)


def _storable(base_id: str, variant: str | None, shown: str) -> str:
    code = base_id + ("s" if variant == "*" else (variant or ""))
    if CARD_CODE.match(code) is None:
        raise DeckCodeError(f"cannot write {shown} in a deck code: its number cannot be stored")
    return code


def unknown_card_code(text: str) -> str:
    """The card code of a card the database did not know, if its text is a storable id."""
    from deckcheck.cards.ids import parse_id

    parsed = parse_id(text)
    if parsed is None or parsed.extra or (parsed.variant or "") not in VARIANT_IDS:
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
