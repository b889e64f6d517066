"""A player's one-page deck report as self-contained HTML (``deckcheck report``).

What it shows: the verdict and every violation; the energy curve and the type and domain split of
the Main Deck as inline SVG charts; the castability table; the rune-split ranking; sample opening
hands with their seeds. Rendered with the shared page stack (:mod:`deckcheck.render.pages`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from deckcheck.decks.model import Deck
from deckcheck.goldfish.hands import SampleHand
from deckcheck.goldfish.results import CastableResult, RuneSplitResult
from deckcheck.render.percent import pct, with_interval
from deckcheck.rules.report import Report
from deckcheck.words import ENGLISH, Language

TEMPLATE = "deck_page.html.j2"


@dataclass
class DeckPage:
    """Everything one page shows; the goldfish parts are None when the deck cannot be played."""

    deck: Deck
    report: Report
    castable: CastableResult | None = None
    rune_splits: RuneSplitResult | None = None
    hands: list[SampleHand] = field(default_factory=list)
    hands_seed: int | None = None
    deck_argument: str = "DECK"
    goldfish_problem: str | None = None


def main_deck_charts(deck: Deck, w: Language = ENGLISH) -> dict[str, list[tuple[str, float]]]:
    """Bars for the energy curve, the card types and the domains of the Main Deck (copies counted), labelled
    in the language ``w``."""
    curve: Counter[int] = Counter()
    types: Counter[str] = Counter()
    domains: Counter[str] = Counter()
    for entry in deck.main:
        card = entry.card
        if not card.is_main_deck_type:
            continue
        curve[card.energy or 0] += entry.count
        types[w.word("card type", card.type.value)] += entry.count
        domains["/".join(w.word("domain", d.value) for d in card.domains) or w.say("no domain")] += entry.count
    top = max(curve, default=0)
    return {
        "curve": [(w.say("{energy} energy", energy=cost), float(curve.get(cost, 0))) for cost in range(0, top + 1)],
        "types": [(name, float(n)) for name, n in types.most_common()],
        "domains": [(name, float(n)) for name, n in domains.most_common()],
    }


def castable_rows(result: CastableResult, w: Language = ENGLISH) -> list[dict]:
    """One row per card for the page: natural turn and the three figures as text, sortable values."""
    from deckcheck.render.castable import by_card, cell

    rows = []
    for group in by_card(result.cards):
        first = group[0]
        domains = "/".join(w.word("domain", d) for d in first.power_domains) or w.say("any")
        cost = str(first.energy) + (f" + {first.power} {domains}" if first.power else "")
        rows.append({
            "card": first.card, "copies": first.copies, "cost": cost, "energy": first.energy,
            "natural": first.natural_turn,
            "cells": [(cell(r), f"{r.probability:.6f}") for r in group],
        })
    return rows


def render_deck_page(page: DeckPage, w: Language = ENGLISH) -> str:
    """The whole page as one HTML string, its words in the language ``w``."""
    from deckcheck.render.pages import render_page

    report = page.report
    return render_page(
        TEMPLATE,
        w,
        deck=page.deck,
        report=report,
        verdict=report.verdict,
        violations=sorted(report.violations, key=lambda v: v.sort_key()),
        charts=main_deck_charts(page.deck, w),
        castable=page.castable,
        castable_rows=castable_rows(page.castable, w) if page.castable else [],
        on_curve=(with_interval(page.castable.on_curve, page.castable.on_curve_low, page.castable.on_curve_high)
                  if page.castable else None),
        splits=page.rune_splits,
        split_top=max((s.on_curve for s in page.rune_splits.splits), default=0.0) or 1.0 if page.rune_splits else 1.0,
        hands=page.hands,
        hands_seed=page.hands_seed,
        deck_argument=page.deck_argument,
        goldfish_problem=page.goldfish_problem,
        pct=pct,
    )
