"""Errors deckcheck reports to a user, and the exit codes of the CLI."""

from __future__ import annotations

#: Every deck legal (or the command did what it was asked).
EXIT_OK = 0
#: Some deck is illegal (or, with --strict, has warnings).
EXIT_ILLEGAL = 1
#: Bad input or usage: unreadable file, unknown option, broken card data.
EXIT_USAGE = 2


def one_line(text: str) -> str:
    """``text`` with control characters (newlines, tabs, NUL, ...) escaped, so it prints as one line."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


class DeckcheckError(Exception):
    """A problem with the user's input, told as one line with file and line where known."""

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None) -> None:
        message = one_line(message)
        super().__init__(message)
        self.message = message
        self.file = one_line(file) if file else file
        self.line = line

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = self.file + (f":{self.line}" if self.line else "") + ": "
        elif self.line:
            where = f"line {self.line}: "
        return where + self.message


class CardDataError(DeckcheckError):
    """The card bundle is missing, corrupted or malformed."""


class DeckReadError(DeckcheckError):
    """A deck file or deck code cannot be read at all."""


class DeckCodeError(DeckReadError):
    """A deck code is malformed (bad character, unknown version, truncated, ...)."""
