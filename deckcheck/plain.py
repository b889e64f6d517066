"""The pydantic spelling (``model_copy``, ``model_dump``) for the plain dataclasses of the hot path.

Schemas (pydantic) stay at the boundaries: card-data import, deck files, format files. Objects built
from checked data are ``@dataclass(slots=True)`` classes deriving :class:`Plain`, so callers copy and
dump them as they would a model. :class:`Record` is the older base of the classes the readers
still build field by field (cards/model.py, decks/model.py).
"""

from __future__ import annotations

from dataclasses import fields, replace
from datetime import date
from enum import Enum
from typing import Any


class Plain:
    """``model_construct``/``model_copy``/``model_dump`` for a dataclass."""

    __slots__ = ()

    @classmethod
    def model_construct(cls, **values: Any) -> Any:
        """Build from fields (the pydantic spelling)."""
        return cls(**values)

    def model_copy(self, *, update: dict[str, Any] | None = None) -> Any:
        """A shallow copy with some fields changed."""
        return replace(self, **update) if update else replace(self)  # type: ignore[type-var]

    def model_dump(self, mode: str = "python") -> dict[str, Any]:
        """The fields as a dict, nested records included; ``mode="json"`` gives JSON-ready values."""
        as_json = mode == "json"
        return {f.name: _dump(getattr(self, f.name), as_json) for f in fields(self)}  # type: ignore[arg-type]


def _dump(value: Any, as_json: bool) -> Any:
    if isinstance(value, (Plain, Record)):
        return value.model_dump("json" if as_json else "python")
    if isinstance(value, Enum):
        return value.value if as_json else value
    if isinstance(value, date):
        return value.isoformat() if as_json else value
    if isinstance(value, (list, tuple)):
        items = [_dump(v, as_json) for v in value]
        return items if as_json or isinstance(value, list) else tuple(items)
    if isinstance(value, dict):
        return {k: _dump(v, as_json) for k, v in value.items()}
    return value


class Record:
    """Base of a plain data class: subclasses list their fields in ``__slots__`` and write ``__init__``."""

    __slots__ = ()

    def _values(self) -> tuple:
        return tuple([getattr(self, name) for name in self.__slots__])

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"

    def __getstate__(self) -> dict[str, Any]:  # copy.copy/deepcopy
        return {name: getattr(self, name) for name in self.__slots__}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)

    @classmethod
    def model_construct(cls, **fields: Any) -> Any:
        """Build from fields (the pydantic spelling; a plain class checks nothing either way)."""
        return cls(**fields)

    def model_copy(self, *, update: dict[str, Any] | None = None) -> Any:
        """A shallow copy with some fields changed (no checks, like pydantic's ``model_copy``)."""
        new = object.__new__(type(self))
        changes = update or {}
        for name in self.__slots__:
            object.__setattr__(new, name, changes[name] if name in changes else getattr(self, name))
        return new

    def model_dump(self, mode: str = "python") -> dict[str, Any]:
        """The fields as a dict, nested records included; ``mode="json"`` gives JSON-ready values."""
        as_json = mode == "json"
        return {name: _dump(getattr(self, name), as_json) for name in self.__slots__}
