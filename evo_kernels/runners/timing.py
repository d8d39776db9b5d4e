"""The GPU worker's timing protocol: warm-up, adaptive repetitions, then one more timed launch on
fresh inputs never seen before, whose output is checked (:meth:`Timed.run`); each timed launch
with the L2 flushed and events around the launch alone (:class:`Sampler`).

The worker (``worker.py``) owns the context, the device arrays and the machinery of the checks,
and hands in what the protocol needs as explicit values and callables (:class:`Timed`); like the
worker, this module never imports pycuda. The decision sequence of the repetitions
(:func:`warm_up`, :func:`repeat`: when timing stops, which timed launches are checked, the checks'
time left out of the timing budget) takes its clock as an argument and runs on the CPU.
"""
from __future__ import annotations

import functools
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np

from evo_kernels.runners.buffers import Buffers
from evo_kernels.runners.checks import Check, compare_all, require_ok
from evo_kernels.runners.launch import check_this_sample, should_stop
from evo_kernels.runners.stage_clock import StageClock

Inputs = Mapping[str, Any]  # one input set: host arrays, or torch tensors on the device
T = TypeVar("T")


class Sampler:
    """Times launches on one context: a flush buffer bigger than the L2 and a pair of events.
    One per worker process: the count of samples, whose low bits each flush writes, runs on from
    one evaluation to the next."""

    def __init__(self, cuda: Any, flush: Any, flush_words: int) -> None:
        self.cuda, self.flush, self.flush_words = cuda, flush, flush_words
        self.start, self.end = cuda.Event(), cuda.Event()
        self.count = 0

    def sample(self, bufs: Buffers, launch: Callable[[Buffers, str], None], sync: Callable[[str], None],
               where: str) -> float:
        """One timed launch: poison and inputs reset, L2 flushed (all outside the events), then
        events around ``launch`` alone; ``sync`` synchronizes the context before the end event is read."""
        bufs.prepare()
        self.count += 1
        # Queued right before the start event, the flush also keeps the GPU busy while the host
        # enqueues the launch, so the host launch gap stays out of the sample.
        self.cuda.memset_d32_async(int(self.flush), self.count & 0xFFFF, self.flush_words)
        self.start.record()
        launch(bufs, where)
        self.end.record()
        sync(where)
        return float(self.end.time_since(self.start))


def warm_up(sample: Callable[[], float], cap_s: float, now: Callable[[], float] = time.perf_counter) -> None:
    """Two launches, untimed; one where the first took longer than ``cap_s``."""
    t0 = now()
    for _ in range(2):
        sample()
        if now() - t0 > cap_s:
            break


def repeat(sample: Callable[[], float], min_reps: int, max_reps: int, time_cap_s: float,
           fresh: Callable[[], T] | None = None, check: Callable[[T, int], None] | None = None,
           now: Callable[[], float] = time.perf_counter) -> list[float]:
    """The timed launches' samples, one ``sample()`` per repetition until
    :func:`launch.should_stop` says enough, on the time spent since the start less the checks'.

    ``fresh`` and ``check`` come together, on the GPU-input path only: before each sample,
    ``fresh()`` puts an input set of the launch's own in place and returns it; after a sample that
    :func:`launch.check_this_sample` picks (the first, and any more than 5% quicker than every launch
    checked so far), ``check(inputs, n)`` judges launch ``n`` (counted from 1) on those inputs and raises
    to end the timing if it fails. The time a check takes is left out of the timing budget."""
    if (fresh is None) != (check is None):
        raise ValueError("repeat: fresh and check come together or not at all")
    samples: list[float] = []
    checked: list[float] = []  # the times of the launches whose output was checked
    t0, checking = now(), 0.0  # the checks' time is left out of the timing budget
    while not should_stop(samples, now() - t0 - checking, min_reps, max_reps, time_cap_s):
        own = fresh() if fresh is not None else None
        ms = sample()
        if check is not None and check_this_sample(checked, ms):
            c0 = now()
            check(own, len(samples) + 1)
            checking += now() - c0
            checked.append(ms)
        samples.append(ms)
        del own
    return samples


@dataclass(frozen=True)
class Timed:
    """One build at the timed problem shape, as the worker hands it to the timing protocol: its
    device arrays (holding the first input set) and what to do with them."""

    bufs: Buffers
    where: str  # "timed <problem>": starts every stage name and error message
    fresh_inputs: bool  # inputs drawn by torch on the GPU: a set per timed launch, the first and quicker ones checked
    on_gpu: bool  # outputs judged on the GPU (the template has reference_torch), else by numpy on the host
    sampler: Sampler
    launch: Callable[[Buffers, str], None]  # queue this build's launch; a launch-time error raises Failed
    sync: Callable[[str], None]  # synchronize the context; an error raises Failed
    draw: Callable[[np.random.SeedSequence], Inputs]  # a fresh input set at this shape
    intact: Callable[[Buffers, Inputs, str], None]  # guard zones as laid and inputs as given, else Failed
    # the numpy float64 reference of inputs from either side, and the template's error norms of them ({}: ||ref||)
    reference: Callable[[Inputs], tuple[Mapping[str, np.ndarray], Mapping[str, float]]]
    device_outputs: Callable[[Buffers], dict[str, Any]]  # torch copies of the outputs (GPU path)
    judge_on_gpu: Callable[[Mapping[str, Any], Inputs, set[str], str], Check]  # reference and comparison there
    tolerance: float
    clock: StageClock
    stage: Callable[[str], None]

    def sample(self, where: str) -> float:
        return self.sampler.sample(self.bufs, self.launch, self.sync, where)

    def run(self, seeds: Sequence[np.random.SeedSequence], min_reps: int, max_reps: int,
            time_cap_s: float) -> tuple[list[float], float]:
        """Warm-up, adaptive repetitions, then one more timed launch on fresh inputs never seen
        before (from ``seeds[1]``), whose output is checked: a kernel that caches or skips work at
        this size fails. Returns the samples and the last launch's error norm; a failed check
        raises :class:`Failed`.

        Where the inputs are drawn on the GPU (``fresh_inputs``: torch runs here), every timed
        launch gets an input set of its own (from ``seeds[0]``), so a kernel that remembers its
        last inputs and skips the work when they recur is timed doing the work; and the first timed
        launch and every launch more than 5% quicker than every one checked so far are checked too
        (outside the timing: ``launch.check_this_sample``), so a kernel that skips the work on some
        launches is caught by the first it skips, whichever launches it picks. This holds for every
        template: one without ``reference_torch`` (``on_gpu`` False) has those launches judged by its
        numpy reference on the host, a few seconds per check at a large size. Only without a CUDA
        torch (inputs drawn by numpy, a large set taking seconds) do the inputs stay those of the
        first set, with only the last launch checked."""
        where, stage = self.where, self.stage
        stage(f"{where} warm-up")
        warm_up(lambda: self.sample(f"{where} warm-up"), time_cap_s / 4)
        stage(f"{where} timing")
        fresh = functools.partial(self._own_inputs, seeds[0]) if self.fresh_inputs else None
        check = self._check_timed if self.fresh_inputs else None
        samples = repeat(lambda: self.sample(where), min_reps, max_reps, time_cap_s, fresh, check)
        stage(f"{where} final launch on fresh inputs")
        self.clock.to("final_check")
        last = self.draw(seeds[1])
        self.bufs.upload(last)
        samples.append(self.sample(f"{where} final launch"))
        # and every guard since the first timed launch
        self.intact(self.bufs, last, f"{where} final launch")
        stage(f"{where} reference")
        c = self.final_check(last)
        del last
        return samples, require_ok(c)

    def _own_inputs(self, seed: np.random.SeedSequence) -> Inputs:
        """Draw a timed launch's own input set (from the next child of ``seed``) and upload it."""
        own = self.draw(seed.spawn(1)[0])
        self.bufs.upload(own)
        return own

    def _check_timed(self, own: Inputs, n: int) -> None:
        """Check timed launch ``n`` (of the fresh-input path) on its own inputs ``own``."""
        self.intact(self.bufs, own, f"{self.where} timed launch {n}")
        require_ok(self.final_check(own, f"timed launch {n} (the first, or quicker than every one checked before it)"))

    def final_check(self, inputs: Inputs, launch: str = "last timed launch") -> Check:
        """Judge a timed launch (by default the last). With ``on_gpu`` the reference and the
        comparison run on the GPU, the outputs copied device to device, so that checking a large
        problem does not dominate the evaluation; else numpy on the CPU (``reference`` takes the
        input set as drawn, on either side, and brings it to the host). The inputs always come from
        the harness's own copy (host arrays or torch tensors the kernel never saw): a kernel that
        overwrote its inputs changes nothing."""
        label = f"{self.where}, {launch} on fresh inputs: "
        if not self.on_gpu:
            outs_host = self.bufs.download()
            with self.clock.charge("reference"):
                refs_host, norms = self.reference(inputs)
            return compare_all(outs_host, refs_host, self.tolerance, self.bufs.poisoned, label, norms=norms)
        return self.judge_on_gpu(self.device_outputs(self.bufs), inputs, self.bufs.poisoned, label)
