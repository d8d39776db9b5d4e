"""The screen's record of :class:`~evo_kernels.strategies.pbt.PBTSearch` (``PBTConfig.trust``).

A surrogate screen picks, among a proposal's draws, the one with the highest upper confidence
bound. Where the surrogate ranks a space's genomes wrongly (benchmarks/SEARCH.md: on
pnpoly_RTX_3060_laptop the Gaussian process is confidently wrong for tens of screens, and random
search needs fewer evaluations than pbt), the more draws it screens the more surely it picks what
it wrongly favours. So the run keeps, for each screened proposal once measured, the predicted log
fitness of the genome the screen picked and the measured one; while the rank correlation of the
two over the last ``trust`` such evaluations is below ``trust_rho``, proposals screen
``trust_draws`` draws instead of ``proposals``. 0 (the default): never.
"""
from __future__ import annotations

import math
from typing import Any

from evo_kernels.strategies.prior import rank_correlation


class ScreenTrust:
    """The last screened evaluations' (predicted, measured) log fitness, in the order told."""

    def __init__(self) -> None:
        self.record: list[tuple[float, float]] = []

    def tell(self, predicted: float | None, fitness: float, window: int) -> None:
        """One evaluation of a screened proposal (``predicted`` None: not screened; a failure ranks lowest)."""
        if predicted is None or window <= 0:
            return
        self.record.append((float(predicted), math.log(fitness) if fitness > 0 else -1e9))
        del self.record[:-window]

    def draws(self, proposals: int, window: int, rho: float, low: int) -> int:
        """How many draws the next screen takes: ``low`` while the record (at least half a window)
        correlates below ``rho``, else ``proposals``."""
        if window <= 0 or len(self.record) < max(4, window // 2):
            return proposals
        pred, got = zip(*self.record)
        return low if rank_correlation(pred, got) < rho else proposals

    def state_dict(self) -> dict[str, Any]:
        return {"record": [list(p) for p in self.record]}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        self.record = [(float(a), float(b)) for a, b in state.get("record", [])]
