"""Shared fixtures: the bundled card database and the real decklists in tests/data/."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest

from deckcheck.cards import load_cards
from deckcheck.decks.model import RawDeck, RawEntry

# Tests (and the deckcheck processes they start) keep their card cache out of the user's home.
os.environ.setdefault("DECKCHECK_CACHE_DIR", tempfile.mkdtemp(prefix="deckcheck-test-cache-"))
# ... and never read a card data update the user fetched (deckcheck cards update).
os.environ.setdefault("DECKCHECK_DATA_DIR", tempfile.mkdtemp(prefix="deckcheck-test-data-"))

DATA = Path(__file__).parent / "data"
REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def db():
    return load_cards()


def real_decks() -> list[dict]:
    """32 real decklists (riftbound.gg, Sep-Oct 2026): flat id -> count maps, ids as written."""
    return json.loads((DATA / "realdecks.json").read_text())["decks"]


def play_everything():
    """A goldfish play policy that tries to play the whole hand every turn: the rules refuse (and
    undo) a choice the runes cannot pay for."""
    from deckcheck.goldfish.policy import Policy

    class PlayEverything(Policy):
        name = "everything"

        def plays(self, kinds, available, pools):
            return available.copy()

    return PlayEverything()


def raw_from_flat(cards: dict[str, int], name: str = "flat") -> RawDeck:
    """A RawDeck with no sections (like a deck code or TTS list): cards are filed by type."""
    entries = [
        RawEntry(text=card_id, count=count, file=name, line=i + 1)
        for i, (card_id, count) in enumerate(cards.items())
    ]
    return RawDeck(name=name, source=name, reader="flat", entries=entries)


def zones(deck) -> dict:
    """Each zone of a resolved deck as sorted (printing id, count) pairs, plus the unknown lines."""
    from deckcheck.decks.model import Zone

    out = {
        zone.value: sorted((e.card.id, e.count) for e in deck.zone(zone))
        for zone in (Zone.LEGEND, Zone.MAIN, Zone.BATTLEFIELDS, Zone.RUNES, Zone.SIDEBOARD)
    }
    out["unknown"] = sorted((u.text.upper(), u.count) for u in deck.unknown)
    return out


def deckcode_vectors() -> dict:
    return json.loads((DATA / "deckcode_vectors.json").read_text())


def rule_violation(code: str, message: str, **fields):
    """A Violation of a real rule of the registry: name, severity, references and hint come from it.

    Renderer tests build their reports with this, so they never show a rule deckcheck does not have.
    """
    from deckcheck.rules import get_rule
    from deckcheck.rules.report import Violation

    rule = get_rule(code)
    assert rule is not None, f"{code} is not a registered rule"
    base = dict(code=rule.code, name=rule.name, severity=rule.severity, rule=", ".join(rule.refs), hint=rule.hint)
    return Violation(**{**base, "message": message, **fields})


def drain_terminal(leader: int) -> bytes:
    """Everything a pseudo-terminal received (its writer closed), then close it."""
    shown = b""
    try:
        while chunk := os.read(leader, 65536):
            shown += chunk
    except OSError:
        pass
    os.close(leader)
    return shown
