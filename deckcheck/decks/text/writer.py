"""Writing a deck as a text list (the Piltover Archive layout), readable back into the same deck."""

from __future__ import annotations

import re
from dataclasses import replace

from deckcheck.cards.ids import parse_id
from deckcheck.decks.model import MAX_COUNT, Deck, DeckEntry, Zone
from deckcheck.translate import card_named, language
from deckcheck.words import one_line

#: How the writer names each section (the Piltover Archive export).
HEADERS = {
    Zone.LEGEND: "Legend:",
    Zone.CHAMPION: "Champion:",
    Zone.MAIN: "MainDeck:",
    Zone.BATTLEFIELDS: "Battlefields:",
    Zone.RUNES: "Runes:",
    Zone.SIDEBOARD: "Sideboard:",
}

#: The same in Chinese (``--lang zh``).
HEADERS_ZH = {
    Zone.LEGEND: "传奇：",
    Zone.CHAMPION: "选定英雄：",
    Zone.MAIN: "主卡组：",
    Zone.BATTLEFIELDS: "战场：",
    Zone.RUNES: "符文：",
    Zone.SIDEBOARD: "备牌：",
}
#: The header of the additional legends a deck chooses, by language.
EXTRA_LEGENDS = {"en": "Additional Legends:", "zh": "额外传奇："}
#: The languages the writer names cards and sections in.
LANGUAGES = ("en", "zh")

_SPACES = re.compile(r"[\s\u00a0\u2000-\u200a\u202f\u205f\u3000\u2028\u2029]+")


def write(deck: Deck, db=None, lang: str = "en") -> str:
    """The deck as a Piltover Archive text export, readable back into the same deck.

    The Chosen Champion goes under ``Champion:`` and its other copies under ``MainDeck:`` (a champion
    deckcheck only guessed is a comment, so reading the text back guesses again). A printing
    the name alone would not give back is kept as an id comment (``8 Fury Rune # OGN-007a``). Cards
    not in the card database are written as the player wrote them. A count over 99 is split over
    several lines, which the resolver adds up again. With ``lang="zh"`` the sections and cards are
    named in Simplified Chinese (a card with no Chinese name that reads back as itself keeps its
    English name).
    """
    db = _database(db)
    base_id = _base_printing_finder(db)
    name_of = _chinese_namer(db) if lang == "zh" else (lambda card: card.name)
    headers = HEADERS_ZH if lang == "zh" else HEADERS
    words = language(lang, db)

    def card_lines(entry: DeckEntry, count: int) -> list[str]:
        printing = _kept_printing(entry)
        comment = f" # {printing}" if printing.upper() != (base_id(entry.card) or "").upper() else ""
        return _counted(count, name_of(entry.card) + comment)

    def unknown_lines(unknowns) -> list[str]:
        return [line for u in unknowns for line in _counted(u.count, _one_line(u.text))]

    out: list[str] = []
    if deck.name:
        out.append("# " + _one_line(deck.name))
    unfiled = [u for u in deck.unknown if u.zone is None]
    if unfiled:
        out.append("# " + words.say("not in the card database; filed by type when read:"))
        out.extend(unknown_lines(unfiled))
    if out:
        out.append("")

    sections: dict[Zone, list[str]] = {z: [] for z in headers}
    for entry in deck.zone(Zone.LEGEND):
        sections[Zone.LEGEND] += card_lines(entry, entry.count)
    main = list(deck.main)
    if deck.champion is not None and deck.champion_inferred:
        sections[Zone.CHAMPION].append("# " + words.say("not named in the list; deckcheck would choose {card}",
                                                        card=card_named(deck.champion.card.name)))
    elif deck.champion is not None:
        at = deck.champion_copy()
        if at is None:
            sections[Zone.CHAMPION].append("# " + words.say("Chosen Champion {card} has no copy in the main deck",
                                                            card=card_named(deck.champion.card.name)))
        else:
            copy = main[at]
            sections[Zone.CHAMPION] += card_lines(deck.champion if deck.champion.card.id == copy.card.id else copy, 1)
            main[at] = replace(copy, count=copy.count - 1)
    sections[Zone.MAIN] = [line for e in main if e.count for line in card_lines(e, e.count)]
    for zone in (Zone.BATTLEFIELDS, Zone.RUNES, Zone.SIDEBOARD):
        sections[zone] = [line for e in deck.zone(zone) for line in card_lines(e, e.count)]
    extra_legends = [line for e in deck.additional_legends for line in card_lines(e, 1)]
    for unknown in deck.unknown:
        if unknown.zone is Zone.LEGEND and deck.reader == "code":
            extra_legends += unknown_lines([unknown])  # a deck code's main list has no zones: an extra legend
        elif unknown.zone is not None:
            sections[unknown.zone] += unknown_lines([unknown])

    for zone, header in headers.items():
        if sections[zone] or zone is not Zone.SIDEBOARD:
            out += [header, *sections[zone], ""]
    if extra_legends:
        out += [EXTRA_LEGENDS[lang], *extra_legends, ""]
    return "\n".join(out).rstrip("\n") + "\n"


def _counted(count: int, text: str) -> list[str]:
    """``count`` copies of ``text`` as lines of at most :data:`MAX_COUNT` copies each."""
    lines = [f"{MAX_COUNT} {text}"] * (count // MAX_COUNT)
    if count % MAX_COUNT:
        lines.append(f"{count % MAX_COUNT} {text}")
    return lines


def _kept_printing(entry: DeckEntry) -> str:
    """The printing to keep: the id the player wrote if it says more than the card found, else the card's."""
    written = parse_id(entry.written) if entry.written else None
    if written is None or (written.printed_id.upper() == entry.card.id.upper() and not written.promo
                           and not written.extra):
        return entry.card.id
    return _one_line(entry.written)


def _one_line(text: str) -> str:
    """A title or an unknown line as one line of the list: spaces and breaks as one space, no control character."""
    return one_line(_SPACES.sub(" ", text).strip())


def _database(db):
    """``db``, else the card data (None if there is none)."""
    if db is None:
        try:
            from deckcheck.cards import load_cards

            db = load_cards()
        except Exception:  # no card data: keep every non-base printing
            db = None
    return db


def _chinese_namer(db):
    """A function giving the name to write for a card in Chinese: its official Chinese name when that
    reads back as this card alone (a name whose subtitle is unknown may not), else its English name."""
    zh = db.chinese() if db is not None else None
    if zh is None:
        return lambda card: card.name

    return zh.name_for


def _base_printing_finder(db):
    """A function giving the id that a card's name reads back as."""
    if db is None:
        return lambda card: card.id if card.variant is None else None

    def base(card):
        found = db.by_name(card.name)
        return found.id if found is not None else card.id

    return base
