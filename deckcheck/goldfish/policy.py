"""How the goldfish plays its Main phase: which cards to play, which units to move.

A policy only *chooses*; the engine checks every choice against the rules
(:meth:`~deckcheck.goldfish.payment.PlayKinds.evaluate`, :meth:`~deckcheck.goldfish.board.Board.move`)
and refuses an illegal one. Policies work on many games at once (one row per game).

Policies (``POLICIES``, by name):

- ``most-energy`` (the default): **spend the most energy the hand allows.** Every turn an exact
  search looks at every set of cards it could play (hand, Champion Zone, and Legion plays from the
  trash), with Legion counted (Noxus Hopeful costs 2 once another card was played first; Undying
  Legion may come back from the trash once another card was played; Darius, Hand of Noxus adds 1
  Energy once a card was played) and power paid by recycling runes. Among the sets that can be
  paid it takes the one that spends the most energy; on a tie, the one with the most units, then
  the fewest runes recycled for power, then the most cards. The card played first (Legion off) is
  one whose Legion loses nothing if there is one (:meth:`~deckcheck.goldfish.payment.PlayKinds.lead`),
  never the one listed first.
- ``costliest-first``: the autopilot of earlier versions, kept to compare: the costliest card that
  can still be paid first, as many copies as can be paid, then the next; Legion counts only where
  that order happens to turn it on.

Both move the same way: each ready unit at the base goes to a battlefield you do not control, one
unit to each (in battlefield order); units stay on the battlefields they hold. Moves come before
plays (a unit played this turn enters exhausted), and again after them for units that Legion made
enter ready (Darius, Executioner; Sun Disc).
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np

from deckcheck.words import N_, say
from deckcheck.errors import DeckcheckError
from deckcheck.goldfish.payment import NORMAL, REDUCED, TRASH, PlayKinds

#: Sets of up to this many candidate cards are searched in one vectorised pass (2**12 subsets).
MAX_SLOTS = 12
#: Subset cells evaluated at once (games x subsets), to bound memory.
CHUNK_CELLS = 1 << 22


class Policy:
    """The base: standard moves; subclasses choose the plays."""

    name = "base"
    rule = ""

    def describe(self) -> str:
        return say("{name}: {rule}", name=self.name, rule=say(self.rule))

    def moves(self, ready: np.ndarray, control: np.ndarray) -> np.ndarray:
        """Units sent from the base to each battlefield (games x battlefields)."""
        sent = np.zeros(control.shape, dtype=np.int64)
        left = ready.copy()
        for b in range(control.shape[1]):
            go = ~control[:, b] & (left > 0)
            sent[go, b] = 1
            left -= go
        return sent

    def plays(self, kinds: PlayKinds, available: np.ndarray, pools: np.ndarray) -> np.ndarray:
        """Counts per play kind (games x kinds), at most ``available``, that the rules let you pay."""
        raise NotImplementedError


@lru_cache(maxsize=None)
def _subsets(size: int) -> np.ndarray:
    """Every subset of ``size`` slots as a 0/1 matrix (subsets x slots), float32 for matmul."""
    return ((np.arange(1 << size)[:, None] >> np.arange(size)[None, :]) & 1).astype(np.float32)


def _score(total, units, pips, count):
    """Larger is better: energy, then units, then fewer power points, then cards (exact in float32)."""
    return total * 4096 + np.minimum(units, 15) * 256 + (15 - np.minimum(pips, 15)) * 16 + np.minimum(count, 15)


class _Classes:
    """Play kinds that cost the same in every way (energy, Legion, power type and points, unit or
    not) and whose Legion does the same on the board are interchangeable for the search: it counts per
    class, then spreads each class's count over its kinds in kind order. Classes are ordered by what
    they are, not by the list's order, so a tie between two sets never depends on how the deck is listed.

    ``attrs`` (classes x attributes) holds what the rules sum over a set of plays: counts by Legion
    class (no need, reduced, from the trash), energy with Legion on, units, power points, one column
    per cost reduction amount, and power points per Hall subset that any card needs.
    """

    def __init__(self, kinds: PlayKinds) -> None:
        signature = [(int(kinds.full[k]), int(kinds.cost[k]), int(kinds.cut[k]), int(kinds.klass[k]),
                      bool(kinds.is_unit[k]), int(kinds.power.card_type[k]), int(kinds.pips[k]),
                      bool(kinds.ready_self[k]), int(kinds.tokens[k]), k in kinds.readier_kinds)
                     for k in range(kinds.kinds)]
        order = sorted(set(signature))
        self.kinds = kinds
        self.count = len(order)
        self.of_kind = np.array([order.index(sig) for sig in signature], dtype=np.int64)
        pick = np.array([signature.index(sig) for sig in order], dtype=np.int64)  # first kind of each class
        self.shared = [c for c in range(self.count) if (self.of_kind == c).sum() > 1]
        self.subsets = [s for s in range(len(kinds.power.subsets)) if kinds.need[:, s].any()]
        self.klass = kinds.klass[pick]
        self.full = kinds.full[pick]
        self.cost = kinds.cost[pick]
        self.pips = kinds.pips[pick]
        self.power_subset = np.array([kinds.power.type_subset[t] if t >= 0 else -1
                                      for t in kinds.power.card_type[pick]], dtype=np.int64)
        columns = [self.klass == NORMAL, self.klass == REDUCED, self.klass == TRASH, self.cost,
                   kinds.is_unit[pick], self.pips]
        columns += [(self.klass == REDUCED) & (kinds.cut[pick] == cut) for cut in kinds.cuts]
        columns += [kinds.need[pick, s] for s in self.subsets]
        self.attrs = np.stack([np.asarray(c, dtype=np.float32) for c in columns], axis=1)
        self.width = self.attrs.shape[1] + (2 if kinds.bonus else 0)

    def collapse(self, per_kind: np.ndarray) -> np.ndarray:
        """Counts per kind -> counts per class."""
        out = np.zeros((per_kind.shape[0], self.count), dtype=np.int16)
        for k, c in enumerate(self.of_kind):
            out[:, c] += per_kind[:, k]
        return out

    def spread(self, class_counts: np.ndarray, available: np.ndarray) -> np.ndarray:
        """Counts per class -> counts per kind, filling each class's kinds in order."""
        out = class_counts[:, self.of_kind].astype(available.dtype)
        for c in self.shared:
            left = class_counts[:, c].copy()
            for k in np.flatnonzero(self.of_kind == c):
                take = np.minimum(left, available[:, k])
                out[:, k] = take
                left -= take
        return out

    def caps(self, avail: np.ndarray, energy: np.ndarray, runes_all: np.ndarray) -> np.ndarray:
        """Per class, the most copies any payable set could hold (energy and power bounds)."""
        budget = energy + self.kinds.bonus
        caps = avail.copy()
        for c in range(self.count):
            if self.cost[c] > 0:
                np.minimum(caps[:, c], budget // self.cost[c], out=caps[:, c])
            if self.pips[c] > 0:
                np.minimum(caps[:, c], runes_all[:, self.power_subset[c]] // self.pips[c], out=caps[:, c])
        return caps

    def lead_columns(self, slot_class: np.ndarray, energy: np.ndarray) -> np.ndarray:
        """With Darius's extra energy: per slot, could it lead (paid by the runes alone), by Legion class."""
        affordable = self.full[slot_class] <= energy.reshape((-1,) + (1,) * (slot_class.ndim - 1))
        klass = self.klass[slot_class]
        return np.stack([(klass == NORMAL) & affordable, (klass == REDUCED) & affordable], axis=-1)

    def judge(self, sums: np.ndarray, energy: np.ndarray, runes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The rules of :meth:`PlayKinds.evaluate` on attribute sums (games x attributes x sets):
        which sets can be paid, and their score."""
        kinds = self.kinds
        n_normal, n_reduced, n_trash, total, units, pips = (sums[:, i] for i in range(6))
        count = n_normal + n_reduced + n_trash
        at = 6
        if kinds.cuts:
            leader = (n_normal == 0) & (n_reduced > 0)
            first_cut = np.zeros_like(total)
            for i, cut in reversed(list(enumerate(kinds.cuts))):
                first_cut = np.where(sums[:, at + i] > 0, np.float32(cut), first_cut)
            total = total + np.where(leader, first_cut, np.float32(0))
            at += len(kinds.cuts)
        ok = ~((n_normal == 0) & (n_reduced == 0) & (n_trash > 0))
        budget = energy[:, None].astype(np.float32)
        ok &= total <= budget + np.where(count > 0, np.float32(kinds.bonus), np.float32(0))
        for i in range(len(self.subsets)):
            ok &= sums[:, at + i] <= runes[:, i:i + 1]
        at += len(self.subsets)
        if kinds.bonus:
            ok &= np.where(n_normal > 0, sums[:, at] > 0, np.where(n_reduced > 0, sums[:, at + 1] > 0, True))
        return ok, _score(total, units, pips, count)


def _classes(kinds: PlayKinds) -> _Classes:
    cached = getattr(kinds, "_policy_classes", None)
    if cached is None:
        cached = _Classes(kinds)
        kinds._policy_classes = cached  # type: ignore[attr-defined]
    return cached


def _position_keys(state: np.ndarray) -> np.ndarray:
    """One exact key per row of small non-negative integers (mixed radix if it fits in 62 bits)."""
    bases = state.max(axis=0).astype(np.int64) + 1
    if float(np.prod(bases.astype(np.float64))) < 2.0 ** 62:
        radix = np.cumprod(np.concatenate([[1], bases[:-1]]))
        return state.astype(np.int64) @ radix
    packed = np.ascontiguousarray(state.astype(np.int16))
    return packed.view(np.dtype((np.void, packed.dtype.itemsize * packed.shape[1]))).ravel()


class MostEnergy(Policy):
    name = "most-energy"
    rule = N_("spend the most energy the hand allows (exact search per turn, Legion counted); ties: most units, "
              "fewest runes recycled, most cards")

    def plays(self, kinds: PlayKinds, available: np.ndarray, pools: np.ndarray) -> np.ndarray:
        classes = _classes(kinds)
        energy = pools.sum(axis=1)
        runes_all = kinds.power.runes_per_subset(pools)
        runes = runes_all[:, classes.subsets].astype(np.float32)
        caps = classes.caps(classes.collapse(available), energy, runes_all)
        slots = caps.sum(axis=1)
        # Can everything that could be played be played together? Then that is the best set.
        sums = caps.astype(np.float32) @ classes.attrs
        if kinds.bonus:
            lead = (caps[:, :, None] * classes.lead_columns(np.arange(classes.count)[None, :], energy)).sum(axis=1)
            sums = np.concatenate([sums, lead.astype(np.float32)], axis=1)
        everything, _ = classes.judge(sums[:, :, None], energy, runes)
        chosen = np.where(everything[:, 0, None], caps, np.int16(0))
        rest = np.flatnonzero(~everything[:, 0] & (slots > 0))
        if rest.size:
            # Games in the same position (candidates per class, energy, runes per power subset) get
            # the same answer: search each distinct position once.
            state = np.concatenate([caps[rest], energy[rest, None], runes_all[rest][:, classes.subsets]], axis=1)
            _, first, inverse = np.unique(_position_keys(state), return_index=True, return_inverse=True)
            answers = np.zeros((first.size, classes.count), dtype=np.int16)
            sizes = slots[rest[first]]
            for size in np.unique(sizes):
                which = np.flatnonzero(sizes == size)
                rows = rest[first[which]]
                if size > MAX_SLOTS:
                    for i, row in zip(which, rows):
                        answers[i] = classes.collapse(
                            _search_one(kinds, classes.spread(caps[row:row + 1], available[row:row + 1])[0], pools[row])[None, :])[0]
                    continue
                per_chunk = max(1, CHUNK_CELLS // (classes.width << int(size)))
                for start in range(0, which.size, per_chunk):
                    part = slice(start, start + per_chunk)
                    r = rows[part]
                    answers[which[part]] = _search(classes, caps[r], energy[r], runes[r], int(size))
            chosen[rest] = answers[inverse.ravel()]
        return classes.spread(chosen, available)


def _search(classes: _Classes, caps: np.ndarray, energy: np.ndarray, runes: np.ndarray, size: int) -> np.ndarray:
    """The best set for positions that all have ``size`` candidate cards: every subset at once.

    One matrix product sums every attribute over every subset of every position; :meth:`_Classes.judge`
    applies the rules and the score; the best subset is counted back per class.
    """
    games = caps.shape[0]
    slot_class = np.repeat(np.tile(np.arange(classes.count), games), caps.ravel()).reshape(games, size)
    per_slot = classes.attrs[slot_class]  # games x slots x attrs
    if classes.kinds.bonus:
        per_slot = np.concatenate([per_slot, classes.lead_columns(slot_class, energy).astype(np.float32)], axis=2)
    width = per_slot.shape[2]
    subsets = _subsets(size)  # subsets x slots
    sums = (per_slot.transpose(0, 2, 1).reshape(games * width, size) @ subsets.T).reshape(games, width, -1)
    ok, score = classes.judge(sums, energy, runes)
    best = np.argmax(np.where(ok, score, np.float32(-1)), axis=1)
    picked = subsets[best]  # games x slots
    flat = (np.arange(games)[:, None] * classes.count + slot_class).ravel()
    out = np.bincount(flat, weights=picked.ravel(), minlength=games * classes.count)
    return np.rint(out).astype(np.int64).reshape(games, classes.count)


def _search_one(kinds: PlayKinds, caps: np.ndarray, pools: np.ndarray) -> np.ndarray:
    """The same search for one game with many candidates: every count vector within the energy."""
    budget = int(pools.sum()) + kinds.bonus
    ranges = [range(int(c) + 1) for c in caps]
    candidates = np.array([v for v in itertools.product(*ranges)
                           if sum(n * int(kinds.cost[k]) for k, n in enumerate(v)) <= budget], dtype=np.int64)
    ok, total = kinds.evaluate(candidates, np.repeat(pools[None, :], len(candidates), axis=0))
    score = np.where(ok, _score(total, candidates @ kinds.is_unit, candidates @ kinds.pips, candidates.sum(axis=1)), -1)
    return candidates[int(np.argmax(score))].astype(caps.dtype)


class CostliestFirst(Policy):
    name = "costliest-first"
    rule = N_("the costliest card that can still be paid first, as many copies as can be paid, then the next "
              "(the autopilot of earlier versions)")

    def plays(self, kinds: PlayKinds, available: np.ndarray, pools: np.ndarray) -> np.ndarray:
        chosen = np.zeros_like(available)
        order = sorted(range(kinds.kinds), key=lambda k: (-int(kinds.full[k]), -int(kinds.pips[k]), k))
        for k in order:
            for _ in range(int(available[:, k].max(initial=0))):
                trial = chosen.copy()
                room = chosen[:, k] < available[:, k]
                trial[room, k] += 1
                ok, _ = kinds.evaluate(trial, pools)
                chosen = np.where((ok & room)[:, None], trial, chosen)
        return chosen


POLICIES: dict[str, type[Policy]] = {p.name: p for p in (MostEnergy, CostliestFirst)}
DEFAULT_POLICY = MostEnergy.name


def get_policy(name: str | None = None) -> Policy:
    """A policy by name (default ``most-energy``)."""
    key = (name or DEFAULT_POLICY).strip().lower()
    if key not in POLICIES:
        raise DeckcheckError(f"choose {', '.join(POLICIES)}, not '{name}'", parameter="policy")
    return POLICIES[key]()
