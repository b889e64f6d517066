"""Sectioned text decklists: the Piltover Archive export and the dialects players paste.

Reading (no card database needed; see docs/text-format.md for every dialect with an example):

- Section headers ``Legend:``, ``Champion:``, ``MainDeck:``/``Main Deck:``/``Deck principal``,
  ``Battlefields:``, ``Runes:``/``Rune Deck:``/``Rune Pool:``, ``Sideboard:``/``Side Deck:`` in any
  case, with or without a colon, bare or decorated (``== Legend ==``, ``## Legend``, ``**Legend**``,
  ``[Legend]``, ``~~Sideboard~~``), with a count (``Main Deck (40):``), in other languages
  (``Légende``, ``主卡组``, ``Ana Deste (Main Board)``), with a card inline (``Legend: Loose Cannon``)
  or several (``MainDeck: 3 Defy 3 Discipline``).
- Card lines ``3 Name``, ``3x Name``, ``3xName``, ``3 x Name``, ``Name x3``, ``Name (3)``; an id
  after the name (``[VEN-153]``, ``(OGN-007a)``, ``[OGN] 042/298``, an id comment ``# OGN-007a``,
  a printing label before it ``(Nexus Night Promo) (OGN-058-P)``) or instead of it
  (``3 OGN-007``); a collector number ``Hall of Legends (210)`` (the resolver tells it from a
  count); a price column (``3<TAB>Defy<TAB>$0.20``); a count on its own line before the name.
- Comments (``#``, ``//``), a title line (``# Title`` or a first line without a count), bullets,
  chat noise (code fences, ``Total: 66 cards``), ignored with a note.
- Headerless lists: blank-line separated groups in the order legend, champion, main deck,
  battlefields, runes (and sideboard); any other list without headers is a flat list whose cards
  the resolver files by type.

One pass over the lines: the common line (``3 Name``) is read by one regular expression into a
plain :class:`RawEntry`; only other lines take the slower general path. Every line that cannot be
understood becomes an error :class:`Problem` with its line number (the only place a
:class:`Source` is made). Writing produces the Piltover layout (champion under ``Champion:``, its
other copies under ``MainDeck:``) and keeps a printing as an id comment where the name alone
would lose it.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from deckcheck.cards.ids import parse_id
from deckcheck.decks.model import MAX_COUNT, Deck, DeckEntry, Problem, RawDeck, RawEntry, Severity, Source, Zone
from deckcheck.errors import DeckReadError

NAME = "text"

#: A line longer than this is not a decklist line.
MAX_LINE = 300

#: Sections whose lines name one card each, so a line without a count means 1.
ONE_CARD_ZONES = frozenset({Zone.LEGEND, Zone.CHAMPION, Zone.BATTLEFIELDS})

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
          "banquillo", "yan deste", "备牌", "备牌区", "备用牌", "备用卡组", "副牌", "侧卡组", "替补", "備牌", "備用牌")
_sections(_EXTRA_LEGENDS, "additional legends", "extra legends")
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

#: How the writer names each section (the Piltover Archive export).
HEADERS = {
    Zone.LEGEND: "Legend:",
    Zone.CHAMPION: "Champion:",
    Zone.MAIN: "MainDeck:",
    Zone.BATTLEFIELDS: "Battlefields:",
    Zone.RUNES: "Runes:",
    Zone.SIDEBOARD: "Sideboard:",
}

# ---------------------------------------------------------------------------- line patterns
#: The common card line, read without the general path: ``3 Name``, ``3x Name``, ``3 x Name`` with
#: a name of words of letters (and ``'.!?&``, inner hyphens) separated by one space, ``, `` or
#: `` - ``, and perhaps an id comment (``# SFD-226``). Anything else (ids in brackets, tabs,
#: numbers in the name, a trailing comma) takes the general path.
_WORD = r"[A-Za-z][A-Za-z'.!?&]*(?:-[A-Za-z][A-Za-z'.!?&]*)*"
_FAST_CARD = re.compile(rf"([1-9][0-9]?)(?: ?[xX])? ({_WORD}(?:(?:,? | - ){_WORD})*)(?: # ([A-Za-z]{{3}}-[A-Za-z0-9*]{{1,8}}))?")
_COUNTS = {str(n): n for n in range(1, 100)}

_SPACES = re.compile(r"[\s\u00a0\u2000-\u200a\u202f\u205f\u3000\u2028\u2029]+")
_INVISIBLE = dict.fromkeys(map(ord, "\ufeff\u200b\u200c\u200d\u2060"), None)
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_BULLET = re.compile(r"^[-*•·]\s+(?=\S)")
_TRAILING_COMMENT = re.compile(r"\s+(?:#|//)\s*(?P<comment>.*)$")
_COUNT_FIRST = re.compile(r"^(?P<count>[+-]?\d+)(?:\s*[xX×])?\s+(?P<rest>\S.*)$")
_COUNT_FIRST_GLUED = re.compile(r"^(?P<count>[+-]?\d+)[xX×](?P<rest>[\[(]|[^\W\d_]).*$")
_COUNT_LAST = re.compile(r"^(?P<rest>.*?\S)\s*(?:\s[xX×]\s*(?P<a>[+-]?\d+)|\(\s*(?P<b>[+-]?\d+)\s*\))$")
_COUNT_ONLY = re.compile(r"^[+-]?\d+\s*[xX×]?$")
_X_COUNT = re.compile(r"^[xX×]\s*\d{1,2}$")  # "x3" on a line of its own
_BRACKET_ID = re.compile(r"^(?P<rest>.*?)\s*[\[(]\s*(?P<id>[^\[\]()]{3,30}?)\s*[\])]$")
_BARE_ID = re.compile(r"^(?P<rest>.*?\S)\s+(?:[-–|]\s+)?(?P<id>[A-Za-z]{3}-[A-Za-z0-9*/-]{1,20})$")
#: A store's id: set code in brackets, then the collector number and the set size (``[OGN] 042/298``).
_STORE_ID = re.compile(r"^(?P<rest>.*?)\s*(?P<id>\[[A-Za-z]{3}\]\s*[A-Za-z]{0,2}\d{1,4}[A-Za-z*]?(?:/\d{1,4})?)$")
#: A printing label in parentheses left before an id: ``Discipline (Origins Nexus Night Promo)``.
_LABEL = re.compile(r"^(?P<rest>.*?\S)\s*\((?P<label>[^()]*[^\W\d_][^()]*)\)$")
#: A price column at the end of a store's line: ``$0.20``, ``0,20 €``.
_PRICE = re.compile(r"\s+(?:[$€£¥]\s?\d+(?:[.,]\d+)?|\d+(?:[.,]\d+)?\s?[$€£¥]|(?:USD|EUR)\s?\d+(?:[.,]\d+)?)$")
#: A header naming its section in parentheses after a word in another language: ``Ana Deste (Main Board)``.
_ALIAS = re.compile(r"^(?P<word>.*?)\s*[(\[]\s*(?P<alias>[^()\[\]]+?)\s*[)\]]$")
#: Several cards on one header line: split before each count (``3 Defy 3 Discipline``).
_SEVERAL = re.compile(r"(?<=\S)[\s,;]+(?=\d{1,2}\s*[xX×]?\s+[^\W\d_])")
_HEADER_DECOR = (
    re.compile(r"^#{1,6}\s*(?P<h>.+?)\s*#*$"),
    re.compile(r"^={2,}\s*(?P<h>.+?)\s*=*$"),
    re.compile(r"^-{2,}\s*(?P<h>.+?)\s*-*$"),
    re.compile(r"^__\s*(?P<h>.+?)\s*__:?$"),
    re.compile(r"^\[\s*(?P<h>[^\[\]]+?)\s*\]:?$"),
    re.compile(r"^~~\s*(?P<h>.+?)\s*~~:?$"),
    re.compile(r"^【\s*(?P<h>[^【】]+?)\s*】[:：]?$"),
)
_HEADER_COUNT = re.compile(r"\s*(?:[-–]\s*)?[(\[]?\s*\d+\s*(?:cards?|张|張)?\s*[)\]]?\s*$", re.IGNORECASE)
_COUNT_NOTE = re.compile(r"(?:[-–]?\s*[(\[]?\s*\d+\s*(?:cards?|张|張)?\s*[)\]]?)?", re.IGNORECASE)
_DECK_TITLE = re.compile(r"^deck\s*:\s*(?P<v>[^\d\s].*)$", re.IGNORECASE)
_DECOR_STARTS = frozenset("#=-_[~【")
_YEAR_TITLE = re.compile(r"^(?:19|20)\d\d\b\D")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_COMMENT_MARK = re.compile(r"^(?:#+|//+)\s*")
_KEY_VALUE = re.compile(r"^(?P<k>[^:]{2,12}):\s*(?P<v>.+)$")
_SB_LINE = re.compile(r"^SB:\s*(?P<rest>.+)$", re.IGNORECASE)
_WORDY = re.compile(r"^[^\W\d_][\w '’&/.-]*$")
_FENCE = re.compile(r"^(?:```|~~~)[\w+-]*$")
_SINGLE_HASH = re.compile(r"#(?!#)")


#: How many lines :func:`sniff` reads at most.
SNIFFED_LINES = 400


def sniff(text: str) -> bool:
    """True if ``text`` looks like a decklist with one card (or header) per line."""
    seen = 0
    known_cards, known_headers = _CARD_LINES, _HEADER_LINES
    for raw_line in _first_lines(text.lstrip("\ufeff"), SNIFFED_LINES):
        stripped = raw_line.strip()
        if stripped in known_cards or stripped in known_headers:
            return True  # a card or header line read before (the fast pattern or a header matched it)
        line = _clean(raw_line)
        if not line:
            continue
        if _FAST_CARD.fullmatch(line) or _header(line) is not None:
            return True
        if _is_comment(line) or _FENCE.match(line):
            continue
        line = _BULLET.sub("", line)
        if _COUNT_FIRST.match(line) or _COUNT_LAST.match(line) or _COUNT_FIRST_GLUED.match(line):
            return True
        seen += 1
        if seen > 60:
            break
    return False


def _first_lines(text: str, most: int):
    """The first ``most`` lines of ``text`` (LF, CRLF or CR), without splitting the rest."""
    if "\r" not in text:
        yield from text.split("\n", most)[:most]
        return
    start = 0
    for _ in range(most):
        m = _LINE_BREAK.search(text, start)
        if m is None:
            yield text[start:]
            return
        yield text[start:m.start()]
        start = m.end()


# ---------------------------------------------------------------------------- one line
class Card(NamedTuple):
    """One card line split into its parts (see :func:`parse_card`)."""

    text: str
    count: int | None
    card_id: str | None
    number: int | None = None  # a number in parentheses after the name: collector number or count
    counted: bool = True  # False when the count is that number in parentheses (``Stupefy (95)``)


# Line kinds, as the one pass sees them.
BLANK, CARD, HEADER, COMMENT, TITLE, NOTE, PROBLEM, SIDEBOARD_CARD, COUNT_ALONE = range(9)


class Line(NamedTuple):
    """What one line is. ``value`` depends on the kind: a :class:`Card` (CARD, SIDEBOARD_CARD),
    ``(section, inline text)`` (HEADER), the comment (COMMENT), the title (TITLE), a message
    (NOTE, PROBLEM), the count (COUNT_ALONE)."""

    kind: int
    number: int
    text: str
    value: object = None
    suggestions: tuple[str, ...] = ()
    unknown_header: bool = False


_BLANK_LINE = Line(BLANK, 0, "")  # every blank line (only the fact that it is blank matters)


def classify(number: int, raw: str) -> Line:
    """What line ``number`` (its text as written) is: blank, a card, a header, a comment, ..."""
    text = raw.strip()
    if not text:
        return Line(BLANK, number, "")
    m = _FAST_CARD.fullmatch(text) if len(text) <= MAX_LINE else None
    if m is not None:
        card = _fast_card(m)
        if card is not None:
            return Line(CARD, number, text, card)
    return _classify_slow(number, raw)


def _fast_card(m: re.Match) -> Card | None:
    """The card of a line :data:`_FAST_CARD` matched, or None if a hyphen makes it need the general path."""
    name = m[2]
    if "-" in name and _split_id(name)[0] is not None:
        return None
    comment = m[3]
    return Card(name, _COUNTS[m[1]], comment if comment is not None and _is_id(comment) else None)


@lru_cache(maxsize=4096)
def _is_id(text: str) -> bool:
    return parse_id(text) is not None


def _classify_slow(number: int, raw: str) -> Line:
    text = _clean(raw)
    if not text:
        return Line(BLANK, number, "")
    if len(text) > MAX_LINE:
        return Line(PROBLEM, number, text[:60] + "…", f"line too long ({len(text)} characters)")
    if _CONTROL.search(text):
        return Line(PROBLEM, number, _CONTROL.sub("\ufffd", text), "line contains control characters")
    if _FENCE.match(text):
        return Line(NOTE, number, text, "ignored: a code fence")
    titled = _DECK_TITLE.match(text)
    if titled:
        return Line(TITLE, number, text, titled["v"].strip())
    keyed = _KEY_VALUE.match(text.replace("：", ":")) if ":" in text or "：" in text else None
    if keyed and _letters(keyed["k"]) in _TOTAL_KEYS and _COUNT_NOTE.fullmatch(keyed["v"].strip()):
        return Line(NOTE, number, text, f"ignored: a card count ('{text}'), not a card")
    header = _header(text)
    if header is not None:
        return Line(HEADER, number, text, header)
    if _is_comment(text):
        return Line(COMMENT, number, text, _COMMENT_MARK.sub("", text))
    if keyed and _letters(keyed["k"]) in _TITLE_KEYS:
        return Line(TITLE, number, text, keyed["v"].strip())
    sb = _SB_LINE.match(text)
    if sb:
        card, error = parse_card(sb["rest"])
        if card is None:
            return Line(PROBLEM, number, text, f"cannot read this line: {error}")
        return Line(SIDEBOARD_CARD, number, sb["rest"], card)
    unknown = _unknown_header(text)
    if unknown is not None:
        return Line(PROBLEM, number, text, unknown[0], unknown[1], True)
    if _COUNT_ONLY.match(text) or _X_COUNT.match(text):
        digits = text.strip("xX× ")
        if digits.isdigit() and 1 <= len(digits) <= 2 and int(digits) >= 1:
            return Line(COUNT_ALONE, number, text, int(digits))
    card, error = parse_card(text)
    if card is None:
        return Line(PROBLEM, number, text, f"cannot read this line: {error}")
    return Line(CARD, number, text, card)


def _classify_remembered(number: int, raw: str) -> Line:
    """:func:`_classify_slow`, which depends on the text alone: a line seen before (a comment, an
    unusual card line a folder repeats) is not classified again, only given its number."""
    known = _SLOW_LINES.get(raw)
    if known is None:
        known = _classify_slow(number, raw)
        if len(raw) <= MAX_LINE:  # a longer line is a problem, not worth remembering
            _SLOW_LINES[raw] = known
        return known
    kind, _, text, value, suggestions, unknown_header = known
    return Line(kind, number, text, value, suggestions, unknown_header)


def _plain_comment(line: str) -> str | None:
    """The comment of a stripped line starting with ``#`` that :func:`_classify_slow` reads as one,
    found without it (nothing remembered: a title is new in every file); None if it might be more.

    Printable ASCII with single spaces is its own :func:`_clean` text; without a colon it is neither
    a card count note nor a key (``Total: 40``); if it is no header it is a comment. What follows
    the marks is the comment (the only space printable ASCII holds is the space).
    """
    if (":" in line or "  " in line or "**" in line or len(line) > MAX_LINE or not line.isascii()
            or not line.isprintable()):
        return None
    if not _no_ascii_header(line) and _header(line) is not None:  # a title is new each time: no memory asked
        return None
    return line.lstrip("#").lstrip(" ")


def _clean(raw: str) -> str:
    """One line with invisible characters and bold markers removed and every space made one space.

    ``" ".join(text.split())`` is ``_SPACES.sub(" ", text).strip()``: both take a run of characters
    that ``str.isspace`` calls space (all of :data:`_SPACES`) for one space. An ASCII line holds no
    invisible character, so it is not translated.
    """
    if not raw.isascii():
        raw = raw.translate(_INVISIBLE)
    if "**" in raw:
        raw = raw.replace("**", "")
    return " ".join(raw.split())


def _is_comment(text: str) -> bool:
    return text.startswith("#") or text.startswith("//")


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


def parse_card(text: str) -> tuple[Card | None, str | None]:
    """Split one card line into count, name, id and a number in parentheses.

    Returns (card, None) or (None, error).
    """
    if text[:1] in "-*•·":
        text = _BULLET.sub("", text)
    comment_id = None
    m = _TRAILING_COMMENT.search(text) if "#" in text or "//" in text else None
    if m:
        comment = m["comment"].strip()
        if comment and parse_id(comment) is not None:
            comment_id = comment
        text = text[: m.start()].strip()
    if _COUNT_ONLY.match(text):
        return None, "a count without a card name"
    m = _PRICE.search(text)
    if m and m.start() > 0:
        text = text[: m.start()]
    count_text = None
    counted = True
    m = _COUNT_FIRST.match(text)
    if m:
        count_text, text = m["count"], m["rest"].strip()
    else:
        m = _COUNT_FIRST_GLUED.match(text)
        if m:
            count_text, text = m["count"], text[m.end("count") + 1:].strip()
    card_id, text = _split_id(text)
    number: int | None = None
    m = _COUNT_LAST.match(text)
    if m:
        if m["b"] is not None and not m["b"].startswith(("-", "+")) and card_id is None:
            number = int(m["b"]) if len(m["b"]) < 6 else 10**6  # a collector number or a count
            text = m["rest"].strip()
            if count_text is None:
                count_text, counted = (m["b"] if number <= MAX_COUNT else "1"), False
        elif count_text is not None:
            return None, "two counts on one line"
        else:
            count_text, text = m["a"] or m["b"], m["rest"].strip()
        if card_id is None:
            card_id, text = _split_id(text)
    card_id = card_id or comment_id
    text = text.strip(" -–:|,;")
    if not text:
        if card_id is None:
            return None, "no card name"
        text = card_id
    if not any(ch.isalnum() for ch in text):
        return None, "no card name"
    count: int | None = None
    if count_text is not None:
        count = int(count_text) if len(count_text) < 12 else 10**12
        if count_text.startswith("-") or count < 0:
            return None, f"negative count {count_text}"
        if count == 0:
            return None, "a count of 0"
        if count > MAX_COUNT:
            return None, f"count {count_text} is more than {MAX_COUNT}"
    if card_id is not None and card_id.strip().upper() == text.strip().upper():
        card_id = None  # a bare id: the lookup reads it as an id anyway
    return Card(text=text, count=count, card_id=card_id, number=number, counted=counted), None


def _split_id(text: str) -> tuple[str | None, str]:
    """(id, the rest) if ``text`` ends with a card id; a printing label before the id is dropped."""
    last = text[-1:]
    bracketed = last in ")]"
    if not bracketed and "-" not in text and "[" not in text:
        return None, text  # the common case: a name with nothing after it
    m = _BRACKET_ID.match(text) if bracketed else None
    if m and parse_id(m["id"]) is not None:
        return m["id"].strip(), _without_label(m["rest"].strip())
    m = _STORE_ID.match(text) if "[" in text else None
    if m and parse_id(m["id"]) is not None:
        return m["id"].strip(), _without_label(m["rest"].strip())
    m = _BARE_ID.match(text)
    if m and parse_id(m["id"]) is not None and parse_id(m["rest"]) is None:
        return m["id"].strip(), _without_label(m["rest"].strip())
    return None, text


def _without_label(rest: str) -> str:
    """``Discipline (Origins Nexus Night Promo)`` -> ``Discipline``: the label names the printing the id gives."""
    if rest.endswith(")"):
        m = _LABEL.match(rest)
        if m and parse_id(m["label"]) is None:
            return m["rest"]
    return rest


# ---------------------------------------------------------------------------- assembling a deck
def forget_lines() -> None:
    """Empty the memory of card and header lines seen before (benchmarks measure first sight with it)."""
    _CARD_LINES.clear()
    _HEADER_LINES.clear()
    _SLOW_LINES.clear()
    _COMMENT_LINES.clear()
    _QUICK_HEADERS.clear()


def read(text: str, source: str | None = None) -> RawDeck:
    """Read a text decklist. Lines it cannot understand become error problems, never exceptions."""
    text = text.lstrip("\ufeff")
    if not text.isascii():
        # one spelling of accented letters: some apps write 'é' as 'e' + a combining accent (NFD)
        text = unicodedata.normalize("NFC", text)
    lines = text.split("\n") if "\r" not in text else _LINE_BREAK.split(text)
    reader = _Reader(source)
    reader.read(lines)
    deck = reader.deck
    if not deck.entries and not deck.additional_legends and not any(
        p.severity is Severity.ERROR for p in deck.problems
    ):
        if not any(_clean(line) for line in lines):
            raise DeckReadError("the decklist is empty", file=source)
        deck.problems.append(Problem(severity=Severity.ERROR, message="no cards found in the decklist",
                                     source=Source(file=source)))
    return deck


def _keep_memories_bounded() -> None:
    """Empty the memory of card lines, of comments or of other lines, once it holds more than _MAX_REMEMBERED."""
    if len(_CARD_LINES) > _MAX_REMEMBERED:
        _CARD_LINES.clear()
    if len(_SLOW_LINES) > _MAX_REMEMBERED:
        _SLOW_LINES.clear()
    if len(_COMMENT_LINES) > _MAX_REMEMBERED:
        _COMMENT_LINES.clear()


def _first_sight(line: str) -> tuple[str, int, str | None] | None:
    """(name, count, id) of a common card line not seen before (``3 Cleave``, ``1 Vex # UNL-150a``),
    remembered in :data:`_CARD_LINES`; None for any other line."""
    m = _FAST_CARD.fullmatch(line)
    if m is None:
        return None
    if m.lastindex == 2 and "-" not in line:
        known = _CARD_LINES[line] = (m[2], _COUNTS[m[1]], None)
        return known
    card = _fast_card(m)
    if card is None:
        return None
    known = _CARD_LINES[line] = (card.text, card.count, card.card_id)
    return known


def quick_rows(text: str, source: str | None = None
               ) -> tuple[str | None, list[tuple[Zone, list[tuple[tuple[str, int, str | None], int]]]]] | None:
    """The common text list read in one pass without a RawEntry per line: ``(title, sections)``,
    each section ``(zone, rows)`` in the order written, each row ``((name, count, id), line number)``
    as :func:`read` would make its entry (see :data:`deckcheck.decks.resolve.Row`; the file is
    ``source``); None when the list needs :func:`read`.

    The common list: after blank lines and comments (the first ``# Title`` names the deck) come
    known headers with nothing after the colon, each followed by card lines of the common shape
    (``3 Cleave``, ``1 Vex, Apathetic # UNL-150a``). Anything else (a card before any header, a
    count on its own line, a note, a line it cannot read, cards on a header line, extra legends,
    a header starting with a lower-case letter, Windows line ends) returns None, and :func:`read`
    decides it. So no line of a list it reads starts with a lower-case letter, as a line of our
    YAML files does (:func:`deckcheck.decks.load._claimed_by_text` relies on it).

    A line is looked up as written first: most have no space around them, and are their own
    stripped text (the key of every memory of lines).
    """
    if "\r" in text:
        return None
    text = text.lstrip("\ufeff")
    if not text.isascii():
        text = unicodedata.normalize("NFC", text)
    seen = _CARD_LINES
    if len(seen) > _MAX_REMEMBERED or len(_SLOW_LINES) > _MAX_REMEMBERED or len(_COMMENT_LINES) > _MAX_REMEMBERED:
        _keep_memories_bounded()
    sections_of = _QUICK_HEADERS
    comments = _COMMENT_LINES
    title = None
    sections: list[tuple[Zone, list]] = []
    rows: list | None = None  # the rows of the section being read; None before the first header
    cards = 0
    for number, raw in enumerate(text.split("\n"), start=1):
        if not raw:
            continue
        known = seen.get(raw)
        if known is None:
            line = raw.strip()
            if not line:
                continue
            if line is not raw:
                known = seen.get(line)
        else:
            line = raw
        if known is not None:
            if rows is None:
                return None
            rows.append((known, number))
            continue
        zone = sections_of.get(line)  # a header seen before (only lines the card pattern refused)
        if zone is None:
            if line[0] == "#":  # a comment (often the deck's own title, new in every file), read the quick way
                comment = comments.get(line)
                if comment is None:
                    comment = _plain_comment(line)
                    if comment is not None and len(comments) <= _MAX_REMEMBERED:
                        comments[line] = comment
                if comment is not None:
                    if rows is None and title is None and comment and line[1] != "#":
                        title = comment  # the first '# Title' (not '## ...') names the deck
                    continue
            known = _first_sight(line) if len(line) <= MAX_LINE else None
            if known is not None:
                if rows is None:
                    return None
                rows.append((known, number))
                continue
            zone = _quick_header(line, number, raw)
            if zone is None:
                return None
            if zone.__class__ is str:  # a comment: the deck's title if it is the first '# Title'
                if rows is None and title is None and zone:
                    title = zone
                continue
        if rows:
            cards += len(rows)
        rows = []
        sections.append((zone, rows))  # type: ignore[arg-type]
    if not cards and not rows:
        return None
    return title, sections


def _quick_header(line: str, number: int, raw: str) -> Zone | str | None:
    """For :func:`quick_rows`, a stripped line that is neither a known card line nor a plain
    comment: its section if it is a header quick_rows reads (remembered in
    :data:`_QUICK_HEADERS`); if it is a comment, the title it gives where it comes first (a ``str``,
    empty if none: ``## Notes``); else None."""
    classified = _classify_remembered(number, raw)
    kind = classified.kind
    if kind == COMMENT:
        return classified.value if classified.value and _SINGLE_HASH.match(classified.text) else ""  # type: ignore[return-value]
    if kind != HEADER or classified.value[1] is not None:  # type: ignore[index]
        return None
    if len(_HEADER_LINES) < 1000:
        _HEADER_LINES[line] = classified.value  # type: ignore[assignment]
    zone = classified.value[0]  # type: ignore[index]
    if "a" <= line[0] <= "z" or zone == _EXTRA_LEGENDS:
        return None  # 'main:' at the start of a line may be a YAML file's key: detection and read() decide
    if len(_QUICK_HEADERS) < 1000:
        _QUICK_HEADERS[line] = zone
    return zone


_POSITIONS = (Zone.LEGEND, Zone.CHAMPION, Zone.MAIN, Zone.BATTLEFIELDS, Zone.RUNES, Zone.SIDEBOARD)
#: Header lines seen before, as written -> (section, None): the few spellings a folder of lists uses.
_HEADER_LINES: dict[str, tuple[Zone | str, None]] = {}
#: Common card lines seen before, as written (stripped) -> (name, count, id): a folder of lists
#: repeats most of its lines ("3 Cleave"). Emptied when it holds more than _MAX_REMEMBERED.
_CARD_LINES: dict[str, tuple[str, int, str | None]] = {}
#: Other lines seen before, as written -> what :func:`_classify_slow` made of them (numbered anew).
_SLOW_LINES: dict[str, Line] = {}
#: Header lines :func:`quick_rows` reads, seen before, as written -> the section (a Zone).
_QUICK_HEADERS: dict[str, Zone] = {}
#: Plain comment lines seen before, as written (stripped) -> the comment (:func:`_plain_comment`): a
#: title is new in every file, but a folder repeats its other comments.
_COMMENT_LINES: dict[str, str] = {}
_MAX_REMEMBERED = 20_000


class _Reader:
    """Turns the lines of one list into a RawDeck, in one pass over the lines."""

    def __init__(self, source: str | None) -> None:
        self.file = source
        self.deck = RawDeck(source=source, reader=NAME)
        self.count_lines = False  # a count stood on its own line
        self.zone: Zone | str | None = None  # the section being read
        self.started = False  # a header has been filed
        self.pending: Line | None = None  # a count on its own line, waiting for its card

    def problem(self, line: Line, message: str, severity: Severity = Severity.ERROR,
                suggestions: tuple[str, ...] = ()) -> None:
        self.deck.problems.append(Problem(severity=severity, message=message,
                                          source=Source(file=self.file, line=line.number),
                                          text=line.text or None, suggestions=suggestions))

    def entry(self, line: Line, card: Card, zone: Zone | str | None, count: int | None = None,
              warn_no_count: bool = True) -> None:
        """Add one card to the deck (``count`` overrides the line's, e.g. from a count line above it)."""
        if count is None:
            count = card.count
        if count is None:
            count = 1
            if warn_no_count and zone not in ONE_CARD_ZONES and zone != _EXTRA_LEGENDS and zone is not None:
                self.problem(line, f"no count; read as 1 copy (write '1 {card.text}')", Severity.WARNING)
        if zone == _EXTRA_LEGENDS:
            for _ in range(count):
                self.deck.additional_legends.append(RawEntry(card.text, 1, Zone.LEGEND, card.card_id,
                                                             file=self.file, line=line.number))
            return
        self.deck.entries.append(RawEntry(card.text, count, zone, card.card_id, file=self.file,  # type: ignore[arg-type]
                                          line=line.number, number=card.number, counted=card.counted))

    def inline(self, line: Line, inline: str, zone: Zone | str) -> None:
        """The card(s) written on a header line: ``Legend: Jinx``, ``MainDeck: 3 Defy 3 Discipline``."""
        parts = _SEVERAL.split(inline) if inline[:1].isdigit() else [inline]
        for part in parts:
            part = part.strip(" ,;")
            card, error = parse_card(part)
            if card is None:
                self.problem(line, f"cannot read this line: {error}")
            else:
                self.entry(line, card, zone)

    def read(self, raw_lines: list[str]) -> None:
        """One pass over the lines, filing each card as it comes once a header has been seen.

        The common card line becomes its :class:`RawEntry` at once; every other line becomes a
        :class:`Line`. Lines before the first header wait: a title may be among them, and if no
        header ever comes the list is read by its blank-line groups instead.
        """
        before: list[Line | RawEntry] | None = []  # the lines before the first header; None after it
        entries = self.deck.entries
        file = self.file
        _keep_memories_bounded()
        headers = _HEADER_LINES
        seen = _CARD_LINES
        new = object.__new__
        direct = False  # a common card line goes straight into the deck (after a header, nothing waiting)
        zone = None
        for number, raw in enumerate(raw_lines, start=1):
            text = raw.strip()
            if not text:
                if before is not None:
                    before.append(_BLANK_LINE)
                elif self.pending is not None:
                    self.file_line(_BLANK_LINE)
                    direct = self.zone != _EXTRA_LEGENDS
                continue
            known = seen.get(text)
            if known is None and len(text) <= MAX_LINE:
                known = _first_sight(text)
            if known is not None:
                name, count, card_id = known
                if direct:  # RawEntry(name, count, zone, card_id, file=file, line=number), without the call
                    item = new(RawEntry)
                    item.text = name
                    item.count = count
                    item.zone = zone
                    item.card_id = card_id
                    item.file = file
                    item.line = number
                    item.number = None
                    item.counted = True
                    entries.append(item)
                    continue
                line: Line | RawEntry = RawEntry(name, count, None, card_id, None, file, number)
            else:
                header = headers.get(text)
                if header is not None:
                    line = Line(HEADER, number, text, header)
                else:
                    line = _classify_remembered(number, raw)
                    if line.kind == COUNT_ALONE:
                        self.count_lines = True
                    elif line.kind == HEADER and line.value[1] is None and len(headers) < 1000:  # type: ignore[index]
                        headers[text] = line.value  # type: ignore[assignment]
                if before is not None and line.kind == HEADER:
                    for waiting in before:  # the lines above the first header: a title, cards of no section
                        self.file_line(waiting)
                    before = None
            if before is not None:
                before.append(line)
            else:
                self.file_line(line)
                zone = self.zone
                direct = self.pending is None and zone != _EXTRA_LEGENDS
        if before is not None:
            self.read_headerless(before)
        elif self.pending is not None:
            self.file_line(_BLANK_LINE)

    # ------------------------------------------------------------------ lines every layout reads alike
    def common(self, line: Line) -> bool:
        """Handle lines that mean the same in every layout; True if handled."""
        kind = line.kind
        if kind == PROBLEM:
            self.problem(line, line.value, suggestions=line.suggestions)  # type: ignore[arg-type]
        elif kind == TITLE:
            if self.deck.name is None:
                self.deck.name = line.value  # type: ignore[assignment]
        elif kind == NOTE:
            self.problem(line, line.value, Severity.INFO)  # type: ignore[arg-type]
        elif kind == SIDEBOARD_CARD:
            self.entry(line, line.value, Zone.SIDEBOARD)  # type: ignore[arg-type]
        elif kind == COUNT_ALONE:
            self.problem(line, "cannot read this line: a count without a card name")
        else:
            return kind in (COMMENT, BLANK)
        return True

    def counted_lines(self, lines: list[Line | RawEntry]) -> list[Line | RawEntry]:
        """A count on its own line followed by a card without one (an app's copy) is one card line."""
        out: list[Line | RawEntry] = []
        pending: Line | None = None
        for line in lines:
            if pending is not None:
                merged = _merge_count(pending, line)
                out.append(pending if merged is None else merged)
                pending = None
                if merged is not None:
                    continue
            if line.__class__ is Line and line.kind == COUNT_ALONE:  # type: ignore[union-attr]
                pending = line  # type: ignore[assignment]
            else:
                out.append(line)
        if pending is not None:
            out.append(pending)
        return out

    # ------------------------------------------------------------------ with headers
    def file_line(self, line: Line | RawEntry) -> None:
        """File one line of a list with headers, in order (a count alone waits for its card)."""
        pending = self.pending
        if pending is not None:
            self.pending = None
            merged = _merge_count(pending, line)
            if merged is not None:
                self.file_one(merged)
                return
            self.file_one(pending)
        if line.__class__ is Line and line.kind == COUNT_ALONE:  # type: ignore[union-attr]
            self.pending = line  # type: ignore[assignment]
        else:
            self.file_one(line)

    def file_one(self, line: Line | RawEntry) -> None:
        zone = self.zone
        if line.__class__ is RawEntry:
            if zone == _EXTRA_LEGENDS:
                self.entry(Line(CARD, line.line, line.text), Card(line.text, line.count, line.card_id), zone)  # type: ignore[arg-type,union-attr]
            else:
                line.zone = zone  # type: ignore[union-attr,assignment]
                self.deck.entries.append(line)  # type: ignore[arg-type]
            return
        kind = line.kind  # type: ignore[union-attr]
        if kind == HEADER:
            self.zone, inline = line.value  # type: ignore[misc,union-attr]
            self.started = True
            if inline:
                self.inline(line, inline, self.zone)  # type: ignore[arg-type]
            return
        if not self.started and self._title_line(line):  # type: ignore[arg-type]
            return
        if kind == CARD:
            self.entry(line, line.value, zone)  # type: ignore[arg-type,union-attr]
            return
        if line.unknown_header:  # type: ignore[union-attr]
            self.zone = None  # its cards are filed by their type
        self.common(line)  # type: ignore[arg-type]

    def _title_line(self, line: Line) -> bool:
        """Before any header: '# Title' or a first line without a count names the deck."""
        if self.deck.name is not None or self.deck.entries or any(
                p.severity is not Severity.INFO for p in self.deck.problems):
            return False
        if line.kind == COMMENT:
            if _SINGLE_HASH.match(line.text) and line.value:
                self.deck.name = line.value  # type: ignore[assignment]
                return True
            return False
        if line.kind == PROBLEM and line.unknown_header and not line.suggestions and " " in line.text:
            self.deck.name = line.text.rstrip(":").strip()  # "Here's my list:": chat, not a misspelt header
            return True
        if line.kind == CARD or (line.kind == PROBLEM and not line.unknown_header):
            card = line.value
            no_count = line.kind == CARD and card.count is None and card.card_id is None  # type: ignore[union-attr]
            if no_count or _YEAR_TITLE.match(line.text):  # "2026 Regionals Jinx" is no count of 2026
                self.deck.name = line.text.rstrip(":").rstrip() or line.text
                return True
        return False

    # ------------------------------------------------------------------ without headers
    def read_headerless(self, lines: list[Line | RawEntry]) -> None:
        if self.count_lines:
            lines = self.counted_lines(lines)
        groups: list[list[Line | RawEntry]] = [[]]
        for line in lines:
            if line.__class__ is RawEntry:
                groups[-1].append(line)
                continue
            kind = line.kind  # type: ignore[union-attr]
            if kind == BLANK:
                if groups[-1]:
                    groups.append([])
            elif kind == CARD:
                groups[-1].append(line)
            elif kind == COMMENT and not any(groups) and self._title_line(line):  # type: ignore[arg-type]
                continue
            else:
                self.common(line)  # type: ignore[arg-type]
        groups = [g for g in groups if g]
        zones = _positional_zones(groups)
        if zones is None and len(groups) >= 2 and len(groups[0]) == 1 and self.deck.name is None:
            first = groups[0][0]
            if first.__class__ is Line and first.value.count is None and first.value.card_id is None:  # type: ignore[union-attr]
                zones = _positional_zones(groups[1:])
                if zones is not None:
                    self.deck.name = first.text
                    groups = groups[1:]
        entries = self.deck.entries
        for index, group in enumerate(groups):
            zone = zones[index] if zones is not None else None
            for line in group:
                if line.__class__ is RawEntry:
                    line.zone = zone  # type: ignore[union-attr]
                    entries.append(line)  # type: ignore[arg-type]
                else:
                    self.entry(line, line.value, zone)  # type: ignore[arg-type,union-attr]


def _merge_count(count: Line, line: Line | RawEntry) -> Line | None:
    """``3`` on one line and ``Defy`` on the next, as one card line (None if the next line has a count)."""
    if line.__class__ is Line and line.kind == CARD:  # type: ignore[union-attr]
        card = line.value  # type: ignore[union-attr]
        if card.count is None:  # type: ignore[union-attr]
            return line._replace(value=card._replace(count=count.value, counted=True))  # type: ignore[union-attr]
    return None


def _positional_zones(groups: list[list[Line | RawEntry]]) -> tuple[Zone, ...] | None:
    """Zones for a headerless list of 5 or 6 groups (legend, champion, main, battlefields, runes[, side])."""
    if len(groups) not in (5, 6) or len(groups[0]) != 1 or len(groups[1]) != 1:
        return None
    if len(groups[2]) < 2 or len(groups[3]) > 6:
        return None
    return _POSITIONS[: len(groups)]


# ---------------------------------------------------------------------------- writing
def write(deck: Deck, db=None) -> str:
    """The deck as a Piltover Archive text export, readable back into the same deck.

    The Chosen Champion goes under ``Champion:`` and its other copies under ``MainDeck:`` (a champion
    deckcheck only guessed is a comment, so reading the text back guesses again). A printing
    the name alone would not give back is kept as an id comment (``8 Fury Rune # OGN-007a``). Cards
    not in the card database are written as the player wrote them. A count over 99 is split over
    several lines, which the resolver adds up again.
    """
    base_id = _base_printing_finder(db)

    def card_lines(entry: DeckEntry, count: int) -> list[str]:
        printing = _kept_printing(entry)
        comment = f" # {printing}" if printing.upper() != (base_id(entry.card) or "").upper() else ""
        return _counted(count, entry.card.name + comment)

    def unknown_lines(unknowns) -> list[str]:
        return [line for u in unknowns for line in _counted(u.count, _one_line(u.text))]

    out: list[str] = []
    if deck.name:
        out.append("# " + _one_line(deck.name))
    unfiled = [u for u in deck.unknown if u.zone is None]
    if unfiled:
        out.append("# not in the card database; filed by type when read:")
        out.extend(unknown_lines(unfiled))
    if out:
        out.append("")

    sections: dict[Zone, list[str]] = {z: [] for z in HEADERS}
    for entry in deck.zone(Zone.LEGEND):
        sections[Zone.LEGEND] += card_lines(entry, entry.count)
    main = list(deck.main)
    if deck.champion is not None and deck.champion_inferred:
        sections[Zone.CHAMPION].append(f"# not named in the list; deckcheck would choose {deck.champion.card.name}")
    elif deck.champion is not None:
        at = deck.champion_copy()
        if at is None:
            sections[Zone.CHAMPION].append(f"# Chosen Champion {deck.champion.card.name} has no copy in the main deck")
        else:
            copy = main[at]
            sections[Zone.CHAMPION] += card_lines(deck.champion if deck.champion.card.id == copy.card.id else copy, 1)
            main[at] = copy.model_copy(update={"count": copy.count - 1})
    sections[Zone.MAIN] = [line for e in main if e.count for line in card_lines(e, e.count)]
    for zone in (Zone.BATTLEFIELDS, Zone.RUNES, Zone.SIDEBOARD):
        sections[zone] = [line for e in deck.zone(zone) for line in card_lines(e, e.count)]
    extra_legends = [line for e in deck.additional_legends for line in card_lines(e, 1)]
    for unknown in deck.unknown:
        if unknown.zone is Zone.LEGEND and deck.reader == "code":
            extra_legends += unknown_lines([unknown])  # a deck code's main list has no zones: an extra legend
        elif unknown.zone is not None:
            sections[unknown.zone] += unknown_lines([unknown])

    for zone, header in HEADERS.items():
        if sections[zone] or zone is not Zone.SIDEBOARD:
            out += [header, *sections[zone], ""]
    if extra_legends:
        out += ["Additional Legends:", *extra_legends, ""]
    return "\n".join(out).rstrip("\n") + "\n"


def _counted(count: int, text: str) -> list[str]:
    """``count`` copies of ``text`` as lines of at most :data:`MAX_COUNT` copies each."""
    lines = [f"{MAX_COUNT} {text}"] * (count // MAX_COUNT)
    if count % MAX_COUNT:
        lines.append(f"{count % MAX_COUNT} {text}")
    return lines


def _kept_printing(entry: DeckEntry) -> str:
    """The printing to keep: the id the player wrote if it says more than the card found, else the card's."""
    written = parse_id(entry.written) if entry.written else None
    if written is None or (written.printed_id.upper() == entry.card.id.upper() and not written.promo
                           and not written.extra):
        return entry.card.id
    return _one_line(entry.written)


def _one_line(text: str) -> str:
    return _SPACES.sub(" ", text).strip()


def _base_printing_finder(db):
    """A function giving the id that a card's name reads back as."""
    if db is None:
        try:
            from deckcheck.cards import load_cards

            db = load_cards()
        except Exception:  # no card data: keep every non-base printing
            db = None
    if db is None:
        return lambda card: card.id if card.variant is None else None

    def base(card):
        found = db.by_name(card.name)
        return found.id if found is not None else card.id

    return base
