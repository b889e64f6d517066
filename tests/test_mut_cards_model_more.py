"""The card-data schemas and the bundle reader, in-process: what a user reads for broken card
data. Copy limits are those of card_data/card_rules.json (reviewed by hand)."""

from __future__ import annotations

from deckcheck.cards.schema import CardRulesSchema
from deckcheck.cards.sets import CardRules, CopyLimit


def test_the_card_rules_schema_keeps_each_copy_limit():
    rules = {"copy_limits": [
        {"name": "Forgefire Cape", "ids": ["SFD-190"], "limit": 1, "keyword": "Unique", "rule": "CR 825.3"},
        {"name": "Spiderling", "ids": ["VEN-097"], "limit": None, "keyword": "any number", "rule": "CR 002"}]}
    plain = CardRulesSchema.model_validate(rules).to_plain()
    assert plain == CardRules(copy_limits=(
        CopyLimit(name="Forgefire Cape", ids=("SFD-190",), limit=1, keyword="Unique", rule="CR 825.3"),
        CopyLimit(name="Spiderling", ids=("VEN-097",), limit=None, keyword="any number", rule="CR 002")))
    assert plain.limit_for("Forgefire Cape").limit == 1 and plain.limit_for("Spiderling").limit is None
