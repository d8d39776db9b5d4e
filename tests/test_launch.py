"""Launch fit, CUDA error statuses and adaptive timing (evo_kernels/runners/launch.py), on the CPU."""
import math

import numpy as np
import pytest

from evo_kernels.runners import launch
from evo_kernels.template import Launch

# --- status from CUDA error text ---------------------------------------------------------------

@pytest.mark.parametrize("text, status", [
    ("cuLaunchKernel failed: too many resources requested for launch", "resources"),
    ("cuCtxSynchronize failed: an illegal memory access was encountered", "crash"),
    ("cuMemcpyDtoH failed: an illegal memory access was encountered", "crash"),
    ("cuCtxSynchronize failed: unspecified launch failure", "crash"),
    ("cuCtxSynchronize failed: misaligned address", "crash"),
    ("cuCtxSynchronize failed: an illegal instruction was encountered", "crash"),
    ("cuCtxSynchronize failed: device-side assert triggered", "crash"),
    ("cuCtxSynchronize failed: the launch timed out and was terminated", "timeout"),
    ("cuLaunchKernel failed: invalid argument", "launch_error"),
    ("cuModuleLoadData failed: device kernel image is invalid", "launch_error"),
    ("cuFuncSetAttribute failed: invalid value", "launch_error"),
])
def test_classify_error(text, status):
    assert launch.classify_error(text) == status


# --- launch fit ----------------------------------------------------------------------------------

def test_check_launch():
    lim = launch.LaunchLimits(max_threads=640, max_smem=227 * 1024, static_smem=4096, registers=96)
    assert launch.check_launch(Launch((100, 1, 1), (256, 2, 1)), lim) is None
    status, msg = launch.check_launch(Launch((1, 1, 1), (1024, 1, 1)), lim)
    assert status == "resources" and "640" in msg and "96 registers" in msg
    assert launch.check_launch(Launch((1, 1, 1), (2048, 1, 1)), launch.LaunchLimits(1024, 227 * 1024))[0] == "resources"
    status, msg = launch.check_launch(Launch((1, 1, 1), (128, 1, 1), 224 * 1024), lim)
    assert status == "resources" and "shared memory" in msg
    assert launch.check_launch(Launch((1, 1, 1), (128, 1, 1), 220 * 1024), lim) is None
    assert launch.check_launch(Launch((1, 70000, 1), (128, 1, 1)), lim)[0] == "launch_error"
    assert launch.check_launch(Launch((0, 1, 1), (128, 1, 1)), lim)[0] == "launch_error"


def test_needs_opt_in_counts_the_static_part():
    # a block gets 48 KB, static and dynamic together, unless the kernel raises its dynamic limit: sgemm's 48 KB of
    # tensor-core tiles beside the split-K flag's 16 static bytes failed to launch ("invalid argument", 2026-12-06g
    # call 1) when only the dynamic part was compared with 48 KB
    assert launch.needs_opt_in(48 * 1024, 16) and launch.needs_opt_in(48 * 1024 - 15, 16)
    assert not launch.needs_opt_in(48 * 1024 - 16, 16) and not launch.needs_opt_in(48 * 1024, 0)
    assert launch.needs_opt_in(48 * 1024 + 1, 0) and not launch.needs_opt_in(0, 48 * 1024)


def test_clusters_past_the_portable_eight_opt_in_and_sixteen_is_the_most():
    lim = launch.LaunchLimits(max_threads=1024, max_smem=227 * 1024)
    assert launch.check_launch(Launch((32, 1, 1), (512, 1, 1), cluster=16), lim) is None
    status, msg = launch.check_launch(Launch((64, 1, 1), (512, 1, 1), cluster=32), lim)
    assert status == "resources" and "cluster of 32" in msg
    status, msg = launch.check_launch(Launch((40, 1, 1), (512, 1, 1), cluster=16), lim)
    assert status == "launch_error" and "whole number of clusters" in msg
    assert [launch.needs_cluster_opt_in(c) for c in (1, 2, 8, 16)] == [False, False, False, True]


class _Attr(int):
    """pycuda's function_attribute enum stands in here as a type of ints: calling it with cuda.h's value of an
    attribute it does not name gives that value, as the enum type of pycuda 2026.1 (a subclass of int) does."""

    MAX_DYNAMIC_SHARED_SIZE_BYTES = 8


class _Func:
    def __init__(self) -> None:
        self.set: dict[int, int] = {}

    def set_attribute(self, attr: int, value: int) -> None:
        self.set[int(attr)] = value


class _Driver:
    function_attribute = _Attr


def test_opt_in_sets_the_attributes_each_launch_needs():
    # what the worker and the profiler ask of the driver before a launch (the GPU tests launch clusters of 16)
    cases = [(Launch((16, 1, 1), (256, 1, 1)), {}),
             (Launch((16, 1, 1), (512, 1, 1), 229376, cluster=8), {8: 229376}),
             (Launch((16, 1, 1), (512, 1, 1), 0, cluster=16), {launch.NON_PORTABLE_CLUSTER_ATTRIBUTE: 1}),
             (Launch((16, 1, 1), (512, 1, 1), 229376, cluster=16),
              {8: 229376, launch.NON_PORTABLE_CLUSTER_ATTRIBUTE: 1})]
    for lc, want in cases:
        f = _Func()
        launch.opt_in(_Driver, f, lc, static_smem=64)
        assert f.set == want, lc
    assert launch.NON_PORTABLE_CLUSTER_ATTRIBUTE == 14   # CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED


# --- adaptive repetitions and statistics -------------------------------------------------------

def test_should_stop_on_stable_median():
    steady = [1.0, 1.001, 0.999] * 10
    assert not launch.should_stop(steady[:9], 0.01, min_reps=10)  # fewer than min_reps
    assert launch.should_stop(steady[:10], 0.01, min_reps=10)  # 10 samples, median flat over the last 5
    drifting = list(np.linspace(1.0, 2.0, 40))  # each window moves the median by >1%
    assert not launch.should_stop(drifting, 0.01, min_reps=10, max_reps=200)
    assert launch.stable([1.0] * 10, window=5) and not launch.stable([1.0] * 9, window=5)


def test_should_stop_at_caps():
    drifting = list(np.linspace(1.0, 2.0, 50))
    assert launch.should_stop(drifting, 0.01, min_reps=10, max_reps=50)  # max_reps
    assert launch.should_stop(drifting[:3], 5.0, min_reps=10, time_cap_s=2.0)  # time cap, even under min_reps
    assert not launch.should_stop([], 5.0, time_cap_s=2.0)  # but never without one sample


def test_summarize():
    med, p95, cv = launch.summarize([1.0, 2.0, 3.0, 4.0, 100.0])
    assert med == 3.0 and p95 == pytest.approx(80.8) and cv == pytest.approx(np.std([1, 2, 3, 4, 100], ddof=1) / 22)
    assert launch.summarize([2.0])[:2] == (2.0, 2.0) and math.isnan(launch.summarize([2.0])[2])
    assert all(math.isnan(v) for v in launch.summarize([]))


def test_flush_beats_l2():
    assert launch.flush_bytes(60 << 20) == 256 << 20  # the H200: 256 MiB, over 4x its L2
    assert launch.flush_bytes(128 << 20) == 512 << 20


def test_driver_version_from_proc_text():
    closed = "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.104.05  Sat Aug 19 01:15:15 UTC 2023\n"
    open_km = ("NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  580.159  Release Build  "
               "(dvs-builder@U22)  Thu Nov 20 2025\nGCC version:  gcc version 13.3.0\n")
    assert launch.driver_version_from(closed) == "535.104.05"
    assert launch.driver_version_from(open_km) == "580.159"
    assert launch.driver_version_from("no driver here") == ""


def _checked(times):
    """Which of the timed launches ``times`` the timing checks (``launch.check_this_sample`` on the times of the
    launches checked before each)."""
    checked, out = [], []
    for t in times:
        out.append(launch.check_this_sample(checked, t))
        if out[-1]:
            checked.append(t)
    return out


def test_check_this_sample_catches_every_pattern_of_skipped_launches():
    honest = 1.0
    assert launch.check_this_sample([], honest)                         # the first timed launch, always
    assert not launch.check_this_sample([1.0], 0.97)                   # an honest kernel's spread: not checked again
    assert launch.check_this_sample([1.0], 0.94)                       # more than 5% quicker than every checked one
    # a kernel that skips the work (a tenth of the time) on any pattern of launches: its first skipped
    # launch is the first launch or quicker than every one checked before it, so it is checked
    rng = np.random.default_rng(0)
    for _ in range(200):
        skips = rng.random(30) < rng.random()
        times = np.where(skips, 0.1, honest) * rng.uniform(0.98, 1.02, 30)
        checked = _checked(times)
        if skips.any():
            assert checked[int(np.argmax(skips))]
        # an honest run of the same length is checked once: its first launch
        assert sum(_checked(honest * rng.uniform(0.98, 1.02, 30))) == 1


def test_a_kernel_that_skips_a_little_more_on_each_launch_is_checked_before_it_gains_5_percent():
    """A cheat that drifts: each launch skips a little more of the work, never 5% quicker than the one
    before it (which a rule against all earlier launches never checks again after the first). Every launch
    more than 5% quicker than the fastest checked one is checked, so none is timed more than 5% below a
    launch whose output was judged, whatever the drift's rate and noise."""
    rng = np.random.default_rng(1)
    for step in (0.001, 0.01, 0.03):
        times = (1 - step) ** np.arange(200) * rng.uniform(0.99, 1.01, 200)
        against_all_before = [not i or t < launch.CHECK_FASTER * min(times[:i]) for i, t in enumerate(times)]
        assert sum(against_all_before) == 1  # that rule checks its first launch only
        checked = _checked(times)
        assert sum(checked) > 1
        for i, t in enumerate(times):  # every launch is within 5% of a launch checked at or before it
            assert t >= launch.CHECK_FASTER * min(times[: i + 1][np.array(checked[: i + 1])])
