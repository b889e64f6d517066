"""Check results as JUnit XML for CI dashboards: one test case per deck.

A deck that fails (illegal or unverified; with ``strict`` also one with warnings) carries a
``<failure>`` whose ``type`` is ``illegal``, ``unverified`` or ``warnings``, listing its
violations; an input that could not be read is a test case with an ``<error>``. Warnings and
notes of a passing deck go to ``<system-out>``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence

from deckcheck.errors import DeckcheckError, place
from deckcheck.rules.report import Report, Violation
from deckcheck.words import with_written

# Characters XML 1.0 cannot hold at all (control characters other than tab, LF, CR; surrogates).
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_safe(text: str) -> str:
    """``text`` without characters XML 1.0 forbids (each becomes U+FFFD)."""
    return _NOT_XML.sub("\ufffd", text)


#: The ``type`` of a deck's ``<failure>``: its verdict, or "warnings" for a legal deck failing --strict.
_FAILURE_TYPE = {"illegal": "illegal", "unverified": "unverified", "legal": "warnings"}


def violation_line(violation: Violation, report: Report) -> str:
    file = violation.file or report.source
    where = place(file, violation.line) if file else ""  # no bare "line N" without a file
    text = f"{violation.severity.value} {violation.code} {violation.rule}: {violation.message}"
    card = with_written(violation.card, violation.written)
    if card and card not in violation.message:
        text += f" [{card}]"
    if where:
        text += f" ({where})"
    if violation.hint:
        text += f"\n    fix: {violation.hint}"
    return text


def _testcase(parent: ET.Element, report: Report, strict: bool) -> bool:
    """Add one deck's test case; return whether it failed."""
    name = report.source or report.name or "deck"
    if report.player:
        name += f" ({report.player})"
    case = ET.SubElement(parent, "testcase", {
        "classname": xml_safe(f"deckcheck.{report.format}"), "name": xml_safe(name), "time": "0",
    })
    if report.source and not report.source.startswith("<"):
        from deckcheck.render.github import _export_row

        export, _ = _export_row(report.source)  # a row of a registration export: the file is the export
        case.set("file", xml_safe(export or report.source))
    ordered = sorted(report.violations, key=Violation.sort_key)
    failing = [v for v in ordered if v.fails(strict)]
    others = [v for v in ordered if v not in failing]
    if failing:
        first = failing[0]
        summary = f"{len(failing)} problem{'s' if len(failing) != 1 else ''}: {first.code} {first.message}"
        failure = ET.SubElement(case, "failure", {"message": xml_safe(summary),
                                                  "type": _FAILURE_TYPE[report.verdict]})
        failure.text = xml_safe("\n".join(violation_line(v, report) for v in failing))
    if others:
        out = ET.SubElement(case, "system-out")
        out.text = xml_safe("\n".join(violation_line(v, report) for v in others))
    return bool(failing)


def render_junit(
    reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *, strict: bool = False
) -> str:
    """A ``<testsuites>`` document with one ``<testsuite>`` holding every deck and unreadable input."""
    return "".join(junit_chunks(reports, unreadable, strict=strict))


def junit_chunks(
    reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *, strict: bool = False
) -> Iterator[str]:
    """:func:`render_junit` a test case at a time, each made as it is written (the counts of the
    head are worked out first)."""
    tests = len(reports) + len(unreadable)
    root = ET.Element("testsuites", {"name": "deckcheck"})
    suite = ET.SubElement(root, "testsuite", {"name": "deckcheck check"})
    failures = sum(1 for r in reports if any(v.fails(strict) for v in r.violations))
    for element in (root, suite):
        element.set("tests", str(tests))
        element.set("failures", str(failures))
        element.set("errors", str(len(unreadable)))
        element.set("time", "0")
    suite.set("skipped", "0")
    if not tests:
        ET.indent(root)
        yield ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"
        return
    ET.SubElement(suite, "cases")  # where the cases go, each written as it is made
    ET.indent(root)
    head, tail = ET.tostring(root, encoding="unicode", xml_declaration=True).split("<cases />")
    yield head.rstrip(" \n")
    for case in _cases(reports, unreadable, strict):
        ET.indent(case, level=2)
        yield "\n    " + ET.tostring(case, encoding="unicode")
    yield "\n  " + tail.lstrip(" \n") + "\n"


def _cases(reports: Sequence[Report], unreadable: Sequence[DeckcheckError], strict: bool) -> Iterator[ET.Element]:
    """Each deck's test case, then each unreadable input's, one at a time."""
    for report in reports:
        holder = ET.Element("testsuite")
        _testcase(holder, report, strict)
        yield holder[0]
    for error in unreadable:
        case = ET.Element("testcase", {
            "classname": "deckcheck.unreadable", "name": xml_safe(error.file or "input"), "time": "0",
        })
        node = ET.SubElement(case, "error", {"message": xml_safe(error.message), "type": "unreadable"})
        node.text = xml_safe(str(error))
        yield case
