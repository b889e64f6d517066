"""Lone UTF-16 surrogates in parsed JSON: text that cannot be written back as UTF-8."""

from __future__ import annotations

import re
from typing import Any

#: One half of a UTF-16 surrogate pair, as ``json.loads`` leaves it for an unpaired ``\ud800``.
SURROGATE = re.compile("[\ud800-\udfff]")


def has_surrogate(value: Any) -> bool:
    """True if any key or string of a parsed JSON value holds half of a UTF-16 pair."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False
