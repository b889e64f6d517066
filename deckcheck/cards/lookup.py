"""The card database in memory: every printing, and finding a card however a player writes it."""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any, TypeVar

from deckcheck.words import card_named, listing, say, word
from deckcheck.cards.ids import ParsedId, parse_id
from deckcheck.cards.model import Card, CardType
from deckcheck.cards.names import loose_key
from deckcheck.cards.provenance import Provenance
from deckcheck.cards.sets import CardRules, SetInfo

if TYPE_CHECKING:
    from deckcheck.cards.chinese import ChineseNames, NamesData

#: Text longer than this is no card name or id (the longest name has 35 characters).
MAX_TEXT = 200


def has_han(text: str) -> bool:
    """A Chinese character in ``text`` (the Chinese names' module is imported only for text that is not ASCII)."""
    if text.isascii() or max(text) < "\u2e80":  # no character of the CJK blocks: no Chinese
        return False
    from deckcheck.cards.chinese import has_han as han_in

    return han_in(text)


@dataclass(frozen=True, slots=True)
class Found:
    """A successful lookup: the printing written and whether the text was an id."""

    card: Card
    by_id: bool
    note: str | None = None  # e.g. "unknown suffix 'x' on OGN-007: read as OGN-007"


@dataclass(frozen=True, slots=True)
class NotFound:
    """A failed lookup, with a message a player can act on."""

    kind: str  # "unknown-set" | "not-in-data" | "unknown-id" | "unknown-name" | "ambiguous" | "empty"
    message: str
    suggestions: tuple[str, ...] = ()


Lookup = Found | NotFound
T = TypeVar("T")


@dataclass
class CardDB:
    """All printings of all cards, with indexes for ids and names.

    Build it with :func:`deckcheck.load_cards`. One card is one name (CR 132.3/132.4): every
    printing of a name shares its facts, and :meth:`canonical` returns the base printing.
    """

    printings: tuple[Card, ...]
    sets: dict[str, SetInfo]
    rules: CardRules
    data_as_of: date | None = None
    source: str = ""
    provenance: Provenance = field(default_factory=Provenance)
    #: Gives the official Chinese names (:class:`~deckcheck.cards.chinese.NamesData`), read on first use.
    names_zh: Callable[[], NamesData | None] | None = field(default=None, repr=False)
    _chinese: list = field(default_factory=list, init=False, repr=False)
    _by_id: dict[str, Card] = field(default_factory=dict, init=False, repr=False)
    _by_number: dict[str, list[Card]] = field(default_factory=dict, init=False, repr=False)
    _by_name: dict[str, list[Card]] = field(default_factory=dict, init=False, repr=False)
    _by_key: dict[str, str] = field(default_factory=dict, init=False, repr=False)
    _by_short: dict[str, list[str]] = field(default_factory=dict, init=False, repr=False)
    _lookup_cache: dict[str, Lookup] = field(default_factory=dict, init=False, repr=False)
    _grams: dict[str, list[str]] = field(default_factory=dict, init=False, repr=False)
    _gram_sizes: dict[str, int] = field(default_factory=dict, init=False, repr=False)
    _kept: dict[Any, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for card in self.printings:
            self._by_id[card.id.upper()] = card
            self._by_number.setdefault(f"{card.set}-{card.number}", []).append(card)
            self._by_name.setdefault(card.name, []).append(card)
        for name, cards in self._by_name.items():
            cards.sort(key=_printing_order)
            self._add_key(loose_key(name), name)
            base = cards[0]
            if base.type is CardType.LEGEND and base.subtitle:
                self._add_key(loose_key(base.subtitle), name, weak=True)
            short = loose_key(base.short_name)
            if base.subtitle:
                self._by_short.setdefault(short, []).append(name)
        for cards in self._by_number.values():
            cards.sort(key=_printing_order)

    def _add_key(self, key: str, name: str, weak: bool = False) -> None:
        old = self._by_key.get(key)
        if old is None or old == name:
            self._by_key[key] = name
        elif not weak:
            # A full name always wins over a legend title that happens to equal it.
            if self._by_name[old][0].type is CardType.LEGEND and loose_key(old) != key:
                self._by_key[key] = name

    def kept(self, make: Callable[["CardDB"], T]) -> T:
        """``make(self)``, worked out once and kept on this database until :meth:`forget`."""
        try:
            return self._kept[make]
        except KeyError:
            found = self._kept[make] = make(self)
            return found

    def forget(self) -> None:
        """Drop everything worked out from this database: remembered lookups, rule tables, checkers."""
        self._kept.clear()
        self._lookup_cache.clear()

    # ----------------------------------------------------------------- basic access
    def __repr__(self) -> str:
        return f"<CardDB {len(self.printings)} printings, {len(self._by_name)} cards, data as of {self.data_as_of}>"

    def __len__(self) -> int:
        return len(self.printings)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.printings)

    @property
    def names(self) -> list[str]:
        """Every distinct card name, sorted."""
        return sorted(self._by_name)

    def canonical(self, card: Card) -> Card:
        """The base printing of ``card``'s name (the one the rules talk about)."""
        return self._by_name[card.name][0]

    def printings_of(self, name: str) -> list[Card]:
        return list(self._by_name.get(name, ()))

    def get(self, card_id: str) -> Card | None:
        """The printing with exactly this database id (case-insensitive), or None."""
        return self._by_id.get(card_id.upper())

    def by_name(self, name: str) -> Card | None:
        """The base printing of the card with this exact full name, or None."""
        cards = self._by_name.get(name)
        return cards[0] if cards else None

    def knows_set(self, code: str) -> bool:
        info = self.sets.get(code.upper())
        return info is not None and info.in_database

    # ----------------------------------------------------------------- lookups
    def find(self, text: str, suggest: bool = True) -> Lookup:
        """Find a card by id (any form in :mod:`deckcheck.cards.ids`) or by name; ``suggest=False``:
        a name not found comes back without "did you mean" (a line no report will list)."""
        hit = self._lookup_cache.get(text)
        if hit is None:
            stripped = text.strip()
            if not stripped:
                hit = NotFound("empty", say("empty card name"))
            elif len(stripped) > MAX_TEXT:  # no need to compare a pasted essay with every name
                hit = NotFound("unknown-name", say("no card named '{text}…' ({count:,} characters; card names are short)",
                                                   text=stripped[:40], count=len(stripped)))
            else:
                parsed = parse_id(stripped)
                hit = self._find_id(stripped, parsed) if parsed else self.find_name(stripped, suggest)
            if len(self._lookup_cache) < 100_000 and len(text) <= MAX_TEXT and suggest:  # bounded memory in a batch
                self._lookup_cache[text] = hit
        return hit

    def find_id(self, text: str) -> Lookup:
        parsed = parse_id(text)
        if parsed is None:
            return NotFound("unknown-id", say("'{text}' is not a card id", text=text))
        return self._find_id(text, parsed)

    def _find_id(self, text: str, parsed: ParsedId) -> Lookup:
        exact = self._by_id.get(text.strip().upper())
        if exact is not None:
            return Found(exact, by_id=True)
        info = self.sets.get(parsed.set)
        if info is None or not info.in_database:
            day = self.data_as_of.isoformat() if self.data_as_of else None
            if info is None:
                message = (say("set {set} is not a known Riftbound set (data as of {day}): cannot read '{text}'",
                               set=parsed.set, day=day, text=text.strip()) if day else
                           say("set {set} is not a known Riftbound set: cannot read '{text}'", set=parsed.set,
                               text=text.strip()))
            else:
                message = (say("set {set} not in card database (data as of {day}): '{text}' is a {name} card",
                               set=parsed.set, day=day, text=text.strip(), name=word("set", info.name)) if day else
                           say("set {set} not in card database: '{text}' is a {name} card", set=parsed.set,
                               text=text.strip(), name=word("set", info.name)))
            return NotFound("unknown-set", message)
        same_number = self._by_number.get(parsed.base_id)
        if not same_number and parsed.number in self.provenance.missing(parsed.set):
            held = self.provenance.sets[parsed.set]
            return NotFound(
                "not-in-data",
                say("{id} is not in the card data: the {name} data is preliminary (as of {day}) and lacks number "
                    "{number}", id=parsed.base_id, name=word("set", info.name), day=held.data_as_of.isoformat(), number=parsed.number),
            )
        if not same_number:
            return NotFound(
                "unknown-id",
                say("no card {id} in {name} ({code})", id=parsed.base_id, name=word("set", info.name), code=info.code),
                tuple(self._near_numbers(parsed)),
            )
        chosen = self._pick_printing(same_number, parsed)
        note = None
        if parsed.extra or (parsed.variant and chosen.id.upper() != parsed.printed_id.upper() and not parsed.promo):
            note = say("'{text}' is not a known printing; read as {id} ({card})", text=text.strip(), id=chosen.id,
                       card=card_named(chosen.name))
        return Found(chosen, by_id=True, note=note)

    @staticmethod
    def _pick_printing(cards: list[Card], parsed: ParsedId) -> Card:
        wanted = parsed.printed_id.upper()
        for card in cards:
            if card.id.upper() == wanted:
                if not parsed.promo:
                    return card
                break
        if parsed.promo:
            for card in cards:
                if card.variant in ("promo", "promo-metal") and (
                    parsed.variant is None or card.id.upper().startswith(wanted)
                ):
                    return card
        return cards[0]

    def _near_numbers(self, parsed: ParsedId) -> list[str]:
        keys = [k for k in self._by_number if k.startswith(parsed.set + "-")]
        return difflib.get_close_matches(parsed.base_id, keys, n=3, cutoff=0.8)

    def chinese(self) -> ChineseNames | None:
        """The official Chinese names of these cards, or None if the data has none."""
        if not self._chinese:
            from deckcheck.cards.chinese import ChineseNames

            data = self.names_zh() if self.names_zh is not None else None
            self._chinese.append(ChineseNames(self.printings, data) if data is not None else None)
        return self._chinese[0]

    @property
    def chinese_read(self) -> bool:
        """True once the Chinese names were asked for (a name written in Chinese was looked up)."""
        return bool(self._chinese) and self._chinese[0] is not None

    def _find_chinese(self, text: str, suggest: bool = True) -> Lookup:
        """:meth:`find_name` of a name written in Chinese."""
        zh = self.chinese()
        if zh is None:
            return NotFound("unknown-name", say("no card named '{text}' (this card data has no Chinese names)", text=text))
        names, full = zh.find(text)
        if len(names) == 1:
            return Found(self._by_name[next(iter(names))][0], by_id=False)
        if names:
            shown = sorted(names)
            cards = listing([f"{zh.display(n) or n} ({n})" for n in shown], "/")
            return NotFound("ambiguous", say("'{text}' could be any of {count} the same Chinese name: {cards}",
                                             text=text, count=len(shown), cards=cards) if full else
                            say("'{text}' could be any of {count} cards: {cards}", text=text, count=len(shown),
                                cards=cards), tuple(shown))
        return NotFound("unknown-name", say("no card named '{text}'", text=text), tuple(zh.suggest(text)) if suggest else ())

    def find_name(self, text: str, suggest: bool = True) -> Lookup:
        if has_han(text):
            return self._find_chinese(text, suggest)
        key = loose_key(text)
        if not key:
            return NotFound("unknown-name", say("'{text}' is not a card name", text=text))
        name = self._by_key.get(key)
        if name is not None:
            return Found(self._by_name[name][0], by_id=False)
        candidates = self._by_short.get(key)
        if candidates:
            if len(candidates) == 1:
                return Found(self._by_name[candidates[0]][0], by_id=False)
            return NotFound(
                "ambiguous",
                say("'{text}' could be any of {count} cards: {cards}", text=text, count=len(candidates),
                    cards=listing([card_named(name) for name in sorted(candidates)], "/")),
                tuple(sorted(candidates)),
            )
        return NotFound(
            "unknown-name", say("no card named '{text}'", text=text), tuple(self.suggest(text)) if suggest else ()
        )

    def suggest(self, text: str, n: int = 3) -> list[str]:
        """Names most similar to ``text``, best first ("did you mean").

        Candidates sharing the most character trigrams are re-ranked by difflib's ratio (not a scan
        of every name).
        """
        if has_han(text):
            zh = self.chinese()
            return zh.suggest(text, n) if zh is not None else []
        key = loose_key(text)
        if not key:
            return []
        grams = _trigrams(key)
        index = self._trigram_index()
        shared: dict[str, int] = {}
        for gram in grams:
            for k in index.get(gram, ()):
                shared[k] = shared.get(k, 0) + 1
        if not shared:
            return []
        sizes = self._gram_sizes
        # ties broken by the key: the order of ``shared`` follows a set's, which varies from run to run
        ranked = sorted(shared, key=lambda k: (-shared[k] / (len(grams) + sizes[k] - shared[k]), k))[:8]
        scored = []
        letters = Counter(key)
        for k in ranked:
            # difflib's cheap upper bounds of the ratio first (real_quick_ratio, quick_ratio), as
            # get_close_matches does, with this key's letters counted once: the same names, sooner
            total = len(key) + len(k)
            if 2.0 * min(len(key), len(k)) / total < 0.6 or 2.0 * (letters & Counter(k)).total() / total < 0.6:
                continue
            ratio = difflib.SequenceMatcher(None, key, k).ratio()
            if ratio >= 0.6:
                scored.append((-ratio, k))
        out: list[str] = []
        for _, k in sorted(scored):
            name = self._by_key[k]
            if name not in out:
                out.append(name)
        return out[:n]

    def _trigram_index(self) -> dict[str, list[str]]:
        index = self._grams
        if not index:
            for k in self._by_key:
                grams = _trigrams(k)
                self._gram_sizes[k] = len(grams)
                for gram in grams:
                    index.setdefault(gram, []).append(k)
        return index

    # ----------------------------------------------------------------- search
    def search(
        self,
        query: str = "",
        *,
        types: Iterable[str] = (),
        domains: Iterable[str] = (),
        sets: Iterable[str] = (),
        tags: Iterable[str] = (),
    ) -> list[Card]:
        """Cards (one base printing per name) whose name contains ``query`` and match the filters."""
        key = loose_key(query) if query else ""
        chinese = None
        if query and has_han(query):  # a name written in Chinese: matched among the Chinese names
            zh = self.chinese()
            chinese = zh.matching(query) if zh is not None else set()
        want_types = {t.casefold() for t in types}
        want_domains = {d.casefold() for d in domains}
        want_sets = {s.upper() for s in sets}
        want_tags = {t.casefold() for t in tags}
        out = []
        for name, cards in self._by_name.items():
            card = cards[0]
            if chinese is not None:
                if name not in chinese:
                    continue
            elif key and key not in loose_key(name):
                continue
            if want_types and card.type.value.casefold() not in want_types:
                continue
            if want_domains and not want_domains & {d.value.casefold() for d in card.domains}:
                continue
            if want_sets and not want_sets & {c.set for c in cards}:
                continue
            if want_tags and not want_tags & {t.casefold() for c in cards for t in c.tags}:
                continue
            out.append(card)
        out.sort(key=lambda c: (c.set != "OGN", c.id))
        return out


def _trigrams(key: str) -> set[str]:
    padded = f"  {key} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


def _printing_order(card: Card) -> tuple:
    """Base printings first, then the main sets before promos, then by id."""
    variant_rank = {None: 0, "overnumbered": 1, "alt-art": 2, "signature": 3, "special": 4}
    return (variant_rank.get(card.variant, 5), card.set in ("ARC",), card.id)
