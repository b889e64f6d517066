"""`check --show-settings` says an as-of date nobody set is today, and where each setting came from."""

from __future__ import annotations

from cli.support import run_cli


def test_an_unset_as_of_is_shown_as_today_by_default(tmp_path, capsys):
    (tmp_path / "deckcheck.toml").write_text('format = "standard-bo1"\n', encoding="utf-8")
    shown = run_cli(capsys, "check", "--show-settings", cwd=tmp_path)
    assert shown.returncode == 0
    lines = [" ".join(line.split()) for line in shown.stdout.splitlines()]
    assert "format standard-bo1 [" + str(tmp_path / "deckcheck.toml") + "]" in lines
    assert "as-of today [default]" in lines
