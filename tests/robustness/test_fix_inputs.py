"""``fix`` on damaged lists (the samples with lines dropped, doubled, recounted, or banned and stray
lines inserted; seeded): never a traceback, and every corrected list reads back legal."""

from __future__ import annotations

import random
from datetime import date

import pytest

from conftest import REPO
from deckcheck.cards import load_cards
from deckcheck.decks.load import read_text
from deckcheck.decks.resolve import resolve_deck
from deckcheck.errors import DeckcheckError
from deckcheck.repair import FIXED
from deckcheck.repair.batch import fix_text
from deckcheck.repair.context import FixContext
from deckcheck.rules import check_deck

DB = load_cards()
SAMPLES = sorted(p for p in (REPO / "sample_decks").iterdir() if p.is_file() and p.suffix != ".md")
STRAY = ["3 Stacked Deck", "1 Fight or Flight", "2 Fury Rune", "1 Obelisk of Power", "Sideboard:", "3 Gust",
         "Legend:", "x3", "1"]


def _damaged(text: str, rng: random.Random) -> str:
    lines = text.splitlines()
    for _ in range(rng.randint(1, 4)):
        if not lines:
            break
        i = rng.randrange(len(lines))
        roll = rng.random()
        if roll < 0.3:
            del lines[i]
        elif roll < 0.55:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif roll < 0.75:
            lines[i] = lines[i].replace("1", "4", 1).replace("2", "5", 1)
        else:
            lines.insert(i, rng.choice(STRAY))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("fmt", ["standard", "casual", "standard-bo1"])
def test_damaged_samples_never_crash_and_fixes_read_back_legal(fmt):
    ctx = FixContext(DB, fmt, date(2026, 11, 30))
    rng = random.Random(fmt)
    fixed = 0
    for path in SAMPLES:
        text = path.read_text(encoding="utf-8")
        for _ in range(12):
            result = fix_text(_damaged(text, rng), path.name, ctx)
            if result.error is not None:
                assert isinstance(result.error, DeckcheckError)
                continue
            if result.fix.status == FIXED and result.corrected is not None:
                fixed += 1
                again = resolve_deck(read_text(result.corrected, source="again"), DB)
                assert check_deck(again, fmt, ctx.day, cards=DB).legal, (path.name, result.notes)
    assert fixed > 20
