"""One line of a text decklist: what it is (a card, a header, a comment, ...) and a card line's parts,
remembered in a batch's :class:`~deckcheck.decks.memory.ReadMemory` so a folder of lists is read fast."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

from deckcheck.words import N_, say
from deckcheck.cards.ids import parse_id
from deckcheck.decks.model import MAX_COUNT, TITLE_AFTER_CARDS, Zone  # noqa: F401 - offered here too
from deckcheck.decks.text.sections import (
    _COUNT_NOTE, _TITLE_KEYS, _TOTAL_KEYS, _TRAILING_COMMENT, _header, _letters, _no_ascii_header,
    _unknown_header,
)

#: A line longer than this is not a decklist line.
MAX_LINE = 300

#: Sections whose lines name one card each, so a line without a count means 1.
ONE_CARD_ZONES = frozenset({Zone.LEGEND, Zone.CHAMPION, Zone.BATTLEFIELDS})

# ---------------------------------------------------------------------------- line patterns
#: The common card line, read without the general path: ``3 Name``, ``3x Name``, ``3 x Name`` with
#: a name of words of letters (and ``'.!?&``, inner hyphens) separated by one space, ``, `` or
#: `` - ``, and perhaps an id comment (``# SFD-226``). Anything else (ids in brackets, tabs,
#: numbers in the name, a trailing comma) takes the general path.
_WORD = r"[A-Za-z][A-Za-z'.!?&]*(?:-[A-Za-z][A-Za-z'.!?&]*)*"
_FAST_CARD = re.compile(rf"([1-9][0-9]?)(?: ?[xX])? ({_WORD}(?:(?:,? | - ){_WORD})*)(?: # ([A-Za-z]{{3}}-[A-Za-z0-9*]{{1,8}}))?")
_COUNTS = {str(n): n for n in range(1, 100)}
_COUNTS.update({k.translate({c: c + 0xFEE0 for c in range(0x30, 0x3A)}): n for k, n in _COUNTS.items()})  # '３'
#: Han characters: a card named in Chinese.
_HAN = "\u3400-\u4dbf\u4e00-\u9fff"
#: The common line of a list in Chinese, read without the general path: ``3 顺劈``, ``3x 金克丝·反抗者``,
#: ``3× 随从（诺克萨斯）`` (a name of Han characters and the punctuation the official names hold).
_HAN_NAME = rf"[{_HAN}·！“”，（）()]"


@cache
def _fast_han_card() -> re.Pattern[str]:
    """:data:`_FAST_CARD` for a line of Chinese names, compiled the first time one is read (its classes
    of Han characters take milliseconds to compile, which a list in English never pays)."""
    return re.compile(rf"([1-9１-９][0-9０-９]?)(?: ?[xX×])? ([{_HAN}“Z]{_HAN_NAME}*(?: {_HAN_NAME}+)*)"
                      r"(?: # ([A-Za-z]{3}-[A-Za-z0-9*]{1,8}))?")


_INVISIBLE = dict.fromkeys(map(ord, "\ufeff\u200b\u200c\u200d\u2060"), None)

_BULLET = re.compile(r"^[-*•·]\s+(?=\S)")
_COUNT_FIRST = re.compile(r"^(?P<count>[+-]?\d+)(?:\s*[xX×张張])?\s+(?P<rest>\S.*)$")
_COUNT_FIRST_GLUED = re.compile(r"^(?P<count>[+-]?\d+)[xX×张張](?P<rest>[\[(]|[^\W\d_]).*$")
#: The count written ``x2`` before the name (``x2 Adaptatron``, as a Riot article writes it).
_X_COUNT_FIRST = re.compile(r"^[xX×]\s?(?P<count>\d{1,2})\s+(?P<rest>\S.*)$")
#: A count after the name (``Cleave x3``, ``Cleave (3)``): the groups a-d of :func:`_count_last_han`, for
#: ASCII text (where its Han alternatives cannot match).
_COUNT_LAST = re.compile(r"^(?P<rest>.*?\S)\s*(?:\s[xX×]\s*(?P<a>[+-]?\d+)[张張]?|\(\s*(?P<b>[+-]?\d+)\s*\)"
                         r"|×\s*(?P<c>\d+)[张張]?|\s(?P<d>\d+)\s*[张張])$")


@cache
def _count_last_han() -> re.Pattern[str]:
    """A count after the name in text that is not ASCII too (``顺劈×3``, ``顺劈 3张``), compiled on first use."""
    return re.compile(r"^(?P<rest>.*?\S)\s*(?:\s[xX×]\s*(?P<a>[+-]?\d+)[张張]?|\(\s*(?P<b>[+-]?\d+)\s*\)"
                      rf"|(?:×|(?<=[{_HAN}])[xX])\s*(?P<c>\d+)[张張]?|(?:\s|(?<=[{_HAN}]))(?P<d>\d+)\s*[张張])$")


def count_last(text: str) -> re.Match[str] | None:
    """The count written after the name, if any (groups ``rest`` and one of ``a``-``d``)."""
    return (_COUNT_LAST if text.isascii() else _count_last_han()).match(text)


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
_DECK_TITLE = re.compile(r"^deck\s*:\s*(?P<v>[^\d\s].*)$", re.IGNORECASE)
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_COMMENT_MARK = re.compile(r"^(?:#+|//+)\s*")
_KEY_VALUE = re.compile(r"^(?P<k>[^:]{2,12}):\s*(?P<v>.+)$")
_SB_LINE = re.compile(r"^SB:\s*(?P<rest>.+)$", re.IGNORECASE)
_FENCE = re.compile(r"^(?:```|~~~)[\w+-]*$")
_SINGLE_HASH = re.compile(r"#(?!#)")


# ---------------------------------------------------------------------------- noise
#: The kinds of line around a list that are no card line (docs/text-format.md names each): a line
#: without a count of one of these kinds that names no card is ignored with a note.
LINK, REACTIONS, FURNITURE, PRICE, CHAT = (N_("a link"), N_("emoji or reactions"), N_("page furniture"),
                                          N_("a price total"), N_("chat"))
#: The kinds a line before the first header is never the deck's title for.
NOT_TITLES = frozenset({LINK, REACTIONS, FURNITURE, PRICE})
_URL = re.compile(r"(?:https?://|www\.)\S", re.IGNORECASE)
#: Pictographs and symbols: emoji, reactions (``👍 12   💬 3``), stars and hearts.
_EMOJI = re.compile("[\u2190-\u21ff\u2300-\u23ff\u2600-\u27bf\u2b00-\u2bff\U0001f000-\U0001faff]")
_MONEY = re.compile(r"[$€£¥]\s?\d|\d\s?[$€£¥]|\b(?:USD|EUR|GBP)\s?\d", re.IGNORECASE)
#: The buttons and labels deck sites print around a list (``Copy deck code · Open in playtest · Share``).
_FURNITURE = frozenset({
    "copy", "copy code", "copy deck code", "copy deck", "copy list", "copy to clipboard", "copied", "deck code",
    "open in playtest", "playtest", "open in deckbuilder", "share", "export", "import", "download", "print",
    "edit", "save", "like", "likes", "comments", "views", "report", "embed", "view deck", "view on site",
})
_SEPARATOR = re.compile(r"\s+[·•|/]\s+")
_ASCII_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")
#: Words a card name writes in lower case (``Shadows of the Past``); any other lower-case word is chat.
_SMALL_WORDS = frozenset({"a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "of", "on", "or",
                          "the", "to", "with"})
_CHAT_END = re.compile(r"(?:!!|\?|\.\.\.|…|:\)|:D|xD)$")


def noise_kind(text: str) -> str | None:
    """What a line without a count may be if it names no card (:data:`LINK`, :data:`REACTIONS`,
    :data:`FURNITURE`, :data:`PRICE`, :data:`CHAT`), or None: a name, perhaps misspelt.

    Chat is a line of sentence words (``thanks!!``, ``ty for reading, good luck at your locals``,
    ``sent from my iPhone``): a word of letters starting in lower case that no card name writes so,
    or an ending such as ``!!`` or ``?``. The card data decides: a line that names a card is that card.
    """
    if _URL.search(text):
        return LINK
    if not text.isascii() and _EMOJI.search(text):
        return REACTIONS
    if _MONEY.search(text):
        return PRICE
    folded = text.casefold()
    if all(part in _FURNITURE for part in _SEPARATOR.split(folded.strip(" ·•|"))):
        return FURNITURE
    words = _ASCII_WORD.findall(text)
    if any(w[0].islower() and w.casefold() not in _SMALL_WORDS for w in words) or (words and _CHAT_END.search(text)):
        return CHAT
    return None


# ---------------------------------------------------------------------------- one line
@dataclass(frozen=True, slots=True)
class Card:
    """One card line split into its parts (see :func:`parse_card`)."""

    text: str
    count: int | None
    card_id: str | None
    number: int | None = None  # a number in parentheses after the name: collector number or count
    counted: bool = True  # False when the count is that number in parentheses (``Stupefy (95)``)


# Line kinds, as the one pass sees them.
BLANK, CARD, HEADER, COMMENT, TITLE, NOTE, PROBLEM, SIDEBOARD_CARD, COUNT_ALONE = range(9)


@dataclass(frozen=True, slots=True)
class Line:
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
    if text[0] == "#":
        comment = _plain_comment(text)
        if comment is not None:  # a deck's own '# Title', new in every file: settled without the patterns below
            return Line(COMMENT, number, text, comment)
    if len(text) > MAX_LINE:
        return Line(PROBLEM, number, text[:60] + "…", say("line too long ({count} characters)", count=len(text)))
    if _CONTROL.search(text):
        return Line(PROBLEM, number, _CONTROL.sub("\ufffd", text), say("line contains control characters"))
    if _FENCE.match(text):
        return Line(NOTE, number, text, say("ignored: a code fence"))
    titled = _DECK_TITLE.match(text)
    if titled:
        return Line(TITLE, number, text, titled["v"].strip())
    keyed = _KEY_VALUE.match(text.replace("：", ":")) if ":" in text or "：" in text else None
    if keyed and _letters(keyed["k"]) in _TOTAL_KEYS and _COUNT_NOTE.fullmatch(keyed["v"].strip()):
        return Line(NOTE, number, text, say("ignored: a card count ('{text}'), not a card", text=text))
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
            return Line(PROBLEM, number, text, say("cannot read this line: {error}", error=error))
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
        return Line(PROBLEM, number, text, say("cannot read this line: {error}", error=error))
    return Line(CARD, number, text, card)


def _plain_comment(text: str) -> str | None:
    """The comment of a cleaned line starting with ``#`` that is certainly a comment, else None.

    Printable ASCII with single spaces and no colon is neither a card count note nor a key
    (``Total: 40``); if it is no header, it is a comment, and what follows the marks is the comment.
    """
    if ":" in text or "  " in text or len(text) > MAX_LINE or not text.isascii() or not text.isprintable():
        return None
    if not _no_ascii_header(text) and _header(text) is not None:
        return None
    return text.lstrip("#").lstrip(" ")


def _classify_remembered(number: int, raw: str, known_lines: dict[str, Line]) -> Line:
    """:func:`_classify_slow`, which depends on the text alone: a line seen before (in ``known_lines``,
    a :attr:`ReadMemory.lines <deckcheck.decks.memory.ReadMemory.lines>`: a comment, an unusual card
    line a folder repeats) is not classified again, only given its number."""
    known = known_lines.get(raw)
    if known is None:
        known = _classify_slow(number, raw)
        if len(raw) <= MAX_LINE and known.kind != COMMENT:  # a longer line is a problem; a comment (a title,
            known_lines[raw] = known  # new in every file) is told at once: neither is worth remembering
        return known
    return Line(known.kind, number, known.text, known.value, known.suggestions, known.unknown_header)


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
        return None, say("a count without a card name")
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
        else:
            m = _X_COUNT_FIRST.match(text)
            if m:
                count_text, text = m["count"], m["rest"].strip()
    card_id, text = _split_id(text)
    number: int | None = None
    m = count_last(text)
    if m:
        if m["b"] is not None and not m["b"].startswith(("-", "+")) and card_id is None:
            number = int(m["b"]) if len(m["b"]) < 6 else 10**6  # a collector number or a count
            text = m["rest"].strip()
            if count_text is None:
                count_text, counted = (m["b"] if number <= MAX_COUNT else "1"), False
        elif count_text is not None:
            return None, say("two counts on one line")
        else:
            count_text, text = m["a"] or m["b"] or m["c"] or m["d"], m["rest"].strip()
        if card_id is None:
            card_id, text = _split_id(text)
    card_id = card_id or comment_id
    text = text.strip(" -–:|,;")
    if not text:
        if card_id is None:
            return None, say("no card name")
        text = card_id
    if not any(ch.isalnum() for ch in text):
        return None, say("no card name")
    count: int | None = None
    if count_text is not None:
        count = int(count_text) if len(count_text) < 12 else 10**12
        if count_text.startswith("-") or count < 0:
            return None, say("negative count {count}", count=count_text)
        if count == 0:
            return None, "a count of 0"
        if count > MAX_COUNT:
            return None, say("count {count} is more than {most}", count=count_text, most=MAX_COUNT)
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


def _first_sight(line: str, cards: dict[str, tuple[str, int, str | None]]) -> tuple[str, int, str | None] | None:
    """(name, count, id) of a common card line not seen before (``3 Cleave``, ``1 Vex # UNL-150a``),
    remembered in ``cards`` (a :attr:`ReadMemory.cards <deckcheck.decks.memory.ReadMemory.cards>`);
    None for any other line."""
    m = _FAST_CARD.fullmatch(line)
    if m is None:
        if line.isascii():
            return None
        m = _fast_han_card().fullmatch(line)
        if m is None:
            return None
        comment = m[3]
        known = cards[line] = (m[2], _COUNTS[m[1]], comment if comment is not None and _is_id(comment) else None)
        return known
    if m.lastindex == 2 and "-" not in line:
        known = cards[line] = (m[2], _COUNTS[m[1]], None)
        return known
    card = _fast_card(m)
    if card is None:
        return None
    known = cards[line] = (card.text, _COUNTS[m[1]], card.card_id)
    return known
