"""Small wording helpers shared by the rule modules."""

from __future__ import annotations

from collections.abc import Callable

from deckcheck.rules.facts import ALL_DOMAINS, CardFacts, domain_words
from deckcheck.rules.registry import Place
from deckcheck.rules.tally import Tally


#: How ``deckcheck fix`` replaces a Main Deck card it cuts (the end of several rules' repair words).
REPLACED = "and, where the Main Deck falls short of 40, adds a legal card of the type and cost of the one cut"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``"1 card"``, ``"3 cards"``."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


#: Vowel letters that sound like "you" or "won" take "a" (a unit, a Unique card, a one-of).
_A_BEFORE = ("uni", "use", "usu", "uti", "one", "once", "eu")


def a_or_an(word: str) -> str:
    """``"a unit"``, ``"an Equipment"``, ``"a gear"``: the article goes by the sound, not the letter."""
    lower = word.lower()
    vowel_sound = lower[:1] in "aeiou" and not lower.startswith(_A_BEFORE)
    return ("an " if vowel_sound or lower.startswith(("hour", "honest", "honor", "honour")) else "a ") + word


def other_kind(kind: int) -> Callable[[CardFacts, Place], str | None]:
    """A repair's test for a zone that holds only cards of ``kind``: another card goes, named ``"a rune"``."""
    def refuses(f: CardFacts, place: Place) -> str | None:
        return a_or_an(f.type_word) if f.kind != kind else None

    return refuses


def outside(f: CardFacts, place: Place) -> str | None:
    """A repair's test for a zone inside the domain identity: a card outside it goes, named
    ``"Chaos, outside Fury and Mind"``."""
    return f"{domain_words(f.mask)}, outside {domain_words(place.identity)}" if f.mask & ~place.identity else None


def identity_words(t: Tally) -> str:
    """``"Calm and Mind (Ornn, Fire Below the Mountain)"``."""
    name = t.legend.card.name if t.legend else "no legend"
    return f"{domain_words(t.identity)} ({name})"


def missing_domains(t: Tally, mask: int) -> str:
    """The domains in ``mask`` that the identity lacks, as words."""
    return domain_words(mask & ~t.identity & ALL_DOMAINS)
