"""The one place that decides which backend measures: the local GPUs, a replay, or Dask.

``tune``, ``batch``, ``record``, the report's ablations and ``bench-search`` all open their
runner here. Adding a backend means a Runner in this package and a branch in :func:`open_runner`;
nothing else changes.

The decision, in order (``--replay`` excludes the others, as ``--scheduler`` and ``--dask-local`` exclude
each other): ``--scheduler`` / ``--dask-local`` send the work to Dask workers (each
runs the :class:`LocalSpec` it is given: its own GPU, or the same replay); ``--replay FILE`` (or a
machine without a GPU, which replays the H200 recording shipped for the template) answers from
recorded measurements and says so; otherwise the local GPUs, one pinned worker each.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from evo_kernels.runners.base import Runner

RECORDINGS = Path(__file__).resolve().parent.parent / "recordings"
REPLAY_DELAY_ENV = "EVO_KERNELS_REPLAY_DELAY_S"  # seconds per replayed evaluation (rehearse a run's pace)
FORCE_REPLAY_ENV = "EVO_KERNELS_FORCE_REPLAY"  # a GPU machine that should replay anyway


class BackendError(ValueError):
    """A backend that cannot be had as asked; one line naming what is wrong."""


def gpu_count() -> int:
    """How many GPUs this machine offers the local pool (0 where replay is forced)."""
    if os.environ.get(FORCE_REPLAY_ENV):
        return 0
    from evo_kernels.runners.gpu import gpu_count as count

    return count()


def unusable_gpu() -> str | None:
    """One line where a GPU is listed here (nvidia-smi) but pycuda cannot be imported, so that a session that
    replays or refuses says why and how to measure instead; None where that is not so or replay is forced."""
    if os.environ.get(FORCE_REPLAY_ENV):
        return None
    from evo_kernels.runners.gpu import unusable_gpu as why

    return why()


def no_gpu_words() -> str:
    """Why this machine measures on no GPU, in words for a replay's first line or a refusal."""
    return unusable_gpu() or "no GPU here"


def why_replay(asked: bool) -> str:
    """The start of a replaying session's first line: why it replays (asked for by --replay or a batch file's key;
    forced by the environment; or no usable GPU here, and why), never "no GPU here" where one may be."""
    if asked:
        return "replay asked for: "
    if os.environ.get(FORCE_REPLAY_ENV):
        return f"{FORCE_REPLAY_ENV} is set: "
    hint = unusable_gpu()
    return f"{hint}; " if hint else "no GPU here: "


def gpu_present() -> bool:
    return gpu_count() > 0


def shipped_recording(template: str) -> Path | None:
    """The H200 recording of ``template`` shipped with the package, if there is one."""
    p = RECORDINGS / f"{template}.json.gz"
    return p if p.exists() else None


def shipped_names() -> list[str]:
    return sorted(p.name.split(".")[0] for p in RECORDINGS.glob("*.json.gz"))


def replay_delay_s() -> float:
    raw = os.environ.get(REPLAY_DELAY_ENV, "") or "0"
    try:
        value = float(raw)
    except ValueError:
        raise BackendError(f"${REPLAY_DELAY_ENV}={raw!r} is not a number of seconds") from None
    if value < 0:
        raise BackendError(f"${REPLAY_DELAY_ENV}={raw!r} is negative")
    return value


@dataclass(frozen=True)
class LocalSpec:
    """What one machine (this one, or a Dask worker) opens: a replay of ``replay``, or its GPUs.

    Picklable, so that a Dask worker can be sent one and open the same kind of runner there.
    ``gpus`` None means every visible GPU; ``gpu_options`` go to each GpuRunner (timeout_s,
    time_cap_s, min_reps, max_reps).
    """

    replay: str | None = None
    gpus: tuple[int, ...] | None = None
    seed: int = 0
    delay_s: float = 0.0
    gpu_options: tuple[tuple[str, Any], ...] = ()

    def open(self) -> Runner:
        if self.replay is not None:
            from evo_kernels.runners.replay import load_space
            from evo_kernels.runners.replay_runner import ReplayRunner

            return ReplayRunner(load_space(self.replay), delay_s=self.delay_s)
        from evo_kernels.runners.local import GpuPool

        n = gpu_count()
        devices = list(self.gpus) if self.gpus is not None else list(range(n))
        if not devices or not n:
            asked = f"--gpus {','.join(map(str, devices))}: " if devices else ""
            raise BackendError(f"{asked}{unusable_gpu() or 'no GPU visible here (pycuda finds none)'}; replay a "
                               "recording instead")
        if max(devices) >= n:  # GPUs asked by index must be here (replay_source says so for tune; record comes here)
            raise BackendError(f"--gpus {','.join(map(str, devices))}: this machine has {n} GPU{'s' if n > 1 else ''} "
                               f"(indices 0..{n - 1})")
        return GpuPool(devices, seed=self.seed, **dict(self.gpu_options))


@dataclass(frozen=True)
class Backend:
    """Where a session's measurements come from, as the user asked (flags and environment)."""

    replay: str | None = None  # replay this recording or Kernel Tuner cache
    gpus: tuple[int, ...] | None = None  # local GPU indices (default: all visible)
    scheduler: str | None = None  # a Dask scheduler address (tcp:// or tls://)
    dask_local: int = 0  # start a Dask LocalCluster with this many workers on this machine
    seed: int = 0
    gpu_options: dict[str, Any] = field(default_factory=dict)

    def validate(self) -> None:
        """A BackendError for flags or environment that cannot work together (before anything is opened)."""
        replay_delay_s()  # the environment is input too: a bad value must stop the run before its files exist
        if self.scheduler and self.dask_local:
            raise BackendError("--scheduler and --dask-local exclude each other")
        if self.replay and (self.gpus is not None or self.distributed):   # alternatives, as the README gives them
            other = "--gpus" if self.gpus is not None else "--scheduler" if self.scheduler else "--dask-local"
            raise BackendError(f"--replay and {other} exclude each other: a replay measures nothing, on no GPU or "
                               "worker; give one")
        if self.dask_local < 0:
            raise BackendError(f"--dask-local {self.dask_local}: the worker count must be at least 1")
        if self.gpus is not None and (not self.gpus or min(self.gpus) < 0):
            raise BackendError(f"--gpus {','.join(map(str, self.gpus))}: GPU indices are 0 or more")
        if self.distributed:
            from evo_kernels.runners.dask import check_scheduler

            check_scheduler(self.scheduler, self.gpus)

    @property
    def distributed(self) -> bool:
        return bool(self.scheduler or self.dask_local)


def replay_source(backend: Backend, template: str | None) -> Path | None:
    """The recording a session replays, or None when it measures on GPUs (its own or a remote
    Dask cluster's): ``--replay``, else, without a GPU here and without a remote scheduler, the
    shipped H200 recording (a BackendError where none ships, and where ``--gpus`` names a GPU this
    machine does not have). A ``--dask-local`` cluster runs on this machine, so without a GPU here its
    workers replay too."""
    if backend.replay:
        return Path(backend.replay)
    if backend.scheduler:
        return None
    n = gpu_count()
    if backend.gpus is not None and max(backend.gpus) >= n:  # GPUs asked by index must be here
        asked = ",".join(map(str, backend.gpus))
        raise BackendError(f"--gpus {asked}: " + (f"this machine has {n} GPU{'s' if n > 1 else ''} (indices 0.."
                                                  f"{n - 1})" if n else f"{no_gpu_words()} (leave --gpus out to "
                                                  "replay the shipped recording, or give --replay)"))
    if n:
        return None
    rec = shipped_recording(template) if template else None
    if rec is None:
        hint = unusable_gpu()
        raise BackendError(f"{template}: {hint + ';' if hint else 'no GPU here and'} no H200 recording of it ships "
                           f"with evo-kernels (recorded: {', '.join(shipped_names()) or 'none'})")
    return rec


def open_runner(backend: Backend, replay: Path | None = None, replay_space: Any = None) -> Runner:
    """Open the runner a validated session uses: Dask when asked, else a replay of ``replay``
    (``replay_space`` is its already loaded ReplaySpace, if the caller has one), else the local
    GPU pool."""
    backend.validate()
    gpu_options = tuple(sorted(backend.gpu_options.items()))
    local = LocalSpec(str(replay) if replay is not None else None, backend.gpus, backend.seed, replay_delay_s(),
                      gpu_options)
    if backend.distributed:
        from evo_kernels.runners.dask import DaskRunner

        return DaskRunner(local, scheduler=backend.scheduler, local_workers=backend.dask_local,
                          replay_space=replay_space if replay is not None else None)
    if replay is not None:
        from evo_kernels.runners.replay import load_space
        from evo_kernels.runners.replay_runner import ReplayRunner

        return ReplayRunner(replay_space if replay_space is not None else load_space(replay), delay_s=local.delay_s)
    return local.open()


def describe_here(backend: Backend) -> dict[str, Any]:
    """Where ``backend`` measures: the GPU's name and driver (or "replay", or the Dask scheduler)
    and nvcc, which decide whether a batch re-tunes an entry."""
    from evo_kernels.build import nvcc_version

    backend.validate()
    if backend.replay or (not backend.scheduler and not gpu_present()):
        return {"gpu": "replay", "driver": None, "nvcc": nvcc_version()}
    if backend.distributed:
        return {"gpu": "dask:" + (backend.scheduler or f"local{backend.dask_local}"), "driver": None,
                "nvcc": nvcc_version()}
    from evo_kernels.runners.gpu import gpu_identity

    return {**gpu_identity(backend.gpus[0] if backend.gpus else 0), "nvcc": nvcc_version()}
