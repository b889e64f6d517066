"""A deck compiled for the engine: distinct cards, copies, the champion's slot and the rune deck."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from deckcheck.cards.model import Card, Domain
from deckcheck.cards.names import loose_key
from deckcheck.decks.language import written_language
from deckcheck.decks.model import Deck
from deckcheck.words import card_named, say, say_n, word
from deckcheck.errors import DeckcheckError

#: Domain order used by every per-domain array in the engine.
DOMAINS: tuple[Domain, ...] = tuple(Domain)
DOMAIN_INDEX = {d: i for i, d in enumerate(DOMAINS)}

OPENING_HAND = 4
#: A library slot holding a card the card database does not know: drawn like any card, never played.
BLANK = -2


class GoldfishDeckError(DeckcheckError):
    """A deck the engine cannot play (too few cards to draw an opening hand)."""


@dataclass(frozen=True, eq=False)  # not slotted: its cached properties keep their values in the instance's dict
class DeckPlan:
    """What the engine needs of a deck.

    ``cards`` are the distinct Main Deck cards (one per name, in deck order) and ``copies`` their
    counts, the Chosen Champion's copy included. The champion's copy starts in the Champion Zone
    (CR 112), so the library holds ``copies`` minus that one copy, plus ``blanks``: Main Deck cards
    the card database does not know, which are drawn like any card and never played.
    """

    label: str
    cards: tuple[Card, ...]
    copies: tuple[int, ...]
    champion: int | None
    runes: tuple[Domain, ...]
    notes: tuple[str, ...] = field(default=())
    #: The legend's domains (the deck's identity), empty when the deck names no legend.
    legend_domains: tuple[Domain, ...] = field(default=())
    #: The Champion Legend (its Legion ability may add energy), None when the deck names none.
    legend: Card | None = None
    #: Main Deck cards not found in the card database: blanks in the library.
    blanks: int = 0
    #: The language the list was written in (its answer's language unless one is asked for).
    language: str = "en"

    # ------------------------------------------------------------ sizes
    @property
    def main_size(self) -> int:
        return sum(self.copies) + self.blanks

    @cached_property
    def library_copies(self) -> np.ndarray:
        """Copies of each card in the library at setup (the champion's zone copy taken out)."""
        counts = np.array(self.copies, dtype=np.int64)
        if self.champion is not None:
            counts[self.champion] -= 1
        return counts

    @property
    def library_size(self) -> int:
        return int(self.library_copies.sum()) + self.blanks

    @cached_property
    def library_cards(self) -> np.ndarray:
        """The library as card indices, one per card, blanks last as :data:`BLANK` (before the shuffle)."""
        return np.concatenate([np.repeat(np.arange(len(self.cards)), self.library_copies),
                               np.full(self.blanks, BLANK, dtype=np.int64)])

    @cached_property
    def rune_domains(self) -> np.ndarray:
        return np.array([DOMAIN_INDEX[d] for d in self.runes], dtype=np.int64)

    @cached_property
    def rune_counts(self) -> dict[Domain, int]:
        return {d: self.runes.count(d) for d in DOMAINS if d in self.runes}

    # ------------------------------------------------------------ card facts as arrays
    @cached_property
    def energy(self) -> np.ndarray:
        return np.array([c.energy or 0 for c in self.cards], dtype=np.int64)

    @cached_property
    def power(self) -> np.ndarray:
        return np.array([c.power or 0 for c in self.cards], dtype=np.int64)

    @cached_property
    def is_spell(self) -> np.ndarray:
        return np.array([c.type.value == "Spell" for c in self.cards])

    def mask(self, test) -> np.ndarray:
        """A boolean per distinct card: does ``test(card)`` hold."""
        return np.array([bool(test(c)) for c in self.cards], dtype=bool)

    def index_of(self, name: str) -> int | None:
        """The index of the card with this name (spelling-insensitive), or None."""
        key = loose_key(name)
        for i, card in enumerate(self.cards):
            if loose_key(card.name) == key:
                return i
        return None


def plan_deck(deck: Deck) -> DeckPlan:
    """Compile a resolved deck for the engine. Raises :class:`GoldfishDeckError` if unplayable."""
    notes: list[str] = []
    names: dict[str, int] = {}
    cards: list[Card] = []
    copies: list[int] = []
    for entry in deck.main:
        if not entry.card.is_main_deck_type:
            notes.append(say("{card} ({kind}) is not a Main Deck card; left out", card=card_named(entry.card.name),
                             kind=word("card type", entry.card.type.value)))
            continue
        index = names.get(entry.card.name)
        if index is None:
            names[entry.card.name] = len(cards)
            cards.append(entry.card)
            copies.append(entry.count)
        else:
            copies[index] += entry.count
    unknown = sum(u.count for u in deck.unknown if u.zone in (None, "main"))
    if unknown:
        notes.append(say_n("{n} card not found in the card database: blank in the library, drawn but never played",
                           "{n} cards not found in the card database: blanks in the library, drawn but never played",
                           unknown))

    champion = names.get(deck.champion.card.name) if deck.champion else None
    if deck.champion is not None and champion is None:
        # The champion was named but has no copy in the Main Deck: it still starts in its zone.
        names[deck.champion.card.name] = champion = len(cards)
        cards.append(deck.champion.card)
        copies.append(1)
        notes.append(say("the Chosen Champion {card} is not in the Main Deck; added one copy",
                         card=card_named(deck.champion.card.name)))
    if champion is None:
        notes.append(say("no Chosen Champion named or inferred: every Main Deck card starts in the library "
                         "(name it with --champion)"))

    runes: list[Domain] = []
    for entry in deck.runes:
        if entry.card.domains:
            runes.extend([entry.card.domains[0]] * entry.count)
    if len(runes) != 12:
        notes.append(say("the rune deck holds {count} runes, not 12", count=len(runes)))

    plan = DeckPlan(
        label=deck.label(), cards=tuple(cards), copies=tuple(copies), champion=champion,
        runes=tuple(runes), notes=tuple(notes),
        legend_domains=tuple(deck.legend.card.domains) if deck.legend else (),
        legend=deck.legend.card if deck.legend else None, blanks=unknown, language=written_language(deck),
    )
    if plan.library_size < OPENING_HAND + 2:
        raise GoldfishDeckError(
            f"the library holds only {plan.library_size} cards; the goldfish needs at least "
            f"{OPENING_HAND + 2} to draw a hand and mulligan",
            file=deck.source,
        )
    return plan
