"""JUnit XML: one test case per deck."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import date

from deckcheck.errors import DeckReadError
from deckcheck.render.junit import render_junit
from deckcheck.rules.report import Report, Violation

from conftest import rule_violation

ERROR = rule_violation("RB101", "the Main Deck has 41 cards <&> 'too many'", hint="take out 1 card", line=3)
WARNING = rule_violation("RB107", "4 Signature cards counting the sideboard")


def _report(source: str, *violations: Violation) -> Report:
    return Report(source=source, format="standard", as_of=date(2026, 10, 20), violations=list(violations))


def _cases(xml: str) -> tuple[ET.Element, dict[str, ET.Element]]:
    root = ET.fromstring(xml.encode())
    return root, {case.get("name"): case for case in root.iter("testcase")}


def test_one_case_per_deck_with_failures_and_errors():
    xml = render_junit([_report("bad.txt", ERROR, WARNING), _report("ok.txt", WARNING)],
                       [DeckReadError("not a deck file (binary)", file="x.bin")])
    root, cases = _cases(xml)
    assert root.tag == "testsuites"
    suite = root.find("testsuite")
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("3", "1", "1")
    assert set(cases) == {"bad.txt", "ok.txt", "x.bin"}
    failure = cases["bad.txt"].find("failure")
    assert "RB101" in failure.text and "<&> 'too many'" in failure.text and "bad.txt:3" in failure.text
    assert "RB107" not in failure.text and "RB107" in cases["bad.txt"].find("system-out").text
    assert cases["ok.txt"].find("failure") is None
    assert "binary" in cases["x.bin"].find("error").get("message")


def test_strict_turns_warnings_into_failures():
    _, cases = _cases(render_junit([_report("ok.txt", WARNING)], strict=True))
    assert "RB107" in cases["ok.txt"].find("failure").text


def test_control_characters_from_bad_files_still_give_valid_xml():
    xml = render_junit([], [DeckReadError("not a deck: starts with \x00\x01\x1b[31m", file="bin\x07.dat")])
    _, cases = _cases(xml)
    (case,) = cases.values()
    assert "\x00" not in xml and "starts with" in case.find("error").get("message")
