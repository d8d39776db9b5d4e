"""GpuPool: the local Runner, a build pool feeding one GPU worker process per visible GPU.

    submit(candidates) --NvccBuilder.submit--> builds finish in any order
        --> a queue ordered by submission --> one thread per GPU, each driving its own GpuRunner
            (a pinned worker process with its watchdog) --> Measured futures, as they complete

GPU workers never wait for the compiler while something built is queued: a build joins the
queue the moment it finishes, and the oldest submitted build is measured first, so the batch
the search loop waits on goes ahead of the one it asked ahead. Every fault-isolation property of
:class:`~evo_kernels.runners.gpu.GpuRunner` holds per worker (a hang or a dead context costs
that worker a restart, never the pool). Input seeds are drawn at submission, in submission
order, so which worker measures a candidate never changes what it is checked on.
"""
from __future__ import annotations

import itertools
import queue
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from typing import Any

from evo_kernels.build import NvccBuilder
from evo_kernels.records import BuildResult, Candidate, RunResult
from evo_kernels.runners.base import BusyClock, Measured, Runner
from evo_kernels.runners.gpu import GpuRunner
from evo_kernels.runners.inputs import SeedStream



class GpuPool(Runner):
    """Measures on ``devices`` (visible GPU indices; default all), one pinned worker each.

    ``builder`` compiles (default: an :class:`NvccBuilder` with one nvcc per core); ``gpu``
    keywords go to every :class:`GpuRunner` (timeout_s, time_cap_s, min_reps, max_reps).
    """

    def __init__(self, devices: Sequence[int], builder: NvccBuilder | None = None, seed: int = 0,
                 **gpu: Any) -> None:
        if not devices:
            raise ValueError("GpuPool needs at least one GPU")
        self.builder = builder or NvccBuilder()
        self.devices = list(devices)
        self.workers = len(self.devices)
        self._gpus = [GpuRunner(device=d, seed=seed, pin=True, **gpu) for d in self.devices]
        self._seeds = SeedStream(seed)
        self._order = itertools.count()
        self._queue: queue.PriorityQueue = queue.PriorityQueue()
        self._clock = BusyClock(self.workers)
        self._threads: list[threading.Thread] = []
        with ThreadPoolExecutor(self.workers) as starting:  # each worker's CUDA start takes seconds
            self._info = list(starting.map(lambda g: g.device_info(), self._gpus))
        names = {i.get("gpu_name") for i in self._info}
        if len(names) > 1:
            self.close()
            raise ValueError(f"GpuPool: the GPUs differ ({', '.join(sorted(map(str, names)))}); a search's "
                             "measurements must be comparable: choose GPUs of one model with --gpus")
        self._threads = [threading.Thread(target=self._serve, args=(i,), daemon=True, name=f"evo-gpu{d}")
                         for i, d in enumerate(self.devices)]
        for t in self._threads:
            t.start()

    def device_info(self) -> dict[str, Any]:
        """The first worker's device, with every worker's listed under ``workers``."""
        return {**self._info[0], "workers": [dict(i) for i in self._info]}

    def nvcc_version(self) -> str:
        return self.builder.nvcc_version()

    def busy(self) -> dict[str, Any]:
        return self._clock.snapshot()

    def submit(self, template: Any, candidates: Sequence[Candidate], check_only: bool = False) -> list[Future]:
        out = []
        for cand, built in zip(candidates, self.builder.submit(template, candidates)):
            f: Future = Future()
            job = (next(self._order), self._seeds.next(), template, cand, check_only, f)
            built.add_done_callback(lambda b, job=job: self._built(b, job))
            out.append(f)
        return out

    def _built(self, b: Future, job: tuple) -> None:
        order, seed, template, cand, check_only, f = job
        try:
            build: BuildResult = b.result()
        except BaseException as exc:  # noqa: BLE001 - a builder bug: the candidate's future says so
            f.set_exception(exc)
            return
        if build.status != "ok":
            f.set_result(Measured(build, RunResult(status=build.status, error=build.error,
                                                   device=dict(self._info[0]))))
            return
        self._queue.put((order, time.monotonic(), (seed, template, build, cand, check_only, f)))

    def _serve(self, i: int) -> None:
        gpu = self._gpus[i]
        while True:
            order, queued_at, item = self._queue.get()
            if item is None:
                return
            seed, template, build, cand, check_only, f = item
            if not f.set_running_or_notify_cancel():
                continue
            t0 = time.monotonic()
            try:
                run = gpu.one(template, build, cand.problem or None, check_only, seed)
            except BaseException as exc:  # noqa: BLE001 - a worker that cannot start: this future fails
                f.set_exception(exc)
                continue
            finally:
                self._clock.add(i, time.monotonic() - t0)
            timings = {"queued": t0 - queued_at, "compile": build.compile_seconds, **run.timings}
            f.set_result(Measured(build, replace(run, timings=timings)))

    def close(self) -> None:
        for i, _ in enumerate(self._threads):
            self._queue.put((float("inf"), float(i), None))
        for t in self._threads:
            t.join(timeout=60)
        for g in self._gpus:
            g.close()
        self.builder.close()
