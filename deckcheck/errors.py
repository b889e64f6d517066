"""Errors deckcheck reports to a user, and the exit codes of the CLI."""

from __future__ import annotations

from deckcheck.words import one_line  # errors are words for people: one line, no control characters

#: Every deck legal (or the command did what it was asked).
EXIT_OK = 0
#: Some deck is illegal (or, with --strict, has warnings).
EXIT_ILLEGAL = 1
#: Bad input or usage: unreadable file, unknown option, broken card data.
EXIT_USAGE = 2


def place(file: str | None, line: int | None) -> str:
    """Where something is: ``file:line``, ``file``, ``line N``, or "" when neither is known."""
    if file and line:
        return f"{file}:{line}"
    return file or (f"line {line}" if line else "")


class DeckcheckError(Exception):
    """A problem with the user's input, told as one line with file and line where known."""

    #: The player whose registration this is (a row of an export), when known.
    player: str | None = None

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None) -> None:
        message = one_line(message)
        super().__init__(message)
        self.message = message
        self.file = one_line(file) if file else file
        self.line = line

    def __str__(self) -> str:
        where = place(self.file, self.line)
        return f"{where}: {self.message}" if where else self.message


class CardDataError(DeckcheckError):
    """The card bundle is missing, corrupted or malformed."""


class DeckReadError(DeckcheckError):
    """A deck file or deck code cannot be read at all."""


class DeckCodeError(DeckReadError):
    """A deck code is malformed (bad character, unknown version, truncated, ...)."""
