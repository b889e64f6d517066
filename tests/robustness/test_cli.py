"""No traceback from any command on hostile input: one line naming the file, exit 2; --debug shows it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from deckcheck.cli import main
from deckcheck.errors import DeckReadError
from cli.support import run_cli, run_deckcheck

SAMPLES = Path(__file__).resolve().parents[2] / "sample_decks"
GOOD = SAMPLES / "legal-jinx-loose-cannon.txt"
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01"

#: Commands that read a deck file: {f} is the hostile file, {good} a legal deck, {tmp} a scratch folder.
DECK_COMMANDS = {
    "check": ["check", "{f}"],
    "convert": ["convert", "{f}", "--to", "code"],
    "diff-a": ["diff", "{f}", "{good}"],
    "diff-b": ["diff", "{good}", "{f}"],
    "goldfish": ["goldfish", "{f}", "--seed", "1"],
    "odds": ["odds", "{f}", "--card", "Cleave"],
    "simulate": ["simulate", "{f}", "--games", "10", "--seed", "1"],
    "cards-import": ["cards", "import", "{f}", "--out", "{tmp}/bundle"],
}
#: Commands that read a YAML file of their own (a format or a mulligan strategy).
YAML_COMMANDS = {
    "check-format": ["check", "{good}", "--format", "{f}"],
    "formats": ["formats", "{f}"],
    "rules": ["rules", "--format", "{f}"],
    "simulate-mulligan": ["simulate", "{good}", "--games", "10", "--seed", "1", "--mulligan", "{f}"],
}
HOSTILE = ("missing", "folder", "binary", "empty", "link-loop", "unreadable")

BAD_OPTIONS = [
    ["check", "{good}", "--as-of", "2026-02-30"],
    ["check", "{good}", "--output", "pdf"],
    ["check", "{good}", "--format", "vintage"],
    ["check", "{good}", "--bogus"],
    ["check", "--as-of"],
    ["convert", "{good}", "--to", "png"],
    ["convert", "{good}", "--to", "code", "--from", "png"],
    ["convert", "{good}"],
    ["diff", "{good}"],
    ["diff", "{good}", "{good}", "--output", "xml"],
    ["cards", "show", ""],
    ["cards", "show", "\x00\x1b[2J"],
    ["cards", "search", "jinx", "--limit", "-1"],
    ["cards", "search", "jinx", "--limit", "many"],
    ["rules", "--as-of", "yesterday"],
    ["rule", "RB999"],
    ["rule", ""],
    ["formats", "vintage"],
    ["goldfish", "{good}", "--turns", "0"],
    ["goldfish", "{good}", "--seed", "-1"],
    ["goldfish", "{good}", "--output", "xml"],
    ["odds", "{good}"],
    ["odds", "{good}", "--card", "Cleave", "--by-turn", "-3"],
    ["odds", "{good}", "--filter", "type=(("],
    ["odds", "{good}", "--runes", "Fury:x"],
    ["odds", "{good}", "--card", "Cleave", "--method", "guess"],
    ["simulate", "{good}", "--games", "abc"],
    ["simulate", "{good}", "--games", "99999999999999999999999"],
    ["simulate", "{good}", "--seed", "-5", "--games", "10"],
    ["simulate", "{good}", "--mulligan", "sometimes"],
    ["nosuchcommand"],
]


@pytest.fixture
def hostile(tmp_path) -> dict[str, Path]:
    """One hostile path of each kind, for deck files and for YAML files."""
    made = {}
    for suffix in (".txt", ".yaml"):
        folder = tmp_path / suffix[1:]
        folder.mkdir()
        made["missing" + suffix] = folder / ("missing" + suffix)
        (folder / ("folder" + suffix)).mkdir()
        made["folder" + suffix] = folder / ("folder" + suffix)
        made["binary" + suffix] = folder / ("binary" + suffix)
        made["binary" + suffix].write_bytes(PNG)
        made["empty" + suffix] = folder / ("empty" + suffix)
        made["empty" + suffix].write_bytes(b"")
        made["link-loop" + suffix] = folder / ("link-loop" + suffix)
        os.symlink(made["link-loop" + suffix].name, made["link-loop" + suffix])
        made["unreadable" + suffix] = folder / ("unreadable" + suffix)
        if os.geteuid() == 0:  # root reads any file; /proc/self/mem opens but cannot be read at offset 0
            os.symlink("/proc/self/mem", made["unreadable" + suffix])
        else:
            shutil.copyfile(GOOD, made["unreadable" + suffix])
            made["unreadable" + suffix].chmod(0)
    return made


def fill(template: list[str], **values) -> list[str]:
    return [part.format(**values) for part in template]


def assert_one_line_error(code: int, out: str, err: str, name: str | None = None, *, bug: bool = False) -> str:
    """Exit 2 and exactly one error line (naming ``name`` when given); returns that line.

    Hostile input must get a real message, not "internal error" (that is a bug), unless ``bug``.
    """
    assert code == 2, (code, out, err)
    assert "Traceback" not in out + err, err
    if err:
        assert err.endswith("\n") and err.count("\n") == 1, err
        line = err.rstrip("\n")
        assert line.startswith("deckcheck: error: "), line
    else:  # `check` lists an unreadable input in its report, one line per input
        lines = [line for line in out.splitlines() if "unreadable" in line and (name is None or name in line)]
        assert len(lines) == 1, out
        line = lines[0]
    assert name is None or name in line, (name, line)
    assert bug == ("internal error" in line), line
    return line


@pytest.mark.parametrize("kind", HOSTILE)
@pytest.mark.parametrize("command", sorted(DECK_COMMANDS))
def test_deck_commands_give_one_line_naming_the_file(command, kind, hostile, tmp_path, capsys):
    path = str(hostile[kind + ".txt"])
    code, out, err = run_cli(capsys, *fill(DECK_COMMANDS[command], f=path, good=GOOD, tmp=tmp_path))
    assert_one_line_error(code, out, err, path)


@pytest.mark.parametrize("kind", HOSTILE)
@pytest.mark.parametrize("command", sorted(YAML_COMMANDS))
def test_format_and_strategy_files_give_one_line_naming_the_file(command, kind, hostile, capsys):
    path = str(hostile[kind + ".yaml"])
    code, out, err = run_cli(capsys, *fill(YAML_COMMANDS[command], f=path, good=GOOD))
    assert_one_line_error(code, out, err, path)


@pytest.mark.parametrize("args", BAD_OPTIONS, ids=lambda a: " ".join(a)[:40])
def test_bad_usage_is_one_line_on_stderr_and_exit_2(args, capsys):
    code, out, err = run_cli(capsys, *fill(args, good=GOOD))
    assert err, "usage errors go to stderr"
    assert_one_line_error(code, out, err)
    assert out == ""


def test_a_bad_option_names_the_command_and_where_to_find_help(capsys):
    code, _, err = run_cli(capsys, "simulate", str(GOOD), "--games", "abc")
    assert code == 2
    assert err.startswith("deckcheck: error: simulate: --games: 'abc' is not a whole number")
    assert err.rstrip().endswith("(see 'deckcheck simulate --help')")


def test_debug_shows_the_exception(capsys, tmp_path):
    missing = str(tmp_path / "missing.txt")
    with pytest.raises(DeckReadError, match="no such file"):
        main(["--debug", "convert", missing, "--to", "code"])
    done = subprocess.run([sys.executable, "-m", "deckcheck", "convert", missing, "--to", "code", "--debug"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "Traceback (most recent call last)" in done.stderr and "DeckReadError" in done.stderr


def test_a_bug_is_one_line_without_debug_and_a_traceback_with_it(monkeypatch, capsys):
    """An unexpected exception (a bug in a reader) is still exit 2 and one line; never 0 or 1."""
    from deckcheck.decks import text

    def broken(*_args, **_kwargs):
        raise ZeroDivisionError("a reader bug\nwith a second line")

    monkeypatch.setattr(text, "read", broken)
    monkeypatch.setattr(text, "quick_rows", broken)  # the reader's one-pass way, which a check takes first
    code, out, err = run_cli(capsys, "convert", str(GOOD), "--to", "code")
    line = assert_one_line_error(code, out, err, bug=True)
    assert "internal error: ZeroDivisionError: a reader bug" in line and "--debug" in line
    code, out, err = run_cli(capsys, "check", str(GOOD), "--output", "json")
    assert code == 2 and err == "" and "internal error: ZeroDivisionError" in out
    with pytest.raises(ZeroDivisionError):
        main(["convert", str(GOOD), "--to", "code", "--debug"])


def test_a_terminal_without_unicode_gets_escapes_not_a_crash():
    done = run_deckcheck("check", str(SAMPLES / "illegal-kaisa-too-many-copies.txt"), "--as-of", "2026-10-20",
                         env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 1 and done.stderr == ""
    assert done.stdout.startswith("\\u2717 illegal") and "Cleave" in done.stdout


def test_invalid_utf8_on_the_command_line_is_refused_like_in_a_file(capsys):
    """Python hands undecodable argv bytes over as lone surrogates; they must not reach the output."""
    code, out, err = run_cli(capsys, "check", "--code", "3 Cle\udcffave", "--output", "json")
    assert code == 2 and err == ""
    [item] = json.loads(out)["unreadable"]
    assert item["error"] == "not valid text: a lone surrogate U+DCFF at character 5 (invalid UTF-8?)"
