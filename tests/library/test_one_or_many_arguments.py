"""Parameters taking paths, deck codes or rule selectors take one (a ``str`` or an ``os.PathLike``)
or many (any iterable): a string is never read letter by letter (issue 37)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import REPO

import deckcheck
from deckcheck.decks.load import iter_decks
from deckcheck.errors import DeckcheckError
from deckcheck.rules.selection import RuleSelection

SAMPLES = REPO / "sample_decks"
KAISA = SAMPLES / "illegal-kaisa-too-many-copies.txt"
AS_OF = "2026-11-01"


def _verdicts(batch: deckcheck.Batch) -> dict[str, str]:
    return {Path(report.source).name: report.verdict for report in batch.reports}


@pytest.fixture(scope="module")
def folder_as_a_list() -> deckcheck.Batch:
    return deckcheck.check_paths([str(SAMPLES)], as_of=AS_OF)


@pytest.mark.parametrize("paths", [str(SAMPLES), SAMPLES, "sample_decks", Path("sample_decks")],
                         ids=["absolute str", "absolute Path", "relative str", "relative Path"])
def test_one_folder_as_a_str_or_a_path_is_the_folder(paths, folder_as_a_list, monkeypatch):
    monkeypatch.chdir(REPO)
    batch = deckcheck.check_paths(paths, as_of=AS_OF)
    assert batch.unreadable == []
    assert _verdicts(batch) == _verdicts(folder_as_a_list) and len(batch.reports) == 13


def test_one_absolute_file_is_that_file_and_nothing_else():
    batch = deckcheck.check_paths(str(KAISA), as_of=AS_OF)
    assert [Path(r.source).name for r in batch.reports] == [KAISA.name]
    assert batch.files == [str(KAISA)]  # the walk never went to "/"
    assert batch.exit_code() == 1


def test_many_paths_from_any_iterable():
    chosen = (path for path in sorted(SAMPLES.glob("legal-*.txt")))  # a generator of Paths
    batch = deckcheck.check_paths(chosen, as_of=AS_OF)
    assert len(batch.reports) == 7 and set(_verdicts(batch).values()) == {"legal"}


def test_one_rule_selector_as_a_str_is_that_selector():
    one = deckcheck.check_paths(KAISA, as_of=AS_OF, ignore="RB103")
    many = deckcheck.check_paths(KAISA, as_of=AS_OF, ignore=["RB103"])
    codes = [v.code for v in one.reports[0].violations]
    assert codes == [v.code for v in many.reports[0].violations] == ["RB101", "RB215", "RB108"]
    selected = deckcheck.check_paths(KAISA, as_of=AS_OF, select="RB1")
    assert [v.code for v in selected.reports[0].violations] == ["RB101", "RB103", "RB108"]


def test_a_selector_as_a_str_is_checked_whole():
    with pytest.raises(DeckcheckError) as err:
        RuleSelection(ignore="RB004,RB6")
    assert str(err.value).startswith("ignore: no rule code starts with 'RB004,RB6'")
    assert RuleSelection("RB1").codes == RuleSelection(["RB1"]).codes


def test_one_deck_code_as_a_str_is_one_deck():
    code = (SAMPLES / "legal-kennen-chaos-order.code").read_text(encoding="utf-8").strip()
    batch = deckcheck.check_paths(codes=code, as_of=AS_OF)
    assert [(r.source, r.verdict) for r in batch.reports] == [("<code>", "legal")]


def test_a_team_is_two_files():
    with pytest.raises(DeckcheckError) as err:
        deckcheck.check_paths(format="2v2", team=str(KAISA), as_of=AS_OF)
    assert str(err.value) == "team: a team is two deck files, not 1"
    other = SAMPLES / "legal-jinx-loose-cannon.txt"
    batch = deckcheck.check_paths(format="2v2", team=(KAISA, other), as_of=AS_OF)
    assert {r.team for r in batch.reports} == {f"{KAISA} + {other}"}


def test_iter_decks_reads_one_file_named_as_a_str():
    found = list(iter_decks(os.fspath(KAISA)))
    assert [(read.path, read.error) for read in found] == [(str(KAISA), None)]
