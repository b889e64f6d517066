"""Fuzz the readers: random mutations of the sample decks through read, resolve, check, render, convert.

Seeds are the files in sample_decks/ and each sample written in every format deckcheck writes
(text, code, TTS, Pixelborn, YAML, JSON). Each input is one to three stacked mutations of a seed:
byte flips, line deletions and duplications, truncation, splicing two decks, random unicode,
count changes, YAML/JSON syntax (anchors, tags, escapes), re-encoding, and more. An input may end as a deck or as a DeckcheckError; anything
else (another exception) is a failure, and the first few are saved as reproducers.

Run: .venv/bin/python bench/fuzz_readers.py [--seconds 60] [--seed S] [--max N] [--keep 5]
Prints inputs tried, inputs per second, how they ended, the slowest input, and every failure.
Exit status 1 if anything failed.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from deckcheck.cards import load_cards  # noqa: E402
from deckcheck.decks.formats import WRITTEN  # noqa: E402
from deckcheck.decks.load import decode_bytes, format_for_file, load_deck, read_text, write_deck  # noqa: E402
from deckcheck.decks.model import Zone  # noqa: E402
from deckcheck.decks import load  # noqa: E402
from deckcheck.decks import text as text_reader  # noqa: E402
from deckcheck.decks.memory import ReadMemory  # noqa: E402
from deckcheck.decks.resolve import resolve_deck, resolve_rows  # noqa: E402
from deckcheck.errors import DeckcheckError  # noqa: E402
from deckcheck.render.github import render_github  # noqa: E402
from deckcheck.render.json import render_json  # noqa: E402
from deckcheck.rules import check_deck  # noqa: E402

AS_OF = "2026-10-20"
WRITTEN_FORMATS = WRITTEN  # every format deckcheck writes (decks/formats.py)
#: The fuzz run is one folder check: it reads every input with this memory, so lines seen in
#: earlier inputs are remembered, as in a batch.
FOLDER = ReadMemory()
#: Characters players' tools put in lists, and characters that break naive parsers.
ODD_CHARACTERS = ("\u00a0", "\u200b", "\ufeff", "\u202e", "\u2028", "\x00", "\x1b", "\t", "\r", "\x7f", "\u0301",
                  "é", "’", "×", "٣", "𝟑", "🃏", "\U0010fffd", "#", "//", ":", "[", "]", "(", ")", "&", "*", "!", "{", "-", "=")
COUNT_TEXT = ("0", "-1", "100", "99", "999999", "3x", "x3", "", "+2", "1e3", "9" * 300, "9" * 5000, "٣", "0x10", "3.5",
              "NaN", "Infinity", "1e999", "0o17", "1_000", "~", "null", "true")
#: YAML and JSON syntax that readers must survive: anchors, aliases, tags, escapes, block scalars.
SYNTAX = ("&a ", "*a", "<<: *a\n", "!!python/object/apply:os.system ", "!!binary ", "!!set ", "!!omap ", "!!str ", "? ",
          "|\n", ">-\n", "---\n", "...\n", "%YAML 1.1\n", '"\\ud800"', "\\ud800", "\\udc00\\ud800", '"\\u0000"',
          "[", "{", "]", "}", ",", '"', "'", "\\", ": ", "- ", "#", "\t", "&a [*a]", "{a: *a}")
HEADERS = ("Legend:", "Champion:", "MainDeck:", "Battlefields:", "Runes:", "Sideboard:", "== Main ==", "## Runes",
           "format_version: 1", "main:", "---", "SB: 2 Cleave", "Additional legends:", "- ", "{", "}", "[", "]")
_NUMBER = re.compile(rb"-?\d+")


# ---------------------------------------------------------------------------- seeds
def seeds(db) -> list[tuple[str, bytes]]:
    """(name, bytes) of every sample deck file and of every sample written in each format (and as a
    text list in Chinese)."""
    found = []
    for path in sorted((REPO / "sample_decks").iterdir()):
        if path.suffix not in (".txt", ".code", ".yaml", ".yml", ".json"):
            continue
        found.append((path.name, path.read_bytes()))
        try:
            deck = load_deck(path, db)
        except DeckcheckError:
            continue
        for fmt in WRITTEN_FORMATS:
            try:
                found.append((f"{path.stem}.as-{fmt}", write_deck(deck, fmt).encode()))
            except DeckcheckError:
                pass  # e.g. a card the format cannot name
        found.append((f"{path.stem}.as-text-zh", text_reader.write(deck, db, lang="zh").encode()))  # in Chinese
        found += [(f"{path.stem}.{shape}", written.encode()) for shape, written in pasted_shapes(deck).items()]
    return found


def pasted_shapes(deck) -> dict[str, str]:
    """The deck as players paste it (issue 12): file name ending -> text."""
    legend = [(e.card, 1) for e in deck.zone(Zone.LEGEND)]
    main = [(e.card, e.count) for e in deck.main]
    rest = {"Battlefields": [(e.card, e.count) for e in deck.battlefields],
            "Runes": [(e.card, e.count) for e in deck.runes],
            "Sideboard": [(e.card, e.count) for e in deck.sideboard]}
    sections = {"Legend": legend, "MainDeck": main, **rest}

    def listing(header, line, between="\n") -> str:
        return between.join(header(title) + "\n" + "\n".join(line(c, n) for c, n in cards)
                            for title, cards in sections.items())

    chinese = dict(zip(sections, ("传奇：", "主卡组：", "战场：", "符文：", "备牌：")))
    shapes = {
        "tildes.txt": listing(lambda t: f"~~{t}~~", lambda c, n: f"{n} {c.name}"),
        "chinese.txt": listing(lambda t: chinese[t], lambda c, n: f"{n} {c.name}"),
        "numbers.txt": listing(lambda t: f"{t}:", lambda c, n: f"{n} {c.name} ({c.number})"),
        "one-line.txt": "\n".join(f"{t}: " + " ".join(f"{n} {c.name}" for c, n in cards) for t, cards in sections.items()),
        "chat.txt": "My list for Saturday\n```\nDeck: 56 cards\n" + listing(lambda t: f"{t}:", lambda c, n: f"{n} {c.name}")
                    + "\nTotal: 56 cards\n```\n",
        "glued.txt": listing(lambda t: f"{t}:", lambda c, n: f"{n}x{c.name}"),
        "store.txt": listing(lambda t: f"{t}:", lambda c, n: f"{n} {c.name} [{c.set}] {c.number}/298\t$0.25"),
        "count-alone.txt": listing(lambda t: t, lambda c, n: f"{n}\n{c.name}"),
        "labels.txt": listing(lambda t: f"{t}:", lambda c, n: f"{n} {c.name} (Nexus Night Promo) ({c.id})"),
        "short-names.txt": listing(lambda t: f"{t}:", lambda c, n: f"{n} {c.short_name.removesuffix(' Rune')}"),
        "lost-header.txt": listing(lambda t: "" if t == "Sideboard" else f"{t}:", lambda c, n: f"{n} {c.name}"),
    }
    try:
        shapes["link.txt"] = "https://piltoverarchive.com/deckbuilder?code=" + write_deck(deck, "code").strip() + "&x=1"
    except DeckcheckError:
        pass
    platform = {title: {c.name: {"id": c.id, "count": n} for c, n in cards} for title, cards in sections.items()}
    shapes["platform.json"] = json.dumps(platform, indent=2, ensure_ascii=False)
    return shapes


# ---------------------------------------------------------------------------- mutations
def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True) or [data]


def flip_bytes(rng: random.Random, data: bytes, _other: bytes) -> bytes:
    out = bytearray(data or b" ")
    for _ in range(rng.randint(1, 4)):
        out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


def delete_lines(rng, data, _other):
    lines = _lines(data)
    for _ in range(rng.randint(1, 3)):
        if lines:
            del lines[rng.randrange(len(lines))]
    return b"".join(lines)


def duplicate_lines(rng, data, _other):
    lines = _lines(data)
    i = rng.randrange(len(lines))
    lines[i:i] = [lines[i]] * rng.choice((1, 2, 5, 50))
    return b"".join(lines)


def swap_lines(rng, data, _other):
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"".join(lines)


def truncate(rng, data, _other):
    return data[: rng.randrange(len(data) + 1)]


def splice(rng, data, other):
    """The head of one deck and the tail of another (by bytes or by lines)."""
    if rng.random() < 0.5:
        return data[: rng.randrange(len(data) + 1)] + other[rng.randrange(len(other) + 1):]
    a, b = _lines(data), _lines(other)
    return b"".join(a[: rng.randrange(len(a) + 1)] + b[rng.randrange(len(b) + 1):])


def insert_unicode(rng, data, _other):
    text = data.decode("utf-8", "replace")
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.5:
            ch = rng.choice(ODD_CHARACTERS)
        else:
            ch = chr(rng.choice((rng.randrange(0x20, 0x7F), rng.randrange(0xA0, 0xD800), rng.randrange(0xE000, 0x110000))))
        pos = rng.randrange(len(text) + 1)
        text = text[:pos] + ch * rng.choice((1, 1, 2, 40)) + text[pos:]
    return text.encode("utf-8")


def change_counts(rng, data, _other):
    numbers = list(_NUMBER.finditer(data))
    if not numbers:
        return data
    for match in sorted(rng.sample(numbers, min(len(numbers), rng.randint(1, 3))), key=lambda m: -m.start()):
        data = data[: match.start()] + rng.choice(COUNT_TEXT).encode() + data[match.end():]
    return data


def insert_header(rng, data, _other):
    lines = _lines(data)
    lines.insert(rng.randrange(len(lines) + 1), rng.choice(HEADERS).encode() + b"\n")
    return b"".join(lines)


def insert_syntax(rng, data, _other):
    for _ in range(rng.randint(1, 3)):
        pos = rng.randrange(len(data) + 1)
        data = data[:pos] + rng.choice(SYNTAX).encode() + data[pos:]
    return data


#: Lines pasted around a list from chat and deck sites (docs/text-format.md, "Noise around a list").
NOISE = ("thanks!!", "ty for reading, good luck at your locals", "sent from my iPhone", "👍 12   💬 3",
         "Copy deck code · Open in playtest · Share", "https://piltoverarchive.com/decks/view/abc",
         "Total: 55 cards · $142.50", "Deck: Stacked Deck", "Name: Tempo Jinx", "cleave", "cleve")


def insert_noise(rng, data, _other):
    lines = _lines(data)
    lines.insert(rng.randrange(len(lines) + 1), rng.choice(NOISE).encode() + b"\n")
    return b"".join(lines)


def change_line_ends(rng, data, _other):
    return re.sub(rb"\r\n|\r|\n", rng.choice((b"\r\n", b"\r", b"\n\n", b"\x85", b" ")), data)


def reencode(rng, data, _other):
    text = data.decode("utf-8", "replace")
    encoding = rng.choice(("utf-16", "utf-16-le", "utf-32", "latin-1", "cp1252", "utf-8-sig"))
    return text.encode(encoding, "replace")


def change_code_character(rng, data, _other):
    text = data.decode("utf-8", "replace")
    if not text:
        return data
    pos = rng.randrange(len(text))
    return (text[:pos] + rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567=01 ") + text[pos + 1:]).encode()


MUTATIONS = (flip_bytes, delete_lines, duplicate_lines, swap_lines, truncate, splice, insert_unicode,
             change_counts, insert_header, insert_syntax, change_line_ends, reencode, change_code_character,
             insert_noise)


def mutate(rng: random.Random, pool: list[tuple[str, bytes]]) -> tuple[str, bytes, list[str]]:
    name, data = rng.choice(pool)
    applied = []
    for _ in range(rng.choice((1, 1, 2, 3))):
        mutation = rng.choice(MUTATIONS)
        data = mutation(rng, data, rng.choice(pool)[1])
        applied.append(mutation.__name__)
    return name, data, applied


# ---------------------------------------------------------------------------- one input
def run_one(data: bytes, name: str, db) -> str:
    """Read (as a file of this name would be), resolve, check, render and convert; return how it ended.

    The report is rendered as JSON and GitHub annotations and encoded as UTF-8, as stdout would:
    a reader that lets a lone surrogate through fails there.
    """
    try:
        text = decode_bytes(data, name)
        raw = read_text(text, source=name, fmt=format_for_file(name, text))
    except DeckcheckError as exc:
        _same_in_a_folder(data, name, db, exc)
        _render([], [exc])
        return "refused"
    deck = resolve_deck(raw, db)
    _same_in_a_folder(data, name, db, deck)
    if raw.reader == text_reader.NAME:  # the rows way a folder check takes must give the same deck
        quick = text_reader.quick_rows(text, name)
        fast = None if quick is None else resolve_rows(quick[1], db, name=quick[0], source=name, reader=raw.reader)
        if fast is not None and fast != deck:
            raise AssertionError("quick_rows + resolve_rows differ from read + resolve_deck")
    report = check_deck(deck, "standard", AS_OF, cards=db)
    _render([report], [])
    fmt = WRITTEN_FORMATS[len(data) % len(WRITTEN_FORMATS)]  # convert, to a format the input picks
    try:
        write_deck(deck, fmt).encode("utf-8")
    except DeckcheckError:
        pass  # e.g. a card a deck code cannot name
    return "legal" if report.legal else "illegal"


def _same_in_a_folder(data: bytes, name: str, db, expected) -> None:
    """The way a folder check reads a file (load.resolve_file, with the memory of the inputs before) must
    give the same deck, or the same error."""
    try:
        got = load._resolved(load._readable(load._file_text(data, name, None), name, FOLDER), name, db, None, FOLDER)
    except DeckcheckError as exc:
        got = exc
    if isinstance(expected, DeckcheckError):
        if not isinstance(got, DeckcheckError) or (str(got), got.file, got.line) != (str(expected), expected.file,
                                                                                   expected.line):
            raise AssertionError(f"a folder check gives {got!r}, not the error {expected!r}")
    elif got != expected:
        raise AssertionError("a folder check's reading differs from read + resolve_deck")


def _render(reports: list, unreadable: list) -> None:
    for render in (render_json, render_github):
        render(reports, unreadable, strict=False).encode("utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to run (default 60)")
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: new, printed)")
    parser.add_argument("--max", type=int, default=None, help="stop after this many inputs")
    parser.add_argument("--keep", type=int, default=5, help="reproducers to save (default 5)")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    db = load_cards()
    pool = seeds(db)
    save_dir: Path | None = None
    outcomes: Counter = Counter()
    failures: Counter = Counter()
    by_mutation: Counter = Counter()
    slowest = (0.0, "", b"")
    tried = 0
    print(f"fuzz_readers: seed {seed}, {len(pool)} seed inputs, {args.seconds:g} s"
          + (f", at most {args.max:,} inputs" if args.max else ""))
    start = time.perf_counter()
    deadline = start + args.seconds
    while time.perf_counter() < deadline and (args.max is None or tried < args.max):
        name, data, applied = mutate(rng, pool)
        tried += 1
        by_mutation.update(applied)
        began = time.perf_counter()
        try:
            outcomes[run_one(data, name, db)] += 1
        except Exception as exc:  # noqa: BLE001 - any exception but ours is what we are looking for
            where = traceback.extract_tb(exc.__traceback__)[-1]
            key = f"{type(exc).__name__} at {Path(where.filename).name}:{where.lineno}"
            failures[key] += 1
            outcomes["FAILED"] += 1
            if sum(failures.values()) <= args.keep:
                save_dir = save_dir or Path(tempfile.mkdtemp(prefix="deckcheck-fuzz-"))
                stem = save_dir / f"failure-{sum(failures.values())}-{name}"
                stem.with_suffix(stem.suffix + ".input").write_bytes(data)
                stem.with_suffix(stem.suffix + ".txt").write_text(
                    f"seed input: {name}\nmutations: {', '.join(applied)}\n\n" + traceback.format_exc())
        took = time.perf_counter() - began
        if took > slowest[0]:
            slowest = (took, name, data)
    elapsed = time.perf_counter() - start

    print(f"inputs tried: {tried:,} in {elapsed:.1f} s ({tried / elapsed:,.0f} inputs/s)")
    print("outcomes: " + ", ".join(f"{k} {v:,}" for k, v in outcomes.most_common()))
    print("mutations applied: " + ", ".join(f"{k} {v:,}" for k, v in sorted(by_mutation.items())))
    print(f"slowest input: {slowest[0] * 1000:.1f} ms ({len(slowest[2]):,} bytes, from {slowest[1]})")
    print(f"failures: {sum(failures.values()):,}")
    for key, count in failures.most_common():
        print(f"  {count:,} x {key}")
    if save_dir is not None:
        print(f"reproducers (first {args.keep}): {save_dir}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
