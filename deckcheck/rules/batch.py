"""The batch moved to :mod:`deckcheck.batch`; this name stays for code that imported it here."""

from deckcheck.batch.model import Batch

__all__ = ["Batch"]
