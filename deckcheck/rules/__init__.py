"""The rule engine: every construction rule of the Core and Tournament Rules, for any format
and date. It knows no terminal: :func:`check_deck` returns a plain-data :class:`Report`.

>>> from deckcheck import load_cards, load_deck
>>> from deckcheck.rules import check_deck
>>> deck = load_deck("sample_decks/illegal-annie-banned-stacked-deck.txt", load_cards())
>>> report = check_deck(deck, format="standard", as_of="2026-11-01")
>>> report.verdict, [violation.code for violation in report.violations]
('illegal', ['RB601'])
"""

from __future__ import annotations

from datetime import date

from deckcheck.cards.lookup import CardDB

from deckcheck.rules.engine import Checker, check_deck, checker, parse_as_of, rules_for
from deckcheck.rules.formats import FormatError, FormatSpec, format_names, format_on, load_format
from deckcheck.rules.registry import RULES, Rule, all_rules, get_rule
from deckcheck.rules.report import Report, Violation

__all__ = [
    "Checker", "check_deck", "checker", "parse_as_of", "rules_for", "FormatError", "FormatSpec", "format_names",
    "format_on", "load_format", "RULES", "Rule", "all_rules", "get_rule", "Report", "Violation",
    "format_targets",
]


def format_targets(format: str = "standard", as_of: date | str | None = None,
                   cards: CardDB | None = None) -> dict[str, str]:
    """Zone sizes a format asks for on a date, e.g. ``{"main": "40", "sideboard": "10", ...}``."""
    from deckcheck.cards import load_cards

    return format_on(load_format(format), parse_as_of(as_of), (cards or load_cards()).sets).targets()
