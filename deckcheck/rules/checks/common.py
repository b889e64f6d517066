"""Small wording helpers shared by the rule modules."""

from __future__ import annotations

from collections.abc import Callable

from deckcheck.words import card_named, champion_named, say, word
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


def _an(word_: str) -> bool:
    """Whether ``word_`` takes "an": the article goes by the sound, not the letter."""
    lower = word_.lower()
    vowel_sound = lower[:1] in "aeiou" and not lower.startswith(_A_BEFORE)
    return vowel_sound or lower.startswith(("hour", "honest", "honor", "honour"))


def a_or_an(kind: str) -> str:
    """``"a unit"``, ``"an Equipment"``, ``"a gear"`` (another language says the kind of card its own way)."""
    named = word("card kind", kind)
    return say("an {kind}", kind=named) if _an(kind) else say("a {kind}", kind=named)


def a_champion(tag: str) -> str:
    """``"a Darius champion"``, ``"an Annie champion"`` (another language names the champion its way)."""
    named = champion_named(tag)
    return say("an {champion} champion", champion=named) if _an(tag) else say("a {champion} champion", champion=named)


def other_kind(kind: int) -> Callable[[CardFacts, Place], str | None]:
    """A repair's test for a zone that holds only cards of ``kind``: another card goes, named ``"a rune"``."""
    def refuses(f: CardFacts, place: Place) -> str | None:
        return a_or_an(f.type_word) if f.kind != kind else None

    return refuses


def outside(f: CardFacts, place: Place) -> str | None:
    """A repair's test for a zone inside the domain identity: a card outside it goes, named
    ``"Chaos, outside Fury and Mind"``."""
    if f.mask & ~place.identity:
        return say("{domains}, outside {identity}", domains=domain_words(f.mask), identity=domain_words(place.identity))
    return None


def identity_words(t: Tally) -> str:
    """``"Calm and Mind (Ornn, Fire Below the Mountain)"``."""
    name = card_named(t.legend.card.name) if t.legend else say("no legend")
    return say("{domains} ({legend})", domains=domain_words(t.identity), legend=name)


def missing_domains(t: Tally, mask: int) -> str:
    """The domains in ``mask`` that the identity lacks, as words."""
    return domain_words(mask & ~t.identity & ALL_DOMAINS)


def move_hint(hint: str, t: Tally) -> str:
    """A card in the wrong zone's hint; in a list without a sideboard, with the guess a reader may not
    make for it (a lost ``Sideboard:`` header, which would make the list legal) offered as a fix."""
    if t.deck.sideboard:
        return hint
    return say("{hint}; if it is a sideboard card, put it under a Sideboard: header", hint=say(hint))
