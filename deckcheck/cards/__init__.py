"""Cards: the card model, the bundle on disk, and lookups. Cards know nothing of decks."""

import os

from deckcheck.cards.model import Card, CardType, Domain, Supertype
from deckcheck.cards.lookup import CardDB, Found, NotFound

__all__ = ["Card", "CardType", "Domain", "Supertype", "CardDB", "Found", "NotFound", "load_cards", "loaded_databases"]


def load_cards(directory: str | os.PathLike[str] | None = None, *, verify: bool = True,
               update: bool = True) -> CardDB:
    """Load the bundled card database (or the bundle in ``directory``).

    The bundled data (not a ``directory``) comes with the user's card data update laid over it,
    if there is one (``deckcheck cards update``; :mod:`deckcheck.cards.overlay`); ``update=False``
    gives the bundled data alone. Loaded once per folder and update file: repeated calls give
    the same database.
    """
    from deckcheck.cards.bundle import default_card_data_dir, load_bundle
    from pathlib import Path

    folder = str(Path(directory).resolve()) if directory is not None else str(default_card_data_dir())
    layer = None
    if directory is None and update:
        from deckcheck.cards.places import update_path

        layer = update_path()
        try:
            stamp = layer.stat()
            layer_key = (str(layer), stamp.st_mtime_ns, stamp.st_size)
        except OSError:
            layer, layer_key = None, None
    else:
        layer_key = None
    key = (folder, layer_key)
    db = LOADED.get(key)
    if db is None:
        db = load_bundle(directory, verify=verify)
        if layer is not None:
            from deckcheck.cards.overlay import apply_update, read_update

            found = read_update(layer)
            if found is not None:
                db = apply_update(db, found)
        LOADED[key] = db
    return db


def loaded_databases() -> list[CardDB]:
    """The databases :func:`load_cards` has loaded in this process."""
    return list(LOADED.values())


#: (folder, update file stamp) -> the database loaded from them (read it, never change it:
#: its size tells a caller whether this process loaded a database since it last asked).
LOADED: dict[tuple[str, tuple[str, int, int] | None], CardDB] = {}
