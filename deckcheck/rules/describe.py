"""Rules and formats as plain data, for ``deckcheck rules``, ``rule``, ``formats`` and docs/rules.md."""

from __future__ import annotations

from datetime import date

from deckcheck.rules.formats import FormatSpec, format_names, format_on, load_format
from deckcheck.rules.refs import cite, cite_text, edition
from deckcheck.rules.registry import Rule, all_rules
from deckcheck.words import ENGLISH, Language, say


def rule_info(rule: Rule, as_of: date, w: Language = ENGLISH) -> dict:
    """One rule with its references as numbered on ``as_of`` and in the 2026-07-16 baseline, its words
    in the language ``w``.

    The explanation is one line per paragraph (the terminal wraps it to its width) and, like the
    summary, example and hint, cites CR numbers as numbered on ``as_of``, as the references do.
    """
    return {
        "code": rule.code,
        "name": rule.name,
        "severity": rule.severity.value,
        "references": cite(rule.refs, as_of),
        "references_2026_07_16": ", ".join(
            r.replace("CR* ", "CR ") + " (new on 2026-10-09)" if r.startswith("CR* ") else r for r in rule.refs),
        "summary": cite_text(w(rule.summary), as_of),
        "explanation": cite_text(unwrap(w(rule.explanation)), as_of),
        "example": cite_text(w(rule.example), as_of),
        "hint": cite_text(w(rule.hint), as_of),
        "formats": [n for n in format_names() if rule.applies_to(load_format(n))],
    }


def unwrap(text: str) -> str:
    """Join the lines of each paragraph (as written in a docstring) into one; paragraphs stay
    separated by a blank line and list items (``- ``, ``* ``) keep their own lines."""
    paragraphs = []
    for block in text.strip().split("\n\n"):
        lines: list[str] = []
        for line in block.splitlines():
            line = line.strip()
            if lines and not line.startswith(("- ", "* ")):
                lines[-1] += " " + line
            else:
                lines.append(line)
        paragraphs.append("\n".join(lines))
    return "\n\n".join(paragraphs)


def rules_info(format: str | None, as_of: date, w: Language = ENGLISH) -> dict:
    """Every rule (or those that run in ``format``), with the numbering used, in the language ``w``."""
    spec = load_format(format) if format else None
    rules = [r for r in all_rules() if spec is None or r.applies_to(spec)]
    return {"as_of": as_of.isoformat(), "numbering": edition(as_of), "format": spec.name if spec else None,
            "rules": [rule_info(r, as_of, w) for r in rules]}


def format_info(spec: FormatSpec, as_of: date, sets: dict) -> dict:
    """What ``spec`` allows on ``as_of``: sizes, sideboard, legal and coming sets, bans."""
    fmt = format_on(spec, as_of, sets)
    if fmt.sideboard == "limited":
        side = (say("at most {count}", count=fmt.sideboard_max) if fmt.sideboard_max is not None
                else say("exactly {count}", count=" or ".join(map(str, fmt.sideboard_sizes or ()))))
    else:
        side = {"none": say("none (best of one)"), "unchecked": say("not checked (Core Rules only)")}[fmt.sideboard]
    return {
        "name": spec.name,
        "title": spec.title,
        "description": spec.description,
        "as_of": as_of.isoformat(),
        "best_of": spec.best_of,
        "tournament_rules": spec.tournament,
        "main_deck": (say("exactly {count}", count=fmt.main_exact) if fmt.main_exact
                      else say("at least {count}", count=fmt.main_min)),
        "runes": say("exactly {count}", count=fmt.runes_exact),
        "battlefields": say("exactly {count}, different names", count=fmt.battlefields_exact),
        "sideboard": side,
        "sideboard_rule": fmt.sideboard_note,
        "legal_sets": [_set(s) for s in fmt.legal_sets.values()],
        "coming_sets": [_set(s) for s in fmt.pending_sets.values()],
        "left_sets": [_set(s) for s in fmt.left_sets.values()],
        "bans": [_ban(b) for b in sorted(fmt.bans.values(), key=lambda b: (b.since, b.card))],
        "coming_bans": [_ban(b) for b in sorted(fmt.later_bans.values(), key=lambda b: (b.since, b.card))],
        "event_battlefields": list(spec.battlefields) if spec.battlefields is not None else None,
        "team_size": spec.team_size,
        "precon_products": _products() if spec.precon_exception else None,
        "file": spec.file,
    }


def formats_info(as_of: date, sets: dict, only: str | None = None) -> list[dict]:
    """Every bundled format (or just ``only``) on ``as_of``; formats not started yet are skipped."""
    out = []
    for name in [only] if only else format_names():
        spec = load_format(name)
        if as_of >= spec.starts:
            out.append(format_info(spec, as_of, sets))
    return out


def _products() -> list[dict]:
    """The preconstructed products whose exact contents keep their banned cards (TR 601.2.d.2)."""
    from deckcheck.rules.precons import load_products

    return [{"id": p.id, "product": p.name, "set": p.set, "doubt": p.doubt} for p in load_products()]


def _set(s) -> dict:
    return {"code": s.code, "name": s.name, "released": s.released.isoformat() if s.released else None,
            "in_card_data": s.in_database, "leaves": s.leaves.isoformat() if s.leaves else None}


def _ban(b) -> dict:
    return {"card": b.card, "from": b.since.isoformat(), **({"riot_name": b.riot_name} if b.riot_name else {})}


def rules_markdown() -> str:
    """docs/rules.md: every rule with code, name, references (both numberings) and description."""
    from deckcheck.rules.refs import RENUMBERED

    lines = [
        "# deckcheck rules",
        "",
        "<!-- Generated from the rule registry by `python -m deckcheck.rules.describe`; do not edit by hand. -->",
        "",
        "Every construction rule deckcheck checks. References are given in the numbering of the Core",
        "Rules (CR) and Tournament Rules (TR) of 2026-07-16 (in force from 2026-07-24) and of 2026-10-09",
        "(in force from 2026-10-16; they moved CR 103.1–103.4 down by one); a report cites the numbering",
        "in force on the date checked (`--as-of`). For dates before 2026-07-24 the 2026-07-16 numbers are",
        "cited, and the report says that older versions numbered differently. `deckcheck rule CODE`",
        "prints the full explanation. The team rules (RB701–RB703) compare the two decks of a 2v2 team",
        "(`--format 2v2` with a registration export's team column, or `--team A B`).",
        "",
        "| code | name | severity | references (2026-07-16) | references (2026-10-09) | formats | what it checks |",
        "|---|---|---|---|---|---|---|",
    ]
    for rule in all_rules():
        info = rule_info(rule, RENUMBERED)
        lines.append(
            f"| {rule.code} | `{rule.name}` | {rule.severity.value} | {info['references_2026_07_16']} | "
            f"{info['references']} | {', '.join(info['formats'])} | {rule.summary} |"
        )
    lines += ["", "## Explanations", ""]
    for rule in all_rules():
        lines += [f"### {rule.code} `{rule.name}`", "", rule.explanation.replace("\n", " "), "",
                  f"*Example:* {rule.example}. *Fix:* {rule.hint}.", ""]
        repair = rule.repair_words
        if repair:
            lines[-1:-1] = ["", repair.replace("deckcheck fix", "*`deckcheck fix`*", 1) + "."]
    lines += [
        "## Formats",
        "",
        "Formats are reviewed YAML in `card_data/formats/` (`deckcheck formats --as-of DATE` shows one",
        "date): `standard` (Tournament Rules, best of three), `standard-bo1` (no sideboard), `2v2`",
        "(standard plus the Master Yi legend ban from 2026-07-24) and `casual` (Core Rules only: at least",
        "40 cards, no sideboard rules, no bans). A format file can `extends:` another and `add_bans:`;",
        "`--format path/to/event.yaml` checks against your own file. Each listed set is legal from its",
        "release date in `card_data/sets.json` (announced sets too, once a card data update brings their",
        "cards); a set that rotates out is written `{set: OGN, leaves: 2028-MM-DD}` and is legal until",
        "the day before.",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover - regenerates the docs page
    import sys
    from pathlib import Path

    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "docs" / "rules.md"
    from deckcheck.io import atomic_write_text

    atomic_write_text(target, rules_markdown())
    print(f"wrote {target}")
