"""Words for people: wording helpers shared by messages and renderers, and the one function that
makes any text safe to show a person (:func:`one_line`).

Messages are templates with named fields (:func:`say`, :func:`say_n`), put in the reader's language by a
:class:`Language` (:mod:`deckcheck.translate`, re-exported here).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import overload

from deckcheck.translate import (ENGLISH, LANGUAGES, Card, Champion, Language, Listing, Lowered, Message, N_, N_n,
                                 SAID, Speaking, card_named, champion_named, join_names, language, listing, lowered, say,
                                 say_n, word)

#: Invisible characters that join letters (Persian, Indic scripts, emoji sequences): shown as they are.
_JOINERS = frozenset("\u200c\u200d")


def one_line(text: str) -> str:
    """``text`` as one line safe for a terminal, a CI log, a spreadsheet cell or a page.

    Every control and format character is written as its escape: a line break (``\\n``), a tab,
    ESC (``\\x1b``, so no escape sequence, hyperlink or window title reaches a terminal), NUL, the
    C1 controls, U+202E and the other bidirectional overrides (``\\u202e``). Any other space (a
    no-break space, the ideographic space) is a plain space. Printable text, Chinese and emoji
    included, is unchanged, so a line break in a player's name can never start a line of its own
    (``::error file=…::`` that GitHub Actions would run as a workflow command).

    >>> one_line("x\\x1b[2J\\n::error::no")
    'x\\\\x1b[2J\\\\n::error::no'
    """
    if text.isprintable():
        return text
    from unicodedata import category

    return "".join(ch if ch.isprintable() or ch in _JOINERS else " " if category(ch) == "Zs" else repr(ch)[1:-1]
                   for ch in text)


def each_line(text: str) -> str:
    """``text`` with its line breaks (``\\n``) kept and every line made safe by :func:`one_line`: a
    block that is several lines by design (a corrected list, the problems of one CSV cell)."""
    return "\n".join(one_line(line) for line in text.split("\n"))


def spreadsheet_cell(text: str, lines: bool = False) -> str:
    """``text`` for a CSV cell: one line (``lines``: several by design, each kept) with no control
    character, and never run as a formula by a spreadsheet (a name like ``=HYPERLINK(…)`` stays text)."""
    text = each_line(text) if lines else one_line(text)
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


__all__ = ["ENGLISH", "LANGUAGES", "Card", "Champion", "Language", "Listing", "Lowered", "Message", "N_", "N_n",
           "SAID", "Speaking", "card_named", "champion_named", "join_names", "language", "listing", "lowered", "say", "say_n",
           "word", "plural",
           "excluded_by_settings", "skipped_summary", "with_written", "one_line", "each_line", "spreadsheet_cell"]


def plural(count: int, word: str) -> str:
    """``1 file``, ``2 files``: a count and its noun (a regular plural)."""
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def excluded_by_settings(skipped: object) -> bool:
    """Whether a file a batch passed over was left out by the settings' ``exclude`` (not for not being a deck)."""
    return str(getattr(skipped, "reason", "")).startswith("excluded by")


def skipped_summary(skipped: Iterable[object]) -> Message:
    """``2 files skipped (not decks)``, ``1 file excluded by the settings``, or both joined by ``and``."""
    skipped = list(skipped)
    excluded = sum(map(excluded_by_settings, skipped))
    passed = len(skipped) - excluded
    files = say_n("{n:,} file skipped (not decks)", "{n:,} files skipped (not decks)", passed) if passed else None
    left = say_n("{n:,} file excluded by the settings", "{n:,} files excluded by the settings", excluded)
    if files is None:
        return left
    return say("{skipped} and {excluded}", skipped=files, excluded=left) if excluded else files


@overload
def with_written(name: str, written: str | None) -> str: ...


@overload
def with_written(name: None, written: str | None) -> None: ...


@overload
def with_written(name: str | None, written: str | None) -> str | None: ...


def with_written(name: str | None, written: str | None) -> str | None:
    """``Kai'Sa, Daughter of the Void (虚空之女)``: a card's English name with the name the list wrote
    in another language, for people who read either; the name alone when the list wrote it so."""
    return f"{name} ({written})" if written and name else name


def near_miss(wanted: str, options: Iterable[str]) -> str:
    """``"; did you mean 'Day 2'?"`` naming the option closest to ``wanted`` (a column, a sheet), or ""
    when none is close; compared as written, then without case, spaces, '_' or '-'."""
    import difflib
    import re

    options = [o for o in options if o.strip()]
    close = difflib.get_close_matches(wanted, options, n=1, cutoff=0.6)
    if not close:
        def fold(text: str) -> str:
            return re.sub(r"[\s_\-]+", " ", text).strip().casefold()

        by_key = {fold(o): o for o in options}
        close = [by_key[k] for k in difflib.get_close_matches(fold(wanted), list(by_key), n=1)]
    return f"; did you mean '{close[0]}'?" if close else ""
