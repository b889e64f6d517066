"""Section headers of text decklists: the words that name each section, in every language deckcheck
knows, and whether a line is a header (``Legend:``, ``== Main Deck (40) ==``, ``主卡组：``)."""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from deckcheck.cards.ids import parse_id
from deckcheck.decks.model import Zone

#: Pseudo-zone for the v6 "additional legends" a deck may name.
_EXTRA_LEGENDS = "extra-legends"

#: Section header words (letters only, case-folded, accents removed) -> section.
_SECTION_WORDS: dict[str, Zone | str] = {}


_NOT_ASCII_LETTER = re.compile("[^a-z]+")


def _sections(zone: Zone | str, *names: str) -> None:
    for name in names:
        _SECTION_WORDS[_letters(name)] = zone


@lru_cache(maxsize=4096)
def _letters(text: str) -> str:
    """Letters only, case-folded, accents removed: the key of a section or title word."""
    if text.isascii():  # no accents, and case-folding is lower-casing: one pass in C (a title is new each time)
        return _NOT_ASCII_LETTER.sub("", text.lower())
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text.casefold() if ch.isalpha() and not unicodedata.combining(ch))


_sections(Zone.LEGEND, "legend", "legends", "champion legend", "légende", "leyenda", "legende", "lenda", "efsane",
          "传奇", "传说", "传奇卡", "傳奇", "傳說")
_sections(Zone.CHAMPION, "champion", "chosen champion", "champion unit", "campeón", "champion élu", "campeão",
          "şampiyon", "seçilmiş şampiyon", "英雄", "选定英雄", "英雄单位", "出战英雄", "選定英雄")
_sections(
    Zone.MAIN, "main", "main deck", "maindeck", "mainboard", "main board", "deck", "deck principal",
    "mazo principal", "mazo", "hauptdeck", "mazzo principale", "units", "unit", "spells", "spell",
    "gear", "gears", "spells and gear", "spells & gear", "champions", "champion units", "signatures",
    "signature cards", "cards", "ana deste", "baralho principal",
    "主卡组", "主牌组", "主卡牌", "主牌库", "卡组", "牌组", "主卡組", "主牌組", "卡組", "牌組",
)
_sections(Zone.BATTLEFIELDS, "battlefields", "battlefield", "champs de bataille", "campos de batalla",
          "schlachtfelder", "savaş alanları", "savaş alanı", "campos de batalha", "战场", "战场卡", "戰場")
_sections(Zone.RUNES, "runes", "rune", "rune deck", "runedeck", "rune pool", "runas", "runen", "rünler",
          "rün destesi", "符文", "符文卡组", "符文牌组", "符文组", "符文卡", "符文卡組", "符文牌組")
_sections(Zone.SIDEBOARD, "sideboard", "side deck", "sidedeck", "side board", "side", "réserve",
          "banquillo", "yan deste", "备牌", "备牌区", "备用牌", "备用卡组", "副牌", "侧卡组", "替补", "備牌", "備用牌",
          "副卡组", "副牌组", "副卡組", "副牌組")
_sections(_EXTRA_LEGENDS, "additional legends", "extra legends", "额外传奇", "額外傳奇")


def _trie_pattern(words: Iterable[str]) -> str:
    """A pattern matching any of ``words``, written as a trie (``ma(?:in|rk)``): the regular
    expression engine then tries one branch per letter, not every word at every position."""
    tree: dict = {}
    for word in words:
        node = tree
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def pattern(node: dict) -> str:
        branches = [re.escape(ch) + pattern(child) for ch, child in sorted(node.items()) if ch]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return pattern(tree)


#: Any section's word among a line's letters. A header's section word is part of the line, and the
#: letters of a part are a run of the line's letters; a line without any (a deck's own title, a
#: comment) is no header, decided without trying each decoration.
@lru_cache(maxsize=1)
def _any_section_word() -> re.Pattern[str]:
    """The pattern, compiled the first time a line that is not ASCII is read (1.4 ms a process)."""
    return re.compile(_trie_pattern(_SECTION_WORDS))


#: The same for the letters of an ASCII line, as bytes: only the section words of ASCII letters can
#: be among them, and a trie of those alone is searched in less than half the time.
_ANY_ASCII_SECTION_WORD = re.compile(_trie_pattern(w for w in _SECTION_WORDS if w.isascii()).encode())
#: Matched at the start of such letters, and of the letters reversed: a section word starts or ends them.
_ASCII_SECTION_WORD_FIRST = _ANY_ASCII_SECTION_WORD
_ASCII_SECTION_WORD_LAST = re.compile(_trie_pattern(w[::-1] for w in _SECTION_WORDS if w.isascii()).encode())
#: The letters every ASCII section word starts and ends with, as many as the shortest has.
_SHORTEST = min(len(w) for w in _SECTION_WORDS if w.isascii())
_WORD_STARTS = frozenset(w[:_SHORTEST].encode() for w in _SECTION_WORDS if w.isascii())
_WORD_ENDS = frozenset(w[-_SHORTEST:].encode() for w in _SECTION_WORDS if w.isascii())
#: ``bytes.translate`` arguments giving the letters of ASCII text (:func:`_letters`) in one C call.
_LOWER_CASE = bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ", b"abcdefghijklmnopqrstuvwxyz")
_NOT_LETTER_BYTES = bytes(b for b in range(256) if not (65 <= b <= 90 or 97 <= b <= 122))
_TITLE_KEYS = frozenset(_letters(w) for w in ("name", "title", "deck name"))
#: "Total: 66 cards", "Deck: 40 cards", "Cards: 56": a count a tool printed, not a section.
_TOTAL_KEYS = frozenset(_letters(w) for w in ("total", "total cards", "deck", "cards", "card count", "count",
                                              "总计", "合计", "總計"))


_TRAILING_COMMENT = re.compile(r"\s+(?:#|//)\s*(?P<comment>.*)$")
#: A header naming its section in parentheses after a word in another language: ``Ana Deste (Main Board)``.
_ALIAS = re.compile(r"^(?P<word>.*?)\s*[(\[]\s*(?P<alias>[^()\[\]]+?)\s*[)\]]$")
_HEADER_DECOR = (
    re.compile(r"^#{1,6}\s*(?P<h>.+?)\s*#*$"),
    re.compile(r"^={2,}\s*(?P<h>.+?)\s*=*$"),
    re.compile(r"^-{2,}\s*(?P<h>.+?)\s*-*$"),
    re.compile(r"^__\s*(?P<h>.+?)\s*__:?$"),
    re.compile(r"^\[\s*(?P<h>[^\[\]]+?)\s*\]:?$"),
    re.compile(r"^~~\s*(?P<h>.+?)\s*~~:?$"),
    re.compile(r"^【\s*(?P<h>[^【】]+?)\s*】[:：]?$"),
)
_HEADER_COUNT = re.compile(r"\s*(?:[-–]\s*)?[(\[（]?\s*\d+\s*(?:cards?|张|張)?\s*[)\]）]?\s*$", re.IGNORECASE)
_COUNT_NOTE = re.compile(r"(?:[-–]?\s*[(\[（]?\s*\d+\s*(?:cards?|张|張)?\s*[)\]）]?)?", re.IGNORECASE)
_DECOR_STARTS = frozenset("#=-_[~【")
_WORDY = re.compile(r"^[^\W\d_][\w '’&/.-]*$")


@lru_cache(maxsize=2048)
def _header(text: str) -> tuple[Zone | str, str | None] | None:
    """(section, inline card text or None) if ``text`` is a known section header."""
    if text.isascii():  # the common line: its letters found and searched as bytes (a title is new each time)
        if _no_ascii_header(text):
            return None
    elif _any_section_word().search(_letters(text)) is None:
        return None
    text = text.replace("：", ":")
    full = text
    if "#" in text[1:] or "//" in text:
        text = _TRAILING_COMMENT.sub("", text) if not _TRAILING_COMMENT.match(" " + text) else text
    body = text
    if text[:1] in _DECOR_STARTS:
        for pattern in _HEADER_DECOR:
            m = pattern.match(text)
            if m:
                body = m["h"]
                break
    head, _, rest = body.partition(":")
    head = head.strip()
    if not head or head[0].isdigit() or len(head) > 40:
        return None  # the common case: a card line
    zone = _section_of(head)
    if zone is None:
        return None
    rest = rest.strip()
    if _COUNT_NOTE.fullmatch(rest):
        return zone, None
    return zone, full.partition(":")[2].strip()  # with its comment, which may carry an id


def _no_ascii_header(text: str) -> bool:
    """True if the ASCII line ``text`` is certainly no header: no section word among its letters
    where a header's would be (:func:`_header`'s first test, in C but for a few calls)."""
    letters = text.encode().translate(_LOWER_CASE, _NOT_LETTER_BYTES)
    if ":" not in text and text.find("#", 1) < 0 and "//" not in text:
        # All its letters are the header's words: a section word starts them ('Main Deck (40)', 'Deck
        # (Main)') or ends them ('Ana Deste (Main Board)'), as _section_of reads them. Most lines
        # start and end with letters no section word starts or ends with (a title): no pattern asked.
        if letters[:_SHORTEST] not in _WORD_STARTS and letters[-_SHORTEST:] not in _WORD_ENDS:
            return True
        return _ASCII_SECTION_WORD_FIRST.match(letters) is None and _ASCII_SECTION_WORD_LAST.match(letters[::-1]) is None
    return _ANY_ASCII_SECTION_WORD.search(letters) is None


def _section_of(head: str) -> Zone | str | None:
    """The section a header's words name: ``Main Deck (40)``, ``Ana Deste (Main Board)``, ``主卡组``."""
    bare = _HEADER_COUNT.sub("", head).strip()
    if _WORDY.match(bare or "-"):
        zone = _SECTION_WORDS.get(_letters(bare))
        if zone is not None:
            return zone
    m = _ALIAS.match(head)
    if m is not None and _WORDY.match(m["alias"]) and (not m["word"] or _WORDY.match(m["word"])):
        return _SECTION_WORDS.get(_letters(m["alias"])) or (
            _SECTION_WORDS.get(_letters(m["word"])) if m["word"] else None)
    return None


_KNOWN_HEADERS = ("Battlefields", "Champion", "Legend", "Main Deck", "MainDeck", "Rune Deck", "Runes", "Side Deck",
                  "Sideboard")


def _unknown_header(text: str) -> tuple[str, tuple[str, ...]] | None:
    """A line shaped like a header ('Word:', '== Word ==') whose word is no known section."""
    if not text.endswith(":") and text[:1] not in _DECOR_STARTS:
        return None
    body = None
    for pattern in _HEADER_DECOR[1:]:  # an unknown '## Heading' is a comment
        m = pattern.match(text)
        if m:
            body = m["h"]
            break
    if body is None:
        if not text.endswith(":"):
            return None
        body = text
    written = body.rstrip(":").strip()
    head = _HEADER_COUNT.sub("", written)
    if (not head or not _WORDY.match(head) or len(head.split()) > 4 or parse_id(head) is not None
            or parse_id(written) is not None):  # '[OGN-251]': a card id in brackets, not a header '[OGN]' of 251
        return None
    close = difflib.get_close_matches(head, _KNOWN_HEADERS, n=2, cutoff=0.6)
    close += [k for k in difflib.get_close_matches(head.casefold(), [k.casefold() for k in _KNOWN_HEADERS], n=2,
                                                    cutoff=0.6) if k not in (c.casefold() for c in close)]
    suggestions = tuple(dict.fromkeys(next(k for k in _KNOWN_HEADERS if k.casefold() == c.casefold()) for c in close))
    return f"unknown section header '{head}'", suggestions

