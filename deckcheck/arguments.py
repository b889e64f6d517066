"""How the library reads its arguments, the same way in every public function.

- :func:`one_or_many`: a parameter taking paths, deck codes or rule selectors takes one (a ``str``
  or an ``os.PathLike``) or many (any other iterable); a string is never taken letter by letter.
- :func:`renamed`: a parameter's old spelling still works for one release, with a
  ``DeprecationWarning`` naming the new one.

>>> one_or_many("sample_decks"), one_or_many(["a.txt", "b.txt"]), one_or_many(None)
(['sample_decks'], ['a.txt', 'b.txt'], [])
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")

#: The release in which the old spellings of renamed parameters stop working.
REMOVED_IN = "0.4"


def one_or_many(value: T | Iterable[T] | None) -> list[T]:
    """``value`` as a list of items: a ``str``, ``bytes`` or path is one item, None is none, and any
    other iterable gives its items."""
    if value is None:
        return []
    if isinstance(value, (str, bytes, os.PathLike)):
        return [value]  # type: ignore[list-item]  # T is the str or path itself here
    return list(value)  # type: ignore[arg-type]  # not a str or path: an iterable of T


def renamed(function: str, old: str, new: str, old_value: T | None, new_value: T | None) -> T | None:
    """The value given for parameter ``new`` of ``function``, or under its old spelling ``old``
    (with a ``DeprecationWarning``); both at once is a ``TypeError``, as Python's own for a
    parameter given twice."""
    if old_value is None:
        return new_value
    if new_value is not None:
        raise TypeError(f"{function}() got both {old}= and {new}=; give {new}= only")
    warnings.warn(f"{function}({old}=...) is deprecated and stops working in deckcheck {REMOVED_IN}; "
                  f"write {function}({new}=...)", DeprecationWarning, stacklevel=3)
    return old_value
