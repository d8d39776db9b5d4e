"""What a template's metadata module declares, checked when it is loaded (:func:`check_metadata`, called by
:func:`~evo_kernels.template.load_template`): the required names, the genes, the problem and check shapes, the
arguments at each, and the reference on random inputs at the smallest check shape. Each mistake is a ValueError
naming it, which the loader reports as the file's, in one line, before any build or GPU sees the template.
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from evo_kernels.genome import Gene, GenomeSpace
from evo_kernels.settings import check_problem
from evo_kernels.template import REQUIRED, Arg, _one_line, size_text


def check_metadata(meta: Any, name: str) -> list[Gene]:
    """The genes of a loaded metadata module, after the checks of what it declares; a ValueError naming the
    first mistake, which :func:`~evo_kernels.template.load_template` reports as the file's."""
    missing = [r for r in REQUIRED if not hasattr(meta, r)]
    if missing:
        raise ValueError(f"missing metadata {', '.join(missing)}")
    genes = list(meta.GENES)
    if not genes or not all(isinstance(g, Gene) for g in genes):
        raise ValueError("GENES must be a non-empty list of evo_kernels.genome.Gene")
    GenomeSpace(genes, name=name)  # its own checks of the genes together (each name once)
    problem = meta.PROBLEM
    if not isinstance(problem, Mapping) or not problem:
        raise ValueError(f"PROBLEM {problem!r} must be a non-empty dict of dimension names to sizes")
    checks = meta.CHECK_PROBLEMS
    if not isinstance(checks, Sequence) or len(checks) < 2:
        raise ValueError("CHECK_PROBLEMS needs at least two shapes, one that no tile divides")
    for what, p in [("PROBLEM", problem), *(("CHECK_PROBLEMS", c) for c in checks)]:
        check_problem(p, problem, what, repr(p))  # the dimensions of PROBLEM, each a positive integer
    for p in (problem, *checks):  # each Arg checks its own role, dtype and init as it is made
        try:
            args = list(meta.args(dict(p)))
        except Exception as exc:
            raise ValueError(f"args at {size_text(p)}: {_one_line(exc)}") from exc
        if not all(isinstance(a, Arg) for a in args):
            raise ValueError(f"args at {size_text(p)} must return a list of evo_kernels.template.Arg")
    check_reference(meta, min(checks, key=lambda c: math.prod(c.values())))
    return genes


def check_reference(meta: Any, p: Mapping[str, int]) -> None:
    """The reference at check shape ``p`` (the smallest: microseconds) on random inputs drawn as the GPU harness
    draws them (never zeros): it must return every out argument and may return inout ones, each of its argument's
    shape. A ValueError naming the first mismatch, caught here instead of by the harness on a GPU."""
    # the harness's own draw; imported here, as the runners package imports the template module
    from evo_kernels.runners.inputs import as_float64, make_inputs

    args = list(meta.args(dict(p)))
    where = f"reference at {size_text(p)}"
    try:
        refs = meta.reference(as_float64(make_inputs(args, np.random.SeedSequence(0))), dict(p))
        if not isinstance(refs, Mapping):
            raise TypeError(f"returns a {type(refs).__name__}, not a dict of output names to arrays")
        shapes = {k: np.shape(v) for k, v in refs.items()}
    except Exception as exc:
        raise ValueError(f"{where}: {type(exc).__name__}: {_one_line(exc)}") from exc
    outs = {a.name: tuple(int(n) for n in a.shape) for a in args if a.role in ("out", "inout")}
    for name, shape in shapes.items():
        if name not in outs:
            raise ValueError(f"{where} returns {name}, which is not an out or inout argument (those are: "
                             f"{', '.join(outs) or 'none'})")
        if shape != outs[name]:
            raise ValueError(f"{where} returns {name} of shape {shape}, its argument's is {outs[name]}")
    for a in args:
        if a.role == "out" and a.name not in shapes:
            raise ValueError(f"{where} does not return {a.name}, an out argument")
    if not shapes:
        raise ValueError(f"{where} returns no output to check")
