"""``deckcheck fix`` through the command line: the diff, JSON and CSV, -O, --presented, exports."""

from __future__ import annotations

import csv
import io
import json

from conftest import REPO
from cli.support import run_cli

SAMPLES = REPO / "sample_decks"
KAISA = SAMPLES / "illegal-kaisa-too-many-copies.txt"
JINX = SAMPLES / "legal-jinx-loose-cannon.txt"
EXPORT = SAMPLES / "registrations" / "registrations.csv"


def test_the_diff_names_each_change_with_its_rule_and_prints_the_corrected_list(capsys):
    done = run_cli(capsys, "fix", str(KAISA), "--as-of", "2026-11-30")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "  -1 Cleave (4th copy, RB103)" in lines
    assert "  -1 Gust (Chaos, outside Fury and Mind, RB108)" in lines
    assert "  champion Darius, Trifarian → Kai'Sa, Survivor (RB215)" in lines
    assert "  checked: legal after the change" in lines
    assert "corrected list:" in lines and "3 Cleave" in lines


def test_json_gives_changes_and_legal_after(capsys):
    done = run_cli(capsys, "fix", str(SAMPLES / "illegal-annie-banned-stacked-deck.txt"), "--as-of", "2026-11-30",
                           "-o", "json")
    assert done.returncode == 0
    (fix,) = json.loads(done.stdout)["fixes"]
    assert fix["legal_after"] is True and fix["status"] == "fixed"
    assert {"zone": "main", "card": "Stacked Deck", "delta": -2, "code": "RB601"}.items() <= fix["changes"][0].items()
    assert all({"zone", "card", "delta", "code"} <= c.keys() for c in fix["changes"])


def test_out_file_holds_the_corrected_list_and_never_replaces_the_input(tmp_path, capsys):
    broken = tmp_path / "deck.txt"
    broken.write_text(KAISA.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "fixed.txt"
    done = run_cli(capsys, "fix", str(broken), "--as-of", "2026-11-30", "-O", str(out))
    assert done.returncode == 0 and "wrote" in done.stderr
    assert run_cli(capsys, "check", str(out), "--as-of", "2026-11-30").returncode == 0
    refused = run_cli(capsys, "fix", str(broken), "--as-of", "2026-11-30", "-O", str(broken))
    assert refused.returncode == 2 and "--force" in refused.stderr
    assert broken.read_text(encoding="utf-8") == KAISA.read_text(encoding="utf-8")
    forced = run_cli(capsys, "fix", str(broken), "--as-of", "2026-11-30", "-O", str(broken), "--force")
    assert forced.returncode == 0 and run_cli(capsys, "check", str(broken), "--as-of", "2026-11-30").returncode == 0


def test_a_deck_code_is_fixed_into_a_code(capsys):
    from deckcheck.decks import deckcode
    from deckcheck.decks.load import load_deck

    code = deckcode.write(load_deck(str(KAISA))).strip()
    done = run_cli(capsys, "fix", "--code", code, "--as-of", "2026-11-30", "-o", "json")
    fixed = json.loads(done.stdout)["fixes"][0]["corrected_list"].strip()
    assert deckcode.sniff(fixed) and fixed != code
    assert run_cli(capsys, "check", "--code", fixed, "--as-of", "2026-11-30").returncode == 0


def _presented(tmp_path, name: str, *swaps: tuple[str, str]) -> str:
    """The Jinx sample as found at the table: its text with each (old, new) line swapped."""
    text = JINX.read_text(encoding="utf-8")
    for old, new in swaps:
        assert old in text
        text = text.replace(old, new, 1)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


#: The Jinx sample sideboarded 1-for-1: its 2 Rebuke in for 2 Shadows of the Past (TR 403.4).
SIDEBOARDED = (("2 Shadows of the Past\n", "2 Rebuke\n"),
               ("2 Rebuke\n1 Switcheroo", "2 Shadows of the Past\n1 Switcheroo"))


def test_a_legal_swap_at_the_table_is_a_decklist_error_and_the_list_follows_the_deck(tmp_path, capsys):
    presented = _presented(tmp_path, "presented.txt", ("2 Cleave\n", "1 Cleave\n"), ("2 Gust\n", "3 Gust\n"))
    done = run_cli(capsys, "fix", str(JINX), "--presented", presented, "--as-of", "2026-11-30")
    assert done.returncode == 0
    assert {"    main: -1 Cleave (on the list, not in the deck)", "    main: +1 Gust (in the deck, not on the list)",
            "  infraction: Decklist Error, penalty Game Loss (TR 703.3.a.6)",
            "  remedy: the registered list is changed to match the deck (TR 703.3.b.2)",
            "  +1 Gust (as in the presented deck, TR 703.3.b.2)",
            "3 Gust"} <= set(done.stdout.splitlines())  # the last: the corrected list


def test_a_sideboarded_deck_is_a_warning_in_game_1_and_nothing_in_game_2(tmp_path, capsys):
    presented = _presented(tmp_path, "sideboarded.txt", *SIDEBOARDED)
    one = run_cli(capsys, "fix", str(JINX), "--presented", presented, "--as-of", "2026-11-30")
    assert one.returncode == 0
    lines = one.stdout.splitlines()
    assert {"  infraction: Deck Presentation Error, penalty Warning (TR 703.4.a.2)",
            "  remedy: restore the deck, card by card; the registered list stands (TR 703.4.c.1)",
            "    move 2 Rebuke from the Main Deck to the sideboard",
            "    move 2 Shadows of the Past from the sideboard to the Main Deck"} <= set(lines)
    assert any(line.startswith("  note: caught by another player after opening hands were drawn, the penalty is a "
                               "Game Loss (TR 703.4.c.3)") for line in lines)
    assert "corrected list:" not in lines  # the list stands
    two = run_cli(capsys, "fix", str(JINX), "--presented", presented, "--as-of", "2026-11-30", "--game", "2")
    assert two.returncode == 0
    assert "  infraction: none: sideboarding between games of a match is allowed (TR 403.4)" in two.stdout.splitlines()
    assert "remedy" not in two.stdout


def test_json_carries_the_infraction_penalty_references_and_remedy(tmp_path, capsys):
    presented = _presented(tmp_path, "short.txt", *SIDEBOARDED, ("3 Sharkling\n", "2 Sharkling\n"))
    done = run_cli(capsys, "fix", str(JINX), "--presented", presented, "--as-of", "2026-09-30", "--game", "2",
                   "-o", "json")
    check = json.loads(done.stdout)["fixes"][0]["deck_check"]
    assert (check["game"], check["finding"], check["rule"], check["presented_legal"]) == (
        2, "deck illegal", "TR 703.4", False)
    assert check["infraction"] == {"name": "Deck Presentation Error", "penalty": "Warning", "rule": "TR 703.4",
                                   "examples": ["TR 703.4.a.4"]}
    assert check["remedy"] == {"rule": "TR 703.4.b.1", "list_stands": True,  # numbered as before 2026-10-16
                               "steps": [{"card": "Sharkling", "count": 1, "from": None, "to": "main"}]}
    assert "Game Loss (TR 703.4.b.3)" in check["notes"][0]
    assert check["presented_errors"][0]["code"] == "RB101"


def test_game_is_a_usage_error_without_a_deck_or_beyond_the_match(tmp_path, capsys):
    presented = _presented(tmp_path, "sideboarded.txt", *SIDEBOARDED)
    for args, said in [(("--game", "2"), "--game goes with --presented: the game of the match the deck was "
                                         "presented for"),
                       (("--presented", presented, "--game", "4"), "--game 4: a match of standard is best of 3; "
                                                                   "give 1, 2 or 3"),
                       (("--presented", presented, "--game", "2", "-f", "standard-bo1"),
                        "--game 2: a match of standard-bo1 is best of 1; give 1")]:
        done = run_cli(capsys, "fix", str(JINX), *args)
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.strip().splitlines() == [f"deckcheck: error: {said}"]


def test_an_export_gives_one_row_per_player(tmp_path, capsys):
    out = tmp_path / "fixes.csv"
    done = run_cli(capsys, "fix", str(EXPORT), "--as-of", "2026-12-05", "-o", "csv", "-O", str(out))
    assert done.returncode == 2  # two rows cannot be read; every other row is still fixed
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert len(rows) == 33
    by_status = {r["status"] for r in rows}
    assert {"already legal", "fixed", "unreadable"} <= by_status
    zoe = next(r for r in rows if r["player"] == "Zoë O'Brien")
    assert (zoe["row"], zoe["status"], zoe["changes"]) == ("2", "already legal", "")
    annie = next(r for r in rows if r["row"] == "7")
    assert "Stacked Deck" in annie["changes"] and annie["legal_after"] == "yes"


def test_an_export_written_back_is_the_same_export_with_legal_decks(tmp_path, capsys):
    out = tmp_path / "corrected.csv"
    run_cli(capsys, "fix", str(EXPORT), "--as-of", "2026-12-05", "-O", str(out))
    again = run_cli(capsys, "fix", str(out), "--as-of", "2026-12-05", "-o", "csv")
    rows = list(csv.DictReader(io.StringIO(again.stdout)))
    assert len(rows) == 33
    assert {r["status"] for r in rows} == {"already legal", "unreadable"}


def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys):
    missing = run_cli(capsys, "fix", str(tmp_path / "nope.txt"))
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    assert len(missing.stderr.strip().splitlines()) == 1
    both = run_cli(capsys, "fix")
    assert both.returncode == 2 and "give one list" in both.stderr


def test_rule_explanations_say_what_fix_does(capsys):
    done = run_cli(capsys, "rule", "RB103")
    assert "deckcheck fix cuts the extra copies" in done.stdout
    assert "deckcheck fix" not in run_cli(capsys, "rule", "RB107").stdout  # a warning: the fix leaves it alone


def test_an_unverified_list_names_the_cards_and_a_typo_its_line(capsys):
    unverified = run_cli(capsys, "fix", str(SAMPLES / "unverified-ziggs-radiance-missing-cards.txt"),
                                 "--as-of", "2026-11-30")
    assert unverified.returncode == 1
    assert "  check by hand: RAD-011, RAD-094" in unverified.stdout.splitlines()
    typo = run_cli(capsys, "fix", "-", "--as-of", "2026-11-30",
                           stdin=KAISA.read_text(encoding="utf-8").replace("3 Hextech Ray", "3 Hextek Rayz"))
    assert typo.returncode == 1
    assert "cannot be made legal from the list" in typo.stdout
    assert "  why: line 14: no card named 'Hextek Rayz' (did you mean: Hextech Ray" in typo.stdout
