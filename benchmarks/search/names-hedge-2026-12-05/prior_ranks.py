"""How well a names prior fitted on one GPU's space ranks another GPU's space of the same kernel (offline, no
search): the rank correlation of its predictions with the measured log speedups, and where the genomes within 5% of
the optimum fall in its ranking. Output: prior_ranks.txt beside this file.

    python benchmarks/search/names-hedge-2026-12-05/prior_ranks.py
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from evo_kernels.runners.replay import ReplaySpace
from evo_kernels.strategies.prior import NamePrior, rank_correlation

SPACES = Path(__file__).resolve().parents[2] / "spaces"
PAIRS = [("gemm_RTX_3090", "gemm_RTX_2080_Ti"), ("gemm_RTX_2080_Ti", "gemm_RTX_3090"),
         ("convolution_RTX_3090", "convolution_RTX_2080_Ti"), ("pnpoly_RTX_3090", "pnpoly_RTX_2080_Ti"),
         ("pnpoly_RTX_3090", "pnpoly_RTX_3060_laptop"), ("convolution_milo_A4000", "convolution_milo_W6600"),
         ("convolution_milo_W6600", "convolution_milo_A4000"), ("dedispersion_milo_A4000", "dedispersion_milo_W6600")]


def main() -> None:
    lines = ["| source | target | rank correlation | genomes | within 5% | prior rank of the first within 5% | "
             "median prior rank of those within 5% |", "|---|---|---|---|---|---|---|"]
    for src, dst in PAIRS:
        a, b = ReplaySpace.load(str(SPACES / f"{src}.json.gz")), ReplaySpace.load(str(SPACES / f"{dst}.json.gz"))
        genomes, logs = b.log_speedups()
        y = np.array(logs)
        pred = NamePrior.fit([(a.space, *a.log_speedups())]).predict(b.space, genomes)
        rank = np.empty(len(y), int)
        rank[np.argsort(-pred)] = np.arange(len(y))
        within = np.flatnonzero(y >= y.max() - np.log(1.05))
        first, mid = rank[within].min(), np.median(rank[within])
        lines.append(f"| {src} | {dst} | {rank_correlation(pred, y):+.2f} | {len(y)} | {len(within)} | "
                     f"{first} ({first / len(y):.1%}) | {mid / len(y):.1%} |")
    out = Path(__file__).with_name("prior_ranks.txt")
    out.write_text("\n".join(lines) + "\n")
    print(out.read_text())


if __name__ == "__main__":
    main()
