"""A hostile settings file (``deckcheck.toml`` or ``pyproject.toml``) ends in one line naming it, at
once: nested 100,000 arrays deep, a dotted key of thousands of parts, too large, a value of the
wrong kind that is huge. Each limit is pinned at its edge."""

from __future__ import annotations

import shutil

import pytest

from conftest import REPO
from cli.support import run_cli

from deckcheck.settings import MAX_BYTES, MAX_KEY_PARTS

JINX = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"


def check_with(tmp_path, capsys, text: str, name: str = "deckcheck.toml"):
    (tmp_path / name).write_text(text, encoding="utf-8")
    shutil.copy(JINX, tmp_path / "jinx.txt")
    return run_cli(capsys, "check", "jinx.txt", "--as-of", "2026-11-01", cwd=tmp_path)


def one_error(done) -> str:
    assert done.returncode == 2 and done.stdout == "", done.stdout
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("deckcheck: error: "), done.stderr
    return lines[0]


@pytest.mark.parametrize("opening,closing,depth", [("[", "]", 100_000), ("{a=", "}", 60_000)],
                         ids=["arrays", "inline-tables"])
def test_a_settings_file_nested_deep_is_one_line(tmp_path, capsys, opening, closing, depth):
    error = one_error(check_with(tmp_path, capsys, "select = " + opening * depth + closing * depth + "\n"))
    assert error.endswith("deckcheck.toml: arrays or tables nested too deeply: not a deckcheck setting")


def test_a_dotted_key_is_read_up_to_its_limit_of_parts(tmp_path, capsys):
    key = ".".join(["tool"] + ["x"] * (MAX_KEY_PARTS - 1))
    done = check_with(tmp_path, capsys, f"{key} = 1\n", "pyproject.toml")  # no [tool.deckcheck]: no settings
    assert done.returncode == 0, done.stderr
    error = one_error(check_with(tmp_path, capsys, f"deckcheck = 1\n{key}.x = 1\n", "pyproject.toml"))
    assert error.endswith(f"pyproject.toml:2: a dotted key of more than {MAX_KEY_PARTS} parts: not a deckcheck setting")


def test_a_dotted_key_of_50000_parts_is_refused_at_once(tmp_path, capsys):
    import time

    start = time.perf_counter()
    error = one_error(check_with(tmp_path, capsys, "a" + ".a" * 50_000 + " = 1\n"))
    assert "a dotted key of more than" in error and time.perf_counter() - start < 30  # not minutes


def test_a_settings_file_is_read_up_to_its_size_limit(tmp_path, capsys):
    head = 'ignore = ["RB004"]\n'
    text = head + "#" * (MAX_BYTES - len(head) - 1) + "\n"
    assert check_with(tmp_path, capsys, text).returncode == 0
    error = one_error(check_with(tmp_path, capsys, text + "\n"))
    assert error.endswith(f"deckcheck.toml: too large for a settings file (over {MAX_BYTES // 1024} KiB)")


def test_a_huge_value_of_the_wrong_kind_is_named_short(tmp_path, capsys):
    error = one_error(check_with(tmp_path, capsys, "strict = [" + ", ".join(["1"] * 50_000) + "]\n"))
    assert "strict must be true or false, not [1, 1, 1, 1, 1, 1, ...]" in error and len(error) < 300
