"""``Batch.render("json", strict=...)`` judges warnings as asked, whatever the batch was prepared with:
a batch whose JSON parts were written without strict (shared among processes, ``render_as="json"``)
never renders them as strict verdicts; it judges its reports again, or, for decks whose report
stayed in a worker, refuses and says how it was prepared."""

from __future__ import annotations

import json

import pytest

from conftest import REPO

import deckcheck
from deckcheck.errors import DeckcheckError

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


def test_a_batch_checked_here_renders_strict_verdicts_when_asked(folder):
    batch = deckcheck.check_paths([str(folder)], as_of=AS_OF, render_as="json", jobs=1)
    assert _passed(batch.render("json")) == (0, {True})
    assert _passed(batch.render("json", strict=True)) == (100, {False})


def test_a_batch_prepared_without_strict_never_renders_its_parts_as_strict_verdicts(folder):
    batch = deckcheck.check_paths([str(folder)], as_of=AS_OF, render_as="json", jobs=2)
    assert batch.prepared is not None and not batch.strict  # the JSON parts were written, judged without strict
    assert _passed(batch.render("json")) == (0, {True})
    try:
        strict = batch.render("json", strict=True)
    except DeckcheckError as err:  # some reports stayed in the worker: only their non-strict parts came back
        assert err.message == "this batch's JSON output was written with strict=False; render it so"
    else:
        assert _passed(strict) == (100, {False})


def test_a_batch_prepared_strict_renders_strict_verdicts(folder):
    batch = deckcheck.check_paths([str(folder)], as_of=AS_OF, render_as="json", jobs=2, strict=True)
    assert _passed(batch.render("json", strict=True)) == (100, {False})
    assert batch.exit_code(strict=True) == 1
