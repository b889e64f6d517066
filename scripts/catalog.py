"""Keep the message catalogs of deckcheck/locale in step with the code (needs Babel: pip install -e '.[test]').

    python scripts/catalog.py update    # new messages added to each .po (untranslated), gone ones dropped
    python scripts/catalog.py compile   # each .po compiled to the .mo beside it (committed; read at run time)
    python scripts/catalog.py check     # exit 1 naming each message without a translation

The messages are what the code passes to ``say``, ``say_n``, ``word``, ``N_`` and ``N_n`` (deckcheck/translate.py,
also as methods of a Language, and ``say``/``say_n`` in the page templates), and the words each rule unit owns (its summary, hint, example and
explanation), the bundled formats' titles and notes.
"""

from __future__ import annotations

import contextlib
import io
from datetime import datetime, timezone
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "deckcheck"
LOCALE = PACKAGE / "locale"
LANGUAGES = {"zh_CN": "Simplified Chinese"}
#: The functions whose string arguments are messages: name -> Babel's keyword spec.
KEYWORDS = {"say": (1,), "say_n": (1, 2), "word": ((1, "c"), 2), "N_": (1,), "N_n": (1, 2)}
#: How each kind of file is read for messages: Python, and the pages' Jinja templates (as the page environment
#: reads them: deckcheck/render/pages.py).
METHODS = [("**.py", "python"), ("**/templates/*.j2", "jinja2.ext:babel_extract")]
OPTIONS = {"**/templates/*.j2": {"trim_blocks": "true", "lstrip_blocks": "true"}}
#: A field of a template: ``{name}`` or ``{name:spec}``.
FIELD = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)(?:[:!][^{}]*)?\}")

#: The date in every catalog's header (a fixed one, so an update changes only the messages).
STAMP = datetime(2026, 12, 7, tzinfo=timezone.utc)
Key = tuple[str, str | None]  # (msgid, msgctxt)


def po_path(folder: str) -> Path:
    return LOCALE / folder / "LC_MESSAGES" / "deckcheck.po"


def extracted() -> dict[Key, str | tuple[str, str]]:
    """Every message of the code and the bundled data: (msgid, context) -> msgid, or (singular, plural)."""
    found: dict[Key, str | tuple[str, str]] = {}
    with contextlib.redirect_stderr(io.StringIO()):  # Babel's notes on f-strings given as a message's fields
        messages = list(extract_from_dir(str(PACKAGE), method_map=METHODS, options_map=OPTIONS, keywords=KEYWORDS,
                                         comment_tags=(), strip_comment_tags=True))
    for _file, _line, message, _comments, context in messages:
        if isinstance(message, tuple):  # say_n: (singular, plural)
            if all(message):
                found[(message[0], context)] = (message[0], message[1])
            continue
        if message:
            found[(message, context)] = message
    for text, context in _data_words():
        found.setdefault((text, context), text)
    return found


def _data_words() -> list[tuple[str, str | None]]:
    """The words deckcheck owns outside calls: each rule's summary, hint, example, explanation and what fix
    does about it; each
    bundled format's name (in the context ``format``), title and description; the domains (``domain``) and
    card types (``card type``, with the goldfish's ``unknown`` for a card the data lacks) and supertypes
    (``supertype``), the verdicts
    (``verdict``), the severities (``severity``), the states of a set's data (``data state``) and the kinds of card
    as messages name them (``card kind``), the list formats' labels (``list format``)."""
    sys.path.insert(0, str(REPO))
    from deckcheck.cards.model import CardType, Domain, Supertype
    from deckcheck.rules.formats import format_names, load_format
    from deckcheck.rules.registry import all_rules

    words: list[tuple[str, str | None]] = [(d.value, "domain") for d in Domain]
    words += [(t.value, "card type") for t in CardType] + [("unknown", "card type")]
    words += [(s.value, "supertype") for s in Supertype]
    words += [(v, "verdict") for v in ("legal", "illegal", "unverified", "unreadable")]
    words += [(s, "severity") for s in ("error", "warning", "info")]
    words += [(s, "data state") for s in ("complete", "preliminary")]
    words += [(t.value.lower(), "card kind") for t in CardType]
    words += [("Unique", "keyword")]
    from deckcheck.decks.model import Zone
    from deckcheck.decks.resolve import _HEADER_NAMES

    words += [(zone.value, "zone") for zone in Zone] + [(header, "header") for header in _HEADER_NAMES.values()]
    words += [(name, "infraction") for name in ("Deck Presentation Error", "Decklist Error")]
    words += [(name, "penalty") for name in ("Warning", "Game Loss")]
    from deckcheck.repair.model import STATUSES

    words += [(status, "fix status") for status in STATUSES]
    from deckcheck.decks.formats import BY_NAME

    words += [(f.label, "list format") for f in BY_NAME.values()]
    words += [(name, "set") for name in set_names()]
    for rule in all_rules():
        words.extend((w, None) for w in (rule.summary, rule.hint, rule.example, rule.explanation) if w)
        if rule.repair is not None:
            words.append((rule.repair.does, None))
    for name in format_names():
        spec = load_format(name)
        words.append((spec.name, "format"))
        words.extend((w, None) for w in (spec.title, spec.description) if w)
        if not isinstance(spec.sideboard, str):
            words.extend((step.note, None) for step in spec.sideboard if step.note)
    return words


def hidden_messages() -> list[str]:
    """Messages Babel cannot see: a ``say(...)`` (or ``say_n``, ``word``, ``N_``) written inside the
    arguments of another, or inside an f-string; each as ``file:line``."""
    import ast

    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for outer in ast.walk(tree):
            if not (_is_keyword_call(outer) or isinstance(outer, ast.JoinedStr)):
                continue
            inner = [n for n in ast.walk(outer) if n is not outer and _is_keyword_call(n) and _literal(n)]
            found += [f"{path.relative_to(REPO)}:{n.lineno}" for n in inner]
    return sorted(set(found))


def _literal(call) -> bool:
    """Whether a call's message is written out (``word``'s second argument, the others' first)."""
    import ast

    at = 1 if _name(call) == "word" else 0
    return len(call.args) > at and isinstance(call.args[at], ast.Constant) and isinstance(call.args[at].value, str)


def _name(call) -> str | None:
    import ast

    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None


def _is_keyword_call(node) -> bool:
    import ast

    return isinstance(node, ast.Call) and _name(node) in KEYWORDS


def set_names() -> list[str]:
    """The names of the sets the bundled card data knows (``card_data/sets.json``)."""
    import json

    data = json.loads((REPO / "card_data" / "sets.json").read_text(encoding="utf-8"))
    sets = data["sets"] if isinstance(data, dict) and "sets" in data else data
    items = sets.values() if isinstance(sets, dict) else sets
    return sorted({s["name"] for s in items if isinstance(s, dict) and s.get("name")})


def fields_of(text: str) -> set[str]:
    """The named fields of a template."""
    return set(FIELD.findall(text))


def read(folder: str) -> Catalog:
    with po_path(folder).open("rb") as file:
        return read_po(file, locale=folder)


def update() -> None:
    """Each catalog made to hold exactly the messages of the code: translations kept, new ones empty."""
    messages = extracted()
    for folder, name in LANGUAGES.items():
        path = po_path(folder)
        old = read(folder) if path.exists() else Catalog(locale=folder)
        new = Catalog(locale=folder, project="deckcheck", version="", header_comment=f"# {name} messages of deckcheck.",
                      charset="utf-8", fuzzy=False, creation_date=STAMP, revision_date=STAMP,
                      last_translator="deckcheck", language_team=name, msgid_bugs_address="")
        for (_msgid, context), entry in sorted(messages.items(), key=lambda kv: (kv[0][1] or "", kv[0][0])):
            kept = old.get(entry if isinstance(entry, str) else entry[0], context=context)
            new.add(entry, kept.string if kept is not None else ("", "") if isinstance(entry, tuple) else "",
                    context=context)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as file:
            write_po(file, new, width=0, omit_header=False, sort_output=False, no_location=True)


def compiled(folder: str) -> bytes:
    """The .mo of a catalog, as gettext reads it (the same bytes for the same .po)."""
    buffer = io.BytesIO()
    write_mo(buffer, read(folder), use_fuzzy=False)
    return buffer.getvalue()


def compile_all() -> None:
    for folder in LANGUAGES:
        po_path(folder).with_suffix(".mo").write_bytes(compiled(folder))


def problems(folder: str) -> list[str]:
    """What a catalog lacks: messages of the code without a translation, and translations that use a field
    the message does not give (a translation may leave one out: ``{set} ({code})`` is ``{code}`` in Chinese)."""
    catalog = read(folder)
    out = [f"a message inside another's arguments, which extraction cannot see: {place}" for place in hidden_messages()]
    for (msgid, context), entry in extracted().items():
        found = catalog.get(msgid, context=context)
        strings = [] if found is None else list(found.string) if isinstance(found.string, tuple) else [found.string]
        if not strings or not all(strings) or (found is not None and found.fuzzy):
            out.append(f"no translation: {msgid!r}" + (f" (context {context})" if context else ""))
            continue
        wanted = fields_of(entry if isinstance(entry, str) else entry[0]) | (
            fields_of(entry[1]) if isinstance(entry, tuple) else set())
        for string in strings:
            if not fields_of(string) <= wanted:
                out.append(f"fields differ: {msgid!r} has {sorted(wanted)}, the translation {sorted(fields_of(string))}")
    return out


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "check"
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        found = [f"{folder}: {p}" for folder in LANGUAGES for p in problems(folder)]
        sys.stdout.write("".join(line + "\n" for line in found))
        return 1 if found else 0
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
