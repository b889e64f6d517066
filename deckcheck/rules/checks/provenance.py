"""Facts in doubt: a verdict that rests on a fact the card data marks as uncertain gets a note."""

from __future__ import annotations

from deckcheck.words import N_, card_named, listing, say, word
from deckcheck.cards.lookup import CardDB
from deckcheck.cards.provenance import RULE_FIELDS
from deckcheck.rules.registry import INFO, Findings, rule
from deckcheck.rules.signals import DOUBT
from deckcheck.rules.tally import Tally

_WORDS = {"type": N_("type {value}"), "supertypes": N_("supertypes {value}"),
          "tags": N_("tags (its champion tag) {value}"), "domains": N_("domains {value}")}


def doubtful_names(db: CardDB) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Card name -> (a printing id in doubt, the rule-relevant fields in doubt), kept on the database.

    Tags count only for a card whose champion tag comes from them (a legend, a champion unit, a
    signature card); rarity, might and costs never decide a verdict.
    """
    return db.kept(_doubtful_names)


def _doubtful_names(db: CardDB) -> dict[str, tuple[str, tuple[str, ...]]]:
    table: dict[str, tuple[str, tuple[str, ...]]] = {}
    for card_id, fields in sorted(db.provenance.doubts.items()):
        card = db.get(card_id)
        if card is None:
            continue
        relevant = tuple(f for f in RULE_FIELDS if f in fields and (f != "tags" or card.champion_tag))
        if relevant:
            old = table.get(card.name)
            merged = tuple(f for f in RULE_FIELDS if f in relevant or (old and f in old[1]))
            table[card.name] = (old[0] if old else card_id, merged)
    return table


def _value(card, field: str) -> str:
    value = getattr(card, field)
    if isinstance(value, tuple):
        return "/".join(str(getattr(v, "value", v)) for v in value) or "none"
    return str(getattr(value, "value", value))


@rule(
    "RB006", "fact-in-doubt", severity=INFO, refs=("TR 401.2",),
    summary="A verdict that rests on a fact the card data has in doubt says so",
    hint="Check the printed card",
    example="Seraphic Wyvern (RAD-092): its domain Body comes from its collector number alone",
    when=DOUBT,
)
def fact_in_doubt(t: Tally, out: Findings) -> None:
    """Preliminary card data (Radiance, assembled before its release) marks facts that its
    sources disagree on or that were derived rather than read, e.g. a domain worked out from the
    collector-number blocks. When a card in the deck has its type, supertypes, domains, or the
    tags that give its champion tag, in doubt, the verdict rests on that fact: the deck gets this
    note, naming the card and the fact, so it can be checked against the printed card.
    ``deckcheck cards show ID`` lists the sources behind it."""
    table = doubtful_names(t.db)
    if not table:
        return
    deck = t.deck
    seen: set[str] = set()
    zones = (("legend", [deck.legend] if deck.legend else []), ("legend", deck.extra_legends), ("main", deck.main),
             ("battlefields", deck.battlefields), ("runes", deck.runes), ("sideboard", deck.sideboard))
    for zone, entries in zones:
        for entry in entries:
            name = entry.card.name
            hit = table.get(name)
            if hit is None or name in seen:
                continue
            seen.add(name)
            card_id, fields = hit
            card = t.db.canonical(entry.card)
            record = t.db.provenance.set_data(card_id.split("-", 1)[0])
            data = (say("the {state} {set} data", state=word("data state", record.state),
                        set=word("set", t.db.sets[record.code].name)) if record and record.code in t.db.sets
                    else say("the card data"))
            facts = listing([say(_WORDS[f], value=_value(card, f)) for f in fields], ";")
            out.add(fact_in_doubt,
                    say("the verdict rests on facts of {card} that {data} has in doubt: {facts}", card=card_named(name),
                        data=data, facts=facts),
                    entry=entry, zone=zone,
                    hint=say("Check the printed card; 'deckcheck cards show {id}' lists the sources", id=card_id))
