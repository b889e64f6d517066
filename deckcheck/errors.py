"""Errors deckcheck reports to a user, and the exit codes of the CLI."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcheck.words import one_line, say  # errors are words for people: one line, no control characters

if TYPE_CHECKING:
    from deckcheck.words import Language

#: Every deck legal (or the command did what it was asked).
EXIT_OK = 0
#: Some deck is illegal (or, with --strict, has warnings).
EXIT_ILLEGAL = 1
#: Bad input or usage: unreadable file, unknown option, broken card data.
EXIT_USAGE = 2


#: File endings of registration exports, each row of which is a source of its own (``regs.csv:35``).
EXPORT_ENDINGS = (".csv", ".tsv", ".xlsx", ".txt")


def place(file: str | None, line: int | None) -> str:
    """Where something is, for people: ``file:line``, ``file``, ``line N``, or "" when neither is known.
    A row of a registration export (``regs.csv:35``) is said ``regs.csv row 35``, and a line of the
    list pasted in its deck cell ``regs.csv row 35, line 4`` (``regs.csv:35:4`` reads like row:column)."""
    if file:
        path, _, row = file.rpartition(":")
        if row.isdigit() and row.isascii() and path.lower().endswith(EXPORT_ENDINGS):
            if line:
                return say("{file} row {row}, line {line}", file=path, row=row, line=line)
            return say("{file} row {row}", file=path, row=row)
    if file and line:
        return f"{file}:{line}"
    return file or (say("line {line}", line=line) if line else "")


class DeckcheckError(Exception):
    """A problem with the user's input, told as one line with file and line where known.

    An error about an argument names its ``parameter`` as the library spells it
    (``as_of: 'yesterday' is not a date``); the CLI names its option instead (:meth:`naming`).
    """

    #: The player whose registration this is (a row of an export), when known.
    player: str | None = None

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 parameter: str | None = None) -> None:
        message = one_line(message)
        super().__init__(message)
        self.message = message
        self.file = one_line(file) if file else file
        self.line = line
        self.parameter = parameter

    def __str__(self) -> str:
        return self.naming(self.parameter)

    def naming(self, argument: str | None, w: Language | None = None) -> str:
        """The error told with its argument called ``argument`` (an option, ``--as-of``), in the
        language ``w`` (English when None)."""
        said = self.message if w is None else w(self.message)
        message = f"{argument}: {said}" if argument else said
        where = place(self.file, self.line)
        if w is not None:
            where = w(where)
        return f"{where}: {message}" if where else message

    def said(self, w: Language) -> str:
        """The error told in the language ``w``: ``file: why``."""
        return self.naming(self.parameter, w)


class CardDataError(DeckcheckError):
    """The card bundle is missing, corrupted or malformed."""


class DeckReadError(DeckcheckError):
    """A deck file or deck code cannot be read at all."""


class DeckCodeError(DeckReadError):
    """A deck code is malformed (bad character, unknown version, truncated, ...)."""
