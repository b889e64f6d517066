"""The board of an unopposed game: units at the base and at the battlefields, control, and scoring.

Rules followed (CR 315–317, 629, 474):

- Units enter exhausted at the base. **Awaken** readies every unit.
- A **standard move** exhausts a ready unit to go from the base to a battlefield (or back).
- Nobody opposes: a unit arriving at a battlefield you do not control takes control of it.
- **Conquer**: gaining control of a battlefield you have not scored this turn scores it: 1 point.
- **Hold**: at the Beginning phase each battlefield you control is scored: 1 point each.
- A battlefield is scored at most once per turn.
- **The last point**: the point that would reach the victory score counts when scored by hold; by
  conquer it counts only if every other battlefield in play was already scored this turn; otherwise
  you draw a card instead of the point (the battlefield still counts as scored this turn).

Every array has one row per game. Units are counted, not named: without an opponent every unit
does the same job.
"""

from __future__ import annotations

import numpy as np


class Board:
    def __init__(self, games: int, battlefields: int, victory: int) -> None:
        self.battlefields = battlefields
        self.victory = victory
        self.base_ready = np.zeros(games, dtype=np.int64)
        self.base_exhausted = np.zeros(games, dtype=np.int64)
        self.at = np.zeros((games, battlefields), dtype=np.int64)  # units at each battlefield
        self.control = np.zeros((games, battlefields), dtype=bool)
        self.scored = np.zeros((games, battlefields), dtype=bool)  # scored this turn
        self.points = np.zeros(games, dtype=np.int64)
        self.by_hold = np.zeros(games, dtype=np.int64)
        self.by_conquer = np.zeros(games, dtype=np.int64)
        self.held_back = np.zeros(games, dtype=np.int64)  # last points by conquer turned into a draw

    def keep(self, rows: np.ndarray) -> None:
        """Keep only these games (in this order)."""
        for name in ("base_ready", "base_exhausted", "at", "control", "scored", "points", "by_hold",
                     "by_conquer", "held_back"):
            setattr(self, name, getattr(self, name)[rows])

    @property
    def units(self) -> np.ndarray:
        return self.base_ready + self.base_exhausted + self.at.sum(axis=1)

    # ------------------------------------------------------------ the turn
    def awaken(self) -> None:
        """Awaken: every unit readies (units at battlefields stay there). A new turn: nothing scored."""
        self.base_ready += self.base_exhausted
        self.base_exhausted[:] = 0
        self.scored[:] = False

    def hold(self, active: np.ndarray) -> np.ndarray:
        """Beginning phase: score every battlefield held. Returns the points gained per game."""
        held = self.control & active[:, None]
        self.scored |= held
        gained = held.sum(axis=1)
        self.points += gained
        self.by_hold += gained
        return gained

    def enter(self, units: np.ndarray) -> None:
        """Units just played enter exhausted at the base."""
        self.base_exhausted += units

    def move(self, sent: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Standard moves from the base: ``sent[g, b]`` ready units go to battlefield ``b``.

        Battlefields are taken in order. Returns, per game and battlefield, the points by conquer
        and the cards to draw instead of the last point (0 or 1 each).
        """
        if (sent < 0).any() or (sent.sum(axis=1) > self.base_ready).any():
            raise ValueError("only ready units at the base can make a standard move")
        conquered = np.zeros(sent.shape, dtype=np.int64)
        draws = np.zeros(sent.shape, dtype=np.int64)
        for b in range(self.battlefields):
            going = sent[:, b] > 0
            if not going.any():
                continue
            self.base_ready -= sent[:, b]
            self.at[:, b] += sent[:, b]
            taken = going & ~self.control[:, b]
            self.control[:, b] |= going
            scores = taken & ~self.scored[:, b]
            others = np.delete(self.scored, b, axis=1).all(axis=1)
            last = scores & (self.points + 1 >= self.victory) & ~others
            point = scores & ~last
            self.scored[:, b] |= scores
            self.points += point
            self.by_conquer += point
            conquered[:, b] = point
            self.held_back += last
            draws[:, b] = last
        return conquered, draws
