"""An unreadable input's row in the markdown table says on which line the reader stopped and why."""

from __future__ import annotations

from cli.support import run_cli


def test_a_broken_yaml_deck_is_an_unreadable_row_naming_its_line(tmp_path, capsys):
    deck = tmp_path / "bad.yaml"
    deck.write_text("legend: [Jinx\nmain:\n  - 3 Cleave\n", encoding="utf-8")
    ran = run_cli(capsys, "check", deck, "-o", "markdown")
    row = next(line for line in ran.stdout.splitlines() if "| unreadable |" in line)
    assert row.split("| unreadable |")[1].strip().startswith("line 2: invalid YAML: while parsing a flow sequence")
