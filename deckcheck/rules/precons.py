"""Preconstructed products (``card_data/precons.json``) and a deck compared with them (TR 601.2.d.2).

At a low-OPL event a player using "the exact deck configuration of a preconstructed Riftbound deck
product" may play the banned cards it came with; any change, or an added sideboard, ends that
(TR 601.2.d.2). A format turns the exception on with ``precon_exception: true`` (``nexus-night``).

A deck is compared with a product card by card, every printing of a name alike (CR 132.3), the
deck's Chosen Champion counted as the product's champion; the product lists come with their
sources (``card_data/PRECONS-SOURCE.md``) and a ``doubt`` where a count is in question.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from pathlib import Path

from deckcheck.decks.diff import zone_counts
from deckcheck.decks.model import Deck, Zone
from deckcheck.errors import CardDataError
from deckcheck.words import N_, card_named, listing, say, say_n

PRECONS_FILE = "precons.json"
#: A zone's differences are named up to this many cards, then counted ("and 4 more").
_MOST_NAMED = 6


@dataclass(frozen=True, slots=True)
class Product:
    """One preconstructed product as sold: ``main`` is its Main Deck with the champion counted."""

    id: str
    name: str
    set: str
    released: date
    legend: str
    champion: str
    main: dict[str, int]
    battlefields: dict[str, int]
    runes: dict[str, int]
    doubt: str | None = None

    def holding(self, names: Collection[str]) -> list[str]:
        """The cards of ``names`` the product holds, in its own order."""
        return [n for n in (self.legend, *self.main, *self.battlefields, *self.runes) if n in names]


@dataclass(frozen=True, slots=True)
class Comparison:
    """A deck beside the product closest to it: what differs, in words (nothing: the product as sold)."""

    product: Product
    differences: tuple[str, ...]
    size: int

    @property
    def exact(self) -> bool:
        return not self.differences


def parse_products(path: Path, raw: bytes) -> tuple[Product, ...]:
    """The products of a ``precons.json``'s bytes; :class:`CardDataError` naming the field if broken."""
    from pydantic import ValidationError

    from deckcheck.cards.bundle import _friendly, _json
    from deckcheck.rules.precon_schema import PreconsSchema

    try:
        parsed = PreconsSchema.model_validate(_json(path, raw))
    except ValidationError as exc:
        raise _friendly(exc, path, "product lists") from None
    out = []
    for p in parsed.precons:
        main = _counts(p.main_deck)
        main[p.champion] = main.get(p.champion, 0) + 1  # the Chosen Champion is one of the 40 (CR 103.2.a)
        out.append(Product(id=p.id, name=p.product, set=p.set, released=p.released, legend=p.legend,
                           champion=p.champion, main=main, battlefields=_counts(p.battlefields),
                           runes=_counts(p.runes), doubt=p.doubt))
    if len({p.id for p in out}) != len(out):
        raise CardDataError("product lists name one product twice", file=str(path))
    return tuple(out)


def _counts(entries) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in entries:
        out[e.name] = out.get(e.name, 0) + e.count
    return out


@lru_cache(maxsize=4)
def _load(path: str) -> tuple[Product, ...]:
    from deckcheck.cards.bundle import _read_bytes

    return parse_products(Path(path), _read_bytes(Path(path)))


def load_products(directory: str | os.PathLike[str] | None = None) -> tuple[Product, ...]:
    """The preconstructed products of the card data (``card_data/precons.json``), read once."""
    from deckcheck.cards.bundle import default_card_data_dir

    folder = Path(directory) if directory is not None else default_card_data_dir()
    return _load(str((folder / PRECONS_FILE).resolve()))


def compare(deck: Deck, product: Product) -> Comparison:
    """What differs between ``deck`` and ``product`` as sold, zone by zone, in words."""
    words: list[str] = []
    size = 0
    legend = deck.legend.card.name if deck.legend is not None else None
    more = [entry.card.name for entry in (*deck.extra_legends, *deck.additional_legends)]
    if legend != product.legend or more:
        product_legend = card_named(product.legend)
        if more:  # the product's legend may be among them: name every legend listed
            legends = listing([card_named(name) for name in ([legend] if legend else []) + more])
            words.append(say("legends {cards}, not {sold} alone", cards=legends, sold=product_legend))
        else:
            listed = card_named(legend) if legend else say("none")
            words.append(say("legend {card}, not {sold}", card=listed, sold=product_legend))
        size += 1 + len(more)
    champion = deck.champion.card.name if deck.champion is not None else None
    if champion != product.champion:
        named = card_named(champion) if champion else say("not named")
        words.append(say("Chosen Champion {card}, not {sold}", card=named, sold=card_named(product.champion)))
        size += 1
    for zone, label, sold in ((Zone.MAIN, N_("Main Deck {changes}"), product.main),
                              (Zone.RUNES, N_("runes {changes}"), product.runes),
                              (Zone.BATTLEFIELDS, N_("battlefields {changes}"), product.battlefields)):
        held, want = zone_counts(deck, zone), Counter(sold)
        if held != want:
            words.append(say(label, changes=_changes(held, want)))
            size += sum((held - want).values()) + sum((want - held).values())
    side = sum(zone_counts(deck, Zone.SIDEBOARD).values())
    if side:
        words.append(say_n("a sideboard of {n} card", "a sideboard of {n} cards", side))
        size += side
    return Comparison(product, tuple(words), size)


def _changes(held: Counter[str], sold: Counter[str]) -> str:
    """``-1 Gust, +1 Cleave``: copies cut from the product, then copies added, up to a few named."""
    items = [say("-{count} {card}", count=n, card=card_named(name)) for name, n in sorted((sold - held).items())]
    items += [say("+{count} {card}", count=n, card=card_named(name)) for name, n in sorted((held - sold).items())]
    more = len(items) - _MOST_NAMED
    named = listing(items[:_MOST_NAMED], ",")
    return say("{changes} and {count} more", changes=named, count=more) if more > 0 else named


def closest_product(deck: Deck, products: tuple[Product, ...] | None = None) -> Comparison | None:
    """The product of the deck's legend the deck is closest to (fewest copies apart), or None."""
    if deck.legend is None:
        return None
    legend = deck.legend.card.name
    found = [compare(deck, p) for p in (load_products() if products is None else products) if p.legend == legend]
    return min(found, key=lambda c: c.size) if found else None
