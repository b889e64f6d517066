"""Main Deck rules: size, kinds of card, copies, Unique, Signature and domain identity (CR 103.2)."""

from __future__ import annotations

from deckcheck.words import N_, card_named, champion_named, listing, say, say_n, word
from deckcheck.decks.model import Zone
from deckcheck.rules.checks.common import REPLACED, a_or_an, identity_words, missing_domains, other_kind, outside
from deckcheck.rules.facts import BATTLEFIELD, DEFAULT_COPIES, LEGEND, RUNE, SIGNATURE_LIMIT, TOKEN, CardFacts
from deckcheck.rules.facts import MAIN as MAIN_CARD  # the kind: a unit, gear or spell
from deckcheck.rules.facts import domain_words
from deckcheck.rules.registry import ERROR, WARNING, Findings, Place, Repair, rule
from deckcheck.rules.signals import (MAIN_KIND, MAIN_OFF_IDENTITY, MAIN_SIZE, OVER_LIMIT, SIDE_SIGNATURE,
                                     SIGNATURE_COUNT, SIGNATURE_TAG)
from deckcheck.rules.tally import Tally

MAIN = Zone.MAIN.value
SIDEBOARD = Zone.SIDEBOARD.value
_CUT_COPIES = "cuts the extra copies (from the sideboard when the Main Deck would otherwise fall short of 40)"


@rule(
    "RB101", "main-deck-size", severity=ERROR, refs=("CR 103.2", "TR 402.1", "TR 601.1.b"),
    summary="Main Deck of exactly 40 cards in tournaments, at least 40 casually (Chosen Champion included)",
    hint="Add or cut cards until the Main Deck, Chosen Champion included, has the right size",
    example="39 cards in the Main Deck of a standard deck",
    when=MAIN_SIZE,
    repair=Repair("cuts what the deck may not hold, then extra copies, then (over 40) the fewest-copy cards listed "
                  "last; under 40 it adds legal cards inside the identity, of the type and cost of a card cut, "
                  "the deck's own cards first"),
)
def main_deck_size(t: Tally, out: Findings) -> None:
    """The Core Rules ask for a Main Deck of at least 40 cards (CR 103.2); the Tournament Rules
    ask for exactly 40 (TR 402.1, 601.1.b). The Chosen Champion is one of them: a list of 39
    cards plus a champion is 40. deckcheck counts every card listed in the Main Deck, including
    cards that do not belong there (those get their own error). When some lines could not be
    identified and they could make up the difference, only the unknown cards are reported."""
    fmt = t.fmt
    n = t.main_count
    exact = fmt.main_exact
    if exact is not None:
        if n == exact:
            return
        need, refs = N_("{has}; tournament decks need exactly {size} (Chosen Champion included)"), ("TR 402.1",
                                                                                                     "TR 601.1.b")
        fix = (say_n("Add {n} card to reach exactly {size} (the Chosen Champion counts)",
                     "Add {n} cards to reach exactly {size} (the Chosen Champion counts)", exact - n, size=exact)
               if n < exact else
               say_n("Cut {n} card to reach exactly {size} (the Chosen Champion counts)",
                     "Cut {n} cards to reach exactly {size} (the Chosen Champion counts)", n - exact, size=exact))
    else:
        if n >= fmt.main_min:
            return
        exact = fmt.main_min
        need, refs = N_("{has}; a deck needs at least {size} (Chosen Champion included)"), ("CR 103.2",)
        fix = say_n("Add {n} card to reach {size} (the Chosen Champion counts)",
                    "Add {n} cards to reach {size} (the Chosen Champion counts)", exact - n, size=exact)
    slack = t.unknown_slack(Zone.MAIN)
    if n < exact <= n + slack:
        return  # the unidentified lines may hold the missing cards: RB001 reports them
    has = say_n("Main Deck has {n} card", "Main Deck has {n} cards", n)
    if slack:
        has = say_n("{has} (plus up to {n} card on lines deckcheck could not identify)",
                    "{has} (plus up to {n} cards on lines deckcheck could not identify)", slack, has=has)
    out.add(main_deck_size, say(need, has=has, size=exact), zone=MAIN, refs=refs, hint=fix)


_KIND_HINT = {
    LEGEND: N_("Move it to the Legend slot; a deck has exactly one legend"),
    RUNE: N_("Move it to the Rune Deck"),
    BATTLEFIELD: N_("Move it to the battlefields"),
    TOKEN: N_("Remove it: tokens are not cards and are only made during play (keeping them in the box is fine)"),
}
_REMOVE_IT = N_("Remove it")


@rule(
    "RB102", "main-deck-card-type", severity=ERROR, refs=("CR 103.2", "CR 133.4–133.6", "CR 185"),
    summary="Only units, gear and spells go in the Main Deck: no legend, rune, battlefield or token",
    hint="Move the card to its own zone, or remove it",
    example="a Fury Rune listed among the Main Deck cards",
    when=MAIN_KIND,
    repair=Repair("cuts the card from the Main Deck; a rune or battlefield missing from its own zone is added there",
                  other_kind(MAIN_CARD), (MAIN,), rank=2),
)
def main_deck_card_type(t: Tally, out: Findings) -> None:
    """The Main Deck holds units, gear and spells only (CR 103.2). Legends, runes and
    battlefields are other kinds of card with their own zones (CR 133.4–133.6), and tokens are
    not cards at all: they only exist on the board or the chain (CR 185, 186.1)."""
    for entry, f in t.main_wrong_kind:
        refs = ("CR 103.2", "CR 185") if f.kind == TOKEN else ("CR 103.2", "CR 133.4–133.6")
        out.add(main_deck_card_type,
                say("{card} is {kind}; the Main Deck holds only units, gear and spells", card=card_named(entry.card.name),
                    kind=a_or_an(f.type_word)),
                entry=entry, zone=MAIN, refs=refs, hint=say(_KIND_HINT.get(f.kind, _REMOVE_IT)))


def _printings_note(t: Tally, name: str) -> str:
    ids = []
    for zone in (t.deck.main, t.deck.sideboard):
        for e in zone:
            if e.card.name == name and e.card.id not in ids:
                ids.append(e.card.id)
    return say(", across printings {ids}", ids=", ".join(ids)) if len(ids) > 1 else ""


def _split(t: Tally, name: str) -> tuple[int, int]:
    main = t.main_copies.get(name, 0)
    return main, t.copies[name] - main


def _first_entry(t: Tally, name: str):
    for zone in (t.deck.main, t.deck.sideboard):
        for e in zone:
            if e.card.name == name:
                return e
    return None


@rule(
    "RB103", "copy-limit", severity=ERROR, refs=("CR 103.2.b", "CR 103.2.b.1", "TR 601.1.c.3"),
    summary="At most 3 copies of one name, all printings together (Main Deck + sideboard in tournaments)",
    hint="Cut the extra copies",
    example="4 copies of Jinx, Rebel (3 OGN-202 + 1 ARC-005)",
    when=OVER_LIMIT,
    repair=Repair(_CUT_COPIES),
)
def copy_limit(t: Tally, out: Findings) -> None:
    """No more than 3 cards of one name (CR 103.2.b). All printings of a name are the same card:
    alternate art, promos, overnumbered, foreign-language and reprints count together (CR 132.3,
    TR 601.2.a/c). Different subtitles are different cards (Kai'Sa, Survivor and Kai'Sa,
    Evolutionary: 3 of each). The Chosen Champion counts toward its own 3 (CR 103.2.b.1). In
    tournaments the sideboard counts too (TR 601.1.c.3). A card's own text can change its limit
    (CR 002): Spiderling allows any number; Unique cards are rule RB104."""
    champ = t.deck.champion.card.name if t.deck.champion else None
    for name in t.over_limit:
        entry = _first_entry(t, name)
        facts = t.facts_for(entry)
        if facts.limit < DEFAULT_COPIES:
            continue  # a card-text limit (Unique): RB104
        total = t.copies[name]
        main, side = _split(t, name)
        refs: tuple[str, ...] = ("CR 103.2.b",)
        extra = ""
        if name == champ:
            refs += ("CR 103.2.b.1",)
            extra = say("; the Chosen Champion counts toward its own 3")
        if side:
            refs += ("TR 601.1.c.3",)
        card = card_named(name)
        out.add(copy_limit,
                say("{count} copies of {card}{where}{printings}; at most {limit} of one name, all printings counted "
                    "together{champion}", count=total, card=card, where=_where(main, side),
                    printings=_printings_note(t, name), limit=facts.limit, champion=extra),
                entry=entry, zone=MAIN, refs=refs,
                hint=say_n("Cut {n} copy of {card}", "Cut {n} copies of {card}", total - facts.limit, card=card))


@rule(
    "RB104", "unique-card", severity=ERROR, refs=("CR 825.3",),
    summary="A Unique card (or one whose text sets a lower limit) at most once",
    hint="Keep a single copy",
    example="2 copies of Forgefire Cape",
    when=OVER_LIMIT,
    repair=Repair(_CUT_COPIES),
)
def unique_card(t: Tally, out: Findings) -> None:
    """A Unique card may appear only once in a deck (CR 825.3.a). A card that is both Signature
    and Unique counts toward both limits (CR 825.3.b). Which cards are Unique comes from the
    reviewed card-text facts in ``card_data/card_rules.json``, not from a list in the code."""
    for name in t.over_limit:
        entry = _first_entry(t, name)
        facts = t.facts_for(entry)
        if facts.limit >= DEFAULT_COPIES:
            continue
        total = t.copies[name]
        main, side = _split(t, name)
        why = facts.limit_rule.keyword if facts.limit_rule else "Unique"
        refs = (facts.limit_rule.rule,) if facts.limit_rule else unique_card.refs
        card = card_named(name)
        out.add(unique_card,
                say("{count} copies of {card}{where}; it is {keyword}: at most {limit}", count=total, card=card,
                    where=_where(main, side), keyword=word("keyword", why), limit=facts.limit),
                entry=entry, zone=MAIN, refs=refs + (("TR 601.1.c.3",) if side else ()),
                hint=say("Keep {limit} {card} and cut {cut}", limit=facts.limit, card=card, cut=total - facts.limit))


def _where(main: int, side: int) -> str:
    """`` (3 in the Main Deck, 1 in the sideboard)`` when copies are in the sideboard too, else nothing."""
    return say(" ({main} in the Main Deck, {side} in the sideboard)", main=main, side=side) if side else ""


def _sig_list(t: Tally) -> str:
    return listing([say("{card} ×{count}", card=card_named(e.card.name), count=e.count) if e.count > 1
                    else card_named(e.card.name) for e, _ in t.main_signatures])


@rule(
    "RB105", "signature-limit", severity=ERROR, refs=("CR 103.2.d.1",),
    summary="At most 3 Signature cards in the Main Deck, whatever their names",
    hint="Cut Signature cards until 3 are left",
    example="2 Forgefire Cape + 2 Rabadon's Deathcrown in an Ornn deck",
    when=SIGNATURE_COUNT,
    repair=Repair(f"cuts Signature cards down to {SIGNATURE_LIMIT}, first those whose sideboard copies may then "
                  "stay, " + REPLACED),
)
def signature_limit(t: Tally, out: Findings) -> None:
    """A deck may hold no more than 3 Signature cards in total, whatever their names
    (CR 103.2.d.1): two of one and two of another is already 4."""
    n = t.signature_count
    if n <= SIGNATURE_LIMIT:
        return
    first = t.main_signatures[0][0]
    out.add(signature_limit,
            say("{count} Signature cards in the Main Deck ({cards}); at most {limit} in total, whatever their names",
                count=n, cards=_sig_list(t), limit=SIGNATURE_LIMIT), source=first.source, zone=MAIN,
            hint=say_n("Cut {n} Signature card", "Cut {n} Signature cards", n - SIGNATURE_LIMIT))


def _other_champions(f: CardFacts, place: Place) -> str | None:
    """RB106's repair: a Signature card of another champion than the legend's leaves the Main Deck."""
    if f.signature and place.tag is not None and f.champion_tag != place.tag:
        return say("a Signature card of {champion}", champion=champion_named(f.champion_tag))
    return None


@rule(
    "RB106", "signature-tag", severity=ERROR, refs=("CR 103.2.d.2",),
    summary="Every Signature card carries the legend's champion tag",
    hint="Replace it with a card of your own legend's champion",
    example="Tibbers (Annie's Signature) in a Jinx deck",
    when=SIGNATURE_TAG,
    repair=Repair("cuts the card " + REPLACED, _other_champions, (MAIN,), rank=4),
)
def signature_tag(t: Tally, out: Findings) -> None:
    """A Signature card belongs to one champion and may only be played with that champion's
    legend: its champion tag must be the legend's (CR 103.2.d.2). Any card type can be
    Signature (CR 133.7.b)."""
    tag = t.legend_tag
    if tag is None:
        return
    another = say("another champion")
    for entry, f in t.main_signatures:
        if f.champion_tag != tag:
            out.add(signature_tag,
                    say("{card} is a Signature card of {champion}; this deck's legend {legend} is {tag}",
                        card=card_named(entry.card.name),
                        champion=champion_named(f.champion_tag) if f.champion_tag else another,
                        legend=card_named(t.legend.card.name), tag=champion_named(tag)),
                    entry=entry, zone=MAIN,
                    hint=say("Replace it; only {tag} Signature cards are allowed", tag=champion_named(tag)))


@rule(
    "RB107", "signature-with-sideboard", severity=WARNING, refs=("CR 103.2.d.1", "TR 601.1.c.3"),
    summary="Main Deck and sideboard together hold more than 3 Signature cards (open question)",
    hint="Keep at most 3 Signature cards over Main Deck and sideboard to be safe",
    example="3 Signature cards in the Main Deck and 1 in the sideboard",
    applies=lambda spec: spec.has_sideboard,
    when=SIDE_SIGNATURE,
)
def signature_with_sideboard(t: Tally, out: Findings) -> None:
    """The Tournament Rules count copy limits over Main Deck and sideboard together
    (TR 601.1.c.3), but they name only limits on named cards; whether the Signature limit of
    3 (CR 103.2.d.1) also spans the sideboard is an open question (RULES.md §8). The Main Deck
    alone is always held to 3 (RB105); a warning says when Main Deck plus sideboard go over."""
    main, side = t.signature_count, t.side_signature_count
    if not side or main > SIGNATURE_LIMIT or main + side <= SIGNATURE_LIMIT:
        return
    entry = next(e for e, f in t.side_entries if f.signature)
    out.add(signature_with_sideboard,
            say("{count} Signature cards over Main Deck ({main}) and sideboard ({side}); if the limit of 3 spans the "
                "sideboard, a swap would make the deck illegal", count=main + side, main=main, side=side),
            source=entry.source, zone=SIDEBOARD)


@rule(
    "RB108", "domain-identity", severity=ERROR, refs=("CR 103.2.c", "CR 103.1.b.3", "CR 103.1.b.4"),
    summary="Every Main Deck card is inside the legend's domains (a multi-domain card needs all of them)",
    hint="Replace the card with one inside the deck's domains",
    example="Jinx, Rebel (Chaos) in an Ornn deck (Calm and Mind)",
    when=MAIN_OFF_IDENTITY,
    repair=Repair("cuts the card " + REPLACED, outside, (MAIN,), rank=3),
)
def domain_identity(t: Tally, out: Findings) -> None:
    """The legend's domains are the deck's Domain Identity (CR 103.1.b.2). A card with one
    domain is legal if the identity includes it (CR 103.1.b.3); a card with several domains only
    if the identity includes all of them (CR 103.1.b.4). A card with no domain is legal in every
    identity (an inference until the CR of 2026-10-09 wrote it down as 103.2.b.5). Champion
    units of other champions are ordinary cards and only need to be inside the identity."""
    for entry, f in t.main_off_identity:
        card = card_named(entry.card.name)
        if len(f.domains) > 1:
            message = say("{card} needs all of {domains}; the domain identity {identity} lacks {missing}", card=card,
                          domains=domain_words(f.mask), identity=identity_words(t),
                          missing=missing_domains(t, f.mask))
            refs = ("CR 103.2.c", "CR 103.1.b.4")
        else:
            message = say("{card} ({domains}) is outside the domain identity {identity}", card=card,
                          domains=domain_words(f.mask), identity=identity_words(t))
            refs = ("CR 103.2.c", "CR 103.1.b.3")
        out.add(domain_identity, message, entry=entry, zone=MAIN, refs=refs,
                hint=say("Replace it with a {domains} card", domains=domain_words(t.identity, "or")))

