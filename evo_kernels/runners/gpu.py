"""GpuRunner: checks and times builds on a real GPU, one worker process per runner.

The parent side never touches CUDA: it sends each build to a worker process (started with the
'spawn' method, which owns the CUDA context; see ``worker.py``) and waits with a watchdog. A
kernel that hangs is killed with its worker when the watchdog fires; one that destroys the
context (illegal address, trap) takes its worker down with it. Either way the runner records the
status, starts a fresh worker for the next build and goes on with the batch. The protocol each
build goes through is in ``worker.py``, with its pure logic in ``inputs.py``, ``checks.py`` and
``launch.py``.
"""
from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
import shutil
import subprocess
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Self

from evo_kernels.build import argument_problem
from evo_kernels.records import BuildResult, RunResult
from evo_kernels.runners import worker
from evo_kernels.runners.inputs import SeedStream
from evo_kernels.template import KernelTemplate


def visible_id(index: int) -> str:
    """The CUDA_VISIBLE_DEVICES entry of visible GPU ``index`` (this process's numbering)."""
    seen = [v.strip() for v in os.environ.get("CUDA_VISIBLE_DEVICES", "").split(",") if v.strip()]
    if not seen:
        return str(index)
    if index >= len(seen):
        raise ValueError(f"GPU {index} is not visible (CUDA_VISIBLE_DEVICES={os.environ['CUDA_VISIBLE_DEVICES']})")
    return seen[index]


def gpu_count() -> int:
    """How many NVIDIA GPUs this process sees (0 where pycuda is missing or no driver answers).
    pycuda is imported here only, inside the runners package, and no CUDA context is made."""
    try:
        import pycuda.driver as drv

        drv.init()
        return int(drv.Device.count())
    except Exception:  # noqa: BLE001 - no pycuda, no driver, no device: all mean "none here"
        return 0


def pycuda_problem() -> str | None:
    """Why pycuda.driver cannot be imported here, in one line (e.g. "No module named 'pycuda'"), or None."""
    try:
        import pycuda.driver  # noqa: F401
    except Exception as exc:  # noqa: BLE001 - an ImportError, or a pycuda whose CUDA library fails to load
        return " ".join(str(exc).split()) or type(exc).__name__
    return None


def smi_gpus() -> int:
    """How many GPUs ``nvidia-smi -L`` lists (0 where nvidia-smi is missing, fails or lists none)."""
    exe = shutil.which("nvidia-smi")
    if exe is None:
        return 0
    try:
        out = subprocess.run([exe, "-L"], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.SubprocessError):
        return 0
    return sum(line.startswith("GPU ") for line in out.stdout.splitlines()) if out.returncode == 0 else 0


def unusable_gpu() -> str | None:
    """One line where this machine has a GPU that cannot measure because pycuda does not import (nvidia-smi lists
    one): what is wrong and the command that fixes it. None where pycuda imports or no GPU is listed."""
    problem = pycuda_problem()
    if problem is None or not smi_gpus():
        return None
    return (f"a GPU is visible (nvidia-smi) but pycuda cannot be imported ({problem}): pip install -e '.[gpu]' "
            "to measure")


def gpu_identity(index: int = 0) -> dict[str, Any]:
    """Name and driver version of visible GPU ``index``, without making a context: the same values a GPU
    worker reports as gpu_name and driver_version (its measurements' rows carry them)."""
    import pycuda.driver as drv

    from evo_kernels.runners.launch import driver_version

    drv.init()
    return {"gpu": drv.Device(index).name(), "driver": driver_version(drv.get_driver_version())}


class GpuRunner:
    """Evaluates builds on GPU ``device``: correctness on every check shape, then adaptive timing
    at the problem, then a check of the last timed launch.

    ``timeout_s`` is the watchdog per build (everything: load, checks, timing, references);
    ``time_cap_s`` caps the timing loop of one build; ``min_reps`` / ``max_reps`` bound its
    samples; ``seed`` roots the never-repeating stream of input seeds.
    """

    def __init__(self, device: int = 0, timeout_s: float = 20.0, time_cap_s: float = 2.0, min_reps: int = 10,
                 max_reps: int = 200, seed: int = 0, startup_timeout_s: float = 180.0, pin: bool = False) -> None:
        if timeout_s <= 0 or time_cap_s <= 0 or min_reps < 1 or max_reps < min_reps:
            raise ValueError("GpuRunner needs timeout_s > 0, time_cap_s > 0 and 1 <= min_reps <= max_reps")
        self.device = device
        self.timeout_s = float(timeout_s)
        self.time_cap_s = float(time_cap_s)
        self.min_reps = int(min_reps)
        self.max_reps = int(max_reps)
        self.startup_timeout_s = float(startup_timeout_s)
        # pinned: the worker sees only this GPU (CUDA_VISIBLE_DEVICES), so nothing it or torch
        # does can touch another worker's device
        self.visible = visible_id(device) if pin else None
        self.seeds = SeedStream(seed)
        self.starts = 0  # worker processes started; every one after the first replaced a dead one
        self._mp = mp.get_context("spawn")
        self._proc: Any = None
        self._conn: Any = None
        self._info: dict[str, Any] = {}
        self._torch_warm = False

    # --- the worker's life ----------------------------------------------------------------------

    @property
    def restarts(self) -> int:
        """How many times a worker was replaced after a crash or a timeout."""
        return max(0, self.starts - 1)

    def _alive(self) -> bool:
        return self._proc is not None and self._proc.is_alive()

    def _start(self) -> None:
        self._discard()
        parent, child = self._mp.Pipe(duplex=True)
        proc = self._mp.Process(target=worker.main, args=(child, self.device, self.visible), daemon=True,
                                name=f"evo-kernels-gpu{self.device}")
        proc.start()
        child.close()  # so that a dead worker reads as EOF here
        self._proc, self._conn = proc, parent
        self.starts += 1
        self._torch_warm = False
        self._handshake(None, "start")

    def _handshake(self, msg: tuple[str, Any] | None, what: str) -> None:
        kind, payload, _ = self._call(msg, self.startup_timeout_s)
        if kind != "ready":
            self._discard()
            if kind == "fatal":
                detail = payload
            elif kind == "died":
                detail = (f"the worker exited (code {payload}) before it was ready; a script that starts a GpuRunner "
                          "at import time needs an `if __name__ == '__main__':` guard (multiprocessing 'spawn')")
            else:
                detail = f"no answer within {self.startup_timeout_s:.0f} s"
            raise RuntimeError(f"GPU worker {what} failed: {detail}")
        self._info = dict(payload)

    def _ensure(self, torch: bool = False) -> None:
        if not self._alive():
            self._start()
        if torch and not self._torch_warm:
            # torch's import and CUDA start take seconds: outside any build's watchdog.
            self._handshake(("warm_torch", None), "torch start")
            self._torch_warm = True

    def _call(self, msg: tuple[str, Any] | None, timeout: float) -> tuple[str, Any, str]:
        """Send ``msg`` (if any) and wait up to ``timeout`` seconds for the answer.

        Returns (kind, payload, last stage): kind is the worker's answer, or "timeout" when the
        watchdog fired, or "died" when the worker exited without answering."""
        stage = ""
        try:
            if msg is not None:
                self._conn.send(msg)
        except (OSError, EOFError):
            return "died", self._exitcode(), stage
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return "timeout", None, stage
            try:
                ready = self._conn.poll(min(left, 0.25))
                if ready:
                    kind, payload = self._conn.recv()
                    if kind == "stage":
                        stage = payload
                        continue
                    return kind, payload, stage
            except (EOFError, OSError):
                return "died", self._exitcode(), stage
            if not self._proc.is_alive() and not self._conn.poll(0):
                return "died", self._exitcode(), stage

    def _exitcode(self) -> Any:
        if self._proc is None:
            return None
        self._proc.join(timeout=5)
        return self._proc.exitcode

    def _discard(self) -> None:
        """Kill the worker (if any) and forget it; the next build starts a fresh one."""
        if self._proc is not None:
            if self._proc.is_alive():
                self._proc.kill()
            self._proc.join(timeout=30)
        if self._conn is not None:
            self._conn.close()
        self._proc = self._conn = None

    # --- public API ---------------------------------------------------------------------------

    def device_info(self) -> dict[str, Any]:
        """The worker's device: gpu_name, sm_count, driver_version, cc, cuda_driver_version,
        l2_bytes, memory_bytes, device index, pci_bus_id (starts a worker if none is up)."""
        self._ensure()
        return dict(self._info)

    def run(self, template: KernelTemplate | Sequence[KernelTemplate], builds: Sequence[BuildResult],
            problem: Mapping[str, int] | None = None, check_only: bool = False) -> list[RunResult]:
        """Check and time each build, in order; one RunResult per build.

        Builds whose status is not "ok" come back as ``RunResult(status=build.status)`` without
        touching the GPU. ``problem`` (default: the template's) is the timed size; correctness is
        checked on every shape of ``template.check_problems`` first. ``check_only`` skips timing.
        ``template`` may also be a sequence, one template per build, for a mixed batch.
        """
        if isinstance(template, KernelTemplate):
            templates = [template] * len(builds)
        else:
            templates = list(template)
            if len(templates) != len(builds):
                raise ValueError(f"{len(templates)} templates for {len(builds)} builds")
        return [self.one(t, b, problem, check_only) for t, b in zip(templates, builds)]

    def one(self, t: KernelTemplate, b: BuildResult, problem: Mapping[str, int] | None,
            check_only: bool = False, seed: Any = None) -> RunResult:
        """Check and time one build (see ``run``); ``seed`` (a SeedSequence) roots its input draws,
        by default the next of this runner's stream."""
        if b.status != "ok":
            return RunResult(status=b.status, error=b.error, device=dict(self._info))
        # a kernel launched with arguments unlike its parameters reads garbage or faults: refused before the GPU,
        # in one line naming the template's files (the baseline goes first, so a tune stops there)
        if bad := argument_problem(t, Path(b.cubin_path)):
            return RunResult(status="launch_error", error=bad, device=dict(self._info))
        # torch draws every timed launch's inputs, and runs the checks of a template with reference_torch
        self._ensure(torch=t.torch_reference or not check_only)
        job = {"template_path": str(t.mako_path), "template_hash": t.hash, "cubin_path": b.cubin_path,
               "entry": b.entry or t.kernel, "genome": dict(b.candidate.genome),
               "problem": dict(problem if problem is not None else t.problem), "check_problems": t.check_problems,
               "check_only": check_only, "seed": seed if seed is not None else self.seeds.next(),
               "time_cap_s": self.time_cap_s, "min_reps": self.min_reps, "max_reps": self.max_reps}
        kind, payload, stage = self._call(("eval", job), self.timeout_s)
        info = dict(self._info)
        if kind == "result":
            if payload.pop("fatal", False):
                self._discard()
            return RunResult(device=info, **payload)
        self._discard()
        if kind == "timeout":
            last = stage or "start"
            return RunResult(status="timeout", device=info,
                             error=f"watchdog: no result within {self.timeout_s:.1f} s (last stage: {last})")
        return RunResult(status="crash", device=info,
                         error=f"worker process died (exit code {payload}) during {stage or 'start'}")

    def close(self) -> None:
        """Stop the worker (politely, then by force)."""
        if self._alive():
            try:
                self._conn.send(("stop", None))
                self._proc.join(timeout=10)
            except (OSError, EOFError):
                pass
        self._discard()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):  # interpreter shutdown: nothing left to tidy
            self.close()
