"""The run's experience (evo_kernels/strategies/experience.py): the slot features it gives the
policies, the surrogate's prior before two evaluations, the evaluations it keeps within its memory."""
from __future__ import annotations

import math

import numpy as np

from evo_kernels.genome import Gene, GenomeSpace
from evo_kernels.strategies.experience import SLOT_FEATURES, Experience
from test_policy import small_space


def test_slot_features_summarize_the_runs_own_evaluations():
    space = small_space()
    exp = Experience(space)
    exp.add({"bx": 128, "tile": 4, "smem": True}, 2.0)
    exp.add({"bx": 128, "tile": 1, "smem": False}, 0.5)
    exp.add({"bx": 32, "tile": 1, "smem": False}, 0.0)  # a failure
    cur = exp.row({"bx": 64, "tile": 1, "smem": False})
    f = exp.slot_features(cur, 0.0)
    names = {n: i for i, n in enumerate(SLOT_FEATURES)}
    assert math.isclose(f[0, 2, names["best_gain"]], math.log(2.0), rel_tol=1e-6)  # bx=128: best was 2x
    assert math.isclose(f[0, 2, names["mean_gain"]], (math.log(2.0) + math.log(0.5)) / 2, rel_tol=1e-6)
    assert f[0, 0, names["fail_rate"]] == 1.0 and f[0, 0, names["best_gain"]] == 0.0  # bx=32 only failed
    assert f[0, 3, names["has_data"]] == 0.0  # bx=256 never evaluated
    assert f[0, 2, names["nn_distance"]] * 3 == 0.0  # {128, 1, False} is exactly the edit bx->128
    assert f[0, 2, names["neighbor"]] == 1.0 and f[0, 3, names["neighbor"]] == 0.0


def test_experience_predicts_the_prior_before_two_evaluations():
    space = small_space()
    exp = Experience(space)
    g = space.baseline()
    mean, std = exp.predict(np.array([exp.row(g)]))
    assert mean.tolist() == [0.0] and std.tolist() == [1.0]
    exp.add(g, 2.0)
    exp.add({**g, "bx": 256}, 0.5)
    mean, _ = exp.predict(np.array([exp.row(g), exp.row({**g, "bx": 256})]))
    assert mean[0] > mean[1]


def test_experience_keeps_the_best_half_and_the_most_recent_within_its_memory():
    space = GenomeSpace([Gene("a", "TileLoops", list(range(40)), 0), Gene("b", "UnrollLoop", list(range(40)), 0)])
    exp = Experience(space, memory=10)
    fit = [0.5 + (i * 37 % 23) / 10 for i in range(30)]
    for i in range(30):
        exp.add({"a": i, "b": (7 * i) % 40}, fit[i] if i != 4 else 0.0)  # 4: a failure
    act = exp.active()
    assert len(act) == 10 and list(act) == sorted(act)
    best = sorted(range(30), key=lambda i: -fit[i] if i != 4 else math.inf)[:5]
    assert set(best) <= set(act) and {29, 28} <= set(act) and 4 not in act
    rows, lf = exp._arrays()
    assert rows.shape == (10, 2) and np.allclose(lf, [math.log(fit[i]) for i in act])
    exp.predict(np.array([[0, 0]]))
    assert len(exp.model._fit[1]) == 10  # the model sees the active rows only
    # With a memory of 32 the set is chosen every 2 evaluations (memory // 16) and only grows between:
    # the model extends its factor by the rows since the last choice instead of refitting it.
    exp = Experience(space, memory=32)
    seen = {}
    for i in range(40):
        exp.add({"a": i, "b": (7 * i) % 40}, 0.5 + (i * 37 % 23) / 10)
        seen[i + 1] = (list(exp.active()), exp.whole())
    assert seen[32] == (list(range(32)), 32) and seen[31] == (list(range(31)), 30)
    assert seen[33][0] == list(range(33)) and seen[33][1] == 32
    assert len(seen[34][0]) == 32 and seen[34][1] == 32 and seen[35][0] == seen[34][0] + [34]
    assert seen[35][1] == 32 and seen[36][0] != seen[35][0] + [35]  # a new choice at 36
