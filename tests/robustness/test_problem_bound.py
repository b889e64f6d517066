"""A deck of thousands of problems costs a report (and every output) a bounded number: each rule
lists at most MOST_PER_RULE problems per deck, and one more counts the rest; "did you mean" is
worked out for the lines listed, not for the thousands behind them. Pinned at the edge."""

from __future__ import annotations

import json

import pytest

from cli.support import run_cli

from deckcheck.decks.load import read_text
from deckcheck.decks.model import MOST_LISTED
from deckcheck.decks.resolve import resolve_deck
from deckcheck.rules.engine import check_deck
from deckcheck.rules.report import MOST_PER_RULE


def unknown_names(n: int) -> str:
    """A list of ``n`` lines naming no card (each a different name)."""
    return "\n".join(f"1 Qzx{i:05d} Wobbler" for i in range(n)) + "\n"


@pytest.mark.parametrize("n", [MOST_PER_RULE, MOST_PER_RULE + 1, 2_000])
def test_each_rule_lists_at_most_so_many_problems_and_counts_the_rest(db, n):
    report = check_deck(resolve_deck(read_text(unknown_names(n), source="many.txt"), db), "standard",
                        "2026-11-01", db)
    unknown = [v for v in report.violations if v.code == "RB001"]
    listed = min(n, MOST_PER_RULE)
    assert [v.card for v in unknown[:listed]] == [f"Qzx{i:05d} Wobbler" for i in range(listed)]
    if n <= MOST_PER_RULE:
        assert len(unknown) == n
    else:
        assert len(unknown) == MOST_PER_RULE + 1
        extra = n - MOST_PER_RULE
        assert unknown[-1].message == (f"and {extra:,} more unknown-card problem{'s' if extra > 1 else ''}, "
                                       "not listed one by one")
        assert unknown[-1].card is None and unknown[-1].severity.value == "error"
    assert report.verdict == "illegal"


def test_did_you_mean_is_worked_out_for_the_lines_listed_only(db):
    typos = "\n".join(f"1 Cleav{chr(97 + i % 26)}{chr(97 + i // 26)}" for i in range(MOST_LISTED + 1))  # Cleavaa, ...
    deck = resolve_deck(read_text(typos, source="typos.txt"), db)
    assert len(deck.unknown) == MOST_LISTED + 1
    assert all("Cleave" in u.suggestions for u in deck.unknown[:MOST_LISTED])
    assert deck.unknown[MOST_LISTED].suggestions == ()  # never listed: its did-you-mean would be work for nothing


def test_an_export_of_unknown_names_makes_a_small_report_in_every_output(tmp_path, capsys):
    cells = [f'P{row},"{unknown_names(600).strip()}"' for row in range(3)]
    (tmp_path / "regs.csv").write_text("Player,Deck\n" + "\n".join(cells) + "\n", encoding="utf-8")
    doc = json.loads(run_cli(capsys, "check", "regs.csv", "--as-of", "2026-11-01", "-o", "json", cwd=tmp_path).stdout)
    assert [len(d["violations"]) for d in doc["decks"]] == [MOST_PER_RULE + 1] * 3
    page = run_cli(capsys, "check", "regs.csv", "--as-of", "2026-11-01", "-o", "html", cwd=tmp_path).stdout
    assert "and 550 more unknown-card problems, not listed one by one" in page and len(page) < 400_000


def test_a_sheet_lists_so_many_unread_lines_and_counts_the_rest(tmp_path, capsys):
    (tmp_path / "regs.csv").write_text(f'Player,Deck\nAna,"{unknown_names(MOST_LISTED + 1).strip()}"\n'
                                       f'Ben,"{unknown_names(MOST_LISTED).strip()}"\n', encoding="utf-8")
    page = run_cli(capsys, "sheet", "regs.csv", "--as-of", "2026-11-01", cwd=tmp_path).stdout
    assert page.count(f"Qzx{MOST_LISTED - 1:05d} Wobbler") == 2 and page.count(f"Qzx{MOST_LISTED:05d} Wobbler") == 0
    assert page.count("… and 1 more line naming no card, not listed one by one") == 1
