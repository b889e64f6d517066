"""``check --statistics``: how often each rule fired, the inputs that could not be read, and totals."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from deckcheck.errors import DeckcheckError
from deckcheck.rules.report import Report
from deckcheck.words import ENGLISH, Language


def statistics_data(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = ()) -> dict:
    """Counts per rule code (most frequent first), the unreadable inputs, and the totals, as plain data."""
    counts: Counter = Counter()
    names: dict[str, str] = {}
    for report in reports:
        for violation in report.violations:
            counts[violation.code] += 1
            names[violation.code] = violation.name
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    verdicts = Counter(r.verdict for r in reports)
    return {
        "rules": [{"code": c, "name": names[c], "count": n} for c, n in ranked],
        "unreadable": [{"source": str(e.file or ""), "line": e.line, "player": e.player, "message": e.message}
                       for e in unreadable],
        "totals": {"decks": len(reports), "legal": verdicts["legal"], "illegal": verdicts["illegal"],
                   "unverified": verdicts["unverified"], "unreadable": len(unreadable),
                   "problems": sum(counts.values())},
    }


def render_statistics(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *,
                      as_json: bool = False, w: Language = ENGLISH) -> str:
    """One line per rule code (count, code, name), then the unreadable inputs, then a totals line (in the
    language ``w``; the JSON stays English)."""
    data = statistics_data(reports, unreadable)
    if as_json:
        from deckcheck.render.json import json_text

        return json_text(data)
    rules = data["rules"]
    width = max([len(str(r["count"])) for r in rules] + [len(str(len(unreadable)))])
    lines = [f"{r['count']:>{width}}  {r['code']}  {r['name']}" for r in rules]
    if unreadable:
        lines.append(f"{len(unreadable):>{width}}  " + w.say_n("unreadable input:", "unreadable inputs:", len(unreadable)))
        lines.extend(f"{'':>{width}}    {e}" + (w.say("  (player {player})", player=e.player) if e.player else "")
                     for e in unreadable)
    t = data["totals"]
    problems = w.say_n("{n} problem", "{n} problems", t["problems"])
    decks = w.say_n("{n} deck", "{n} decks", t["decks"])
    total = w.say("{problems} in {decks}: {legal} legal, {illegal} illegal", problems=problems, decks=decks,
                  legal=t["legal"], illegal=t["illegal"])
    if t["unverified"]:
        total += w.say(", ") + w.say("{count} unverified", count=t["unverified"])
    if t["unreadable"]:
        total += " · " + w.say_n("{n} input could not be read", "{n} inputs could not be read", t["unreadable"])
    lines.append(total)
    return "".join(line + "\n" for line in lines)
