"""The population's shared surrogate: a Gaussian process over every member's evaluations of the run.

Genomes are rows of value-slot indices (positions in each gene's ordered domain). The kernel adds
an additive part (the share of equal genes: what genomes sharing a value have in common) and an
ordinal interaction part, exp(-THETA * mean normalized distance): near genomes perform alike, and a
block size of 64 is nearer to 32 than to 256. Given the genes' values (:func:`value_scales`), a
numeric gene spanning a factor of 4 or more is measured on a log scale (tile 1 -> 2 is a bigger
step than 7 -> 8, as it is for the hardware), and a numeric gene that mixes powers of two with
other values gets one more dimension, "is a power of two", in both parts: on the A4000
convolution a block width of 48 or 80 is 3-4x slower than its neighbours 32, 64 and 256, which no
smooth function of the value can say. Targets are log fitness; failures count
as the worst fitness seen (the model steers away from regions that do not compile or run), and
the worse half is clipped at the median so that a few very slow configurations do not dominate
the fit: the search needs the model to rank the good region, not to tell bad from awful.

On the four recorded Kernel Tuner spaces, fitted to 120 random evaluations, the eight genomes this
model ranks first are better than 96-98% of the rest on average; with the former Hamming-only
kernel and no clipping, 65-95% (measured before the value scales). The value scales took a
whole-space GP-UCB search (one evaluation at a time) on the A4000 convolution from 90.5 to 59.5
median evaluations to 5% (seeds 0..39, the flag alone), and pbt at batch 1 (seeds 0..39) on milo /
convolution / pnpoly / gemm from 72 / 32 / 25.5 / 64.5 to 51 / 27.5 / 20 / 45.5 with 32 proposals
(benchmarks/SEARCH.md).

With a prior (``table``: a transferred :class:`~evo_kernels.strategies.prior.PriorModel`'s
contribution of every gene's value slot on this space), the GP models the residual of
``scale * prior + offset``: the scale is a ridge estimate from the run's evaluations pulled
toward 1 by ``PRIOR_PSEUDO`` pseudo-observations and kept in [0, 2] (a prior the run contradicts
fades out), so that far from what the run has measured the model falls back to the prior's
ranking instead of the run's mean.
"""
from __future__ import annotations

import numpy as np
import torch

ADDITIVE = 0.5  # weight of the additive (equal-genes) part of the kernel
THETA = 10.0  # decay of the ordinal interaction part with the mean normalized distance
NOISE = 0.05  # observation noise, standardized units
CLIP_QUANTILE = 0.5  # log fitness below this quantile of the evaluations is raised to it
PRIOR_PSEUDO = 8.0  # pseudo-observations pulling the prior's in-run scale toward 1


def _numeric(values) -> bool:
    return all(isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, (bool, np.bool_))
               for v in values)


def value_scales(values: list[list]) -> tuple[np.ndarray, np.ndarray]:
    """Per gene and value slot: the position in [0, 1] the ordinal part measures distance on (log
    scale for a numeric, positive, increasing gene spanning a factor of 4 or more; else the slot
    index over the domain's length), and the "is a power of two" flag (nonzero only for integer
    genes mixing powers of two with other values). Both [genes, max slots]."""
    slots = max((len(v) for v in values), default=1)
    pos, pow2 = np.zeros((len(values), slots)), np.zeros((len(values), slots))
    for g, vals in enumerate(values):
        n = len(vals)
        pos[g, :n] = np.arange(n) / max(n - 1, 1)
        if n < 2 or not _numeric(vals):
            continue
        v = np.array(vals, dtype=float)
        if v[0] > 0 and np.all(np.diff(v) > 0) and v[-1] / v[0] >= 4:
            pos[g, :n] = np.log(v / v[0]) / np.log(v[-1] / v[0])
        if all(isinstance(x, (int, np.integer)) for x in vals) and v.min() > 0:
            flags = np.array([(int(x) & (int(x) - 1)) == 0 for x in v], dtype=float)
            if 0 < flags.sum() < n:
                pow2[g, :n] = flags
    return pos, pow2


def prior_of(table: np.ndarray | None, rows: np.ndarray) -> np.ndarray:
    """A prior table's log speedup of the rows [n, genes] (zeros without a table)."""
    rows = np.asarray(rows)
    if table is None:
        return np.zeros(len(rows))
    return table[np.arange(rows.shape[1])[None, :], rows].sum(1)


def targets(log_fitness: list[float], table: np.ndarray | None, rows: np.ndarray) -> tuple[np.ndarray, float, float]:
    """What a surrogate fits: log fitness with failures as the worst seen and the worse half clipped at
    the median; with a prior table, the residual of ``scale * prior`` (the scale a ridge estimate pulled
    toward 1 by PRIOR_PSEUDO pseudo-observations, in [0, 2]). Returns (targets, std before the prior's
    removal + 1e-6, scale)."""
    y = np.array(log_fitness, dtype=float)
    ok = np.isfinite(y)
    y = np.where(ok, y, y[ok].min() if ok.any() else 0.0)
    y = np.maximum(y, np.quantile(y, CLIP_QUANTILE))
    sd, scale = y.std() + 1e-6, 0.0
    if table is not None:
        p = prior_of(table, rows)
        pc, yc = p - p.mean(), y - y.mean()
        lam = PRIOR_PSEUDO * max(float((pc * pc).mean()), 1e-6)
        scale = float(np.clip((pc @ yc + lam) / (pc @ pc + lam), 0.0, 2.0))
        y = y - scale * p
    return y, sd, scale


class Surrogate:
    """GP regression of log fitness on value-slot rows; ``sizes`` are the genes' domain sizes."""

    def __init__(self, sizes: np.ndarray, table: np.ndarray | None = None, values: list[list] | None = None) -> None:
        """``values``: the genes' ordered domains, for the value scales (None: slot indices, no flags)."""
        self.table = table  # [genes, slots] prior contributions, or None
        # Slot indices 0..n-1 as values: no log scale (they start at 0) and no flags, the plain ordinal kernel.
        self.pos, self.pow2 = value_scales(values if values is not None else [list(range(n)) for n in sizes])
        self._flagged = np.flatnonzero(self.pow2.any(1))  # genes with a power-of-two dimension
        # The one-hot columns' dimension and position (see kernel): genes' slots, then flags 0 and 1.
        G, S, F = self.pos.shape[0], self.pos.shape[1], len(self._flagged)
        self._col_dim = np.concatenate([np.repeat(np.arange(G), S), G + np.repeat(np.arange(F), 2)])
        self._col_pos = np.concatenate([self.pos.ravel(), np.tile([0.0, 1.0], F)])
        self._fit: tuple | None = None  # (rows fitted, H, inverse Cholesky factor, weights, mean, scale, prior scale)
        self._y: np.ndarray | None = None  # the log fitness fitted
        self._base: tuple | None = None  # (measured rows, their inverse factor)

    def prior(self, rows: np.ndarray) -> np.ndarray:
        """The prior's log speedup of the rows [n, genes] (zeros without a prior)."""
        return prior_of(self.table, rows)

    def _dimensions(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The kernel's dimensions of rows [n, genes]: (codes compared for equality, positions compared
        by distance), each [n, genes + flagged genes]: the genes' slots and positions, then the flags."""
        flags = self.pow2[self._flagged[None, :], rows[:, self._flagged]]
        positions = self.pos[np.arange(rows.shape[1])[None, :], rows]
        return np.hstack([rows, flags]), np.hstack([positions, flags])

    def kernel(self, A: np.ndarray, B: np.ndarray) -> np.ndarray:
        """k(A, B) [len(A), len(B)]: the additive part (the share of equal dimensions) plus the ordinal
        part, exp(-THETA * mean distance). As two matrix products over one-hot codes (a dimension
        holds a few values: its column of the one-hot matrix says which), not a [len(A), len(B),
        dims] broadcast: the products take a 512-row kernel from ~40 ms to ~2 ms."""
        ea, (cb, pb) = self._one_hot(A), self._dimensions(B)
        eb = self._one_hot(B)
        D = cb.shape[1]
        # |position of column w's value - B's position in column w's dimension|, [columns, len(B)]
        far = np.abs(self._col_pos[:, None] - pb[:, self._col_dim].T)
        same = _mm(ea, eb.T) / D
        dist = _mm(ea, far) / D
        return ADDITIVE * same + (1 - ADDITIVE) * np.exp(-THETA * dist)

    def _one_hot(self, rows: np.ndarray) -> np.ndarray:
        """[n, columns]: one column per (gene, slot) and per (flagged gene, flag value), 1 where the
        row holds that value."""
        rows = np.asarray(rows)
        n, G = rows.shape
        S = self.pos.shape[1]
        out = np.zeros((n, G * S + 2 * len(self._flagged)))
        out[np.arange(n)[:, None], np.arange(G)[None, :] * S + rows] = 1.0
        if len(self._flagged):
            flags = self.pow2[self._flagged[None, :], rows[:, self._flagged]].astype(int)
            out[np.arange(n)[:, None], G * S + 2 * np.arange(len(self._flagged))[None, :] + flags] = 1.0
        return out

    def invalidate(self) -> None:
        self._fit = self._base = None

    def fit(self, rows: list[list[int]], log_fitness: list[float], whole: int | None = None) -> None:
        """Fit to the rows: the first ``whole`` (default all) are factored whole, once for each set of
        them; each further row (the evaluations since the memory's last epoch, then a batch's
        fantasies) extends that factor by one row, in order (a block Cholesky step, O(n^2) instead of
        O(n^3)), and a row forgotten is a truncation. The same rows in the same order are thus always
        factored by the same operations, so a resumed run chooses exactly as an uninterrupted one.
        The targets (clipped, standardized) are redone on every call whose rows or values changed."""
        H = np.asarray(rows, dtype=np.int64).reshape(len(rows), -1)
        y_raw = np.asarray(log_fitness, dtype=float)
        w = len(H) if whole is None else max(1, min(whole, len(H)))
        if self._fit is not None and np.array_equal(H, self._fit[1]) and np.array_equal(y_raw, self._y, equal_nan=True):
            return
        if self._base is None or not np.array_equal(H[:w], self._base[0]):
            # The inverse Cholesky factor: every query is then two matrix products. In torch, whose
            # thread count the strategies set to one: numpy's OpenBLAS threads a 300x300 Cholesky
            # across the cores that nvcc (or another search) is using, and ran it 10x slower so
            # (0.13 s against 0.004 s here with a second process busy).
            self._base = (H[:w].copy(), _inverse_factor(self.kernel(H[:w], H[:w]) + NOISE * np.eye(w)))
            chain_rows, L_inv = self._base
        elif self._fit is not None:  # the last fit extended this base: start from its rows and factor
            chain_rows, L_inv = self._fit[1], self._fit[2]
        else:
            chain_rows, L_inv = self._base
        n = min(len(chain_rows), len(H))
        diff = np.flatnonzero((chain_rows[:n] != H[:n]).any(1))
        keep = max(w, int(diff[0]) if len(diff) else n)
        L_inv = L_inv[:keep, :keep]
        for i in range(keep, len(H)):  # one row at a time, in order
            L_inv = _extend_inverse_factor(L_inv, self.kernel(H[:i], H[i:i + 1]),
                                           self.kernel(H[i:i + 1], H[i:i + 1]) + NOISE * np.eye(1))
        y, sd, scale = targets(list(y_raw), self.table, H)
        mu = y.mean()
        alpha = _mm(L_inv.T, _mm(L_inv, ((y - mu) / sd)[:, None]))[:, 0]
        self._y = y_raw
        self._fit = (len(rows), H, L_inv, alpha, mu, sd, scale)

    def predict(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Predicted log fitness of the rows [n, genes] and its std (call :meth:`fit` first)."""
        assert self._fit is not None, "Surrogate.predict before fit"
        _, H, L_inv, alpha, mu, sd, scale = self._fit
        return self._posterior(rows, self.kernel(rows, H))

    def _posterior(self, rows: np.ndarray, kt: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        _, H, L_inv, alpha, mu, sd, scale = self._fit
        v = _mm(L_inv, kt.T)
        base = mu + (scale * self.prior(rows) if scale else 0.0)
        return base + sd * _mm(kt, alpha[:, None])[:, 0], np.sqrt(np.maximum(1.0 - (v * v).sum(0), 0.0)) * sd


def edit_grid(current: list[int], slots: int) -> np.ndarray:
    """Every single-gene edit of ``current`` (gene-major, slot j of gene g set to j, ``slots`` per gene,
    slots beyond a gene's domain included), then ``current`` itself: [genes x slots + 1, genes]."""
    G = len(current)
    grid = np.repeat(np.asarray(current)[None, :], G * slots, 0)
    grid[np.arange(G * slots), np.repeat(np.arange(G), slots)] = np.tile(np.arange(slots), G)
    return np.vstack([grid, np.asarray(current)[None, :]])


def _mm(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a @ b in torch, on the one thread the strategies give it (numpy's OpenBLAS would spread small
    products over cores that nvcc or another search is using)."""
    return (torch.from_numpy(np.ascontiguousarray(a)) @ torch.from_numpy(np.ascontiguousarray(b))).numpy()


def _inverse_factor(K: np.ndarray) -> np.ndarray:
    """L^-1 of K's Cholesky factor L (in torch: one thread, see :meth:`Surrogate.fit`)."""
    L = torch.linalg.cholesky(torch.from_numpy(K))
    return torch.linalg.solve_triangular(L, torch.eye(len(K), dtype=L.dtype), upper=False).numpy()


def _extend_inverse_factor(L_inv: np.ndarray, K12: np.ndarray, K22: np.ndarray) -> np.ndarray:
    """The inverse factor of [[K11, K12], [K12^T, K22]] from K11's (``L_inv``): with L21 = (L_inv K12)^T
    and L22 the factor of K22 - L21 L21^T, it is [[L_inv, 0], [-L22^-1 L21 L_inv, L22^-1]]."""
    L21 = _mm(L_inv, K12).T
    L22_inv = _inverse_factor(K22 - _mm(L21, L21.T))
    n, m = len(L_inv), len(K22)
    out = np.zeros((n + m, n + m))
    out[:n, :n] = L_inv
    out[n:, :n] = -_mm(L22_inv, _mm(L21, L_inv))
    out[n:, n:] = L22_inv
    return out
