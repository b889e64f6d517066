"""Words for people in their language: messages made from templates with named fields, translated
through the gettext catalogs of ``deckcheck/locale`` (re-exported by :mod:`deckcheck.words`).

A message is written once, in English, as a template::

    say("{count} copies of {card}; at most {limit} of one name", count=4, card=card_named("Cleave"), limit=3)

and is a :class:`Message`: a ``str`` whose text is the English sentence (what scripts, JSON and the
library's ``Violation.message`` see), which also remembers its template and fields. A renderer asks
a :class:`Language` for the words in the reader's language: the template is looked up in the
catalog, and each field is put in that language too (a :func:`card_named` name as its official Chinese
name, a nested message translated, a :func:`listing` joined the language's way; numbers and other
text as they are). Counts go through :func:`say_n` (gettext's plural forms: English has two,
Chinese one), so no sentence is glued from fragments a translator cannot see.

Only the standard library's :mod:`gettext` reads the catalogs at run time; the ``.mo`` files are
compiled from the ``.po`` sources by ``scripts/catalog.py`` and committed beside them.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

#: The languages deckcheck speaks, by the code ``--lang`` takes.
LANGUAGES = ("en", "zh")
#: The gettext domain and the folder of the catalogs (``<lang>/LC_MESSAGES/deckcheck.mo``).
DOMAIN = "deckcheck"
LOCALE_DIR = Path(__file__).parent / "locale"
#: ``--lang`` code -> the catalog's folder name.
CATALOGS = {"zh": "zh_CN"}


class Message(str):
    """English words that know how they were made: ``template`` (the catalog's msgid), ``plural`` (its
    plural msgid, for :func:`say_n`), ``context`` (the catalog's msgctxt, for :func:`word`) and ``fields``
    (a field that is a Message, a :class:`Card` or a :class:`Listing` is said in the reader's language too;
    any other text, a path or a name the user gave, stays as it is)."""

    __slots__ = ("template", "plural", "context", "fields")
    template: str
    plural: str | None
    context: str | None
    fields: dict[str, Any]


class Card(str):
    """A card's English name inside a message: another language shows the card's name in that language."""

    __slots__ = ()


class Champion(str):
    """A champion's name (a champion tag: ``Jinx``) inside a message: another language names the champion its way."""

    __slots__ = ()


class Lowered(str):
    """A sentence used inside another, its first letter lower-cased in English (``fix it``); another
    language says ``said`` its own way."""

    __slots__ = ("said",)
    said: str


class Listing(str):
    """Items joined into one phrase (``Fury and Mind``, ``Jinx, Rebel; Cleave``), each put in the
    reader's language and joined the language's way; ``conj`` is ``and``, ``or`` or None (a plain list)."""

    __slots__ = ("items", "conj")
    items: tuple[str, ...]
    conj: str | None


def say(template: str, /, **fields: Any) -> Message:
    """The message ``template`` with its named ``fields`` filled in (English; other languages on render)."""
    made = Message(template.format_map(fields) if fields else template)
    made.template, made.plural, made.context, made.fields = template, None, None, fields
    return made


def say_n(singular: str, plural: str, n: int, /, **fields: Any) -> Message:
    """A message about ``n`` things: ``singular`` when ``n`` is 1 in English, else ``plural``; the
    catalog gives each language its own forms. ``{n}`` is the count in both templates."""
    fields["n"] = n
    made = Message((singular if n == 1 else plural).format_map(fields))
    made.template, made.plural, made.context, made.fields = singular, plural, None, fields
    return made


def word(context: str, text: str, /) -> Message:
    """A single word or name in a ``context`` of the catalog (``word("domain", "Order")``), so words
    spelt alike elsewhere are translated apart."""
    made = Message(text)
    made.template, made.plural, made.context, made.fields = text, None, context, {}
    return made


def N_(text: str, /) -> str:
    """Mark ``text`` for the catalog without translating it here (a constant looked up on render)."""
    return text


def N_n(singular: str, plural: str, /) -> tuple[str, str]:
    """Mark a message about a count (its singular and plural) for the catalog, for ``say_n(*pair, n)``."""
    return singular, plural


def card_named(name: str) -> Card:
    """A card's English name as a field of a message."""
    return Card(name)


def lowered(text: str) -> Lowered:
    """``text`` (a message, or a catalog's sentence) inside another sentence: ``Fix it`` -> ``fix it``."""
    made = Lowered(text[:1].lower() + text[1:])
    made.said = text
    return made


def champion_named(tag: str) -> Champion:
    """A champion tag (``Jinx``) as a field of a message."""
    return Champion(tag)


def listing(items: Iterable[str], conj: str | None = None) -> Listing:
    """``items`` as one phrase: with ``conj`` (``"and"``, ``"or"``) ``a, b and c`` (``;`` between
    names that hold commas); ``"then"``, steps in order (``a, then b``); ``";"``, ``"/"`` (names: ``a; b`` in English, ``a、b`` in
    Chinese), ``","``, ``"&"`` and ``"|"`` each join every two items alike (``a; b``, ``a, b``, ``a and b and c``,
    ``0 or 8``); without, :func:`join_names`."""
    items = tuple(items)
    made = Listing(_english_list(items, conj))
    made.items, made.conj = items, conj
    return made


def join_names(names: Iterable[str]) -> str:
    """Card names as one list: ``"; "`` between them when a name holds a comma (``Jinx, Rebel;
    Cleave``), so every name stays whole; ``", "`` otherwise."""
    names = [str(n) for n in names]
    return ("; " if any("," in n for n in names) else ", ").join(names)


def _english_list(items: tuple[str, ...], conj: str | None) -> str:
    if conj in _SEPARATORS:  # steps in order (a, then b), or parts apart (a; b)
        return _SEPARATORS[conj].join(items)
    if conj is None or len(items) < 2:
        return join_names(items)
    comma = ";" if any("," in i for i in items) else ""
    return f"{join_names(items[:-1])}{comma} {conj} {items[-1]}"


@cache
def _catalog(code: str) -> _gettext.NullTranslations:
    """The catalog of a language (read once per process); English needs none."""
    folder = CATALOGS.get(code)
    if folder is None:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[folder])


#: The English joins of a listing whose items are all joined alike, by its ``conj``.
_SEPARATORS = {"then": ", then ", ";": "; ", "/": "; ", ",": ", ", "&": " and ", "|": " or "}
#: How each language joins a list: between items, and by ``conj`` (before the last item for "and" and
#: "or"; between every two for the others).
_JOINS = {"zh": {None: "、", "and": "和", "or": "或", "then": "，然后", ";": "；", "/": "、", ",": "、", "&": "和", "|": "或"}}


class Language:
    """Words for people in one language: ``lang(text)`` gives a :class:`Message` (or a catalog's fixed
    text) in it; ``card_names`` gives a card's name in it (None: keep the English name)."""

    __slots__ = ("code", "_catalog", "_names", "_join", "_said", "_counted", "_cards", "_champions")

    def __init__(self, code: str, card_names: Callable[[str], str | None] | None = None,
                 champion_names: Callable[[str], str | None] | None = None) -> None:
        if code not in LANGUAGES:
            raise ValueError(f"unknown language '{code}' (choose from {', '.join(LANGUAGES)})")
        self.code = code
        self._catalog = _catalog(code)
        self._names = card_names
        self._join = _JOINS.get(code)
        self._said: dict[str, str] = {}  # template -> its translation (a batch says the same words again and again)
        self._counted: dict[tuple[str, int], str] = {}  # (singular template, count) -> its form for the count
        self._cards: dict[str, str] = {}  # English card name -> its name in this language
        self._champions = champion_names

    @property
    def english(self) -> bool:
        return self.code == "en"

    def __call__(self, text: str) -> str:
        """``text`` in this language: a message rebuilt from its translated template and fields, a
        card's or a listing's words in this language, any other text as the catalog translates it."""
        if self.code == "en" or not text:  # the empty msgid is the catalog's header
            return str.__str__(text)
        kind = type(text)
        if kind is Message:
            return self._message(text)  # type: ignore[arg-type]
        if kind is Card:
            return self.card(text)
        if kind is Champion:
            found = self._champions(text) if self._champions is not None else None
            return found or str.__str__(text)
        if kind is Lowered:
            return self(text.said)  # type: ignore[attr-defined]
        if kind is Listing:
            return self._listing(text)  # type: ignore[arg-type]
        said = self._said.get(text)
        if said is None:
            said = self._said[text] = self._catalog.gettext(text)
        return said

    def say(self, template: str, /, **fields: Any) -> str:
        """``say(template, **fields)`` in this language (for a renderer's own words)."""
        if self.code == "en" or not template:
            return template.format_map(fields) if fields else template
        said = self._said.get(template)
        if said is None:
            said = self._said[template] = self._catalog.gettext(template)
        return self._fill(said, fields)

    def say_n(self, singular: str, plural: str, n: int, /, **fields: Any) -> str:
        """``say_n(singular, plural, n, **fields)`` in this language."""
        fields["n"] = n
        if self.code == "en":
            return (singular if n == 1 else plural).format_map(fields)
        return self._fill(self._plural(singular, plural, n), fields)

    def word(self, context: str, text: str, /) -> str:
        """``word(context, text)`` in this language."""
        if self.code == "en":
            return text
        key = context + "\x04" + text  # gettext's own key of a word in a context
        said = self._said.get(key)
        if said is None:
            said = self._said[key] = self._catalog.pgettext(context, text)
        return said

    def template(self, template: str, plural: str | None = None, n: int = 1) -> str:
        """The catalog's translation of a message's template (of its plural form for ``n`` with ``plural``)."""
        if self.code == "en" or not template:
            return template if plural is None or n == 1 else plural
        return self._catalog.gettext(template) if plural is None else self._catalog.ngettext(template, plural, n)

    def fields(self, fields: Mapping[str, Any]) -> dict[str, Any]:
        """A message's fields in this language (messages, cards and listings said in it; the rest as they are)."""
        if self.code == "en":
            return dict(fields)
        return {k: self(v) if type(v) in _SAID else v for k, v in fields.items()}

    def card(self, name: str) -> str:
        """The card named ``name`` (English) as this language names it; the English name if it has none
        (a name that is no card, such as a blank of the goldfish, as the catalog translates it)."""
        if self.code == "en" or not name:
            return name
        if type(name) is not str and type(name) is not Card:  # a message or a listing standing for a card
            return self(name)
        found = self._cards.get(name)
        if found is None:
            found = self._cards[name] = (self._names(name) if self._names is not None else None) or \
                self._catalog.gettext(name)
        return found

    def cards(self, names: Iterable[str]) -> str:
        """Card names joined as a list in this language (:func:`join_names` in English)."""
        return self(listing(names))

    def _message(self, text: Message) -> str:
        catalog = self._catalog
        if text.plural is not None:
            template = self._plural(text.template, text.plural, text.fields["n"])
        elif text.context is not None:
            template = self.word(text.context, text.template)
        else:
            said = self._said.get(text.template)
            if said is None:
                said = self._said[text.template] = catalog.gettext(text.template)
            template = said
        return self._fill(template, text.fields)

    def _plural(self, singular: str, plural: str, n: int) -> str:
        """The catalog's form of ``singular``/``plural`` for ``n`` (kept: the catalog's plural rule is a
        function call each time)."""
        key = (singular, n)
        said = self._counted.get(key)
        if said is None:
            said = self._counted[key] = self._catalog.ngettext(singular, plural, n)
        return said

    def _fill(self, template: str, fields: Mapping[str, Any]) -> str:
        if not fields:
            return template
        said: dict[str, Any] | None = None  # a copy only when some field is said in this language
        for k, v in fields.items():
            kind = type(v)
            if kind in _SAID:
                if said is None:
                    said = dict(fields)
                said[k] = (self._cards.get(v) or self.card(v)) if kind is Card else self(v)
        return template.format_map(fields if said is None else said)

    def _listing(self, text: Listing) -> str:
        items = [self(i) if type(i) in _SAID else i for i in text.items]
        joins = self._join
        if joins is None:
            return _english_list(tuple(items), text.conj)
        if text.conj in _SEPARATORS:
            return joins[text.conj].join(items)
        if text.conj is None or len(items) < 2:
            return joins[None].join(items)
        return joins[None].join(items[:-1]) + joins[text.conj] + items[-1]


ENGLISH = Language("en")
#: The kinds of text a language puts in its own words (other text in a message, a path or a number, stays as it is).
SAID = frozenset((Message, Card, Champion, Listing, Lowered))
_SAID = SAID


def language(code: str, cards: Any = None) -> Language:
    """The :class:`Language` of ``code`` (``en``, ``zh``), naming cards as the Chinese names of ``cards``
    (a card database) give them; English is the one :data:`ENGLISH`."""
    if code == "en":
        return ENGLISH
    names = cards.chinese() if cards is not None and code == "zh" else None
    if names is None:
        return Language(code)
    return Language(code, names.display, names.champions.get)


class Speaking:
    """Which language each part of an answer speaks: ``lang`` when one is asked for, else each list's
    own (``report.language``) for what is about one list, and Chinese for the rest only when every list
    is Chinese. Cards are named as ``cards`` (a card database) names them in that language."""

    __slots__ = ("lang", "_cards", "_made")

    def __init__(self, lang: str | None = None, cards: Any = None) -> None:
        self.lang = lang
        self._cards = cards
        self._made: dict[str, Language] = {}

    @classmethod
    def only(cls, w: Language) -> Speaking:
        """Everything said in ``w`` (a page already in one language)."""
        speaking = cls(w.code)
        speaking._made[w.code] = w
        return speaking

    def __call__(self, code: str) -> Language:
        made = self._made.get(code)
        if made is None:
            made = self._made[code] = language(code, self._cards)
        return made

    def of(self, item: Any) -> Language:
        """The language of what is said about one list (a report, a fix: anything with a ``language``)."""
        return self(self.lang or getattr(item, "language", None) or "en")

    def of_all(self, items: Iterable[Any]) -> Language:
        """The language of what is said about them all (a summary): the one asked for, else Chinese
        when every list is Chinese."""
        if self.lang:
            return self(self.lang)
        codes = {getattr(item, "language", "en") for item in items}
        return self(codes.pop() if len(codes) == 1 else "en")


# ---------------------------------------------------------------------------- between processes
def to_plain(text: str | None) -> Any:
    """``text`` as plain JSON values that keep what another language needs (:func:`from_plain` reads
    them back): a message as ``["m", template, plural, context, {field: value}]``, a card name as
    ``["c", name]``, a champion as ``["t", tag]``, a listing as ``["l", conj, [items]]``, any other text as itself."""
    if isinstance(text, Message):
        return ["m", text.template, text.plural, text.context,
                {k: to_plain(v) if isinstance(v, str) else v for k, v in text.fields.items()}]
    if isinstance(text, Card):
        return ["c", str.__str__(text)]
    if isinstance(text, Champion):
        return ["t", str.__str__(text)]
    if isinstance(text, Listing):
        return ["l", text.conj, [to_plain(i) for i in text.items]]
    if isinstance(text, Lowered):
        return ["w", to_plain(text.said)]
    return text


def from_plain(value: Any) -> Any:
    """The text :func:`to_plain` was given."""
    if not isinstance(value, list):
        return value
    tag = value[0]
    if tag == "c":
        return Card(value[1])
    if tag == "t":
        return Champion(value[1])
    if tag == "w":
        return lowered(from_plain(value[1]))
    if tag == "l":
        return listing([from_plain(i) for i in value[2]], value[1])
    _, template, plural, context, fields = value
    fields = {k: from_plain(v) for k, v in fields.items()}
    if plural is not None:
        n = fields.pop("n")
        return say_n(template, plural, n, **fields)
    if context is not None:
        return word(context, template)
    return say(template, **fields)
