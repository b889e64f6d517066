"""Deck-builder links that carry a deck code: ``https://piltoverarchive.com/deckbuilder?code=CMAA…``.

The code is taken from the link's ``code`` (or ``deck``, ``deckcode``) query parameter, whatever
other parameters stand beside it, and read by :mod:`deckcheck.decks.deckcode`. Nothing is
fetched: a link to a deck *page* (``/decks/view/…``) holds no deck, and says so.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, unquote, urlsplit

from deckcheck.decks import deckcode
from deckcheck.decks.model import RawDeck
from deckcheck.errors import DeckReadError

NAME = "link"

#: Query parameters a deck code is found in, in the order they are tried.
CODE_PARAMETERS = ("code", "deck", "deckcode", "deck_code")
_LINK = re.compile(r"^(?:https?://|www\.)\S+$", re.IGNORECASE)
MAX_LINK = 8192


def sniff(text: str) -> bool:
    """True if ``text`` is one web link (deckcheck reads the deck code in it, or says why it cannot)."""
    token = text.strip().lstrip("\ufeff")
    return len(token) <= MAX_LINK and _LINK.match(token) is not None


def deck_code(link: str) -> str | None:
    """The deck code a link carries in its query (or fragment), or None."""
    parts = urlsplit(link if "://" in link else "https://" + link)
    for part in (parts.query, parts.fragment):
        values = dict((key.lower(), value) for key, value in parse_qsl(part, keep_blank_values=True))
        for key in CODE_PARAMETERS:
            value = values.get(key, "").strip()
            if value:
                return unquote(value)
    return None


def read(text: str, source: str | None = None) -> RawDeck:
    """Read the deck code inside a link; a link without one is a :class:`DeckReadError`."""
    link = text.strip().lstrip("\ufeff")
    if not sniff(link):
        raise DeckReadError("not a link: expected one web address with a deck code in it", file=source, line=1)
    try:
        code = deck_code(link)
        host = urlsplit(link if "://" in link else "https://" + link).hostname or "the link"
    except ValueError as exc:  # e.g. "Invalid IPv6 URL"
        raise DeckReadError(f"not a valid link: {exc}", file=source, line=1) from None
    if code is None:
        raise DeckReadError(
            f"this link holds no deck code ({host}): deckcheck reads links with ?code=…, and fetches no web "
            "page; open the deck and copy its deck code or its text export",
            file=source, line=1)
    if not deckcode.sniff(code):
        raise DeckReadError(f"the link's code '{code[:40]}' is not a deck code", file=source, line=1)
    return deckcode.read(code, source=source or "<link>")
