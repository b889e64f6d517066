"""The deck formats deckcheck knows: one table that every command, the folder walk and the
pre-commit hook read (a format's name, the module reading it, its file endings, whether deckcheck
writes it, whether it has a place for a sideboard)."""

from __future__ import annotations

from dataclasses import dataclass

from deckcheck.words import Listing, listing, word


@dataclass(frozen=True, slots=True)
class DeckFormat:
    """One deck format.

    ``endings`` are the file endings a folder walk reads as decks of this format; where
    ``ending_decides`` the ending names the format outright, else the text decides (a ``.txt`` may
    hold a deck code). ``writes``: deckcheck writes it (``convert``, ``fix``); ``sideboard``: the
    format has a place for a sideboard.
    """

    name: str
    label: str
    module: str
    endings: tuple[str, ...] = ()
    ending_decides: bool = False
    writes: bool = True
    sideboard: bool = True


#: Every format, in the order they are offered (a command's help, an error naming them).
FORMATS: tuple[DeckFormat, ...] = (
    DeckFormat("text", "text list", "deckcheck.decks.text", (".txt", ".deck")),
    DeckFormat("code", "deck code", "deckcheck.decks.deckcode", (".code",), ending_decides=True),
    DeckFormat("tts", "TTS", "deckcheck.decks.tts", sideboard=False),
    DeckFormat("pixelborn", "Pixelborn", "deckcheck.decks.pixelborn", sideboard=False),
    DeckFormat("yaml", "YAML", "deckcheck.decks.structured", (".yaml", ".yml"), ending_decides=True),
    DeckFormat("json", "JSON", "deckcheck.decks.structured", (".json",), ending_decides=True),
    DeckFormat("platform-json", "tournament-platform JSON", "deckcheck.decks.platform_json", writes=False),
    DeckFormat("link", "deck-builder link", "deckcheck.decks.link", writes=False),
)
#: Format name -> its entry.
BY_NAME: dict[str, DeckFormat] = {f.name: f for f in FORMATS}
#: The formats deckcheck writes, by name, in table order.
WRITTEN: tuple[str, ...] = tuple(f.name for f in FORMATS if f.writes)
#: The formats written with no place for a sideboard.
NO_SIDEBOARD: tuple[str, ...] = tuple(f.name for f in FORMATS if f.writes and not f.sideboard)
#: Every deck file ending a folder walk reads (a file with no ending is read too).
DECK_ENDINGS: tuple[str, ...] = tuple(ending for f in FORMATS for ending in f.endings)
#: Ending -> the format it names outright (``.code``, ``.yaml``, ``.yml``, ``.json``).
ENDING_FORMATS: dict[str, str] = {ending: f.name for f in FORMATS if f.ending_decides for ending in f.endings}


def endings_text() -> str:
    """The deck file endings for people: ``.txt, .deck, .code, .yaml, .yml, .json``."""
    return ", ".join(DECK_ENDINGS)


def written_labels() -> Listing:
    """The formats deckcheck reads and writes, for people: ``text list, deck code, TTS, ...``."""
    return listing([word("list format", BY_NAME[name].label) for name in WRITTEN], ",")


def hook_files_pattern() -> str:
    """The ``files`` pattern of the pre-commit hook: the deck file endings (a test holds the hook to it)."""
    return r"\.(" + "|".join(ending.lstrip(".") for ending in DECK_ENDINGS) + ")$"
