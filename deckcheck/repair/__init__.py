"""Repairing decklists: the smallest legal change (``deckcheck fix``) and a judge's deck check (TR 703.3, 703.4)."""

from deckcheck.repair.deck_check import differences
from deckcheck.repair.fix import fix_deck
from deckcheck.repair.model import (ALREADY_LEGAL, CANNOT, FINDINGS, FIXED, STATUSES, TO_SETTLE, UNVERIFIED, Change,
                                    DeckCheck, Difference, Fix, Infraction, Step)

__all__ = ["fix_deck", "differences", "Fix", "Change", "Difference", "DeckCheck", "Infraction", "Step", "STATUSES",
           "FINDINGS", "ALREADY_LEGAL", "FIXED", "UNVERIFIED", "TO_SETTLE", "CANNOT"]
