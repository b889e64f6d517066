"""Format legality (TR 601.2): banned cards and cards without a printing in a legal, released set."""

from __future__ import annotations

from deckcheck.rules.checks.common import REPLACED
from deckcheck.rules.facts import CardFacts
from deckcheck.rules.registry import ERROR, INFO, Findings, Place, Repair, rule
from deckcheck.rules.signals import BANNED, SET_NOT_LEGAL
from deckcheck.rules.tally import Tally
from deckcheck.words import card_named, listing, say, word


def _banned(f: CardFacts, place: Place) -> str | None:
    """RB601's repair: a banned card goes, from every zone."""
    flag = place.flagged.get(f.name)
    return None if flag is None or flag.banned is None else say("banned since {day}", day=flag.banned.since.isoformat())


def _not_legal(f: CardFacts, place: Place) -> str | None:
    """RB602's repair: a card without a printing in a legal, released set goes, from every zone; one whose set
    came with a card data update is left to check by hand."""
    flag = place.flagged.get(f.name)
    if flag is None or flag.banned is not None or flag.unverified:
        return None
    return say("not legal on {day}", day=place.fmt.as_of.isoformat())


@rule(
    "RB601", "banned-card", severity=ERROR, refs=("TR 601.2.d",),
    summary="No banned card (a ban covers every printing of the name), from the ban's start date",
    hint="Replace the banned card",
    example="Stacked Deck in a standard deck checked on or after 2026-09-18",
    applies=lambda spec: bool(spec.bans),
    when=BANNED,
    repair=Repair("cuts every copy (every printing) " + REPLACED, _banned, rank=1),
)
def banned_card(t: Tally, out: Findings) -> None:
    """Banned cards may not be played (TR 601.2.d). A ban covers a name, so every printing of
    it is banned. Each ban starts on its date: a deck checked with --as-of before that day is
    not affected. The dated list lives in card_data/formats/.

    At low-OPL events (Nexus Nights) a player using the exact contents of a preconstructed
    product may play the banned cards it came with; any change, or an added sideboard, ends
    that (TR 601.2.d.2). The nexus-night format grants it (so does a format file with
    precon_exception: true), standard never: a product of card_data/precons.json played as
    sold keeps its banned cards, with a note naming the product; a list of the product's
    legend that differs from it gets the ban errors and a note saying what differs."""
    words = t.legality.words
    kept = _kept_as_sold(t, out) if t.fmt.spec.precon_exception else ()
    for entry, zone, flag in t.flagged:
        ban = flag.banned
        if ban is None or entry.card.name in kept:
            continue
        name = entry.card.name
        said = words.get(name)
        if said is None:  # the same two sentences for every deck with the card, in this format on this date
            card = card_named(name)
            said = words[name] = (say("{card} is banned in {format} since {day}", card=card,
                                      format=word("format", t.fmt.name), day=ban.since.isoformat()),
                                  say("Replace {card}; the ban covers every printing of the name", card=card))
        out.put_entry(banned_card, said[0], entry, zone, said[1])


def _kept_as_sold(t: Tally, out: Findings) -> tuple[str, ...]:
    """The banned cards a preconstructed product played as sold keeps (TR 601.2.d.2), with a note
    naming the product; none, with a note saying what differs, for a changed product."""
    from deckcheck.rules.precons import closest_product

    found = closest_product(t.deck)
    if found is None:
        return ()
    product = found.product
    held = product.holding({e.card.name for e, _, flag in t.flagged if flag.banned is not None})
    if not held:
        return ()
    form = word("format", t.fmt.name)
    if found.exact:
        kept = listing([card_named(name) for name in held])
        message = (say("the {product} exactly as sold: it keeps its banned cards ({cards}) in {format} (the product "
                       "list is in doubt: {doubt})", product=product.name, cards=kept, format=form, doubt=product.doubt)
                   if product.doubt else
                   say("the {product} exactly as sold: it keeps its banned cards ({cards}) in {format}",
                       product=product.name, cards=kept, format=form))
        out.add(banned_card, message, severity=INFO, refs=("TR 601.2.d.2",),
                hint=say("Play it as sold: any change to the deck, or an added sideboard, ends the exception"))
        return tuple(held)
    differences = listing(found.differences, ";")
    message = (say("not the {product} as sold ({differences}): the exception for preconstructed decks does not cover "
                   "its banned cards (the product list is in doubt: {doubt})", product=product.name,
                   differences=differences, doubt=product.doubt) if product.doubt else
               say("not the {product} as sold ({differences}): the exception for preconstructed decks does not cover "
                   "its banned cards", product=product.name, differences=differences))
    out.add(banned_card, message, severity=INFO, refs=("TR 601.2.d.2",),
            hint=say("Play the {product} exactly as sold, with no sideboard, or replace the banned cards",
                     product=product.name))
    return ()


@rule(
    "RB602", "set-not-legal", severity=ERROR, refs=("TR 601.2.a", "CR 103.2.e"),
    summary="Every card shares its name with a card of a set legal in the format and released on the date",
    hint="Replace the card with one from a legal, released set",
    example="a Vendetta card in a deck checked with --as-of 2026-07-01",
    when=SET_NOT_LEGAL,
    repair=Repair("cuts every copy " + REPLACED, _not_legal, rank=1),
)
def set_not_legal(t: Tally, out: Findings) -> None:
    """A card is legal if it is from a legal set or shares its name with a card from one
    (TR 601.2.a; CR 103.2.e asks for format legality): a promo, alternate art or box-set
    printing is legal when its name is. A set is legal in a format only from its release date,
    so with --as-of before Vendetta's release (2026-07-31) its cards are not legal yet. Standard
    holds OGS, OGN, SFD, UNL, VEN and, from 2026-10-23, Radiance (TR 601.3); the sets announced
    after it (Legacy 2027-01-29, Proving Grounds 2nd Edition 2027-02-19, The Reckoning 2027-04-30)
    join on their release days, so previewed cards loaded with ``deckcheck cards update`` are
    illegal until then. A set a format file lists with ``leaves: DATE`` (rotation) is legal
    until the day before. A set that came
    with a card data update (``deckcheck cards update``) and that deckcheck's set list does not
    know has no release date: its cards are reported here too, but as unverified (check them by
    hand), never silently legal and never proven illegal."""
    refs = ("TR 601.2.a", "CR 103.2.e") if t.fmt.tournament else ("CR 103.2.e",)
    for entry, zone, flag in t.flagged:
        if flag.set_reason is None:
            continue
        if flag.unverified and flag.banned is None:
            out.add(set_not_legal, say("{reason}; check it by hand", reason=flag.set_reason), entry=entry,
                    zone=zone, refs=refs, unverified=True,
                    hint=say("Check the card's legality by hand; a deckcheck release adds the set to the formats"))
            continue
        out.put_entry(set_not_legal, flag.set_reason, entry, zone, set_not_legal.hint, refs)
