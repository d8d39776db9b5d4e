"""The learned acquisition function's pieces (evo_kernels/strategies/acquisition.py): its features, a residual
scorer that starts as the UCB screen, and a scorer file that is missing or not one, refused in one line."""
from __future__ import annotations

import numpy as np
import pytest

from evo_kernels.strategies import acquisition
from evo_kernels.strategies.acquisition import FEATURES, Scorer, features, load_scorer, pick, save_scorer


def _screen(seed: int = 0, n: int = 64, genes: int = 5):
    rng = np.random.default_rng(seed)
    rows = rng.integers(0, 4, size=(n, genes))
    mean, std = rng.normal(0.0, 0.3, n), rng.uniform(0.01, 0.2, n)
    evaluated = rng.integers(0, 4, size=(20, genes))
    lf = rng.normal(0.0, 0.3, 20)
    lf[3] = np.nan   # a failure
    kinds = ["policy", "mutate", "explore", "init"] * (n // 4)
    return rows, mean, std, kinds, evaluated, lf


def test_features_are_finite_and_one_row_per_candidate():
    rows, mean, std, kinds, evaluated, lf = _screen()
    f = features(rows, mean, std, kinds, evaluated, lf, list(rows[0]), 0.1, 2.0)
    assert f.shape == (64, len(FEATURES)) and np.isfinite(f).all()
    ucb = mean + 2.0 * std
    assert f[int(np.argmax(ucb)), FEATURES.index("is_ucb_pick")] == 1 and f[:, FEATURES.index("is_ucb_pick")].sum() == 1
    # a start (no member genome, no evaluation yet) still gives finite features
    f0 = features(rows, mean, std, kinds, evaluated[:0], lf[:0], None, None, 2.0)
    assert np.isfinite(f0).all()


def test_a_residual_scorer_starts_as_the_ucb_screen(tmp_path):
    torch = pytest.importorskip("torch")
    torch.manual_seed(0)
    s = Scorer(residual=True)
    for seed in range(5):
        rows, mean, std, kinds, evaluated, lf = _screen(seed)
        f = features(rows, mean, std, kinds, evaluated, lf, list(rows[0]), 0.1, 2.0)
        assert pick(s, f) == int(np.argmax(mean + 2.0 * std))
    path = tmp_path / "scorer.pt"
    save_scorer(s, path)
    acquisition._LOADED.clear()
    assert pick(load_scorer(path), f) == pick(s, f)


def test_a_missing_or_foreign_scorer_file_is_refused_in_one_line(tmp_path):
    with pytest.raises(ValueError, match="no scorer file there") as e:
        load_scorer(tmp_path / "nope.pt")
    assert "\n" not in str(e.value)
    bad = tmp_path / "bad.pt"
    bad.write_text("not a torch file")
    with pytest.raises(ValueError, match="not a scorer file"):
        load_scorer(bad)
