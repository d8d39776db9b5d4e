"""The GPU worker's timing protocol (evo_kernels/runners/timing.py), on the CPU: the decision
sequence of the repetitions on a fake clock, and the order of operations of a timed launch and
of the whole timed stage on fakes of the device arrays and of pycuda."""
import itertools

import numpy as np
import pytest

from evo_kernels.runners.checks import Check, Failed
from evo_kernels.runners.stage_clock import StageClock
from evo_kernels.runners.timing import Sampler, Timed, repeat, warm_up


class FakeClock:
    """Moves by ``step`` at every reading; ``advance`` stands for time a step takes."""

    def __init__(self, step: float = 0.001) -> None:
        self.t, self.step = 0.0, step

    def __call__(self) -> float:
        self.t += self.step
        return self.t

    def advance(self, s: float) -> None:
        self.t += s


def samples_from(values, log=None, name="sample"):
    it = iter(values)

    def sample():
        if log is not None:
            log.append(name)
        return next(it)
    return sample


# --- warm-up and repetitions ----------------------------------------------------------------------

def test_warm_up_is_two_launches_or_one_over_the_cap():
    calls = []
    warm_up(lambda: calls.append(1) or 1.0, cap_s=1.0, now=FakeClock())
    assert len(calls) == 2
    clock, calls = FakeClock(), []
    warm_up(lambda: calls.append(clock.advance(2.0)) or 1.0, cap_s=1.0, now=clock)
    assert len(calls) == 1


def test_host_path_samples_once_per_repetition_and_checks_nothing():
    log = []
    samples = repeat(samples_from([1.0, 1.001, 0.999] * 10, log), min_reps=10, max_reps=50, time_cap_s=100.0,
                     now=FakeClock())
    assert samples == [1.0, 1.001, 0.999] * 3 + [1.0]  # stops at min_reps, the median flat
    assert log == ["sample"] * 10
    drifting = list(np.linspace(1.0, 2.0, 40))
    assert len(repeat(samples_from(drifting), 5, 30, 100.0, now=FakeClock())) == 30  # max_reps
    assert len(repeat(samples_from(drifting), 10, 300, 0.0055, now=FakeClock())) == 5  # the time cap, under min_reps


def test_gpu_path_fresh_inputs_before_every_sample_and_checks_the_first_and_the_quicker_ones():
    log = []
    n_fresh = itertools.count(1)

    def fresh():
        k = next(n_fresh)
        log.append(f"fresh {k}")
        return f"inputs {k}"

    def check(own, n):
        log.append(f"check launch {n} on {own}")

    ms = [1.0, 1.0, 0.96, 0.9, 1.0, 0.5, 0.6, 0.3, 1.0, 1.0]
    samples = repeat(samples_from(ms, log), 10, 10, 100.0, fresh, check, now=FakeClock())
    assert samples == ms
    expected = []
    for k in range(1, 11):
        expected += [f"fresh {k}", "sample"]
        if k in (1, 4, 6, 8):  # the first, then each more than 5% quicker than every one checked before it
            expected.append(f"check launch {k} on inputs {k}")
    assert log == expected


def test_checks_time_is_left_out_of_the_timing_budget():
    clock = FakeClock()
    quicker = [1.0 / (k + 1) for k in range(100)]  # every launch checked, every check takes 1 s
    samples = repeat(samples_from(quicker), 5, 100, 0.05, lambda: None, lambda own, n: clock.advance(1.0), now=clock)
    assert 5 < len(samples) < 100  # the cap counts the launches' time only
    clock = FakeClock()
    slow = repeat(samples_from(quicker), 5, 100, 0.05,
                  lambda: clock.advance(1.0), lambda own, n: None, now=clock)  # time outside a check counts
    assert len(slow) == 1


def test_a_failing_check_ends_the_timing_and_fresh_and_check_come_together():
    def check(own, n):
        if n == 3:
            raise Failed("wrong_result", f"launch {n}")
    with pytest.raises(Failed, match="launch 3"):
        repeat(samples_from([1.0, 1.0, 0.5, 1.0]), 10, 10, 100.0, lambda: None, check, now=FakeClock())
    with pytest.raises(ValueError):
        repeat(samples_from([1.0]), 1, 1, 1.0, fresh=lambda: None)


# --- one timed launch, and the whole timed stage, on fakes -------------------------------------------

class FakeEvent:
    def __init__(self, name, log):
        self.name, self.log = name, log

    def record(self):
        self.log.append(f"record {self.name}")

    def time_since(self, other):
        self.log.append(f"{self.name} since {other.name}")
        return 0.25


class FakeCuda:
    def __init__(self, log):
        self.log, self.names = log, iter(("start", "end"))

    def Event(self):  # noqa: N802 - pycuda's name
        return FakeEvent(next(self.names), self.log)

    def memset_d32_async(self, ptr, value, words):
        self.log.append(f"flush {ptr} {value} {words}")


class FakeBuffers:
    def __init__(self, log):
        self.log = log

    def prepare(self):
        self.log.append("prepare")

    def upload(self, inputs):
        self.log.append(f"upload {inputs}")

    def download(self):
        self.log.append("download")
        return {"y": np.zeros(2)}

    @property
    def poisoned(self):
        return {"y"}


def test_a_timed_launch_flushes_and_puts_the_events_around_the_launch_alone():
    log = []
    sampler = Sampler(FakeCuda(log), 4096, 1000)
    sampler.count = 0xFFFF
    bufs = FakeBuffers(log)
    ms = sampler.sample(bufs, lambda b, where: log.append(f"launch {where}"), lambda where: log.append(f"sync {where}"),
                        "here")
    assert ms == 0.25 and sampler.count == 0x10000
    assert log == ["prepare", "flush 4096 0 1000", "record start", "launch here", "record end", "sync here",
                   "end since start"]


def timed(on_gpu, log, clock, verdicts, fresh_inputs=None):
    def judge(label):
        ok = next(verdicts)
        log.append(f"judge ({clock.stage}) {label}")
        return Check("ok", 0.001) if ok else Check("wrong_result", 0.5, f"{label}bad")

    def draw(seed):
        return f"inputs{seed.spawn_key}"

    fresh = on_gpu if fresh_inputs is None else fresh_inputs
    return Timed(bufs=FakeBuffers(log), where="timed N=8", fresh_inputs=fresh, on_gpu=on_gpu,
                 sampler=Sampler(FakeCuda(log), 4096, 1000),
                 launch=lambda b, where: log.append(f"launch {where}"), sync=lambda where: None, draw=draw,
                 intact=lambda b, inputs, where: log.append(f"intact {inputs} {where}"),
                 reference=lambda inputs: log.append(f"reference ({clock.stage}) {inputs}") or ({"y": np.zeros(2)}, {}),
                 device_outputs=lambda b: log.append("device outputs") or {"y": "on device"},
                 judge_on_gpu=lambda outs, inputs, poisoned, label: judge(label), tolerance=1e-5, clock=clock,
                 stage=lambda s: log.append(f"stage {s}"))


def launches(log):
    return [e for e in log if not e.startswith(("prepare", "flush", "record", "end since"))]


def test_timed_stage_on_the_host_path(monkeypatch):
    log, clock = [], StageClock("timing")
    monkeypatch.setattr("evo_kernels.runners.timing.compare_all",
                        lambda outs, refs, tol, poisoned, label, norms: log.append(f"compare ({clock.stage}) {label}")
                        or Check("ok", 0.001))
    seeds = np.random.SeedSequence(1).spawn(2)
    samples, err = timed(False, log, clock, iter([])).run(seeds, 3, 3, 100.0)
    assert samples == [0.25] * 4 and err == 0.001
    assert launches(log) == [
        "stage timed N=8 warm-up", "launch timed N=8 warm-up", "launch timed N=8 warm-up",
        "stage timed N=8 timing", "launch timed N=8", "launch timed N=8", "launch timed N=8",
        "stage timed N=8 final launch on fresh inputs", "upload inputs(1,)", "launch timed N=8 final launch",
        "intact inputs(1,) timed N=8 final launch", "stage timed N=8 reference", "download",
        "reference (reference) inputs(1,)",
        "compare (final_check) timed N=8, last timed launch on fresh inputs: "]
    assert seeds[0].n_children_spawned == 0  # the host path keeps the first input set


def test_timed_stage_on_the_gpu_path_checks_the_first_launch_on_its_own_inputs():
    log, clock = [], StageClock("timing")
    seeds = np.random.SeedSequence(1).spawn(2)
    samples, err = timed(True, log, clock, iter([True, True])).run(seeds, 3, 3, 100.0)
    assert samples == [0.25] * 4 and err == 0.001
    assert launches(log) == [
        "stage timed N=8 warm-up", "launch timed N=8 warm-up", "launch timed N=8 warm-up",
        "stage timed N=8 timing",
        "upload inputs(0, 0)", "launch timed N=8", "intact inputs(0, 0) timed N=8 timed launch 1", "device outputs",
        "judge (timing) timed N=8, timed launch 1 (the first, or quicker than every one checked before it) on fresh "
        "inputs: ",
        "upload inputs(0, 1)", "launch timed N=8", "upload inputs(0, 2)", "launch timed N=8",
        "stage timed N=8 final launch on fresh inputs", "upload inputs(1,)", "launch timed N=8 final launch",
        "intact inputs(1,) timed N=8 final launch", "stage timed N=8 reference", "device outputs",
        "judge (final_check) timed N=8, last timed launch on fresh inputs: "]
    assert clock.stage == "final_check"  # the worker goes back to "timing" when it frees the arrays


def test_timed_stage_without_reference_torch_checks_the_first_launch_on_the_host(monkeypatch):
    """A template with a numpy reference only, where torch draws the inputs on the GPU: every timed
    launch still gets its own inputs and the first is checked, by the host reference, so a kernel
    that memoizes or skips is caught on such a template too (before, its timed launches all reused
    one input set and only the last was checked)."""
    log, clock = [], StageClock("timing")
    monkeypatch.setattr("evo_kernels.runners.timing.compare_all",
                        lambda outs, refs, tol, poisoned, label, norms: log.append(f"compare ({clock.stage}) {label}")
                        or Check("ok", 0.001))
    seeds = np.random.SeedSequence(1).spawn(2)
    samples, err = timed(False, log, clock, iter([]), fresh_inputs=True).run(seeds, 3, 3, 100.0)
    assert samples == [0.25] * 4 and err == 0.001
    assert launches(log) == [
        "stage timed N=8 warm-up", "launch timed N=8 warm-up", "launch timed N=8 warm-up",
        "stage timed N=8 timing",
        "upload inputs(0, 0)", "launch timed N=8", "intact inputs(0, 0) timed N=8 timed launch 1", "download",
        "reference (reference) inputs(0, 0)",
        "compare (timing) timed N=8, timed launch 1 (the first, or quicker than every one checked before it) on "
        "fresh inputs: ",
        "upload inputs(0, 1)", "launch timed N=8", "upload inputs(0, 2)", "launch timed N=8",
        "stage timed N=8 final launch on fresh inputs", "upload inputs(1,)", "launch timed N=8 final launch",
        "intact inputs(1,) timed N=8 final launch", "stage timed N=8 reference", "download",
        "reference (reference) inputs(1,)",
        "compare (final_check) timed N=8, last timed launch on fresh inputs: "]
    assert "device outputs" not in log


@pytest.mark.parametrize("verdicts, says", [([False], r"timed launch 1 \(the first"),
                                            ([True, False], "last timed launch on fresh inputs")])
def test_timed_stage_fails_on_the_check_that_fails(verdicts, says):
    log = []
    with pytest.raises(Failed, match=says) as e:
        timed(True, log, StageClock("timing"), iter(verdicts)).run(np.random.SeedSequence(1).spawn(2), 3, 3, 100.0)
    assert e.value.status == "wrong_result" and e.value.rel_error == 0.5
