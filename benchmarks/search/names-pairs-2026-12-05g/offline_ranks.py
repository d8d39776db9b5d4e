"""Offline: how a names prior with pairwise terms ranks another GPU's space of the same kernel, against the additive
one (README.md). Self-contained: the pairwise ridge is this script's, the additive prior evo_kernels' NamePrior.

    python benchmarks/search/names-pairs-2026-12-05g/offline_ranks.py
"""
from __future__ import annotations

import itertools
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from evo_kernels.runners.replay import ReplaySpace  # noqa: E402
from evo_kernels.strategies.prior import RIDGE, NamePrior, rank_correlation  # noqa: E402

SPACES = ROOT / "benchmarks" / "spaces"
PAIRS = [("gemm_RTX_3090", "gemm_RTX_2080_Ti"), ("gemm_RTX_2080_Ti", "gemm_RTX_3090"),
         ("convolution_RTX_3090", "convolution_RTX_2080_Ti"), ("pnpoly_RTX_3090", "pnpoly_RTX_2080_Ti"),
         ("pnpoly_RTX_3090", "pnpoly_RTX_3060_laptop"), ("convolution_milo_A4000", "convolution_milo_W6600"),
         ("convolution_milo_W6600", "convolution_milo_A4000"), ("dedispersion_milo_A4000", "dedispersion_milo_W6600")]


def features(genome: dict, names: list[str]) -> list[tuple]:
    """One-hot (name, value) and (name, value, name, value) features of a genome."""
    out: list[tuple] = [("a", n, str(genome[n])) for n in names]
    return out + [("p", a, str(genome[a]), b, str(genome[b])) for a, b in itertools.combinations(names, 2)]


def pairwise_prediction(src: ReplaySpace, dst: ReplaySpace, pair_ridge: float) -> np.ndarray:
    """The source's ridge on additive and pairwise features (log speedups clipped at the median, as NamePrior)."""
    genomes, logs = src.log_speedups()
    names = [g.name for g in src.space.genes if len(g.values) > 1 and g.name in dst.space.names]
    keep = [(x, y) for x, y in zip(genomes, logs) if np.isfinite(y)]
    rows = [features(x, names) for x, _ in keep]
    index: dict[tuple, int] = {}
    for r in rows:
        for f in r:
            index.setdefault(f, len(index))
    X = np.zeros((len(rows), len(index)))
    for i, r in enumerate(rows):
        X[i, [index[f] for f in r]] = 1.0
    y = np.array([v for _, v in keep])
    y = np.maximum(y, np.quantile(y, 0.5))
    y = y - y.mean()
    pen = np.array([RIDGE if f[0] == "a" else RIDGE * pair_ridge for f in index]) * len(y)
    w = np.linalg.solve(X.T @ X + np.diag(pen), X.T @ y)
    return np.array([sum(w[index[f]] for f in features(x, names) if f in index) for x in dst.log_speedups()[0]])


def summary(pred: np.ndarray, y: np.ndarray) -> str:
    ok = np.isfinite(y)
    rank = np.empty(len(y), int)
    rank[np.argsort(-pred)] = np.arange(len(y))
    within = np.flatnonzero(ok & (y >= np.nanmax(y) - np.log(1.05)))
    return (f"rho {rank_correlation(pred[ok], y[ok]):+.2f} first {rank[within].min():5d} "
            f"median {np.median(rank[within]) / len(y):.1%}")


def main() -> None:
    for pair_ridge in (1.0, 0.3, 3.0):
        print(f"pairwise ridge x {pair_ridge}")
        for s, d in PAIRS:
            a, b = (ReplaySpace.load(str(SPACES / f"{n}.json.gz")) for n in (s, d))
            genomes, logs = b.log_speedups()
            y = np.array(logs)
            additive = NamePrior.fit([(a.space, *a.log_speedups())]).predict(b.space, genomes)
            print(f"  {s:24s} -> {d:24s} additive: {summary(additive, y)} | pairwise: "
                  f"{summary(pairwise_prediction(a, b, pair_ridge), y)}")


if __name__ == "__main__":
    main()
