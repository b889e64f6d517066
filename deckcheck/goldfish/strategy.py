"""Mulligan strategies: which of the opening 4 cards to set aside (up to 2, CR 117).

Every strategy, built-in or written by a user, is the same small declarative rule set:

- ``hunt`` (a filter or a card name) and ``want`` (default 1): if the hand already holds ``want``
  matching cards, keep it all. Hunted cards are never set aside.
- ``keep``: cards matching it are never set aside.
- ``set_aside``: filters in priority order. Cards matching the first come out first; within one
  rule the costliest (energy, then power) come out first. Cards matching no rule stay.
- ``max``: how many to set aside at most (1 or 2; the rules allow 2).

Built-ins: ``none`` (keep every hand), ``curve`` (set aside up to 2 cards costing 4+ energy),
``hunt X`` (keep X; otherwise set aside the 2 costliest other cards). A user strategy is a YAML file
with the same keys plus ``name`` and ``description``; pass its path to ``--mulligan``.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from deckcheck.words import N_, card_named, listing, say
from deckcheck.errors import DeckcheckError
from deckcheck.goldfish.filters import MATCH_ALL, Filter, looks_like_filter, parse_filter
from deckcheck.goldfish.plan import DeckPlan

MAX_SET_ASIDE = 2
CURVE_THRESHOLD = 4


class StrategyError(DeckcheckError):
    """A mulligan strategy that cannot be read or does not fit the deck."""


class Strategy(BaseModel):
    """A mulligan strategy as written (see the module docstring)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    description: str | None = None
    hunt: str | None = None
    want: int = Field(default=1, ge=1, le=4)
    keep: str | None = None
    set_aside: list[str] = Field(default_factory=list)
    max: int = Field(default=MAX_SET_ASIDE, ge=0, le=MAX_SET_ASIDE)

    def describe(self) -> str:
        """One line a user can read: what this strategy does (a :class:`~deckcheck.words.Message`)."""
        if self.description:
            if self.hunt and self.name == f"hunt {self.hunt}" and self.description == _hunted(self.hunt):
                return say("{name}: {description}", name=self.name, description=_hunted(self.hunt))
            return say("{name}: {description}", name=self.name, description=say(self.description))
        if not self.set_aside or self.max == 0:
            return say("{name}: keep every opening hand", name=self.name)
        rules = listing([say("any card") if r.strip() == "*" else r for r in self.set_aside], "then")
        text = say("set aside up to {count} cards matching {rules}, costliest first", count=self.max, rules=rules)
        if self.keep:
            text = say("{rule} (never {keep})", rule=text, keep=self.keep)
        if self.hunt:
            text = (say("keep the hand if it holds any {hunt}; otherwise {rule}", hunt=self.hunt, rule=text)
                    if self.want == 1 else
                    say("keep the hand if it holds {want} of {hunt}; otherwise {rule}", want=self.want,
                        hunt=self.hunt, rule=text))
        return say("{name}: {rule}", name=self.name, rule=text)


NONE = Strategy(name="none")
CURVE = Strategy(
    name="curve",
    description=N_("keep cheap cards; set aside up to 2 cards costing 4+ energy, costliest first"),  # CURVE_THRESHOLD
    set_aside=[f"energy>={CURVE_THRESHOLD}"],
)
BUILT_INS = {"none": NONE, "curve": CURVE}


def hunt(target: str) -> Strategy:
    """The built-in ``hunt X``: keep X, otherwise dig for it by setting aside 2 other cards."""
    return Strategy(
        name=f"hunt {target}", hunt=target, set_aside=["*"],
        description=_hunted(target),
    )


def _hunted(target: str):
    """What ``hunt X`` does, in words."""
    return say("keep the hand if it holds {target}; otherwise set aside the 2 costliest other cards", target=card_named(target))


def parse_strategy(spec: str | None) -> Strategy:
    """``none``, ``curve``, ``hunt CARD-or-filter`` or the path of a YAML strategy file."""
    text = (spec or "none").strip()
    lowered = text.lower()
    if lowered in BUILT_INS:
        return BUILT_INS[lowered]
    if lowered == "hunt" or lowered.startswith("hunt "):
        target = text[4:].strip()
        if not target:
            raise StrategyError("hunt needs a card name or a filter, e.g. 'hunt Jinx, Rebel'", parameter="mulligan")
        return hunt(target)
    path = Path(text)
    if path.suffix.lower() in (".yaml", ".yml") or path.exists():
        return load_strategy_file(path)
    import difflib

    close = difflib.get_close_matches(lowered, [*BUILT_INS, "hunt"], n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]}?" if close else ""
    raise StrategyError(
        f"unknown mulligan strategy '{text}'{hint} (use none, curve, 'hunt CARD-or-filter' or a YAML file)"
    )


def load_strategy_file(path: Path) -> Strategy:
    """Read a user strategy (YAML). Errors name the file and, where known, the line."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise StrategyError(f"cannot read mulligan strategy: {exc.strerror}", file=str(path)) from None
    except UnicodeDecodeError as exc:
        raise StrategyError(f"mulligan strategy is not UTF-8 text (byte {exc.start})", file=str(path)) from None
    import deckcheck.safe_yaml as safe_yaml

    data = safe_yaml.load(text, str(path), error=StrategyError)  # safe loader, bounded
    if not isinstance(data, dict):
        raise StrategyError("a mulligan strategy is a YAML mapping (name, hunt, keep, set_aside, max)", file=str(path))
    data.setdefault("name", path.stem)
    if isinstance(data.get("set_aside"), str):
        data["set_aside"] = [data["set_aside"]]
    try:
        strategy = Strategy.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "strategy"
        raise StrategyError(f"{where}: {first['msg']}", file=str(path), line=_line_of(text, where)) from None
    for rule in [strategy.hunt, strategy.keep, *strategy.set_aside]:
        if rule and looks_like_filter(rule):
            try:
                parse_filter(rule)
            except DeckcheckError as exc:
                raise StrategyError(exc.message, file=str(path), line=_line_of(text, rule)) from None
    return strategy


def _line_of(text: str, needle: str) -> int | None:
    key = needle.split(".")[0]
    for number, line in enumerate(text.splitlines(), 1):
        if key and key in line:
            return number
    return None


# ---------------------------------------------------------------- applying a strategy to a deck
def card_filter(text: str, plan: DeckPlan, what: str) -> Filter:
    """A filter from ``text``: filter syntax, else the name of a card in the deck."""
    if looks_like_filter(text):
        return MATCH_ALL if text.strip() == "*" else parse_filter(text)
    index = plan.index_of(text)
    if index is None:
        names = [c.name for c in plan.cards]
        close = difflib.get_close_matches(text, names, n=3, cutoff=0.5)
        hint = f"; did you mean: {'; '.join(close)}?" if close else ""
        raise StrategyError(f"{what}: '{text}' is not a card in this deck{hint} "
                            "(or write a filter such as name~jinx)")
    name = plan.cards[index].name
    return Filter(f'name="{name}"', lambda card: card.name == name)


@dataclass(frozen=True, slots=True)
class DeckStrategy:
    """A strategy bound to one deck: boolean masks and a set-aside order over its cards."""

    strategy: Strategy
    hunt_mask: np.ndarray | None
    order: np.ndarray  # indices of cards that may be set aside, first out first
    limit: int
    cards: int

    @property
    def eligible_mask(self) -> np.ndarray:
        """True for each card this strategy may set aside."""
        mask = np.zeros(self.cards, dtype=bool)
        mask[self.order] = True
        return mask

    @property
    def never_mulligans(self) -> bool:
        return self.order.size == 0 or self.limit == 0

    def decide(self, hands: np.ndarray) -> np.ndarray:
        """Cards to set aside (games x cards counts) for opening hands (games x cards counts)."""
        out = np.zeros_like(hands)
        if self.never_mulligans:
            return out
        room = np.full(hands.shape[0], self.limit, dtype=np.int64)
        if self.hunt_mask is not None:
            found = hands[:, np.flatnonzero(self.hunt_mask)].sum(axis=1)
            room[found >= self.strategy.want] = 0
        for j in self.order:  # first out first, until the room is used up
            take = np.minimum(hands[:, j], room)
            out[:, j] = take
            room -= take
        return out


def bind(strategy: Strategy, plan: DeckPlan) -> DeckStrategy:
    """Bind a strategy to a deck (names are checked against the deck's cards here)."""
    n = len(plan.cards)
    hunt_mask = plan.mask(card_filter(strategy.hunt, plan, "hunt")) if strategy.hunt else None
    if hunt_mask is not None and not hunt_mask.any():
        raise StrategyError(f"hunt: no card in this deck matches '{strategy.hunt}'")
    protected = np.zeros(n, dtype=bool)
    if strategy.keep:
        protected |= plan.mask(card_filter(strategy.keep, plan, "keep"))
    if hunt_mask is not None:
        protected |= hunt_mask
    rank = np.full(n, len(strategy.set_aside), dtype=np.int64)
    for r, rule in reversed(list(enumerate(strategy.set_aside))):
        rank[plan.mask(card_filter(rule, plan, "set_aside"))] = r
    # Only cards in the library can be in a hand: the Chosen Champion's zone copy is not one of
    # them, so a strategy that could only set aside that copy never sets anything aside here.
    eligible = [j for j in range(n)
                if rank[j] < len(strategy.set_aside) and not protected[j] and plan.library_copies[j] > 0]
    eligible.sort(key=lambda j: (rank[j], -plan.energy[j], -plan.power[j], j))
    return DeckStrategy(strategy, hunt_mask, np.array(eligible, dtype=np.int64), strategy.max, n)
