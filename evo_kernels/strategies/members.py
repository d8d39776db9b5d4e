"""The members of a PBT population: policy, optimizer, hyperparameters and genome; and how they explore.

See :mod:`evo_kernels.strategies.pbt` for the population and its search.
"""
from __future__ import annotations

import copy
import math
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

import numpy as np
import torch

from evo_kernels.records import Genome
from evo_kernels.strategies.ga import ScalarFitness
from evo_kernels.strategies.policy import Agent, Hyperparameters, PolicyConfig

# Initial hyperparameters of the members: log-uniform in these ranges (then evolved by explore).
HP_RANGES = {"lr": (1e-3, 1e-2), "entropy": (1e-3, 1e-2), "temperature": (0.5, 2.0), "mutation_scale": (0.5, 2.0),
             "mutation_mix": (0.2, 0.8)}
# Where explore clips them: x0.8 / x1.2 perturbations are a random walk (with a downward drift,
# since 0.8 * 1.2 < 1) that, unbounded, drove lr and temperature to ~0 over a long pretraining.
HP_BOUNDS = {"lr": (1e-4, 3e-2), "entropy": (1e-4, 3e-2), "temperature": (0.25, 4.0), "mutation_scale": (0.25, 4.0),
             "mutation_mix": (0.05, 0.95)}


def explore(hp: Hyperparameters, rng: np.random.Generator, factors: Sequence[float],
            resample_probability: float = 0.0) -> tuple[Hyperparameters, dict]:
    """Perturb every hyperparameter by one of ``factors`` (clipped to ``HP_BOUNDS``), or with
    ``resample_probability`` draw it afresh from ``HP_RANGES``; returns the new set and what
    changed (old -> new). Pure: ``hp`` is left as it was."""
    new, changes = {}, {}
    for name, old in asdict(hp).items():
        lo, hi = HP_BOUNDS.get(name, (-math.inf, math.inf))
        if rng.random() < resample_probability and name in HP_RANGES:
            a, b = HP_RANGES[name]
            new[name] = float(math.exp(rng.uniform(math.log(a), math.log(b))))
        else:
            new[name] = float(min(hi, max(lo, old * factors[int(rng.integers(len(factors)))])))
        changes[name] = [old, new[name]]
    return Hyperparameters(**new), changes


class Member:
    """One agent of the population: policy, optimizer, hyperparameters, current genome and its metrics."""

    def __init__(self, index: int, cfg: PolicyConfig, hp: Hyperparameters, seed: int) -> None:
        self.index, self.hp = index, hp
        self.generator = torch.Generator().manual_seed(seed)
        with torch.random.fork_rng(devices=[]):  # nn.Linear's own init draws from the global RNG: leave it as found
            self.agent = Agent(cfg, self.generator)
        self.optimizer = torch.optim.Adam(self.agent.parameters(), lr=hp.lr)
        self.genome: Genome | None = None
        self.metrics: dict[str, float] | None = None  # of the current genome
        self.baseline = 0.0  # running mean of the rewards
        self.stale = 0  # proposals since the last improvement
        self.forced: Genome | None = None  # the next proposal, set by explore

    @property
    def fitness(self) -> float:
        return self.metrics["fitness"] if self.metrics else 0.0

    def state_dict(self) -> dict[str, Any]:
        return {"index": self.index, "hp": asdict(self.hp), "genome": self.genome, "metrics": self.metrics,
                "baseline": self.baseline, "stale": self.stale, "forced": self.forced, "agent": self.agent.state_dict(),
                "optimizer": self.optimizer.state_dict(), "generator": self.generator.get_state()}

    def load_weights(self, state: dict[str, Any]) -> None:
        """Weights, optimizer state and hyperparameters (what transfers between spaces)."""
        self.hp = Hyperparameters(**state["hp"])
        self.agent.load_state_dict(state["agent"])  # copies into the agent's own parameters
        self.optimizer.load_state_dict(copy.deepcopy(state["optimizer"]))

    def load_state_dict(self, state: dict[str, Any]) -> None:
        self.load_weights(state)
        self.genome, self.metrics, self.forced = state["genome"], state["metrics"], state["forced"]
        self.baseline, self.stale = float(state["baseline"]), int(state["stale"])
        self.generator.set_state(state["generator"])


class Entrant:
    """A member as DEAP's selection sees it: something with a ``fitness``."""

    def __init__(self, member: Member) -> None:
        self.member = member
        self.fitness = ScalarFitness((member.fitness,))


__all__ = ["HP_BOUNDS", "HP_RANGES", "Entrant", "Member", "explore"]
