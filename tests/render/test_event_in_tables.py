"""CSV and markdown name the event and when the check was made, when ``--event`` names the event."""

from __future__ import annotations

import csv
import io

from conftest import REPO
from cli.support import run_cli

EXPORT = REPO / "sample_decks" / "registrations" / "registrations.csv"


def check(capsys, *args: str) -> str:
    """What ``deckcheck check`` prints for the sample export, checked at 2026-12-03 10:00 UTC."""
    return run_cli(capsys, "check", str(EXPORT), "--as-of", "2026-11-30", *args,
                           env={"SOURCE_DATE_EPOCH": "1796292000"}).stdout


def test_markdown_heads_the_table_with_the_event_and_the_time(capsys):
    text = check(capsys, "-o", "markdown", "--event", "Lyon City Challenge")
    assert text.startswith("## Lyon City Challenge\n\nChecked 2026-12-03 10:00 UTC.\n\n**33 registrations**")


def test_csv_names_the_event_and_the_time_on_every_row(capsys):
    table = list(csv.DictReader(io.StringIO(check(capsys, "-o", "csv", "--event", "Lyon City Challenge"))))
    assert len(table) == 33
    assert {(row["event"], row["generated"]) for row in table} == {("Lyon City Challenge", "2026-12-03 10:00 UTC")}


def test_without_an_event_the_tables_stay_as_they_were(capsys):
    assert check(capsys, "-o", "markdown").startswith("**33 registrations**")
    assert "event" not in check(capsys, "-o", "csv").splitlines()[0]
