"""The corpus of hostile inputs (tests/corpus/bad/): each gives exactly the outcome EXPECTED.json names."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
from pathlib import Path

import pytest

from cli.support import run_cli, run_deckcheck

from deckcheck.cli import main

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "bad"
EXPECTED = json.loads((CORPUS / "EXPECTED.json").read_text(encoding="utf-8"))
CASES = EXPECTED["cases"]
AS_OF = EXPECTED["as_of"]
PWNED = "deckcheck-corpus-pwned"  # what yaml-python-tag.yaml would create if its tag ran


def _generator():
    spec = importlib.util.spec_from_file_location("corpus_generate", CORPUS / "generate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    """The corpus in a scratch folder: committed files copied, large ones generated."""
    folder = tmp_path_factory.mktemp("corpus")
    for name, case in CASES.items():
        if not case.get("generated"):
            shutil.copyfile(CORPUS / name, folder / name)
    _generator().generate(folder)
    return folder


def outcome(report: dict, name: str) -> dict:
    """What a `check --output json` report says about one input, in EXPECTED.json's terms."""
    for item in report["unreadable"]:
        if os.path.basename(item["source"]) == name:
            where = name + (f":{item['line']}" if item["line"] else "")
            return {"error": f"{where}: {item['error']}"}
    for deck in report["decks"]:
        if os.path.basename(deck["source"]) == name:
            return {"codes": sorted({v["code"] for v in deck["violations"]})}
    raise AssertionError(f"{name} is missing from the report")


def test_the_corpus_and_its_expectations_agree():
    committed = {p.name for p in CORPUS.iterdir()} - {"EXPECTED.json", "generate.py", "__pycache__"}
    listed = {name for name, case in CASES.items() if not case.get("generated")}
    assert committed == listed
    assert set(_generator().files()) == {name for name, case in CASES.items() if case.get("generated")}
    assert len(CASES) >= 25
    for name, case in CASES.items():
        assert ("error" in case) != ("codes" in case), name
        assert case["exit"] == 2 if "error" in case else case["exit"] in (0, 1), name
        assert "\n" not in case.get("error", ""), name


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_hostile_input_gives_its_expected_outcome(name, corpus, capsys, monkeypatch):
    monkeypatch.chdir(corpus)
    code = main(["check", name, "--as-of", AS_OF, "--output", "json"])
    out, err = capsys.readouterr()
    case = CASES[name]
    expected = {k: case[k] for k in ("error", "codes") if k in case}
    assert (code, outcome(json.loads(out), name)) == (case["exit"], expected)
    assert err == ""  # no traceback, no stray warnings
    assert not (corpus / PWNED).exists()


def test_the_executable_reads_the_whole_corpus_in_one_run(corpus):
    """One real process over the folder: every input listed once, each with its own outcome."""
    done = run_deckcheck("check", ".", "--as-of", AS_OF, "--output", "json", cwd=corpus)
    assert done.returncode == 2 and done.stderr == ""
    report = json.loads(done.stdout)
    assert len(report["decks"]) + len(report["unreadable"]) == len(CASES)
    for name, case in CASES.items():
        expected = {k: case[k] for k in ("error", "codes") if k in case}
        assert outcome(report, name) == expected, name
    assert not (corpus / PWNED).exists()


def test_text_output_gives_each_unreadable_input_one_line(corpus, capsys):
    done = run_cli(capsys, "check", "photo-of-the-list.txt", "latin1-name.txt", "yaml-billion-laughs.yaml", cwd=corpus)
    assert done.returncode == 2 and done.stderr == ""
    lines = done.stdout.splitlines()
    for name in ("photo-of-the-list.txt", "latin1-name.txt", "yaml-billion-laughs.yaml"):
        wanted = CASES[name]["error"]
        assert sum(wanted in line for line in lines) == 1, (wanted, done.stdout)
