"""Cheap coercion for the simple options of every command (text, lists of text, choices).

typer 0.29 coerces each command-line value through a pydantic ``TypeAdapter`` that it builds the
first time the parameter is processed; importing that machinery and building the first adapter
costs ~40 ms of a ~100 ms start, for options whose value is text already. :func:`simplify` gives
each such parameter a coercer of its own before the command runs:

- ``str`` / ``Optional[str]``: the text as given;
- ``list[str]`` / ``Optional[List[str]]``: the list as given; ``Tuple[str, str]``: checked for length;
- ``bool`` (flags, ``--help`` included): a bool as is, text as typer reads it;
- an ``Enum`` (a choice such as ``--output``): typer's own choice matching, with its message.

Any other annotation (numbers with bounds, paths, dates, ...) keeps typer's coercion. If typer's
parameter objects ever change shape, nothing is replaced and typer does it all, as before.

Kept because typer offers no way around its adapters (a ``parser=`` is wrapped in one too) and a
cold ``deckcheck check one.txt`` without this module takes 1.39x the CPU time (20 alternating
pairs of whole processes, 2026-12-07; see docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, List, Tuple, Union, get_args, get_origin


def simplify(command: Any) -> None:
    """Give the simple parameters of ``command`` (and of its subcommands) a cheap coercer."""
    for param in getattr(command, "params", ()):
        _simplify(param)
    original = getattr(command, "get_help_option", None)
    if original is not None:  # --help is made on demand, and processed on every run
        def get_help_option(ctx: Any) -> Any:
            option = original(ctx)
            if option is not None:
                _simplify(option)
            return option

        command.get_help_option = get_help_option
    for sub in (getattr(command, "commands", None) or {}).values():
        simplify(sub)


def _simplify(param: Any) -> None:
    coercer = _coercer_for(param)
    if coercer is not None:
        param._runtime_param = coercer


def _coercer_for(param: Any) -> "_Coercer | None":
    descriptor = getattr(param, "type_descriptor", None)
    if descriptor is None or getattr(param, "_runtime_param", False) is not None:
        return None
    info = descriptor.parameter_info
    if descriptor.file_annotation is not None or info.parser is not None or descriptor.is_path:
        return None
    annotation = _unwrap_optional(descriptor.annotation)
    origin, args = get_origin(annotation), get_args(annotation)
    if origin in (list, List):
        return _Coercer(None) if args == (str,) else None
    if origin in (tuple, Tuple):
        return _Coercer(_fixed_tuple(len(args))) if args and all(a is str for a in args) else None
    if annotation is str:
        return _Coercer(None)
    if annotation is bool:
        return _Coercer(_bool)
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return _Coercer(_choice(tuple(annotation), bool(info.case_sensitive)))
    return None


def _unwrap_optional(annotation: Any) -> Any:
    if get_origin(annotation) is Union:
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation


def _choice(choices: tuple, case_sensitive: bool):
    from typer._param_types import coerce_cli_choice

    def convert(value: Any, ctx: Any) -> Any:
        return coerce_cli_choice(value, choices=choices, case_sensitive=case_sensitive, ctx=ctx)

    return convert


_TRUE = frozenset({"1", "on", "t", "true", "y", "yes"})
_FALSE = frozenset({"", "0", "off", "f", "false", "n", "no"})


def _bool(value: Any, ctx: Any) -> bool:
    """A flag's value: a bool as is; text as typer reads it (true/false, yes/no, on/off, 1/0, t/f, y/n)."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise ValueError("Input should be a valid boolean, unable to interpret input")


def _fixed_tuple(arity: int):
    def convert(value: Any, ctx: Any) -> tuple:
        if not isinstance(value, (list, tuple)):
            raise ValueError("value is not a valid tuple")
        if len(value) != arity:
            raise ValueError(f"{arity} values are required, but {len(value)} given.")
        return tuple(value)

    convert.whole = True  # type: ignore[attr-defined]  # converts the whole value, not each item
    return convert


@dataclass(frozen=True, slots=True)
class _Coercer:
    """Stands in for typer's runtime parameter: ``coerce(value, param, ctx)``; ``convert(value, ctx)``
    converts one value (None: the text as given)."""

    convert: Callable[[Any, Any], Any] | None

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        multiple = param.multiple or param.nargs == -1
        if value is None:
            return () if multiple else None
        if multiple and isinstance(value, str):
            return self._bad("Value must be an iterable.", param, ctx)
        convert = self.convert
        if convert is None:
            return list(value) if multiple else value
        try:
            if multiple and not getattr(convert, "whole", False):
                return [convert(v, ctx) for v in value]
            return convert(value, ctx)
        except ValueError as exc:
            return self._bad(str(exc), param, ctx)

    @staticmethod
    def _bad(message: str, param: Any, ctx: Any):
        from typer._click.exceptions import BadParameter

        raise BadParameter(message, ctx=ctx, param=param)

