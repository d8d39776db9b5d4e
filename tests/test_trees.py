"""The tree-ensemble surrogate: a conjunction of settings is learned, fits are pure functions of
(key, rows), and pbt with it is deterministic and resumes exactly."""
from __future__ import annotations

import numpy as np
import pytest

from evo_kernels.strategies.surrogate import Surrogate
from evo_kernels.strategies.trees import SURROGATES, TreeSurrogate, make_surrogate


def conjunction_data(n: int = 200, seed: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    sizes = np.array([4, 2, 2, 5, 3])
    rng = np.random.default_rng(seed)
    X = np.stack([rng.integers(s, size=n) for s in sizes], 1)
    y = 0.1 * X[:, 3] + np.where((X[:, 1] == 0) & (X[:, 2] == 0) & (X[:, 0] == 3), 2.0, 0.0)
    return sizes, X, y


def test_trees_rank_a_conjunction_first():
    sizes, X, y = conjunction_data()
    m = TreeSurrogate(sizes, key=1)
    m.fit(X[:120].tolist(), y[:120].tolist())
    mean, std = m.predict(X[120:])
    assert mean.shape == std.shape == (80,) and (std >= 0).all()
    top = np.argsort(-mean)[:4]  # the 4 held-out genomes in the conjunction
    assert (y[120:][top] >= 2.0).all()


@pytest.mark.parametrize("kind", SURROGATES)
def test_a_fit_is_a_pure_function_of_key_and_rows(kind):
    sizes, X, y = conjunction_data(60)
    a, b = make_surrogate(kind, sizes, key=7), make_surrogate(kind, sizes, key=7)
    b.fit(X[:40].tolist(), y[:40].tolist())  # a cached earlier fit does not change the next one
    for m in (a, b):
        m.fit(X.tolist(), y.tolist())
    assert all(np.array_equal(u, v) for u, v in zip(a.predict(X), b.predict(X)))
    assert type(a).__name__ == {"gp": "Surrogate", "blend": "BlendSurrogate", "blend_rf": "BlendSurrogate"}.get(
        kind, "TreeSurrogate")
    if kind in ("trees", "et"):
        c = make_surrogate(kind, sizes, key=8)
        c.fit(X.tolist(), y.tolist())
        assert not np.array_equal(a.predict(X)[0], c.predict(X)[0])


def test_failures_and_the_gp_are_handled_alike():
    sizes, X, y = conjunction_data(40)
    y = y.copy()
    y[:5] = np.nan  # failures count as the worst fitness seen
    for m in (TreeSurrogate(sizes), Surrogate(sizes)):
        m.fit(X.tolist(), y.tolist())
        assert np.isfinite(m.predict(X)[0]).all()
    with pytest.raises(ValueError):
        make_surrogate("svm", sizes)
