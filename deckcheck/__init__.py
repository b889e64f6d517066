"""deckcheck: a linter for Riftbound decklists, with an embedded goldfish engine.

Library first: ``from deckcheck import load_cards`` works without the CLI.
"""

from __future__ import annotations

__version__ = "0.1.0"

from deckcheck.cards import load_cards

__all__ = ["load_cards", "__version__"]
