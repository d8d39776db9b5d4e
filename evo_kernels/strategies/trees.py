"""A tree-ensemble surrogate (SMAC-style random forest or extremely randomized trees), in numpy.

The same interface as :class:`~evo_kernels.strategies.surrogate.Surrogate` (``fit``, ``predict``,
``prior``, ``invalidate``, ``table``) and the same targets: log fitness, failures as the worst
fitness seen, the worse half clipped at the median. Genomes are rows of value-slot indices; a split
is ``slot <= threshold`` on one gene, so a conjunction of settings (``use_shmem`` 0 and
``tile_size_y`` 4 and ...) is a path of a tree. The mean is the mean of the trees' predictions; the
std is the std over trees, with the mean within-leaf variance added (the law of total variance, as
SMAC does) when ``leaf_variance``.

Determinism: a fit draws its trees from ``numpy.random.default_rng([key, len(rows)])``, ``key``
given by the owner (derived from the strategy's seed), so a fit is a pure function of the rows:
the same run refits the same forest after a checkpoint's resume, whatever was cached before.
"""
from __future__ import annotations

import numpy as np

from evo_kernels.strategies.surrogate import prior_of, targets


def _split_scores(X: np.ndarray, y: np.ndarray, min_leaf: int) -> tuple[np.ndarray, np.ndarray]:
    """Best ``x <= t`` split per column of X [n, F]: (score [F], threshold [F]); score -inf where none.

    Score is S_L^2/n_L + S_R^2/n_R of the centered targets (the SSE reduction up to a constant)."""
    n, F = X.shape
    order = np.argsort(X, axis=0, kind="stable")
    xs = np.take_along_axis(X, order, 0)
    ys = y[order]  # [n, F]
    cs = np.cumsum(ys, 0)[:-1]  # left sums for cut after position i
    nl = np.arange(1, n)[:, None].astype(float)
    tot = ys.sum(0)
    score = cs * cs / nl + (tot - cs) ** 2 / (n - nl)
    ok = (xs[:-1] != xs[1:]) & (nl >= min_leaf) & (n - nl >= min_leaf)
    score = np.where(ok, score, -np.inf)
    i = score.argmax(0)
    f = np.arange(F)
    return score[i, f], (xs[i, f] + xs[np.minimum(i + 1, n - 1), f]) / 2


def _random_scores(X: np.ndarray, y: np.ndarray, min_leaf: int, rng: np.random.Generator
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Extra-trees: one random threshold per column, uniform between its min and max."""
    n, F = X.shape
    lo, hi = X.min(0), X.max(0)
    t = lo + rng.random(F) * (hi - lo)
    left = X <= t[None, :]
    nl = left.sum(0).astype(float)
    sl = (left * y[:, None]).sum(0)
    tot = y.sum()
    with np.errstate(divide="ignore", invalid="ignore"):
        score = sl * sl / nl + (tot - sl) ** 2 / (n - nl)
    ok = (hi > lo) & (nl >= min_leaf) & (n - nl >= min_leaf)
    return np.where(ok, score, -np.inf), t


def build_tree(X: np.ndarray, y: np.ndarray, rng: np.random.Generator, *, extra: bool, max_features: float,
               min_split: int, min_leaf: int, max_depth: int) -> tuple[np.ndarray, ...]:
    """One regression tree as flat arrays (feature, threshold, left, right, value, variance); leaves
    have feature -1."""
    feat, thr, left, right, val, var = [], [], [], [], [], []
    G = X.shape[1]
    k = max(1, int(round(max_features * G)))
    stack = [(np.arange(len(y)), 0, -1, False)]
    while stack:
        idx, depth, parent, is_right = stack.pop()
        node = len(feat)
        if parent >= 0:
            (right if is_right else left)[parent] = node
        yy = y[idx]
        feat.append(-1)
        thr.append(0.0)
        left.append(-1)
        right.append(-1)
        val.append(float(yy.mean()))
        var.append(float(yy.var()))
        if len(idx) < min_split or depth >= max_depth or np.ptp(yy) <= 1e-12:
            continue
        cols = rng.permutation(G)[:k] if k < G else np.arange(G)
        Xn = X[np.ix_(idx, cols)]
        yc = yy - yy.mean()
        score, t = _random_scores(Xn, yc, min_leaf, rng) if extra else _split_scores(Xn, yc, min_leaf)
        if not np.isfinite(score).any():
            continue
        b = int(np.argmax(score))
        f = int(cols[b])
        feat[node], thr[node] = f, float(t[b])
        go_left = X[idx, f] <= t[b]
        stack.append((idx[~go_left], depth + 1, node, True))
        stack.append((idx[go_left], depth + 1, node, False))
    return (np.array(feat), np.array(thr), np.array(left), np.array(right), np.array(val), np.array(var))


class Forest:
    """An ensemble of regression trees on rows [n, genes]; predict gives per-tree values and variances."""

    def __init__(self, trees: list[tuple[np.ndarray, ...]]) -> None:
        offs = np.cumsum([0] + [len(t[0]) for t in trees])
        self.roots = offs[:-1]
        self.feat = np.concatenate([t[0] for t in trees])
        self.thr = np.concatenate([t[1] for t in trees])
        self.left = np.concatenate([t[2] + o for t, o in zip(trees, offs)])
        self.right = np.concatenate([t[3] + o for t, o in zip(trees, offs)])
        self.val = np.concatenate([t[4] for t in trees])
        self.var = np.concatenate([t[5] for t in trees])

    def apply(self, rows: np.ndarray) -> np.ndarray:
        """Leaf index [trees, n] of every row in every tree."""
        rows = np.asarray(rows)
        node = np.repeat(self.roots[:, None], len(rows), 1)
        cols = np.arange(len(rows))[None, :].repeat(len(self.roots), 0)
        while True:
            f = self.feat[node]
            inner = f >= 0
            if not inner.any():
                return node
            x = rows[cols, np.maximum(f, 0)]
            nxt = np.where(x <= self.thr[node], self.left[node], self.right[node])
            node = np.where(inner, nxt, node)


class TreeSurrogate:
    """Tree-ensemble regression of log fitness on value-slot rows (see the module docstring)."""

    def __init__(self, sizes: np.ndarray, table: np.ndarray | None = None, key: int = 0, *, n_trees: int = 32,
                 extra: bool = True, bootstrap: bool = False, max_features: float = 1.0, min_split: int = 2,
                 min_leaf: int = 1, max_depth: int = 20, leaf_variance: bool = False) -> None:
        self.sizes = np.asarray(sizes)
        self.table = table
        self.key = int(key) % 2**63
        self.opts = dict(extra=extra, max_features=max_features, min_split=min_split, min_leaf=min_leaf,
                         max_depth=max_depth)
        self.n_trees, self.bootstrap, self.leaf_variance = n_trees, bootstrap, leaf_variance
        self._fit: tuple | None = None  # (rows fitted, forest, prior scale, rows, log fitness)

    def prior(self, rows: np.ndarray) -> np.ndarray:
        return prior_of(self.table, rows)

    def invalidate(self) -> None:
        self._fit = None

    def fit(self, rows: list[list[int]], log_fitness: list[float], whole: int | None = None) -> None:
        """Fit to the rows (``whole``: the GP's contract; a forest is refitted whole)."""
        H, y_raw = np.asarray(rows), np.asarray(log_fitness, dtype=float)
        if self._fit is not None and np.array_equal(self._fit[3], H) \
                and np.array_equal(self._fit[4], y_raw, equal_nan=True):
            return
        y, _, scale = targets(log_fitness, self.table, H)
        rng = np.random.default_rng([self.key, len(rows)])
        trees = []
        for _ in range(self.n_trees):
            idx = rng.integers(len(y), size=len(y)) if self.bootstrap else np.arange(len(y))
            trees.append(build_tree(H[idx], y[idx], rng, **self.opts))
        self._fit = (len(rows), Forest(trees), scale, H, y_raw)

    def predict(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        assert self._fit is not None, "TreeSurrogate.predict before fit"
        _, forest, scale, _, _ = self._fit
        rows = np.asarray(rows)
        leaves = forest.apply(rows)
        vals = forest.val[leaves]  # [trees, n]
        var = vals.var(0)
        if self.leaf_variance:
            var = var + forest.var[leaves].mean(0)
        base = scale * self.prior(rows) if scale else 0.0
        return base + vals.mean(0), np.sqrt(var)


class BlendSurrogate:
    """The mean of a GP's and a tree ensemble's predictions (means and stds averaged)."""

    def __init__(self, gp, trees: TreeSurrogate) -> None:
        self.parts = (gp, trees)

    @property
    def table(self) -> np.ndarray | None:
        return self.parts[0].table

    @table.setter
    def table(self, value: np.ndarray | None) -> None:
        for p in self.parts:
            p.table = value

    def prior(self, rows: np.ndarray) -> np.ndarray:
        return self.parts[0].prior(rows)

    def invalidate(self) -> None:
        for p in self.parts:
            p.invalidate()

    def fit(self, rows: list[list[int]], log_fitness: list[float], whole: int | None = None) -> None:
        for p in self.parts:
            p.fit(rows, log_fitness, whole)

    def predict(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        (m1, s1), (m2, s2) = (p.predict(rows) for p in self.parts)
        return (m1 + m2) / 2, (s1 + s2) / 2


SURROGATES = ("gp", "trees", "blend", "rf", "blend_rf", "et")


def make_surrogate(kind: str, sizes: np.ndarray, table: np.ndarray | None = None, key: int = 0,
                   values: list[list] | None = None):
    """The shared surrogate ``kind`` names: "gp" the Gaussian process; "trees"
    SMAC's random forest (32 bootstrapped trees, 5/6 of the genes per split, leaves of 3 or more,
    std over trees plus within-leaf variance); "blend" the mean of "gp" and "trees"; "rf" "trees"
    without the within-leaf variance; "blend_rf" the mean of "gp" and "rf"; "et" extremely randomized
    trees (half the genes per split, no bootstrap, std over trees). ``values``: the genes' domains,
    for the GP's value scales (the trees split on slot indices, which is scale-free)."""
    from evo_kernels.strategies.surrogate import Surrogate

    def forest(leaf_variance: bool) -> TreeSurrogate:
        return TreeSurrogate(sizes, table, key, extra=False, bootstrap=True, max_features=5 / 6, min_split=3,
                             min_leaf=3, leaf_variance=leaf_variance)

    if kind == "gp":
        model = Surrogate(sizes, table, values)
    elif kind == "trees":
        model = forest(True)
    elif kind == "blend":
        model = BlendSurrogate(Surrogate(sizes, table, values), forest(True))
    elif kind == "rf":
        model = forest(False)
    elif kind == "blend_rf":
        model = BlendSurrogate(Surrogate(sizes, table, values), forest(False))
    elif kind == "et":
        model = TreeSurrogate(sizes, table, key, extra=True, max_features=0.5)
    else:
        raise ValueError(f"unknown surrogate {kind!r}; known: {', '.join(SURROGATES)}")
    return model
