"""Compare two decks, and judge a game-two configuration as a sideboard swap (TR 403.4).

Cards are compared by full name: every printing of a name is one card (CR 132.3), so swapping an
alt-art for its base printing is no change. Nothing here prints; :mod:`deckcheck.render.diff`
turns the results into text or JSON.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from deckcheck.decks.model import Deck, Zone
from deckcheck.words import N_, card_named, listing, say, say_n

#: The zones compared, in the order they are shown.
DIFF_ZONES = (Zone.LEGEND, Zone.MAIN, Zone.RUNES, Zone.BATTLEFIELDS, Zone.SIDEBOARD)

#: TR 403.4.c: the Main Deck is still exactly this size after swapping.
MAIN_DECK_SIZE = 40


@dataclass(frozen=True, slots=True)
class ZoneDiff:
    """Cards in and out of one zone, by name, with how many copies."""

    zone: Zone
    added: dict[str, int]
    removed: dict[str, int]
    before: int
    after: int

    @property
    def changed(self) -> bool:
        return bool(self.added or self.removed)


@dataclass(frozen=True, slots=True)
class DeckDiff:
    """Everything that differs between deck ``a`` and deck ``b``."""

    a: str
    b: str
    legend: tuple[str | None, str | None]
    champion: tuple[str | None, str | None]
    zones: list[ZoneDiff]

    @property
    def identical(self) -> bool:
        return self.champion[0] == self.champion[1] and not any(z.changed for z in self.zones)

    def zone(self, zone: Zone) -> ZoneDiff:
        return next(z for z in self.zones if z.zone is zone)


@dataclass(frozen=True, slots=True)
class SwapProblem:
    """One way a game-two deck is not a legal sideboard swap of the registered deck."""

    rule: str
    message: str
    severity: str = "error"


@dataclass(slots=True)
class SideboardPlan:
    """The verdict on a game-two configuration: what came in, what went out, and any problems."""

    brought_in: dict[str, int] = field(default_factory=dict)
    taken_out: dict[str, int] = field(default_factory=dict)
    champion: tuple[str | None, str | None] = (None, None)
    problems: list[SwapProblem] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not any(p.severity == "error" for p in self.problems)


def zone_counts(deck: Deck, zone: Zone) -> Counter[str]:
    """Copies per card name in one zone; unknown cards count under the text written."""
    counts: Counter[str] = Counter()
    for entry in deck.zone(zone):
        counts[entry.card.name] += entry.count
    for unknown in deck.unknown:
        if (unknown.zone or Zone.MAIN) is zone or (zone is Zone.MAIN and unknown.zone is Zone.CHAMPION):
            counts[f"{unknown.text} (unknown card)"] += unknown.count
    return counts


def _name(entry) -> str | None:
    return entry.card.name if entry is not None else None


def _label(deck: Deck) -> str:
    return deck.source or deck.label()


def _minus(a: Counter[str], b: Counter[str]) -> dict[str, int]:
    return dict(sorted((a - b).items()))


def diff_decks(a: Deck, b: Deck) -> DeckDiff:
    """Cards in (in ``b`` but not ``a``) and out (in ``a`` but not ``b``), zone by zone."""
    zones = []
    for zone in DIFF_ZONES:
        before, after = zone_counts(a, zone), zone_counts(b, zone)
        zones.append(
            ZoneDiff(zone=zone, added=_minus(after, before), removed=_minus(before, after),
                     before=sum(before.values()), after=sum(after.values()))
        )
    return DeckDiff(
        a=_label(a), b=_label(b),
        legend=(_name(a.legend), _name(b.legend)),
        champion=(_name(a.champion), _name(b.champion)),
        zones=zones,
    )


def check_sideboard_plan(registered: Deck, game: Deck) -> SideboardPlan:
    """Judge ``game`` as a one-for-one sideboard swap of ``registered`` (TR 403.4).

    The Legend, runes and battlefields stay as registered (403.4.b); every card brought into the
    Main Deck comes from the registered sideboard and every card taken out goes to it, one for one
    (403.4); the Main Deck is still exactly 40 (403.4.c); the Chosen Champion may be swapped for
    another champion unit matching the legend (403.4.a). If ``game`` lists no sideboard at all, the
    sideboard is taken to be what the swap leaves.
    """
    diff = diff_decks(registered, game)
    main = diff.zone(Zone.MAIN)
    plan = SideboardPlan(brought_in=dict(main.added), taken_out=dict(main.removed), champion=diff.champion)
    problems = plan.problems

    for zone, changed in ((Zone.LEGEND, N_("the Legend changed ({changes}); it may not change after registration")),
                          (Zone.RUNES, N_("the Rune Deck changed ({changes}); it may not change after registration")),
                          (Zone.BATTLEFIELDS,
                           N_("the battlefields changed ({changes}); it may not change after registration"))):
        change = diff.zone(zone)
        if change.changed:
            problems.append(SwapProblem("TR 403.4.b", say(changed, changes=_describe(change))))

    if main.after != MAIN_DECK_SIZE:
        problems.append(SwapProblem("TR 403.4.c", say("the Main Deck has {count} cards after swapping; it must still "
                                                      "be exactly {size}", count=main.after, size=MAIN_DECK_SIZE)))
    brought, taken = sum(main.added.values()), sum(main.removed.values())
    if brought != taken:
        problems.append(SwapProblem("TR 403.4", say_n("{n} card brought in but {taken} taken out; swaps are one for one",
                                                      "{n} cards brought in but {taken} taken out; swaps are one for one",
                                                      brought, taken=taken)))

    side_before = zone_counts(registered, Zone.SIDEBOARD)
    for name, count in main.added.items():
        available = side_before.get(name, 0)
        if count > available:
            problems.append(SwapProblem("TR 403.4", say(
                "{count} {card} brought in, but only {available} in the registered sideboard; every card brought in "
                "must come from it", count=count, card=card_named(name), available=available) if available else say(
                "{count} {card} brought in, but not in the registered sideboard; every card brought in must come "
                "from it", count=count, card=card_named(name))))

    expected_side = side_before - Counter(main.added) + Counter(main.removed)
    side_after = zone_counts(game, Zone.SIDEBOARD)
    if side_after and side_after != expected_side:
        missing = _minus(expected_side, side_after)
        extra = _minus(side_after, expected_side)
        parts = []
        if missing:
            parts.append(say("missing {cards}", cards=_list(missing)))
        if extra:
            parts.append(say("unexpected {cards}", cards=_list(extra)))
        problems.append(SwapProblem("TR 403.4", say("the sideboard is not the registered one with the swapped cards "
                                                    "exchanged: {differences}", differences=listing(parts, ";"))))

    _check_champion_swap(registered, game, problems)
    return plan


def _check_champion_swap(registered: Deck, game: Deck, problems: list[SwapProblem]) -> None:
    before, after = registered.champion, game.champion
    if before is None or after is None or before.card.name == after.card.name:
        return
    swapped = after.card
    tag = registered.legend.card.champion_tag if registered.legend else None
    if not swapped.can_be_chosen_champion or (tag is not None and swapped.champion_tag != tag):
        problems.append(SwapProblem("TR 403.4.a", say(
            "the Chosen Champion was swapped for {card}, which is not a non-Signature champion unit with the "
            "legend's tag ({tag})", card=card_named(swapped.name), tag=tag) if tag else say(
            "the Chosen Champion was swapped for {card}, which is not a non-Signature champion unit with the "
            "legend's tag", card=card_named(swapped.name))))


def _describe(change: ZoneDiff) -> str:
    parts = []
    if change.added:
        parts.append(say("in: {cards}", cards=_list(change.added)))
    if change.removed:
        parts.append(say("out: {cards}", cards=_list(change.removed)))
    return listing(parts, ";")


def _list(counts: dict[str, int]) -> str:
    return listing([say("{count} {card}", count=n, card=card_named(name)) for name, n in counts.items()], ",")
