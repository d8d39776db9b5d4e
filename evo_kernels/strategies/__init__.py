"""Search strategies behind one ask/tell interface, found by name in ``STRATEGIES``.

The registry resolves classes on first use, so ``pbt`` (which imports torch) costs nothing, and
cannot break ``random`` or ``ga``, until someone asks for it.
"""
from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Any

from evo_kernels.genome import GenomeSpace
from evo_kernels.strategies.base import Strategy
from evo_kernels.strategies.options import OptionError, check_options

_WHERE = {
    "random": "evo_kernels.strategies.random:RandomSearch",
    "ga": "evo_kernels.strategies.ga:GeneticSearch",
    "pbt": "evo_kernels.strategies.pbt:PBTSearch",
}


class StrategyRegistry(Mapping[str, type[Strategy]]):
    """Name -> Strategy class, each imported from its ``module:Class`` address on first lookup."""

    def __init__(self, where: Mapping[str, str]) -> None:
        self._where = dict(where)
        self._loaded: dict[str, type[Strategy]] = {}

    def __getitem__(self, name: str) -> type[Strategy]:
        if name not in self._loaded:
            module, cls = self._where[name].split(":")  # KeyError for an unknown name, as a Mapping should
            self._loaded[name] = getattr(importlib.import_module(module), cls)
        return self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)


STRATEGIES = StrategyRegistry(_WHERE)


def make_strategy(name: str, space: GenomeSpace, template: str = "", problem: dict[str, int] | None = None,
                  seed: int = 0, **kw: Any) -> Strategy:
    """A strategy by registry name; ``kw`` goes to its constructor (``seeds``, and the options its ``OPTIONS``
    lists, e.g. ``population_size``): an unknown option, or one of the wrong type or out of range, is an
    OptionError naming the strategy and the option."""
    if name not in STRATEGIES:
        raise ValueError(f"unknown strategy {name!r}; known: {', '.join(STRATEGIES)}")
    cls = STRATEGIES[name]
    check_options(name, {k: v for k, v in kw.items() if k != "seeds"}, cls.OPTIONS)
    return cls(space, template, problem, seed=seed, **kw)


__all__ = ["STRATEGIES", "OptionError", "Strategy", "StrategyRegistry", "check_options", "make_strategy"]
