"""Evaluator: candidates in, scored evaluations out, over any :class:`~evo_kernels.runners.base.Runner`.

    serve from ``known`` (the results database) when the same measurement exists
    -> runner.submit (build + check + time, results as they complete)
    -> :func:`evo_kernels.fitness.score` against the baseline genome's time, in the order asked

It measures and scores; it never writes anything. The session's single writer stores what the
search loop hands it (see ``tuning.py``).
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from typing import Any

from evo_kernels.fitness import FitnessWeights, Limits, objective_time, score
from evo_kernels.records import Candidate, Evaluation

Known = Callable[[Candidate], "Evaluation | None"]


class Pending:
    """A submitted batch: ``result()`` waits for every candidate and returns the evaluations in
    the order they were asked for, whatever order they completed in."""

    def __init__(self, evaluator: Evaluator, slots: list[Evaluation | Future]) -> None:
        self._evaluator, self._slots = evaluator, slots

    def done(self) -> bool:
        return all(not isinstance(s, Future) or s.done() for s in self._slots)

    def result(self) -> list[Evaluation]:
        ev = self._evaluator
        return [s if isinstance(s, Evaluation) else ev.score(s.result()) for s in self._slots]


class Evaluator:
    """Evaluates candidates of one template at one problem through ``runner``.

    ``template`` is the KernelTemplate (None for a replay of a Kernel Tuner cache, which has
    none); ``known(candidate)`` returns an earlier evaluation of the same measurement or None (the
    session wires the results database here; None measures everything). The baseline genome, which
    the runner names (:meth:`~evo_kernels.runners.base.Runner.baseline`: the template's identity
    genome, a replay's recorded baseline), is measured first (or found in ``known``): every speedup
    is against it.
    """

    def __init__(self, runner: Any, template: Any, problem: dict[str, int] | None,
                 weights: FitnessWeights = FitnessWeights(), limits: Limits = Limits(),
                 known: Known | None = None) -> None:
        self.runner = runner
        self.template = template
        self.problem = dict(problem if problem is not None else template.problem)
        self.weights, self.limits, self.known = weights, limits, known
        self.device = runner.device_info()
        base = runner.baseline(template, self.problem)
        hit = self.known(base) if self.known is not None else None
        build, run = (hit.build, hit.run) if hit is not None else self._measure_one(base)
        if build.status != "ok" or run.status != "ok":
            where = template.mako_path if template is not None else f"the {self.device.get('gpu', '')} recording"
            raise RuntimeError(f"{where}: the baseline genome fails on this GPU: "
                               f"{run.status if build.status == 'ok' else build.status}: {run.error or build.error}")
        self.baseline_ms = objective_time(run, weights)
        #: the baseline's own evaluation (speedup 1), for the session to store with the run
        self.baseline = score(build, run, self.baseline_ms, weights, limits, reused=hit is not None)

    def _measure_one(self, c: Candidate) -> tuple[Any, Any]:
        m = self.runner.submit(self.template, [c])[0].result()
        return m.build, m.run

    def score(self, m: Any, reused: bool = False) -> Evaluation:
        """A runner's :class:`~evo_kernels.runners.base.Measured` (or an earlier Evaluation) scored
        against this evaluator's baseline."""
        return score(m.build, m.run, self.baseline_ms, self.weights, self.limits, reused)

    def submit(self, candidates: Sequence[Candidate]) -> Pending:
        """Start evaluating ``candidates`` (at this evaluator's problem); see :class:`Pending`."""
        cands = [Candidate(c.template, c.genome, self.problem, c.key) for c in candidates]
        slots: list[Evaluation | Future | None] = [None] * len(cands)
        todo = []
        for i, c in enumerate(cands):
            hit = self.known(c) if self.known is not None else None
            if hit is not None:
                slots[i] = self.score(hit, reused=True)
            else:
                todo.append(i)
        if todo:
            for i, f in zip(todo, self.runner.submit(self.template, [cands[i] for i in todo])):
                slots[i] = f
        return Pending(self, slots)  # type: ignore[arg-type]

    def evaluate(self, candidates: Sequence[Candidate]) -> list[Evaluation]:
        """Evaluate and wait: one Evaluation per candidate, in order."""
        return self.submit(candidates).result()


class SyncEvaluator(ABC):
    """Base for an evaluator that answers at once (a test's fabricated space, say): implement
    ``evaluate``; ``submit`` is derived from it."""

    @abstractmethod
    def evaluate(self, candidates: Sequence[Candidate]) -> list[Evaluation]:
        """One Evaluation per candidate, in order."""

    def submit(self, candidates: Sequence[Candidate]) -> _Answered:
        return _Answered(self.evaluate(candidates))


class _Answered:
    def __init__(self, evaluations: list[Evaluation]) -> None:
        self._evaluations = evaluations

    def done(self) -> bool:
        return True

    def result(self) -> list[Evaluation]:
        return self._evaluations
