"""Signals: one bit per thing a deck shows that some rule must look at.

The tally (:mod:`deckcheck.rules.tally`) raises them while it counts a deck; each rule says on
which signals it may report (``@rule(..., when=...)``), and the engine calls only the rules
whose signals the deck raised. A rule that gives no ``when`` is called for every deck.
"""

from __future__ import annotations

ALWAYS = 1 << 0  # raised for every deck
UNKNOWN = 1 << 1  # lines whose card could not be found
PROBLEM_ERROR, PROBLEM_WARNING, PROBLEM_INFO = 1 << 2, 1 << 3, 1 << 4  # reader/resolver problems
ANY_PROBLEM = PROBLEM_ERROR | PROBLEM_WARNING | PROBLEM_INFO
DOUBT = 1 << 5  # a card whose rule-relevant facts the card data has in doubt
MAIN_SIZE = 1 << 6  # the Main Deck is not of the format's size
MAIN_KIND = 1 << 7  # a card of another kind in the Main Deck
OVER_LIMIT = 1 << 8  # a name over its copy limit
SIGNATURE_COUNT = 1 << 9  # more Signature cards in the Main Deck than the limit
SIDE_SIGNATURE = 1 << 10  # Signature cards in the sideboard
MAIN_OFF_IDENTITY = 1 << 11  # a Main Deck card outside the domain identity
LEGEND_ODD = 1 << 12  # no legend, several, or a legend slot holding another kind of card
ADDITIONAL_LEGENDS = 1 << 13  # extra legends chosen while building
NO_CHAMPION = 1 << 14  # no Chosen Champion, while the legend has a champion tag
CHAMPION_ODD = 1 << 15  # a Chosen Champion not in the Main Deck, not a champion unit, Signature or off-tag
RUNE_SIZE = 1 << 16  # a Rune Deck of another size than the format's
RUNE_ODD = 1 << 17  # a rune slot holding another kind of card, or a rune outside the identity
BF_SIZE = 1 << 18  # another number of battlefields than the format's
BF_ODD = 1 << 19  # a battlefield twice, another kind of card, or one outside the identity
SIDEBOARD = 1 << 20  # a sideboard
SIDE_SIZES = 1 << 21  # the format on the date allows only some sideboard sizes (0 may be one of them)
BANNED = 1 << 22  # a banned name
SET_NOT_LEGAL = 1 << 23  # a name without a printing in a legal, released set
SIGNATURE_TAG = 1 << 24  # a Main Deck Signature card of another champion tag than the legend's
