"""GpuEvaluator: the measured pipeline behind the ``Evaluator`` protocol.

build (NvccBuilder) -> serve from the results database when the same measurement exists ->
run (GpuRunner) -> fitness against the baseline genome's time -> record in the database.
"""
from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from evo_kernels.build import NvccBuilder
from evo_kernels.fitness import FitnessWeights, Limits, fitness, objective_time, speedup
from evo_kernels.records import BuildResult, Candidate, Evaluation, RunResult
from evo_kernels.template import KernelTemplate


class GpuEvaluator:
    """Evaluates candidates of one template at one problem on a real GPU, through the store.

    ``runner`` is anything with ``run(template, builds, problem) -> list[RunResult]`` and
    ``device_info() -> dict`` (the GPU runner); ``store`` a ``ResultStore`` or None.
    """

    def __init__(self, template: KernelTemplate, runner: Any, builder: NvccBuilder | None = None, store: Any = None,
                 problem: dict[str, int] | None = None, weights: FitnessWeights = FitnessWeights(),
                 limits: Limits = Limits(), run_id: str | None = None, remeasure: bool = False) -> None:
        self.template = template
        self.runner = runner
        self.builder = builder or NvccBuilder()
        self.store = store
        self.problem = dict(problem or template.problem)
        self.weights = weights
        self.limits = limits
        self.run_id = run_id or uuid.uuid4().hex[:12]
        self.remeasure = remeasure
        self.device = runner.device_info()
        self.member_of: Any = None  # key -> PBT member that proposed it, set by the session
        self.generation: int | None = None
        self.baseline_ms = self._baseline_ms()

    def _baseline_ms(self) -> float:
        base = self.template.space.baseline()
        cand = Candidate(self.template.name, base, self.problem, self.template.space.key(base))
        build, run = self._measure([cand])[0]
        if run.status != "ok":
            raise RuntimeError(f"{self.template.mako_path}: the baseline genome fails on this GPU: "
                               f"{run.status}: {run.error}")
        return objective_time(run, self.weights)

    def _lookup(self, build: BuildResult) -> Evaluation | None:
        if self.store is None or self.remeasure or build.status != "ok":
            return None
        c = build.candidate
        return self.store.lookup(self.template.hash, c.key, self.problem, self.device.get("gpu_name", ""),
                                 build.nvcc_version)

    def _measure(self, candidates: Sequence[Candidate]) -> list[tuple[BuildResult, RunResult]]:
        cands = [Candidate(c.template, c.genome, self.problem, c.key) for c in candidates]
        builds = self.builder.build(self.template, cands)
        out: list[tuple[BuildResult, RunResult] | None] = [None] * len(builds)
        todo = []
        for i, b in enumerate(builds):
            hit = self._lookup(b)
            if hit is not None:
                out[i] = (b, hit.run)
            else:
                todo.append(i)
        if todo:
            runs = self.runner.run(self.template, [builds[i] for i in todo], self.problem)
            for i, r in zip(todo, runs):
                out[i] = (builds[i], r)
                self._record(builds[i], r)
        return out  # type: ignore[return-value]

    def _record(self, build: BuildResult, run: RunResult) -> None:
        if self.store is None:
            return
        base = getattr(self, "baseline_ms", None)
        ev = self._evaluation(build, run, base if base else objective_time(run, self.weights))
        member = self.member_of(build.candidate.key) if self.member_of else None
        self.store.add(ev, run_id=self.run_id, device=self.device, member=member, generation=self.generation)

    def _evaluation(self, build: BuildResult, run: RunResult, baseline_ms: float) -> Evaluation:
        f = fitness(build, run, baseline_ms, self.weights, self.limits)
        s = speedup(objective_time(run, self.weights), baseline_ms) if run.status == "ok" else 0.0
        return Evaluation(build, run, f, s)

    def evaluate(self, candidates: Sequence[Candidate]) -> list[Evaluation]:
        """Measure (or serve from the database) each candidate; results in order."""
        return [self._evaluation(b, r, self.baseline_ms) for b, r in self._measure(candidates)]
