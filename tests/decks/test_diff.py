"""Deck diffs and sideboard plans (TR 403.4): the library, its rendering and ``deckcheck diff``."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from deckcheck.decks.diff import check_sideboard_plan, diff_decks
from deckcheck.decks.model import RawDeck, RawEntry, Zone
from deckcheck.decks.resolve import resolve_deck
from deckcheck.render.diff import diff_dict, render_diff_text

MAIN = ["Blazing Scorcher", "Brazen Buccaneer", "Chemtech Enforcer", "Cleave", "Disintegrate", "Flame Chompers",
        "Get Excited!", "Hextech Ray", "Legion Rearguard", "Magma Wurm", "Noxus Hopeful", "Pouty Poro"]
SIDE = {"Sky Splitter": 3, "Captain Farron": 2, "Jinx, Demolitionist": 2, "Iron Ballista": 1}
BATTLEFIELDS = ["Altar to Unity", "Back-Alley Bar", "Bandle Tree"]


def registered_lists(**changes) -> dict[Zone, dict[str, int]]:
    """A 40-card Jinx deck: Jinx, Rebel + 2 more, 12 cards x 3 + Super Mega Death Rocket!."""
    zones = {
        Zone.LEGEND: {"Jinx, Loose Cannon": 1},
        Zone.CHAMPION: {"Jinx, Rebel": 1},
        Zone.MAIN: {"Jinx, Rebel": 2, **{name: 3 for name in MAIN}, "Super Mega Death Rocket!": 1},
        Zone.BATTLEFIELDS: {name: 1 for name in BATTLEFIELDS},
        Zone.RUNES: {"Fury Rune": 6, "Chaos Rune": 6},
        Zone.SIDEBOARD: dict(SIDE),
    }
    for zone, update in changes.items():
        merged = {**zones[Zone(zone)], **update}
        zones[Zone(zone)] = {k: v for k, v in merged.items() if v}
    return zones


def make_deck(db, zones: dict[Zone, dict[str, int]], name: str = "deck.txt"):
    entries, line = [], 0
    for zone, cards in zones.items():
        for card, count in cards.items():
            line += 1
            entries.append(RawEntry(text=card, count=count, zone=zone, file=name, line=line))
    return resolve_deck(RawDeck(name=name, source=name, reader="test", entries=entries), db)


def plain(renderable) -> str:
    out = io.StringIO()
    Console(file=out, no_color=True, width=120).print(renderable)
    return out.getvalue()


@pytest.fixture(scope="module")
def registered(db):
    deck = make_deck(db, registered_lists(), "game1.txt")
    assert deck.main_count == 40 and not deck.unknown
    return deck


def test_diff_lists_cards_in_and_out_per_zone(db, registered):
    game2 = make_deck(db, registered_lists(main={"Cleave": 1, "Sky Splitter": 2}, runes={"Fury Rune": 7,
                                           "Chaos Rune": 5}), "game2.txt")
    diff = diff_decks(registered, game2)
    assert diff.zone(Zone.MAIN).added == {"Sky Splitter": 2}
    assert diff.zone(Zone.MAIN).removed == {"Cleave": 2}
    assert diff.zone(Zone.RUNES).added == {"Fury Rune": 1} and diff.zone(Zone.RUNES).removed == {"Chaos Rune": 1}
    assert not diff.zone(Zone.SIDEBOARD).changed and not diff.identical
    text = plain(render_diff_text(diff))
    assert "game1.txt → game2.txt" in text and "+2 Sky Splitter" in text and "−2 Cleave" in text
    assert "battlefields unchanged (3)" in text


def test_printings_of_one_name_are_one_card(db, registered):
    reprinted = make_deck(db, registered_lists(main={"Pouty Poro": 1, "UNL-220": 1, "OGN-013-OPP": 1}), "alt.txt")
    assert len({e.card.id for e in reprinted.main if e.name == "Pouty Poro"}) == 3
    assert diff_decks(registered, reprinted).identical


def test_a_one_for_one_swap_is_a_legal_plan(db, registered):
    game2 = make_deck(db, registered_lists(
        main={"Cleave": 1, "Pouty Poro": 2, "Sky Splitter": 2, "Captain Farron": 1},
        sideboard={"Sky Splitter": 1, "Captain Farron": 1, "Cleave": 2, "Pouty Poro": 1}), "game2.txt")
    plan = check_sideboard_plan(registered, game2)
    assert plan.legal, plan.problems
    assert plan.brought_in == {"Captain Farron": 1, "Sky Splitter": 2}
    assert plan.taken_out == {"Cleave": 2, "Pouty Poro": 1}
    assert "legal sideboard plan: 3 cards swapped" in plain(render_diff_text(diff_decks(registered, game2), plan))


def test_game_two_without_a_sideboard_section_is_taken_as_the_swap(db, registered):
    game2 = make_deck(db, registered_lists(main={"Cleave": 2, "Iron Ballista": 1}, sideboard={
        name: 0 for name in SIDE}), "game2.txt")
    assert check_sideboard_plan(registered, game2).legal


@pytest.mark.parametrize("changes, rule, words", [
    ({"main": {"Cleave": 2, "Void Seeker": 1}}, "TR 403.4", "not in the registered sideboard"),
    ({"main": {"Cleave": 2, "Iron Ballista": 2}, "sideboard": {"Iron Ballista": 0}}, "TR 403.4", "only 1 in"),
    ({"main": {"Sky Splitter": 1}, "sideboard": {"Sky Splitter": 2}}, "TR 403.4.c", "41 cards"),
    ({"main": {"Cleave": 2}, "sideboard": {"Cleave": 1}}, "TR 403.4.c", "39 cards"),
    ({"runes": {"Fury Rune": 7, "Chaos Rune": 5}}, "TR 403.4.b", "Rune Deck changed"),
    ({"battlefields": {"Bandle Tree": 0, "Hallowed Tomb": 1}}, "TR 403.4.b", "battlefields changed"),
    ({"legend": {"Jinx, Loose Cannon": 0, "Kai'Sa, Daughter of the Void": 1}}, "TR 403.4.b", "Legend changed"),
    ({"main": {"Cleave": 2, "Sky Splitter": 1}, "sideboard": {"Sky Splitter": 2}}, "TR 403.4", "missing 1 Cleave"),
])
def test_illegal_plans_name_the_rule(db, registered, changes, rule, words):
    plan = check_sideboard_plan(registered, make_deck(db, registered_lists(**changes), "game2.txt"))
    assert not plan.legal
    assert any(p.rule == rule and words in p.message for p in plan.problems), plan.problems


def test_chosen_champion_may_swap_only_for_a_matching_champion(db, registered):
    ok = make_deck(db, registered_lists(champion={"Jinx, Rebel": 0, "Jinx, Demolitionist": 1},
                                        sideboard={"Jinx, Demolitionist": 1, "Jinx, Rebel": 1}))
    assert ok.champion.card.name == "Jinx, Demolitionist"
    assert check_sideboard_plan(registered, ok).legal
    wrong = make_deck(db, registered_lists(champion={"Jinx, Rebel": 0, "Captain Farron": 1},
                                           sideboard={"Captain Farron": 1, "Jinx, Rebel": 1}))
    plan = check_sideboard_plan(registered, wrong)
    assert [p.rule for p in plan.problems] == ["TR 403.4.a"]
    data = diff_dict(diff_decks(registered, wrong), plan)
    assert data["sideboard_plan"]["legal"] is False
    assert data["champion"] == {"before": "Jinx, Rebel", "after": "Captain Farron"}


# ---------------------------------------------------------------------------- the command
def test_diff_command_exit_codes_and_outputs(tmp_path, capsys):
    import json
    from pathlib import Path

    from cli.support import run_cli

    registered = Path(__file__).resolve().parents[2] / "sample_decks" / "legal-jinx-loose-cannon.txt"
    text = registered.read_text()
    swap = (text.replace("MainDeck:\n1 Blazing Scorcher\n2 Cleave\n", "MainDeck:\n1 Blazing Scorcher\n1 Cleave\n1 Rebuke\n")
                .replace("Sideboard:\n1 Cleave\n", "Sideboard:\n2 Cleave\n").replace("2 Rebuke\n", "1 Rebuke\n"))
    assert swap.count("Rebuke") == 2, "the sample deck changed; update this test"
    good, bad = tmp_path / "game2.txt", tmp_path / "game2-runes.txt"
    good.write_text(swap)
    bad.write_text(swap.replace("8 Fury Rune", "7 Fury Rune\n1 Calm Rune"))

    def run(*args):
        return run_cli(capsys, "diff", *args)

    legal = run(str(registered), str(good), "--sideboard-plan")
    assert legal.returncode == 0, legal.stdout + legal.stderr
    assert "+1 Rebuke" in legal.stdout and "−1 Cleave" in legal.stdout and "legal sideboard plan" in legal.stdout
    illegal = run(str(registered), str(bad), "--sideboard-plan", "-o", "json")
    assert illegal.returncode == 1
    data = json.loads(illegal.stdout)
    assert data["zones"]["runes"]["in"] == {"Calm Rune": 1}
    assert [p["rule"] for p in data["sideboard_plan"]["problems"]] == ["TR 403.4.b"]
    plain_diff = run(str(registered), str(bad))
    assert plain_diff.returncode == 0, "without --sideboard-plan differences are not a failure"
    missing = run(str(registered), str(tmp_path / "nope.txt"))
    assert missing.returncode == 2 and "nope.txt" in missing.stderr and "Traceback" not in missing.stderr
