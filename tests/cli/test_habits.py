"""Through the command line (run in this process; its output read as a pipe gets it): one spelling
of options across commands, case-insensitive choices with "did you mean", deckcheck's own words in
usage errors, -h, shell completion, -O/--out-file, and output that survives pipes (issue 13)."""

from __future__ import annotations

import json
import re

import pytest

from conftest import REPO
from cli.support import Ran, run_cli

SAMPLES = REPO / "sample_decks"
JINX = SAMPLES / "legal-jinx-loose-cannon.txt"
ORNN = SAMPLES / "legal-ornn-calm-mind.txt"  # has a sideboard of 5
AS_OF = "2026-11-01"
LIBRARY_WORDS = ("Value error", "Input should be", "Extra inputs are not permitted", "validation error",
                 "Traceback")


@pytest.fixture(autouse=True)
def eighty_columns(monkeypatch):
    """Every deckcheck these tests run lays its text out for 80 columns, whatever the caller's terminal."""
    monkeypatch.setenv("COLUMNS", "80")


def usage_error(result: Ran) -> str:
    """The one-line error of a usage mistake, checked for deckcheck's shape and words."""
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("deckcheck: error: "), result.stderr
    for words in LIBRARY_WORDS:
        assert words not in lines[0]
    return lines[0]


# ---------------------------------------------------------------------------- -o/--output
#: Every command with more than one output, and arguments that make it run.
OUTPUT_COMMANDS = [
    ("check", str(JINX), "--as-of", AS_OF),
    ("diff", str(JINX), str(ORNN)),
    ("odds", str(JINX), "--card", "Jinx, Demolitionist"),
    ("simulate", str(JINX), "--games", "200", "--seed", "1"),
    ("goldfish", str(JINX), "--seed", "1", "--mulligan", "none"),
    ("clock", str(JINX), "--games", "50", "--seed", "1"),
    ("rules",),
    ("rule", "RB101"),
    ("formats", "standard"),
    ("cards", "search", "Jinx"),
    ("cards", "show", "OGN-030"),
    ("cards", "info"),
]


@pytest.mark.parametrize("command", OUTPUT_COMMANDS, ids=lambda c: " ".join(c[:2]))
def test_every_command_with_several_outputs_takes_dash_o_json_in_any_case(command, capsys):
    result = run_cli(capsys, *command, "-o", "JSON")
    assert result.returncode == 0, result.stderr
    json.loads(result.stdout)
    assert "--output" in run_cli(capsys, *command[:2] if command[0] == "cards" else command[:1], "-h").stdout


@pytest.mark.parametrize("command", [("rules",), ("rule", "RB101"), ("formats", "standard"), ("cards", "info"),
                                     ("cards", "show", "OGN-030"), ("cards", "search", "Jinx")])
def test_the_old_json_flag_still_works_but_is_not_advertised(command, capsys):
    assert json.loads(run_cli(capsys, *command, "--json").stdout)
    helped = run_cli(capsys, *(command[:2] if command[0] == "cards" else command[:1]), "--help").stdout
    assert "--json" not in helped


def test_an_unknown_output_gets_did_you_mean_and_the_choices(capsys):
    line = usage_error(run_cli(capsys, "check", str(JINX), "-o", "jsn"))
    assert "did you mean json?" in line
    assert "text, concise, json, github" in line
    line = usage_error(run_cli(capsys, "simulate", str(JINX), "--output", "html"))
    assert "choose from text or json" in line


def test_choices_ignore_case_and_typos_are_answered_in_deckchecks_words(capsys):
    legal = run_cli(capsys, "check", str(JINX), "--format", "Standard", "--as-of", AS_OF)
    assert legal.returncode == 0 and "standard" in legal.stdout
    assert "did you mean standard" in usage_error(run_cli(capsys, "check", str(JINX), "--format", "standrd"))
    assert "did you mean curve?" in usage_error(run_cli(capsys, "goldfish", str(JINX), "--mulligan", "curv"))
    assert "did you mean monte-carlo?" in usage_error(run_cli(capsys, "odds", str(JINX), "--card", "Cleave",
                                                                      "--method", "monte"))


@pytest.mark.parametrize("args, expected", [
    (("simulate", str(JINX), "--seed", "abc"), "--seed: 'abc' is not a whole number"),
    (("simulate", str(JINX), "--games", "1e3"), "--games: '1e3' is not a whole number"),
    (("odds", str(JINX), "--card", "Cleave", "--by-turn", "2.5"), "--by-turn: '2.5' is not a whole number"),
    (("cards", "search", "--limit", "many"), "--limit: 'many' is not a whole number"),
])
def test_a_value_of_the_wrong_kind_is_told_plainly(args, expected, capsys):
    line = usage_error(run_cli(capsys, *args))
    assert expected in line
    assert line.endswith("--help')")


# ---------------------------------------------------------------------------- help and completion
def test_dash_h_is_help_everywhere_and_lists_debug_and_completion(capsys):
    top = run_cli(capsys, "-h")
    assert top.returncode == 0
    for option in ("--debug", "--install-completion", "--show-completion", "-h, --help"):
        assert option in top.stdout
    for command in ("check", "convert", "simulate"):
        helped = run_cli(capsys, command, "-h")
        assert helped.returncode == 0 and helped.stdout.startswith(f"Usage: deckcheck {command}")
    cards = run_cli(capsys, "cards", "search", "-h")
    assert cards.returncode == 0 and "--limit N" in cards.stdout


def test_shell_completion_script_is_offered_for_the_shell_named(capsys):
    # The named shell wins over the one guessed from the parent processes (a guess that fails
    # under cron, CI or an IDE, and names the wrong shell when zsh is asked for from bash).
    for shell, first_line in (("bash", "_deckcheck_completion() {"), ("zsh", "#compdef deckcheck"),
                              ("fish", "complete --command deckcheck")):
        shown = run_cli(capsys, "--show-completion", shell)
        assert shown.returncode == 0, shown.stderr
        assert shown.stdout.startswith(first_line)
        assert "_DECKCHECK_COMPLETE" in shown.stdout


def test_metavars_are_human(capsys):
    check = run_cli(capsys, "check", "-h").stdout
    for metavar in ("[PATH]...", "--as-of DATE", "-o, --output FORMAT", "-O, --out-file PATH", "--format FORMAT"):
        assert metavar in check
    assert "CODE" in run_cli(capsys, "rule", "-h").stdout
    assert "-n, --games N" in run_cli(capsys, "simulate", "-h").stdout
    for command in (("check",), ("goldfish",), ("castable",), ("report",), ("diff",), ("cards", "show")):
        helped = run_cli(capsys, *command, "-h").stdout
        for label in ("<str>", "<int>", "<list", "<float>"):
            assert label not in helped, (command, label)


def test_short_options_mean_the_same_thing_in_every_command(capsys):
    """-o is always the output format, -O a file, -f the format, -c a deck code, -t the turns."""
    pattern = re.compile(r"^\s+(-[a-zA-Z]), (--[a-z-]+)", re.M)
    seen: dict[str, set[str]] = {}
    for command in (("check",), ("diff",), ("convert",), ("rules",), ("rule",), ("formats",), ("goldfish",),
                    ("odds",), ("simulate",), ("clock",), ("castable",), ("cards", "search"), ("cards", "show"), ("cards", "info"),
                    ("cards", "import")):
        for short, long in pattern.findall(run_cli(capsys, *command, "-h").stdout):
            seen.setdefault(short, set()).add(long)
    clashes = {short: longs for short, longs in seen.items() if len(longs) > 1}
    assert not clashes
    assert seen["-o"] == {"--output"} and seen["-O"] == {"--out-file"}


# ---------------------------------------------------------------------------- cards search
def test_cards_search_with_an_unknown_type_domain_or_set_names_the_valid_values(capsys):
    line = usage_error(run_cli(capsys, "cards", "search", "--type", "Unitt"))
    assert "did you mean Unit?" in line and "Battlefield" in line
    line = usage_error(run_cli(capsys, "cards", "search", "--domain", "furry"))
    assert "did you mean Fury?" in line and "Order" in line
    line = usage_error(run_cli(capsys, "cards", "search", "--set", "XYZ"))
    assert "OGN" in line and "SFD" in line
    found = run_cli(capsys, "cards", "search", "--type", "UNIT", "--domain", "fury", "--set", "ogn")
    assert found.returncode == 0 and "Unit" in found.stdout


def test_a_search_cut_by_limit_says_how_many_it_shows(capsys):
    every = json.loads(run_cli(capsys, "cards", "search", "--domain", "Fury", "-o", "json", "--limit", "1000").stdout)
    cut = run_cli(capsys, "cards", "search", "--domain", "Fury", "--limit", "3")
    assert f"showing 3 of {len(every)} cards" in cut.stdout
    whole = run_cli(capsys, "cards", "search", "Jinx, Demolitionist")
    assert "showing" not in whole.stdout
    as_json = run_cli(capsys, "cards", "search", "--domain", "Fury", "-o", "json", "--limit", "3")
    assert len(json.loads(as_json.stdout)) == 3  # stdout stays a list of cards
    assert f"showing 3 of {len(every)} cards" in as_json.stderr
    whole_json = run_cli(capsys, "cards", "search", "--domain", "Fury", "-o", "json", "--limit", "1000")
    assert "showing" not in whole_json.stderr


def test_piped_tables_never_cut_or_fold_card_names(capsys):
    result = run_cli(capsys, "cards", "search", "--type", "Unit", "--limit", "1000")
    names = {c["name"] for c in json.loads(run_cli(capsys, "cards", "search", "--type", "Unit", "--limit", "1000",
                                                           "-o", "json").stdout)}
    assert "…" not in result.stdout
    longest = max(names, key=len)
    assert longest in result.stdout
    rows = [line for line in result.stdout.splitlines() if line.startswith("│")]
    assert len(rows) == len(names)  # one line per card: nothing folded onto a second line


# ---------------------------------------------------------------------------- -O/--out-file
def test_out_file_writes_atomically_for_every_command_and_never_over_an_input(tmp_path, capsys):
    report = tmp_path / "report.json"
    result = run_cli(capsys, "check", str(JINX), "--as-of", AS_OF, "-o", "json", "-O", str(report))
    assert result.returncode == 0 and result.stdout == ""
    assert f"wrote {report}" in result.stderr
    assert json.loads(report.read_text())["summary"]["legal"] == 1
    for args in (("diff", str(JINX), str(ORNN)), ("simulate", str(JINX), "-n", "100", "--seed", "3"),
                 ("rules",), ("cards", "search", "Jinx")):
        target = tmp_path / f"{args[0]}.txt"
        written = run_cli(capsys, *args, "-O", str(target))
        assert written.returncode == 0 and written.stdout == "", written.stderr
        assert target.read_text().strip()
    assert "Jinx, Demolitionist" in (tmp_path / "cards.txt").read_text()

    deck = tmp_path / "deck.txt"
    deck.write_text(JINX.read_text())
    for args in (("check", str(deck)), ("check", str(tmp_path)), ("simulate", str(deck), "-n", "10"),
                 ("diff", str(JINX), str(deck)), ("convert", str(deck), "-o", "code")):
        line = usage_error(run_cli(capsys, *args, "-O", str(deck)))
        assert "would overwrite an input file; choose another name, or add --force" in line
        assert deck.read_text() == JINX.read_text()
    forced = run_cli(capsys, "convert", str(deck), "-o", "code", "-O", str(deck), "--force")
    assert forced.returncode == 0 and deck.read_text().startswith("C")


def test_convert_dash_o_is_the_format_and_a_file_name_there_points_to_dash_capital_o(tmp_path, capsys):
    line = usage_error(run_cli(capsys, "convert", str(JINX), "-o", str(tmp_path / "out.txt")))
    assert "-O/--out-file" in line and "out.txt" in line
    assert not (tmp_path / "out.txt").exists()
    code = run_cli(capsys, "convert", str(JINX), "-o", "CODE")
    assert code.returncode == 0
    assert run_cli(capsys, "convert", str(JINX), "--to", "code").stdout == code.stdout


# ---------------------------------------------------------------------------- convert and the sideboard
def test_converting_to_tts_or_pixelborn_leaves_the_sideboard_out_and_says_so(capsys):
    with_side = run_cli(capsys, "convert", str(ORNN), "-o", "yaml")
    assert "sideboard" in with_side.stdout
    for target in ("tts", "pixelborn"):
        left_out = run_cli(capsys, "convert", str(ORNN), "-o", target)
        assert left_out.returncode == 0
        assert "no sideboard" in left_out.stderr and "5 sideboard cards are left out" in left_out.stderr
        back = run_cli(capsys, "check", "-", "--as-of", AS_OF, "-o", "json", stdin=left_out.stdout)
        deck = json.loads(back.stdout)["decks"][0]
        assert deck["counts"]["main"] == 40 and deck["counts"]["sideboard"] == 0

        merged = run_cli(capsys, "convert", str(ORNN), "-o", target, "--sideboard-into-main")
        assert "added to the main list" in merged.stderr
        back = json.loads(run_cli(capsys, "check", "-", "--as-of", AS_OF, "-o", "json", stdin=merged.stdout).stdout)
        assert back["decks"][0]["counts"]["main"] == 45


# ---------------------------------------------------------------------------- rule explanations
def test_rule_text_cites_the_same_numbering_as_its_header(capsys):
    after = run_cli(capsys, "rule", "RB103", "--as-of", AS_OF).stdout
    assert "[Core and Tournament Rules of 2026-10-09]" in after
    assert "(CR 103.3.b)" in after and "CR 103.2.b)" not in after.split("\n\n", 1)[1]
    before = run_cli(capsys, "rule", "RB103", "--as-of", "2026-08-01").stdout
    assert "[Core and Tournament Rules of 2026-07-16]" in before and "(CR 103.2.b)" in before
    signature = run_cli(capsys, "rule", "RB214", "--as-of", AS_OF).stdout
    assert "103.3.a.2, the Tibbers example; 103.3.d.3" in signature


def test_rule_explanations_are_wrapped_when_shown_not_when_written(capsys):
    piped = run_cli(capsys, "rule", "RB103", "--as-of", AS_OF).stdout
    paragraph = next(line for line in piped.splitlines() if line.startswith("No more than 3"))
    assert paragraph.endswith("Unique cards are rule RB104.")  # one line per paragraph in a pipe
    data = json.loads(run_cli(capsys, "rule", "RB103", "-o", "json").stdout)
    assert "\n" not in data["explanation"]


def test_docs_cli_documents_every_option_of_every_command(capsys):
    """docs/cli.md is the reference: every long option any command's help shows appears there."""
    page = (REPO / "docs" / "cli.md").read_text(encoding="utf-8")
    listing = run_cli(capsys, "-h").stdout
    commands = [line.split()[0] for line in listing.split("Commands:")[1].splitlines() if line.strip()]
    missing = []
    for command in commands:
        helped = run_cli(capsys, command, "-h").stdout
        groups = [command]
        if "Commands:" in helped:  # a group: its subcommands
            groups = [f"{command} {line.split()[0]}" for line in helped.split("Commands:")[1].splitlines()
                      if line.strip()]
        for name in groups:
            options = re.findall(r"(--[a-z][a-z-]+)", run_cli(capsys, *name.split(), "-h").stdout.split("Options:")[-1])
            missing += [f"{name} {option}" for option in options
                        if option != "--help" and f"`{option}" not in page and f"{option} " not in page
                        and f"{option}`" not in page and f"/{option}" not in page]
    assert not missing, missing


def test_ci_docs_and_pre_commit_hook_reference_the_release_of_this_version(capsys):
    from deckcheck import __version__

    tag = f"v{__version__}"
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert f'version = "{__version__}"' in pyproject
    assert run_cli(capsys, "--version").stdout.strip() == f"deckcheck {__version__}"
    for path in (REPO / ".pre-commit-hooks.yaml", REPO / "docs" / "ci.md"):
        text = path.read_text(encoding="utf-8")
        refs = set(re.findall(r"(?:rev: |@)(v\d+\.\d+\.\d+)", text))
        assert refs == {tag}, (path.name, refs)
