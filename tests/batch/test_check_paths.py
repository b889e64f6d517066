"""``deckcheck.check_paths``: the batch of ``deckcheck check`` as one library call, rendered by name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import REPO
from cli.support import run_cli

import deckcheck
from deckcheck.errors import DeckcheckError

SAMPLES = REPO / "sample_decks"
AS_OF = "2026-11-01"


@pytest.fixture(scope="module")
def batch():
    return deckcheck.check_paths([str(SAMPLES)], as_of=AS_OF)


@pytest.mark.parametrize("output", ["text", "json", "csv", "markdown", "concise", "github", "junit", "sarif"])
def test_a_batch_renders_what_the_command_prints(batch, output, capsys):
    printed = run_cli(capsys, "check", str(SAMPLES), "--as-of", AS_OF, "-o", output)
    assert batch.render(output) == printed.stdout
    assert batch.exit_code() == printed.returncode == 1


def test_the_verdicts_and_the_exit_code(batch):
    verdicts = {Path(r.source).name: r.verdict for r in batch.reports}
    assert verdicts["legal-jinx-loose-cannon.txt"] == "legal"
    assert verdicts["illegal-annie-banned-stacked-deck.txt"] == "illegal"
    assert any(s.source.endswith("README.md") for s in batch.skipped)
    assert batch.unreadable == []


def test_select_and_ignore_choose_the_rules_reported():
    only = deckcheck.check_paths([str(SAMPLES / "illegal-annie-banned-stacked-deck.txt")], as_of=AS_OF,
                                 ignore=["RB601"])
    assert only.reports[0].violations == [] and only.exit_code() == 0


def test_sarif_of_a_batch_with_select_describes_only_the_rules_selected():
    every = json.loads(deckcheck.check_paths([str(SAMPLES)], as_of=AS_OF).render("sarif"))
    only = json.loads(deckcheck.check_paths([str(SAMPLES)], as_of=AS_OF, select=["RB1"]).render("sarif"))
    described = [rule["id"] for rule in only["runs"][0]["tool"]["driver"]["rules"]]
    assert described and all(code.startswith("RB1") for code in described)
    assert len(every["runs"][0]["tool"]["driver"]["rules"]) > len(described)


def test_an_unreadable_input_is_kept_and_the_others_checked(tmp_path):
    (tmp_path / "broken.txt").write_text("this is not a deck\n", encoding="utf-8")
    found = deckcheck.check_paths([str(tmp_path / "broken.txt"), str(SAMPLES / "legal-jinx-loose-cannon.txt")],
                                  as_of=AS_OF)
    assert len(found.reports) == 1 and len(found.unreadable) == 1 and found.exit_code() == 2


def test_deck_codes_and_an_unknown_output():
    code = (SAMPLES / "legal-kennen-chaos-order.code").read_text(encoding="utf-8").strip()
    found = deckcheck.check_paths(codes=[code], as_of=AS_OF)
    assert [r.source for r in found.reports] == ["<code>"] and found.exit_code() == 0
    with pytest.raises(DeckcheckError, match="unknown output 'pdf'"):
        found.render("pdf")


def test_nothing_found_is_an_error(tmp_path):
    with pytest.raises(DeckcheckError, match="no deck files found"):
        deckcheck.check_paths([str(tmp_path)])
