"""``check --statistics``: how often each rule fired, the inputs that could not be read, and totals."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from deckcheck.errors import DeckcheckError
from deckcheck.rules.report import Report


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
                      as_json: bool = False) -> str:
    """One line per rule code (count, code, name), then the unreadable inputs, then a totals line."""
    data = statistics_data(reports, unreadable)
    if as_json:
        from deckcheck.render.json import json_text

        return json_text(data)
    rules = data["rules"]
    width = max([len(str(r["count"])) for r in rules] + [len(str(len(unreadable)))])
    lines = [f"{r['count']:>{width}}  {r['code']}  {r['name']}" for r in rules]
    if unreadable:
        lines.append(f"{len(unreadable):>{width}}  unreadable input{'' if len(unreadable) == 1 else 's'}:")
        lines.extend(f"{'':>{width}}    {e}" + (f"  (player {e.player})" if e.player else "") for e in unreadable)
    t = data["totals"]
    total = (f"{t['problems']} problem{'' if t['problems'] == 1 else 's'} in {t['decks']} "
             f"deck{'' if t['decks'] == 1 else 's'}: {t['legal']} legal, {t['illegal']} illegal")
    if t["unverified"]:
        total += f", {t['unverified']} unverified"
    if t["unreadable"]:
        total += f" · {t['unreadable']} input{'' if t['unreadable'] == 1 else 's'} could not be read"
    lines.append(total)
    return "".join(line + "\n" for line in lines)
