"""What defines a tuning session: :class:`TuneConfig` (every setting, and the identity that
decides whether a checkpoint resumes), :class:`TuneError` (bad input, one line), and where a run's checkpoints
go by default (a run limited by time alone has the budget ``settings.UNBOUNDED``). It checks and
opens nothing: checking a config is ``tune_plan.validate``, running it ``tuning.tune``.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from evo_kernels.records import size_name
from evo_kernels.runners.choose import Backend
from evo_kernels.settings import DEFAULTS


class TuneError(Exception):
    """Bad input to a tuning session; one line naming the file or value at fault (exit status 2)."""


@dataclass
class TuneConfig:
    """Everything that defines a tuning session; its identity decides whether a checkpoint resumes."""

    template: str
    problem: dict[str, int] | None = None
    budget: int = DEFAULTS["budget"]
    time_limit_s: float | None = None
    strategy: str = DEFAULTS["strategy"]
    objective: str = DEFAULTS["objective"]  # "median" (throughput) or "p95" (tail latency)
    max_registers: int | None = None
    max_smem_bytes: int | None = None
    pins: dict[str, Any] = field(default_factory=dict)  # gene -> the only allowed value
    forbids: dict[str, list[Any]] = field(default_factory=dict)  # gene -> values never tried
    starts: list[dict[str, Any]] = field(default_factory=list)  # genomes a person proposes
    # start after them from the template's designs (NAME.designs.json) on a GPU; False: cold. A replay
    # starts cold either way (its recording has few of them: it reproduces a recorded search)
    designs: bool = DEFAULTS["designs"]
    db: str = DEFAULTS["db"]
    population: str | None = None  # checkpoint folder; default <db>.runs/<template>-<problem>-<strategy>-s<seed>
    seed: int = DEFAULTS["seed"]
    batch_size: int = DEFAULTS["batch_size"]
    init_population: str | None = None
    replay: str | None = None  # force a replay of this recording (else: GPU if present, else shipped recording)
    cv_weight: float = DEFAULTS["cv_weight"]
    spill_weight: float = DEFAULTS["spill_weight"]
    # batches asked before the oldest in flight is told: builds then run ahead of the GPU, but the
    # strategy proposes without the last batch's results (pbt needed 1.3-2.1x the evaluations at 1:
    # benchmarks/THROUGHPUT.md), so 0 unless asked
    ahead: int = DEFAULTS["ahead"]
    gpus: tuple[int, ...] | None = None  # local GPU indices (default: every visible GPU)
    scheduler: str | None = None  # a Dask scheduler's address: measure on its workers
    dask_local: int = DEFAULTS["dask_local"]  # start a Dask LocalCluster of this many workers here

    def identity(self) -> dict[str, Any]:
        """The fields a resumed run must share with the run it resumes (which GPUs or workers
        measure is not one of them: a run may resume on another pool)."""
        keep = ("template", "problem", "strategy", "objective", "max_registers", "max_smem_bytes", "pins",
                "forbids", "starts", "seed", "batch_size", "cv_weight", "spill_weight")
        out = {k: v for k, v in asdict(self).items() if k in keep}
        if self.ahead:  # runs from before the pipeline had no ahead and stay resumable
            out["ahead"] = self.ahead
        if not self.designs:  # likewise runs from before the designs
            out["designs"] = False
        return out

    def backend(self) -> Backend:
        return Backend(replay=self.replay, gpus=self.gpus, scheduler=self.scheduler, dask_local=self.dask_local,
                       seed=self.seed)


def run_name(cfg: TuneConfig, problem: dict[str, int]) -> str:
    """A run's folder name: template, the problem it tunes, strategy and seed."""
    stem = Path(cfg.template).name.removesuffix('.cu.mako').removesuffix('.py')
    return f"{stem}-{size_name(problem)}-{cfg.strategy}-s{cfg.seed}"


def default_run_dir(cfg: TuneConfig, problem: dict[str, int]) -> Path:
    """Where a run's checkpoints go unless --population says: beside its database, in
    ``<db>.runs/<run name>/``, so that they belong to that database and never to the working folder."""
    return Path(f"{cfg.db}.runs") / run_name(cfg, problem)
