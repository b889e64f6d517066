"""What a fix is: plain data, knowing nothing of terminals or file formats."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from deckcheck.decks.model import Deck
from deckcheck.rules.report import Report

#: The statuses of a fix, in the order a summary lists them.
ALREADY_LEGAL = "already legal"
FIXED = "fixed"
UNVERIFIED = "unverified"
CANNOT = "cannot be made legal"
STATUSES = (ALREADY_LEGAL, FIXED, UNVERIFIED, CANNOT)

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


@dataclass(slots=True)
class Change:
    """Copies of one card cut (``delta`` < 0) or added (``delta`` > 0) in one zone, and the rule it answers.

    ``zone`` is legend, champion, main, runes, battlefields, sideboard or additional_legends (a
    ``champion`` change names the Chosen Champion and moves no card); ``reason`` says why in a few
    words ("4th copy", "banned since 2026-09-18"); ``candidates`` are other cards an addition could
    be, best first; ``card_id`` is the printing added.
    """

    zone: str
    card: str
    delta: int
    code: str
    reason: str = ""
    card_id: str | None = None
    candidates: tuple[str, ...] = ()

    @property
    def moves_cards(self) -> bool:
        return self.zone != "champion"


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
    proposed); ``after`` its report; ``reasons`` say why no legal list can be made from this one;
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
