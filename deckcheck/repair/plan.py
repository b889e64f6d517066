"""The smallest change that makes one deck legal: removals first, additions only where a count falls short.

For one legend (a list naming several tries each and keeps the smallest result):

1. Every card a zone may not hold goes: banned or not yet legal (RB601, RB602), another kind of
   card (RB102, RB302, RB403), outside the legend's domains (RB108, RB303, RB404), a Signature
   card of another champion (RB106), a battlefield off the event's list (RB405) or twice (RB402),
   a sideboard card the Main Deck could not hold (RB503), any sideboard in best of one (RB502).
2. The Chosen Champion: kept if it is legal and in the Main Deck, else the champion unit of the
   legend's tag the deck holds most copies of (naming it moves no card); only when the Main Deck
   holds none is one added, the deck's own (from the sideboard or the old label) first.
3. Copies: each name keeps its Main Deck copies first (a Main Deck card kept saves a cut and an
   addition, a sideboard card only a cut), at most 3 Signature cards, then exactly 40: cut from
   the cards whose sideboard copies a cut lets stay, then from the fewest-copies cards listed last.
4. What falls short is added: a Main Deck card of the type and cost of a card cut, legal on the
   date and inside the identity, the deck's own cards first; runes of the legend's domains in the
   split the Main Deck plays; battlefields legal on the date (the event's list, if any).

The result is checked with :func:`~deckcheck.rules.check_deck` by the caller.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from deckcheck.cards.model import Card
from deckcheck.decks.model import Deck, DeckEntry, Zone
from deckcheck.repair.context import FixContext
from deckcheck.repair.model import Change
from deckcheck.rules.facts import BATTLEFIELD, DOMAIN_BIT, LEGEND, MAIN, RUNE, CardFacts, domain_words

#: How many other candidates an addition lists.
CANDIDATES = 5
RUNES = 12
BATTLEFIELDS = 3
SIGNATURES = 3


@dataclass(slots=True)
class Plan:
    """One way to make the deck legal: its changes and each zone's cards after them."""

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
        if n <= 0:
            return
        self.cuts.setdefault(zone, Counter())[card] += n
        for change in self.changes:
            if change.zone == zone and change.card == card and change.code == code and change.reason == reason:
                change.delta -= n
                return
        self.changes.append(Change(zone, card, -n, code, reason))

    def add(self, zone: str, card: Card, code: str, reason: str, candidates: tuple[str, ...] = ()) -> None:
        self.added.setdefault(zone, []).append((card, 1))
        for change in self.changes:
            if (change.zone == zone and change.card == card.name and change.code == code
                    and change.reason == reason and change.delta > 0):
                change.delta += 1
                return
        self.changes.append(Change(zone, card.name, 1, code, reason, card.id, candidates))


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def copies_words(first: int, last: int) -> str:
    """``4th copy`` or ``4th-5th copies``."""
    return f"{ordinal(first)} copy" if first == last else f"{ordinal(first)}-{ordinal(last)} copies"


def plan_for(ctx: FixContext, deck: Deck, legend: DeckEntry, codes: tuple[str, ...]) -> Plan:
    """The smallest change with ``legend`` as the deck's legend (see the module's description);
    ``codes`` are the rules the deck breaks."""
    plan = Plan(legend=legend)
    lf = ctx.facts(legend.card)
    standing = ctx.standing(lf.name)
    if lf.kind != LEGEND:
        plan.reasons.append(f"{legend.card.name} is not a legend, and the list names no other")
        return plan
    if standing is not None:
        plan.reasons.append(f"the legend {legend.card.name} is {standing[1]} ({standing[0]}); another legend "
                            "changes what the whole deck may hold")
        return plan
    for other in deck.zone(Zone.LEGEND):
        if other is not legend:
            plan.cut("legend", other.card.name, other.count, "RB201", "a deck has one legend")
    if legend.count > 1:
        plan.cut("legend", legend.card.name, legend.count - 1, "RB201", "a deck has one legend")
    _additional_legends(ctx, deck, plan, codes)
    identity, tag = lf.mask, lf.champion_tag
    main, side, mirrors = _legal_main_and_side(ctx, deck, plan, identity, tag)
    champion_codes = tuple(c for c in codes if c in ("RB211", "RB212", "RB213", "RB214", "RB215"))
    _main_deck(ctx, deck, plan, main, side, mirrors, identity, tag, champion_codes)
    if plan.reasons:
        return plan
    _runes(ctx, deck, plan, identity, main)
    _battlefields(ctx, deck, plan, identity)
    return plan


def _additional_legends(ctx: FixContext, deck: Deck, plan: Plan, codes: tuple[str, ...]) -> None:
    """Extra legends the rules refuse (RB203): before the October rules all go; after, those that are
    no legend or chosen twice, and any over what a card of the Main Deck allows (Neeko: up to 3)."""
    if "RB203" not in codes:
        return
    from deckcheck.rules.refs import RENUMBERED

    held = {e.card.name for e in deck.main if ctx.standing(e.card.name) is None}
    allowed = 0 if ctx.day < RENUMBERED else max(
        (c.up_to for c in ctx.db.rules.additional_legends if c.name in held), default=0)
    seen = {deck.legend.card.name} if deck.legend is not None else set()
    kept = 0
    for entry in deck.additional_legends:
        name = entry.card.name
        if kept >= allowed:
            why = "no card of the deck allows it" if not allowed else f"over the {allowed} a card of the deck allows"
        elif entry.card.type.value != "Legend":
            why = "not a legend"
        elif name in seen:
            why = "chosen twice"
        else:
            seen.add(name)
            kept += 1
            continue
        plan.cut("additional_legends", name, entry.count, "RB203", why)


def _why_not(ctx: FixContext, f: CardFacts, kind: int, identity: int, tag: str | None,
             kind_code: str, identity_code: str) -> tuple[str, str] | None:
    """Why a card of facts ``f`` may not stay in a zone of ``kind``: (code, reason), or None."""
    standing = ctx.standing(f.name)
    if standing is not None:
        return standing
    if f.kind != kind:
        return kind_code, f"{'a ' if f.type_word[0] not in 'aeiou' else 'an '}{f.type_word}"
    if f.mask & ~identity:
        return identity_code, f"{domain_words(f.mask)}, outside {domain_words(identity)}"
    if kind == MAIN and f.signature and tag is not None and f.champion_tag != tag:
        return "RB106" if kind_code == "RB102" else "RB503", f"a Signature card of {f.champion_tag}"
    return None


def _legal_main_and_side(ctx: FixContext, deck: Deck, plan: Plan, identity: int, tag: str | None):
    """Cut what the Main Deck and sideboard may not hold; the rest as name -> [card, copies] (list
    order), and the cards cut from the Main Deck (a replacement mirrors their type and cost)."""
    main: dict[str, list] = {}
    mirrors: list[Card] = []
    for e in deck.main:
        f = ctx.facts(e.card)
        why = _why_not(ctx, f, MAIN, identity, tag, "RB102", "RB108")
        if why is not None:
            plan.cut("main", e.card.name, e.count, *why)
            mirrors.extend([e.card] * e.count)
        elif e.card.name in main:
            main[e.card.name][1] += e.count
        else:
            main[e.card.name] = [e.card, e.count]
    side: dict[str, list] = {}
    mode = ctx.fmt.sideboard
    for e in deck.sideboard:
        if mode == "none":
            plan.cut("sideboard", e.card.name, e.count, "RB502", "no sideboard in best of one")
            continue
        why = None if mode == "unchecked" else _why_not(ctx, ctx.facts(e.card), MAIN, identity, tag, "RB503", "RB503")
        if why is not None:
            plan.cut("sideboard", e.card.name, e.count, *why)
        elif e.card.name in side:
            side[e.card.name][1] += e.count
        else:
            side[e.card.name] = [e.card, e.count]
    return main, side, mirrors


def _champion_options(ctx: FixContext, deck: Deck, main: dict, side: dict, tag: str | None, identity: int) -> list:
    """Who can be the Chosen Champion: ``[(card, forced)]``, best first; ``forced`` when a copy must
    be added to the Main Deck. Empty when the legend has no champion tag (nothing to choose)."""
    def choosable(card: Card) -> bool:
        f = ctx.facts(card)
        return f.champion_unit and not f.signature and f.champion_tag == tag and ctx.legal(f.name)

    current = deck.champion.card if deck.champion is not None else None
    if current is not None and current.name in main and choosable(current):
        return [(main[current.name][0], False)]
    held = sorted((n for n, (card, _) in main.items() if choosable(card)),
                  key=lambda n: (-main[n][1], list(main).index(n)))
    if held:
        return [(main[n][0], False) for n in held]
    options: list = []
    if current is not None and choosable(current):
        options.append((current, True))
    options += [(card, True) for n, (card, _) in side.items() if choosable(card)]
    fresh = [card for card, f in ctx.main_pool()
             if f.champion_unit and not f.signature and f.champion_tag == tag and not f.mask & ~identity]
    seen = {c.name for c, _ in options}
    options += [(card, True) for card in fresh if card.name not in seen]
    return options


def _main_deck(ctx: FixContext, deck: Deck, plan: Plan, main: dict, side: dict, mirrors: list[Card],
               identity: int, tag: str | None, champion_codes: tuple[str, ...]) -> None:
    """The Chosen Champion, copies, Signature cards, the Main Deck's size and the sideboard's."""
    current = deck.champion.card if deck.champion is not None else None
    options = _champion_options(ctx, deck, main, side, tag, identity) if tag is not None else [(None, False)]
    if not options:
        plan.reasons.append(f"no {tag} champion unit is legal in {ctx.fmt.name} on {ctx.day.isoformat()}")
        return
    best = None
    for card, forced in options[:CANDIDATES + 1]:
        trial = Plan(changes=[Change(c.zone, c.card, c.delta, c.code, c.reason) for c in plan.changes],
                     cuts={z: Counter(c) for z, c in plan.cuts.items()})
        _copies_and_sizes(ctx, deck, trial, main, side, mirrors, identity, tag, card if forced else None,
                          card.name if card is not None else None)
        if best is None or trial.size < best[0].size:
            best = (trial, card, forced)
    trial, card, forced = best
    plan.changes, plan.cuts, plan.added = trial.changes, trial.cuts, trial.added
    plan.champion = card if card is not None else current
    if card is not None and (current is None or current.name != card.name):
        code = champion_codes[0] if champion_codes else "RB211"
        named = [] if current is None else [Change("champion", current.name, -1, code,
                                                   "not a legal Chosen Champion here")]
        reason = "the Chosen Champion" + (" (the list names none)" if current is None else f" instead of {current.name}")
        others = tuple(c.name for c, _ in options[1:CANDIDATES + 1])
        named.append(Change("champion", card.name, 1, code, reason, card.id, others))
        plan.changes[:0] = named


def _copies_and_sizes(ctx: FixContext, deck: Deck, plan: Plan, main: dict, side: dict, mirrors: list[Card],
                      identity: int, tag: str | None, forced: Card | None, champion: str | None) -> None:
    fmt = ctx.fmt
    tournament = fmt.tournament
    limit = {n: ctx.facts(card).limit for n, (card, _) in {**side, **main}.items()}
    signature = {n for n, (card, _) in {**side, **main}.items() if ctx.facts(card).signature}
    f = Counter({forced.name: 1}) if forced is not None else Counter()
    order = {n: i for i, n in enumerate(main)}
    s = {n: c for n, (_, c) in side.items()}
    k: dict[str, int] = {}
    for n, (card, m) in main.items():
        k[n] = max(0, min(m, limit[n] - f[n]))
        if m > k[n]:
            first = limit[n] - f[n] + 1
            plan.cut("main", n, m - k[n], _limit_code(ctx, card), copies_words(first, first + m - k[n] - 1))
            mirrors = mirrors + [card] * (m - k[n])

    def room_in_side(n: str) -> int:
        return limit.get(n, 3) - f[n] - k.get(n, 0) if tournament else s.get(n, 0)

    def contested(n: str) -> bool:
        return tournament and s.get(n, 0) > max(0, room_in_side(n))

    def drop(names, how_many: int, code: str, reason: str) -> None:
        nonlocal mirrors
        for _ in range(how_many):
            pool = [n for n in names if k[n] > (1 if n == champion and not f[n] else 0)]
            if not pool:
                return
            n = min(pool, key=lambda n: (not contested(n), k[n], -order[n]))
            k[n] -= 1
            plan.cut("main", n, 1, code, reason)
            mirrors = mirrors + [main[n][0]]

    sigs = [n for n in main if n in signature]
    over = sum(k[n] for n in sigs) + sum(f[n] for n in signature) - SIGNATURES
    if over > 0:
        drop(sigs, over, "RB105", f"over {SIGNATURES} Signature cards")
    unknown = sum(u.count for u in deck.unknown if u.zone in (None, Zone.MAIN, Zone.CHAMPION))
    total = sum(k.values()) + sum(f.values()) + unknown
    target = fmt.main_exact if fmt.main_exact is not None else max(fmt.main_min, total)
    if total > target:
        drop(list(main), total - target, "RB101", f"over {target} cards")
        total = sum(k.values()) + sum(f.values()) + unknown
    # the sideboard: copies over the limit (counted with the Main Deck in tournaments), then its size
    kept_side: dict[str, int] = {}
    for n, (card, c) in side.items():
        keep = max(0, min(c, room_in_side(n))) if tournament else c
        if c > keep:
            first = limit[n] + 1
            plan.cut("sideboard", n, c - keep, _limit_code(ctx, card),
                     copies_words(first, first + c - keep - 1) + " counting the Main Deck")
        kept_side[n] = keep
    side_short, side_target = _side_size(ctx, plan, side, kept_side)
    if forced is not None:
        plan.add("main", forced, "RB211", "the Chosen Champion")
    if total >= target and not side_short:
        return
    held = {n: [main[n][0], k[n]] for n in main}
    for n, (card, _count) in side.items():
        held.setdefault(n, [card, 0])
    used = Counter({n: k.get(n, 0) + f[n] + (kept_side.get(n, 0) if tournament else 0) for n in held})
    sig_main = sum(k.get(n, 0) + f[n] for n in signature)
    wanted = [("main", mirrors[i] if i < len(mirrors) else None) for i in range(max(0, target - total))]
    wanted += [("sideboard", None)] * side_short
    for zone, mirror in wanted:
        room = SIGNATURES - sig_main if zone == "main" else 0
        card, others = _pick_main(ctx, held, used, k, limit, mirror, identity, tag, room)
        if card is None:
            plan.reasons.append(f"no legal card is left to bring the {'Main Deck' if zone == 'main' else 'sideboard'} "
                                f"to {target if zone == 'main' else side_target}")
            return
        used[card.name] += 1
        limit.setdefault(card.name, ctx.facts(card).limit)
        if zone == "sideboard":
            plan.add("sideboard", card, "RB501", f"to reach {side_target} sideboard cards", others)
            continue
        if ctx.facts(card).signature:
            sig_main += 1
        reason = (f"for {mirror.name}: {_kind_and_cost(ctx, mirror)}" if mirror is not None
                  else f"to reach {target} cards")
        plan.add("main", card, "RB101", reason, others)


def _limit_code(ctx: FixContext, card: Card) -> str:
    return "RB103" if ctx.facts(card).limit >= 3 else "RB104"


def _kind_and_cost(ctx: FixContext, card: Card) -> str:
    f = ctx.facts(card)
    return f"{f.type_word}, cost {card.energy}" if card.energy is not None else f.type_word


def _side_size(ctx: FixContext, plan: Plan, side: dict, kept: dict[str, int]) -> tuple[int, int]:
    """Bring the sideboard to a size allowed on the date: cut the last-listed cards (RB501), or, where
    only some sizes are allowed and the nearest is larger, say how many to add: ``(to add, size)``."""
    fmt = ctx.fmt
    total = sum(kept.values())
    if fmt.sideboard != "limited":
        return 0, total
    if fmt.sideboard_max is not None:
        target = min(total, fmt.sideboard_max)
    else:
        target = min(fmt.sideboard_sizes or (0,), key=lambda n: (abs(n - total), n > total))
    if target > total:
        return target - total, target
    extra = total - target
    for n in reversed(list(side)):
        if extra <= 0:
            break
        cut = min(extra, kept[n])
        if cut:
            kept[n] -= cut
            extra -= cut
            plan.cut("sideboard", n, cut, "RB501", f"over {target} sideboard cards")
    return 0, target


def _weights(ctx: FixContext, held: dict) -> dict[int, int]:
    """Copies the Main Deck plays per domain bit (a card of two domains counts for both)."""
    w: Counter = Counter()
    for card, count in held.values():
        mask = ctx.facts(card).mask
        for bit in DOMAIN_BIT.values():
            if mask & bit:
                w[bit] += count
    return w


def _pick_main(ctx: FixContext, held: dict, used: Counter, k: dict, limit: dict, mirror: Card | None,
               identity: int, tag: str | None, sig_room: int) -> tuple[Card | None, tuple[str, ...]]:
    """The best Main Deck card to add and the next few: the deck's own cards first, then the legal
    cards of the domains it plays most, at the costs it plays most; of the type and cost of
    ``mirror`` where there are any."""
    weights = _weights(ctx, {n: (c, k.get(n, 0)) for n, (c, _) in held.items()})

    def fits(card: Card, f: CardFacts) -> bool:
        if f.kind != MAIN or f.mask & ~identity or not ctx.legal(f.name):
            return False
        if f.signature and (f.champion_tag != tag or sig_room <= 0):
            return False
        return used.get(f.name, 0) < limit.get(f.name, f.limit)

    order = list(held)
    own = [(card, ctx.facts(card)) for card, _ in held.values()]
    own = [(c, f) for c, f in own if fits(c, f)]
    own.sort(key=lambda cf: (-k.get(cf[0].name, 0), order.index(cf[0].name)))
    curve = Counter()
    for n, (card, _) in held.items():
        curve[card.energy] += k.get(n, 0)

    def rank(cf: tuple[Card, CardFacts]) -> tuple:
        mask = cf[1].mask
        return (-sum(w for bit, w in weights.items() if mask & bit), -curve[cf[0].energy], cf[0].name)

    levels = []
    if mirror is not None:
        mf = ctx.facts(mirror)
        levels.append(lambda c, f: f.type_word == mf.type_word and c.energy == mirror.energy)
        levels.append(lambda c, f: f.type_word == mf.type_word)
    levels.append(lambda c, f: True)
    for level in levels:  # the narrowest level with any card: few cards to rank
        fresh = sorted(((c, f) for c, f in ctx.main_pool() if c.name not in held and level(c, f) and fits(c, f)),
                       key=rank)
        found = [c for c, f in own if level(c, f)] + [c for c, _ in fresh]
        if found:
            return found[0], tuple(c.name for c in found[1:CANDIDATES + 1])
    return None, ()


def _runes(ctx: FixContext, deck: Deck, plan: Plan, identity: int, main: dict) -> None:
    """Cut runes the Rune Deck may not hold, then reach 12 in the split the Main Deck plays."""
    held: dict[str, list] = {}
    for e in deck.runes:
        why = _why_not(ctx, ctx.facts(e.card), RUNE, identity, None, "RB302", "RB303")
        if why is not None:
            plan.cut("runes", e.card.name, e.count, *why)
        elif e.card.name in held:
            held[e.card.name][1] += e.count
        else:
            held[e.card.name] = [e.card, e.count]
    total = sum(c for _, c in held.values()) + sum(u.count for u in deck.unknown if u.zone is Zone.RUNES)
    if total == RUNES:
        return
    bits = [bit for bit in DOMAIN_BIT.values() if identity & bit]
    weights = _weights(ctx, {n: (c, n_) for n, (c, n_) in main.items()})
    share = {bit: weights.get(bit, 0) for bit in bits}
    whole = sum(share.values())
    goal = {bit: RUNES * (share[bit] / whole if whole else 1 / len(bits)) for bit in bits}
    now = Counter()
    for card, c in held.values():
        now[ctx.facts(card).mask] += c
    order = {bit: i for i, bit in enumerate(bits)}
    while total > RUNES:
        name = max((n for n, (card, c) in held.items() if c > 0),
                   key=lambda n: (now[ctx.facts(held[n][0]).mask] - goal.get(ctx.facts(held[n][0]).mask, 0),
                                  -order.get(ctx.facts(held[n][0]).mask, 0)))
        held[name][1] -= 1
        now[ctx.facts(held[name][0]).mask] -= 1
        total -= 1
        plan.cut("runes", name, 1, "RB301", f"over {RUNES} runes")
    while total < RUNES:
        bit = max(bits, key=lambda b: (goal[b] - now[b], -order[b]))
        card = next((c for c, _ in held.values() if ctx.facts(c).mask == bit), None)
        if card is None:
            found = ctx.runes_of(bit)
            if not found:
                plan.reasons.append(f"no {domain_words(bit)} rune is legal on {ctx.day.isoformat()}")
                return
            card = found[0]
        now[bit] += 1
        total += 1
        plan.add("runes", card, "RB301", f"to reach {RUNES} runes")


def _battlefields(ctx: FixContext, deck: Deck, plan: Plan, identity: int) -> None:
    """Cut battlefields that may not stay (and second copies), then reach 3 with legal ones."""
    allowed = set(ctx.spec.battlefields) if ctx.spec.battlefields is not None else None
    kept: list[str] = []
    for e in deck.battlefields:
        f = ctx.facts(e.card)
        why = _why_not(ctx, f, BATTLEFIELD, identity, None, "RB403", "RB404")
        if why is None and allowed is not None and f.name not in allowed:
            why = ("RB405", "not on the event's battlefield list")
        if why is not None:
            plan.cut("battlefields", e.card.name, e.count, *why)
        elif e.card.name in kept:
            plan.cut("battlefields", e.card.name, e.count, "RB402", "a second battlefield of that name")
        else:
            kept.append(e.card.name)
            if e.count > 1:
                plan.cut("battlefields", e.card.name, e.count - 1, "RB402", "a second battlefield of that name")
    total = len(kept) + sum(u.count for u in deck.unknown if u.zone is Zone.BATTLEFIELDS)
    for name in reversed(list(kept)):
        if total <= BATTLEFIELDS:
            break
        kept.remove(name)
        total -= 1
        plan.cut("battlefields", name, 1, "RB401", f"over {BATTLEFIELDS} battlefields")
    if total >= BATTLEFIELDS:
        return
    elsewhere = [e.card.name for e in (*deck.main, *deck.sideboard, *deck.runes)]
    pool = [(c, f) for c, f in ctx.battlefield_pool() if c.name not in kept and not f.mask & ~identity]
    pool.sort(key=lambda cf: (cf[0].name not in elsewhere, -ctx.released(cf[0]).toordinal(), cf[0].name))
    if len(pool) < BATTLEFIELDS - total:
        plan.reasons.append(f"only {len(pool)} more battlefield(s) are legal here; {BATTLEFIELDS - total} needed")
        return
    for i in range(BATTLEFIELDS - total):
        card = pool[i][0]
        others = tuple(c.name for c, _ in pool[BATTLEFIELDS - total:BATTLEFIELDS - total + CANDIDATES])
        plan.add("battlefields", card, "RB401", f"to reach {BATTLEFIELDS} battlefields", others)
