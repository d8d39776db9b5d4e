"""The stall sweep of :class:`~evo_kernels.strategies.pbt.PBTSearch` (``PBTConfig.sweep``).

When the run's best fitness has not improved for ``sweep`` evaluations in a row, the next
proposals are the best genome's valid one-gene neighbours not seen yet, one per proposal, until
none is left or the best improves. Why: the surrogate screen can be confidently wrong, and a run
then stalls next to an optimum one edit away that its screens keep ranking low
(benchmarks/SEARCH.md, pnpoly_RTX_3060_laptop); a neighbourhood is small, so measuring it is cheap.

Each proposal takes the next neighbour by ``sweep_order``, asked afresh (after every tell and
every fantasy of the batch): "surrogate", the shared surrogate's highest upper confidence bound;
"policy", the proposing member's most probable edit of the best genome (state and action kept,
so REINFORCE learns from it); "uniform", a uniform draw from the member's torch generator.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from evo_kernels.records import Evaluation, Genome
from evo_kernels.strategies.members import Member
from evo_kernels.strategies.operators import Operators, uniform_edit
from evo_kernels.strategies.experience import Experience
from evo_kernels.strategies.policy import encode, metrics_of

SWEEP_ORDERS = ("surrogate", "policy", "uniform")


class Sweep:
    """The run's best genome (with its metrics) and the evaluations told since it last improved."""

    def __init__(self) -> None:
        self.genome: Genome | None = None
        self.metrics: dict[str, float] | None = None
        self.stall = 0

    def tell(self, genome: Genome, ev: Evaluation) -> None:
        """One new evaluation, in the order told (a failure does not improve)."""
        if ev.fitness > (self.metrics["fitness"] if self.metrics else 0.0):
            self.genome, self.metrics, self.stall = dict(genome), metrics_of(ev), 0
        else:
            self.stall += 1

    def propose(self, after: int, order: str, ops: Operators, exp: Experience, m: Member,
                problem: dict[str, int], optimism: float
                ) -> tuple[Genome, dict[str, torch.Tensor] | None, torch.Tensor | None] | None:
        """The next neighbour to sweep, with the policy's state and action for ``order`` "policy";
        None when not stalled for ``after`` (0: never) or no untested neighbour is left."""
        if not after or self.genome is None or self.stall < after:
            return None
        mask, targets = ops.edits(self.genome, exp.slots)
        if not mask.any():
            return None
        if order == "uniform":
            return ops.genome(targets[uniform_edit(mask, m.generator)]), None, None
        edits = [tuple(e) for e in np.argwhere(mask).tolist()]
        if order == "surrogate":
            best, _ = exp.screen(np.array([exp.row(ops.genome(targets[e])) for e in edits]), optimism)
            return ops.genome(targets[edits[best]]), None, None
        state = encode(exp, self.genome, self.metrics, problem, mask)
        actions = torch.tensor(edits, dtype=torch.int64)
        with torch.no_grad():
            arch, eng = m.agent.logits(state)
            _, logprob, _ = m.agent.sample((arch.expand(len(edits), -1), eng.expand(len(edits), -1, -1)),
                                           actions, temperature=m.hp.temperature)
        i = int(torch.argmax(logprob))
        return ops.genome(targets[edits[i]]), state, actions[i:i + 1]

    def state_dict(self) -> dict[str, Any]:
        return {"genome": self.genome, "metrics": self.metrics, "stall": self.stall}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        self.genome, self.metrics, self.stall = state["genome"], state["metrics"], int(state["stall"])
