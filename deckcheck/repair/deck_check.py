"""A judge's deck check: the deck found at the table beside the registered list, in one game of a match.

What the Tournament Rules say about what deckcheck was shown (TR 403.4, 403.8, 703.3, 703.4; judges
decide):

- the deck is the list: nothing to do (an illegal list is still a Decklist Error, below);
- the deck is a legal 1-for-1 sideboarding of the list (each card's Main Deck + sideboard total
  kept, the zones' sizes kept, the Chosen Champion swapped only for another legal one; legend, runes
  and battlefields unchanged: TR 403.4): in game 1 a **Deck Presentation Error** (TR 703.4.a.2,
  Warning), the deck is restored to the list; in games 2 and 3 no infraction;
- the deck is illegal (a wrong size, a misplaced, extra or missing card: TR 703.4.a.4) while the
  list is legal: a **Deck Presentation Error**, the deck is restored (in game 2 or 3 to the
  sideboarded configuration it should be in), the list stands;
- a legal deck that differs from its list otherwise (TR 703.3.a.6): a **Decklist Error** (Game
  Loss), the list is changed to match the deck (TR 703.3.b.2), its sideboarding left aside;
- an illegal list: a **Decklist Error**; the list gets its smallest legal change (TR 703.3.b.1)
  and the deck is made to match it, unless the deck itself is legal (TR 703.3.b.2).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from deckcheck.words import N_, say
from deckcheck.decks.diff import diff_decks, zone_counts
from deckcheck.decks.model import Deck, DeckEntry, Zone
from deckcheck.repair.context import FixContext
from deckcheck.repair.entries import add_copies, cut_copies
from deckcheck.errors import DeckReadError
from deckcheck.repair.model import (CANNOT, DECK_DIFFERS, DECK_ILLEGAL, DECK_PRESENTATION_ERROR, DECKLIST_ERROR,
                                    FIXED, LIST_ILLEGAL, SIDEBOARDED, UNVERIFIED, Change, DeckCheck, Difference, Fix,
                                    Infraction, Step)
from deckcheck.rules.engine import check_deck
from deckcheck.rules.refs import cite_one
from deckcheck.rules.report import Report

#: The zones a card may be moved between while sideboarding (TR 403.4), and those that never change (403.4.b).
_SWAPPED = (Zone.MAIN, Zone.SIDEBOARD)
_FIXED = (Zone.LEGEND, Zone.RUNES, Zone.BATTLEFIELDS)
#: The Decklist Error example each rule of an illegal list is (TR 703.3.a.1-5).
_LIST_EXAMPLES = {
    **dict.fromkeys(("RB101", "RB201", "RB301", "RB401", "RB501"), "TR 703.3.a.1"),
    **dict.fromkeys(("RB502", "RB601", "RB602", "RB405"), "TR 703.3.a.2"),
    "RB103": "TR 703.3.a.3",
    **dict.fromkeys(("RB108", "RB303", "RB404"), "TR 703.3.a.4"),
    **dict.fromkeys(("RB211", "RB212", "RB213", "RB214", "RB215"), "TR 703.3.a.5"),
}
#: Rules that say a line of the presented deck cannot be read (a name typed wrong).
_UNREADABLE = ("RB001", "RB002")
#: A Deck Presentation Error caught by another player after opening hands, or that cannot be undone.
_UPGRADED = N_("caught by another player after opening hands were drawn, the penalty is a Game Loss ({caught}); so it "
              "is when the deck cannot be restored ({unrestorable})")

Repair = Callable[[FixContext, Deck, Fix], Fix]


def check_presented(ctx: FixContext, fix: Fix, registered: Deck, presented: Deck, game: int, repair: Repair) -> Fix:
    """``fix`` (the registered list's, checked) with the deck check of ``presented`` in game ``game``:
    the infraction, the remedy card by card, and the list corrected where the rules change it.
    ``repair`` makes the smallest legal change to an illegal list."""
    shown = check_deck(presented, ctx.given, ctx.day, cards=ctx.db)
    unread = next((v for v in shown.errors if v.code in _UNREADABLE), None)
    if unread is not None:  # a line the judge typed wrong is no deck presented wrong
        hint = f" ({unread.hint[0].lower()}{unread.hint[1:]})" if unread.hint else ""
        raise DeckReadError(f"the presented deck: {unread.message}{hint}", file=unread.file, line=unread.line)
    check = fix.deck_check = DeckCheck(presented=presented.source or presented.label(),
                                       differences=differences(registered, presented), presented_legal=shown.legal,
                                       presented_report=shown, game=game)
    deck_legal = shown.verdict != "illegal"  # a card the data cannot know is checked by hand, not held against it
    if fix.before.verdict == "illegal":
        if deck_legal and not check.matches:
            return _list_follows_deck(ctx, fix, check, registered, presented)
        return _list_corrected(ctx, fix, check, registered, presented, repair)
    if not fix.before.legal:  # unverified: the cards to check by hand named, the status said so
        fix = repair(ctx, registered, fix)
    if check.matches:
        return fix
    if deck_legal and sideboarded(registered, presented):
        check.finding = SIDEBOARDED
        if game == 1:
            _deck_presentation_error(ctx, check, registered, presented, ("TR 703.4.a.2",))
        return fix
    if not deck_legal:
        check.finding = DECK_ILLEGAL
        target = registered if game == 1 else _sideboarded_or_list(ctx, registered, presented)
        _deck_presentation_error(ctx, check, target, presented, _presentation_examples(registered, presented, game))
        return fix
    return _list_follows_deck(ctx, fix, check, registered, presented)


def differences(registered: Deck, presented: Deck) -> list[Difference]:
    """Every card that differs between the list and the deck, zone by zone (cards by name)."""
    diff = diff_decks(registered, presented)
    out: list[Difference] = []
    before, after = diff.champion
    if before != after:
        out += [Difference("champion", before, -1)] if before is not None else []
        out += [Difference("champion", after, 1)] if after is not None else []
    for change in diff.zones:
        out += [Difference(change.zone.value, name, -n) for name, n in change.removed.items()]
        out += [Difference(change.zone.value, name, n) for name, n in change.added.items()]
    chosen, shown = _legends(registered), _legends(presented)
    out += [Difference("additional_legends", name, -n) for name, n in sorted((chosen - shown).items())]
    out += [Difference("additional_legends", name, n) for name, n in sorted((shown - chosen).items())]
    return out


def sideboarded(registered: Deck, presented: Deck) -> bool:
    """True when ``presented`` is ``registered`` after a 1-for-1 sideboarding (TR 403.4): each card's
    Main Deck + sideboard total and each zone's size kept, the legend, runes, battlefields and chosen
    legends unchanged (403.4.b). Whether the new Chosen Champion is legal is the check's to say."""
    if any(zone_counts(registered, z) != zone_counts(presented, z) for z in _FIXED):
        return False
    if _legends(registered) != _legends(presented):
        return False
    main, side = (zone_counts(registered, z) for z in _SWAPPED)
    shown_main, shown_side = (zone_counts(presented, z) for z in _SWAPPED)
    return main + side == shown_main + shown_side and sum(main.values()) == sum(shown_main.values())


def restore_steps(target: Deck, current: Deck) -> list[Step]:
    """What makes ``current`` the deck ``target``, card by card: moves between Main Deck and
    sideboard first, then cards taken out, then cards put in; the Chosen Champion last."""
    moves: list[Step] = []
    out: list[Step] = []
    put: list[Step] = []
    want_main, want_side = (zone_counts(target, z) for z in _SWAPPED)
    have_main, have_side = (zone_counts(current, z) for z in _SWAPPED)
    for name in sorted(set(want_main) | set(want_side) | set(have_main) | set(have_side)):
        to_main, to_side = want_main[name] - have_main[name], want_side[name] - have_side[name]
        if to_main > 0 > to_side:
            moved = min(to_main, -to_side)
            moves.append(Step(name, moved, "sideboard", "main"))
            to_main, to_side = to_main - moved, to_side + moved
        elif to_side > 0 > to_main:
            moved = min(to_side, -to_main)
            moves.append(Step(name, moved, "main", "sideboard"))
            to_main, to_side = to_main + moved, to_side - moved
        for zone, left in (("main", to_main), ("sideboard", to_side)):
            if left > 0:
                put.append(Step(name, left, None, zone))
            elif left < 0:
                out.append(Step(name, -left, zone, None))
    for zone in _FIXED:
        want, have = zone_counts(target, zone), zone_counts(current, zone)
        out += [Step(name, n, zone.value, None) for name, n in sorted((have - want).items())]
        put += [Step(name, n, None, zone.value) for name, n in sorted((want - have).items())]
    steps = moves + out + put
    chosen, held = _name(target.champion), _name(current.champion)
    if chosen is not None and chosen != held:
        steps.append(Step(chosen, 1, None, "champion"))
    return steps


def _name(entry: DeckEntry | None) -> str | None:
    return entry.card.name if entry is not None else None


def _legends(deck: Deck) -> Counter[str]:
    """The legends a deck chose while building (CR 103.1 of 2026-10-09), by name."""
    out: Counter[str] = Counter()
    for entry in deck.additional_legends:
        out[entry.card.name] += entry.count
    return out


def _cite(ctx: FixContext, *refs: str) -> tuple[str, ...]:
    """TR references of 2026-07-16 as numbered on the date checked."""
    return tuple(cite_one(r, ctx.day) for r in refs)


def _deck_presentation_error(ctx: FixContext, check: DeckCheck, target: Deck, presented: Deck,
                             examples: tuple[str, ...]) -> None:
    """A Deck Presentation Error (TR 703.4, Warning): the deck restored to ``target``, the list stands."""
    check.infraction = Infraction("Deck Presentation Error", "Warning", _cite(ctx, DECK_PRESENTATION_ERROR)[0],
                                  _cite(ctx, *examples))
    check.remedy = restore_steps(target, presented)
    check.remedy_rule = _cite(ctx, "TR 703.4.b.1")[0]
    caught, unrestorable = _cite(ctx, "TR 703.4.b.3", "TR 703.4.b.4")
    check.notes.append(say(_UPGRADED, caught=caught, unrestorable=unrestorable))


def _presentation_examples(registered: Deck, presented: Deck, game: int) -> tuple[str, ...]:
    """The examples of TR 703.4.a an illegal deck beside a legal list fits: a Main Deck of the wrong
    size (a.4), cards that are not on the list (a.5), a sideboarding left in game 1 (a.2)."""
    out = []
    main, side = (zone_counts(registered, z) for z in _SWAPPED)
    shown_main, shown_side = (zone_counts(presented, z) for z in _SWAPPED)
    if game == 1 and (main - shown_main) & (shown_side - side):  # a Main Deck card left in the sideboard
        out.append("TR 703.4.a.2")
    if sum(main.values()) != sum(shown_main.values()):
        out.append("TR 703.4.a.4")
    if (shown_main + shown_side) - (main + side):
        out.append("TR 703.4.a.5")
    return tuple(out)


def _sideboarded_or_list(ctx: FixContext, registered: Deck, presented: Deck) -> Deck:
    """What an illegal deck is restored to in game 2 or 3: its own sideboarding of the list with the
    missing cards put back and the extra ones taken out, when that is legal; else the list."""
    kept = _rebalanced(presented, registered)
    if sideboarded(registered, kept) and check_deck(kept, ctx.given, ctx.day, cards=ctx.db).verdict != "illegal":
        return kept
    return registered


def _rebalanced(base: Deck, like: Deck) -> Deck:
    """``base`` with each card's Main Deck + sideboard total made ``like``'s and its legend, runes,
    battlefields and chosen legends as ``like``'s; its Chosen Champion stays if still in its Main
    Deck, else it is ``like``'s. A copy put in or taken out goes where the Main Deck's size asks
    (short of ``like``'s: in; over it: out), else where ``like`` holds more (or fewer) of the card."""
    main, side = (zone_counts(base, z) for z in _SWAPPED)
    want_main, want_side = (zone_counts(like, z) for z in _SWAPPED)
    size, target = sum(main.values()), sum(want_main.values())
    cuts: dict[Zone, Counter] = {Zone.MAIN: Counter(), Zone.SIDEBOARD: Counter()}
    adds: dict[Zone, Counter] = {Zone.MAIN: Counter(), Zone.SIDEBOARD: Counter()}
    for name in sorted(set(main) | set(side) | set(want_main) | set(want_side)):
        for _ in range(abs(want_main[name] + want_side[name] - main[name] - side[name])):
            putting = want_main[name] + want_side[name] > main[name] + side[name]
            if putting:
                zone = Zone.MAIN if size < target or size == target and want_main[name] > main[name] else Zone.SIDEBOARD
                adds[zone][name] += 1
            else:
                in_main = size > target or size == target and main[name] > want_main[name]
                zone = Zone.MAIN if in_main and main[name] or not side[name] else Zone.SIDEBOARD
                cuts[zone][name] += 1
            counts = main if zone is Zone.MAIN else side
            counts[name] += 1 if putting else -1
            size += (1 if putting else -1) if zone is Zone.MAIN else 0
    cards = {e.card.name: e.card for z in _SWAPPED for e in like.zone(z)}
    zones = {}
    for zone in _SWAPPED:
        entries = cut_copies(base.zone(zone), cuts[zone])
        for name, n in adds[zone].items():
            if n:
                add_copies(entries, cards[name], n)
        zones[zone] = entries
    out = replace(base, main=zones[Zone.MAIN], sideboard=zones[Zone.SIDEBOARD], legend=like.legend,
                  extra_legends=list(like.extra_legends), runes=list(like.runes),
                  battlefields=list(like.battlefields), additional_legends=list(like.additional_legends))
    if base.champion is None or base.champion.card.name not in zone_counts(out, Zone.MAIN):
        out.champion = like.champion
    return out


def _list_follows_deck(ctx: FixContext, fix: Fix, check: DeckCheck, registered: Deck, presented: Deck) -> Fix:
    """A legal deck that differs from its list: a Decklist Error (TR 703.3.a.6), the list changed to
    match the deck (TR 703.3.b.2); the deck's sideboarding is no part of the list: a game-1 deck is
    also put back out of it (one penalty for one error: TR 701.3.d)."""
    check.finding = DECK_DIFFERS if fix.before.verdict != "illegal" else LIST_ILLEGAL
    listed = _rebalanced(registered, presented)
    if not differences(listed, presented) or not sideboarded(listed, presented) or \
            check_deck(listed, ctx.given, ctx.day, cards=ctx.db).verdict == "illegal":
        listed = presented
    examples = ("TR 703.3.a.6", *_list_examples(fix.before))
    check.infraction = Infraction("Decklist Error", "Game Loss", _cite(ctx, DECKLIST_ERROR)[0],
                                  _cite(ctx, *dict.fromkeys(examples)))
    check.remedy_rule, check.list_stands = _cite(ctx, "TR 703.3.b.2")[0], False
    corrected = replace(listed, name=registered.name, source=registered.source, reader=registered.reader,
                        player=registered.player, team=registered.team)
    fix.changes = [Change(d.zone, d.card, d.count, check.remedy_rule, say("as in the presented deck"))
                   for d in differences(registered, corrected)]
    fix.deck, fix.after = corrected, check_deck(corrected, ctx.given, ctx.day, cards=ctx.db)
    fix.champion = (_name(registered.champion), _name(corrected.champion))
    fix.status = FIXED if fix.after.legal else UNVERIFIED if fix.after.verdict == "unverified" else CANNOT
    if listed is not presented:
        if check.game == 1:
            check.remedy = restore_steps(listed, presented)
            check.notes.append(say("the deck is also still sideboarded in game 1: it is put back to the corrected list, "
                                   "under the one penalty of the one error ({rule})", rule=_cite(ctx, "TR 701.3.d")[0]))
        else:
            check.notes.append(say("the deck's 1-for-1 sideboarding of the corrected list stands ({rule})",
                                   rule=_cite(ctx, "TR 403.4")[0]))
    return fix


def _list_corrected(ctx: FixContext, fix: Fix, check: DeckCheck, registered: Deck, presented: Deck,
                    repair: Repair) -> Fix:
    """An illegal list: a Decklist Error, the list's smallest legal change (TR 703.3.b.1) and the deck
    made to match it."""
    check.finding = LIST_ILLEGAL
    examples = (*_list_examples(fix.before), *(() if check.matches else ("TR 703.3.a.6",)))
    check.infraction = Infraction("Decklist Error", "Game Loss", _cite(ctx, DECKLIST_ERROR)[0],
                                  _cite(ctx, *dict.fromkeys(examples)))
    check.remedy_rule, check.list_stands = _cite(ctx, "TR 703.3.b.1")[0], False
    fix = repair(ctx, registered, fix)
    if fix.deck is not None:
        check.remedy = restore_steps(fix.deck, presented)
    if not check.presented_legal and not check.matches:
        check.notes.append(say("the deck's own errors are part of the same error: one penalty, the most severe ({rule})",
                               rule=_cite(ctx, "TR 701.3.d")[0]))
    return fix


def _list_examples(report: Report) -> tuple[str, ...]:
    """The examples of a Decklist Error (TR 703.3.a.1-5) the errors of an illegal list are."""
    return tuple(sorted({_LIST_EXAMPLES[v.code] for v in report.errors if v.code in _LIST_EXAMPLES}))
