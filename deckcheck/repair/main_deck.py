"""A plan's Main Deck and sideboard: copies, Signature cards and sizes, then the cards added.

Each name keeps its Main Deck copies first (a Main Deck card kept saves a cut and an addition, a
sideboard card only a cut), at most 3 Signature cards, then the format's size: cut from the cards
whose sideboard copies a cut lets stay, then from the fewest-copies cards listed last. The
sideboard is cut to its copies and its size on the date. What falls short is added: a Main Deck
card of the type and cost of a card cut, legal on the date and inside the identity, the deck's
own cards first.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from deckcheck.words import N_, card_named, say, word
from deckcheck.cards.model import Card
from deckcheck.decks.model import Deck, DeckEntry, Zone
from deckcheck.repair.context import FixContext
from deckcheck.repair.model import CANDIDATES, Plan
from deckcheck.rules.facts import DEFAULT_COPIES, DOMAIN_BIT, SIGNATURE_LIMIT, CardFacts
from deckcheck.rules.registry import Place


#: ``4th`` by the last digit (11th-20th always ``th``).
_ORDINALS = {1: N_("{n}st"), 2: N_("{n}nd"), 3: N_("{n}rd")}
_NTH = N_("{n}th")


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th`` (another language counts its own way)."""
    return say(_NTH if 10 <= n % 100 <= 20 else _ORDINALS.get(n % 10, _NTH), n=n)


def copies_words(first: int, last: int) -> str:
    """``4th copy`` or ``4th-5th copies``."""
    if first == last:
        return say("{first} copy", first=ordinal(first))
    return say("{first}-{last} copies", first=ordinal(first), last=ordinal(last))


def kept_or_cut(ctx: FixContext, plan: Plan, entries: list[DeckEntry], zone: str, place: Place,
                mirrors: list[Card] | None = None) -> dict[str, list]:
    """The cards of ``entries`` that no rule refuses in ``zone``, as name -> [card, copies] (list order); each
    card refused is cut for the first rule that refuses it (and given ``mirrors``, listed there once a copy)."""
    kept: dict[str, list] = {}
    for e in entries:
        why = ctx.refusal(ctx.facts(e.card), zone, place)
        if why is not None:
            plan.cut(zone, e.card.name, e.count, *why)
            if mirrors is not None:
                mirrors.extend([e.card] * e.count)
        elif e.card.name in kept:
            kept[e.card.name][1] += e.count
        else:
            kept[e.card.name] = [e.card, e.count]
    return kept


@dataclass(slots=True)
class _Kept:
    """The copies a plan keeps of each name while it brings the Main Deck to size.

    ``main`` and ``side``: name -> [card, copies listed] (list order), after the cards the zones
    may not hold were cut; ``kept``: the Main Deck copies kept so far; ``forced``: a Chosen
    Champion the plan adds; ``mirrors``: the Main Deck cards cut, in order (an addition takes the
    type and cost of one); ``champion``: the Chosen Champion's name, whose last copy stays.
    """

    ctx: FixContext
    plan: Plan
    main: dict[str, list]
    side: dict[str, list]
    mirrors: list[Card]
    forced: Counter
    champion: str | None
    limit: dict[str, int]
    signature: set[str]
    kept: dict[str, int]
    order: dict[str, int]

    @classmethod
    def start(cls, ctx: FixContext, plan: Plan, main: dict, side: dict, mirrors: list[Card], forced: Card | None,
              champion: str | None) -> _Kept:
        both = {**side, **main}
        return cls(ctx, plan, main, side, list(mirrors), Counter({forced.name: 1}) if forced is not None else Counter(),
                   champion, {n: ctx.facts(card).limit for n, (card, _) in both.items()},
                   {n for n, (card, _) in both.items() if ctx.facts(card).signature}, {},
                   {n: i for i, n in enumerate(main)})

    def over_limit(self) -> None:
        """Each name's Main Deck copies over its limit (the Chosen Champion added counts) cut."""
        for n, (card, m) in self.main.items():
            keep = self.kept[n] = max(0, min(m, self.limit[n] - self.forced[n]))
            if m > keep:
                first = self.limit[n] - self.forced[n] + 1
                self.plan.cut("main", n, m - keep, _limit_code(self.ctx, card),
                              copies_words(first, first + m - keep - 1))
                self.mirrors += [card] * (m - keep)

    def room_in_side(self, n: str) -> int:
        """The sideboard copies of ``n`` its limit leaves room for (all of them outside tournaments)."""
        if self.ctx.fmt.tournament:
            return self.limit.get(n, DEFAULT_COPIES) - self.forced[n] - self.kept.get(n, 0)
        return self.side[n][1] if n in self.side else 0

    def contested(self, n: str) -> bool:
        """A Main Deck copy of ``n`` cut would let a sideboard copy stay."""
        return self.ctx.fmt.tournament and n in self.side and self.side[n][1] > max(0, self.room_in_side(n))

    def drop(self, names: list[str], how_many: int, code: str, reason: str) -> None:
        """``how_many`` Main Deck copies among ``names`` cut one by one: first those whose sideboard copies may
        then stay, then the fewest-copies cards listed last (the Chosen Champion's last copy stays)."""
        for _ in range(how_many):
            pool = [n for n in names if self.kept[n] > (1 if n == self.champion and not self.forced[n] else 0)]
            if not pool:
                return
            n = min(pool, key=lambda n: (not self.contested(n), self.kept[n], -self.order[n]))
            self.kept[n] -= 1
            self.plan.cut("main", n, 1, code, reason)
            self.mirrors.append(self.main[n][0])

    def total(self, unknown: int) -> int:
        """The Main Deck's cards kept, the Chosen Champion added and the unidentified lines that may be its."""
        return sum(self.kept.values()) + sum(self.forced.values()) + unknown

    def side_copies(self) -> dict[str, int]:
        """The sideboard's copies kept of each name, those over the limit counting the Main Deck cut."""
        kept_side: dict[str, int] = {}
        for n, (card, c) in self.side.items():
            keep = max(0, min(c, self.room_in_side(n))) if self.ctx.fmt.tournament else c
            if c > keep:
                first = self.limit[n] + 1
                self.plan.cut("sideboard", n, c - keep, _limit_code(self.ctx, card),
                              say("{copies} counting the Main Deck", copies=copies_words(first, first + c - keep - 1)))
            kept_side[n] = keep
        return kept_side


def copies_and_sizes(ctx: FixContext, deck: Deck, plan: Plan, main: dict, side: dict, mirrors: list[Card],
                     place: Place, forced: Card | None, champion: str | None) -> None:
    """Copies, Signature cards, the Main Deck's size and the sideboard's, and what falls short added
    (``forced``: a Chosen Champion to add; ``champion``: the Chosen Champion's name)."""
    fmt = ctx.fmt
    kept = _Kept.start(ctx, plan, main, side, mirrors, forced, champion)
    kept.over_limit()
    sigs = [n for n in main if n in kept.signature]
    over = sum(kept.kept[n] for n in sigs) + sum(kept.forced[n] for n in kept.signature) - SIGNATURE_LIMIT
    if over > 0:
        kept.drop(sigs, over, "RB105", say("over {count} Signature cards", count=SIGNATURE_LIMIT))
    unknown = sum(u.count for u in deck.unknown if u.zone in (None, Zone.MAIN, Zone.CHAMPION))
    total = kept.total(unknown)
    target = fmt.main_exact if fmt.main_exact is not None else max(fmt.main_min, total)
    if total > target:
        kept.drop(list(main), total - target, "RB101", say("over {count} cards", count=target))
        total = kept.total(unknown)
    kept_side = kept.side_copies()
    side_short, side_target = _side_size(ctx, plan, side, kept_side)
    if forced is not None:
        plan.add("main", forced, "RB211", say("the Chosen Champion"))
    if total < target or side_short:
        _fill(kept, kept_side, max(0, target - total), target, side_short, side_target, place)


def _fill(kept: _Kept, kept_side: dict[str, int], short: int, target: int, side_short: int, side_target: int,
          place: Place) -> None:
    """The Main Deck's ``short`` cards and the sideboard's ``side_short`` added, each the best card left."""
    ctx, plan, main, k = kept.ctx, kept.plan, kept.main, kept.kept
    held = {n: [main[n][0], k[n]] for n in main}
    for n, (card, _count) in kept.side.items():
        held.setdefault(n, [card, 0])
    tournament = ctx.fmt.tournament
    used = Counter({n: k.get(n, 0) + kept.forced[n] + (kept_side.get(n, 0) if tournament else 0) for n in held})
    sig_main = sum(k.get(n, 0) + kept.forced[n] for n in kept.signature)
    mirrors = kept.mirrors
    wanted = [("main", mirrors[i] if i < len(mirrors) else None) for i in range(short)]
    wanted += [("sideboard", None)] * side_short
    for zone, mirror in wanted:
        room = SIGNATURE_LIMIT - sig_main if zone == "main" else 0
        card, others = _pick_main(ctx, held, used, k, kept.limit, mirror, place, room)
        if card is None:
            plan.reasons.append(
                say("no legal card is left to bring the Main Deck to {count}", count=target) if zone == "main" else
                say("no legal card is left to bring the sideboard to {count}", count=side_target))
            return
        used[card.name] += 1
        kept.limit.setdefault(card.name, ctx.facts(card).limit)
        if zone == "sideboard":
            plan.add("sideboard", card, "RB501", say("to reach {count} sideboard cards", count=side_target), others)
            continue
        if ctx.facts(card).signature:
            sig_main += 1
        reason = (say("for {card}: {kind}", card=card_named(mirror.name), kind=_kind_and_cost(ctx, mirror))
                  if mirror is not None else say("to reach {count} cards", count=target))
        plan.add("main", card, "RB101", reason, others)


def _limit_code(ctx: FixContext, card: Card) -> str:
    return "RB103" if ctx.facts(card).limit >= DEFAULT_COPIES else "RB104"


def _kind_and_cost(ctx: FixContext, card: Card) -> str:
    f = ctx.facts(card)
    kind = word("card kind", f.type_word)
    return say("{kind}, cost {cost}", kind=kind, cost=card.energy) if card.energy is not None else kind


def _side_size(ctx: FixContext, plan: Plan, side: dict, kept: dict[str, int]) -> tuple[int, int]:
    """Bring the sideboard to a size allowed on the date: cut the last-listed cards (RB501), or, where
    only some sizes are allowed and the nearest is larger, say how many to add: ``(to add, size)``.
    Between two allowed sizes as near, the smaller is kept: a cut takes nothing the list did not hold."""
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
            plan.cut("sideboard", n, cut, "RB501", say("over {count} sideboard cards", count=target))
    return 0, target


def domain_weights(ctx: FixContext, held: dict) -> dict[int, int]:
    """Copies the Main Deck plays per domain bit (a card of two domains counts for both)."""
    w: Counter = Counter()
    for card, count in held.values():
        mask = ctx.facts(card).mask
        for bit in DOMAIN_BIT.values():
            if mask & bit:
                w[bit] += count
    return w


def _pick_main(ctx: FixContext, held: dict, used: Counter, k: dict, limit: dict, mirror: Card | None,
               place: Place, sig_room: int) -> tuple[Card | None, tuple[str, ...]]:
    """The best Main Deck card to add and the next few: the deck's own cards first, then the legal
    cards of the domains it plays most, at the costs it plays most; of the type and cost of
    ``mirror`` where there are any. Only cards legal on the date that no rule refuses in the Main
    Deck; a Signature card only of the legend's champion, while ``sig_room`` is left."""
    weights = domain_weights(ctx, {n: (c, k.get(n, 0)) for n, (c, _) in held.items()})

    def room(f: CardFacts) -> bool:  # a copy more within its limit; a Signature card of the legend's, while room
        if f.signature and (f.champion_tag != place.tag or sig_room <= 0):
            return False
        return used.get(f.name, 0) < limit.get(f.name, f.limit)

    order = list(held)
    own = [(card, ctx.facts(card)) for card, _ in held.values()]
    own = [(c, f) for c, f in own if ctx.may_add(f, place) and room(f)]
    own.sort(key=lambda cf: (-k.get(cf[0].name, 0), order.index(cf[0].name)))
    curve: Counter = Counter()
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
        fresh = sorted(((c, f) for c, f in ctx.main_pool()
                        if c.name not in held and level(c, f) and ctx.may_add(f, place) and room(f)), key=rank)
        found = [c for c, f in own if level(c, f)] + [c for c, _ in fresh]
        if found:
            return found[0], tuple(c.name for c in found[1:CANDIDATES + 1])
    return None, ()
