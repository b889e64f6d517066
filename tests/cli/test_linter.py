"""The linter habits of issue 13 (rule selection, --exit-zero, --statistics, concise and SARIF
output, settings files) through the command line in this process, and output that survives pipes
and terminals (progress bar, closed pipe, -q on github, grammar) through the real executable."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO
from cli.support import (
    DECKCHECK, Ran, TerminalStream, run_cli, run_deckcheck, run_on_terminal, run_with_terminal_stderr,
    without_escapes,
)

SAMPLES = REPO / "sample_decks"
JINX = SAMPLES / "legal-jinx-loose-cannon.txt"
KAISA = SAMPLES / "illegal-kaisa-too-many-copies.txt"  # RB101, RB103, RB108, RB215
ANNIE = SAMPLES / "illegal-annie-banned-stacked-deck.txt"  # RB601
AS_OF = "2026-11-01"
SARIF_SCHEMA = REPO / "tests" / "data" / "sarif-schema-2.1.0.json"


def codes(result: Ran) -> list[str]:
    return [v["code"] for d in json.loads(result.stdout)["decks"] for v in d["violations"]]


# ---------------------------------------------------------------------------- selection
def test_select_and_ignore_take_codes_and_prefixes(capsys):
    every = codes(run_cli(capsys, "check", str(KAISA), str(ANNIE), "--as-of", AS_OF, "-o", "json"))
    assert {"RB101", "RB103", "RB108", "RB215", "RB601"} <= set(every)
    main_only = run_cli(capsys, "check", str(KAISA), str(ANNIE), "--as-of", AS_OF, "-o", "json", "--select", "RB1")
    assert set(codes(main_only)) == {c for c in every if c.startswith("RB1")}
    assert main_only.returncode == 1
    both = codes(run_cli(capsys, "check", str(KAISA), str(ANNIE), "--as-of", AS_OF, "-o", "json", "--select", "RB1,RB6",
                                 "--ignore", "RB103", "--ignore", "rb108"))
    assert set(both) == {"RB101", "RB601"}
    # the only problem ignored: the deck is legal, so exit 0
    annie = run_cli(capsys, "check", str(ANNIE), "--as-of", AS_OF, "--ignore", "RB601")
    assert annie.returncode == 0 and "✓ legal" in annie.stdout


def test_an_unknown_selector_is_a_usage_error_not_a_silent_pass(capsys):
    result = run_cli(capsys, "check", str(KAISA), "--select", "RB9")
    assert result.returncode == 2 and result.stdout == ""
    assert "--select: no rule code starts with 'RB9'" in result.stderr


def test_exit_zero_reports_but_exits_zero_and_still_two_for_unreadable(tmp_path, capsys):
    result = run_cli(capsys, "check", str(KAISA), "--as-of", AS_OF, "--exit-zero")
    assert result.returncode == 0 and "✗ illegal" in result.stdout
    broken = tmp_path / "broken.code"
    broken.write_text("not a deck code at all!\n")
    assert run_cli(capsys, "check", str(broken), "--exit-zero").returncode == 2


def test_statistics_one_line_per_rule_most_frequent_first(capsys):
    result = run_cli(capsys, "check", str(SAMPLES), "--as-of", AS_OF, "--statistics")
    *lines, total = result.stdout.splitlines()
    assert result.returncode == 1
    counts = [int(line.split()[0]) for line in lines]
    assert counts == sorted(counts, reverse=True)
    assert lines[0].split()[1:] == ["RB601", "banned-card"] and counts[0] == 3
    table = {line.split()[1]: int(line.split()[0]) for line in lines}
    every = codes(run_cli(capsys, "check", str(SAMPLES), "--as-of", AS_OF, "-o", "json"))
    assert table == {c: every.count(c) for c in set(every)}
    assert total == f"{sum(table.values())} problems in 13 decks: 9 legal, 3 illegal, 1 unverified"
    as_json = json.loads(run_cli(capsys, "check", str(SAMPLES), "--as-of", AS_OF, "--statistics", "-o", "json").stdout)
    assert as_json["rules"][0] == {"code": "RB601", "name": "banned-card", "count": 3}
    assert as_json["totals"] == {"decks": 13, "legal": 9, "illegal": 3, "unverified": 1, "unreadable": 0,
                                 "problems": sum(table.values())}


def test_statistics_list_the_inputs_that_could_not_be_read(tmp_path, capsys):
    broken = tmp_path / "broken.code"
    broken.write_text("CQAAAAAAAEAQKAAB\n")
    result = run_cli(capsys, "check", str(SAMPLES / "legal-jinx-loose-cannon.txt"), str(broken), "--as-of", AS_OF,
                             "--statistics")
    assert result.returncode == 2
    lines = result.stdout.splitlines()
    assert lines[-3].split() == ["1", "unreadable", "input:"] and lines[-2].strip().startswith(f"{broken}:")
    assert lines[-1].endswith("1 legal, 0 illegal · 1 input could not be read")
    as_json = json.loads(run_cli(capsys, "check", str(broken), "--statistics", "-o", "json").stdout)
    assert [u["source"] for u in as_json["unreadable"]] == [str(broken)] and as_json["totals"]["unreadable"] == 1


# ---------------------------------------------------------------------------- concise
def test_concise_is_one_grep_friendly_line_per_problem(capsys):
    kaisa, annie = str(KAISA.relative_to(REPO)), str(ANNIE.relative_to(REPO))
    result = run_cli(capsys, "check", kaisa, annie, "--as-of", AS_OF, "-o", "concise")
    lines = result.stdout.splitlines()
    assert result.returncode == 1
    assert f"{annie}:17: RB601 Stacked Deck is banned in standard since 2026-09-18" in lines
    assert any(line.startswith(f"{kaisa}:13: RB103 4 copies of Cleave") for line in lines)
    assert any(line.startswith(f"{kaisa}: RB101 ") for line in lines)  # no line number
    assert lines[-1] == "Found 5 problems in 2 decks (standard on 2026-11-01)."
    quiet = run_cli(capsys, "check", str(JINX), "--as-of", AS_OF, "-o", "concise", "-q")
    assert quiet.returncode == 0 and quiet.stdout == ""


def test_quiet_concise_keeps_the_warning_that_fails_the_deck_under_strict(tmp_path, capsys):
    warned = tmp_path / "warned.txt"  # a name that does not match its id: a warning (RB003), nothing else
    warned.write_text(JINX.read_text(encoding="utf-8").replace("2 Cleave\n", "2 Cleeve (OGN-004)\n", 1),
                      encoding="utf-8")
    line = f"{warned}:9: RB003 'Cleeve' does not match OGN-004, which is 'Cleave'; using the id"
    quiet = run_cli(capsys, "check", str(warned), "--as-of", AS_OF, "-o", "concise", "-q")
    assert (quiet.returncode, quiet.stdout) == (0, "")  # the warning fails nothing: left out
    strict = run_cli(capsys, "check", str(warned), "--as-of", AS_OF, "-o", "concise", "-q", "--strict")
    assert (strict.returncode, strict.stdout.splitlines()) == (1, [line])  # it fails the deck: kept


# ---------------------------------------------------------------------------- SARIF
def test_sarif_validates_against_the_published_schema_and_says_what_code_scanning_needs(tmp_path, capsys):
    jsonschema = pytest.importorskip("jsonschema")
    broken = tmp_path / "scan.txt"
    broken.write_bytes(b"%PDF-1.7 not a deck")
    result = run_cli(capsys, "check", str(KAISA), str(ANNIE), str(broken), "--as-of", AS_OF, "-o", "sarif")
    assert result.returncode == 2
    log = json.loads(result.stdout)
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    jsonschema.validate(log, schema)
    assert log["version"] == "2.1.0"
    run_ = log["runs"][0]
    rules = run_["tool"]["driver"]["rules"]
    assert run_["tool"]["driver"]["name"] == "deckcheck"
    by_id = {r["id"]: r for r in rules}
    assert "RB103" in by_id and by_id["RB103"]["name"] == "copy-limit"
    assert "Cut the extra copies" in by_id["RB103"]["help"]["text"]
    assert "CR 103.3.b" in by_id["RB103"]["help"]["markdown"]  # cited as numbered on the date checked
    results = run_["results"]
    copy = next(r for r in results if r["ruleId"] == "RB103")
    assert copy["level"] == "error" and rules[copy["ruleIndex"]]["id"] == "RB103"
    where = copy["locations"][0]["physicalLocation"]
    assert where["artifactLocation"]["uri"] == "sample_decks/illegal-kaisa-too-many-copies.txt"
    assert where["region"]["startLine"] == 13
    unreadable = [r for r in results if r["ruleId"] == "RB000"]
    assert len(unreadable) == 1 and unreadable[0]["level"] == "error"
    # --select limits the rules the driver lists
    picked = json.loads(run_cli(capsys, "check", str(KAISA), "--as-of", AS_OF, "-o", "sarif",
                                "--select", "RB10").stdout)
    listed = {r["id"] for r in picked["runs"][0]["tool"]["driver"]["rules"]}
    assert "RB103" in listed and all(code.startswith("RB10") for code in listed)


# ---------------------------------------------------------------------------- settings
def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def deck_repo(tmp_path: Path, settings: str, name: str = "pyproject.toml") -> Path:
    write(tmp_path / name, settings)
    write(tmp_path / "decks" / "jinx.txt", JINX.read_text())
    write(tmp_path / "decks" / "drafts" / "kaisa.txt", KAISA.read_text())
    (tmp_path / "ci").mkdir()
    return tmp_path


def test_pyproject_settings_are_found_upward_and_the_command_line_wins(tmp_path, capsys):
    repo = deck_repo(tmp_path, '[project]\nname = "decks"\n\n[tool.deckcheck]\nformat = "standard"\n'
                               'as-of = 2026-10-20\nignore = ["RB004"]\nstrict = true\nexclude = ["drafts"]\n')
    shown = run_cli(capsys, "check", "--show-settings", cwd=repo / "ci")
    assert shown.returncode == 0
    assert f"settings file: {repo / 'pyproject.toml'}" in shown.stdout
    assert "as-of    2026-10-20" in shown.stdout and "exclude  drafts" in shown.stdout
    result = run_cli(capsys, "check", "../decks", "-o", "json", cwd=repo / "ci")
    data = json.loads(result.stdout)
    assert result.returncode == 0
    assert [d["source"] for d in data["decks"]] == ["../decks/jinx.txt"]  # drafts/ excluded
    assert data["decks"][0]["as_of"] == "2026-10-20" and data["strict"] is True
    wins = run_cli(capsys, "check", "../decks", "--as-of", AS_OF, "--no-strict", "-o", "json", "--show-settings",
                           cwd=repo / "ci")
    assert "2026-11-01   [command line --as-of]" in wins.stdout and "strict   false   [command line --no-strict]" \
        in wins.stdout
    # a file named explicitly is checked; a pre-commit hook (--force-exclude) leaves it out, and says so
    assert run_cli(capsys, "check", "../decks/drafts/kaisa.txt", cwd=repo / "ci").returncode == 1
    hook = run_cli(capsys, "check", "--force-exclude", "../decks/drafts/kaisa.txt", cwd=repo / "ci")
    assert hook.returncode == 0 and "../decks/drafts/kaisa.txt: excluded by 'drafts'" in hook.stderr


def test_deckcheck_toml_wins_and_its_mistakes_are_one_line_errors(tmp_path, capsys):
    repo = deck_repo(tmp_path, 'select = "RB6"\n', name="deckcheck.toml")
    write(repo / "pyproject.toml", "[tool.deckcheck]\nselect = ['RB1']\n")
    result = run_cli(capsys, "check", "decks/drafts/kaisa.txt", "-o", "json", cwd=repo)
    assert result.returncode == 0 and codes(result) == []  # only RB6 rules: the Kai'Sa deck has none
    write(repo / "deckcheck.toml", 'fromat = "standard"\n')
    bad = run_cli(capsys, "check", "decks", cwd=repo)
    assert bad.returncode == 2 and bad.stderr.strip() == (
        f"deckcheck: error: {repo / 'deckcheck.toml'}: unknown setting 'fromat'; did you mean format? "
        "(settings: format, as-of, select, ignore, strict, exclude)")
    write(repo / "deckcheck.toml", 'strict = "yes"\n')
    assert "strict must be true or false" in run_cli(capsys, "check", "decks", cwd=repo).stderr
    write(repo / "deckcheck.toml", 'format = \n')
    broken = run_cli(capsys, "check", "decks", cwd=repo)
    assert broken.returncode == 2 and "deckcheck.toml:1: not valid TOML" in broken.stderr
    assert "Traceback" not in broken.stderr


# ---------------------------------------------------------------------------- terminals and pipes
def test_a_long_simulation_shows_a_progress_bar_on_a_terminal_only(capsys, monkeypatch):
    from deckcheck.cli import main
    from deckcheck.cli.common import PROGRESS_MIN_GAME_TURNS

    games = str(-(-PROGRESS_MIN_GAME_TURNS // 6))  # just long enough: 6 turns a game (simulate's default)
    code, out, err = run_with_terminal_stderr("simulate", str(JINX), "-n", games, "--seed", "1")
    assert code == 0 and b"simulating" in err and b"100%" in err
    assert "simulating" not in out and out.startswith(f"{int(games):,} games")
    piped = run_cli(capsys, "simulate", str(JINX), "-n", games, "--seed", "1")
    assert piped.stderr == ""
    estimated = str(-(-PROGRESS_MIN_GAME_TURNS // 3))  # by turn 3: 3 game-turns a game
    for args, bar in ((("simulate", str(JINX), "-n", games, "--seed", "1", "-o", "json"), False),
                      (("odds", str(JINX), "--card", "Cleave", "--by-turn", "3", "--method", "monte-carlo", "-n",
                        estimated, "--seed", "1"), True)):
        terminal = TerminalStream()
        monkeypatch.setattr(sys, "stderr", terminal)
        assert main(list(args)) == 0
        shown = terminal.getvalue()
        assert ("simulating" in shown or "estimating" in shown) is bar
    capsys.readouterr()


@pytest.mark.parametrize("args", [("simulate", str(JINX), "-n", "500", "--seed", "1"),
                                  ("check", str(SAMPLES), "--as-of", AS_OF),  # illegal decks: 1 otherwise
                                  ("check", str(SAMPLES), "--as-of", AS_OF, "-o", "json"),
                                  ("rule", "RB101"), ("cards", "search", "Jinx"),
                                  ("goldfish", str(JINX), "--seed", "1", "-m", "none")])
def test_a_closed_pipe_ends_quietly_with_exit_zero(args):
    """``deckcheck … | head -1``: the reader has gone away when deckcheck writes."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    proc = subprocess.Popen([*DECKCHECK, *args], cwd=REPO, stdout=write_end, stderr=subprocess.PIPE)
    os.close(write_end)
    code = proc.wait()
    err = proc.stderr.read().decode()
    proc.stderr.close()
    assert code == 0, err
    assert err == ""


def test_quiet_github_output_leaves_notices_out(capsys):
    loud = run_cli(capsys, "check", str(SAMPLES), "--as-of", AS_OF, "-o", "github").stdout
    quiet = run_cli(capsys, "check", str(SAMPLES), "--as-of", AS_OF, "-o", "github", "-q").stdout
    assert "::notice" in loud and "::notice" not in quiet
    assert [line for line in loud.splitlines() if line.startswith("::error")] == \
           [line for line in quiet.splitlines() if line.startswith("::error")]


def test_messages_say_a_unit_and_keep_names_with_commas_whole(tmp_path, capsys):
    deck = JINX.read_text().replace("Legend:\n1 Jinx, Loose Cannon", "Legend:\n1 Vi, Destructive")
    result = run_cli(capsys, "check", "-", "--as-of", AS_OF, "-o", "concise", stdin=deck)
    assert "Vi, Destructive is a unit, not a legend" in result.stdout
    assert "an unit" not in result.stdout


def test_readme_first_command_warns_that_four_samples_fail_on_purpose(capsys):
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    first_block = readme.split("```", 2)[1]
    assert "deckcheck check sample_decks/" in first_block
    intro = readme.split("```", 3)[2]
    assert "Four of the sample decks are not legal on purpose" in intro and "exit code 1" in intro
    failing = [p for p in SAMPLES.iterdir() if p.name.startswith(("illegal-", "unverified-"))]
    assert len(failing) == 4
    result = run_cli(capsys, "check", "sample_decks/")
    assert result.returncode == 1
    assert result.stdout.count("✗ illegal") + result.stdout.count("? unverified") == 4


def test_text_fits_80_columns_with_indented_continuation_lines_and_pipes_keep_whole_lines():
    args = ("check", str(KAISA.relative_to(REPO)), str(ANNIE.relative_to(REPO)), "--as-of", AS_OF)
    shown = without_escapes(run_on_terminal(*args)).splitlines()
    piped = run_deckcheck(*args).stdout.splitlines()
    assert max(len(line) for line in shown) <= 80
    assert max(len(line) for line in piped) > 80  # the pipe is not hard-wrapped: one line per item
    starts = {line.split()[0] for line in piped if line and not line.startswith(" ")}
    for line in shown:
        if line and not line.startswith(" "):
            assert line.split()[0] in starts, f"a continuation line starts at column 0: {line!r}"
    message = next(line for line in piped if "RB215" in line).split("  ", 2)[-1]
    wrapped = [line for line in shown if line.startswith("          ")]  # continuation of a violation
    assert wrapped and " ".join(w.strip() for w in shown).count(message.split()[-1]) >= 1
    assert all(word in " ".join(shown) for word in message.split())  # no word broken or lost


def test_rule_explanations_wrap_in_a_terminal_under_their_label():
    shown = without_escapes(run_on_terminal("rule", "RB103", "--as-of", AS_OF)).splitlines()
    assert max(len(line.rstrip()) for line in shown) <= 80
    refs = [i for i, line in enumerate(shown) if line.startswith("references: ")]
    assert refs and shown[refs[0] + 1].startswith(" " * 12)  # continuation under the text, not the label
