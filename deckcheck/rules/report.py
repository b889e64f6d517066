"""What a check produces: plain data, deterministic in order, knowing nothing of terminals."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from deckcheck.decks.model import Severity

#: The three verdicts, in the order a summary lists them.
VERDICTS = ("legal", "illegal", "unverified")
Verdict = Literal["legal", "illegal", "unverified"]

_SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


class Violation(BaseModel):
    """One way a deck breaks (or may break) a rule."""

    model_config = ConfigDict(frozen=True)

    code: str = Field(description="Stable rule code, e.g. RB101")
    name: str = Field(description="Short rule name, e.g. main-deck-size")
    rule: str = Field(description="Official reference in force on the date checked, e.g. 'TR 402.1'")
    severity: Severity
    message: str
    card: str | None = Field(default=None, description="The card's full name, if one card is at fault")
    file: str | None = None
    line: int | None = None
    hint: str = Field(default="", description="How to fix it")
    zone: str | None = None
    unverified: bool = Field(
        default=False,
        description="An error the card data cannot decide (a card it does not hold): check it by hand",
    )

    def fails(self, strict: bool = False) -> bool:
        """An error fails a deck; with ``strict`` a warning does too."""
        return self.severity is Severity.ERROR or (strict and self.severity is Severity.WARNING)

    def sort_key(self) -> tuple:
        return (_SEVERITY_ORDER[self.severity], self.line or 0, self.code, self.card or "", self.message)


class Report(BaseModel):
    """The result of checking one deck in one format on one date."""

    source: str | None = None
    name: str | None = None
    player: str | None = Field(default=None, description="The player who registered the deck (a row of an export)")
    team: str | None = Field(default=None, description="The player's team (2v2 events)")
    format: str
    as_of: date
    legend: str | None = None
    champion: str | None = None
    rules_version: str | None = Field(default=None, description="Which edition's numbering the `rule` fields cite")
    counts: dict[str, int] = Field(default_factory=dict)
    violations: list[Violation] = Field(default_factory=list)

    @property
    def errors(self) -> list[Violation]:
        return [v for v in self.violations if v.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Violation]:
        return [v for v in self.violations if v.severity is Severity.WARNING]

    @property
    def legal(self) -> bool:
        """No errors (warnings and notes do not make a deck illegal). False for an unverified deck."""
        return not any(v.severity is Severity.ERROR for v in self.violations)

    @property
    def verdict(self) -> Verdict:
        """``legal`` (no errors), ``unverified`` (the only errors are cards the data cannot know:
        the deck is not proven legal), or ``illegal``."""
        errors = [v for v in self.violations if v.severity is Severity.ERROR]
        if not errors:
            return "legal"
        return "unverified" if all(v.unverified for v in errors) else "illegal"

    @property
    def unverified_cards(self) -> list[str]:
        """The cards (as written) that must be checked by hand, in line order."""
        found = sorted((v for v in self.violations if v.unverified), key=Violation.sort_key)
        out: list[str] = []
        for v in found:
            if v.card and v.card not in out:
                out.append(v.card)
        return out

    def passes(self, strict: bool = False) -> bool:
        """Legal, and with ``strict`` also free of warnings."""
        return not any(v.fails(strict) for v in self.violations)
