"""End to end: the real ``deckcheck`` executable in a subprocess, on sample_decks/, stdin, deck codes,
a folder with unreadable files, every output, and the exit codes 0 / 1 / 2."""

from __future__ import annotations

import json
import os
import pty
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import REPO, drain_terminal

from json_schema_check import schema_errors
from render.test_json import load_schema
from cli.support import run_cli, run_deckcheck, run_on_terminal

SAMPLES = REPO / "sample_decks"

JINX = SAMPLES / "legal-jinx-loose-cannon.txt"
SETT = SAMPLES / "legal-sett-the-boss-with-ids.txt"
ANNIE = SAMPLES / "illegal-annie-banned-stacked-deck.txt"  # Stacked Deck, banned from 2026-09-18
KAISA = SAMPLES / "illegal-kaisa-too-many-copies.txt"      # 41 cards, 4 Cleave, wrong champion, ...
KENNEN_CODE = (SAMPLES / "legal-kennen-chaos-order.code").read_text().strip()
AS_OF = "2026-11-30"  # after Radiance's release (2026-10-23)

def assert_clean_failure(result, *words: str) -> None:
    """Exit 2 with a one-line error, no traceback."""
    text = result.stderr
    assert result.returncode == 2, (result.stdout, text)
    assert "Traceback" not in text and "Traceback" not in result.stdout
    for word in words:
        assert word in text


def sample_files() -> list[str]:
    """The deck files a walk of sample_decks/ reads (its README is not one)."""
    from deckcheck.decks.load import is_deck_file_name

    return sorted(p.name for p in SAMPLES.iterdir()
                  if p.is_file() and not p.name.startswith(".") and is_deck_file_name(p.name))


@pytest.fixture(scope="module")
def samples_json():
    result = run_deckcheck("check", "sample_decks", "--as-of", AS_OF, "-o", "json")
    return result, json.loads(result.stdout)


def test_samples_folder_json_validates_and_reports_every_deck(samples_json):
    result, doc = samples_json
    assert result.returncode == 1, result.stderr
    assert schema_errors(doc, load_schema()) == []
    by_file = {Path(d["source"]).name: d for d in doc["decks"]}
    assert sorted(by_file) == sample_files()
    for name, deck in by_file.items():
        assert deck["verdict"] == name.split("-")[0], (name, deck["violations"])
        assert deck["legal"] is name.startswith("legal-")
        assert deck["format"] == "standard" and deck["as_of"] == AS_OF
    assert doc["summary"]["decks"] == len(by_file)
    assert doc["summary"]["illegal"] == sum(n.startswith("illegal-") for n in by_file)
    assert doc["summary"]["unverified"] == sum(n.startswith("unverified-") for n in by_file) == 1
    kaisa = by_file[KAISA.name]
    assert kaisa["counts"]["main"] == 41
    copies = [v for v in kaisa["violations"] if v["card"] == "Cleave"]
    assert copies and copies[0]["line"] and copies[0]["rule"].startswith("CR ")


def test_samples_folder_in_text_github_and_junit(samples_json):
    _, doc = samples_json
    illegal = [Path(d["source"]).name for d in doc["decks"] if d["verdict"] == "illegal"]
    unverified = [Path(d["source"]).name for d in doc["decks"] if d["verdict"] == "unverified"]
    text, github, junit = (run_deckcheck("check", "sample_decks", "--as-of", AS_OF, "-o", kind)
                           for kind in ("text", "github", "junit"))
    assert {text.returncode, github.returncode, junit.returncode} == {1}
    body = text.stdout
    assert "Loose Cannon" in body and "40/40 main · 12/12 runes · 3/3 battlefields" in body
    assert (f"{len(doc['decks'])} decks checked: {doc['summary']['legal']} legal, {len(illegal)} illegal, "
            f"{len(unverified)} unverified") in body
    assert "? unverified  sample_decks/unverified-ziggs-radiance-missing-cards.txt" in body
    assert "\x1b[" not in body, "no colours when piped"

    annotations = [line for line in github.stdout.splitlines() if line.startswith("::error ")]
    errors = sum(d["errors"] for d in doc["decks"])
    assert len(annotations) == errors
    assert all("file=sample_decks/" in a for a in annotations)
    assert any(f"file=sample_decks/{KAISA.name},line=" in a for a in annotations)

    root = ET.fromstring(junit.stdout)
    cases = {Path(c.get("name")).name: c for c in root.iter("testcase")}
    assert sorted(cases) == sample_files()
    assert sorted(n for n, c in cases.items() if c.find("failure") is not None) == sorted(illegal + unverified)
    assert [c.find("failure").get("type") for n, c in cases.items() if n in unverified] == ["unverified"]


def test_one_legal_deck_exits_0_in_every_output(capsys):
    for kind in ("text", "json", "github", "junit"):
        code, stdout, stderr = run_cli(capsys, "check", str(JINX), "--as-of", AS_OF, "-o", kind)
        assert code == 0, (kind, stdout, stderr)
    assert run_cli(capsys, "check", str(JINX), "--quiet") == (0, "", "")


def test_stdin_and_deck_codes():
    piped = run_deckcheck("check", "-", "--as-of", AS_OF, "-o", "json", stdin=ANNIE.read_text())
    assert piped.returncode == 1
    (deck,) = json.loads(piped.stdout)["decks"]
    assert deck["source"] == "<stdin>"
    assert [v["card"] for v in deck["violations"] if v["severity"] == "error"] == ["Stacked Deck"]
    code = run_deckcheck("check", "--code", KENNEN_CODE, "--as-of", AS_OF)
    assert code.returncode == 0, code.stdout
    assert "<code>" in code.stdout and "Kennen" in code.stdout
    both = run_deckcheck("check", "-", "--code", KENNEN_CODE, "-o", "json", stdin=JINX.read_text())
    assert [d["source"] for d in json.loads(both.stdout)["decks"]] == ["<stdin>", "<code>"]
    broken = run_deckcheck("check", "-", "--code", "not a deck code!", "-o", "json", stdin=b"Legend:\n1 Jinx\xff\n")
    assert broken.returncode == 2 and "Traceback" not in broken.stderr
    doc = json.loads(broken.stdout)
    assert [u["source"] for u in doc["unreadable"]] == ["<stdin>", "<code>"] and doc["decks"] == []
    assert "UTF-8" in doc["unreadable"][0]["error"]


def test_folder_with_unreadable_files_checks_the_rest_and_exits_2(tmp_path):
    folder = tmp_path / "registrations"
    (folder / "round1").mkdir(parents=True)
    shutil.copy(JINX, folder / "alice.txt")
    shutil.copy(KAISA, folder / "round1" / "bob.txt")
    (folder / "binary.deck").write_bytes(bytes(range(256)))
    (folder / "latin1.txt").write_bytes("Legend:\n1 Jinx, Loose Cannon\n3 Pok\xe9mon\n".encode("latin-1"))
    (folder / "loop.txt").symlink_to(folder / "loop.txt")
    locked = folder / "locked.txt"
    shutil.copy(SETT, locked)
    locked.chmod(0)
    root = os.geteuid() == 0  # root reads a mode-000 file anyway
    try:
        result = run_deckcheck("check", str(folder), "--as-of", AS_OF, "-o", "json")
        text = run_deckcheck("check", str(folder), "--as-of", AS_OF)
    finally:
        locked.chmod(0o644)
    assert result.returncode == 2 and text.returncode == 2
    doc = json.loads(result.stdout)
    assert schema_errors(doc, load_schema()) == []
    bad = {Path(u["source"]).name: u["error"] for u in doc["unreadable"]}
    expected_bad = {"binary.deck", "latin1.txt", "loop.txt"} | (set() if root else {"locked.txt"})
    assert set(bad) == expected_bad
    assert "offset" in bad["latin1.txt"] and "loop" in bad["loop.txt"]
    checked = {Path(d["source"]).name: d["legal"] for d in doc["decks"]}
    assert checked == {"alice.txt": True, "bob.txt": False, **({"locked.txt": True} if root else {})}
    assert doc["summary"]["unreadable"] == len(expected_bad)
    body = text.stdout
    assert "unreadable" in body and "latin1.txt" in body and "illegal" in body
    assert f"{len(expected_bad)} inputs could not be read" in body


def test_bad_usage_exits_2_with_one_line(capsys, tmp_path):
    assert_clean_failure(run_deckcheck("check", str(JINX), "--frobnicate"), "--frobnicate")
    for args, words in [
        ((), "nothing to check"),
        ((str(JINX), "--format", "modern"), "unknown format 'modern'"),
        ((str(JINX), "--as-of", "2026-02-30"), "--as-of"),
        ((str(JINX), "--output", "xml"), "xml"),
    ]:
        code, stdout, stderr = run_cli(capsys, "check", *args)
        assert code == 2 and words in stderr and "Traceback" not in stderr + stdout, (args, stderr)
    code, stdout, _ = run_cli(capsys, "check", "no/such/deck.txt", "-o", "github")
    assert code == 2
    assert "::error file=no/such/deck.txt" in stdout and "no such file" in stdout
    code, stdout, _ = run_cli(capsys, "check", "sample_decks/*.nothing")
    assert code == 2 and "no file matches" in stdout
    (tmp_path / "notes.md").write_text("# not a deck\n")
    code, _, stderr = run_cli(capsys, "check", str(tmp_path))
    assert code == 2 and "no deck files found" in stderr, "an empty folder must not pass CI silently"


def test_options_reach_the_rule_engine(tmp_path):
    before_ban = run_deckcheck("check", str(ANNIE), "--as-of", "2026-09-01")
    assert before_ban.returncode == 0, before_ban.stdout
    casual = run_deckcheck("check", str(KAISA), "--format", "casual", "-o", "json", "--as-of", AS_OF)
    codes = {v["code"] for v in json.loads(casual.stdout)["decks"][0]["violations"]}
    standard = {v["code"] for v in json.loads(run_deckcheck("check", str(KAISA), "-o", "json", "--as-of", AS_OF).stdout)
                ["decks"][0]["violations"]}
    assert "RB101" in standard and "RB101" not in codes, "casual allows more than 40 cards"

    warned = tmp_path / "sett.txt"
    warned.write_text(SETT.read_text().replace("Wallop x1 [OGN-146]", "Walop x1 [OGN-146]", 1))
    lenient = run_deckcheck("check", str(warned), "--as-of", AS_OF)
    strict = run_deckcheck("check", str(warned), "--as-of", AS_OF, "--strict", "--quiet")
    assert lenient.returncode == 0 and "1 warning" in lenient.stdout
    assert strict.returncode == 1 and "Walop" in strict.stdout

    flat = SAMPLES / "legal-leblanc-deceiver-flat.txt"
    chosen = run_deckcheck("check", str(flat), "--champion", "LeBlanc, Fragmented", "-o", "json", "--as-of", AS_OF)
    deck = json.loads(chosen.stdout)["decks"][0]
    assert deck["champion"] == "LeBlanc, Fragmented"
    assert not any("does not name a Chosen Champion" in v["message"] for v in deck["violations"])


def test_progress_bar_only_in_a_terminal(tmp_path):
    for i in range(12):
        (tmp_path / f"deck{i:02}.txt").write_text(JINX.read_text() + f"# copy {i}\n")
    args = ("check", str(tmp_path), "-o", "json", "--as-of", AS_OF)
    piped = run_deckcheck(*args)
    assert "checking" not in piped.stderr
    leader, follower = pty.openpty()
    try:
        in_terminal = run_deckcheck(*args, stderr=follower)
    finally:
        os.close(follower)
    shown = drain_terminal(leader)
    assert b"checking" in shown and b"/12" in shown
    assert json.loads(in_terminal.stdout) == json.loads(piped.stdout), "the bar never mixes into stdout"


def test_pre_commit_hook_runs_deckcheck_on_deck_files():
    import re

    import yaml

    (hook,) = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())
    assert hook["id"] == "deckcheck" and hook["entry"].split() == ["deckcheck", "check", "--force-exclude"]
    wanted, skipped = re.compile(hook["files"]), re.compile(hook["exclude"])

    def picked(path: str) -> bool:
        return bool(wanted.search(path)) and not skipped.search(path)

    assert all(picked(f"sample_decks/{name}") for name in sample_files())
    for other in ("README.md", "docs/README.txt", "requirements-dev.txt", ".github/workflows/decks.yml",
                  ".pre-commit-config.yaml", "LICENSE.txt", "package.json"):
        assert not picked(other), other


def test_colours_in_a_terminal_unless_no_color():
    coloured = run_on_terminal("check", str(ANNIE), "--as-of", AS_OF, colours=True)
    plain = run_on_terminal("check", str(ANNIE), "--as-of", AS_OF)
    red = "\x1b[1;31m"
    assert red in coloured and "Stacked Deck" in coloured
    assert red not in plain and "31m" not in plain and "Stacked Deck" in plain
