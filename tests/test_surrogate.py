"""The population's Gaussian process (evo_kernels/strategies/surrogate.py) against references written out here:
the value scales, the kernel as its definition reads (a broadcast over dimensions, not the one-hot products), the
posterior as a dense solve, the incremental factor as a whole one, the targets' clipping and prior scale, and the
single-gene edit grid. Rows are random value slots of a space with numeric, power-of-two-mixed and categorical genes."""
import numpy as np
import pytest

from evo_kernels.strategies.surrogate import (ADDITIVE, CLIP_QUANTILE, NOISE, PRIOR_PSEUDO, THETA, Surrogate,
                                              edit_grid, prior_of, targets, value_scales)

VALUES = [[1, 2, 4, 8, 16, 32],            # numeric over a factor of 32: log scale, all powers of two
          [32, 48, 64, 80, 256],           # numeric, powers of two mixed with others: a flag dimension
          [False, True],                   # bool: slot index
          ["none", "registers", "shared"],  # categorical: slot index
          [3, 5, 7]]                       # numeric over less than a factor of 4, no power of two: slot index
SIZES = np.array([len(v) for v in VALUES])


def rows(rng, n: int) -> np.ndarray:
    return np.stack([rng.integers(0, s, n) for s in SIZES], axis=1)


def reference_kernel(A: np.ndarray, B: np.ndarray) -> np.ndarray:
    """k(a, b) as the module's docstring states it, dimension by dimension."""
    pos, pow2 = value_scales(VALUES)
    flagged = [g for g in range(len(VALUES)) if pow2[g].any()]

    def dims(r):
        codes = list(r) + [pow2[g, r[g]] for g in flagged]
        places = [pos[g, r[g]] for g in range(len(r))] + [pow2[g, r[g]] for g in flagged]
        return np.array(codes, dtype=float), np.array(places)

    out = np.zeros((len(A), len(B)))
    for i, a in enumerate(A):
        ca, pa = dims(a)
        for j, b in enumerate(B):
            cb, pb = dims(b)
            out[i, j] = ADDITIVE * np.mean(ca == cb) + (1 - ADDITIVE) * np.exp(-THETA * np.mean(np.abs(pa - pb)))
    return out


def test_value_scales_log_for_wide_numeric_genes_slots_otherwise_and_a_flag_where_powers_of_two_mix():
    pos, pow2 = value_scales(VALUES)
    assert pos.shape == pow2.shape == (5, 6)
    np.testing.assert_allclose(pos[0], np.log2([1, 2, 4, 8, 16, 32]) / 5)
    np.testing.assert_allclose(pos[1, :5], np.log(np.array([32, 48, 64, 80, 256]) / 32) / np.log(8))
    np.testing.assert_allclose(pos[2, :2], [0, 1])
    np.testing.assert_allclose(pos[3, :3], [0, 0.5, 1])
    np.testing.assert_allclose(pos[4, :3], [0, 0.5, 1])            # 7 / 3 < 4: not log
    np.testing.assert_array_equal(pow2[1, :5], [1, 0, 1, 0, 1])
    assert not pow2[[0, 2, 3, 4]].any()                              # all powers of two, bools, strings, no flag
    np.testing.assert_array_equal(value_scales([[3, 4, 5]])[1][0], [0, 1, 0])


def test_kernel_equals_its_definition_and_is_a_valid_covariance():
    rng = np.random.default_rng(3)
    A, B = rows(rng, 17), rows(rng, 11)
    s = Surrogate(SIZES, values=VALUES)
    np.testing.assert_allclose(s.kernel(A, B), reference_kernel(A, B), atol=1e-12)
    K = s.kernel(A, A)
    np.testing.assert_allclose(np.diag(K), 1.0)
    np.testing.assert_allclose(K, K.T, atol=1e-12)
    assert np.linalg.eigvalsh(K).min() > -1e-9
    # near in value is nearer: on the log-scaled gene, 1 -> 2 is more alike than 1 -> 32, all else equal
    base = np.array([[0, 2, 0, 0, 0]])
    assert s.kernel(base, np.array([[1, 2, 0, 0, 0]]))[0, 0] > s.kernel(base, np.array([[5, 2, 0, 0, 0]]))[0, 0]
    # and a block of 64 is more like 256 (a power of two) than like 80, though 80 lies nearer on the scale
    assert s.kernel(base, np.array([[0, 4, 0, 0, 0]]))[0, 0] > s.kernel(base, np.array([[0, 3, 0, 0, 0]]))[0, 0]


def dense_posterior(s: Surrogate, H: np.ndarray, y_raw: np.ndarray, Q: np.ndarray, table=None):
    y, sd, scale = targets(list(y_raw), table, H)
    mu = y.mean()
    K = reference_kernel(H, H) + NOISE * np.eye(len(H))
    kq = reference_kernel(Q, H)
    mean = mu + scale * prior_of(table, Q) + sd * kq @ np.linalg.solve(K, (y - mu) / sd)
    var = 1.0 - np.einsum("ij,ji->i", kq, np.linalg.solve(K, kq.T))
    return mean, np.sqrt(np.maximum(var, 0)) * sd


@pytest.mark.parametrize("with_prior", [False, True])
def test_predictions_equal_a_dense_gp_solve(with_prior):
    rng = np.random.default_rng(7 + with_prior)
    H, Q = rows(rng, 40), rows(rng, 25)
    table = rng.normal(0, 0.3, (5, 6)) if with_prior else None
    y = -0.4 * H[:, 0] + 0.2 * (H[:, 1] % 2) + rng.normal(0, 0.1, len(H))
    y[[3, 9]] = -np.inf                                              # two failures: the worst seen
    s = Surrogate(SIZES, table=table, values=VALUES)
    s.fit(H.tolist(), list(y))
    got_mean, got_std = s.predict(Q)
    want_mean, want_std = dense_posterior(s, H, y, Q, table)
    np.testing.assert_allclose(got_mean, want_mean, atol=1e-8)
    np.testing.assert_allclose(got_std, want_std, atol=1e-8)
    # at a measured row the model is near its (clipped) target, and surer than at the queries
    resid, _, scale = targets(list(y), table, H)
    m, sd = s.predict(H[:5])
    np.testing.assert_allclose(m, resid[:5] + scale * prior_of(table, H[:5]), atol=0.15)
    assert sd.max() < np.median(got_std)


def test_rows_added_one_at_a_time_give_the_factor_of_the_whole():
    rng = np.random.default_rng(11)
    H, Q = rows(rng, 36), rows(rng, 9)
    y = list(rng.normal(0, 1, len(H)))
    whole = Surrogate(SIZES, values=VALUES)
    whole.fit(H.tolist(), y)
    grown = Surrogate(SIZES, values=VALUES)
    grown.fit(H[:20].tolist(), y[:20])
    grown.fit(H.tolist(), y, whole=20)                               # 16 block-Cholesky steps
    for a, b in zip(whole.predict(Q), grown.predict(Q)):
        np.testing.assert_allclose(a, b, atol=1e-9)
    # a forgotten tail is a truncation: back to the first 28 rows, as if fitted to them alone
    grown.fit(H[:28].tolist(), y[:28], whole=20)
    alone = Surrogate(SIZES, values=VALUES)
    alone.fit(H[:28].tolist(), y[:28])
    for a, b in zip(alone.predict(Q), grown.predict(Q)):
        np.testing.assert_allclose(a, b, atol=1e-9)


def test_targets_clip_the_worse_half_count_failures_as_the_worst_and_fade_a_contradicted_prior():
    y = [0.5, -3.0, 0.1, float("nan"), -0.2, 0.9, -np.inf, 0.3]
    got, sd, scale = targets(y, None, np.zeros((8, 5), dtype=int))
    finite = np.array([0.5, -3.0, 0.1, -3.0, -0.2, 0.9, -3.0, 0.3])
    floor = np.quantile(finite, CLIP_QUANTILE)
    np.testing.assert_allclose(got, np.maximum(finite, floor))
    assert got.min() == pytest.approx(floor) and scale == 0.0 and sd == pytest.approx(got.std() + 1e-6)

    rng = np.random.default_rng(5)
    H = rows(rng, 40)
    table = rng.normal(0, 0.5, (5, 6))
    p = prior_of(table, H)
    np.testing.assert_allclose(p, [sum(table[g, r[g]] for g in range(5)) for r in H])
    # every run's target above the median (no clipping): the ridge's scale, pulled toward 1
    lin = 1.5 * p
    lin = lin - np.quantile(lin, CLIP_QUANTILE) + 1.0
    y_fit = np.maximum(lin, np.quantile(lin, CLIP_QUANTILE))
    pc, yc = p - p.mean(), y_fit - y_fit.mean()
    lam = PRIOR_PSEUDO * (pc * pc).mean()
    _, _, scale = targets(list(lin), table, H)
    assert scale == pytest.approx(np.clip((pc @ yc + lam) / (pc @ pc + lam), 0, 2))
    _, _, agreeing = targets(list(2.0 * p), table, H)
    _, _, contradicted = targets(list(-3.0 * p), table, H)
    assert agreeing > 1.0 and contradicted == 0.0                   # kept in [0, 2]: a contradicted prior fades out


def test_edit_grid_is_every_single_gene_edit_then_the_genome():
    cur = [2, 0, 1]
    g = edit_grid(cur, 4)
    assert g.shape == (3 * 4 + 1, 3)
    np.testing.assert_array_equal(g[-1], cur)
    for i, r in enumerate(g[:-1]):
        gene, slot = divmod(i, 4)
        want = list(cur)
        want[gene] = slot
        np.testing.assert_array_equal(r, want)
