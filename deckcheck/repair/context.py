"""What a fix needs to know of one format on one date: each card's facts and standing, the rules
that refuse a card in a zone, and the legal cards it may propose (worked out once per
:class:`FixContext`, so a whole export shares them)."""

from __future__ import annotations

from datetime import date

from deckcheck.cards.lookup import CardDB
from deckcheck.cards.model import Card
from deckcheck.rules.engine import checker, rules_for
from deckcheck.rules.facts import BATTLEFIELD, MAIN, RUNE, CardFacts, facts_of
from deckcheck.rules.formats import FormatSpec, load_format
from deckcheck.rules.registry import Place, Rule


class FixContext:
    """A card database, a format and a date, with the facts and pools a fix reads."""

    def __init__(self, cards: CardDB, format: str | FormatSpec, day: date) -> None:
        self.db = cards
        self.given = format
        self.spec = format if isinstance(format, FormatSpec) else load_format(format)
        self.day = day
        self.legality = checker(self.spec, day, cards).legality
        self.fmt = self.legality.fmt
        self.flagged = self.legality.flagged
        self._facts: dict[str, CardFacts] = {}
        self._main_pool: list[tuple[Card, CardFacts]] | None = None
        self._bf_pool: list[tuple[Card, CardFacts]] | None = None
        self._runes: dict[int, list[Card]] | None = None
        self._refusing: dict[str | None, tuple[Rule, ...]] = {}
        self._may_add: dict[tuple[int, str | None, str], bool] = {}
        self._anywhere = Place(0, None, self.fmt, self.flagged)  # where only a card's standing counts

    def facts(self, card: Card) -> CardFacts:
        """The facts of ``card``'s name (the same for every printing)."""
        found = self._facts.get(card.name)
        if found is None:
            found = self._facts[card.name] = facts_of(card, self.db)
        return found

    def place(self, identity: int, tag: str | None) -> Place:
        """Where a deck of this domain identity and champion tag holds its cards, in this format on this date."""
        return Place(identity, tag, self.fmt, self.flagged)

    def refusing(self, zone: str | None) -> tuple[Rule, ...]:
        """The rules of the format whose repair refuses cards in ``zone`` (None: in every zone, as a card's
        standing), in the order their reasons come first."""
        found = self._refusing.get(zone)
        if found is None:
            found = self._refusing[zone] = tuple(sorted(
                (r for r in rules_for(self.spec) if r.repair is not None and r.repair.refuses is not None
                 and (r.repair.zones is None or (zone is not None and zone in r.repair.zones))),
                key=lambda r: (r.repair.rank, r.code)))
        return found

    def refusal(self, f: CardFacts, zone: str | None, place: Place) -> tuple[str, str] | None:
        """``(code, reason)`` of the first rule that refuses the card of facts ``f`` in ``zone``, or None."""
        for rule in self.refusing(zone):
            reason = rule.repair.refuses(f, place)
            if reason is not None:
                return rule.code, reason
        return None

    def standing(self, name: str) -> tuple[str, str] | None:
        """``(code, reason)`` when the card ``name`` is banned or not legal on the date (as the rules that refuse a
        card in every zone say; a card whose set came with a card data update is checked by hand, never cut)."""
        card = self.db.by_name(name) if name in self.flagged else None
        return self.refusal(self.facts(card), None, self._anywhere) if card is not None else None

    def legal(self, name: str) -> bool:
        return name not in self.flagged

    def _pool(self, kind: int) -> list[tuple[Card, CardFacts]]:
        out = []
        for name in self.db.names:
            if name in self.flagged:
                continue
            card = self.db.by_name(name)
            f = self.facts(card)
            if f.kind == kind:
                out.append((card, f))
        return out

    def main_pool(self) -> list[tuple[Card, CardFacts]]:
        """Every unit, gear and spell legal on the date (base printings, by name)."""
        if self._main_pool is None:
            self._main_pool = self._pool(MAIN)
        return self._main_pool

    def may_add(self, f: CardFacts, place: Place) -> bool:
        """True when the card of facts ``f`` is legal on the date and no rule refuses it in the Main Deck of a
        deck of ``place`` (remembered per domain identity, champion tag and name: an export asks again and again)."""
        key = (place.identity, place.tag, f.name)
        found = self._may_add.get(key)
        if found is None:
            found = self._may_add[key] = self.legal(f.name) and self.refusal(f, "main", place) is None
        return found

    def battlefield_pool(self) -> list[tuple[Card, CardFacts]]:
        """Every battlefield legal on the date (and on the event's list, when it has one)."""
        if self._bf_pool is None:
            allowed = set(self.spec.battlefields) if self.spec.battlefields is not None else None
            self._bf_pool = [(c, f) for c, f in self._pool(BATTLEFIELD) if allowed is None or c.name in allowed]
        return self._bf_pool

    def runes_of(self, bit: int) -> list[Card]:
        """The legal rune cards of one domain (by its bit), base printings."""
        if self._runes is None:
            self._runes = {}
            for card, f in self._pool(RUNE):
                self._runes.setdefault(f.mask, []).append(card)
        return self._runes.get(bit, [])

    def released(self, card: Card) -> date:
        """The release date of the card's newest legal set (for ranking); a very old date if unknown."""
        best = date.min
        for printing in self.db.printings_of(card.name):
            info = self.db.sets.get(printing.set)
            if info is not None and info.released is not None and info.released <= self.day:
                best = max(best, info.released)
        return best
