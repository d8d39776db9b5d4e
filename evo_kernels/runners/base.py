"""The Runner seam: every backend that measures candidates implements :class:`Runner`.

A runner takes candidates of one template and hands back one future per candidate, each
resolving to a :class:`Measured` (the build and the run) as soon as that candidate is done, in
whatever order they finish; like TVM MetaSchedule's runners and Kernel Tuner's runner classes.
How a candidate gets built is the runner's business: the local GPU pool compiles on this
machine's :class:`~evo_kernels.build.NvccBuilder` ahead of its GPU workers, a Dask runner builds
where it measures, a replay answers both from a recording. Nothing outside ``runners/`` knows
which one it talks to: :func:`evo_kernels.runners.choose.open_runner` is the one place that
decides.

Errors are values: a failed build, launch, check or a timeout resolves its future to a result
with that status; a future raises only when the backend itself broke (a lost cluster, say).
"""
from __future__ import annotations

import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, Self

from evo_kernels.records import BuildResult, Candidate, RunResult


@dataclass(frozen=True)
class Measured:
    """What a runner hands back for one candidate: its build and its run (failures are statuses)."""

    build: BuildResult
    run: RunResult


def done(value: Any) -> Future:
    """A future that is already resolved to ``value``."""
    f: Future = Future()
    f.set_result(value)
    return f


class BusyClock:
    """Wall seconds each worker spent measuring, and since when the runner exists: the busy share
    of a worker is its busy seconds over the wall time it could have worked."""

    def __init__(self, workers: int) -> None:
        self._lock = threading.Lock()
        self.busy = [0.0] * workers
        self.measured = [0] * workers
        self.started = time.monotonic()

    def add(self, worker: int, seconds: float) -> None:
        with self._lock:
            self.busy[worker] += seconds
            self.measured[worker] += 1

    def snapshot(self) -> dict[str, Any]:
        with self._lock:
            return {"wall_s": time.monotonic() - self.started, "busy_s": list(self.busy),
                    "measured": list(self.measured)}


class Runner(ABC):
    """Measures candidates: ``submit`` returns one future per candidate (results as they complete).

    ``template`` is the :class:`~evo_kernels.template.KernelTemplate` the candidates belong to (a
    replay, which needs none, accepts None). ``check_only`` checks correctness and skips timing.
    """

    #: how many candidates it measures at once (GPU workers, Dask workers, simulated workers)
    workers: int = 1
    #: whether its results are replayed from a recording rather than measured now
    replay: bool = False

    @abstractmethod
    def submit(self, template: Any, candidates: Sequence[Candidate], check_only: bool = False) -> list[Future]:
        """One future per candidate, in the order given; each resolves to a :class:`Measured`."""

    @abstractmethod
    def device_info(self) -> dict[str, Any]:
        """The device results are measured on (gpu_name, driver, ...; ``replay: True`` for a replay)."""

    def nvcc_version(self) -> str:
        """The compiler release its builds come from ("" where nothing is compiled)."""
        return ""

    def baseline(self, template: Any, problem: dict[str, int]) -> Candidate:
        """The candidate every speedup is against: the template's identity genome at ``problem``. A replay
        answers its recording's baseline instead (a Kernel Tuner cache has no template)."""
        if template is None:
            raise ValueError(f"{type(self).__name__}: without a template there is no baseline genome")
        g = template.space.baseline()
        return Candidate(template.name, g, dict(problem), template.space.key(g))

    def measure(self, template: Any, candidates: Sequence[Candidate], check_only: bool = False) -> list[Measured]:
        """``submit`` and wait: one :class:`Measured` per candidate, in order."""
        return [f.result() for f in self.submit(template, candidates, check_only)]

    def busy(self) -> dict[str, Any]:
        """Per worker: seconds spent measuring and candidates measured, and the wall time since the
        runner started (see :class:`BusyClock`)."""
        return {"wall_s": 0.0, "busy_s": [0.0] * self.workers, "measured": [0] * self.workers}

    def close(self) -> None:
        """Stop the workers; the runner cannot be used afterwards."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
