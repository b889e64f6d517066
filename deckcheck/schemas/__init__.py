"""The JSON Schemas (draft 2020-12) of deckcheck's JSON documents, shipped with the package:
``check.schema.json`` (``check -o json``) and ``fix.schema.json`` (``fix -o json``)."""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Any

#: The documents described, by name.
NAMES = ("check", "fix")


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema of ``name`` (``check`` or ``fix``) as plain data."""
    if name not in NAMES:
        raise ValueError(f"no schema named {name!r} (choose from {', '.join(NAMES)})")
    return json.loads(files(__package__).joinpath(f"{name}.schema.json").read_text(encoding="utf-8"))
