"""Where the goldfish sits: how many players, and its place in turn order (CR 485–490).

What changes with the mode (CR 485–490):

- **1v1** (2 players): both players draw on their first turn; the player going second channels 3
  runes on their first turn (485.7, 486.7). Two battlefields are in play.
- **Free-for-all** (3 or 4 players): the first player skips their first draw; the last player
  channels 1 extra rune on their first turn. Three battlefields are in play (FFA4 removes the first
  player's). Every other seat draws and channels as usual.

The victory score is 8 in all of these (11 is 2v2 only, which this does not model).
"""

from __future__ import annotations

from dataclasses import dataclass

from deckcheck.words import listing, say
from deckcheck.errors import DeckcheckError

CHANNEL_PER_TURN = 2
VICTORY_SCORE = 8
MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass(frozen=True, slots=True)
class Seat:
    """``players`` at the table (2–4); ``position`` 1 is the first player."""

    players: int = 2
    position: int = 1

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise DeckcheckError(f"must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {self.players}", parameter="players")
        if not 1 <= self.position <= self.players:
            raise DeckcheckError(f"must be 1 to {self.players} with {self.players} players, not {self.position}",
                                 parameter="seat")

    @classmethod
    def of(cls, players: int = 2, on_the_draw: bool = False, seat: int | None = None) -> Seat:
        """From the command-line options: ``--seat`` wins; ``--on-the-draw`` is seat 2 in 1v1 and the
        last seat in a free-for-all (the seat that channels an extra rune)."""
        if seat is not None:
            if on_the_draw and seat == 1:
                raise DeckcheckError("--on-the-draw and --seat 1 contradict each other")
            return cls(players, seat)
        return cls(players, players if on_the_draw else 1)

    # ------------------------------------------------------------ first-turn rules
    @property
    def free_for_all(self) -> bool:
        return self.players > 2

    @property
    def on_the_draw(self) -> bool:
        """Not the first player."""
        return self.position > 1

    @property
    def extra_rune(self) -> int:
        """Runes channelled on top of 2 on this seat's first turn."""
        last = self.position == self.players
        return 1 if (last and self.position > 1) else 0

    @property
    def first_turn_runes(self) -> int:
        return CHANNEL_PER_TURN + self.extra_rune

    @property
    def draws_on_turn_one(self) -> bool:
        """In a free-for-all the first player skips their first draw; in 1v1 everybody draws."""
        return not (self.free_for_all and self.position == 1)

    @property
    def battlefields(self) -> int:
        """Battlefields in play: 2 in 1v1, 3 in a free-for-all."""
        return 3 if self.free_for_all else 2

    @property
    def victory_score(self) -> int:
        return VICTORY_SCORE

    # ------------------------------------------------------------ counts by turn
    def runes_channelled_by(self, turn: int, runes: int = 12) -> int:
        """Runes channelled in turns 1..``turn`` from a rune deck of ``runes`` (none recycled)."""
        if turn <= 0:
            return 0
        return min(runes, CHANNEL_PER_TURN * turn + self.extra_rune)

    def cards_drawn_by(self, turn: int) -> int:
        """Turn draws in turns 1..``turn`` (the opening hand and mulligan not counted)."""
        if turn <= 0:
            return 0
        return turn - (0 if self.draws_on_turn_one else 1)

    def describe(self) -> str:
        if not self.free_for_all:
            return say("going second (3 runes on turn 1)") if self.on_the_draw else say("going first")
        notes = []
        if not self.draws_on_turn_one:
            notes.append(say("no draw on turn 1"))
        if self.extra_rune:
            notes.append(say("3 runes on turn 1"))
        if notes:
            return say("seat {seat} of {players} ({notes}), {battlefields} battlefields", seat=self.position,
                       players=self.players, notes=listing(notes, ","), battlefields=self.battlefields)
        return say("seat {seat} of {players}, {battlefields} battlefields", seat=self.position, players=self.players,
                   battlefields=self.battlefields)
