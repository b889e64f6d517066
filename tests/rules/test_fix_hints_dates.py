"""A fix hint offers only what is legal on the date checked: Kai'Sa, Rebel (Radiance, legal from
2026-10-23) is no choice for the Kai'Sa sample checked on 2026-10-20 (issue 27)."""

from __future__ import annotations


from conftest import REPO
from cli.support import run_cli
from deckcheck import check_deck, load_deck

KAISA = REPO / "sample_decks" / "illegal-kaisa-too-many-copies.txt"


def champion_hint(as_of: str, fmt: str = "standard") -> str:
    report = check_deck(load_deck(KAISA), fmt, as_of)
    (v,) = [v for v in report.violations if v.code == "RB215"]
    return v.hint


def test_before_radiance_the_hint_leaves_out_its_champion():
    assert champion_hint("2026-10-20") == "Choose one of Kai'Sa, Evolutionary; Kai'Sa, Survivor"
    assert champion_hint("2026-10-22") == "Choose one of Kai'Sa, Evolutionary; Kai'Sa, Survivor"


def test_from_radiance_release_the_hint_offers_it():
    assert champion_hint("2026-10-23") == "Choose one of Kai'Sa, Evolutionary; Kai'Sa, Rebel; Kai'Sa, Survivor"


def test_the_command_line_says_the_same(capsys):
    def hint(day: str) -> str:
        out = run_cli(capsys, "check", str(KAISA), "--as-of", day).stdout
        return next(line.strip() for line in out.splitlines() if "Choose one of" in line)

    assert "Kai'Sa, Rebel" not in hint("2026-10-20")
    assert "Kai'Sa, Rebel" in hint("2026-10-23")


def test_a_banned_champion_is_not_offered_from_the_day_of_its_ban():
    # The same list under a Draven legend: Draven, Vanquisher is banned from 2026-03-31 (RULES.md §3).
    text = KAISA.read_text().replace("Kai'Sa, Daughter of the Void", "Draven, Glorious Executioner")

    def hint(day: str) -> str:
        (v,) = [v for v in check_deck(load_deck(text), "standard", day).violations if v.code == "RB215"]
        return v.hint

    assert hint("2026-03-30") == "Choose one of Draven, Audacious; Draven, Showboat; Draven, Vanquisher"
    assert hint("2026-03-31") == "Choose one of Draven, Audacious; Draven, Showboat"
