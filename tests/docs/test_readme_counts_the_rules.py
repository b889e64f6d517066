"""The README's opening counts the rule units the registry holds, from the first code to the last."""

from __future__ import annotations

import re
from pathlib import Path

from deckcheck.rules.registry import all_rules

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_gives_the_number_and_range_of_rule_units():
    said = re.search(r"\*\*Rules\*\*: (\d+) rule units \(`(RB\d+)`–`(RB\d+)`\)", README.read_text(encoding="utf-8"))
    assert said, "README.md's Rules bullet no longer says how many rule units there are"
    codes = sorted(rule.code for rule in all_rules())
    assert (int(said[1]), said[2], said[3]) == (len(codes), codes[0], codes[-1])
