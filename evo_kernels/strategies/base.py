"""The ask/tell interface every search strategy implements.

A strategy proposes candidates and learns from their evaluations; it never measures anything
itself, so the same strategy runs against the GPU, a recording or a fabricated test space.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np

from evo_kernels.genome import GenomeSpace
from evo_kernels.records import Candidate, Evaluation, Genome
from evo_kernels.strategies.options import Option


class Strategy(ABC):
    """``ask(n)`` proposes up to n candidates; ``tell`` gives back their evaluations, in order.

    Its whole state (RNG included) round-trips through ``state_dict`` / ``load_state_dict``
    (JSON-serializable except for torch tensors, which the store saves with ``torch.save``).
    """

    name = "base"
    OPTIONS: ClassVar[dict[str, Option]] = {}
    """The keyword arguments a strategy takes beyond the base class's (its options, ``pbt:KEY=VALUE``), each
    with its type and range: :func:`~evo_kernels.strategies.options.check_options` holds them to it."""

    def __init__(self, space: GenomeSpace, template: str = "", problem: dict[str, int] | None = None,
                 seed: int = 0, seeds: Sequence[Genome] = ()) -> None:
        self.space = space
        self.template = template
        self.problem = dict(problem or {})
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.seeds = [space.check(space.coerce(g)) for g in seeds]  # genomes a person proposes

    def candidate(self, genome: Genome) -> Candidate:
        return Candidate(self.template, dict(genome), self.problem, self.space.key(genome))

    def member_of(self, key: str) -> int | None:
        """The population member that proposed the candidate with this key (None where the
        strategy has no members)."""
        return None

    @abstractmethod
    def ask(self, n: int) -> list[Candidate]:
        ...

    @abstractmethod
    def tell(self, candidates: Sequence[Candidate], evaluations: Sequence[Evaluation]) -> None:
        ...

    def state_dict(self) -> dict[str, Any]:
        return {"rng": self.rng.bit_generator.state}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        self.rng.bit_generator.state = state["rng"]
