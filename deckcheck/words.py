"""Wording helpers shared by messages and renderers."""

from __future__ import annotations

from collections.abc import Iterable


def join_names(names: Iterable[str]) -> str:
    """Card names as one list: ``"; "`` between them when a name holds a comma (``Jinx, Rebel;
    Cleave``), so every name stays whole; ``", "`` otherwise."""
    names = [str(n) for n in names]
    return ("; " if any("," in n for n in names) else ", ").join(names)


def with_written(name: str | None, written: str | None) -> str | None:
    """``Kai'Sa, Daughter of the Void (虚空之女)``: a card's English name with the name the list wrote
    in another language, for people who read either; the name alone when the list wrote it so."""
    return f"{name} ({written})" if written and name else name
