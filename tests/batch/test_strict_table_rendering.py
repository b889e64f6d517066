"""``Batch.render("csv" | "markdown", strict=True)``: a deck whose only problem is a warning has it in
its problem columns (codes, first problem, the markdown's Problems cell); without strict they stay empty."""

from __future__ import annotations

import csv
import io

import pytest

from conftest import REPO

import deckcheck

AS_OF = "2026-11-30"


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    """The Ornn sample with a name beside another card's id: legal, with one warning (RB003)."""
    text = (REPO / "sample_decks" / "legal-ornn-calm-mind.txt").read_text(encoding="utf-8")
    folder = tmp_path_factory.mktemp("warned")
    (folder / "ornn.txt").write_text(text.replace("3x Defy\n", "3x Defy (OGN-048)\n"), encoding="utf-8")
    return deckcheck.check_paths([str(folder)], as_of=AS_OF)


def _row(document: str) -> dict[str, str]:
    (row,) = csv.DictReader(io.StringIO(document))
    return row


def test_csv_fills_a_warning_decks_problem_columns_only_with_strict(batch):
    plain, strict = _row(batch.render("csv")), _row(batch.render("csv", strict=True))
    assert (plain["verdict"], plain["codes"], plain["first_problem"]) == ("legal", "", "")
    assert strict["codes"] == "RB003" and strict["first_problem"].startswith("RB003")


def test_markdown_lists_a_warning_as_a_problem_only_with_strict(batch):
    plain, strict = batch.render("markdown"), batch.render("markdown", strict=True)
    assert plain.splitlines()[-1].endswith("| legal | — |")
    assert "| legal | RB003 'Defy' does not match OGN-048" in strict.splitlines()[-1]
