"""The genome operators of the population search (evo_kernels/strategies/operators.py)."""
import numpy as np

from evo_kernels.bench_search import _space
from evo_kernels.strategies.operators import Operators
from tests.pbt_fabricated import SPACES, fabricated_space


def test_a_recorded_space_checks_the_tries_at_once_and_chooses_as_one_by_one():
    """The searchsorted over the valid list's codes takes the same first valid, unseen try as the
    loop over the tries does (the path of a space without a valid list), on a real recorded space."""
    space = _space(str(SPACES / "pnpoly_RTX_2080_Ti.json.gz")).space
    fast, slow = Operators(space, np.random.default_rng(5)), Operators(space, np.random.default_rng(5))
    slow._radix = None  # the loop path, as for a template's space
    rng = np.random.default_rng(0)
    got = []
    for i in range(400):
        base = space.valid[int(rng.integers(len(space.valid)))]
        a, b = fast.mutant(base, 1.5), slow.mutant(base, 1.5)
        assert a == b
        assert a is None or (space.is_valid(a) and fast.values(a) not in fast.seen)
        if a is not None and i % 2:  # half are seen, so that later tries meet seen neighbours
            fast.see(fast.values(a))
            slow.see(slow.values(a))
        fast.new_proposal()
        slow.new_proposal()
        got.append(a)
    assert sum(g is not None for g in got) > 300
    assert len({fast.values(g) for g in got if g is not None}) > 150  # not one genome again and again


def test_operators_yield_only_valid_new_genomes_in_a_constrained_space():
    space = fabricated_space()
    ops = Operators(space, np.random.default_rng(1))
    g = space.baseline()
    for _ in range(100):
        m = ops.mutant(g, 1.0)
        if m is None:
            break
        assert space.is_valid(m) and ops.fresh(m)
        ops.see(ops.values(m))
        assert not ops.fresh(m)
        g = m
    mask, targets = ops.edits(g, int(max(len(x.values) for x in space.genes)))
    assert mask.sum() == len(targets) and all(ops.valid_values(t) and t not in ops.seen for t in targets.values())
    assert all(sum(a != b for a, b in zip(t, ops.values(g))) == 1 for t in targets.values())
    ops.forget_seen()
    assert ops.fresh(g)
