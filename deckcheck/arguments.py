"""How the library reads its arguments, the same way in every public function.

- :func:`as_paths`, :func:`as_strings`: a parameter taking paths, deck codes or rule selectors
  takes one (a ``str``, or an ``os.PathLike`` for a path) or many (any other iterable); a string
  is never taken letter by letter.
- :func:`renamed`: a parameter's old spelling still works for one release, with a
  ``DeprecationWarning`` naming the new one.

>>> from pathlib import Path
>>> as_paths("sample_decks"), as_paths([Path("a.txt"), "b.txt"]), as_strings("RB004"), as_strings(None)
(['sample_decks'], ['a.txt', 'b.txt'], ['RB004'], [])
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")

#: The release in which the old spellings of renamed parameters stop working.
REMOVED_IN = "0.4"
#: One path: a ``str`` or an ``os.PathLike`` (a ``pathlib.Path``).
OnePath = str | os.PathLike[str]
#: One path or many.
Paths = OnePath | Iterable[OnePath]


def as_paths(value: Paths | None) -> list[str]:
    """``value`` as a list of path strings: a ``str`` or path is one, None is none, and any other
    iterable gives its items."""
    if value is None:
        return []
    if isinstance(value, (str, os.PathLike)):
        return [os.fspath(value)]
    return [os.fspath(item) for item in value]


def as_strings(value: str | Iterable[str] | None) -> list[str]:
    """``value`` as a list of strings: a ``str`` is one, None is none, and any other iterable gives its items."""
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    return list(value)


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
