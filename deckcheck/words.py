"""Wording helpers shared by messages and renderers."""

from __future__ import annotations

from collections.abc import Iterable


def join_names(names: Iterable[str]) -> str:
    """Card names as one list: ``"; "`` between them when a name holds a comma (``Jinx, Rebel;
    Cleave``), so every name stays whole; ``", "`` otherwise."""
    names = [str(n) for n in names]
    return ("; " if any("," in n for n in names) else ", ").join(names)


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
