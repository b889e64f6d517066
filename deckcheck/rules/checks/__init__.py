"""The construction rules, one module per part of the deck. Importing this registers them all."""

from deckcheck.rules.checks import (  # noqa: F401 - imported to register the rules
    battlefields,
    champion,
    legality,
    legend,
    main_deck,
    provenance,
    reading,
    runes,
    sideboard,
    teams,
)
