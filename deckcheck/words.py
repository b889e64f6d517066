"""Wording helpers shared by messages and renderers."""

from __future__ import annotations

from collections.abc import Iterable


def join_names(names: Iterable[str]) -> str:
    """Card names as one list: ``"; "`` between them when a name holds a comma (``Jinx, Rebel;
    Cleave``), so every name stays whole; ``", "`` otherwise."""
    names = [str(n) for n in names]
    return ("; " if any("," in n for n in names) else ", ").join(names)
