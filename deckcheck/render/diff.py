"""Deck differences and sideboard-plan verdicts as rich text or plain data. Prints nothing."""

from __future__ import annotations

from typing import Any

from deckcheck.decks.diff import DeckDiff, SideboardPlan, ZoneDiff
from deckcheck.decks.model import Zone
from deckcheck.words import ENGLISH, Language, N_, one_line


def _change(pair: tuple[str | None, str | None], w: Language) -> str:
    before, after = (w.card(name) if name else "—" for name in pair)
    if pair[0] == pair[1]:
        return w.say("{card} (unchanged)", card=before)
    return f"{before} → {after}"


def implied_sideboard(change: ZoneDiff, plan: SideboardPlan) -> ZoneDiff:
    """The sideboard after the swap, when the game deck lists none: the registered one with the
    cards brought in taken out and the cards taken out added (what the plan check assumes)."""
    brought, taken = sum(plan.brought_in.values()), sum(plan.taken_out.values())
    return ZoneDiff(zone=change.zone, added=dict(plan.taken_out), removed=dict(plan.brought_in),
                    before=change.before, after=change.before - brought + taken)


#: Each zone's name in a diff.
_ZONE_WORDS = {Zone.LEGEND: N_("legend"), Zone.CHAMPION: N_("champion"), Zone.MAIN: N_("main"),
               Zone.BATTLEFIELDS: N_("battlefields"), Zone.RUNES: N_("runes"), Zone.SIDEBOARD: N_("sideboard")}


def _zone_lines(change: ZoneDiff, note: str = "", w: Language = ENGLISH):
    from rich.text import Text

    title = Text(f"{w.say(_ZONE_WORDS[change.zone])} ", style="bold")
    if not change.changed:
        title.append(w.say("unchanged ({count})", count=change.after), style="dim")
        return [title]
    title.append(f"({change.before} → {change.after})")
    if note:
        title.append(f" {note}", style="dim")
    lines = [title]
    for sign, counts, style in (("+", change.added, "green"), ("−", change.removed, "red")):
        for name, n in counts.items():
            line = Text(f"  {sign}{n} ", style=style)
            line.append(one_line(w.card(name)))
            lines.append(line)
    return lines


def render_diff_text(diff: DeckDiff, plan: SideboardPlan | None = None, w: Language = ENGLISH):
    """``A → B``, legend and champion, then cards in (+) and out (−) per zone; then the plan's verdict."""
    from rich.console import Group
    from rich.text import Text

    lines = [Text(one_line(f"{diff.a} → {diff.b}"), style="bold")]
    lines.append(Text(w.say("legend {change}", change=_change(diff.legend, w))))
    lines.append(Text(w.say("champion {change}", change=_change(diff.champion, w))))
    for change in diff.zones:
        if change.zone is Zone.LEGEND and (diff.legend[0] != diff.legend[1] or not change.changed):
            continue  # the legend line above says it all
        if plan is not None and change.zone is Zone.SIDEBOARD and change.after == 0 and change.before:
            # B lists no sideboard: show the one the swap leaves, as the plan check reads it
            lines.extend(_zone_lines(implied_sideboard(change, plan), w.say("(not listed in B: what the swap leaves)"),
                                     w))
            continue
        lines.extend(_zone_lines(change, w=w))
    if diff.identical:
        lines.append(Text(w.say("no differences"), style="green"))
    if plan is not None:
        lines.append(Text(""))
        swapped = sum(plan.brought_in.values())
        if plan.legal:
            lines.append(Text(w.say_n("✓ a legal sideboard plan: {n} card swapped one for one (TR 403.4)",
                                      "✓ a legal sideboard plan: {n} cards swapped one for one (TR 403.4)", swapped),
                              style="bold green"))
        else:
            lines.append(Text(w.say("✗ not a legal sideboard plan"), style="bold red"))
            for problem in plan.problems:
                line = Text(f"    {problem.rule}", style="bold")
                line.append(f"  {w(problem.message)}")
                lines.append(line)
    return Group(*lines)


def diff_dict(diff: DeckDiff, plan: SideboardPlan | None = None) -> dict[str, Any]:
    """The same as plain data (``deckcheck diff --output json``)."""
    data: dict[str, Any] = {
        "a": diff.a,
        "b": diff.b,
        "identical": diff.identical,
        "legend": {"before": diff.legend[0], "after": diff.legend[1]},
        "champion": {"before": diff.champion[0], "after": diff.champion[1]},
        "zones": {},
    }
    for z in diff.zones:
        implied = plan is not None and z.zone is Zone.SIDEBOARD and z.after == 0 and bool(z.before)
        if implied:
            z = implied_sideboard(z, plan)
        data["zones"][z.zone.value] = {"before": z.before, "after": z.after, "in": z.added, "out": z.removed,
                                       **({"not_listed": True} if implied else {})}
    if plan is not None:
        data["sideboard_plan"] = {
            "legal": plan.legal,
            "in": plan.brought_in,
            "out": plan.taken_out,
            "problems": [{"rule": p.rule, "message": p.message, "severity": p.severity} for p in plan.problems],
        }
    return data
