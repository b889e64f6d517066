"""What ``deckcheck fix`` does about each rule, in a sentence (``deckcheck rule CODE`` shows it)."""

from __future__ import annotations

_REPLACE = "and, where the Main Deck falls short of 40, adds a legal card of the type and cost of the one cut"

#: Rule code -> what the fix does (a rule without an entry is not repaired: a warning or a note).
REPAIRS: dict[str, str] = {
    "RB001": "not repaired: the line names no card deckcheck knows; the fix names the line to correct",
    "RB002": "not repaired: the line cannot be read; the fix names the line to correct",
    "RB005": "not repaired: the fix names the cards to check by hand",
    "RB101": "cuts what the deck may not hold, then extra copies, then (over 40) the fewest-copy cards listed "
             "last; under 40 it adds legal cards inside the identity, of the type and cost of a card cut, "
             "the deck's own cards first",
    "RB102": "cuts the card from the Main Deck; a rune or battlefield missing from its own zone is added there",
    "RB103": "cuts the extra copies (from the sideboard when the Main Deck would otherwise fall short of 40)",
    "RB104": "cuts the extra copies (from the sideboard when the Main Deck would otherwise fall short of 40)",
    "RB105": "cuts Signature cards down to 3, first those whose sideboard copies may then stay, " + _REPLACE,
    "RB106": "cuts the card " + _REPLACE,
    "RB108": "cuts the card " + _REPLACE,
    "RB201": "keeps the listed legend that needs the fewest changes and cuts the others; a list with no legend "
             "cannot be repaired",
    "RB202": "uses another listed legend if there is one; otherwise the list cannot be repaired",
    "RB203": "cuts the additional legends the deck may not choose: all of them when no card of its Main Deck "
             "allows it, else repeats, cards that are not legends and those over the card's limit",
    "RB211": "names the champion unit of the legend's tag that the deck holds most copies of (no card moves); "
             "adds one only when the Main Deck holds none",
    "RB212": "names a champion unit of the legend the Main Deck holds, or adds the named one",
    "RB213": "names a champion unit of the legend the Main Deck holds instead (no card moves)",
    "RB214": "names a champion unit of the legend the Main Deck holds instead (no card moves)",
    "RB215": "names a champion unit of the legend the Main Deck holds instead (no card moves)",
    "RB301": "cuts or adds runes of the legend's domains, keeping the split the Main Deck plays",
    "RB302": "cuts the card; runes of the legend's domains fill the Rune Deck to 12",
    "RB303": "cuts the rune; runes of the legend's domains fill the Rune Deck to 12",
    "RB401": "cuts the last-listed battlefields, or adds battlefields legal on the date (from the event's list "
             "when it has one)",
    "RB402": "cuts the second copy; a legal battlefield fills the 3",
    "RB403": "cuts the card; a legal battlefield fills the 3",
    "RB404": "cuts the battlefield; a legal battlefield fills the 3",
    "RB405": "cuts the battlefield; one from the event's list fills the 3",
    "RB501": "cuts the last-listed sideboard cards down to the limit",
    "RB502": "cuts the sideboard",
    "RB503": "cuts the card from the sideboard",
    "RB601": "cuts every copy (every printing) " + _REPLACE,
    "RB602": "cuts every copy " + _REPLACE,
}


def repair_words(code: str) -> str | None:
    """``deckcheck fix …`` in a sentence for rule ``code``, or None when the fix leaves it alone."""
    found = REPAIRS.get(code)
    return f"deckcheck fix {found}" if found else None
