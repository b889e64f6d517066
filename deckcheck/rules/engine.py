"""``check_deck``: run every rule of a format on one deck, on one date."""

from __future__ import annotations

from datetime import date

from deckcheck.cards.lookup import CardDB
from deckcheck.decks.model import Deck
from deckcheck.errors import DeckcheckError
from deckcheck.rules.facts import card_facts, legality
from deckcheck.rules.formats import FormatSpec, load_format
from deckcheck.rules.refs import edition
from deckcheck.rules.registry import Findings, Rule, all_rules
from deckcheck.rules.report import Report, Violation
from deckcheck.rules.tally import Tally

_APPLICABLE: dict[str, tuple[Rule, ...]] = {}


def rules_for(spec: FormatSpec) -> tuple[Rule, ...]:
    """The rules that run in a format, in code order (cached per format)."""
    key = spec.file or spec.name
    found = _APPLICABLE.get(key)
    if found is None:
        found = _APPLICABLE[key] = tuple(r for r in all_rules() if r.applies_to(spec))
    return found


def parse_as_of(value: date | str | None) -> date:
    """A date, an ISO ``YYYY-MM-DD`` string, or None for today."""
    if value is None:
        return date.today()
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(value.strip())
    except ValueError:
        raise DeckcheckError(f"--as-of: '{value}' is not a date (YYYY-MM-DD)") from None


def check_deck(
    deck: Deck,
    format: str | FormatSpec = "standard",
    as_of: date | str | None = None,
    cards: CardDB | None = None,
) -> Report:
    """Check ``deck`` against every rule of ``format`` in force on ``as_of`` (default: today).

    ``format`` is a bundled format name (standard, standard-bo1, casual, 2v2), a path to a
    format YAML file, or a loaded :class:`FormatSpec`. ``cards`` defaults to the bundled card
    database. Never raises for a bad deck; raises :class:`DeckcheckError` for an unknown format,
    a broken format file, or a date before the format's first legal cards.
    """
    if cards is None:
        from deckcheck.cards import load_cards

        cards = load_cards()
    day = parse_as_of(as_of)
    spec = format if isinstance(format, FormatSpec) else load_format(format)
    legal = legality(cards, spec, day)
    tally = Tally(deck, cards, legal, card_facts(cards))
    out = Findings(deck.source, day, legal.citations)
    for r in rules_for(spec):
        r.check(tally, out)
    found = out.violations
    if len(found) > 1:
        found.sort(key=Violation.sort_key)
    return Report(
        source=deck.source,
        name=deck.name,
        format=spec.name,
        as_of=day,
        legend=deck.legend.card.name if deck.legend else None,
        champion=deck.champion.card.name if deck.champion else None,
        rules_version=edition(day),
        counts=tally.counts(),
        violations=found,
    )
