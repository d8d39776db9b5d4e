"""ReplayRunner: the Runner that answers from a recorded space instead of a GPU (see replay.py for
the recordings and Kernel Tuner caches it reads)."""
from __future__ import annotations

import queue
import time
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from evo_kernels.records import BuildResult, Candidate, RunResult
from evo_kernels.runners.base import BusyClock, Measured, Runner, done
from evo_kernels.runners.replay import BUILD_STATUSES, RecordedEntry, ReplaySpace


class ReplayRunner(Runner):
    """A :class:`~evo_kernels.runners.base.Runner` answering from a :class:`ReplaySpace` instead of a GPU.

    Returns the same record shapes as the GPU pool: BuildResult (status, static metrics) and
    RunResult (raw times, median, p95, CV, ``device`` marked ``replay``). Genomes outside the
    recording are "invalid" ("not in the recorded space"). Scoring is not its business
    (:func:`evo_kernels.fitness.score` does it for every runner).

    By default every future is resolved before ``submit`` returns. ``delay_s`` makes each
    candidate take that long on one of ``workers`` threads (to rehearse an overnight run's pace);
    ``simulate=True`` makes it take what the H200 took: its recorded compile time on one of
    ``build_jobs`` compile threads, then, on one of ``workers`` simulated GPU workers, the sum of
    its recorded samples plus ``overhead_s`` of protocol per candidate (the throughput simulation
    of benchmarks/THROUGHPUT.md). The answers never depend on the number of workers.
    """

    replay = True

    def __init__(self, replay: ReplaySpace, workers: int = 1, delay_s: float = 0.0, simulate: bool = False,
                 build_jobs: int = 16, overhead_s: float = 0.0) -> None:
        if workers < 1 or delay_s < 0 or build_jobs < 1 or overhead_s < 0:
            raise ValueError("ReplayRunner needs workers >= 1, build_jobs >= 1 and delays >= 0")
        self.space, self.workers = replay, int(workers)
        self.delay_s, self.simulate, self.overhead_s = float(delay_s), bool(simulate), float(overhead_s)
        self._runs: dict[int, RunResult] = {}
        self._clock = BusyClock(self.workers)
        self._pool = self._builds = None
        if self.delay_s or self.simulate:
            self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="replay-worker")
            self._slots: queue.SimpleQueue[int] = queue.SimpleQueue()
            for i in range(self.workers):
                self._slots.put(i)
            if self.simulate:
                self._builds = ThreadPoolExecutor(build_jobs, thread_name_prefix="replay-build")

    def device_info(self) -> dict[str, Any]:
        return dict(self.space.device)

    def nvcc_version(self) -> str:
        return ""

    def baseline(self, template: Any, problem: dict[str, int]) -> Candidate:
        """The recording's baseline: every replayed speedup is against it, whatever ``template`` is."""
        return self.space.baseline_candidate()

    def busy(self) -> dict[str, Any]:
        return self._clock.snapshot()

    def _run(self, e: RecordedEntry) -> RunResult:
        # RunResults do not depend on the candidate, so one per entry serves every evaluation of it.
        run = self._runs.get(id(e))
        if run is None:
            dev = self.space.device
            if e.status in BUILD_STATUSES:
                run = RunResult(e.status, error=f"not run: {e.error or e.status}", device=dev)
            elif e.status != "ok":
                run = RunResult(e.status, error=e.error, device=dev)
            else:
                run = RunResult("ok", e.times_ms, e.median_ms, e.p95_ms, e.cv, device=dev,
                                max_rel_error=e.max_rel_error)
            self._runs[id(e)] = run
        return run

    def answer(self, c: Candidate) -> Measured:
        """The recorded build and run of one candidate (no delay)."""
        rp = self.space
        msgs = rp.space.violations(c.genome)
        if msgs:
            msg = "; ".join(msgs)
            return Measured(BuildResult(c, "invalid", template_hash=rp.template_hash, error=msg),
                            RunResult("invalid", error=msg, device=rp.device))
        e = rp.entry(c.genome)
        status = e.status if e.status in BUILD_STATUSES else "ok"
        build = BuildResult(c, status, template_hash=rp.template_hash, error=e.error if status != "ok" else "",
                            **e.build)
        return Measured(build, self._run(e))

    def _gpu_seconds(self, m: Measured) -> float:
        if self.delay_s:
            return self.delay_s
        if m.build.status != "ok":
            return 0.0
        return sum(m.run.times_ms) / 1e3 + self.overhead_s

    def _on_worker(self, m: Measured) -> Measured:
        seconds = self._gpu_seconds(m)
        if seconds <= 0:
            return m
        slot = self._slots.get()
        try:
            t0 = time.monotonic()
            time.sleep(seconds)
            self._clock.add(slot, time.monotonic() - t0)
        finally:
            self._slots.put(slot)
        return m

    def _simulated(self, m: Measured, out: Future) -> None:
        def built(_: Future) -> None:
            work = self._pool.submit(self._on_worker, m)
            work.add_done_callback(lambda f: out.set_result(f.result()))

        self._builds.submit(time.sleep, m.build.compile_seconds if m.build.status != "invalid" else 0.0
                            ).add_done_callback(built)

    def submit(self, template: Any, candidates: Sequence[Candidate], check_only: bool = False) -> list[Future]:
        answers = [self.answer(c) for c in candidates]
        if self._pool is None:
            return [done(m) for m in answers]
        if not self.simulate:
            return [self._pool.submit(self._on_worker, m) for m in answers]
        futures = []
        for m in answers:
            out: Future = Future()
            self._simulated(m, out)
            futures.append(out)
        return futures

    def close(self) -> None:
        for pool in (self._builds, self._pool):
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)
