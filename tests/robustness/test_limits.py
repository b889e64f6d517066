"""Limits hold on every way in (a file, stdin, --code, a folder walk), and YAML is only read safely."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from deckcheck.cli import main
from deckcheck.decks.load import MAX_BYTES

SAMPLES = Path(__file__).resolve().parents[2] / "sample_decks"
GOOD = SAMPLES / "legal-jinx-loose-cannon.txt"
JINX = GOOD.read_text(encoding="utf-8")
CODE = (SAMPLES / "legal-kennen-chaos-order.code").read_text(encoding="utf-8").strip()
AS_OF = "2026-10-20"


def _laughs() -> str:
    rows = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for prev, name in zip("abcdefgh", "bcdefghi"):
        rows.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    return "format_version: 1\n" + "\n".join(rows) + "\n"


def _doubling() -> str:
    """Few aliases, each doubling the last: 2**30 values once expanded."""
    rows = ["a0: &a0 [lol, lol]"] + [f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}]" for i in range(1, 8)]
    return "format_version: 1\n" + "\n".join(rows) + "\n"


#: name -> (deck text, ending for a file, what the refusal says)
REFUSED = {
    "over 1 MiB": (JINX + "# " + "x" * MAX_BYTES + "\n", ".txt", "too large"),
    "10,001 lines": (JINX + "\n" * (10_001 - JINX.count("\n")), ".txt", "too many lines (10,001; the limit is 10,000)"),
    "10,001 CR lines": (JINX.replace("\n", "\r") + "\r" * (10_001 - JINX.count("\n")), ".txt", "too many lines"),
    "code over 4 KiB": ((CODE * 40)[:5000], ".txt", "deck code too long: 5000 characters (the limit is 4096)"),
    "billion laughs": (_laughs(), ".yaml", "too many YAML aliases (more than 8)"),
    "alias doubling": (_doubling(), ".yaml", "too many YAML aliases"),
    "recursive alias": ("format_version: 1\nmain: &m\n  - *m\n", ".yaml", "YAML alias refers to a node that contains it"),
    "deep YAML": ("format_version: 1\nmain:\n" + "".join("  " * i + f"k{i}:\n" for i in range(1, 40)),
                  ".yaml", "YAML nested too deeply (more than 10 levels)"),
    "deep YAML flow": ("format_version: 1\nmain: " + "[" * 50_000 + "]" * 50_000 + "\n", ".yaml", "nested too deeply"),
    "deep JSON": ('{"format_version": 1, "main": ' + "[" * 50_000 + "]" * 50_000 + "}", ".json",
                  "JSON nested too deeply (more than 10 levels)"),
    "5,000-digit YAML count": ("format_version: 1\nmain:\n  Cleave: 1" + "0" * 5000 + "\n", ".yaml",
                               "number too long (5,001 digits)"),
    "5,000-digit JSON count": ('{"format_version": 1, "main": {"Cleave": 1' + "0" * 5000 + "}}", ".json",
                               "number too long (5,001 digits)"),
}
WAYS_IN = ("file", "stdin", "code", "folder")


class _Stdin:
    """A stand-in for sys.stdin whose bytes come from ``data``; it records how much was asked for."""

    def __init__(self, data: bytes) -> None:
        self.buffer = self
        self.data = io.BytesIO(data)
        self.asked: list[int] = []

    def read(self, size: int = -1) -> bytes:
        self.asked.append(size)
        return self.data.read(size)


class _Endless(_Stdin):
    """stdin that never ends (``yes '3 Cleave'``)."""

    def __init__(self) -> None:
        super().__init__(b"")

    def read(self, size: int = -1) -> bytes:
        self.asked.append(size)
        assert size >= 0, "reading an endless stream to its end"
        return (b"3 Cleave\n" * (size // 9 + 1))[:size]


def check_via(way: str, text: str, ending: str, tmp_path, monkeypatch, capsys) -> tuple[int, dict]:
    """Run `deckcheck check` on ``text`` given one way; return the exit code and the JSON report."""
    args = ["check", "--as-of", AS_OF, "--output", "json"]
    if way == "file":
        path = tmp_path / f"deck{ending}"
        path.write_bytes(text.encode("utf-8"))
        args.append(str(path))
    elif way == "folder":
        (tmp_path / "inbox").mkdir()
        (tmp_path / "inbox" / f"deck{ending}").write_bytes(text.encode("utf-8"))
        args.append(str(tmp_path / "inbox"))
    elif way == "stdin":
        monkeypatch.setattr(sys, "stdin", _Stdin(text.encode("utf-8")))
        args.append("-")
    else:
        args += ["--code", text]
    code = main(args)
    out, err = capsys.readouterr()
    assert err == "", err
    return code, json.loads(out)


@pytest.mark.parametrize("way", WAYS_IN)
@pytest.mark.parametrize("case", sorted(REFUSED))
def test_every_limit_holds_on_every_way_in(case, way, tmp_path, monkeypatch, capsys):
    text, ending, message = REFUSED[case]
    code, report = check_via(way, text, ending, tmp_path, monkeypatch, capsys)
    assert code == 2 and report["decks"] == []
    [unreadable] = report["unreadable"]
    assert message in unreadable["error"], unreadable


#: name -> (a deck with one count over 99, ending, the problem it gets)
COUNTS = {
    "text": (JINX.replace("8 Fury Rune", "100 Fury Rune"), ".txt", "cannot read this line: count 100 is more than 99"),
    "yaml": ((SAMPLES / "legal-rengar-pridestalker.yaml").read_text(encoding="utf-8").replace(
        "Pit Rookie: 3", "Pit Rookie: 100"), ".yaml", "'Pit Rookie' under main: count 100 must be between 1 and 99"),
    "json": (json.dumps({"format_version": 1, "legend": "Jinx, Loose Cannon", "main": {"Cleave": 100}}), ".json",
             "'Cleave' under main: count 100 must be between 1 and 99"),
    "tts": ("OGN-245-1 " * 101, ".txt", "101 copies of OGN-245: more than 99 is not a real deck"),
}


@pytest.mark.parametrize("way", WAYS_IN)
@pytest.mark.parametrize("kind", sorted(COUNTS))
def test_a_count_over_99_is_a_problem_on_its_line_every_way_in(kind, way, tmp_path, monkeypatch, capsys):
    text, ending, message = COUNTS[kind]
    code, report = check_via(way, text, ending, tmp_path, monkeypatch, capsys)
    assert code == 1 and report["unreadable"] == []
    [deck] = report["decks"]
    assert any(v["code"] == "RB002" and message in v["message"] for v in deck["violations"]), deck["violations"]


def test_stdin_is_read_in_bounded_memory(monkeypatch, capsys):
    endless = _Endless()
    monkeypatch.setattr(sys, "stdin", endless)
    assert main(["check", "-", "--output", "json"]) == 2
    report = json.loads(capsys.readouterr().out)
    assert report["unreadable"][0]["error"] == "too large (over 1 MiB)"
    assert sum(endless.asked) <= MAX_BYTES + 1


def test_a_huge_file_is_refused_without_being_read(tmp_path, capsys):
    huge = tmp_path / "registrations" / "huge.txt"
    huge.parent.mkdir()
    with open(huge, "wb") as handle:  # sparse: 10 GiB on paper, nothing on disk
        handle.truncate(10 * 1024**3)
    assert main(["check", str(huge.parent), "--output", "json"]) == 2
    report = json.loads(capsys.readouterr().out)
    assert report["unreadable"][0]["error"] == "too large (10,737,418,240 bytes; the limit is 1 MiB)"


# ---------------------------------------------------------------------------- safe YAML
def _python_tag(marker: Path) -> str:
    return f'format_version: 1\nname: !!python/object/apply:os.system ["touch {marker}"]\nlegend: Jinx, Loose Cannon\n'


@pytest.mark.parametrize("way", WAYS_IN)
def test_a_python_tag_in_a_deck_is_refused_and_nothing_runs(way, tmp_path, monkeypatch, capsys):
    marker = tmp_path / "pwned"
    code, report = check_via(way, _python_tag(marker), ".yaml", tmp_path, monkeypatch, capsys)
    assert code == 2
    assert "YAML tag !!python/object/apply:os.system is not allowed" in report["unreadable"][0]["error"]
    assert not marker.exists()


@pytest.mark.parametrize("command", [
    ["check", str(GOOD), "--format", "{f}"],
    ["formats", "{f}"],
    ["simulate", str(GOOD), "--games", "10", "--seed", "1", "--mulligan", "{f}"],
])
def test_a_python_tag_in_a_format_or_strategy_file_is_refused_and_nothing_runs(command, tmp_path, capsys):
    marker = tmp_path / "pwned"
    path = tmp_path / "evil.yaml"
    path.write_text(f'name: !!python/object/apply:os.system ["touch {marker}"]\n')
    assert main([part.format(f=path) for part in command]) == 2
    err = capsys.readouterr().err
    assert err == f"deckcheck: error: {path}:1: YAML tag !!python/object/apply:os.system is not allowed " \
                  "(only plain values, lists and mappings)\n"
    assert not marker.exists()


@pytest.mark.parametrize("command", [
    ["check", str(GOOD), "--format", "{f}"],
    ["simulate", str(GOOD), "--games", "10", "--seed", "1", "--mulligan", "{f}"],
])
def test_yaml_bombs_in_format_and_strategy_files_are_refused(command, tmp_path, capsys):
    path = tmp_path / "bomb.yaml"
    path.write_text(_doubling().replace("format_version: 1\n", "name: bomb\n"))
    assert main([part.format(f=path) for part in command]) == 2
    assert "too many YAML aliases" in capsys.readouterr().err
