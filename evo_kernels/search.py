"""The search loop: ask a strategy, evaluate what is new, tell, checkpoint; budget in unique evaluations.

The loop owns the budget so that every strategy respects it exactly: a candidate already
evaluated in this run is answered from memory and costs nothing; the loop never asks for more
than what is left.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from evo_kernels.records import Candidate, Evaluation
from evo_kernels.strategies.base import Strategy


class Evaluator(Protocol):
    """Anything that turns candidates into evaluations: the GPU pipeline, a replay, a test fake.
    One with a ``generation`` attribute (the storing evaluator) is told the loop's generation
    before each step, so that what it records says when it was asked for."""

    def evaluate(self, candidates: Sequence[Candidate]) -> list[Evaluation]:
        ...


@dataclass
class SearchLoop:
    """Runs ``strategy`` against ``evaluator`` until ``budget`` unique evaluations are spent.

    ``checkpoint(loop)`` is called after every tell (one generation of asks); ``on_evaluation``
    after every new evaluation (a live leaderboard, say).
    """

    strategy: Strategy
    evaluator: Evaluator
    budget: int
    batch_size: int = 8
    checkpoint: Callable[[SearchLoop], None] | None = None
    on_evaluation: Callable[[Evaluation, int], None] | None = None
    max_stale_asks: int = 50  # asks in a row with nothing new: the space is exhausted
    history: list[Evaluation] = field(default_factory=list)  # unique evaluations, in order
    generation: int = 0
    _seen: dict[str, Evaluation] = field(default_factory=dict)

    @property
    def spent(self) -> int:
        return len(self.history)

    def best(self) -> Evaluation | None:
        ok = [e for e in self.history if e.fitness > 0]
        return max(ok, key=lambda e: e.fitness) if ok else None

    def step(self) -> int:
        """One generation: ask, evaluate the new candidates, tell. Returns how many were new."""
        want = min(self.batch_size, self.budget - self.spent)
        if hasattr(self.evaluator, "generation"):
            self.evaluator.generation = self.generation
        cands = self.strategy.ask(want)[:want]
        new: list[Candidate] = []
        keys = set()
        for c in cands:
            if c.key not in self._seen and c.key not in keys:
                keys.add(c.key)
                new.append(c)
        for c, ev in zip(new, self.evaluator.evaluate(new) if new else []):
            self._seen[c.key] = ev
            self.history.append(ev)
            if self.on_evaluation:
                self.on_evaluation(ev, self.spent)
        self.strategy.tell(cands, [self._seen[c.key] for c in cands])
        self.generation += 1
        if self.checkpoint:
            self.checkpoint(self)
        return len(new)

    def run(self, deadline: float | None = None,
            stop: Callable[[SearchLoop], bool] | None = None) -> list[Evaluation]:
        """Step until the budget is spent, the space is exhausted, ``time.monotonic()`` passes
        ``deadline`` or ``stop(loop)`` says so after a step (a replay that only asks when a target
        was reached, say); returns the unique evaluations in order."""
        stale = 0
        while self.spent < self.budget and stale < self.max_stale_asks:
            if deadline is not None and time.monotonic() > deadline:
                break
            stale = 0 if self.step() else stale + 1
            if stop is not None and stop(self):
                break
        return self.history

    def state_dict(self) -> dict[str, Any]:
        """The loop's own state; the evaluations themselves are kept by the evaluator's store."""
        return {"generation": self.generation, "budget": self.budget,
                "history": [{"key": e.candidate.key, "genome": e.candidate.genome} for e in self.history]}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        """Restore from ``state_dict``; past evaluations are asked again from the evaluator, which
        serves them from its database or recording (no new measurement)."""
        self.generation = int(state["generation"])
        cands = [self.strategy.candidate(h["genome"]) for h in state["history"]]
        self.history = list(self.evaluator.evaluate(cands)) if cands else []
        self._seen = {c.key: e for c, e in zip(cands, self.history)}


def evals_to_within(history: Sequence[Evaluation], optimum_ms: float, within: float) -> int | None:
    """1-based count of unique evaluations until one ran within ``within`` (0.05 = 5%) of the
    optimum time; None if none did."""
    for i, e in enumerate(history, 1):
        if e.status == "ok" and e.run.median_ms <= optimum_ms * (1.0 + within):
            return i
    return None
