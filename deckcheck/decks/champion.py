"""The Chosen Champion of a resolved deck: named on the command line, listed, named by the source,
or, when the source cannot say, the only champion unit of the legend's tag (CR 103.2.a)."""

from __future__ import annotations

from deckcheck.words import card_named, champion_named, listing, say
from deckcheck.cards.lookup import CardDB, NotFound
from deckcheck.cards.model import Card
from deckcheck.decks.lookups import lookup_entries, memory_of
from deckcheck.decks.model import Deck, DeckEntry, Problem, RawEntry, Severity, Source


def choose_champion(
    deck: Deck, db: CardDB, named: RawEntry | None, listed: DeckEntry | None, override: str | None
) -> None:
    """The Chosen Champion: ``--champion`` first, then the one listed under Champion, then the one
    the source ``named`` apart from its lines, else the only candidate (:func:`infer_champion`)."""
    if override:
        hit = db.find(override)
        if isinstance(hit, NotFound):
            deck.problems.append(
                Problem(severity=Severity.ERROR, message=say("--champion: {message}", message=hit.message), text=override,
                        suggestions=hit.suggestions)
            )
        else:
            in_main = next((e for e in deck.main if e.card.name == hit.card.name), None)
            deck.champion = (DeckEntry(in_main.card, 1, override, in_main.file, in_main.line) if in_main
                             else DeckEntry(hit.card, 1, override))
            deck.champion_inferred = False
            return
    if listed is not None:
        deck.champion = listed
        return
    if named is not None:
        card, missing, _ = lookup_entries(db, [named])[0]  # a name seen before costs one lookup
        if card is not None:
            deck.champion = DeckEntry(card, 1, named.text, named.file, named.line)
        elif missing is not None:
            deck.problems.append(
                Problem(severity=Severity.ERROR, message=say("Chosen Champion: {message}", message=missing.message),
                        source=named.source, text=named.text, suggestions=missing.suggestions)
            )
        return
    infer_champion(deck, db)


def infer_champion(deck: Deck, db: CardDB) -> None:
    """Pick the Chosen Champion when the source cannot say (deck codes v1–v2, TTS, flat lists)."""
    legend = deck.legend
    tag = None if legend is None else legend.card.champion_tag
    if tag is None:
        return
    chosen: DeckEntry | None = None  # the first entry of the only name that can be it so far
    noted: str | None = None  # its note, set with ``chosen``
    notes = memory_of(db).champion_notes
    for entry in deck.main:
        card = entry.card
        its_tag = card.champion_tag
        if its_tag is not None and its_tag == tag:  # most cards have no tag
            known = notes.get(card.id)
            if known is None or known[0] is not card:
                known = notes[card.id] = _champion_note(card)
            if known[1] is not None:
                if chosen is None:
                    chosen, noted = entry, known[1]
                elif card.name != chosen.card.name:
                    _several_champions(deck, tag)
                    return
    if chosen is None or noted is None:
        return
    deck.champion = DeckEntry(card=chosen.card, count=1, written=chosen.written, file=chosen.file, line=chosen.line)
    deck.champion_inferred = True
    deck.problems.append(Problem(severity=Severity.INFO, message=noted, source=Source(chosen.file, chosen.line),
                                 text=chosen.written))


def _champion_note(card: Card) -> tuple[Card, str | None]:
    """``card`` and the note saying it was chosen as the deck's Chosen Champion, the only one of its
    tag in the main deck; None instead of the note if it cannot be chosen (not a champion unit, or
    a Signature one)."""
    if not card.can_be_chosen_champion:
        return card, None
    return card, say("the list does not name a Chosen Champion; chose {card}, the only {champion} champion unit in "
                     "the main deck", card=card_named(card.name), champion=champion_named(card.champion_tag or ""))




def _several_champions(deck: Deck, tag: str) -> None:
    """The warning for a main deck holding several champion units that could be its Chosen Champion."""
    candidates: dict[str, DeckEntry] = {}
    for entry in deck.main:
        card = entry.card
        if card.champion_tag == tag and card.can_be_chosen_champion:
            candidates.setdefault(card.name, entry)
    names = sorted(candidates)
    deck.problems.append(
        Problem(
            severity=Severity.WARNING,
            message=say("the list does not name a Chosen Champion and {count} {champion} champion units could be it: "
                        "{cards}. Name it with --champion", count=len(names), champion=champion_named(tag),
                        cards=listing([card_named(n) for n in names], "/")),
            text=None,
            suggestions=tuple(names),
        )
    )
