"""Fixes as a diff a person reads, as JSON for scripts, and as CSV (one row per list). Prints nothing."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

from deckcheck.errors import place
from deckcheck.repair.batch import FixedList
from deckcheck.repair.model import (ALREADY_LEGAL, CANNOT, DECK_DIFFERS, DECK_ILLEGAL, FIXED, LIST_ILLEGAL, MATCHES,
                                    SIDEBOARDED, STATUSES, TO_SETTLE, UNVERIFIED, Change, DeckCheck, Fix, Step)

#: The CSV columns, in order.
COLUMNS = ("source", "row", "player", "status", "changes", "legal_after", "reasons", "check_by_hand",
           "corrected_list", "duplicate")
_MARK = {ALREADY_LEGAL: "✓", FIXED: "✓", UNVERIFIED: "?", TO_SETTLE: "?", CANNOT: "✗"}


def change_words(change: Change, with_candidates: bool = True) -> str:
    """``-1 Cleave (4th copy, RB103)``; another zone than the Main Deck is named after the card; a misspelt
    name read as a card: ``'Ravnbloom Student' → Ravenbloom Student (no card of that name; ..., RB001)``."""
    where = "" if change.zone == "main" else f" [{change.zone}]"
    why = f"{change.reason}, {change.code}" if change.reason else change.code
    if change.written is not None:
        return f"'{change.written}' → {change.card}{where} ({why})"
    tail = ""
    if with_candidates and change.candidates:
        tail = "; or " + ", ".join(change.candidates)
    return f"{change.delta:+d} {change.card}{where} ({why}{tail})"


def change_lines(changes: Sequence[Change]) -> list[str]:
    """One line per change; a Chosen Champion named instead of another is one line."""
    lines = []
    old = next((c for c in changes if c.zone == "champion" and c.delta < 0), None)
    for change in changes:
        if change is old:
            continue
        if change.zone == "champion" and change.delta > 0:
            others = f"; or {', '.join(change.candidates)}" if change.candidates else ""
            lines.append(f"champion {old.card + ' → ' if old else ''}{change.card} ({change.code}{others})")
        else:
            lines.append(change_words(change))
    return lines


def status_words(fix: Fix) -> str:
    """One line: what the fix says of the list."""
    if fix.status == ALREADY_LEGAL:
        return "already legal"
    if fix.status == FIXED:
        n, names = fix.size, fix.corrected_names
        changed = f"{n} card change{'s' if n != 1 else ''}"
        if names:
            named = f"{names} name{'s' if names != 1 else ''} corrected"
            return f"legal after {named}" + (f" and {changed}" if n else "")
        return f"legal after {changed}" if n else "legal after naming the Chosen Champion"
    if fix.status == TO_SETTLE:
        return "a line to settle: it could be several cards" if len(fix.reasons) == 1 else \
            f"{len(fix.reasons)} lines to settle: each could be several cards"
    if fix.status == UNVERIFIED:
        return "unverified: the card data cannot know every card"
    return "cannot be made legal from the list"


def render_fix_text(results: Sequence[FixedList], *, show_list: bool = True) -> str:
    """Each list: its verdict, the changes one per line, the deck check's differences, the corrected list."""
    out: list[str] = []
    for item in results:
        label = place(item.source, None) + (f" ({item.player})" if item.player else "")
        if item.error is not None:
            out += [f"✗ unreadable  {label}", f"  {place(item.error.file, item.error.line) or item.source}: "
                                               f"{item.error.message}", ""]
            continue
        fix = item.fix
        title = f" ({fix.name})" if fix.name and fix.name != item.source else ""
        out.append(f"{_MARK[fix.status]} {status_words(fix)}  {label}{title}")
        out.append(f"  {fix.format}, {fix.as_of.isoformat()}")
        if fix.deck_check is not None:
            out += _deck_check_lines(fix, fix.deck_check)
        out += ["  " + line for line in change_lines(fix.changes)]
        out += [f"  {'settle' if fix.status == TO_SETTLE else 'why'}: {reason}" for reason in fix.reasons]
        if fix.check_by_hand:
            out.append("  check by hand: " + ", ".join(fix.check_by_hand))
        for note in [*fix.notes, *item.notes]:
            out.append(f"  note: {note}")
        if fix.changes:
            out.append("  checked: " + _checked_words(fix))
        if show_list and item.corrected is not None:
            out += ["", "corrected list:", item.corrected.rstrip("\n")]
        out.append("")
    out.append(summary_line(results))
    return "\n".join(out) + "\n"


def _checked_words(fix: Fix) -> str:
    """What the check of the corrected list found, in a few words."""
    if fix.legal_after:
        return "legal after the change"
    if fix.status == UNVERIFIED:
        return "legal after the change but for the cards to check by hand"
    if fix.status == TO_SETTLE:
        return "legal after the change but for the lines to settle"
    return "not legal after the change"




#: A zone as the remedy's steps name it.
_ZONE_WORDS = {"main": "the Main Deck", "sideboard": "the sideboard", "runes": "the Rune Deck",
               "battlefields": "the battlefields", "legend": "the legend slot", "additional_legends": "the chosen legends"}
#: What a deck check found, in words.
_FOUND = {
    MATCHES: "the deck is the registered list",
    SIDEBOARDED: "the deck is a legal 1-for-1 sideboarding of the list (TR 403.4)",
    DECK_ILLEGAL: "the deck is not legal, the list is",
    DECK_DIFFERS: "the deck is legal and differs from the list otherwise than by a 1-for-1 sideboarding",
    LIST_ILLEGAL: "the registered list is not legal",
}

_IN_GAME_1 = ", still in place for game 1 (TR 403.5, 403.8)"


def step_words(step: Step) -> str:
    """``move 1 Rebuke from the Main Deck to the sideboard``: one thing done to the deck."""
    if step.target == "champion":
        return f"name {step.card} the Chosen Champion"
    if step.source is not None and step.target is not None:
        return f"move {step.count} {step.card} from {_ZONE_WORDS[step.source]} to {_ZONE_WORDS[step.target]}"
    if step.target is not None:
        return f"put {step.count} {step.card} into {_ZONE_WORDS[step.target]}"
    return f"take {step.count} {step.card} out of {_ZONE_WORDS[step.source or 'main']}"


def infraction_words(check: DeckCheck) -> str:
    """``Deck Presentation Error (TR 703.4; TR 703.4.a.2), penalty Warning``, or why there is none."""
    found = check.infraction
    if found is None:
        return ("none: sideboarding between games of a match is allowed (TR 403.4)" if check.finding == SIDEBOARDED
                else "none")
    return f"{found.name}, penalty {found.penalty} ({', '.join(found.examples or (found.rule,))})"


def remedy_words(check: DeckCheck) -> str | None:
    """What is done, in one line, with its section; None when nothing is."""
    if not check.remedy_rule:
        return None
    if check.list_stands:
        return f"restore the deck, card by card; the registered list stands ({check.remedy_rule})"
    if check.presented_legal and not check.matches:
        tail = "; the deck is put back to it, card by card" if check.remedy else ""
        return f"the registered list is changed to match the deck{tail} ({check.remedy_rule})"
    return f"the list gets its smallest legal change, and the deck is made to match it ({check.remedy_rule})"


def _deck_check_lines(fix: Fix, check: DeckCheck) -> list[str]:
    n = len(check.differences)
    lines = [f"  deck check, game {check.game}, against {check.presented}: "
             + (f"{n} difference{'s' if n != 1 else ''}" if n else "no differences")]
    for d in check.differences:
        side = "in the deck, not on the list" if d.count > 0 else "on the list, not in the deck"
        lines.append(f"    {d.zone}: {d.count:+d} {d.card} ({side})")
    lines.append(f"  found: {_FOUND[check.finding]}" + (_IN_GAME_1 if check.finding == SIDEBOARDED and check.game == 1
                                                          else ""))
    if check.finding == LIST_ILLEGAL:
        lines += [f"    the list: {v.code} {v.message}" for v in fix.before.errors]
    if not check.presented_legal and not check.matches:
        lines += [f"    the deck: {v.code} {v.message}" for v in check.presented_report.errors]
    lines.append(f"  infraction: {infraction_words(check)}")
    remedy = remedy_words(check)
    if remedy is not None:
        lines.append(f"  remedy: {remedy}")
        lines += [f"    {step_words(step)}" for step in check.remedy]
    lines += [f"  note: {note}" for note in check.notes]
    return lines


def summary_line(results: Sequence[FixedList]) -> str:
    counts = {s: 0 for s in STATUSES}
    unreadable = 0
    for item in results:
        if item.error is not None:
            unreadable += 1
        else:
            counts[item.fix.status] += 1
    parts = [f"{n} {s}" for s, n in counts.items() if n]
    if unreadable:
        parts.append(f"{unreadable} unreadable")
    return f"{len(results)} list{'s' if len(results) != 1 else ''}: " + ", ".join(parts)


def fix_dict(item: FixedList) -> dict[str, Any]:
    """One result as plain data: ``changes`` (each zone, card, delta, code), ``legal_after`` and the rest."""
    base: dict[str, Any] = {"source": item.source, "row": item.row, "player": item.player}
    if item.error is not None:
        return {**base, "status": "unreadable", "error": item.error.message, "line": item.error.line}
    fix = item.fix
    written = _written_names(fix.before)
    data = {
        **base,
        "name": fix.name,
        "format": fix.format,
        "as_of": fix.as_of.isoformat(),
        "status": fix.status,
        "legal_before": fix.before.legal,
        "legal_after": fix.legal_after,
        "size": fix.size,
        "changes": [{"zone": c.zone, "card": c.card, "delta": c.delta, "code": c.code, "reason": c.reason,
                     "written": c.written if c.written is not None else written.get(c.card),
                     **({"card_id": c.card_id} if c.card_id else {}),
                     **({"candidates": list(c.candidates)} if c.candidates else {}),
                     **({"line": c.line} if c.written is not None else {})}
                    for c in fix.changes],
        "champion": {"before": fix.champion[0], "after": fix.champion[1]},
        "reasons": fix.reasons,
        "check_by_hand": fix.check_by_hand,
        "notes": [*fix.notes, *item.notes],
        "corrected_list": item.corrected,
    }
    if fix.after is not None and not fix.after.legal:
        data["problems_after"] = [{"code": v.code, "message": v.message} for v in fix.after.errors]
    if fix.deck_check is not None:
        data["deck_check"] = deck_check_dict(fix.deck_check)
    return data


def deck_check_dict(check: DeckCheck) -> dict[str, Any]:
    """A deck check as plain data: what differs, what was found, the infraction, the remedy."""
    found = check.infraction
    return {
        "rule": check.rule,
        "presented": check.presented,
        "presented_legal": check.presented_legal,
        "game": check.game,
        "finding": check.finding,
        "infraction": None if found is None else {"name": found.name, "penalty": found.penalty, "rule": found.rule,
                                                  "examples": list(found.examples)},
        "remedy": {"rule": check.remedy_rule or None, "list_stands": check.list_stands,
                   "steps": [{"card": s.card, "count": s.count, "from": s.source, "to": s.target}
                             for s in check.remedy]},
        "notes": check.notes,
        "differences": [{"zone": d.zone, "card": d.card, "count": d.count} for d in check.differences],
        "presented_errors": [{"code": v.code, "message": v.message} for v in check.presented_report.errors],
    }


def _written_names(report) -> dict[str, str]:
    """English name -> the name the list wrote in another language, for the cards the check names."""
    pairs = [(report.legend, report.legend_written), (report.champion, report.champion_written),
             *((v.card, v.written) for v in report.violations)]
    return {name: written for name, written in pairs if name and written}


#: The shape of ``fix -o json`` (deckcheck/schemas/fix.schema.json); raised on a change that breaks a script.
SCHEMA_VERSION = 1


def render_fix_json(results: Sequence[FixedList]) -> str:
    from deckcheck.render.json import json_text

    return json_text({"schema_version": SCHEMA_VERSION, "fixes": [fix_dict(r) for r in results],
                      "summary": summary_line(results)})


def _safe(text: str) -> str:
    """A cell a spreadsheet will not run as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def render_fix_csv(results: Sequence[FixedList]) -> str:
    """One row per list (per player of an export), unreadable ones included, CRLF line ends."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    from deckcheck.render.table import duplicate_notes

    duplicates = duplicate_notes((item.source, item.player) for item in results)
    for item in results:
        row = {"source": item.source, "row": "" if item.row is None else str(item.row), "player": item.player or "",
               "duplicate": duplicates.get(item.source, "")}
        if item.error is not None:
            row.update(status="unreadable", reasons=item.error.message)
        else:
            fix = item.fix
            row.update(status=fix.status if fix.status != CANNOT else "cannot be made legal from the list",
                       changes="; ".join(change_words(c, with_candidates=False) for c in fix.changes),
                       legal_after="yes" if fix.legal_after else "no", reasons="; ".join(fix.reasons),
                       check_by_hand=", ".join(fix.check_by_hand), corrected_list=item.corrected or "")
        writer.writerow({k: _safe(str(v)) for k, v in row.items()})
    return buffer.getvalue()
