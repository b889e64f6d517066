"""Fixes as a diff a person reads, as JSON for scripts, and as CSV (one row per list). Prints nothing."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any

from deckcheck.errors import place
from deckcheck.words import one_line, spreadsheet_cell
from deckcheck.repair.batch import FixedList
from deckcheck.repair.model import ALREADY_LEGAL, CANNOT, FIXED, UNVERIFIED, Change, Fix

#: The CSV columns, in order.
COLUMNS = ("source", "row", "player", "status", "changes", "legal_after", "reasons", "check_by_hand",
           "corrected_list")
_MARK = {ALREADY_LEGAL: "✓", FIXED: "✓", UNVERIFIED: "?", CANNOT: "✗"}


def change_words(change: Change, with_candidates: bool = True) -> str:
    """``-1 Cleave (4th copy, RB103)``; another zone than the Main Deck is named after the card."""
    where = "" if change.zone == "main" else f" [{change.zone}]"
    why = f"{change.reason}, {change.code}" if change.reason else change.code
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
        n = fix.size
        return f"legal after {n} card change{'s' if n != 1 else ''}" if n else "legal after naming the Chosen Champion"
    if fix.status == UNVERIFIED:
        return "unverified: the card data cannot know every card"
    return "cannot be made legal from the list"


def render_fix_text(results: Sequence[FixedList], *, show_list: bool = True) -> str:
    """Each list: its verdict, the changes one per line, the deck check's differences, the corrected list."""
    out: list[str] = []
    for item in results:
        label = item.source + (f" ({item.player})" if item.player else "")
        if item.error is not None:
            out += [f"✗ unreadable  {label}", f"  {place(item.error.file, item.error.line) or item.source}: "
                                               f"{item.error.message}", ""]
            continue
        fix = item.fix
        title = f" ({fix.name})" if fix.name and fix.name != item.source else ""
        out.append(f"{_MARK[fix.status]} {status_words(fix)}  {label}{title}")
        out.append(f"  {fix.format}, {fix.as_of.isoformat()}")
        if fix.deck_check is not None:
            out += _deck_check_lines(fix)
        out += ["  " + line for line in change_lines(fix.changes)]
        out += [f"  why: {reason}" for reason in fix.reasons]
        if fix.check_by_hand:
            out.append("  check by hand: " + ", ".join(fix.check_by_hand))
        for note in [*fix.notes, *item.notes]:
            out.append(f"  note: {note}")
        if fix.changes:
            out.append("  checked: " + ("legal after the change" if fix.legal_after
                                        else "legal after the change but for the cards to check by hand"
                                        if fix.status == UNVERIFIED else "not legal after the change"))
        if show_list and item.corrected is not None:
            out += ["", "corrected list:", *item.corrected.rstrip("\n").split("\n")]
        out.append("")
    out.append(summary_line(results))
    return "\n".join(map(one_line, out)) + "\n"  # a name, a title or a list line is one line, no escapes


def _deck_check_lines(fix: Fix) -> list[str]:
    check = fix.deck_check
    n = len(check.differences)
    lines = [f"  deck check ({check.rule}) against {check.presented}: "
             + (f"{n} difference{'s' if n != 1 else ''}" if n else "no differences")]
    for d in check.differences:
        side = "in the deck, not on the list" if d.count > 0 else "on the list, not in the deck"
        lines.append(f"    {d.zone}: {d.count:+d} {d.card} ({side})")
    verdict = "legal" if check.presented_legal else "not legal"
    lines.append(f"    the presented deck is {verdict}: "
                 + ("the list is corrected to match it" if check.presented_legal and n
                    else "the list stands" if check.presented_legal
                    else "the list is legal and stands: the deck is made to match it" if fix.before.legal
                    else "the registered list gets the smallest legal change") + f" ({check.rule})")
    return lines


def summary_line(results: Sequence[FixedList]) -> str:
    counts = {s: 0 for s in (ALREADY_LEGAL, FIXED, UNVERIFIED, CANNOT)}
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
                     **({"card_id": c.card_id} if c.card_id else {}),
                     **({"candidates": list(c.candidates)} if c.candidates else {})} for c in fix.changes],
        "champion": {"before": fix.champion[0], "after": fix.champion[1]},
        "reasons": fix.reasons,
        "check_by_hand": fix.check_by_hand,
        "notes": [*fix.notes, *item.notes],
        "corrected_list": item.corrected,
    }
    if fix.after is not None and not fix.after.legal:
        data["problems_after"] = [{"code": v.code, "message": v.message} for v in fix.after.errors]
    if fix.deck_check is not None:
        check = fix.deck_check
        data["deck_check"] = {"rule": check.rule, "presented": check.presented,
                              "presented_legal": check.presented_legal,
                              "differences": [{"zone": d.zone, "card": d.card, "count": d.count}
                                              for d in check.differences]}
    return data


def render_fix_json(results: Sequence[FixedList]) -> str:
    return json.dumps({"fixes": [fix_dict(r) for r in results], "summary": summary_line(results)},
                      indent=2, ensure_ascii=False) + "\n"


def render_fix_csv(results: Sequence[FixedList]) -> str:
    """One row per list (per player of an export), unreadable ones included, CRLF line ends."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    for item in results:
        row = {"source": item.source, "row": "" if item.row is None else str(item.row), "player": item.player or ""}
        if item.error is not None:
            row.update(status="unreadable", reasons=item.error.message)
        else:
            fix = item.fix
            row.update(status=fix.status if fix.status != CANNOT else "cannot be made legal from the list",
                       changes="; ".join(change_words(c, with_candidates=False) for c in fix.changes),
                       legal_after="yes" if fix.legal_after else "no", reasons="; ".join(fix.reasons),
                       check_by_hand=", ".join(fix.check_by_hand), corrected_list=item.corrected or "")
        writer.writerow({k: spreadsheet_cell(str(v), k == "corrected_list") for k, v in row.items()})
    return buffer.getvalue()
