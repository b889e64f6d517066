"""Paying for cards with runes: energy, power per domain, and when several cards fit together.

Rules (CR 164): exhaust a rune for 1 Energy; recycle a rune for 1 Power of its domain.
A rune may do both in one turn, so a turn's energy is the number of runes in play and its power of
a domain is the number of runes of that domain in play. A card that asks for power of its own
domain accepts, for each point, any one of the domains printed on it (a Fury/Mind spell takes
Fury or Mind runes); a card with a power cost but no power domain takes any rune.

Paying the power of several cards at once is a matching problem: each point of power needs its own
rune, of a domain the card accepts. By Hall's theorem a payment exists if and only if, for every
union ``U`` of the cards' accepted domain sets, the points that accept only domains in ``U`` are no
more than the runes in play of a domain in ``U``. :class:`PowerModel` checks exactly that.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np

from deckcheck.cards.model import Card, Domain
from deckcheck.goldfish.plan import DOMAIN_INDEX, DOMAINS

ALL_DOMAINS = (1 << len(DOMAINS)) - 1


def accepted_mask(card: Card) -> int:
    """The domains whose runes can pay this card's power, as a bit mask over :data:`DOMAINS`."""
    if not card.power:
        return 0
    if not card.power_domains:
        return ALL_DOMAINS
    mask = 0
    for domain in card.power_domains:
        mask |= 1 << DOMAIN_INDEX[domain]
    return mask


def _union_closure(masks: Iterable[int]) -> list[int]:
    closed: set[int] = set()
    for mask in masks:
        if mask == 0:
            continue
        closed |= {mask | other for other in closed} | {mask}
    return sorted(closed)


class PowerModel:
    """Hall's conditions for the power costs of a deck's cards.

    - ``types``: the distinct accepted-domain masks (one "power type" each);
    - ``subsets``: every union of those masks, the only sets Hall's condition needs;
    - ``need[j, s]``: power card ``j`` puts on subset ``s`` (its power if its mask lies inside);
    - ``type_in[k, s]``: 1 if type ``k`` lies inside subset ``s``;
    - ``domain_in[d, s]``: 1 if domain ``d`` belongs to subset ``s``;
    - ``type_subset[k]``: the subset equal to type ``k`` itself.
    """

    def __init__(self, cards: Iterable[Card]) -> None:
        cards = list(cards)
        masks = [accepted_mask(c) for c in cards]
        self.types: list[int] = sorted({m for m in masks if m})
        self.card_type = np.array([self.types.index(m) if m else -1 for m in masks], dtype=np.int64)
        self.card_power = np.array([c.power or 0 for c in cards], dtype=np.int64)
        self.subsets: list[int] = _union_closure(self.types)
        nS = len(self.subsets)
        self.type_in = np.array(
            [[1 if t & ~s == 0 else 0 for s in self.subsets] for t in self.types], dtype=np.int64
        ).reshape(len(self.types), nS)
        self.domain_in = np.array(
            [[1 if (s >> d) & 1 else 0 for s in self.subsets] for d in range(len(DOMAINS))], dtype=np.int64
        ).reshape(len(DOMAINS), nS)
        self.type_subset = np.array([self.subsets.index(t) for t in self.types], dtype=np.int64)
        self.need = np.zeros((len(cards), nS), dtype=np.int64)
        for j, k in enumerate(self.card_type):
            if k >= 0:
                self.need[j] = self.type_in[k] * self.card_power[j]

    def runes_per_subset(self, runes: np.ndarray) -> np.ndarray:
        """Runes (games x domains) -> runes of a domain in each subset (games x subsets)."""
        return runes @ self.domain_in

    def feasible(self, pips_by_type: np.ndarray, runes: np.ndarray) -> np.ndarray:
        """Per game: can the power points (games x types) be paid by the runes (games x domains)?"""
        if not self.subsets:
            return np.ones(runes.shape[0], dtype=bool)
        return np.all(pips_by_type @ self.type_in <= self.runes_per_subset(runes), axis=1)

    def assign(self, pips_by_type: np.ndarray, runes: np.ndarray) -> np.ndarray:
        """Which runes to recycle (games x domains) to pay feasible power points.

        Single-domain points take their own domain; each flexible point takes, among the domains
        that keep the rest payable, the one with the most runes left.
        """
        used = np.zeros_like(runes)
        left = pips_by_type.copy()
        by_size = sorted(range(len(self.types)), key=lambda k: bin(self.types[k]).count("1"))
        for k in by_size:
            domains = [d for d in range(len(DOMAINS)) if (self.types[k] >> d) & 1]
            if len(domains) == 1:
                used[:, domains[0]] += left[:, k]
                left[:, k] = 0
                continue
            rows = np.flatnonzero(left[:, k] > 0)
            if rows.size:
                used[rows] = self._assign_flexible(k, domains, left[rows], runes[rows], used[rows])
                left[rows, k] = 0
        return used

    def _assign_flexible(self, k: int, domains: list[int], left: np.ndarray, runes: np.ndarray,
                         used: np.ndarray) -> np.ndarray:
        """Place type ``k``'s points one at a time (only the games that have some)."""
        left = left.copy()
        positions = np.arange(left.shape[0])
        while (pending := left[:, k] > 0).any():
            left[pending, k] -= 1
            scores = np.full((left.shape[0], len(domains)), -1, dtype=np.int64)
            for col, d in enumerate(domains):
                trial = runes - used
                trial[:, d] -= 1
                ok = (trial[:, d] >= 0) & self.feasible(left, trial)
                scores[:, col] = np.where(ok, runes[:, d] - used[:, d], -1)
            pick = np.array(domains)[np.argmax(scores, axis=1)]
            used[positions[pending], pick[pending]] += 1
        return used


def runes_array(runes: Mapping[Domain, int]) -> np.ndarray:
    """A per-domain count mapping as one row of the engine's domain arrays."""
    row = np.zeros((1, len(DOMAINS)), dtype=np.int64)
    for domain, count in runes.items():
        row[0, DOMAIN_INDEX[domain]] = count
    return row


def can_cast_together(cards: list[Card], runes: Mapping[Domain, int]) -> bool:
    """Can all ``cards`` be paid in one turn with these runes in play (energy and power)?"""
    if sum(c.energy or 0 for c in cards) > sum(runes.values()):
        return False
    model = PowerModel(cards)
    pips = np.zeros((1, len(model.types)), dtype=np.int64)
    for j, k in enumerate(model.card_type):
        if k >= 0:
            pips[0, k] += model.card_power[j]
    return bool(model.feasible(pips, runes_array(runes))[0])


def can_cast(card: Card, runes: Mapping[Domain, int]) -> bool:
    """Can this one card be paid with these runes in play?"""
    return can_cast_together([card], runes)
