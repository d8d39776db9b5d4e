"""Record types exchanged between the roles: candidates, build results, run results, evaluations.

Roles (builder, runner, strategy, store) talk only through these frozen dataclasses, so each
role can be replaced (a GPU runner by a replay runner, say) without the others noticing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Genome = dict[str, Any]

# Every way an evaluation can end. "ok" is the only one with a meaningful time.
STATUSES = (
    "ok",
    "invalid",  # the genome violates a constraint of its space (never compiled)
    "compile_error",
    "resources",  # too many registers / shared memory / threads for one block
    "launch_error",
    "crash",  # illegal address, trap: the worker's CUDA context died
    "timeout",  # watchdog fired: the kernel hung or ran past the cap
    "wrong_result",
    "nan",
    "nondeterministic",
)


def size_name(problem: dict[str, Any]) -> str:
    """A problem's values joined by "x" in the order given, ``131x705x1522``: how file, folder and group names
    (a report's sections and plots, a run's folder) spell a size."""
    return "x".join(str(v) for v in problem.values())


@dataclass(frozen=True)
class Candidate:
    """One point to evaluate: a template, a genome of its space, and a problem."""

    template: str
    genome: Genome
    problem: dict[str, int] = field(default_factory=dict)
    key: str = ""  # the genome's stable key in its space


@dataclass(frozen=True)
class BuildResult:
    """What the builder made of one candidate: a cubin and ptxas's resource report, or an error."""

    candidate: Candidate
    status: str  # "ok", "invalid", "compile_error" or "resources"
    source_hash: str = ""  # hash of the rendered source
    template_hash: str = ""  # hash of the template files (source + metadata)
    cubin_path: str = ""
    entry: str = ""
    arch: str = ""
    flags: tuple[str, ...] = ()
    nvcc_version: str = ""
    registers: int = 0
    spill_store_bytes: int = 0
    spill_load_bytes: int = 0
    smem_bytes: int = 0
    stack_bytes: int = 0
    cmem_bytes: int = 0
    threads_per_block: int = 0
    compile_seconds: float = 0.0
    cached: bool = False
    error: str = ""

    @property
    def spill_bytes(self) -> int:
        return self.spill_store_bytes + self.spill_load_bytes


@dataclass(frozen=True)
class RunResult:
    """What a runner measured for one build: raw times (ms) or a failure status."""

    status: str
    times_ms: tuple[float, ...] = ()
    median_ms: float = float("nan")
    p95_ms: float = float("nan")
    cv: float = float("nan")
    error: str = ""
    max_rel_error: float = float("nan")
    device: dict[str, Any] = field(default_factory=dict)  # gpu name, sm count, driver
    # Where the candidate's wall time went, in seconds, by stage: "queued" (waiting for a GPU
    # worker after its build), "load", "check" (correctness launches), "reference" (computing
    # references), "timing", "final_check" (the last timed launch and its check); see STAGES.
    timings: dict[str, float] = field(default_factory=dict)


# The stages of a candidate's life that RunResult.timings and the store account for, in order;
# "compile" comes from BuildResult.compile_seconds.
STAGES = ("queued", "compile", "load", "check", "reference", "timing", "final_check")


@dataclass(frozen=True)
class Evaluation:
    """A candidate with its build, its run and its scalar fitness.

    ``reused`` marks an evaluation served from an earlier measurement in the results database
    (same template, genome, problem, GPU, driver and nvcc) instead of measured now."""

    build: BuildResult
    run: RunResult
    fitness: float
    speedup: float = 0.0
    reused: bool = False

    @property
    def candidate(self) -> Candidate:
        return self.build.candidate

    @property
    def status(self) -> str:
        return self.run.status if self.build.status == "ok" else self.build.status

    @property
    def feasible(self) -> bool:
        """Passed every check and kept within the run's limits (registers, shared memory): the one rule, which
        the store's ``FEASIBLE_SQL`` states for its rows. A failure, or a passed build over a limit, scores 0."""
        return self.status == "ok" and self.fitness > 0

    @property
    def outcome(self) -> str:
        """The evaluation's outcome in a word, as progress lines and summaries name it: its status ("ok", or how it
        failed), or "infeasible" for a build that passed but broke a limit of its run."""
        return "infeasible" if self.status == "ok" and not self.feasible else self.status
