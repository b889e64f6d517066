"""The pydantic spelling (``model_copy``, ``model_dump``) for the plain dataclasses of the hot path.

Schemas (pydantic) stay at the boundaries: card-data import, deck files, format files. Objects built
from checked data are ``@dataclass(slots=True)`` classes deriving :class:`Plain`, so callers copy and
dump them as they would a model.
"""

from __future__ import annotations

import copy
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
        """A shallow copy with some fields changed, unchecked like pydantic's (a frozen class's is rebuilt)."""
        if self.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            return replace(self, **(update or {}))  # type: ignore[type-var]
        new = copy.copy(self)
        for name, value in (update or {}).items():
            setattr(new, name, value)
        return new

    def model_dump(self, mode: str = "python") -> dict[str, Any]:
        """The fields as a dict, nested records included; ``mode="json"`` gives JSON-ready values."""
        as_json = mode == "json"
        return {f.name: _dump(getattr(self, f.name), as_json) for f in fields(self)}  # type: ignore[arg-type]


def _dump(value: Any, as_json: bool) -> Any:
    if isinstance(value, Plain):
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
