"""Helpers for the rule-engine tests: real tournament decks, changed one card at a time.

(No tests here; the module is shared by the tests under tests/rules/.)
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from conftest import raw_from_flat, real_decks

from deckcheck.cards import load_cards
from deckcheck.decks.model import Deck, RawDeck, RawEntry, Zone
from deckcheck.decks.resolve import resolve_deck, zone_for_type
from deckcheck.rules import check_deck
from deckcheck.rules.report import Report

#: Ornn (Calm/Mind), 125th of 2,165 at the Los Angeles Regional Qualifier, 2026-10-02.
ORNN = "calm-mind-by-kgo"
ORNN_CHAMPION = "Ornn, Blacksmith"
#: Jinx (Fury/Chaos) with four champion units of other champions; public list, 2026-10-03.
JINX = "jinx-loose-cannon-deck-bxg0r"
JINX_CHAMPION = "Jinx, Demolitionist"
#: Rengar (Fury/Body) with 3 Thrill of the Hunt (Signature), 10th in Nanning, 2026-09-30.
RENGAR = "body-fury-by-nirc0"
RENGAR_CHAMPION = "Rengar, Trophy Hunter"
#: Kennen (Order/Chaos), 61st at the Los Angeles Regional Qualifier, 2026-10-02.
KENNEN = "chaos-order-by-mana-derrickd"
KENNEN_CHAMPION = "Kennen, Keeper of Balance"
#: Master Yi (Calm/Body), 61st at a $5,000 event, 2026-09-23; it played the banned Obelisk of
#: Power, swapped here for Seat of Power (SFD-217) to make a legal base.
YI = "anthony-soohong-friday-5000-riftbound-league-of-legends-tcg-tournament"
YI_CHAMPION = "Master Yi, Honed"

CHECK_DAY = date(2026, 10, 5)

#: RULES.md §3, transcribed by hand: the Riot banned list and each ban's first day.
BANNED_FROM = {
    "Called Shot": date(2026, 3, 31), "Draven, Vanquisher": date(2026, 3, 31),
    "Fight or Flight": date(2026, 3, 31), "Scrapheap": date(2026, 3, 31),
    "The Dreaming Tree": date(2026, 3, 31), "Obelisk of Power": date(2026, 3, 31),
    "Reaver's Row": date(2026, 3, 31), "Stealthy Pursuer": date(2026, 7, 24),
    "The Arena's Greatest": date(2026, 7, 24), "Aspirant's Climb": date(2026, 7, 24),
    "Ekko, Recurrent": date(2026, 9, 18), "Stacked Deck": date(2026, 9, 18),
}


def flat(slug: str) -> dict[str, int]:
    """A copy of a real deck's id -> count map (Yi with its banned battlefield swapped)."""
    for deck in real_decks():
        if deck["slug"] == slug:
            cards = dict(deck["cards"])
            if slug == YI:
                del cards["OGN-284"]
                cards["SFD-217"] = 1
            return cards
    raise KeyError(slug)


def event_date(slug: str) -> date:
    return date.fromisoformat(next(d["date"] for d in real_decks() if d["slug"] == slug))


def change(cards: dict[str, int], **delta: int) -> dict[str, int]:
    """``change(cards, OGN_043=-1, OGN_004=+1)``: add or remove copies (ids with _ for -)."""
    out = dict(cards)
    for key, n in delta.items():
        card_id = key.replace("_", "-")
        out[card_id] = out.get(card_id, 0) + n
        if out[card_id] <= 0:
            del out[card_id]
    return out


def deck(
    cards: dict[str, int],
    *,
    champion: str | None = None,
    sideboard: dict[str, int] | None = None,
    name: str = "deck.txt",
    additional_legends: Iterable[str] = (),
) -> Deck:
    """Resolve a flat list (filed by type, like a deck code) plus an optional sideboard section."""
    raw = raw_from_flat(cards, name)
    if sideboard:
        start = len(raw.entries)
        raw.entries.extend(
            RawEntry(text=k, count=v, zone=Zone.SIDEBOARD, file=name, line=start + i + 1)
            for i, (k, v) in enumerate(sideboard.items())
        )
    raw.additional_legends.extend(RawEntry(text=t, count=1) for t in additional_legends)
    return resolve_deck(raw, load_cards(), champion=champion)


def sectioned(
    cards: dict[str, int], moved: dict[str, Zone], *, champion: str, name: str = "deck.txt"
) -> Deck:
    """Resolve a list written in sections (by card type), with some ids written under another section."""
    db = load_cards()
    entries = []
    for i, (card_id, count) in enumerate(cards.items()):
        zone = moved.get(card_id) or zone_for_type(db.find(card_id).card)
        entries.append(RawEntry(text=card_id, count=count, zone=zone, file=name, line=i + 1))
    raw = RawDeck(name=name, source=name, reader="text", entries=entries)
    return resolve_deck(raw, db, champion=champion)



def spare_sideboard(n: int) -> dict[str, int]:
    """``n`` Calm sideboard cards neither the Yi nor the Ornn list plays (OGN, 3 of a name at most)."""
    out: dict[str, int] = {}
    for card_id in ("OGN-048", "OGN-049", "OGN-051", "OGN-053"):
        take = min(3, n - sum(out.values()))
        if take > 0:
            out[card_id] = take
    return out

def check(d: Deck, fmt: str = "standard", as_of: date | str = CHECK_DAY) -> Report:
    return check_deck(d, format=fmt, as_of=as_of)


def codes(report: Report) -> list[str]:
    return [v.code for v in report.violations]


def only(report: Report, code: str):
    """The single violation of ``report``, which must carry ``code``."""
    assert codes(report) == [code], [(v.code, v.message) for v in report.violations]
    return report.violations[0]


def resolved(d: dict, db=None) -> Deck:
    """A real list resolved; where several champion units fit, the first is named (any would be legal)."""
    db = db or load_cards()
    deck = resolve_deck(raw_from_flat(d["cards"], d["slug"]), db)
    if deck.champion is None:
        candidates = [p for p in deck.problems if p.suggestions]
        if candidates:
            deck = resolve_deck(raw_from_flat(d["cards"], d["slug"]), db, champion=candidates[0].suggestions[0])
    return deck
