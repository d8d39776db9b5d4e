"""The search loop: ask a strategy, evaluate what is new, tell, checkpoint; budget in unique evaluations.

The loop owns the budget so that every strategy respects it exactly: a candidate already
evaluated in this run is answered from memory and costs nothing; the loop never asks for more
than what is left.
"""
from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from evo_kernels.records import Candidate, Evaluation
from evo_kernels.strategies.base import Strategy


class Evaluator(Protocol):
    """Anything that turns candidates into evaluations: :class:`evo_kernels.evaluate.Evaluator`
    over a runner, or a test's fabricated space. ``submit`` starts a batch and returns a handle
    whose ``result()`` is the evaluations in the order asked (``evaluate`` = submit + result)."""

    def submit(self, candidates: Sequence[Candidate]) -> Any:
        ...

    def evaluate(self, candidates: Sequence[Candidate]) -> list[Evaluation]:
        ...


@dataclass
class _Batch:
    """One ask in flight: every candidate asked (told back in this order), the new ones being
    evaluated, the generation it was asked in, and the evaluator's handle."""

    asked: list[Candidate]
    new: list[Candidate]
    generation: int
    pending: Any


@dataclass
class SearchLoop:
    """Runs ``strategy`` against ``evaluator`` until ``budget`` unique evaluations are spent.

    ``ahead`` batches are asked before the oldest one in flight is told: with ``ahead=1`` the next
    batch builds (and queues for the GPU) while the current one is measured, so the GPU workers
    never wait for the compiler or the strategy. Batches are told in the order they were asked,
    so a seed gives the same run whatever the number of workers and the order results complete
    in; ``ahead`` itself is part of the run's identity (the strategy sees results later).

    ``on_evaluation(evaluation, spent, generation)`` is called for every new evaluation, in ask
    order (the session's single writer to the database and its live leaderboard);
    ``checkpoint(loop)`` after every tell.
    """

    strategy: Strategy
    evaluator: Evaluator
    budget: int
    batch_size: int = 8
    ahead: int = 0
    checkpoint: Callable[[SearchLoop], None] | None = None
    on_evaluation: Callable[[Evaluation, int, int], None] | None = None
    max_stale_asks: int = 50  # asks in a row with nothing new: the space is exhausted
    history: list[Evaluation] = field(default_factory=list)  # unique evaluations, in order
    generation: int = 0  # batches asked so far
    exhausted: bool = False  # the last run() ended because nothing new was left to ask (the space ran out)
    _seen: dict[str, Evaluation] = field(default_factory=dict)
    _flight: deque[_Batch] = field(default_factory=deque)

    @property
    def spent(self) -> int:
        return len(self.history)

    @property
    def in_flight(self) -> int:
        """Unique candidates asked and not yet told."""
        return sum(len(b.new) for b in self._flight)

    def best(self) -> Evaluation | None:
        ok = [e for e in self.history if e.feasible]
        return max(ok, key=lambda e: e.fitness) if ok else None

    def _launch(self, asked: list[Candidate], generation: int) -> None:
        flying = {c.key for b in self._flight for c in b.new}
        new: list[Candidate] = []
        for c in asked:
            if c.key not in self._seen and c.key not in flying:
                flying.add(c.key)
                new.append(c)
        self._flight.append(_Batch(asked, new, generation, self.evaluator.submit(new) if new else None))

    def _ask(self) -> bool:
        """Ask one batch and start it; False when nothing is left to ask for."""
        want = min(self.batch_size, self.budget - self.spent - self.in_flight)
        if want <= 0:
            return False
        self._launch(self.strategy.ask(want)[:want], self.generation)
        self.generation += 1
        return True

    def _tell_oldest(self) -> int:
        b = self._flight.popleft()
        for c, ev in zip(b.new, b.pending.result() if b.pending is not None else []):
            self._seen[c.key] = ev
            self.history.append(ev)
            if self.on_evaluation:
                self.on_evaluation(ev, self.spent, b.generation)
        self.strategy.tell(b.asked, [self._seen[c.key] for c in b.asked])
        if self.checkpoint:
            self.checkpoint(self)
        return len(b.new)

    def step(self) -> int:
        """Keep ``ahead + 1`` batches in flight, then tell the oldest; returns how many of its
        candidates were new."""
        while len(self._flight) <= self.ahead and self._ask():
            pass
        return self._tell_oldest() if self._flight else 0

    def run(self, deadline: float | None = None,
            stop: Callable[[SearchLoop], bool] | None = None) -> list[Evaluation]:
        """Step until the budget is spent, the space is exhausted, ``time.monotonic()`` passes
        ``deadline`` or ``stop(loop)`` says so after a step (a replay that only asks when a target
        was reached, say); returns the unique evaluations in order. Batches still in flight at a
        deadline or a stop are finished and told, so that nothing measured is lost."""
        stale = 0
        while self.spent < self.budget and stale < self.max_stale_asks:
            if deadline is not None and time.monotonic() > deadline:
                break
            stale = 0 if self.step() else stale + 1
            if stop is not None and stop(self):
                self._flight.clear()  # a replay's target: what is in flight was never measured
                return self.history
        while self._flight:
            self._tell_oldest()
        self.exhausted = self.spent < self.budget and stale >= self.max_stale_asks
        return self.history

    def state_dict(self) -> dict[str, Any]:
        """The loop's own state, the batches in flight included (the strategy has already proposed
        them); the evaluations themselves are kept by the store."""
        return {"generation": self.generation, "budget": self.budget,
                "history": [{"key": e.candidate.key, "genome": e.candidate.genome} for e in self.history],
                "in_flight": [{"generation": b.generation, "asked": [c.genome for c in b.asked]}
                              for b in self._flight]}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        """Restore from ``state_dict``; past evaluations are asked again from the evaluator, which
        serves them from its database or recording (no new measurement), and the batches that were
        in flight are started again."""
        self.generation = int(state["generation"])
        cands = [self.strategy.candidate(h["genome"]) for h in state["history"]]
        self.history = list(self.evaluator.evaluate(cands)) if cands else []
        self._seen = {c.key: e for c, e in zip(cands, self.history)}
        self._flight.clear()
        for b in state.get("in_flight", []):
            self._launch([self.strategy.candidate(g) for g in b["asked"]], int(b["generation"]))


def evals_to_within(history: Sequence[Evaluation], optimum_ms: float, within: float) -> int | None:
    """1-based count of unique evaluations until one ran within ``within`` (0.05 = 5%) of the
    optimum time; None if none did."""
    for i, e in enumerate(history, 1):
        if e.status == "ok" and e.run.median_ms <= optimum_ms * (1.0 + within):
            return i
    return None
