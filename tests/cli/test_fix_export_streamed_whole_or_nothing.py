"""``fix`` of an export writes each row's part as the row is fixed (100,000 fixes are never all held),
yet a file written with -O still appears whole or not at all: a row whose fix fails halfway through
the export leaves the user's old file as it was, and no half-written file beside it."""

from __future__ import annotations

import pytest

from cli.support import run_cli
from conftest import REPO

import deckcheck.repair.batch as repair_batch

EXPORT = REPO / "sample_decks" / "registrations" / "registrations.csv"
OLD = "the user's file, kept\n"


@pytest.fixture
def fails_at_row_20(monkeypatch):
    """The fix of row 20 of the export fails as a bug would (rows 2-19 are already written by then)."""
    fix_text = repair_batch.fix_text

    def failing(text, source, ctx, **kwargs):
        if kwargs.get("row") == 20:
            raise RuntimeError("a bug in one row")
        return fix_text(text, source, ctx, **kwargs)

    monkeypatch.setattr(repair_batch, "fix_text", failing)


@pytest.mark.parametrize("name, output", [("corrected.csv", ()), ("fixes.json", ("-o", "json")),
                                          ("fixes.csv", ("-o", "csv"))])
def test_a_row_failing_midway_leaves_the_old_file_whole(tmp_path, capsys, fails_at_row_20, name, output):
    target = tmp_path / name
    target.write_text(OLD, encoding="utf-8")
    done = run_cli(capsys, "fix", str(EXPORT), "--as-of", "2026-12-05", *output, "-O", str(target))
    assert done.returncode == 2
    assert "internal error: RuntimeError: a bug in one row" in done.stderr
    assert target.read_text(encoding="utf-8") == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]

