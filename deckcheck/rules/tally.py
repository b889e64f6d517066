"""One pass over a deck that gathers everything the rules read.

The pass counts each zone, adds up copies per name (Main Deck and, in tournament formats, the
sideboard), and sets aside only the entries that may break a rule: a card of the wrong kind for
its zone, a card outside the domain identity, a Signature card, a banned or not-yet-legal name.
For a legal deck every list stays empty, so the rules have almost nothing to do.
"""

from __future__ import annotations

from deckcheck.cards.ids import parse_id
from deckcheck.cards.lookup import CardDB
from deckcheck.decks.model import Deck, DeckEntry, Zone
from deckcheck.rules.facts import ALL_DOMAINS, BATTLEFIELD, LEGEND, RUNE, CardFacts, Flag, Legality, remember_facts

Hit = tuple[DeckEntry, CardFacts]
_NO_HITS: list = []  # shared empty list for the common case (never appended to)


class Tally:
    """Counts and suspects of one deck, for one format on one date."""

    __slots__ = (
        "deck", "db", "legality", "fmt", "facts", "legend", "legend_facts", "identity",
        "legend_tag", "champion_facts", "champion_in_main", "main_count", "rune_count",
        "battlefield_count", "side_count", "copies", "main_copies", "over_limit",
        "main_wrong_kind", "main_off_identity", "main_signatures", "signature_count",
        "side_signature_count", "rune_wrong_kind", "rune_off_identity", "bf_wrong_kind",
        "bf_off_identity", "bf_duplicates", "side_entries", "flagged", "_slack",
    )

    def __init__(self, deck: Deck, db: CardDB, legality: Legality, facts: dict[int, CardFacts]) -> None:
        self.deck = deck
        self.db = db
        self.legality = legality
        fmt = self.fmt = legality.fmt
        self.facts = facts
        flagged_names = legality.flagged
        flagged: list[tuple[DeckEntry, Zone, Flag]] = []
        self._slack: dict[Zone, int] | None = None
        get = facts.get

        legend = self.legend = deck.legend
        lf = self.legend_facts = (get(id(legend.card)) or self.facts_for(legend)) if legend is not None else None
        if lf is not None and lf.name in flagged_names:
            flagged.append((legend, Zone.LEGEND, flagged_names[lf.name]))
        if lf is not None and lf.kind == LEGEND:
            self.identity = lf.mask
            self.legend_tag = lf.champion_tag
            outside = ALL_DOMAINS & ~lf.mask
        else:  # no legend (or not a legend card): the identity and champion tag are unknown
            self.identity = ALL_DOMAINS
            self.legend_tag = None
            outside = 0
        for extra in deck.extra_legends:
            if extra.card.name in flagged_names:
                flagged.append((extra, Zone.LEGEND, flagged_names[extra.card.name]))
        champion = deck.champion
        self.champion_facts = (get(id(champion.card)) or self.facts_for(champion)) if champion else None

        # Main Deck: sizes and copies for every entry; a closer look only at suspects.
        copies: dict[str, int] = {}
        cget = copies.get
        over: list[str] = []
        wrong = off = sigs = _NO_HITS
        total = sig_total = 0
        for e in deck.main:
            f = get(id(e.card)) or self.facts_for(e)
            n = e.count
            total += n
            name = f.name
            c = cget(name, 0) + n
            copies[name] = c
            if c > f.limit and name not in over:
                over.append(name)
            if f.special or f.mask & outside or name in flagged_names:
                if f.kind:
                    wrong = [*wrong, (e, f)]
                if f.mask & outside:
                    off = [*off, (e, f)]
                if f.signature:
                    sigs = [*sigs, (e, f)]
                    sig_total += n
                if name in flagged_names:
                    flagged.append((e, Zone.MAIN, flagged_names[name]))
        self.main_count = total
        self.main_wrong_kind = wrong
        self.main_off_identity = off
        self.main_signatures = sigs
        self.signature_count = sig_total
        self.champion_in_main = champion is not None and champion.card.name in copies

        total = 0
        wrong = off = _NO_HITS
        for e in deck.runes:
            f = get(id(e.card)) or self.facts_for(e)
            total += e.count
            if f.kind != RUNE:
                wrong = [*wrong, (e, f)]
            elif f.mask & outside:
                off = [*off, (e, f)]
            if f.name in flagged_names:
                flagged.append((e, Zone.RUNES, flagged_names[f.name]))
        self.rune_count = total
        self.rune_wrong_kind = wrong
        self.rune_off_identity = off

        total = 0
        wrong = off = dups = _NO_HITS
        seen: set[str] = set()
        for e in deck.battlefields:
            f = get(id(e.card)) or self.facts_for(e)
            total += e.count
            if f.kind != BATTLEFIELD:
                wrong = [*wrong, (e, f)]
            elif f.mask & outside:
                off = [*off, (e, f)]
            if f.name in seen or e.count > 1:
                dups = [*dups, (e, f)]
            seen.add(f.name)
            if f.name in flagged_names:
                flagged.append((e, Zone.BATTLEFIELDS, flagged_names[f.name]))
        self.battlefield_count = total
        self.bf_wrong_kind = wrong
        self.bf_off_identity = off
        self.bf_duplicates = dups

        total = side_sigs = 0
        side: list[Hit] = []
        self.main_copies = copies
        if deck.sideboard:
            count_side = fmt.tournament
            if count_side:
                self.main_copies = dict(copies)
            for e in deck.sideboard:
                f = get(id(e.card)) or self.facts_for(e)
                n = e.count
                total += n
                side.append((e, f))
                if count_side:
                    c = cget(f.name, 0) + n
                    copies[f.name] = c
                    if c > f.limit and f.name not in over:
                        over.append(f.name)
                if f.signature:
                    side_sigs += n
                if f.name in flagged_names:
                    flagged.append((e, Zone.SIDEBOARD, flagged_names[f.name]))
        self.side_count = total
        self.side_entries = side
        self.side_signature_count = side_sigs
        self.copies = copies
        self.over_limit = over
        self.flagged = flagged

    def facts_for(self, entry: DeckEntry) -> CardFacts:
        """Facts of an entry's card, also for a card object the database does not hold."""
        return self.facts.get(id(entry.card)) or remember_facts(entry.card, self.db, self.facts)

    def counts(self) -> dict[str, int]:
        """Cards per zone; ``unknown`` (cards on lines that could not be identified) only when there are any."""
        out = {"main": self.main_count, "runes": self.rune_count,
               "battlefields": self.battlefield_count, "sideboard": self.side_count}
        if self.deck.unknown:
            out["unknown"] = sum(u.count for u in self.deck.unknown)
        return out

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
