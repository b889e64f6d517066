"""One pass over a deck that gathers everything the rules read.

The pass counts each zone, adds up copies per name (Main Deck and, in tournament formats, the
sideboard), and sets aside only the entries that may break a rule: a card of the wrong kind for
its zone, a card outside the domain identity, a Signature card, a banned or not-yet-legal name.
For a legal deck every list stays empty, so the rules have almost nothing to do.

It is made of small passes, one per part of the deck (legend, Chosen Champion, Main Deck, runes,
battlefields, sideboard), each reading the deck's entries through the day's card rows
(:class:`~deckcheck.rules.facts.Row`). Each raises :attr:`Tally.signals`
(:mod:`deckcheck.rules.signals`), one bit per thing some rule must look at; a rule's ``when``
says which signals it can report on, and the engine calls only the rules whose signals the deck
raised.
"""

from __future__ import annotations

from deckcheck.cards.ids import parse_id
from deckcheck.decks.model import Deck, DeckEntry, Severity, Zone
from deckcheck.rules.facts import (ALL_DOMAINS, CHOOSABLE, FLAGGED_NAME, IN_DOUBT, LEGEND, NOT_BATTLEFIELD, NOT_MAIN,
                                   NOT_RUNE, SIGNATURE, SIGNATURE_LIMIT, CardFacts, CardRows, Flag, Legality, Row,
                                   remember_facts)
from deckcheck.rules.signals import (ADDITIONAL_LEGENDS, ALWAYS, ANY_PROBLEM, BANNED, BF_ODD, BF_SIZE, CHAMPION_ODD,
                                     DOUBT, LEGEND_ODD, MAIN_KIND, MAIN_OFF_IDENTITY, MAIN_SIZE, NO_CHAMPION,
                                     OVER_LIMIT, PROBLEM_ERROR, PROBLEM_INFO, PROBLEM_WARNING, RUNE_ODD, RUNE_SIZE,
                                     SET_NOT_LEGAL, SIDE_SIGNATURE, SIDE_SIZES, SIDEBOARD, SIGNATURE_COUNT,
                                     SIGNATURE_TAG, UNKNOWN)

Hit = tuple[DeckEntry, CardFacts]
_NO_HITS: list = []  # shared empty list for the common case (never appended to)

# The zone words the flagged entries carry (read once here: an Enum's .value is a slow property).
_LEGEND, _MAIN, _RUNES, _BATTLEFIELDS, _SIDEBOARD = (z.value for z in (Zone.LEGEND, Zone.MAIN, Zone.RUNES,
                                                                       Zone.BATTLEFIELDS, Zone.SIDEBOARD))
# What makes an entry of each zone worth a closer look, beside a domain outside the identity.
_MAIN_WATCH = NOT_MAIN | SIGNATURE | FLAGGED_NAME | IN_DOUBT
_RUNE_WATCH = NOT_RUNE | FLAGGED_NAME | IN_DOUBT
_BF_WATCH = NOT_BATTLEFIELD | FLAGGED_NAME | IN_DOUBT
_LOOK = FLAGGED_NAME | IN_DOUBT  # an entry the format forbids, or whose facts are in doubt
_PROBLEM_SIGNAL = {Severity.ERROR: PROBLEM_ERROR, Severity.WARNING: PROBLEM_WARNING, Severity.INFO: PROBLEM_INFO}


def _copies(entries: list[DeckEntry], rows: CardRows) -> tuple[dict[str, int], list[str]]:
    """Copies per name over ``entries``, and the names over their limit in the order they went over."""
    copies: dict[str, int] = {}
    over: list[str] = []
    for e in entries:
        row = rows.get(e.card)
        name = row.name
        c = copies[name] + e.count if name in copies else e.count
        copies[name] = c
        if c > row.limit and name not in over:
            over.append(name)
    return copies, over


class Tally:
    """Counts and suspects of one deck, for one format on one date.

    ``champion_candidates``: when the deck names no Chosen Champion and its legend has a champion
    tag, the names of the Main Deck cards that could be it (in list order, a name per line).

    ``flagged``: the entries whose name the format forbids on the date, as (entry, zone word, why).

    Every deck checked is tallied, so the passes spend nothing a legal deck does not need: each
    returns its signals (no read-modify-write of ``signals``), a list is made only once something
    goes in it (``_NO_HITS`` until then), an empty list is not looped over, and ``rows.get`` is
    written out where a pass reads many entries (docs/performance.md has the figures).
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
        self.fmt = legality.fmt
        self.facts = rows.facts
        self.flagged: list[tuple[DeckEntry, str, Flag]] = _NO_HITS  # a list of its own once an entry is flagged
        self._slack: dict[Zone, int] | None = None
        outside, signals = self._legend(rows)
        signals |= self._main(rows, outside) | self._runes(rows, outside) | self._battlefields(rows, outside)
        if deck.sideboard:
            signals |= self._sideboard(rows)
        else:
            self.side_count = self.side_signature_count = 0
            self.side_entries = _NO_HITS
        # the rest: a format whose sideboard an empty one may break; forbidden names; unknown lines; notes
        fmt = self.fmt
        if fmt.sideboard_sizes is not None or (fmt.sideboard_max or 0) < 0:
            signals |= SIDE_SIZES
        if self.flagged:
            for _, _, why in self.flagged:
                if why.banned is not None:
                    signals |= BANNED
                if why.set_reason is not None:
                    signals |= SET_NOT_LEGAL
        if deck.unknown:
            signals |= UNKNOWN
        if deck.additional_legends:
            signals |= ADDITIONAL_LEGENDS
        if deck.problems:
            for p in deck.problems:
                signals |= _PROBLEM_SIGNAL.get(p.severity, ANY_PROBLEM)
        self.signals = signals

    def _look(self, entry: DeckEntry, zone: str, row: Row) -> int:
        """An entry whose name the format forbids (noted), or whose facts are in doubt: its signals."""
        if row.bits & FLAGGED_NAME:
            self.flagged = [*self.flagged, (entry, zone, self.legality.flagged[row.name])]
        return DOUBT if row.bits & IN_DOUBT else 0

    def _legend(self, rows: CardRows) -> tuple[int, int]:
        """The legend (and any other listed) and the Chosen Champion: the identity and champion tag; the
        domains outside the identity, and the signals raised."""
        deck = self.deck
        signals = ALWAYS
        table = rows.table
        legend = self.legend = deck.legend
        lf = None
        if legend is not None:
            card = legend.card
            row = table.get(card.id)
            if row is None or row.card is not card:  # as rows.get(card), written out (as below)
                row = rows.row(card)
            lf = row.facts
            if row.bits & _LOOK:
                signals |= self._look(legend, _LEGEND, row)
        self.legend_facts = lf
        if deck.extra_legends:
            for extra in deck.extra_legends:
                signals |= LEGEND_ODD | self._look(extra, _LEGEND, rows.get(extra.card))
        champion = deck.champion
        if champion is not None:
            card = champion.card
            row = table.get(card.id)
            if row is None or row.card is not card:
                row = rows.row(card)
            self.champion_facts = row.facts
        else:
            self.champion_facts = None
        if lf is not None and lf.kind == LEGEND:
            self.identity = lf.mask
            self.legend_tag = lf.champion_tag
            return ALL_DOMAINS & ~lf.mask, signals
        self.identity = ALL_DOMAINS  # no legend (or not a legend card): the identity and champion tag are unknown
        self.legend_tag = None
        return 0, signals | LEGEND_ODD

    def _main(self, rows: CardRows, outside: int) -> int:
        """Main Deck: its size and copies per name for every entry; a closer look only at suspects; the signals."""
        copies: dict[str, int] = {}
        over: list[str] = []
        wrong = off = sigs = candidates = _NO_HITS
        total = sig_total = signals = 0
        tag = self.legend_tag
        # no Chosen Champion while the legend has a tag: gather the cards that could be it (RB211)
        choose = CHOOSABLE if self.deck.champion is None and tag is not None else 0
        watch = outside | _MAIN_WATCH | choose
        table = rows.table
        main = self.deck.main
        for e in main:
            card = e.card
            try:
                row = table[card.id]
                if row.card is not card:  # another object with the id: not one of the database's printings
                    row = rows.row(card)
            except KeyError:  # first met, or not one of the database's printings
                row = rows.row(card)
            name = row.name
            n = e.count
            total += n
            copies[name] = n  # right while every name is on one line; counted again below if not
            if n > row.limit:
                over.append(name)
            bits = row.bits
            if bits & watch:
                f = row.facts
                if bits & NOT_MAIN:
                    wrong = [*wrong, (e, f)]
                if bits & outside:
                    off = [*off, (e, f)]
                if bits & SIGNATURE:
                    sigs = [*sigs, (e, f)]
                    sig_total += n
                    if tag is not None and f.champion_tag != tag:
                        signals |= SIGNATURE_TAG
                if bits & FLAGGED_NAME:  # as self._look(e, _MAIN, row), written out: the most entries are here
                    self.flagged = [*self.flagged, (e, _MAIN, self.legality.flagged[name])]
                if bits & IN_DOUBT:
                    signals |= DOUBT
                if bits & choose and f.champion_tag == tag:
                    candidates = [*candidates, name]
        if len(copies) != len(main):  # a name on several lines (printings): add up its copies
            copies, over = _copies(main, rows)
        self.champion_candidates = candidates
        self.main_count = total
        self.main_copies = self.copies = copies
        self.over_limit = over
        self.main_wrong_kind, self.main_off_identity, self.main_signatures = wrong, off, sigs
        self.signature_count = sig_total
        if wrong:
            signals |= MAIN_KIND
        if off:
            signals |= MAIN_OFF_IDENTITY
        if sig_total > SIGNATURE_LIMIT:
            signals |= SIGNATURE_COUNT
        if over:
            signals |= OVER_LIMIT
        fmt = self.fmt
        exact = fmt.main_exact
        if (total != exact) if exact is not None else (total < fmt.main_min):
            signals |= MAIN_SIZE
        champion, cf = self.deck.champion, self.champion_facts
        in_main = self.champion_in_main = champion is not None and champion.card.name in copies
        if cf is None:
            if tag is not None:
                signals |= NO_CHAMPION
        elif not in_main or not cf.champion_unit or cf.signature or (tag is not None and cf.champion_tag != tag):
            signals |= CHAMPION_ODD
        return signals

    def _runes(self, rows: CardRows, outside: int) -> int:
        """Rune Deck: its size, and runes of another kind or outside the identity; the signals."""
        total = signals = 0
        wrong = off = _NO_HITS
        watch = outside | _RUNE_WATCH
        table = rows.table
        for e in self.deck.runes:
            card = e.card
            row = table.get(card.id)
            if row is None or row.card is not card:
                row = rows.row(card)
            total += e.count
            bits = row.bits
            if bits & watch:
                if bits & NOT_RUNE:
                    wrong = [*wrong, (e, row.facts)]
                elif bits & outside:
                    off = [*off, (e, row.facts)]
                if bits & _LOOK:
                    signals |= self._look(e, _RUNES, row)
        self.rune_count, self.rune_wrong_kind, self.rune_off_identity = total, wrong, off
        if total != self.fmt.runes_exact:
            signals |= RUNE_SIZE
        if wrong or off:
            signals |= RUNE_ODD
        return signals

    def _battlefields(self, rows: CardRows, outside: int) -> int:
        """Battlefields: their number, a name twice, another kind of card, one outside the identity; the signals."""
        total = signals = 0
        wrong = off = dups = _NO_HITS
        seen: dict[str, int] = {}
        watch = outside | _BF_WATCH
        table = rows.table
        for e in self.deck.battlefields:
            card = e.card
            row = table.get(card.id)
            if row is None or row.card is not card:
                row = rows.row(card)
            n = e.count
            total += n
            bits = row.bits
            if bits & watch:
                if bits & NOT_BATTLEFIELD:
                    wrong = [*wrong, (e, row.facts)]
                elif bits & outside:
                    off = [*off, (e, row.facts)]
                if bits & _LOOK:
                    signals |= self._look(e, _BATTLEFIELDS, row)
            if row.name in seen or n > 1:
                dups = [*dups, (e, row.facts)]
            seen[row.name] = n
        self.battlefield_count = total
        self.bf_wrong_kind, self.bf_off_identity, self.bf_duplicates = wrong, off, dups
        if total != self.fmt.battlefields_exact:
            signals |= BF_SIZE
        if wrong or off or dups:
            signals |= BF_ODD
        return signals

    def _sideboard(self, rows: CardRows) -> int:
        """Sideboard: its size, its Signature cards, and (in tournaments) its copies counted with the Main Deck's;
        the signals."""
        total = side_sigs = 0
        side: list[Hit] = []
        signals = SIDEBOARD
        count_side = self.fmt.tournament
        if count_side:
            copies = self.copies = dict(self.main_copies)
            over = self.over_limit
        for e in self.deck.sideboard:
            row = rows.get(e.card)
            n = e.count
            total += n
            side.append((e, row.facts))
            if count_side:
                name = row.name
                c = copies[name] = copies[name] + n if name in copies else n
                if c > row.limit and name not in over:
                    over.append(name)
                    signals |= OVER_LIMIT
            if row.bits & SIGNATURE:
                side_sigs += n
            if row.bits & _LOOK:
                signals |= self._look(e, _SIDEBOARD, row)
        if side_sigs:
            signals |= SIDE_SIGNATURE
        self.side_count, self.side_entries, self.side_signature_count = total, side, side_sigs
        return signals

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
