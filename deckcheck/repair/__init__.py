"""Repairing decklists: the smallest legal change (``deckcheck fix``) and a judge's deck check (TR 703.3)."""

from deckcheck.repair.fix import differences, fix_deck
from deckcheck.repair.model import (ALREADY_LEGAL, CANNOT, FIXED, STATUSES, TO_SETTLE, UNVERIFIED, Change, DeckCheck,
                                    Difference, Fix)

__all__ = ["fix_deck", "differences", "Fix", "Change", "Difference", "DeckCheck", "STATUSES", "ALREADY_LEGAL",
           "FIXED", "UNVERIFIED", "TO_SETTLE", "CANNOT"]
