"""Random search: uniform valid genomes, without replacement; the baseline every other strategy must beat."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from evo_kernels.genome import GenomeSpace
from evo_kernels.records import Candidate, Evaluation, Genome
from evo_kernels.strategies.base import Strategy
from evo_kernels.strategies.options import Option, check_options


class RandomSearch(Strategy):
    """Proposes the person's seed genomes first, then uniformly drawn valid genomes never proposed before.

    Draws are uniform over the valid genomes by rejection (``GenomeSpace.sample``); one already
    proposed is drawn again, which is the same as sampling without replacement. When
    ``max_redraws`` draws in a row hit proposed genomes (the space is nearly spent), the rest of
    the space is enumerated once, if at most ``enumerate_limit`` genomes, and shuffled; ask()
    then returns fewer candidates than asked when nothing is left. A space too large to
    enumerate falls back to draws with replacement, which the search loop deduplicates.
    """

    name = "random"
    OPTIONS = {"max_redraws": Option("int", least=0), "enumerate_limit": Option("int", least=1)}

    def __init__(self, space: GenomeSpace, template: str = "", problem: dict[str, int] | None = None,
                 seed: int = 0, seeds: Sequence[Genome] = (), max_redraws: int = 64,
                 enumerate_limit: int = 1_000_000) -> None:
        check_options(self.name, {"max_redraws": max_redraws, "enumerate_limit": enumerate_limit}, self.OPTIONS)
        super().__init__(space, template, problem, seed, seeds)
        self.max_redraws = max_redraws
        self.enumerate_limit = enumerate_limit
        self._seen: dict[str, None] = {}  # keys proposed or told; a dict keeps the order for checkpoints
        self._queue: list[Genome] = list(self.seeds)
        self._remaining: list[Genome] | None = None  # the unproposed rest, once enumerated (popped from the end)

    def _next(self) -> Genome | None:
        while self._queue:
            g = self._queue.pop(0)
            if self.space.key(g) not in self._seen:
                return g
        if self._remaining is None:
            for _ in range(self.max_redraws):
                g = self.space.sample(self.rng)
                if self.space.key(g) not in self._seen:
                    return g
            if self.space.size > self.enumerate_limit:
                return self.space.sample(self.rng)
            rest = [g for g in self.space.enumerate(self.enumerate_limit) if self.space.key(g) not in self._seen]
            self._remaining = [rest[i] for i in self.rng.permutation(len(rest))]
        while self._remaining:
            g = self._remaining.pop()
            if self.space.key(g) not in self._seen:
                return g
        return None

    def ask(self, n: int) -> list[Candidate]:
        """Up to ``n`` genomes not proposed before (fewer only once the space is spent)."""
        out = []
        for _ in range(n):
            g = self._next()
            if g is None:
                break
            self._seen[self.space.key(g)] = None
            out.append(self.candidate(g))
        return out

    def tell(self, candidates: Sequence[Candidate], evaluations: Sequence[Evaluation]) -> None:
        """Random search learns nothing; told genomes are only marked as spent."""
        for c in candidates:
            self._seen[c.key or self.space.key(c.genome)] = None

    def state_dict(self) -> dict[str, Any]:
        """JSON-serializable state: the RNG, the spent keys and what is still queued."""
        return {**super().state_dict(), "seen": list(self._seen), "queue": [dict(g) for g in self._queue],
                "remaining": None if self._remaining is None else [dict(g) for g in self._remaining]}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        """Restore from :meth:`state_dict` (also after a JSON round trip)."""
        super().load_state_dict(state)
        self._seen = dict.fromkeys(state["seen"])
        self._queue = [dict(g) for g in state["queue"]]
        self._remaining = None if state["remaining"] is None else [dict(g) for g in state["remaining"]]
