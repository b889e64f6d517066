"""Fixes as a diff a person reads, as JSON for scripts, and as CSV (one row per list). Prints nothing."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from deckcheck.errors import place
from deckcheck.words import ENGLISH, N_, Language, Speaking, card_named, listing, one_line, spreadsheet_cell
from deckcheck.repair.batch import FixedList
from deckcheck.repair.model import (ALREADY_LEGAL, CANNOT, DECK_DIFFERS, DECK_ILLEGAL, FIXED, LIST_ILLEGAL, MATCHES,
                                    SIDEBOARDED, STATUSES, TO_SETTLE, UNVERIFIED, Change, DeckCheck, Fix, Step)

#: The CSV columns, in order.
COLUMNS = ("source", "row", "player", "status", "changes", "legal_after", "reasons", "check_by_hand",
           "corrected_list", "duplicate")
_MARK = {ALREADY_LEGAL: "✓", FIXED: "✓", UNVERIFIED: "?", TO_SETTLE: "?", CANNOT: "✗"}


def change_words(change: Change, with_candidates: bool = True, w: Language = ENGLISH) -> str:
    """``-1 Cleave (4th copy, RB103)``; another zone than the Main Deck is named after the card; a misspelt
    name read as a card: ``'Ravnbloom Student' → Ravenbloom Student (no card of that name; ..., RB001)``."""
    where = "" if change.zone == "main" else f" [{w.say(_ZONE_NAMES.get(change.zone, change.zone))}]"
    why = w.say("{reason}, {code}", reason=w(change.reason), code=change.code) if change.reason else change.code
    card = w.card(change.card)
    if change.written is not None:
        return w.say("'{written}' → {card}{where} ({why})", written=change.written, card=card, where=where, why=why)
    tail = ""
    if with_candidates and change.candidates:
        tail = w.say("; or {cards}", cards=_names(change.candidates, w))
    return w.say("{delta} {card}{where} ({why}{tail})", delta=f"{change.delta:+d}", card=card, where=where, why=why,
                 tail=tail)


def _names(names: Sequence[str], w: Language) -> str:
    """``Cleave, Gust``: card names in a fix line (``、`` between them in Chinese)."""
    return w(listing([card_named(n) for n in names], ","))


_MAIN = N_("main")
#: A change's zone as a fix line names it (the Main Deck is said by saying nothing).
_ZONE_NAMES = {"sideboard": N_("sideboard"), "runes": N_("runes"), "battlefields": N_("battlefields"),
               "legend": N_("legend"), "champion": N_("champion"), "additional_legends": N_("additional_legends")}


def change_lines(changes: Sequence[Change], w: Language = ENGLISH) -> list[str]:
    """One line per change; a Chosen Champion named instead of another is one line."""
    lines = []
    old = next((c for c in changes if c.zone == "champion" and c.delta < 0), None)
    for change in changes:
        if change is old:
            continue
        if change.zone == "champion" and change.delta > 0:
            others = w.say("; or {cards}", cards=_names(change.candidates, w)) if change.candidates else ""
            named = f"{w.card(old.card)} → {w.card(change.card)}" if old else w.card(change.card)
            lines.append(w.say("champion {named} ({code}{others})", named=named, code=change.code, others=others))
        else:
            lines.append(change_words(change, w=w))
    return lines


def status_words(fix: Fix, w: Language = ENGLISH) -> str:
    """One line: what the fix says of the list."""
    if fix.status == ALREADY_LEGAL:
        return w.say("already legal")
    if fix.status == FIXED:
        n, names = fix.size, fix.corrected_names
        changed = w.say_n("{n} card change", "{n} card changes", n)
        if names:
            named = w.say_n("{n} name corrected", "{n} names corrected", names)
            return (w.say("legal after {named} and {changed}", named=named, changed=changed) if n
                    else w.say("legal after {named}", named=named))
        return w.say("legal after {changed}", changed=changed) if n else w.say("legal after naming the Chosen Champion")
    if fix.status == TO_SETTLE:
        return w.say_n("a line to settle: it could be several cards", "{n} lines to settle: each could be several cards",
                       len(fix.reasons))
    if fix.status == UNVERIFIED:
        return w.say("unverified: the card data cannot know every card")
    return w.say("cannot be made legal from the list")


def render_fix_text(results: Sequence[FixedList], *, show_list: bool = True, lang: str | None = None,
                    cards: Any = None) -> str:
    """Each list: its verdict, the changes one per line, the deck check's differences, the corrected list
    (the words in ``lang``, None for each list's own; ``cards``, the card data naming the cards)."""
    return "".join(fix_text_chunks(results, show_list=show_list, lang=lang, cards=cards))


def fix_text_chunks(results: Iterable[FixedList], *, show_list: bool = True, lang: str | None = None,
                    cards: Any = None, tally: FixTally | None = None) -> Iterator[str]:
    """:func:`render_fix_text` in pieces, one list a piece, each made as ``results`` gives it (counted
    into ``tally`` for the summary: the fixes are never all held)."""
    speaking = Speaking(lang, cards)
    tally = tally if tally is not None else FixTally()
    for item in tally.counting(results):
        w = speaking.of(item.fix.before if item.error is None else None)
        label = place(item.source, None) + (f" ({item.player})" if item.player else "")
        if item.error is not None:
            where = w(place(item.error.file, item.error.line)) or item.source
            out = [w.say("✗ unreadable  {label}", label=label), f"  {where}: {w(item.error.message)}", ""]
        else:
            out = _fix_lines(item, w, show_list)
        yield "\n".join(map(one_line, out)) + "\n"  # a name, a title or a list line is one line, no escapes
    yield one_line(summary_line(tally, speaking.of_all(tally.spoken.values()))) + "\n"


class FixTally:
    """What a summary says of a stream of fixes, counted as they pass (:meth:`counting`): how many
    of each status, how many unreadable, the languages the lists were written in; with
    ``keep_corrected``, each row's corrected list (what a corrected export writes)."""

    def __init__(self, keep_corrected: bool = False) -> None:
        self.statuses = {s: 0 for s in STATUSES}
        self.unreadable = 0
        self.spoken: dict[str, Any] = {}  # a language -> the first report of a list written in it
        self.corrected: dict[int, str] | None = {} if keep_corrected else None

    @classmethod
    def of(cls, results: Iterable[FixedList]) -> FixTally:
        tally = cls()
        for _ in tally.counting(results):
            pass
        return tally

    def counting(self, results: Iterable[FixedList]) -> Iterator[FixedList]:
        """``results`` as they come, each counted as it passes."""
        for item in results:
            if item.error is not None:
                self.unreadable += 1
            else:
                self.statuses[item.fix.status] += 1
                self.spoken.setdefault(item.fix.before.language, item.fix.before)
            if self.corrected is not None and item.corrected is not None and item.row is not None:
                self.corrected[item.row] = item.corrected
            yield item

    @property
    def lists(self) -> int:
        return self.unreadable + sum(self.statuses.values())

    @property
    def failed(self) -> bool:
        """Whether some list cannot be made legal, has a line to settle or cards to check by hand."""
        return any(self.statuses[s] for s in (CANNOT, UNVERIFIED, TO_SETTLE))


def _fix_lines(item: FixedList, w: Language, show_list: bool) -> list[str]:
    """One list's block: the verdict, the changes, why, the check after the change, the corrected list."""
    fix = item.fix
    label = place(item.source, None) + (f" ({item.player})" if item.player else "")
    title = f" ({fix.name})" if fix.name and fix.name != item.source else ""
    out = [f"{_MARK[fix.status]} {status_words(fix, w)}  {label}{title}",
           "  " + w.say("{format}, {day}", format=w.word("format", fix.format), day=fix.as_of.isoformat())]
    if fix.deck_check is not None:
        out += _deck_check_lines(fix, fix.deck_check, w)
    out += ["  " + line for line in change_lines(fix.changes, w)]
    settle = fix.status == TO_SETTLE
    out += ["  " + (w.say("settle: {reason}", reason=w(reason)) if settle else w.say("why: {reason}", reason=w(reason)))
            for reason in fix.reasons]
    if fix.check_by_hand:
        out.append("  " + w.say("check by hand: {cards}", cards=_names(fix.check_by_hand, w)))
    for note in [*fix.notes, *item.notes]:
        out.append("  " + w.say("note: {note}", note=w(note)))
    if fix.changes:
        out.append("  " + w.say("checked: {result}", result=_checked_words(fix, w)))
    if show_list and item.corrected is not None:
        out += ["", w.say("corrected list:"), *item.corrected.rstrip("\n").split("\n")]
    out.append("")
    return out


def _checked_words(fix: Fix, w: Language = ENGLISH) -> str:
    """What the check of the corrected list found, in a few words."""
    if fix.legal_after:
        return w.say("legal after the change")
    if fix.status == UNVERIFIED:
        return w.say("legal after the change but for the cards to check by hand")
    if fix.status == TO_SETTLE:
        return w.say("legal after the change but for the lines to settle")
    return w.say("not legal after the change")


#: A zone as the remedy's steps name it.
_ZONE_WORDS = {"main": N_("the Main Deck"), "sideboard": N_("the sideboard"), "runes": N_("the Rune Deck"),
               "battlefields": N_("the battlefields"), "legend": N_("the legend slot"),
               "additional_legends": N_("the chosen legends")}
#: What a deck check found, in words.
_FOUND = {
    MATCHES: N_("the deck is the registered list"),
    SIDEBOARDED: N_("the deck is a legal 1-for-1 sideboarding of the list (TR 403.4)"),
    DECK_ILLEGAL: N_("the deck is not legal, the list is"),
    DECK_DIFFERS: N_("the deck is legal and differs from the list otherwise than by a 1-for-1 sideboarding"),
    LIST_ILLEGAL: N_("the registered list is not legal"),
}

_IN_GAME_1 = N_("{found}, still in place for game 1 (TR 403.5, 403.8)")


def step_words(step: Step, w: Language = ENGLISH) -> str:
    """``move 1 Rebuke from the Main Deck to the sideboard``: one thing done to the deck."""
    card = w.card(step.card)
    if step.target == "champion":
        return w.say("name {card} the Chosen Champion", card=card)
    if step.source is not None and step.target is not None:
        return w.say("move {count} {card} from {source} to {target}", count=step.count, card=card,
                     source=w.say(_ZONE_WORDS[step.source]), target=w.say(_ZONE_WORDS[step.target]))
    if step.target is not None:
        return w.say("put {count} {card} into {target}", count=step.count, card=card,
                     target=w.say(_ZONE_WORDS[step.target]))
    return w.say("take {count} {card} out of {source}", count=step.count, card=card,
                 source=w.say(_ZONE_WORDS[step.source or "main"]))


def infraction_words(check: DeckCheck, w: Language = ENGLISH) -> str:
    """``Deck Presentation Error (TR 703.4; TR 703.4.a.2), penalty Warning``, or why there is none."""
    found = check.infraction
    if found is None:
        return (w.say("none: sideboarding between games of a match is allowed (TR 403.4)")
                if check.finding == SIDEBOARDED else w.say("none"))
    return w.say("{infraction}, penalty {penalty} ({rules})", infraction=w.word("infraction", found.name),
                 penalty=w.word("penalty", found.penalty), rules=", ".join(found.examples or (found.rule,)))


def remedy_words(check: DeckCheck, w: Language = ENGLISH) -> str | None:
    """What is done, in one line, with its section; None when nothing is."""
    if not check.remedy_rule:
        return None
    if check.list_stands:
        return w.say("restore the deck, card by card; the registered list stands ({rule})", rule=check.remedy_rule)
    if check.presented_legal and not check.matches:
        if check.remedy:
            return w.say("the registered list is changed to match the deck; the deck is put back to it, card by card "
                         "({rule})", rule=check.remedy_rule)
        return w.say("the registered list is changed to match the deck ({rule})", rule=check.remedy_rule)
    return w.say("the list gets its smallest legal change, and the deck is made to match it ({rule})",
                 rule=check.remedy_rule)


def _deck_check_lines(fix: Fix, check: DeckCheck, w: Language = ENGLISH) -> list[str]:
    n = len(check.differences)
    differences = w.say_n("{n} difference", "{n} differences", n) if n else w.say("no differences")
    lines = ["  " + w.say("deck check, game {game}, against {presented}: {differences}", game=check.game,
                          presented=check.presented, differences=differences)]
    for d in check.differences:
        side = w.say("in the deck, not on the list") if d.count > 0 else w.say("on the list, not in the deck")
        zone = w.say(_ZONE_NAMES.get(d.zone, d.zone)) if d.zone != "main" else w.say(_MAIN)
        lines.append("    " + w.say("{zone}: {delta} {card} ({side})", zone=zone, delta=f"{d.count:+d}",
                                    card=w.card(d.card), side=side))
    found = w.say(_FOUND[check.finding])
    if check.finding == SIDEBOARDED and check.game == 1:
        found = w.say(_IN_GAME_1, found=found)
    lines.append("  " + w.say("found: {found}", found=found))
    if check.finding == LIST_ILLEGAL:
        lines += ["    " + w.say("the list: {code} {message}", code=v.code, message=w(v.message)) for v in fix.before.errors]
    if not check.presented_legal and not check.matches:
        lines += ["    " + w.say("the deck: {code} {message}", code=v.code, message=w(v.message))
                  for v in check.presented_report.errors]
    lines.append("  " + w.say("infraction: {infraction}", infraction=infraction_words(check, w)))
    remedy = remedy_words(check, w)
    if remedy is not None:
        lines.append("  " + w.say("remedy: {remedy}", remedy=remedy))
        lines += [f"    {step_words(step, w)}" for step in check.remedy]
    lines += ["  " + w.say("note: {note}", note=w(note)) for note in check.notes]
    return lines


def summary_line(results: Sequence[FixedList] | FixTally, w: Language = ENGLISH) -> str:
    """``3 lists: 1 already legal, 1 fixed, 1 unreadable``: of ``results``, or of what a tally counted."""
    tally = results if isinstance(results, FixTally) else FixTally.of(results)
    parts = [w.say("{count} {status}", count=n, status=w.word("fix status", s)) for s, n in tally.statuses.items() if n]
    if tally.unreadable:
        parts.append(w.say("{count} unreadable", count=tally.unreadable))
    counted = w(listing(parts, ","))
    return w.say_n("{n} list: {counts}", "{n} lists: {counts}", tally.lists, counts=counted)


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
    return "".join(fix_json_chunks(results))


def fix_json_chunks(results: Iterable[FixedList]) -> Iterator[str]:
    """:func:`render_fix_json`'s text in pieces, one list a piece, each made as ``results`` gives it:
    ``json_text({"schema_version": ..., "fixes": [...], "summary": ...})`` to the byte."""
    from deckcheck.render.json import json_text

    tally = FixTally()
    yield json_text({"schema_version": SCHEMA_VERSION})[:-3] + ',\n  "fixes": ['
    for item in tally.counting(results):
        fix = json_text(fix_dict(item))[:-1]
        yield ("\n    " if tally.lists == 1 else ",\n    ") + fix.replace("\n", "\n    ")
    yield ("\n  ]" if tally.lists else "]") + ",\n" + json_text({"summary": summary_line(tally)})[2:]


def render_fix_csv(results: Sequence[FixedList]) -> str:
    """One row per list (per player of an export), unreadable ones included, CRLF line ends."""
    return "".join(fix_csv_chunks(results, [(item.source, item.player) for item in results]))


def fix_csv_chunks(results: Iterable[FixedList], registrations: Iterable[tuple[str | None, str | None]]
                   ) -> Iterator[str]:
    """:func:`render_fix_csv` in pieces, one row a piece, each made as ``results`` gives it;
    ``registrations``: each list's source and player, known before the first is fixed (the rows of a
    player registered twice each say so)."""
    from deckcheck.render.table import duplicate_notes

    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    duplicates = duplicate_notes(registrations)
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
        writer.writerow({k: spreadsheet_cell(str(v), k == "corrected_list") for k, v in row.items()})
        yield buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
    yield buffer.getvalue()
