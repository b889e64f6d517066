"""`Batch.statistics(lang=...)` says its totals in the language asked, as the command's `--lang` does."""

from __future__ import annotations

import deckcheck
from conftest import REPO

KAISA = REPO / "sample_decks" / "illegal-kaisa-too-many-copies.txt"


def test_the_statistics_of_an_english_list_in_chinese_and_in_english():
    batch = deckcheck.check_paths([str(KAISA)], as_of="2026-11-01")
    english = batch.statistics().splitlines()
    chinese = batch.statistics(lang="zh").splitlines()
    assert english[-1] == "4 problems in 1 deck: 0 legal, 1 illegal"
    assert chinese[-1] == "1 副卡组中 4 个问题：0 副合法，1 副不合法"
    assert chinese[:-1] == english[:-1]  # the rule codes and names stay as they are
