"""One pass over a deck that gathers everything the rules read.

The pass counts each zone, adds up copies per name (Main Deck and, in tournament formats, the
sideboard), and sets aside only the entries that may break a rule: a card of the wrong kind for
its zone, a card outside the domain identity, a Signature card, a banned or not-yet-legal name.
For a legal deck every list stays empty, so the rules have almost nothing to do.

It also raises :attr:`Tally.signals`, one bit per thing some rule must look at (an unknown line,
a Main Deck of the wrong size, a flagged name, ...). :data:`WHEN` says which signals each rule
can report on, and the engine calls only the rules whose signals the deck raised.
"""

from __future__ import annotations

from deckcheck.cards.ids import parse_id
from deckcheck.decks.model import Deck, DeckEntry, Severity, Zone
from deckcheck.rules.facts import (ALL_DOMAINS, CHOOSABLE, FLAGGED_NAME, IN_DOUBT, LEGEND, NOT_BATTLEFIELD, NOT_MAIN,
                                   NOT_RUNE, SIGNATURE, CardFacts, CardRows, Flag, Legality, remember_facts)

Hit = tuple[DeckEntry, CardFacts]
_NO_HITS: list = []  # shared empty list for the common case (never appended to)
_NO_ROW = (None, None, None, None, None)  # what the row table gives for a card it does not hold

# Signals: what a deck shows that some rule must look at. A rule is called only when the deck
# raises one of its signals (WHEN); a rule WHEN does not list is called for every deck.
ALWAYS = 1 << 0  # raised for every deck
UNKNOWN = 1 << 1  # lines whose card could not be found
PROBLEM_ERROR, PROBLEM_WARNING, PROBLEM_INFO = 1 << 2, 1 << 3, 1 << 4  # reader/resolver problems
ANY_PROBLEM = PROBLEM_ERROR | PROBLEM_WARNING | PROBLEM_INFO
DOUBT = 1 << 5  # a card whose rule-relevant facts the card data has in doubt
MAIN_SIZE = 1 << 6  # the Main Deck is not of the format's size
MAIN_KIND = 1 << 7  # a card of another kind in the Main Deck
OVER_LIMIT = 1 << 8  # a name over its copy limit
SIGNATURE_COUNT = 1 << 9  # more than 3 Signature cards in the Main Deck
SIDE_SIGNATURE = 1 << 10  # Signature cards in the sideboard
MAIN_OFF_IDENTITY = 1 << 11  # a Main Deck card outside the domain identity
LEGEND_ODD = 1 << 12  # no legend, several, or a legend slot holding another kind of card
ADDITIONAL_LEGENDS = 1 << 13  # extra legends chosen while building
NO_CHAMPION = 1 << 14  # no Chosen Champion, while the legend has a champion tag
CHAMPION_ODD = 1 << 15  # a Chosen Champion not in the Main Deck, not a champion unit, Signature or off-tag
RUNE_SIZE = 1 << 16  # a Rune Deck of other than 12
RUNE_ODD = 1 << 17  # a rune slot holding another kind of card, or a rune outside the identity
BF_SIZE = 1 << 18  # other than 3 battlefields
BF_ODD = 1 << 19  # a battlefield twice, another kind of card, or one outside the identity
SIDEBOARD = 1 << 20  # a sideboard
SIDE_SIZES = 1 << 21  # the format on the date allows only some sideboard sizes (0 may be one of them)
BANNED = 1 << 22  # a banned name
SET_NOT_LEGAL = 1 << 23  # a name without a printing in a legal, released set
SIGNATURE_TAG = 1 << 24  # a Main Deck Signature card of another champion tag than the legend's

#: Rule code -> the signals on which it may report something.
WHEN: dict[str, int] = {
    "RB001": UNKNOWN, "RB005": UNKNOWN,
    "RB002": PROBLEM_ERROR, "RB003": PROBLEM_WARNING, "RB004": PROBLEM_INFO,
    "RB006": DOUBT,
    "RB101": MAIN_SIZE, "RB102": MAIN_KIND, "RB103": OVER_LIMIT, "RB104": OVER_LIMIT,
    "RB105": SIGNATURE_COUNT, "RB106": SIGNATURE_TAG, "RB107": SIDE_SIGNATURE, "RB108": MAIN_OFF_IDENTITY,
    "RB201": LEGEND_ODD, "RB202": LEGEND_ODD, "RB203": ADDITIONAL_LEGENDS,
    "RB211": NO_CHAMPION, "RB212": CHAMPION_ODD, "RB213": CHAMPION_ODD, "RB214": CHAMPION_ODD,
    "RB215": CHAMPION_ODD,
    "RB301": RUNE_SIZE, "RB302": RUNE_ODD, "RB303": RUNE_ODD,
    "RB401": BF_SIZE, "RB402": BF_ODD, "RB403": BF_ODD, "RB404": BF_ODD,
    "RB501": SIDEBOARD | SIDE_SIZES, "RB502": SIDEBOARD, "RB503": SIDEBOARD,
    "RB601": BANNED, "RB602": SET_NOT_LEGAL,
}

# The zone words the flagged entries carry (read once here: an Enum's .value is a slow property).
_LEGEND, _MAIN, _RUNES, _BATTLEFIELDS, _SIDEBOARD = (z.value for z in (Zone.LEGEND, Zone.MAIN, Zone.RUNES,
                                                                       Zone.BATTLEFIELDS, Zone.SIDEBOARD))
# What makes an entry of each zone worth a closer look, beside a domain outside the identity.
_MAIN_WATCH = NOT_MAIN | SIGNATURE | FLAGGED_NAME | IN_DOUBT
_RUNE_WATCH = NOT_RUNE | FLAGGED_NAME | IN_DOUBT
_BF_WATCH = NOT_BATTLEFIELD | FLAGGED_NAME | IN_DOUBT
_PROBLEM_SIGNAL = {Severity.ERROR: PROBLEM_ERROR, Severity.WARNING: PROBLEM_WARNING, Severity.INFO: PROBLEM_INFO}


def _copies(entries: list[DeckEntry], get) -> tuple[dict[str, int], list[str]]:
    """Copies per name over ``entries``, and the names over their limit in the order they went over."""
    copies: dict[str, int] = {}
    over: list[str] = []
    for e in entries:
        _, name, limit, _, _ = get(e.card)
        c = copies[name] + e.count if name in copies else e.count
        copies[name] = c
        if c > limit and name not in over:
            over.append(name)
    return copies, over


class Tally:
    """Counts and suspects of one deck, for one format on one date.

    ``champion_candidates``: when the deck names no Chosen Champion and its legend has a champion
    tag, the names of the Main Deck cards that could be it (in list order, a name per line).

    ``rows`` is the card table of the database in that format on that date
    (:class:`~deckcheck.rules.facts.CardRows`): each entry costs one lookup, and one test of its
    row's bits says whether the entry needs a closer look.
    """

    __slots__ = (
        "deck", "db", "legality", "fmt", "facts", "legend", "legend_facts", "identity",
        "legend_tag", "champion_facts", "champion_in_main", "main_count", "rune_count",
        "battlefield_count", "side_count", "copies", "main_copies", "over_limit",
        "main_wrong_kind", "main_off_identity", "main_signatures", "signature_count",
        "side_signature_count", "rune_wrong_kind", "rune_off_identity", "bf_wrong_kind",
        "bf_off_identity", "bf_duplicates", "side_entries", "flagged", "signals", "champion_candidates", "_slack",
    )

    def __init__(self, deck: Deck, legality: Legality, rows: CardRows) -> None:
        self.deck = deck
        self.db = rows.db
        self.legality = legality
        fmt = self.fmt = legality.fmt
        self.facts = rows.facts
        flagged_names = legality.flagged
        flagged: list[tuple[DeckEntry, str, Flag]] = []  # entry, zone word, why
        self._slack: dict[Zone, int] | None = None
        table = rows.table
        get = rows.get
        row_of = rows.row
        signals = ALWAYS

        legend = self.legend = deck.legend
        if legend is not None:
            card = legend.card
            held, _, _, bits, lf = table.get(card.id) or _NO_ROW  # rows.get(card) written out, as below
            if held is not card:
                _, _, _, bits, lf = row_of(card)
            if bits & FLAGGED_NAME:
                flagged.append((legend, _LEGEND, flagged_names[lf.name]))
            if bits & IN_DOUBT:
                signals |= DOUBT
        else:
            lf = None
        self.legend_facts = lf
        if lf is not None and lf.kind == LEGEND:
            self.identity = lf.mask
            tag = self.legend_tag = lf.champion_tag
            outside = ALL_DOMAINS & ~lf.mask
        else:  # no legend (or not a legend card): the identity and champion tag are unknown
            self.identity = ALL_DOMAINS
            tag = self.legend_tag = None
            outside = 0
            signals |= LEGEND_ODD
        extras = deck.extra_legends
        if extras:
            signals |= LEGEND_ODD
            for extra in extras:
                _, name, _, bits, _ = get(extra.card)
                if bits & FLAGGED_NAME:
                    flagged.append((extra, _LEGEND, flagged_names[name]))
                if bits & IN_DOUBT:
                    signals |= DOUBT
        champion = deck.champion
        if champion is not None:
            card = champion.card
            held, _, _, _, cf = table.get(card.id) or _NO_ROW
            if held is not card:
                cf = row_of(card)[4]
        else:
            cf = None
        self.champion_facts = cf

        # Main Deck: sizes and copies for every entry; a closer look only at suspects.
        copies: dict[str, int] = {}
        over: list[str] = []
        wrong = off = sigs = _NO_HITS
        total = sig_total = 0
        # no Chosen Champion while the legend has a tag: gather the cards that could be it (RB211)
        choose = CHOOSABLE if champion is None and tag is not None else 0
        candidates = _NO_HITS
        watch = outside | _MAIN_WATCH | choose
        main = deck.main
        for e in main:
            card = e.card
            try:
                held, name, limit, bits, f = table[card.id]
                if held is not card:  # another object with the id: not one of the database's printings
                    held, name, limit, bits, f = row_of(card)
            except KeyError:  # first met, or not one of the database's printings
                held, name, limit, bits, f = row_of(card)
            n = e.count
            total += n
            copies[name] = n  # right while every name is on one line; counted again below if not
            if n > limit:
                over.append(name)
            if bits & watch:
                if bits & NOT_MAIN:
                    wrong = [*wrong, (e, f)]
                if bits & outside:
                    off = [*off, (e, f)]
                if bits & SIGNATURE:
                    sigs = [*sigs, (e, f)]
                    sig_total += n
                    if tag is not None and f.champion_tag != tag:
                        signals |= SIGNATURE_TAG
                if bits & FLAGGED_NAME:
                    flagged.append((e, _MAIN, flagged_names[name]))
                if bits & IN_DOUBT:
                    signals |= DOUBT
                if bits & choose and f.champion_tag == tag:
                    candidates = [*candidates, name]
        self.champion_candidates = candidates
        if len(copies) != len(main):  # a name on several lines (printings): add up its copies
            copies, over = _copies(main, get)
        if wrong:
            signals |= MAIN_KIND
        if off:
            signals |= MAIN_OFF_IDENTITY
        if sig_total > 3:
            signals |= SIGNATURE_COUNT
        if over:
            signals |= OVER_LIMIT
        exact = fmt.main_exact
        if (total != exact) if exact is not None else (total < fmt.main_min):
            signals |= MAIN_SIZE
        self.main_count = total
        self.main_wrong_kind = wrong
        self.main_off_identity = off
        self.main_signatures = sigs
        self.signature_count = sig_total
        in_main = self.champion_in_main = champion is not None and champion.card.name in copies
        if cf is None:
            if tag is not None:
                signals |= NO_CHAMPION
        elif not in_main or not cf.champion_unit or cf.signature or (tag is not None and cf.champion_tag != tag):
            signals |= CHAMPION_ODD

        total = 0
        wrong = off = _NO_HITS
        watch = outside | _RUNE_WATCH
        for e in deck.runes:
            card = e.card
            held, name, _, bits, f = table.get(card.id) or _NO_ROW  # a few entries: get() as for the legend
            if held is not card:
                held, name, _, bits, f = row_of(card)
            total += e.count
            if bits & watch:
                if bits & NOT_RUNE:
                    wrong = [*wrong, (e, f)]
                elif bits & outside:
                    off = [*off, (e, f)]
                if bits & FLAGGED_NAME:
                    flagged.append((e, _RUNES, flagged_names[name]))
                if bits & IN_DOUBT:
                    signals |= DOUBT
        self.rune_count = total
        self.rune_wrong_kind = wrong
        self.rune_off_identity = off
        if total != 12:
            signals |= RUNE_SIZE
        if wrong or off:
            signals |= RUNE_ODD

        total = 0
        wrong = off = dups = _NO_HITS
        seen: dict[str, int] = {}
        watch = outside | _BF_WATCH
        for e in deck.battlefields:
            card = e.card
            held, name, _, bits, f = table.get(card.id) or _NO_ROW  # a few entries: get() as for the legend
            if held is not card:
                held, name, _, bits, f = row_of(card)
            n = e.count
            total += n
            if bits & watch:
                if bits & NOT_BATTLEFIELD:
                    wrong = [*wrong, (e, f)]
                elif bits & outside:
                    off = [*off, (e, f)]
                if bits & FLAGGED_NAME:
                    flagged.append((e, _BATTLEFIELDS, flagged_names[name]))
                if bits & IN_DOUBT:
                    signals |= DOUBT
            if name in seen or n > 1:
                dups = [*dups, (e, f)]
            seen[name] = n
        self.battlefield_count = total
        self.bf_wrong_kind = wrong
        self.bf_off_identity = off
        self.bf_duplicates = dups
        if total != 3:
            signals |= BF_SIZE
        if wrong or off or dups:
            signals |= BF_ODD

        total = side_sigs = 0
        side: list[Hit] = []
        self.main_copies = copies
        if deck.sideboard:
            signals |= SIDEBOARD
            count_side = fmt.tournament
            if count_side:
                self.main_copies = dict(copies)
            for e in deck.sideboard:
                _, name, limit, bits, f = get(e.card)
                n = e.count
                total += n
                side.append((e, f))
                if count_side:
                    c = copies[name] + n if name in copies else n
                    copies[name] = c
                    if c > limit and name not in over:
                        over.append(name)
                        signals |= OVER_LIMIT
                if bits & SIGNATURE:
                    side_sigs += n
                if bits & FLAGGED_NAME:
                    flagged.append((e, _SIDEBOARD, flagged_names[name]))
                if bits & IN_DOUBT:
                    signals |= DOUBT
            if side_sigs:
                signals |= SIDE_SIGNATURE
        if fmt.sideboard_sizes is not None or (fmt.sideboard_max or 0) < 0:  # an empty sideboard may break it
            signals |= SIDE_SIZES
        self.side_count = total
        self.side_entries = side
        self.side_signature_count = side_sigs
        self.copies = copies
        self.over_limit = over
        self.flagged = flagged
        for _, _, why in flagged:
            if why.banned is not None:
                signals |= BANNED
            if why.set_reason is not None:
                signals |= SET_NOT_LEGAL
        if deck.unknown:
            signals |= UNKNOWN
        if deck.additional_legends:
            signals |= ADDITIONAL_LEGENDS
        for p in deck.problems:
            signals |= _PROBLEM_SIGNAL.get(p.severity, ANY_PROBLEM)
        self.signals = signals

    def facts_for(self, entry: DeckEntry) -> CardFacts:
        """Facts of an entry's card, also for a card object the database does not hold."""
        return self.facts.get(id(entry.card)) or remember_facts(entry.card, self.db, self.facts)

    def unknown_slack(self, zone: Zone) -> int:
        """How many unidentified cards might belong to ``zone`` (so its size cannot be judged).

        A line under a section belongs there; an unknown id numbered ``R..`` is a rune; any other
        unsectioned line could be a Main Deck card, a legend or a battlefield.
        """
        if not self.deck.unknown:
            return 0
        if self._slack is None:
            slack = {z: 0 for z in Zone}
            for u in self.deck.unknown:
                if u.zone is not None:
                    slack[Zone.MAIN if u.zone is Zone.CHAMPION else u.zone] += u.count
                    continue
                parsed = parse_id(u.text)
                if parsed is not None and parsed.number.startswith("R"):
                    slack[Zone.RUNES] += u.count
                elif parsed is not None:
                    for z in (Zone.MAIN, Zone.LEGEND, Zone.BATTLEFIELDS):
                        slack[z] += u.count
                else:
                    for z in (Zone.MAIN, Zone.LEGEND, Zone.BATTLEFIELDS, Zone.RUNES):
                        slack[z] += u.count
            self._slack = slack
        return self._slack[zone]
