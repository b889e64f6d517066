"""The Core Rules' Main Deck size in casual (CR 103.2): at least 40, so exactly 40 is legal, 39 is
not, and more is fine; the Tournament Rules' exactly 40 is standard's (TR 402.1)."""

from __future__ import annotations

import pytest
from rules.support import ORNN, ORNN_CHAMPION, change, check, codes, deck, flat


@pytest.mark.parametrize("delta, casual, standard", [
    (-1, ["RB101"], ["RB101"]),
    (0, [], []),
    (1, [], ["RB101"]),
])
def test_casual_needs_at_least_40_cards_and_standard_exactly_40(delta, casual, standard):
    d = deck(change(flat(ORNN), OGN_043=delta), champion=ORNN_CHAMPION)
    assert sum(e.count for e in d.main) == 40 + delta
    assert codes(check(d, "casual")) == casual
    assert codes(check(d, "standard")) == standard
