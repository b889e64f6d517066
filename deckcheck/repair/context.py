"""What a fix needs to know of one format on one date: each card's facts and standing, and the
legal cards it may propose (worked out once per :class:`FixContext`, so a whole export shares them)."""

from __future__ import annotations

from datetime import date

from deckcheck.cards.lookup import CardDB
from deckcheck.cards.model import Card
from deckcheck.rules.facts import BATTLEFIELD, MAIN, RUNE, CardFacts, facts_of, legality
from deckcheck.rules.formats import FormatSpec, load_format


class FixContext:
    """A card database, a format and a date, with the facts and pools a fix reads."""

    def __init__(self, cards: CardDB, format: str | FormatSpec, day: date) -> None:
        self.db = cards
        self.given = format
        self.spec = format if isinstance(format, FormatSpec) else load_format(format)
        self.day = day
        self.legality = legality(cards, self.spec, day)
        self.fmt = self.legality.fmt
        self.flagged = self.legality.flagged
        self._facts: dict[str, CardFacts] = {}
        self._main_pool: list[tuple[Card, CardFacts]] | None = None
        self._bf_pool: list[tuple[Card, CardFacts]] | None = None
        self._runes: dict[int, list[Card]] | None = None

    def facts(self, card: Card) -> CardFacts:
        """The facts of ``card``'s name (the same for every printing)."""
        found = self._facts.get(card.name)
        if found is None:
            found = self._facts[card.name] = facts_of(card, self.db)
        return found

    def standing(self, name: str) -> tuple[str, str] | None:
        """``(code, reason)`` when ``name`` is banned or not legal on the date, else None."""
        flag = self.flagged.get(name)
        if flag is None:
            return None
        if flag.banned is not None:
            return "RB601", f"banned since {flag.banned.since.isoformat()}"
        if flag.unverified:
            return None  # a set the formats do not know yet: checked by hand, never cut
        return "RB602", "not legal on " + self.day.isoformat()

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
