"""The GitHub Action (action.yml, its logic in scripts/action.sh) run as GitHub runs it, without
GitHub: the inputs as INPUT_* environment variables, the sample decks as the repository (issue 37).
Asserts the step's exit code (deckcheck's), the annotations GitHub reads from its output, the
SARIF file for code scanning and the step's outputs."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conftest import REPO

SCRIPT = REPO / "scripts" / "action.sh"
DECKCHECK = Path(sys.executable).with_name("deckcheck")
SARIF_SCHEMA = REPO / "tests" / "data" / "sarif-schema-2.1.0.json"
AS_OF = "2026-11-01"
ANNOTATION = re.compile(r"^::(error|warning|notice) file=([^,:]+)(?:,line=(\d+))?,title=(RB\d+|deckcheck%3A [^:]+)",
                        re.M)

pytestmark = pytest.mark.skipif(not DECKCHECK.exists(), reason="deckcheck is not installed beside this Python")


def run_action(tmp_path: Path, **inputs: str) -> tuple[subprocess.CompletedProcess[str], dict[str, str]]:
    """scripts/action.sh check in the repository's folder with ``inputs`` (paths=..., as_of=...)
    as GitHub passes them; the result and the step's outputs."""
    outputs = tmp_path / "github-output"
    outputs.write_text("", encoding="utf-8")
    env = {name: value for name, value in os.environ.items() if not name.startswith("INPUT_")}
    env.update({f"INPUT_{name.upper()}": value for name, value in inputs.items()},
               DECKCHECK=str(DECKCHECK), GITHUB_OUTPUT=str(outputs), NO_COLOR="1")
    ran = subprocess.run(["bash", str(SCRIPT), "check"], cwd=REPO, env=env, capture_output=True, text=True,
                         timeout=300)
    said = dict(line.split("=", 1) for line in outputs.read_text(encoding="utf-8").splitlines())
    return ran, said


def annotations(stdout: str) -> list[tuple[str, str, str, str]]:
    """(level, file, line, code) of each annotation ("" for a problem of the whole file)."""
    return [found.groups("") for found in ANNOTATION.finditer(stdout)]


def test_an_illegal_deck_fails_the_step_with_an_annotation_on_each_problem_line(tmp_path):
    ran, said = run_action(tmp_path, paths="sample_decks", as_of=AS_OF)
    assert ran.returncode == 1 and said["exit-code"] == "1", ran.stderr
    assert sorted(annotations(ran.stdout)) == [
        ("error", "sample_decks/illegal-annie-banned-stacked-deck.txt", "17", "RB601"),
        ("error", "sample_decks/illegal-kaisa-too-many-copies.txt", "", "RB101"),
        ("error", "sample_decks/illegal-kaisa-too-many-copies.txt", "10", "RB215"),
        ("error", "sample_decks/illegal-kaisa-too-many-copies.txt", "13", "RB103"),
        ("error", "sample_decks/illegal-kaisa-too-many-copies.txt", "27", "RB108"),
        ("error", "sample_decks/illegal-master-yi-banned-battlefields.txt", "31", "RB601"),
        ("error", "sample_decks/illegal-master-yi-banned-battlefields.txt", "32", "RB601"),
        ("error", "sample_decks/unverified-ziggs-radiance-missing-cards.txt", "12", "RB005"),
        ("error", "sample_decks/unverified-ziggs-radiance-missing-cards.txt", "20", "RB005"),
        ("notice", "sample_decks/legal-ezreal-prodigal-explorer-tts.txt", "1", "RB004"),
        ("notice", "sample_decks/legal-leblanc-deceiver-flat.txt", "18", "RB004"),
    ]
    assert ran.stdout.splitlines()[-1] == ("deckcheck: 13 decks checked, 9 legal, 3 illegal, 1 unverified "
                                           "(standard on 2026-11-01)")


def test_legal_decks_pass_the_step_without_an_error(tmp_path):
    ran, said = run_action(tmp_path, paths="sample_decks/legal-jinx-loose-cannon.txt\nsample_decks/legal-ornn-calm-mind.txt",
                           as_of=AS_OF)
    assert (ran.returncode, said["exit-code"], said["sarif"]) == (0, "0", "")
    assert [level for level, *_ in annotations(ran.stdout)] == []
    assert ran.stdout.splitlines()[-1] == "deckcheck: 2 decks checked, 2 legal, 0 illegal (standard on 2026-11-01)"


def test_an_unreadable_input_fails_the_step_with_exit_2(tmp_path):
    ran, said = run_action(tmp_path, paths="sample_decks/legal-jinx-loose-cannon.txt\nno-such-deck.txt", as_of=AS_OF)
    assert (ran.returncode, said["exit-code"]) == (2, "2")
    assert annotations(ran.stdout) == [("error", "no-such-deck.txt", "", "deckcheck%3A unreadable input")]


def test_format_and_args_reach_deckcheck(tmp_path):
    annie = "sample_decks/illegal-annie-banned-stacked-deck.txt"
    casual, _ = run_action(tmp_path, paths=annie, format="casual", as_of=AS_OF)  # casual bans nothing
    assert casual.returncode == 0 and "(casual on 2026-11-01)" in casual.stdout
    kaisa = "sample_decks/illegal-kaisa-too-many-copies.txt"
    ignored, _ = run_action(tmp_path, paths=kaisa, as_of=AS_OF, args="--ignore 'RB101,RB215' --select RB1")
    assert [code for *_, code in annotations(ignored.stdout)] == ["RB103", "RB108"]


def test_a_bad_option_is_deckchecks_usage_error(tmp_path):
    ran, said = run_action(tmp_path, paths="sample_decks", as_of="yesterday")
    assert (ran.returncode, said["exit-code"]) == (2, "2")
    assert "deckcheck: error: --as-of: 'yesterday' is not a date (YYYY-MM-DD)" in ran.stderr
    unclosed, _ = run_action(tmp_path, paths="sample_decks", args="--ignore 'RB004")
    assert unclosed.returncode != 0 and "deckcheck action: args: No closing quotation" in unclosed.stderr


def test_paths_are_one_a_line_and_globs_are_deckchecks(tmp_path):
    globbed, _ = run_action(tmp_path, paths="  sample_decks/legal-*.txt  \n\n", as_of=AS_OF)
    assert globbed.returncode == 0 and "7 decks checked, 7 legal" in globbed.stdout
    spaced = tmp_path / "my decks" / "jinx deck.txt"
    spaced.parent.mkdir()
    spaced.write_text((REPO / "sample_decks" / "legal-jinx-loose-cannon.txt").read_text(encoding="utf-8"),
                      encoding="utf-8")
    one, _ = run_action(tmp_path, paths=str(spaced), as_of=AS_OF)
    assert one.returncode == 0 and "1 deck checked, 1 legal" in one.stdout


def test_the_sarif_file_is_written_for_code_scanning_even_when_a_deck_is_illegal(tmp_path):
    jsonschema = pytest.importorskip("jsonschema")
    sarif = tmp_path / "deckcheck.sarif"
    ran, said = run_action(tmp_path, paths="sample_decks", as_of=AS_OF, sarif=str(sarif))
    assert (ran.returncode, said["exit-code"], said["sarif"]) == (1, "1", str(sarif))
    log = json.loads(sarif.read_text(encoding="utf-8"))
    jsonschema.validate(log, json.loads(SARIF_SCHEMA.read_text(encoding="utf-8")))
    results = log["runs"][0]["results"]
    located = {(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
                r["locations"][0]["physicalLocation"].get("region", {}).get("startLine")) for r in results}
    assert ("RB103", "sample_decks/illegal-kaisa-too-many-copies.txt", 13) in located
    shown = {(code, file, int(line) if line else None) for _, file, line, code in annotations(ran.stdout)}
    assert {(code, file) for code, file, _ in located} == {(code, file) for code, file, _ in shown}
    assert ran.stderr == ""  # the second run's words are not said twice


def test_a_sarif_file_that_cannot_be_written_fails_the_step(tmp_path):
    ran, said = run_action(tmp_path, paths="sample_decks/legal-jinx-loose-cannon.txt", as_of=AS_OF,
                           sarif=str(tmp_path / "no-such-folder" / "x.sarif"))
    assert (ran.returncode, said["exit-code"]) == (2, "2")
    assert "cannot write" in ran.stderr


def test_action_yml_passes_every_input_to_the_script():
    action = yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))
    assert action["runs"]["using"] == "composite"
    install, check = action["runs"]["steps"]
    assert install["run"] == 'bash "$GITHUB_ACTION_PATH/scripts/action.sh" install'
    assert check["run"] == 'bash "$GITHUB_ACTION_PATH/scripts/action.sh" check'
    assert set(action["inputs"]) == {"paths", "format", "as-of", "args", "sarif"}
    assert check["env"] == {f"INPUT_{name.upper().replace('-', '_')}": f"${{{{ inputs.{name} }}}}"
                            for name in action["inputs"]}
    assert set(action["outputs"]) == {"exit-code", "sarif"}
