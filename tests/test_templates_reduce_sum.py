"""The reduce_sum template alone: its grid against its partials buffer, its inputs. The checks it
shares with the other memory-bound templates are tests/test_templates_memory.py."""
from __future__ import annotations

from evo_kernels.template import load_template
from _memory_template_helpers import _all_valid


def test_reduce_grid_fits_partials():
    t = load_template("reduce_sum")
    partials = next(a for a in t.args(t.problem) if a.name == "partials")
    assert partials.role == "scratch"
    for g in _all_valid(t):
        for p in [t.problem, *t.check_problems, {"N": 2**31 - 1}]:
            assert t.launch(g, p).grid[0] <= partials.shape[0]


def test_reduce_inputs_are_uniform():
    t = load_template("reduce_sum")
    (inp,) = [a for a in t.args(t.problem) if a.role == "in"]
    assert inp.init == "uniform" and inp.shape == (2**28,)
    assert [a.role for a in t.args(t.problem)].count("scratch") == 2

