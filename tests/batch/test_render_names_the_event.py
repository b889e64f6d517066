"""`Batch.render(..., event=...)` heads the markdown table with the event's name, as `check --event` does."""

from __future__ import annotations

import deckcheck
from conftest import REPO

JINX = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"


def test_the_markdown_of_a_batch_is_headed_by_its_event():
    batch = deckcheck.check_paths([str(JINX)], as_of="2026-11-01")
    assert batch.render("markdown", event="Store Champs").splitlines()[0] == "## Store Champs"
    assert "Store Champs" not in batch.render("markdown")
