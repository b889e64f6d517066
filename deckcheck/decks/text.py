"""Sectioned text decklists: the Piltover Archive export and the dialects players paste.

Reading (no card database needed):

- Section headers ``Legend:``, ``Champion:``, ``MainDeck:``/``Main Deck:``/``Deck principal``,
  ``Battlefields:``, ``Runes:``/``Rune Deck:``/``Rune Pool:``, ``Sideboard:``/``Side Deck:`` in any
  case, bare or decorated (``== Legend ==``, ``## Legend``, ``**Legend**``, ``[Legend]``), with a
  count (``Main Deck (40):``) or a card inline (``Legend: Loose Cannon``).
- Card lines ``3 Name``, ``3x Name``, ``3 x Name``, ``Name x3``, ``Name (3)``; an id after the name
  (``[VEN-153]``, ``(OGN-007a)``, or an id comment ``# OGN-007a``) or instead of it (``3 OGN-007``).
- Comments (``#``, ``//``), a title line (``# Title`` or a first line without a count), bullets.
- Headerless lists: blank-line separated groups in the order legend, champion, main deck,
  battlefields, runes (and sideboard); any other list without headers is a flat list whose cards
  the resolver files by type.

Every line that cannot be understood becomes an error :class:`Problem` with its line number.
Writing produces the Piltover layout (champion under ``Champion:``, its other copies under
``MainDeck:``) and keeps a printing as an id comment where the name alone would lose it.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

from deckcheck.cards.ids import parse_id
from deckcheck.decks.model import MAX_COUNT, Deck, DeckEntry, Problem, RawDeck, RawEntry, Severity, Source, Zone
from deckcheck.errors import DeckReadError

NAME = "text"

#: Counts above this are certainly a typo.
#: A line longer than this is not a decklist line.
MAX_LINE = 300

#: Sections whose lines name one card each, so a line without a count means 1.
ONE_CARD_ZONES = frozenset({Zone.LEGEND, Zone.CHAMPION, Zone.BATTLEFIELDS})

#: Pseudo-zone for the v6 "additional legends" a deck may name.
_EXTRA_LEGENDS = "extra-legends"

#: Section header words (letters only, case-folded, accents removed) -> section.
_SECTION_WORDS: dict[str, Zone | str] = {}


def _sections(zone: Zone | str, *names: str) -> None:
    for name in names:
        _SECTION_WORDS[_letters(name)] = zone


@lru_cache(maxsize=4096)
def _letters(text: str) -> str:
    """Letters only, case-folded, accents removed: the key of a section or title word."""
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text.casefold() if ch.isalpha() and not unicodedata.combining(ch))


_sections(Zone.LEGEND, "legend", "legends", "champion legend", "légende", "leyenda", "legende")
_sections(Zone.CHAMPION, "champion", "chosen champion", "champion unit", "campeón", "champion élu")
_sections(
    Zone.MAIN, "main", "main deck", "maindeck", "mainboard", "main board", "deck", "deck principal",
    "mazo principal", "mazo", "hauptdeck", "mazzo principale", "units", "unit", "spells", "spell",
    "gear", "gears", "spells and gear", "spells & gear", "champions", "champion units", "signatures",
    "signature cards", "cards",
)
_sections(Zone.BATTLEFIELDS, "battlefields", "battlefield", "champs de bataille", "campos de batalla",
          "schlachtfelder")
_sections(Zone.RUNES, "runes", "rune", "rune deck", "runedeck", "rune pool", "runas", "runen")
_sections(Zone.SIDEBOARD, "sideboard", "side deck", "sidedeck", "side board", "side", "réserve",
          "banquillo")
_sections(_EXTRA_LEGENDS, "additional legends", "extra legends")
_TITLE_KEYS = frozenset(_letters(w) for w in ("name", "title", "deck name"))

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
_SPACES = re.compile(r"[\s\u00a0\u2000-\u200a\u202f\u205f\u3000\u2028\u2029]+")
_INVISIBLE = dict.fromkeys(map(ord, "\ufeff\u200b\u200c\u200d\u2060"), None)
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_BULLET = re.compile(r"^[-*•·]\s+(?=\S)")
_TRAILING_COMMENT = re.compile(r"\s+(?:#|//)\s*(?P<comment>.*)$")
_COUNT_FIRST = re.compile(r"^(?P<count>[+-]?\d+)(?:\s*[xX×])?\s+(?P<rest>\S.*)$")
_COUNT_FIRST_GLUED = re.compile(r"^(?P<count>[+-]?\d+)[xX×](?P<rest>\[.*|\(.*)$")
_COUNT_LAST = re.compile(r"^(?P<rest>.*?\S)\s*(?:\s[xX×]\s*(?P<a>[+-]?\d+)|\(\s*(?P<b>[+-]?\d+)\s*\))$")
_COUNT_ONLY = re.compile(r"^[+-]?\d+\s*[xX×]?$")
_BRACKET_ID = re.compile(r"^(?P<rest>.*?)\s*[\[(]\s*(?P<id>[^\[\]()]{3,30}?)\s*[\])]$")
_BARE_ID = re.compile(r"^(?P<rest>.*?\S)\s+(?:[-–|]\s+)?(?P<id>[A-Za-z]{3}-[A-Za-z0-9*/-]{1,20})$")
_HEADER_DECOR = (
    re.compile(r"^#{1,6}\s*(?P<h>.+?)\s*#*$"),
    re.compile(r"^={2,}\s*(?P<h>.+?)\s*=*$"),
    re.compile(r"^-{2,}\s*(?P<h>.+?)\s*-*$"),
    re.compile(r"^__\s*(?P<h>.+?)\s*__:?$"),
    re.compile(r"^\[\s*(?P<h>[^\[\]]+?)\s*\]:?$"),
)
_HEADER_COUNT = re.compile(r"\s*(?:[-–]\s*)?[(\[]?\s*\d+\s*(?:cards?)?\s*[)\]]?\s*$", re.IGNORECASE)
_COUNT_NOTE = re.compile(r"(?:[-–]?\s*[(\[]?\s*\d+\s*(?:cards?)?\s*[)\]]?)?", re.IGNORECASE)
_DECK_TITLE = re.compile(r"^deck\s*:\s*(?P<v>[^\d\s].*)$", re.IGNORECASE)
_DECOR_STARTS = frozenset("#=-_[")
_YEAR_TITLE = re.compile(r"^(?:19|20)\d\d\b\D")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_COMMENT_MARK = re.compile(r"^(?:#+|//+)\s*")
_KEY_VALUE = re.compile(r"^(?P<k>[^:]{2,12}):\s*(?P<v>.+)$")
_SB_LINE = re.compile(r"^SB:\s*(?P<rest>.+)$", re.IGNORECASE)
_WORDY = re.compile(r"^[^\W\d_][\w '’&/.-]*$")


def sniff(text: str) -> bool:
    """True if ``text`` looks like a decklist with one card (or header) per line."""
    seen = 0
    for raw_line in _LINE_BREAK.split(text.lstrip("\ufeff"))[:400]:
        line = _clean(raw_line)
        if not line:
            continue
        if _header(line) is not None:
            return True
        if _is_comment(line):
            continue
        line = _BULLET.sub("", line)
        if _COUNT_FIRST.match(line) or _COUNT_LAST.match(line):
            return True
        seen += 1
        if seen > 60:
            break
    return False


def read(text: str, source: str | None = None) -> RawDeck:
    """Read a text decklist. Lines it cannot understand become error problems, never exceptions."""
    text = text.lstrip("\ufeff")
    if not _clean(text):
        raise DeckReadError("the decklist is empty", file=source)
    lines = [_Line.parse(n, raw, source) for n, raw in enumerate(_LINE_BREAK.split(text), start=1)]
    state = _Reader(source)
    if any(line.header is not None for line in lines):
        state.read_sectioned(lines)
    else:
        state.read_headerless(lines)
    deck = state.deck
    if not deck.entries and not deck.additional_legends and not any(
        p.severity is Severity.ERROR for p in deck.problems
    ):
        deck.problems.append(Problem(severity=Severity.ERROR, message="no cards found in the decklist",
                                     source=Source(file=source)))
    return deck


# ---------------------------------------------------------------------------- one line
@dataclass
class _Card:
    text: str
    count: int | None
    card_id: str | None


@dataclass
class _Line:
    number: int
    raw: str
    text: str = ""
    comment: str | None = None  # a whole-line comment's text
    header: tuple[Zone | str, str | None] | None = None  # (section, inline text)
    title: str | None = None  # "Name: X" / "Title: X"
    sideboard_line: bool = False  # "SB: 2 Name"
    problem: str | None = None
    unknown_header: bool = False
    suggestions: tuple[str, ...] = ()
    source: Source = field(default_factory=Source)

    @classmethod
    def parse(cls, number: int, raw: str, file: str | None) -> "_Line":
        line = cls(number=number, raw=raw, source=Source(file=file, line=number))
        text = _clean(raw)
        line.text = text
        if not text:
            return line
        if len(text) > MAX_LINE:
            line.problem = f"line too long ({len(text)} characters)"
            line.text = text[:60] + "…"
            return line
        if _CONTROL.search(text):
            line.problem = "line contains control characters"
            line.text = _CONTROL.sub("\ufffd", text)
            return line
        titled = _DECK_TITLE.match(text)
        if titled:
            line.title = titled["v"].strip()
            return line
        header = _header(text)
        if header is not None:
            line.header = header
            return line
        if _is_comment(text):
            line.comment = _COMMENT_MARK.sub("", text)
            return line
        titled = _KEY_VALUE.match(text)
        if titled and _letters(titled["k"]) in _TITLE_KEYS:
            line.title = titled["v"].strip()
            return line
        sb = _SB_LINE.match(text)
        if sb:
            line.sideboard_line = True
            line.text = sb["rest"]
            return line
        unknown = _unknown_header(text)
        if unknown is not None:
            line.problem, line.suggestions = unknown
            line.unknown_header = True
        return line

    @property
    def is_blank(self) -> bool:
        return not self.text and self.problem is None

    @property
    def is_card(self) -> bool:
        return bool(self.text) and self.problem is None and self.header is None and self.comment is None \
            and self.title is None and not self.sideboard_line


def _clean(raw: str) -> str:
    """One line with invisible characters and bold markers removed and every space made one space."""
    return _SPACES.sub(" ", raw.translate(_INVISIBLE).replace("**", "")).strip()


def _is_comment(text: str) -> bool:
    return text.startswith("#") or text.startswith("//")


def _header(text: str) -> tuple[Zone | str, str | None] | None:
    """(section, inline card text or None) if ``text`` is a known section header."""
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
    head = _HEADER_COUNT.sub("", head).strip()
    if not _WORDY.match(head or "-"):
        return None
    zone = _SECTION_WORDS.get(_letters(head))
    if zone is None:
        return None
    rest = rest.strip()
    if _COUNT_NOTE.fullmatch(rest):
        return zone, None
    return zone, full.partition(":")[2].strip()  # with its comment, which may carry an id


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
    head = _HEADER_COUNT.sub("", body.rstrip(":").strip())
    if not head or not _WORDY.match(head) or len(head.split()) > 4 or parse_id(head) is not None:
        return None
    known = sorted({"Legend", "Champion", "MainDeck", "Main Deck", "Battlefields", "Runes", "Rune Deck",
                    "Sideboard", "Side Deck"})
    close = difflib.get_close_matches(head, known, n=2, cutoff=0.6)
    close += [k for k in difflib.get_close_matches(head.casefold(), [k.casefold() for k in known], n=2,
                                                    cutoff=0.6) if k not in (c.casefold() for c in close)]
    suggestions = tuple(dict.fromkeys(next(k for k in known if k.casefold() == c.casefold()) for c in close))
    return f"unknown section header '{head}'", suggestions


def parse_card(text: str) -> tuple[_Card | None, str | None]:
    """Split one card line into count, name and id. Returns (card, None) or (None, error)."""
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
    count_text = None
    m = _COUNT_FIRST.match(text) or _COUNT_FIRST_GLUED.match(text)
    if m:
        count_text, text = m["count"], m["rest"].strip()
    card_id, text = _split_id(text)
    m = _COUNT_LAST.match(text)
    if m:
        if count_text is not None:
            return None, "two counts on one line"
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
    return _Card(text=text, count=count, card_id=card_id), None


def _split_id(text: str) -> tuple[str | None, str]:
    bracketed = text[-1:] in ")]"
    if not bracketed and "-" not in text:
        return None, text  # the common case: a name with nothing after it
    m = _BRACKET_ID.match(text) if bracketed else None
    if m and parse_id(m["id"]) is not None:
        return m["id"].strip(), m["rest"].strip()
    m = _BARE_ID.match(text)
    if m and parse_id(m["id"]) is not None and parse_id(m["rest"]) is None:
        return m["id"].strip(), m["rest"].strip()
    return None, text


# ---------------------------------------------------------------------------- assembling a deck
class _Reader:
    def __init__(self, source: str | None) -> None:
        self.deck = RawDeck(source=source, reader=NAME)

    def problem(self, line: _Line, message: str, severity: Severity = Severity.ERROR,
                suggestions: tuple[str, ...] = ()) -> None:
        self.deck.problems.append(
            Problem(severity=severity, message=message, source=line.source, text=line.text or line.raw.strip(),
                    suggestions=suggestions)
        )

    def add(self, line: _Line, text: str, zone: Zone | str | None) -> None:
        card, error = parse_card(text)
        if card is None:
            self.problem(line, f"cannot read this line: {error}")
            return
        count = card.count
        if count is None:
            count = 1
            if zone not in ONE_CARD_ZONES and zone != _EXTRA_LEGENDS and zone is not None:
                self.problem(line, f"no count; read as 1 copy (write '1 {card.text}')", Severity.WARNING)
        if zone == _EXTRA_LEGENDS:
            for _ in range(count):
                self.deck.additional_legends.append(
                    RawEntry(text=card.text, count=1, zone=Zone.LEGEND, card_id=card.card_id, source=line.source))
            return
        assert zone is None or isinstance(zone, Zone)
        self.deck.entries.append(
            RawEntry(text=card.text, count=count, zone=zone, card_id=card.card_id, source=line.source)
        )

    def common(self, line: _Line) -> bool:
        """Handle lines that mean the same in every layout; True if handled."""
        if line.problem is not None:
            self.problem(line, line.problem, suggestions=line.suggestions)
            return True
        if line.title is not None:
            if self.deck.name is None:
                self.deck.name = line.title
            return True
        if line.comment is not None or not line.text:
            return True
        if line.sideboard_line:
            self.add(line, line.text, Zone.SIDEBOARD)
            return True
        return False

    def read_sectioned(self, lines: list[_Line]) -> None:
        zone: Zone | str | None = None
        started = False
        for line in lines:
            if line.header is not None:
                zone, inline = line.header
                started = True
                if inline:
                    self.add(line, inline, zone)
                continue
            if not started and self._title_line(line):
                continue
            if line.unknown_header:
                zone = None  # its cards are filed by their type
            if self.common(line):
                continue
            self.add(line, line.text, zone)

    def _title_line(self, line: _Line) -> bool:
        """Before any header: '# Title' or a first line without a count names the deck."""
        if self.deck.name is not None or self.deck.entries or self.deck.problems:
            return False
        if line.comment is not None:
            if re.match(r"#(?!#)", line.text) and line.comment:
                self.deck.name = line.comment
                return True
            return False
        if line.is_card:
            card, _ = parse_card(line.text)
            no_count = card is not None and card.count is None and card.card_id is None
            if no_count or _YEAR_TITLE.match(line.text):  # "2026 Regionals Jinx" is no count of 2026
                self.deck.name = line.text
                return True
        return False

    def read_headerless(self, lines: list[_Line]) -> None:
        groups: list[list[_Line]] = [[]]
        for line in lines:
            if line.is_blank:
                if groups[-1]:
                    groups.append([])
            elif line.is_card:
                groups[-1].append(line)
            elif line.title is None and line.comment is not None and not any(g for g in groups) \
                    and self._title_line(line):
                continue
            else:
                self.common(line)
        groups = [g for g in groups if g]
        zones = _positional_zones(groups)
        if zones is None and len(groups) >= 2 and len(groups[0]) == 1 and self.deck.name is None:
            first, _ = parse_card(groups[0][0].text)
            if first is not None and first.count is None and first.card_id is None:
                zones = _positional_zones(groups[1:])
                if zones is not None:
                    self.deck.name = groups[0][0].text
                    groups = groups[1:]
        for index, group in enumerate(groups):
            zone = zones[index] if zones is not None else None
            for line in group:
                if not self.common(line):
                    self.add(line, line.text, zone)


_POSITIONS = (Zone.LEGEND, Zone.CHAMPION, Zone.MAIN, Zone.BATTLEFIELDS, Zone.RUNES, Zone.SIDEBOARD)


def _positional_zones(groups: list[list[_Line]]) -> tuple[Zone, ...] | None:
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
