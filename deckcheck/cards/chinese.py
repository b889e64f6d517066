"""Official Simplified Chinese card names (``card_data/names-zh.json``), found however a player writes them.

A name is matched by its characters alone: full-width letters, digits and punctuation count as
their ASCII forms, Traditional characters as the Simplified ones of the names, and spaces and
punctuation between name and subtitle do not matter (``金克丝，反抗者`` = ``金克絲·反抗者`` =
``金克丝 反抗者``). A champion's name alone (``金克丝``) lists its cards, as ``Jinx`` does; a legend is
found by its title (``暴走萝莉``) or by champion and title together.
"""

from __future__ import annotations

import difflib
import json
import re
from functools import cache
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from deckcheck.cards.model import Card, CardType
from deckcheck.errors import CardDataError
from deckcheck.translate import ENGLISH, Language

NAMES_FILE = "names-zh.json"
SCHEMA = 1
#: Han characters (CJK ideographs, their extension A and compatibility forms, the radicals).
_HAN = r"[\u2e80-\u2fdf\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"


@cache
def _han() -> re.Pattern[str]:
    """:data:`_HAN` compiled the first time text that is not ASCII is looked at (milliseconds a process)."""
    return re.compile(_HAN)
#: How a Chinese name and its subtitle are written together by deckcheck.
SEPARATOR = "·"


def has_han(text: str) -> bool:
    """True if ``text`` holds a Chinese character (only such text is looked up among the Chinese names)."""
    return not text.isascii() and _han().search(text) is not None


@dataclass(slots=True)
class NamesData:
    """What ``names-zh.json`` holds: per printing id its (name, subtitle) and source code."""

    names: dict[str, tuple[str, str | None]]
    row_sources: dict[str, str] = field(default_factory=dict)
    sources: dict[str, dict[str, str]] = field(default_factory=dict)  # code -> {"source", "as_of"}
    missing: tuple[str, ...] = ()  # English names with no Chinese name known
    traditional: dict[str, str] = field(default_factory=dict)  # Traditional character -> Simplified

    def to_json(self) -> dict:
        return {"schema_version": SCHEMA, "language": "zh-Hans", "sources": self.sources,
                "missing": list(self.missing), "traditional": dict(sorted(self.traditional.items())),
                "names": {cid: [name, sub, self.row_sources.get(cid)]
                          for cid, (name, sub) in sorted(self.names.items())}}


def parse_names(data: object, where: str) -> NamesData:
    """The names file's content, checked; a :class:`CardDataError` naming the file if it is broken."""
    try:
        if not isinstance(data, dict) or data.get("schema_version") != SCHEMA:
            raise ValueError(f"not a Chinese names file of schema {SCHEMA}")
        names: dict[str, tuple[str, str | None]] = {}
        row_sources: dict[str, str] = {}
        for cid, row in data["names"].items():
            name, sub, src = row
            if not isinstance(name, str) or not name or not (sub is None or isinstance(sub, str)):
                raise ValueError(f"{cid}: a name must be text")
            names[cid] = (name, sub or None)
            if isinstance(src, str):
                row_sources[cid] = src
        traditional = {str(k): str(v) for k, v in data.get("traditional", {}).items() if len(k) == 1 and len(v) == 1}
        return NamesData(names, row_sources, dict(data.get("sources") or {}),
                         tuple(str(n) for n in data.get("missing") or ()), traditional)
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise CardDataError(f"broken Chinese card names ({exc})", file=where) from None


def read_names(folder: Path) -> NamesData | None:
    """The Chinese names of the bundle in ``folder``; None if it has none."""
    path = folder / NAMES_FILE
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise CardDataError(f"cannot read the Chinese card names: {exc.strerror}", file=str(path)) from None
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise CardDataError(f"the Chinese card names are not valid JSON ({exc})", file=str(path)) from None
    return parse_names(data, str(path))


def merged(base: NamesData | None, rows: Mapping[str, tuple[str, str | None]], source: str = "") -> NamesData:
    """``base`` with ``rows`` (the names a card data update brings) laid over it."""
    names = dict(base.names if base else {})
    names.update(rows)
    src = {cid: s for cid, s in (base.row_sources.items() if base else ()) if cid in names}
    src.update({cid: "update" for cid in rows})
    sources = dict(base.sources if base else {})
    if rows:
        sources["update"] = {"source": source or "card data update", "as_of": ""}
    return NamesData(names, src, sources, base.missing if base else (), dict(base.traditional) if base else {})


class ChineseNames:
    """The Chinese names of a card database: each English card name's Chinese name, and the way back."""

    def __init__(self, printings: Iterable[Card], data: NamesData) -> None:
        self.data = data
        self._fold = str.maketrans(data.traditional)
        by_name: dict[str, list[Card]] = {}
        for card in printings:
            by_name.setdefault(card.name, []).append(card)
        #: English name -> (Chinese name, subtitle): a row with a subtitle wins over one without.
        self.names: dict[str, tuple[str, str | None]] = {}
        self.by_key: dict[str, set[str]] = {}  # folded full name -> English names
        self.by_short: dict[str, set[str]] = {}  # folded champion name -> English names of its cards
        tag_names: dict[str, dict[str, int]] = {}  # champion tag -> its Chinese names, counted
        for english, cards in by_name.items():
            rows = [data.names[c.id] for c in cards if c.id in data.names]
            if not rows:
                continue
            best = max(rows, key=lambda r: r[1] is not None)
            self.names[english] = best
            for name, sub in set(rows):
                if sub is not None:
                    self._add(self.by_key, name + sub, english)
                    self._add(self.by_short, name, english)
                elif best[1] is not None or ", " in english and cards[0].type is not CardType.LEGEND:
                    self._add(self.by_short, name, english)  # a source without the subtitle: the champion's name
                else:
                    self._add(self.by_key, name, english)
            card = cards[0]
            if card.champion_tag and card.is_champion_unit:
                counted = tag_names.setdefault(card.champion_tag, {})
                counted[best[0]] = counted.get(best[0], 0) + 1
        #: champion tag -> the Chinese name its champion units share most (``Jinx`` -> ``金克丝``)
        self.champions = {tag: max(counted, key=lambda n: (counted[n], n)) for tag, counted in tag_names.items()}
        for english, cards in by_name.items():  # a legend by its champion's name and its title
            card = cards[0]
            title = self.names.get(english)
            if card.type is not CardType.LEGEND or title is None or card.champion_tag not in tag_names:
                continue
            champion = self.champions[card.champion_tag]
            self._add(self.by_short, champion, english)
            self._add(self.by_key, champion + title[0], english)
            self._add(self.by_key, title[0] + champion, english)
        self.own: dict[str, tuple[str, str | None]] = {  # a printing named apart from its card (Recruit tokens)
            c.id: data.names[c.id] for cards in by_name.values() for c in cards
            if c.id in data.names and data.names[c.id][0] != self.names[c.name][0]}
        self._grams: dict[str, set[str]] = {}

    def _add(self, index: dict[str, set[str]], text: str, english: str) -> None:
        index.setdefault(self.key(text), set()).add(english)

    def key(self, text: str) -> str:
        """The folded form of a name: full-width as ASCII, Simplified characters, no spaces or punctuation."""
        text = unicodedata.normalize("NFKC", text).translate(self._fold).casefold()
        return "".join(ch for ch in text if ch.isalnum())

    def display(self, english: str) -> str | None:
        """The Chinese name of the card named ``english`` (``金克丝·反抗者``), or None if none is known."""
        found = self.names.get(english)
        if found is None:
            return None
        return found[0] if found[1] is None else found[0] + SEPARATOR + found[1]

    def source_of(self, english: str, w: Language = ENGLISH) -> str:
        """Where the Chinese name of ``english`` comes from, with the date of that data (in ``w``'s words)."""
        ids = [cid for cid, row in self.data.names.items() if row == self.names.get(english)]
        codes = sorted({self.data.row_sources.get(cid, "") for cid in ids} - {""})
        described = [self.data.sources.get(code, {}) for code in codes]
        return w.say("; ").join(w.say("{source}, as of {day}", source=code, day=d.get("as_of") or "?")
                                for code, d in zip(codes, described)) or "?"

    def of(self, card: Card) -> str | None:
        """The Chinese name of this printing (its own, for a token printed under several names)."""
        own = self.own.get(card.id)
        if own is not None:
            return own[0] if own[1] is None else own[0] + SEPARATOR + own[1]
        return self.display(card.name)

    def name_for(self, card: Card) -> str:
        """The name to write for ``card`` in Chinese: its Chinese name when that reads back as this card
        alone (a name whose subtitle no source gives may not), else its English name."""
        written = self.of(card)
        return written if written is not None and self.find(written)[0] == {card.name} else card.name

    def find(self, text: str) -> tuple[set[str], bool]:
        """The English names ``text`` could name, and whether it named them in full (else by a champion's name)."""
        key = self.key(text)
        full = self.by_key.get(key)
        if full:
            return full, True
        return self.by_short.get(key, set()), False

    def matching(self, text: str) -> set[str]:
        """English names whose Chinese name holds ``text`` (``cards search``)."""
        key = self.key(text)
        if not key:
            return set()
        return {english for k, names in self.by_key.items() if key in k for english in names} | {
            english for k, names in self.by_short.items() if key in k for english in names}

    def suggest(self, text: str, n: int = 3) -> list[str]:
        """Chinese names most like ``text``, character by character ("did you mean"), best first."""
        key = self.key(text)
        if not key:
            return []
        if not self._grams:
            for k in self.by_key:
                for ch in set(k):
                    self._grams.setdefault(ch, set()).add(k)
        shared: dict[str, int] = {}
        for ch in set(key):
            for k in self._grams.get(ch, ()):
                shared[k] = shared.get(k, 0) + 1
        ranked = sorted(shared, key=lambda k: (-shared[k], k))[:20]
        scored = sorted((-difflib.SequenceMatcher(None, key, k).ratio(), k) for k in ranked)
        out: list[str] = []
        for score, k in scored:
            if -score < 0.5:
                break
            for english in sorted(self.by_key[k]):
                shown = self.display(english)
                if shown is not None and shown not in out:
                    out.append(shown)
        return out[:n]
