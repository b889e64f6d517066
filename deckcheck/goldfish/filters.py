"""A small filter-expression language over cards, for ``--filter``, ``hunt`` and mulligan rules.

Grammar (keywords and field names are case-insensitive)::

    expr       := term ("or" term)*
    term       := factor ("and" factor)*
    factor     := "not" factor | "(" expr ")" | "*" | comparison
    comparison := FIELD OP VALUE

Fields: ``name``, ``type``, ``tag``, ``domain``, ``supertype``, ``set``, ``energy`` (alias ``cost``),
``power``, ``might``. Operators: ``=`` (or ``==``), ``!=``, ``<``, ``<=``, ``>``, ``>=``, and ``~``
(name contains). A value is a number, a quoted string (``"Jinx, Rebel"``), or bare words up to the
next ``and``/``or``/``)``. ``*`` matches every card.

- ``name`` compares names the way deck files do: case, accents and punctuation do not matter.
- ``tag`` matches a card's tags and its champion tag; ``domain`` matches any printed domain.
- Numeric fields never match a card that has no such number (a spell has no might).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from deckcheck.cards.model import Card, CardType, Domain, Supertype
from deckcheck.cards.names import loose_key
from deckcheck.errors import DeckcheckError


class FilterError(DeckcheckError):
    """A filter expression that cannot be read."""


@dataclass(frozen=True, slots=True)
class Filter:
    """A parsed filter: call it with a card. ``text`` is the expression as written."""

    text: str
    test: Callable[[Card], bool]

    def __call__(self, card: Card) -> bool:
        return self.test(card)

    def __str__(self) -> str:
        return self.text


MATCH_ALL = Filter("*", lambda card: True)

_NUMERIC = {"energy": "energy", "cost": "energy", "power": "power", "might": "might"}
_TEXT = ("name", "type", "tag", "domain", "supertype", "set")
_OPS = ("==", "!=", "<=", ">=", "=", "<", ">", "~")
_TOKEN = re.compile(
    r"""\s*(?:
        (?P<string>"[^"]*"|'[^']*')
      | (?P<op>==|!=|<=|>=|=|<|>|~)
      | (?P<paren>[()])
      | (?P<star>\*)
      | (?P<word>(?:[^\s()=!<>~"']|!(?!=))(?:[^\s()=!<>~"]|!(?!=))*)
    )""",
    re.VERBOSE,
)


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # string | op | paren | star | word
    text: str
    pos: int


def _tokenize(text: str) -> list[_Token]:
    tokens, pos = [], 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            bad = text[pos:].lstrip()
            raise FilterError(f"filter '{text}': cannot read '{bad[:10]}' (unclosed quote?)")
        kind = m.lastgroup or "word"
        value = m.group(kind)
        if kind == "string":
            value = value[1:-1]
        tokens.append(_Token(kind, value, m.start(kind)))
        pos = m.end()
    return tokens


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokenize(text)
        self.i = 0

    def error(self, message: str) -> FilterError:
        return FilterError(f"filter '{self.text}': {message}")

    def peek(self) -> _Token | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def keyword(self, word: str) -> bool:
        tok = self.peek()
        if tok is not None and tok.kind == "word" and tok.text.lower() == word:
            self.i += 1
            return True
        return False

    def parse(self) -> Callable[[Card], bool]:
        if not self.tokens:
            raise self.error("empty filter")
        test = self.expr()
        extra = self.peek()
        if extra is not None:
            raise self.error(f"unexpected '{extra.text}'; join conditions with 'and' / 'or'")
        return test

    def expr(self) -> Callable[[Card], bool]:
        parts = [self.term()]
        while self.keyword("or"):
            parts.append(self.term())
        return parts[0] if len(parts) == 1 else _any_of(tuple(parts))

    def term(self) -> Callable[[Card], bool]:
        parts = [self.factor()]
        while self.keyword("and"):
            parts.append(self.factor())
        return parts[0] if len(parts) == 1 else _all_of(tuple(parts))

    def factor(self) -> Callable[[Card], bool]:
        if self.keyword("not"):
            inner = self.factor()
            return lambda c: not inner(c)
        tok = self.peek()
        if tok is None:
            raise self.error("ends too early")
        if tok.kind == "paren" and tok.text == "(":
            self.i += 1
            inner = self.expr()
            close = self.peek()
            if close is None or close.text != ")":
                raise self.error("missing ')'")
            self.i += 1
            return inner
        if tok.kind == "star":
            self.i += 1
            return lambda c: True
        return self.comparison()

    def comparison(self) -> Callable[[Card], bool]:
        field_tok = self.peek()
        assert field_tok is not None
        if field_tok.kind != "word":
            raise self.error(f"expected a field name at '{field_tok.text}'")
        field = field_tok.text.lower()
        if field not in _NUMERIC and field not in _TEXT:
            known = ", ".join([*_TEXT, *_NUMERIC])
            raise self.error(f"unknown field '{field_tok.text}' (fields: {known})")
        self.i += 1
        op_tok = self.peek()
        if op_tok is None or op_tok.kind != "op":
            raise self.error(f"expected an operator (= != < <= > >= ~) after '{field_tok.text}'")
        self.i += 1
        value = self.value(field)
        op = "=" if op_tok.text == "==" else op_tok.text
        if field in _NUMERIC:
            return _numeric_test(self, _NUMERIC[field], op, value)
        return _text_test(self, field, op, value)

    def value(self, field: str) -> str:
        tok = self.peek()
        if tok is None or tok.kind not in ("word", "string"):
            raise self.error(f"expected a value after '{field}'")
        self.i += 1
        if tok.kind == "string":
            return tok.text
        words = [tok.text]
        while (nxt := self.peek()) is not None and nxt.kind == "word" and nxt.text.lower() not in ("and", "or"):
            after = self.tokens[self.i + 1] if self.i + 1 < len(self.tokens) else None
            if after is not None and after.kind == "op":
                break  # 'type=Unit tag=X': the next word starts a comparison
            words.append(nxt.text)
            self.i += 1
        return " ".join(words)


def _any_of(tests: tuple[Callable[[Card], bool], ...]) -> Callable[[Card], bool]:
    """A test passed by a card that passes any of ``tests``."""
    return lambda card: any(test(card) for test in tests)


def _all_of(tests: tuple[Callable[[Card], bool], ...]) -> Callable[[Card], bool]:
    """A test passed by a card that passes every one of ``tests``."""
    return lambda card: all(test(card) for test in tests)


def _numeric_test(parser: _Parser, attr: str, op: str, value: str) -> Callable[[Card], bool]:
    if op == "~":
        raise parser.error(f"'~' works on names only, not on {attr}")
    try:
        number = int(value)
    except ValueError:
        raise parser.error(f"{attr} needs a whole number, not '{value}'") from None
    compare = {
        "=": lambda a: a == number,
        "!=": lambda a: a != number,
        "<": lambda a: a < number,
        "<=": lambda a: a <= number,
        ">": lambda a: a > number,
        ">=": lambda a: a >= number,
    }[op]

    def test(card: Card) -> bool:
        amount = getattr(card, attr)
        if amount is None and attr == "power":
            amount = 0
        return amount is not None and compare(amount)

    return test


def _enum_value(parser: _Parser, enum, field: str, value: str):
    for member in enum:
        if member.value.lower() == value.lower():
            return member
    known = ", ".join(m.value for m in enum)
    raise parser.error(f"unknown {field} '{value}' (one of: {known})")


def _text_test(parser: _Parser, field: str, op: str, value: str) -> Callable[[Card], bool]:
    if op in ("<", "<=", ">", ">="):
        raise parser.error(f"'{op}' compares numbers; {field} takes = or !=")
    if op == "~" and field != "name":
        raise parser.error("'~' (contains) works on names only")
    if field == "name":
        key = loose_key(value)
        if op == "~":
            return lambda c: key in loose_key(c.name)
        match = lambda c: loose_key(c.name) == key  # noqa: E731
    elif field == "type":
        kind = _enum_value(parser, CardType, "type", value)
        match = lambda c: c.type is kind  # noqa: E731
    elif field == "domain":
        domain = _enum_value(parser, Domain, "domain", value)
        match = lambda c: domain in c.domains  # noqa: E731
    elif field == "supertype":
        supertype = _enum_value(parser, Supertype, "supertype", value)
        match = lambda c: supertype in c.supertypes  # noqa: E731
    elif field == "set":
        code = value.upper()
        match = lambda c: c.set == code  # noqa: E731
    else:  # tag
        key = loose_key(value)
        match = lambda c: any(loose_key(t) == key for t in (*c.tags, c.champion_tag or ""))  # noqa: E731
    return match if op == "=" else (lambda c: not match(c))


def parse_filter(text: str) -> Filter:
    """Parse a filter expression; raises :class:`FilterError` with a readable message."""
    text = text.strip()
    return Filter(text, _Parser(text).parse())


def looks_like_filter(text: str) -> bool:
    """True if ``text`` uses filter syntax (an operator or ``*``) rather than being a card name."""
    return text.strip() == "*" or any(op in text for op in _OPS)
