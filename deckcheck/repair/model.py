"""What a fix is: plain data, knowing nothing of terminals or file formats."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import date

from deckcheck.cards.model import Card
from deckcheck.decks.model import Deck, DeckEntry
from deckcheck.rules.report import Report

#: The statuses of a fix, in the order a summary lists them.
ALREADY_LEGAL = "already legal"
FIXED = "fixed"
UNVERIFIED = "unverified"
TO_SETTLE = "to settle"  # legal after the change once a line that could be several cards is settled
CANNOT = "cannot be made legal"
STATUSES = (ALREADY_LEGAL, FIXED, UNVERIFIED, TO_SETTLE, CANNOT)

#: The Tournament Rules sections of the two infractions a judge's deck check may find.
DECKLIST_ERROR = "TR 703.3"
DECK_PRESENTATION_ERROR = "TR 703.4"

#: What a deck check found (stable words, as JSON gives them).
MATCHES = "matches"  # the deck is the registered list
SIDEBOARDED = "sideboarded"  # a legal 1-for-1 sideboarding of the list (TR 403.4)
DECK_ILLEGAL = "deck illegal"  # the deck is not legal, the list is
DECK_DIFFERS = "deck differs"  # a legal deck that differs from the legal list otherwise
LIST_ILLEGAL = "list illegal"  # the registered list is not legal
FINDINGS = (MATCHES, SIDEBOARDED, DECK_ILLEGAL, DECK_DIFFERS, LIST_ILLEGAL)

#: How many other candidates an addition lists.
CANDIDATES = 5


@dataclass(slots=True)
class Change:
    """Copies of one card cut (``delta`` < 0) or added (``delta`` > 0) in one zone, and the rule it answers.

    ``zone`` is legend, champion, main, runes, battlefields, sideboard or additional_legends (a
    ``champion`` change names the Chosen Champion and moves no card); ``reason`` says why in a few
    words ("4th copy", "banned since 2026-09-18"); ``candidates`` are other cards an addition could
    be, best first; ``card_id`` is the printing added. A correction of a misspelt name moves no card
    (``delta`` 0): ``written`` is the name as the list wrote it on ``line``, ``card`` the card it means.
    """

    zone: str
    card: str
    delta: int
    code: str
    reason: str = ""
    card_id: str | None = None
    candidates: tuple[str, ...] = ()
    written: str | None = None
    line: int | None = None

    @property
    def moves_cards(self) -> bool:
        return self.zone != "champion"


@dataclass(slots=True)
class Plan:
    """One way to make a deck legal, being worked out: its changes and each zone's cards after them."""

    changes: list[Change] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    legend: DeckEntry | None = None
    champion: Card | None = None
    cuts: dict[str, Counter] = field(default_factory=dict)  # zone -> name -> copies cut
    added: dict[str, list[tuple[Card, int]]] = field(default_factory=dict)  # zone -> (card, copies)

    @property
    def size(self) -> int:
        return sum(abs(c.delta) for c in self.changes if c.moves_cards)

    def cut(self, zone: str, card: str, n: int, code: str, reason: str) -> None:
        """``n`` copies of ``card`` cut from ``zone`` for rule ``code`` (one change per card, rule and reason)."""
        if n <= 0:
            return
        self.cuts.setdefault(zone, Counter())[card] += n
        for change in self.changes:
            if change.zone == zone and change.card == card and change.code == code and change.reason == reason:
                change.delta -= n
                return
        self.changes.append(Change(zone, card, -n, code, reason))

    def add(self, zone: str, card: Card, code: str, reason: str, candidates: tuple[str, ...] = ()) -> None:
        """A copy of ``card`` added to ``zone`` for rule ``code``, with the other cards it could have been."""
        self.added.setdefault(zone, []).append((card, 1))
        for change in self.changes:
            if (change.zone == zone and change.card == card.name and change.code == code
                    and change.reason == reason and change.delta > 0):
                change.delta += 1
                return
        self.changes.append(Change(zone, card.name, 1, code, reason, card.id, candidates))

    def trial(self) -> Plan:
        """A copy of the changes and cuts so far, to try one way of going on."""
        return Plan(changes=[Change(c.zone, c.card, c.delta, c.code, c.reason) for c in self.changes],
                    cuts={z: Counter(c) for z, c in self.cuts.items()})


@dataclass(slots=True)
class Difference:
    """Copies of one card that differ between the registered list and the presented deck
    (``count`` > 0: more in the deck than on the list)."""

    zone: str
    card: str
    count: int


@dataclass(slots=True)
class Infraction:
    """An infraction of the Tournament Rules: its name, its penalty, its section and the examples of
    it that fit, all numbered as on the date checked (``Decklist Error``, ``Game Loss``, ``TR 703.3``,
    ``("TR 703.3.a.6",)``)."""

    name: str
    penalty: str
    rule: str
    examples: tuple[str, ...] = ()


@dataclass(slots=True)
class Step:
    """One thing done to the deck, card by card: ``count`` copies of ``card`` moved from the zone
    ``source`` to the zone ``target``; no ``source``: put into the deck (missing from it), no
    ``target``: taken out (not on the list). The zone ``champion`` names the Chosen Champion."""

    card: str
    count: int
    source: str | None
    target: str | None


@dataclass(slots=True)
class DeckCheck:
    """A judge's deck check (TR 703.3, 703.4): the deck found at the table beside the registered list,
    in game ``game`` of a match.

    ``finding`` is one of :data:`FINDINGS`; ``infraction`` what the Tournament Rules call it (None:
    none); ``remedy`` what is done to the deck, card by card, under the section ``remedy_rule``
    (``list_stands``: the registered list does not change; otherwise ``Fix.changes`` change it);
    ``notes`` what else the rules say (a penalty upgraded when the opponent caught it, ...).
    """

    presented: str
    differences: list[Difference]
    presented_legal: bool
    presented_report: Report
    game: int = 1
    finding: str = MATCHES
    infraction: Infraction | None = None
    remedy: list[Step] = field(default_factory=list)
    remedy_rule: str = ""
    list_stands: bool = True
    notes: list[str] = field(default_factory=list)

    @property
    def matches(self) -> bool:
        return not self.differences

    @property
    def rule(self) -> str | None:
        """The section of the infraction found (None: no infraction)."""
        return self.infraction.rule if self.infraction is not None else None


@dataclass(slots=True)
class Fix:
    """The smallest change that makes a list legal on a date in a format, and the list after it.

    ``status`` is one of :data:`STATUSES`; ``deck`` is the corrected deck (None when nothing can be
    proposed); ``after`` its report; ``reasons`` say why no legal list can be made from this one, or
    (``to settle``) which lines could be several cards;
    ``check_by_hand`` names the cards the card data cannot know; ``deck_check`` is set for a judge's
    deck check against a presented deck.
    """

    source: str | None
    name: str | None
    player: str | None
    format: str
    as_of: date
    status: str
    before: Report
    changes: list[Change] = field(default_factory=list)
    deck: Deck | None = None
    after: Report | None = None
    reasons: list[str] = field(default_factory=list)
    check_by_hand: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    champion: tuple[str | None, str | None] = (None, None)
    deck_check: DeckCheck | None = None

    @property
    def legal_after(self) -> bool:
        """True when the corrected list checks legal."""
        return self.after is not None and self.after.legal

    @property
    def size(self) -> int:
        """How many copies the fix cuts and adds (naming the Chosen Champion moves no card)."""
        return sum(abs(c.delta) for c in self.changes if c.moves_cards)

    @property
    def corrected_names(self) -> int:
        """How many lines' misspelt names the fix reads as the cards they meant."""
        return sum(1 for c in self.changes if c.written is not None)
