"""GitHub Actions workflow-command annotations."""

from __future__ import annotations

import re
from datetime import date

from deckcheck.errors import DeckReadError
from deckcheck.render.github import escape_data, escape_property, render_github
from deckcheck.rules.report import Report, Violation

from conftest import rule_violation

COMMAND = re.compile(r"^::(error|warning|notice)(?: ([^:]*))?::(.*)$")


def unescape(value: str) -> str:
    """What the Actions runner does to a value (the inverse of our escaping)."""
    for code, char in (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")):
        value = value.replace(code, char)
    return value


def parse(line: str) -> tuple[str, dict[str, str], str]:
    match = COMMAND.match(line)
    assert match, line
    props = dict(p.split("=", 1) for p in match.group(2).split(",")) if match.group(2) else {}
    return match.group(1), {k: unescape(v) for k, v in props.items()}, unescape(match.group(3))


def _report(source: str, *violations: Violation) -> Report:
    return Report(source=source, format="standard", as_of=date(2026, 10, 20), violations=list(violations))


def test_escaping_round_trips_through_the_runner_rules():
    nasty = "100% sure,\r\nreally: yes"
    assert "\n" not in escape_data(nasty) and "\r" not in escape_data(nasty)
    assert ":" not in escape_property(nasty) and "," not in escape_property(nasty)
    assert unescape(escape_data(nasty)) == nasty
    assert unescape(escape_property(nasty)) == nasty
    assert escape_data("50%0A") == "50%250A", "an existing escape sequence is not left for the runner to decode"


def test_one_annotation_per_violation_on_its_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    copies = rule_violation("RB103", "4 copies of Get Excited!, 3 allowed", line=14, card="Get Excited!",
                            hint="keep 3: one in, one out", file=str(tmp_path / "decks" / "jinx, v2.txt"))
    side = rule_violation("RB107", "4 Signature cards counting the sideboard")
    note = rule_violation("RB004", "chose Jinx, Rebel", line=5)
    out = render_github([_report("decks/jinx, v2.txt", note, side, copies), _report("ok.txt")],
                        [DeckReadError("cannot read: Permission denied", file="decks/locked.txt")])
    lines = out.splitlines()
    annotations = [parse(line) for line in lines if line.startswith("::")]
    assert [a[0] for a in annotations] == ["error", "warning", "notice", "error"]
    kind, props, message = annotations[0]
    assert props == {"file": "decks/jinx, v2.txt", "line": "14", "title": f"RB103 copy-limit ({copies.rule})"}
    assert message.startswith("4 copies of Get Excited!, 3 allowed") and "Fix: keep 3: one in, one out" in message
    assert annotations[1][1]["file"] == "decks/jinx, v2.txt" and "line" not in annotations[1][1]
    assert annotations[3][1]["file"] == "decks/locked.txt" and "Permission denied" in annotations[3][2]
    assert lines[-1] == "deckcheck: 2 decks checked, 1 legal, 1 illegal, 1 unreadable (standard on 2026-10-20)"


def test_stdin_decks_get_no_file_property():
    bad = rule_violation("RB101", "41 cards", line=3)
    kind, props, message = parse(render_github([_report("<stdin>", bad)]).splitlines()[0])
    assert "file" not in props and "line" not in props and "<stdin>" in message
