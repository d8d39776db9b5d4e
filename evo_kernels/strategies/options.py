"""The one check of a strategy's options (``bench-search --strategy pbt:sweep=30``, ``make_strategy(...,
sweep=30)``): every strategy class lists its options in ``OPTIONS``, a table of :class:`Option` rows (type
and range); :func:`check_options` refuses an unknown option, one of the wrong type or one out of range in
one line naming the strategy and the option, and lists the strategy's options. Pure: nothing is read here.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from evo_kernels.settings import bounds_problem

# kinds: "int", "float", "bool", "str", "pair" (two positive numbers), "table" (an object of options:
# ``sub`` checks it), "any" (an object a program passes, as a saved population)
_KIND = {"int": "an integer", "float": "a number", "bool": "true or false", "str": "a string",
         "pair": "two positive numbers, like [1.2, 0.8]", "table": "an object of options"}


class OptionError(ValueError):
    """An option a strategy does not have, or a value of the wrong type or out of range; one line."""


@dataclass(frozen=True)
class Option:
    """One option of a strategy: its kind (see ``_KIND``) and range (numbers: ``least``, ``most``,
    ``positive`` for strictly more than ``least``; strings: ``choices``); ``optional``: None allowed."""

    kind: str
    least: float | None = None
    most: float | None = None
    positive: bool = False
    choices: tuple[str, ...] = ()
    optional: bool = False
    sub: Mapping[str, Option] | None = None  # a table's own options


def fraction(optional: bool = False, positive: bool = False) -> Option:
    """A share or a probability: a number from 0 (or more than 0, ``positive``) to 1."""
    return Option("float", least=0, most=1, positive=positive, optional=optional)


def _problem(opt: Option, value: Any, name: str) -> str | None:
    if value is None:
        return None if opt.optional else "must be set"
    if opt.kind == "any":
        return None
    if opt.kind == "table":
        if not isinstance(value, Mapping):
            return f"expected {_KIND['table']}, not {type(value).__name__}"
        if opt.sub is not None:
            check_options(name, value, opt.sub)
        return None
    if opt.kind == "pair":
        ok = (isinstance(value, (list, tuple)) and len(value) == 2
              and all(isinstance(x, (int, float)) and not isinstance(x, bool) and x > 0 for x in value))
        return None if ok else f"expected {_KIND['pair']}"
    if isinstance(value, bool) != (opt.kind == "bool") or not isinstance(value, {
            "int": int, "float": (int, float), "bool": bool, "str": str}[opt.kind]):
        return f"expected {_KIND[opt.kind]}, not {type(value).__name__}"
    if opt.choices and value not in opt.choices:
        return f"is not one of {', '.join(opt.choices)}"
    if opt.kind in ("int", "float"):
        return bounds_problem(value, opt.least, opt.positive, opt.most)
    return None


def check_options(strategy: str, options: Mapping[str, Any], table: Mapping[str, Option]) -> None:
    """Raise OptionError for the first option of ``options`` that ``table`` (the strategy's ``OPTIONS``)
    does not list, or whose value is of the wrong type or out of range."""
    unknown = sorted(set(options) - set(table))
    if unknown:
        have = ", ".join(sorted(table)) or "none"
        raise OptionError(f"strategy {strategy}: unknown option{'s' if len(unknown) > 1 else ''} "
                          f"{', '.join(unknown)}; its options: {have}")
    for name, value in options.items():
        bad = _problem(table[name], value, f"{strategy}: {name}")
        if bad:
            raise OptionError(f"strategy {strategy}: option {name} = {value!r}: {bad}")
