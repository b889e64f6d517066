"""What a type checker sees of ``import deckcheck``: every export with its own type, not ``Any``.

mypy checks this file with the project's settings (``.ci/run``; pyproject.toml's ``[tool.mypy]``):
an ``assert_type`` that does not hold, or a ``type: ignore`` that ignores nothing because a call
became acceptable (``check_deck(42)`` when ``check_deck`` is ``Any``), fails it. It also runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import assert_type

import deckcheck
from deckcheck import Batch, CardDB, Deck, Fix, Report, check_deck, check_paths, fix_deck, load_cards, load_deck

REPO = Path(__file__).resolve().parents[2]
JINX = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"


def typed_calls() -> None:
    """The public calls, each with the type it gives."""
    cards = assert_type(load_cards(), CardDB)
    deck = assert_type(load_deck(JINX, cards=cards), Deck)
    report = assert_type(check_deck(deck, format="standard", as_of="2026-11-01", cards=cards), Report)
    assert_type(report.legal, bool)
    assert_type(fix_deck(deck, format="standard", as_of="2026-11-01", cards=cards), Fix)
    assert_type(check_paths(JINX, as_of="2026-11-01", ignore="RB004"), Batch)
    assert_type(deckcheck.check_deck(deck), Report)  # the module's attribute is typed too


def refused_calls() -> None:
    """Calls a type checker refuses (each ignore is needed, or mypy says it is unused)."""
    check_deck(42)  # type: ignore[arg-type]
    load_deck(JINX, cards="the bundled data")  # type: ignore[arg-type]
    fix_deck(load_deck(JINX), "standard")  # type: ignore[call-arg]


if __name__ == "__main__":
    typed_calls()
