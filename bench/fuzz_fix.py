"""Fuzz ``deckcheck fix`` and re-check every claim it makes with ``check``, for a fixed time.

Seeds are the sample decks and the 32 real decks (written as text lists). Each input is one to four
mutations a player or a hostile list could make: a count changed, a line dropped or repeated, a
banned card, a card of any type put in any section, a second legend, a misspelt name, a sideboard
of random cards, runes added or taken, control characters and odd unicode. Each is fixed as
``deckcheck fix`` does (standard, 2026-11-01), then judged again by the rule engine:

- "already legal": ``check`` says the list is legal;
- "fixed": the corrected list, read back as a new file, is legal for ``check``, and fix said so;
- "cannot be made legal": ``check`` does not say the list is legal;
- unreadable: ``check`` cannot read it either.

Any other exception, or a claim ``check`` contradicts, is a failure; the first few are saved with
their reason. Prints inputs tried, how fix judged them, the slowest input and every failure.

    .venv/bin/python bench/fuzz_fix.py                  # 60 s, a new seed (printed)
    .venv/bin/python bench/fuzz_fix.py --seconds 300 --seed 7
"""

from __future__ import annotations

import json
import random
import sys
from datetime import date
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from fuzzing import Case, fuzz, options  # noqa: E402

from deckcheck.cards import load_cards  # noqa: E402
from deckcheck.cards.model import CardType  # noqa: E402
from deckcheck.decks.load import read_text  # noqa: E402
from deckcheck.decks.resolve import resolve_deck  # noqa: E402
from deckcheck.errors import DeckcheckError  # noqa: E402
from deckcheck.repair.batch import fix_text  # noqa: E402
from deckcheck.repair.context import FixContext  # noqa: E402
from deckcheck.repair.model import ALREADY_LEGAL, CANNOT, FIXED  # noqa: E402
from deckcheck.rules import check_deck  # noqa: E402

DAY = date(2026, 11, 1)
BANNED = ("Stacked Deck", "Called Shot", "Scrapheap", "Fight or Flight", "Ekko, Recurrent", "Reaver's Row")
ODD = ("\x1b[2J", "\u202e", "\u00a0", "\u200b", "\t", "é", "×", "٣", "🃏", "\x00")
SECTIONS = {CardType.LEGEND: "Legend:", CardType.BATTLEFIELD: "Battlefields:", CardType.RUNE: "Runes:"}


def seeds(db) -> list[str]:
    """The sample text lists and the real decks, each as a text list of sections."""
    lists = [p.read_text(encoding="utf-8") for p in sorted((REPO / "sample_decks").glob("*.txt"))]
    for deck in json.loads((REPO / "tests" / "data" / "realdecks.json").read_text(encoding="utf-8"))["decks"]:
        zones: dict[str, list[str]] = {}
        for card_id, count in deck["cards"].items():
            card = db.get(card_id) if isinstance(count, int) else None
            if card is not None:
                zones.setdefault(SECTIONS.get(card.type, "MainDeck:"), []).append(f"{count} {card.name}")
        lists.append("\n\n".join(f"{zone}\n" + "\n".join(lines) for zone, lines in zones.items()) + "\n")
    return lists


def mutate(rng: random.Random, text: str, names: list[str]) -> tuple[str, list[str]]:
    lines = text.splitlines()
    done = []
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(lines) + 1)
        kind = rng.choice(("count", "drop", "repeat", "banned", "card", "legend", "typo", "sideboard", "runes", "odd"))
        done.append(kind)
        counted = [i for i, line in enumerate(lines) if line.split(" ", 1)[0].isdigit() and " " in line]
        if kind == "count" and counted:
            i = rng.choice(counted)
            lines[i] = f"{max(0, int(lines[i].split()[0]) + rng.choice((-2, -1, 1, 2, 5)))} {lines[i].split(' ', 1)[1]}"
        elif kind == "drop" and lines:
            del lines[min(at, len(lines) - 1)]
        elif kind == "repeat" and lines:
            lines.insert(at, lines[min(at, len(lines) - 1)])
        elif kind == "banned":
            lines.insert(at, f"{rng.randint(1, 3)} {rng.choice(BANNED)}")
        elif kind == "card":
            lines.insert(at, f"{rng.randint(1, 3)} {rng.choice(names)}")
        elif kind == "legend":
            lines[at:at] = ["Legend:", f"1 {rng.choice(names)}", "MainDeck:"]
        elif kind == "typo" and counted:
            i = rng.choice(counted)
            cut = rng.randrange(len(lines[i]))
            lines[i] = lines[i][:cut] + lines[i][cut + 1:] if cut > 2 else lines[i]
        elif kind == "sideboard":
            extra = rng.randint(1, 12)
            lines += ["", "Sideboard:", *(f"{rng.randint(1, 3)} {rng.choice(names)}" for _ in range(extra))]
        elif kind == "runes":
            domain = rng.choice(("Fury", "Calm", "Mind", "Body", "Chaos", "Order"))
            lines.insert(at, f"{rng.randint(1, 6)} {domain} Rune")
        elif kind == "odd" and lines:
            i = min(at, len(lines) - 1)
            lines[i] = lines[i] + rng.choice(ODD)
    return "\n".join(lines) + "\n", done


def verdict_of(text: str, source: str, ctx: FixContext) -> str | None:
    """What ``check`` says of a list (None: it cannot read it)."""
    try:
        deck = resolve_deck(read_text(text, source=source), ctx.db)
    except DeckcheckError:
        return None
    return check_deck(deck, ctx.spec, DAY, ctx.db).verdict


def judge(text: str, ctx: FixContext) -> str:
    """Fix ``text``; raise AssertionError when ``check`` contradicts what fix claims; the claim."""
    result = fix_text(text, "fuzz.txt", ctx)
    before = verdict_of(text, "fuzz.txt", ctx)
    if result.error is not None:
        assert before is None, f"fix could not read a list check reads ({before}): {result.error}"
        return "unreadable"
    fix = result.fix
    if fix.status == ALREADY_LEGAL:
        assert before == "legal", f"fix says already legal, check says {before}"
    elif fix.status == FIXED:
        assert fix.legal_after, "fix says fixed but not legal after"
        if result.corrected is not None:
            after = verdict_of(result.corrected, "fixed.txt", ctx)
            assert after == "legal", f"the corrected list checks {after}:\n{result.corrected}"
    elif fix.status == CANNOT:
        assert before != "legal", "fix says it cannot make legal a list check says is legal"
    return fix.status


def main(argv: list[str] | None = None) -> int:
    seconds, seed = options(__doc__, argv)
    db = load_cards()
    ctx = FixContext(db, "standard", DAY)
    pool, names = seeds(db), db.names

    def case(rng: random.Random) -> Case:
        text, applied = mutate(rng, rng.choice(pool), names)
        return "mutations: " + ", ".join(applied), text.encode("utf-8"), lambda: judge(text, ctx)

    return fuzz("fuzz_fix", "lists", seconds, seed, case)


if __name__ == "__main__":
    sys.exit(main())
