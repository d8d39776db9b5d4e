"""Fitness: one scalar per evaluation, the quantity every strategy maximizes.

    fitness = speedup * exp(-w_cv * cv) / (1 + w_spill * spill_bytes / 1024)      (0 on any failure)
    speedup = t_baseline / t_candidate                                            (same GPU and problem)

Why this shape:
- speedup, not time, so that one fitness scale serves every kernel and problem size and a
  policy can transfer between them (the baseline scores exactly 1);
- ``exp(-w_cv * cv)``: a genome whose run time wanders (coefficient of variation of its raw
  samples) is worth less than its median says; with the default w_cv = 1, a CV of 5% costs 5%;
- spills: local-memory traffic makes a kernel fragile to the problem size and to the next
  compiler, so each KiB of spill stores+loads costs ``w_spill`` (default 0.05, 5% per KiB);
- one scalar, not a lexicographic tuple, so that variance and spill weigh against speed instead
  of only breaking ties;
- constraints (a register or shared-memory limit a person sets) make a genome infeasible:
  fitness 0, like a failure, never merely a lower score.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from evo_kernels.records import BuildResult, Evaluation, RunResult


@dataclass(frozen=True)
class FitnessWeights:
    """How much run-time variance and register spill cost; both 0 for pure time."""

    cv: float = 1.0  # fitness multiplier exp(-cv * CV)
    spill: float = 0.05  # fitness divisor 1 + spill * spill_KiB
    objective: str = "median"  # "median" (throughput) or "p95" (tail latency)

    def __post_init__(self) -> None:
        if self.objective not in ("median", "p95"):
            raise ValueError(f"objective {self.objective!r} is not median or p95")
        if self.cv < 0 or self.spill < 0:
            raise ValueError("fitness weights must be >= 0")


PURE_TIME = FitnessWeights(cv=0.0, spill=0.0)


@dataclass(frozen=True)
class Limits:
    """Hard constraints a person sets; a build over any of them is infeasible."""

    max_registers: int | None = None
    max_smem_bytes: int | None = None

    def violations(self, build: BuildResult) -> list[str]:
        out = []
        if self.max_registers is not None and build.registers > self.max_registers:
            out.append(f"{build.registers} registers > limit {self.max_registers}")
        if self.max_smem_bytes is not None and build.smem_bytes > self.max_smem_bytes:
            out.append(f"{build.smem_bytes} B shared memory > limit {self.max_smem_bytes}")
        return out


def objective_time(run: RunResult, weights: FitnessWeights = FitnessWeights()) -> float:
    """The time the objective ranks by: median or p95 of the raw samples (ms)."""
    return run.p95_ms if weights.objective == "p95" else run.median_ms


def speedup(time_ms: float, baseline_ms: float) -> float:
    if not (time_ms > 0 and baseline_ms > 0 and math.isfinite(time_ms) and math.isfinite(baseline_ms)):
        return 0.0
    return baseline_ms / time_ms


def fitness(build: BuildResult, run: RunResult, baseline_ms: float, weights: FitnessWeights = FitnessWeights(),
            limits: Limits = Limits()) -> float:
    """The regularized fitness of one evaluation (see the module docstring); 0 for any failure."""
    if build.status != "ok" or run.status != "ok" or limits.violations(build):
        return 0.0
    s = speedup(objective_time(run, weights), baseline_ms)
    cv = run.cv if math.isfinite(run.cv) else 0.0
    return s * math.exp(-weights.cv * cv) / (1.0 + weights.spill * build.spill_bytes / 1024.0)


def score(build: BuildResult, run: RunResult, baseline_ms: float, weights: FitnessWeights = FitnessWeights(),
          limits: Limits = Limits(), reused: bool = False) -> Evaluation:
    """The one place a measurement becomes an :class:`Evaluation`: its fitness and its speedup
    against ``baseline_ms`` (the baseline genome's objective time on the same GPU and problem)."""
    f = fitness(build, run, baseline_ms, weights, limits)
    s = speedup(objective_time(run, weights), baseline_ms) if build.status == "ok" and run.status == "ok" else 0.0
    return Evaluation(build, run, f, s, reused)
