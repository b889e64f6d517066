"""``Batch.render("json", strict=...)`` judges warnings as asked, however the batch was checked (in this
process or shared among processes), and so does ``Batch.exit_code(strict=...)``."""

from __future__ import annotations

import json

import pytest

from conftest import REPO

import deckcheck

AS_OF = "2026-11-30"


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """100 copies of the Ornn sample with a warning (a name beside another card's id): legal, but it warns."""
    text = (REPO / "sample_decks" / "legal-ornn-calm-mind.txt").read_text(encoding="utf-8")
    warned = text.replace("3x Defy\n", "3x Defy (OGN-048)\n")
    assert warned != text
    out = tmp_path_factory.mktemp("warned")
    for i in range(100):
        (out / f"ornn-{i:03}.txt").write_text(warned, encoding="utf-8")
    return out


def _passed(document: str) -> tuple[int, set]:
    data = json.loads(document)
    return data["summary"]["failed"], {deck["passed"] for deck in data["decks"]}


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_batch_renders_strict_verdicts_when_asked_and_only_then(folder, jobs):
    batch = deckcheck.check_paths([str(folder)], as_of=AS_OF, jobs=jobs)
    assert _passed(batch.render("json")) == (0, {True})
    assert _passed(batch.render("json", strict=True)) == (100, {False})
    assert _passed(batch.render("json")) == (0, {True})  # asking once changes nothing kept


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_exit_code_follows_strict_as_asked(folder, jobs):
    batch = deckcheck.check_paths([str(folder)], as_of=AS_OF, jobs=jobs)
    assert (batch.exit_code(), batch.exit_code(strict=True), batch.exit_code()) == (0, 1, 0)
