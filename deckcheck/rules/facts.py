"""Facts the rules need about each card, and what a format forbids on a date.

:class:`CardFacts` is a small record per printing (kind of card, domain bitmask, Signature,
Champion, copy limit), kept on the card database; :class:`Legality` is, for one format on one
date, the names that are banned or have no printing in a legal set, kept on that day's checker
(:class:`deckcheck.rules.engine.Checker`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from deckcheck.words import card_named, listing, say, word
from deckcheck.cards.lookup import CardDB
from deckcheck.cards.model import Card, CardType, Domain
from deckcheck.cards.sets import CopyLimit
from deckcheck.rules.formats import BanSpec, FormatError, FormatOnDate, FormatSpec, format_on, line_of

DOMAIN_BIT = {d: 1 << i for i, d in enumerate(Domain)}
ALL_DOMAINS = (1 << len(DOMAIN_BIT)) - 1
_DOMAIN_WORDS = tuple((bit, d.value) for d, bit in DOMAIN_BIT.items())  # read once: .value is a slow property

# Kinds of card, as far as deck zones care. MAIN is 0 so "if facts.kind:" means "not a main-deck card".
MAIN, LEGEND, RUNE, BATTLEFIELD, TOKEN = 0, 1, 2, 3, 4
KIND_WORD = {MAIN: "main-deck card", LEGEND: "legend", RUNE: "rune", BATTLEFIELD: "battlefield", TOKEN: "token"}
_KIND_OF_TYPE = {CardType.LEGEND: LEGEND, CardType.RUNE: RUNE, CardType.BATTLEFIELD: BATTLEFIELD,
                 CardType.TOKEN: TOKEN}

_TYPE_WORD = {t: t.value.lower() for t in CardType}  # "unit", "spell", ... (.value is a slow property)
DEFAULT_COPIES = 3
SIGNATURE_LIMIT = 3  # Signature cards in a Main Deck, whatever their names (CR 103.2.d.1)
UNLIMITED = 1 << 30


@dataclass(frozen=True, slots=True)
class CardFacts:
    """What the rules read about one card (the same for every printing of its name)."""

    name: str
    kind: int
    type_word: str  # "unit", "spell", "legend", "token", ...
    mask: int  # domain bitmask; 0 = colourless
    domains: tuple[Domain, ...]
    signature: bool
    champion_unit: bool
    champion_tag: str | None
    limit: int  # copies allowed per name (UNLIMITED for Spiderling)
    limit_rule: CopyLimit | None  # the card-text rule behind a non-default limit


def facts_of(card: Card, db: CardDB | None = None) -> CardFacts:
    """Work out the facts of one card (normally read from :func:`card_facts` instead)."""
    token = card.is_token
    kind = TOKEN if token else _KIND_OF_TYPE.get(card.type, MAIN)
    special = db.rules.limit_for(card.name) if db is not None else None
    limit = DEFAULT_COPIES
    if special is not None:
        limit = UNLIMITED if special.limit is None else special.limit
    signature = card.is_signature
    domains = card.domains
    return CardFacts(card.name, kind, "token" if token else _TYPE_WORD[card.type], mask_of(domains), domains,
                     signature, card.is_champion_unit, card.champion_tag, limit, special)


def card_facts(db: CardDB) -> dict[int, CardFacts]:
    """The facts table of ``db`` by printing ``id()``, filled as its cards are met (kept on the database).

    Only the database's own printings are entered (:func:`remember_facts`): a changed copy of a
    card never borrows the facts of the printing it was copied from.
    """
    return db.kept(_facts_table)


def _facts_table(db: CardDB) -> dict[int, CardFacts]:
    return {}


def remember_facts(card: Card, db: CardDB, table: dict[int, CardFacts]) -> CardFacts:
    """The facts of ``card``, entered in ``table`` when the card is one of ``db``'s printings."""
    facts = facts_of(card, db)
    if db.get(card.id) is card:
        table[id(card)] = facts
    return facts


def mask_of(domains: tuple[Domain, ...]) -> int:
    """The domain bitmask of ``domains`` (0 for a colourless card)."""
    mask = 0
    for d in domains:
        mask |= DOMAIN_BIT[d]
    return mask


def domain_names(mask: int) -> list[str]:
    """The domains of a bitmask by name (``["Fury", "Mind"]``), in the rules' domain order."""
    return [name for bit, name in _DOMAIN_WORDS if mask & bit]


def domain_words(mask: int, conj: str = "and") -> str:
    """``"Fury and Chaos"`` for a bitmask (in the rules' domain order; ``conj="or"``: ``"Fury or Chaos"``), each
    domain said as the reader's language names it."""
    names = [word("domain", name) for name in domain_names(mask)]
    if not names:
        return say("no domain")
    return listing(names, conj)


@dataclass(frozen=True, slots=True)
class Flag:
    """Why a name is not legal in a format on a date."""

    banned: BanSpec | None
    set_reason: str | None  # "Jinx, Rebel is from Vendetta (VEN), which is legal from 2026-07-31 (its release): ..."
    unverified: bool = False  # the set came with a card data update; no format knows it yet


@dataclass(slots=True)
class Legality:
    """One format on one date, with the names it forbids (a name is legal across printings)."""

    fmt: FormatOnDate
    flagged: dict[str, Flag]
    citations: dict[tuple[str, ...], str]
    words: dict[str, tuple[str, str]] = field(default_factory=dict)  # a banned name's message and hint


_UNREVIEWED = "came with a card data update"


def _set_reason(name: str, db: CardDB, fmt: FormatOnDate) -> str | None:
    """None if some printing of ``name`` is in a legal set (TR 601.2.a), else why not."""
    sets = {c.set for c in db.printings_of(name)}
    if sets & fmt.legal_sets.keys():
        return None
    unreviewed = sorted(s for s in sets if s not in db.sets or db.sets[s].released is None)
    card = card_named(name)
    form = word("format", fmt.name)
    if unreviewed:
        return say("{card} is from set {set}, which came with a card data update: deckcheck's formats do not know "
                   "its release date or legality yet, so {format} cannot be checked for it", card=card,
                   set=unreviewed[0], format=form)
    # every set left is known, with a release date
    pending = sorted(sets & fmt.pending_sets.keys(), key=lambda s: (fmt.pending_sets[s].released, s))
    if pending:  # the first to come decides when the name becomes legal
        info = fmt.pending_sets[pending[0]]
        return say("{card} is from {set} ({code}), which is legal from {day} (its release): not yet on {as_of}",
                   card=card, set=word("set", info.name), code=info.code, day=info.released.isoformat(),
                   as_of=fmt.as_of.isoformat())
    gone = sorted(sets & fmt.left_sets.keys(), key=lambda s: (fmt.left_sets[s].leaves, s))
    if gone:
        info = fmt.left_sets[gone[-1]]
        return say("{card} is from {set} ({code}), which left {format} on {day}: not legal on {as_of}", card=card,
                   set=word("set", info.name), code=info.code, format=form, day=info.leaves.isoformat(), as_of=fmt.as_of.isoformat())
    names = listing([say("{set} ({code})", set=word("set", db.sets[s].name), code=s) for s in sorted(sets)], ",")
    return say("{card} is printed only in {sets}, which is not a legal set in {format}", card=card, sets=names,
               format=form)


def forbidden(db: CardDB, spec: FormatSpec, as_of: date) -> Legality:
    """The format on ``as_of`` with the names it forbids over ``db`` worked out; raises FormatError for a
    ban or battlefield the database does not hold."""
    fmt = format_on(spec, as_of, db.sets)
    flagged: dict[str, Flag] = {}
    for name in db.names:
        reason = _set_reason(name, db, fmt)
        if reason is not None:
            flagged[name] = Flag(None, reason, _UNREVIEWED in reason)
    for name, ban in fmt.bans.items():
        if not ban.unverified and db.by_name(name) is None:
            raise FormatError(f"format '{spec.name}' bans '{name}', which is not in the card database"
                              f"{_did_you_mean(db, name)} (mark it 'unverified: true' if the card is newer "
                              "than the data)", file=spec.file or None, line=line_of(spec.file, value=name))
        old = flagged.get(name)
        flagged[name] = Flag(ban, old.set_reason if old else None)
    for name in spec.battlefields or ():
        card = db.by_name(name)
        if card is None or card.type.value != "Battlefield":
            what = ("not in the card database" + _did_you_mean(db, name, battlefield=True) if card is None
                    else f"a {card.type.value.lower()}, not a battlefield")
            raise FormatError(f"format '{spec.name}' lists the battlefield '{name}', which is {what}",
                              file=spec.file or None, line=line_of(spec.file, value=name))
    return Legality(fmt=fmt, flagged=flagged, citations={})


def _did_you_mean(db: CardDB, name: str, battlefield: bool = False) -> str:
    """``; did you mean 'X'?`` with the closest card name (a battlefield's, when asked), or ""."""
    found = db.find(name)
    exact = getattr(found, "card", None)
    if exact is not None and exact.name != name:
        return f"; did you mean '{exact.name}'?"
    for suggestion in db.suggest(name, n=5):
        card = db.by_name(suggestion)
        if card is not None and (not battlefield or card.type.value == "Battlefield"):
            return f"; did you mean '{suggestion}'?"
    return ""


def champions_by_tag(db: CardDB) -> dict[str, list[str]]:
    """Champion unit names (not Signature) per champion tag, for "choose one of" hints (kept on the database)."""
    return db.kept(_champions_by_tag)


def _champions_by_tag(db: CardDB) -> dict[str, list[str]]:
    table: dict[str, list[str]] = {}
    for card in db.printings:
        if card.can_be_chosen_champion and card.champion_tag:
            names = table.setdefault(card.champion_tag, [])
            if card.name not in names:
                names.append(card.name)
    for names in table.values():
        names.sort()
    return table


# A card's row (:class:`Row`): what the tally reads of a printing in one format on one date, one
# dict lookup per deck entry. The bits above the domain mask name everything that makes an entry
# worth a closer look, so the tally tests one word per entry against what its zone must not hold.
_ABOVE_DOMAINS = ALL_DOMAINS + 1  # the first bit past the domains, however many there are
NOT_MAIN = _ABOVE_DOMAINS  # another kind of card than a unit, gear or spell (CardFacts.kind)
SIGNATURE = _ABOVE_DOMAINS << 1
NOT_RUNE = _ABOVE_DOMAINS << 2
NOT_BATTLEFIELD = _ABOVE_DOMAINS << 3
FLAGGED_NAME = _ABOVE_DOMAINS << 4  # banned, or not legal on the date (Legality.flagged)
IN_DOUBT = _ABOVE_DOMAINS << 5  # the card data has a rule-relevant fact of the name in doubt
CHOOSABLE = _ABOVE_DOMAINS << 6  # a champion unit that is not a Signature card: it can be a Chosen Champion

@dataclass(frozen=True, slots=True)
class Row:
    """What the tally reads of one printing in one format on one date: the printing itself, its
    name, copy limit, bits (domain mask and the flags above) and facts."""

    card: Card
    name: str
    limit: int
    bits: int
    facts: CardFacts


@dataclass(slots=True)
class CardRows:
    """The rows of one card database in one format on one date, keyed by the printing's id.

    A lookup by ``card.id`` is a hit only when the row holds that very card object. Filled as
    cards are met; like :func:`card_facts`, only the database's own printings are entered, so a
    changed copy of a card (same id, another object) is worked out afresh each time it is met.
    """

    db: CardDB
    facts: dict[int, CardFacts]
    flagged: dict[str, Flag]  # the names the format forbids on the date (Legality.flagged)
    doubtful: dict | frozenset | set
    table: dict[str, Row] = field(default_factory=dict)

    def get(self, card: Card) -> Row:
        """The row of ``card``: the table's when it holds this card object, else :meth:`row`."""
        found = self.table.get(card.id)
        if found is not None and found.card is card:
            return found
        return self.row(card)

    def row(self, card: Card) -> Row:
        """The row of ``card`` worked out (entered in :attr:`table` when it is one of the database's printings)."""
        key = id(card)
        facts = self.facts.get(key) or remember_facts(card, self.db, self.facts)
        bits = facts.mask
        if facts.kind:
            bits |= NOT_MAIN
        if facts.signature:
            bits |= SIGNATURE
        if facts.kind != RUNE:
            bits |= NOT_RUNE
        if facts.kind != BATTLEFIELD:
            bits |= NOT_BATTLEFIELD
        if facts.champion_unit and not facts.signature:
            bits |= CHOOSABLE
        if facts.name in self.flagged:
            bits |= FLAGGED_NAME
        if facts.name in self.doubtful:
            bits |= IN_DOUBT
        found = Row(card, facts.name, facts.limit, bits, facts)
        if self.facts.get(key) is facts:  # one of the database's own printings
            self.table[card.id] = found
        return found
