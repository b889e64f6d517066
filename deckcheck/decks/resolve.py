"""Resolve a :class:`RawDeck` against the card database into a :class:`Deck`.

This is the one place where written text becomes cards and cards are filed into zones:

- A line under a section stays in that section, unless the source has no section for the card's
  type (a flat list): then it is filed by type, with a note. A legend under ``Champion:`` always
  goes to the legend slot.
- Lines without a section (deck codes, TTS, headerless lists) are filed by card type.
- If the source does not name the Chosen Champion, the only Champion unit carrying the legend's
  champion tag is chosen, and the deck says so; several candidates are reported as ambiguous.
"""

from __future__ import annotations

from deckcheck.cards.lookup import CardDB, Found, NotFound
from deckcheck.cards.model import Card, CardType
from deckcheck.decks.model import (
    Deck,
    DeckEntry,
    Problem,
    RawDeck,
    RawEntry,
    Severity,
    Source,
    UnknownEntry,
    Zone,
)

_ZONE_OF_TYPE = {
    CardType.LEGEND: Zone.LEGEND,
    CardType.BATTLEFIELD: Zone.BATTLEFIELDS,
    CardType.RUNE: Zone.RUNES,
}


def zone_for_type(card: Card) -> Zone:
    """The zone a card belongs in by its type (units, spells, gear and tokens: the main deck)."""
    return _ZONE_OF_TYPE.get(card.type, Zone.MAIN)


def lookup_entry(db: CardDB, entry: RawEntry) -> tuple[Card | None, NotFound | None, Problem | None]:
    """Find the card of one raw line. An id beside a name decides; a name mismatch is a warning."""
    if entry.card_id:
        hit = db.find_id(entry.card_id)
        if isinstance(hit, Found):
            note = None
            if entry.text and entry.text != entry.card_id:
                by_name = db.find_name(entry.text)
                if not (isinstance(by_name, Found) and by_name.card.name == hit.card.name):
                    note = Problem(
                        severity=Severity.WARNING,
                        message=f"'{entry.text}' does not match {entry.card_id}, which is "
                        f"'{hit.card.name}'; using the id",
                        source=entry.source,
                        text=entry.text,
                    )
            elif hit.note:
                note = Problem(severity=Severity.INFO, message=hit.note, source=entry.source, text=entry.card_id)
            return hit.card, None, note
        # An unknown id with a readable name: fall back to the name, but say so.
        if entry.text and entry.text != entry.card_id and hit.kind != "unknown-set":
            by_name = db.find_name(entry.text)
            if isinstance(by_name, Found):
                return by_name.card, None, Problem(
                    severity=Severity.WARNING,
                    message=f"{hit.message}; read '{entry.text}' by its name instead",
                    source=entry.source,
                    text=entry.card_id,
                )
        return None, hit, None
    hit = db.find(entry.text)
    if isinstance(hit, Found):
        note = None
        if hit.note:
            note = Problem(severity=Severity.INFO, message=hit.note, source=entry.source, text=entry.text)
        return hit.card, None, note
    return None, hit, None


def resolve_deck(raw: RawDeck, db: CardDB, *, champion: str | None = None) -> Deck:
    """Turn what a reader saw into a deck of cards. Never raises for unknown cards: they are kept."""
    deck = Deck(name=raw.name, source=raw.source, reader=raw.reader, problems=list(raw.problems),
                player=raw.player, team=raw.team)
    zones_written = {e.zone for e in raw.entries if e.zone is not None}
    merged: dict[tuple[Zone, str], DeckEntry] = {}
    order: list[tuple[Zone, str]] = []
    champion_entry: DeckEntry | None = None

    for entry in raw.entries:
        card, missing, note = lookup_entry(db, entry)
        if note is not None:
            deck.problems.append(note)
        if card is None:
            assert missing is not None
            deck.unknown.append(_unknown(entry, missing, entry.count, entry.zone))
            continue
        zone = _zone_for(entry, card, zones_written, deck)
        if zone is Zone.CHAMPION:
            resolved = _entry(card, 1, entry)
            if champion_entry is None:
                champion_entry = resolved
            else:
                deck.problems.append(
                    Problem(
                        severity=Severity.WARNING,
                        message=f"a second Chosen Champion '{card.name}' was listed; it is counted in the main deck",
                        source=entry.source,
                        text=entry.text,
                    )
                )
            # Its copies (normally 1) are Main Deck cards (CR 103.2.a).
            zone = Zone.MAIN
        key = (zone, card.id)
        existing = merged.get(key)
        if existing is None:
            merged[key] = _entry(card, entry.count, entry)
            order.append(key)
        else:
            merged[key] = existing.model_copy(update={"count": existing.count + entry.count})

    for key in order:
        zone, _ = key
        item = merged[key]
        if zone is Zone.LEGEND:
            for _ in range(item.count):
                if deck.legend is None:
                    deck.legend = item.model_copy(update={"count": 1})
                else:
                    deck.extra_legends.append(item.model_copy(update={"count": 1}))
        else:
            deck.zone(zone).append(item)

    for extra in raw.additional_legends:
        card, missing, _ = lookup_entry(db, extra)
        if card is not None:
            deck.additional_legends.append(_entry(card, 1, extra))
        elif missing is not None:
            deck.unknown.append(_unknown(extra, missing, 1, Zone.LEGEND))

    _set_champion(deck, db, raw, champion_entry, champion)
    return deck


def _entry(card: Card, count: int, raw: RawEntry) -> DeckEntry:
    """A resolved entry, written as the player wrote it (the id beside a name wins)."""
    return DeckEntry(card=card, count=count, written=raw.card_id or raw.text, source=raw.source)


def _unknown(raw: RawEntry, missing: NotFound, count: int, zone: Zone | None) -> UnknownEntry:
    """A line whose card was not found, kept with the reason so the rule engine reports it."""
    return UnknownEntry(text=raw.card_id or raw.text, count=count, zone=zone, reason=missing.kind,
                        message=missing.message, suggestions=missing.suggestions, source=raw.source)


def _zone_for(entry: RawEntry, card: Card, zones_written: set[Zone | None], deck: Deck) -> Zone:
    by_type = zone_for_type(card)
    written = entry.zone
    if written is None:
        return by_type
    if written is Zone.CHAMPION:
        if card.type is CardType.LEGEND:
            deck.problems.append(
                Problem(
                    severity=Severity.INFO,
                    message=f"'{card.name}' is a legend listed under Champion; it was read as the deck's legend",
                    source=entry.source,
                    text=entry.text,
                )
            )
            return Zone.LEGEND
        return Zone.CHAMPION
    if written is Zone.SIDEBOARD or by_type is written:
        return written
    if by_type not in zones_written and not (by_type is Zone.MAIN and Zone.CHAMPION in zones_written and Zone.MAIN not in zones_written):
        deck.problems.append(
            Problem(
                severity=Severity.INFO,
                message=f"'{card.name}' is a {card.type.value.lower()} listed under "
                f"{written.value}; it was filed with the {by_type.value}",
                source=entry.source,
                text=entry.text,
            )
        )
        return by_type
    return written


def _set_champion(
    deck: Deck, db: CardDB, raw: RawDeck, listed: DeckEntry | None, override: str | None
) -> None:
    if override:
        hit = db.find(override)
        if isinstance(hit, NotFound):
            deck.problems.append(
                Problem(severity=Severity.ERROR, message=f"--champion: {hit.message}", text=override,
                        suggestions=hit.suggestions)
            )
        else:
            in_main = next((e for e in deck.main if e.card.name == hit.card.name), None)
            deck.champion = DeckEntry(
                card=in_main.card if in_main else hit.card, count=1, written=override,
                source=in_main.source if in_main else Source(),
            )
            deck.champion_inferred = False
            return
    if listed is not None:
        deck.champion = listed
        return
    if raw.champion is not None:
        card, missing, _ = lookup_entry(db, raw.champion)
        if card is not None:
            deck.champion = DeckEntry(card=card, count=1, written=raw.champion.text, source=raw.champion.source)
        elif missing is not None:
            deck.problems.append(
                Problem(severity=Severity.ERROR, message=f"Chosen Champion: {missing.message}",
                        source=raw.champion.source, text=raw.champion.text, suggestions=missing.suggestions)
            )
        return
    _infer_champion(deck)


def _infer_champion(deck: Deck) -> None:
    """Pick the Chosen Champion when the source cannot say (deck codes v1–v2, TTS, flat lists)."""
    if deck.legend is None or deck.legend.card.champion_tag is None:
        return
    tag = deck.legend.card.champion_tag
    candidates: dict[str, DeckEntry] = {}
    for entry in deck.main:
        card = entry.card
        if card.can_be_chosen_champion and card.champion_tag == tag:
            candidates.setdefault(card.name, entry)
    if len(candidates) == 1:
        entry = next(iter(candidates.values()))
        deck.champion = entry.model_copy(update={"count": 1})
        deck.champion_inferred = True
        deck.problems.append(
            Problem(
                severity=Severity.INFO,
                message=f"the list does not name a Chosen Champion; chose {entry.card.name}, "
                f"the only {tag} champion unit in the main deck",
                source=entry.source,
                text=entry.written,
            )
        )
    elif len(candidates) > 1:
        names = sorted(candidates)
        deck.problems.append(
            Problem(
                severity=Severity.WARNING,
                message=f"the list does not name a Chosen Champion and {len(names)} {tag} champion "
                f"units could be it: {'; '.join(names)}. Name it with --champion",
                text=None,
                suggestions=tuple(names),
            )
        )
