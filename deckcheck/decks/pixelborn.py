"""Pixelborn deck strings: base64 of the TTS tokens joined with ``$``.

``T0dOLTI2NS0xJE9HTi0yNDYtMS…`` decodes to ``OGN-265-1$OGN-246-1$…``: one token per copy, in the
TTS order (legend, champion, rest of main, battlefields, runes, sideboard).
"""

from __future__ import annotations

import base64
import binascii
import re

from deckcheck.decks import tts
from deckcheck.decks.model import Deck, RawDeck
from deckcheck.errors import DeckReadError

NAME = "pixelborn"
MAX_TEXT = tts.MAX_TEXT

_BASE64 = re.compile(r"^[A-Za-z0-9+/_-]{8,}={0,2}$")
_FIRST_TOKEN = re.compile(r"^[A-Za-z]{3}-(?:R|SP|r|sp)?\d")


def _decode(token: str) -> str | None:
    """The text inside a base64 string (standard or URL-safe, padding optional), or None."""
    token = token.rstrip("=")
    token += "=" * (-len(token) % 4)
    try:
        data = base64.b64decode(token.replace("-", "+").replace("_", "/"), validate=True)
        return data.decode("utf-8")
    except (binascii.Error, ValueError):
        return None


def sniff(text: str) -> bool:
    """True if ``text`` is one base64 word whose content starts with a card token."""
    token = text.strip().lstrip("\ufeff")
    if len(token) > MAX_TEXT or not _BASE64.match(token):
        return False
    head = _decode(token[:64])  # 64 base64 characters are 48 whole bytes
    return head is not None and _FIRST_TOKEN.match(head) is not None


def read(text: str, source: str | None = None) -> RawDeck:
    """Read a Pixelborn string. A token that is not a card becomes a Problem naming its position."""
    if len(text) > MAX_TEXT:
        raise DeckReadError(f"deck file too large ({len(text)} characters; the limit is {MAX_TEXT})", file=source)
    token = text.strip().lstrip("\ufeff")
    if not token:
        raise DeckReadError("empty input: not a Pixelborn deck string", file=source)
    if not _BASE64.match(token) or (inner := _decode(token)) is None:
        raise DeckReadError("not a Pixelborn deck string: expected one word of base64", file=source)
    words = ((word.strip(), 1) for word in inner.split("$") if word.strip())
    return tts.read_tokens(words, source, NAME, "a Pixelborn deck string")


def write(deck: Deck) -> str:
    """The deck as a Pixelborn string (standard base64 with padding)."""
    joined = "$".join(tts.deck_tokens(deck))
    return base64.b64encode(joined.encode("ascii")).decode("ascii") + "\n"
