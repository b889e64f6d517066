"""Cards: the card model, the bundle on disk, and lookups. Cards know nothing of decks."""

from deckcheck.cards.model import Card, CardType, Domain, Supertype
from deckcheck.cards.lookup import CardDB, Found, NotFound

__all__ = ["Card", "CardType", "Domain", "Supertype", "CardDB", "Found", "NotFound", "load_cards"]


def load_cards(directory=None, *, verify: bool = True) -> CardDB:
    """Load the bundled card database (or the bundle in ``directory``).

    The result is cached per folder, so repeated calls are free.
    """
    from deckcheck.cards.bundle import default_card_data_dir, load_bundle
    from pathlib import Path

    key = str(Path(directory).resolve()) if directory is not None else str(default_card_data_dir())
    db = _CACHE.get(key)
    if db is None:
        db = load_bundle(directory, verify=verify)
        _CACHE[key] = db
    return db


_CACHE: dict[str, CardDB] = {}
