"""Which rules a run reports: ``--select`` and ``--ignore`` with codes or prefixes, as in ruff.

``select`` (default: every rule) names the rules reported; ``ignore`` takes rules out of that.
A selector is a rule code (``RB103``), a prefix of codes (``RB1``: every Main Deck rule), a rule
name (``copy-limit``) or ``ALL``. A selector that matches no rule is an error, so a typo never
silently turns a check off.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from deckcheck.arguments import as_strings
from deckcheck.errors import DeckcheckError

if TYPE_CHECKING:
    from deckcheck.rules.report import Report


class RuleSelection:
    """The rule codes a run reports."""

    __slots__ = ("codes", "select", "ignore", "everything")

    def __init__(self, select: str | Iterable[str] = (), ignore: str | Iterable[str] = ()) -> None:
        """``select`` and ``ignore`` are one selector (a string) or many."""
        from deckcheck.rules.registry import all_rules

        every = {r.code: r.name for r in all_rules()}
        self.select = tuple(as_strings(select))
        self.ignore = tuple(as_strings(ignore))
        chosen = _matching(self.select, every, "select") if self.select else set(every)
        self.codes = frozenset(chosen - _matching(self.ignore, every, "ignore"))
        #: True when no rule is left out (nothing to filter).
        self.everything = self.codes == every.keys()

    def allows(self, code: str) -> bool:
        return code in self.codes

    def apply(self, report: Report) -> Report:
        """``report`` with only the selected rules' violations (the verdict follows from them)."""
        if self.everything:
            return report
        report.violations = [v for v in report.violations if v.code in self.codes]
        return report


def _matching(selectors: Iterable[str], every: dict[str, str], parameter: str) -> set[str]:
    import difflib

    found: set[str] = set()
    for selector in selectors:
        key = selector.strip()
        if key.upper() == "ALL":
            found.update(every)
            continue
        hits = {code for code, name in every.items() if code.startswith(key.upper()) or name == key.lower()}
        if not hits:
            close = (difflib.get_close_matches(key.upper(), list(every), n=2, cutoff=0.6)
                     or difflib.get_close_matches(key.lower(), list(every.values()), n=2, cutoff=0.6))
            hint = f"; did you mean {' or '.join(close)}?" if close else ""
            raise DeckcheckError(f"no rule code starts with '{selector}'{hint} "
                                 "('deckcheck rules' lists them; prefixes such as RB1 select a group)",
                                 parameter=parameter)
        found |= hits
    return found
