"""The evaluation protocol's pure logic (evo_kernels/runners/protocol.py), on the CPU."""
import dataclasses
import math

import numpy as np
import pytest

from evo_kernels.runners import protocol as P
from evo_kernels.template import Arg, Launch

# --- inputs and seeds -------------------------------------------------------------------------

def test_seed_stream_never_repeats_and_is_reproducible():
    s = P.SeedStream(7)
    seeds = [s.next() for _ in range(500)]
    assert len({q.spawn_key for q in seeds}) == 500 and s.drawn == 500
    first = [np.random.default_rng(q).integers(1 << 62) for q in seeds]
    assert len(set(first)) == 500  # independent streams, not just distinct keys
    again = P.SeedStream(7)
    assert np.random.default_rng(again.next()).integers(1 << 62) == first[0]
    other = P.SeedStream(8)
    assert np.random.default_rng(other.next()).integers(1 << 62) != first[0]


def test_make_inputs_fresh_per_seed_and_never_zeros():
    args = [Arg("y", "out", shape=(64, 33)), Arg("x", "in", shape=(64, 33)),
            Arg("u", "inout", shape=(1000,), init="uniform"), Arg("w", "scratch", shape=(8,)),
            Arg("k", "in", "int32", shape=(50,)), Arg("n", "scalar", "int32", value=5)]
    s = P.SeedStream(0)
    a, b = P.make_inputs(args, s.next()), P.make_inputs(args, s.next())
    assert set(a) == {"x", "u", "k"}  # only what the kernel reads is drawn
    assert a["x"].dtype == np.float32 and a["x"].shape == (64, 33) and a["k"].dtype == np.int32
    assert not np.array_equal(a["x"], b["x"]) and not np.array_equal(a["u"], b["u"])
    assert np.count_nonzero(a["x"]) == a["x"].size
    assert abs(float(a["x"].mean())) < 0.2 and 0.8 < float(a["x"].std()) < 1.2  # N(0, 1)
    assert a["u"].min() >= 0.0 and a["u"].max() < 1.0 and 0.4 < float(a["u"].mean()) < 0.6  # [0, 1)


def test_make_inputs_torch_same_distributions_reproducible_and_fresh():
    torch = pytest.importorskip("torch")
    args = [Arg("y", "out", shape=(64, 33)), Arg("x", "in", shape=(256, 129)),
            Arg("u", "inout", shape=(20000,), init="uniform"), Arg("k", "in", "int32", shape=(5000,)),
            Arg("n", "scalar", "int32", value=5)]
    s = P.SeedStream(3)
    q1, q2 = s.next(), s.next()
    a, b = P.make_inputs_torch(torch, args, q1, "cpu"), P.make_inputs_torch(torch, args, q2, "cpu")
    again = P.make_inputs_torch(torch, args, q1, "cpu")
    assert set(a) == {"x", "u", "k"}
    assert a["x"].dtype == torch.float32 and tuple(a["x"].shape) == (256, 129) and a["k"].dtype == torch.int32
    assert all(torch.equal(a[k], again[k]) for k in a)  # one seed, one input set
    assert not torch.equal(a["x"], b["x"]) and not torch.equal(a["u"], b["u"])
    assert int((a["x"] == 0).sum()) == 0
    assert abs(float(a["x"].mean())) < 0.05 and 0.95 < float(a["x"].std()) < 1.05  # N(0, 1)
    assert float(a["u"].min()) >= 0.0 and float(a["u"].max()) < 1.0 and 0.45 < float(a["u"].mean()) < 0.55
    assert int(a["k"].min()) >= -(1 << 15) and int(a["k"].max()) < (1 << 15) and int(a["k"].min()) < 0
    assert P.torch_seed(q1) != P.torch_seed(q2) and 0 <= P.torch_seed(q1) < (1 << 63)


def test_scalars_are_exact_c_types():
    assert type(P.scalar(Arg("n", "scalar", "int32", value=7))) is np.int32
    assert type(P.scalar(Arg("a", "scalar", "float32", value=0.5))) is np.float32


# --- poison and comparison --------------------------------------------------------------------

def test_poison_is_a_nan_arithmetic_never_makes():
    p = P.poisoned((3, 4))
    assert p.dtype == np.float32 and np.all(np.isnan(p)) and np.all(P.unwritten(p))
    with np.errstate(invalid="ignore"):
        computed = np.float32(np.inf) - np.float32(np.inf)  # an arithmetic NaN
    assert np.isnan(computed) and not P.unwritten(np.array([computed]))[0]
    assert not P.unwritten(np.arange(5, dtype=np.float32)).any()


def test_compare_accepts_within_tolerance_by_relative_norm():
    rng = np.random.default_rng(0)
    ref = rng.standard_normal(10_000)
    out = (ref * (1 + 1e-7)).astype(np.float32)
    c = P.compare("y", out, ref, 1e-5)
    assert c.ok and c.rel_error < 1e-6 and c.rel_error == pytest.approx(P.rel_error(out, ref))
    # one element off by a lot in 10 000: norm-wise relative error ~ 1e-2 fails 1e-5
    bad = out.copy()
    bad[17] += 1.0
    c = P.compare("y", bad, ref, 1e-5)
    assert c.status == "wrong_result" and 1e-3 < c.rel_error < 1e-1 and "tolerance" in c.message
    assert P.compare("y", bad, ref, 0.5).ok  # the same error passes a loose tolerance


def test_relative_norm_scales_and_zero_reference():
    ref = np.full(100, 1e6)
    assert P.rel_error(ref * (1 + 1e-6), ref) == pytest.approx(1e-6)
    assert P.rel_error(np.ones(4), np.zeros(4)) == pytest.approx(2.0)  # absolute where ||ref|| = 0


def test_nan_never_passes():
    ref = np.ones(1000)
    out = np.ones(1000, dtype=np.float32)
    out[3] = np.nan
    c = P.compare("y", out, ref, tolerance=1e9)
    assert c.status == "nan" and "first at flat index 3" in c.message
    out[3] = np.inf
    assert P.compare("y", out, ref, tolerance=math.inf).status == "nan"


def test_unwritten_elements_are_wrong_results_with_their_count():
    ref = np.ones(100)
    out = np.ones(100, dtype=np.float32)
    out[-1:] = P.poisoned((1,))
    c = P.compare("y", out, ref, 1.0)
    assert c.status == "wrong_result" and "1 of 100 elements never written" in c.message
    # an inout buffer was not poisoned: its contents are judged by value only
    assert P.compare("y", out, ref, 1.0, poisoned_before=False).status == "nan"


def test_compare_shapes_and_bad_reference():
    assert P.compare("y", np.ones(6, np.float32), np.ones((2, 3)), 1e-6).ok  # same size, template's shape
    assert P.compare("y", np.ones(5, np.float32), np.ones(6), 1e-6).status == "wrong_result"
    ref = np.ones(3)
    ref[0] = np.nan
    c = P.compare("y", np.ones(3, np.float32), ref, 1e-6)
    assert c.status == "wrong_result" and "reference" in c.message


def test_compare_all_reports_first_failure_and_worst_error():
    refs = {"a": np.ones(10), "b": np.full(10, 2.0)}
    outs = {"a": np.ones(10, np.float32), "b": np.full(10, 2.0, np.float32) * np.float32(1 + 1e-7)}
    c = P.compare_all(outs, refs, 1e-5, {"a", "b"}, "check N=10: ")
    assert c.ok and c.rel_error > 0
    outs["b"][0] = 0.0
    c = P.compare_all(outs, refs, 1e-5, {"a", "b"}, "check N=10: ")
    assert c.status == "wrong_result" and c.message.startswith("check N=10: b:")
    with pytest.raises(ValueError, match="not out or inout"):
        P.compare_all(outs, {"z": np.ones(1)}, 1e-5)
    with pytest.raises(ValueError, match="no output"):
        P.compare_all(outs, {}, 1e-5)


# --- determinism --------------------------------------------------------------------------------

def test_agree_bitwise_or_within_1e6():
    rng = np.random.default_rng(1)
    a = rng.standard_normal(4096).astype(np.float32)
    assert P.agree(a, a.copy())
    nan_same = a.copy()
    nan_same[5] = np.nan
    assert P.agree(nan_same, nan_same.copy())  # the same NaNs at the same places: deterministic
    assert P.agree(a, a * np.float32(1 + 1e-7))  # rounding-level differences (atomics order)
    assert not P.agree(a, a * np.float32(1 + 1e-5))
    racy = a.copy()
    racy[100] += 3.0
    assert not P.agree(a, racy)
    moved_nan = a.copy()
    moved_nan[6] = np.nan
    assert not P.agree(nan_same, moved_nan)
    assert not P.agree(a, a[:-1])


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
    assert P.classify_error(text) == status


# --- launch fit ----------------------------------------------------------------------------------

def test_check_launch():
    lim = P.LaunchLimits(max_threads=640, max_smem=227 * 1024, static_smem=4096, registers=96)
    assert P.check_launch(Launch((100, 1, 1), (256, 2, 1)), lim) is None
    status, msg = P.check_launch(Launch((1, 1, 1), (1024, 1, 1)), lim)
    assert status == "resources" and "640" in msg and "96 registers" in msg
    assert P.check_launch(Launch((1, 1, 1), (2048, 1, 1)), P.LaunchLimits(1024, 227 * 1024))[0] == "resources"
    status, msg = P.check_launch(Launch((1, 1, 1), (128, 1, 1), 224 * 1024), lim)
    assert status == "resources" and "shared memory" in msg
    assert P.check_launch(Launch((1, 1, 1), (128, 1, 1), 220 * 1024), lim) is None
    assert P.check_launch(Launch((1, 70000, 1), (128, 1, 1)), lim)[0] == "launch_error"
    assert P.check_launch(Launch((0, 1, 1), (128, 1, 1)), lim)[0] == "launch_error"


# --- adaptive repetitions and statistics -------------------------------------------------------

def test_should_stop_on_stable_median():
    steady = [1.0, 1.001, 0.999] * 10
    assert not P.should_stop(steady[:9], 0.01, min_reps=10)  # fewer than min_reps
    assert P.should_stop(steady[:10], 0.01, min_reps=10)  # 10 samples, median flat over the last 5
    drifting = list(np.linspace(1.0, 2.0, 40))  # each window moves the median by >1%
    assert not P.should_stop(drifting, 0.01, min_reps=10, max_reps=200)
    assert P.stable([1.0] * 10, window=5) and not P.stable([1.0] * 9, window=5)


def test_should_stop_at_caps():
    drifting = list(np.linspace(1.0, 2.0, 50))
    assert P.should_stop(drifting, 0.01, min_reps=10, max_reps=50)  # max_reps
    assert P.should_stop(drifting[:3], 5.0, min_reps=10, time_cap_s=2.0)  # time cap, even under min_reps
    assert not P.should_stop([], 5.0, time_cap_s=2.0)  # but never without one sample


def test_summarize():
    med, p95, cv = P.summarize([1.0, 2.0, 3.0, 4.0, 100.0])
    assert med == 3.0 and p95 == pytest.approx(80.8) and cv == pytest.approx(np.std([1, 2, 3, 4, 100], ddof=1) / 22)
    assert P.summarize([2.0])[:2] == (2.0, 2.0) and math.isnan(P.summarize([2.0])[2])
    assert all(math.isnan(v) for v in P.summarize([]))


def test_flush_beats_l2():
    assert P.flush_bytes(60 << 20) == 256 << 20  # the H200: 256 MiB, over 4x its L2
    assert P.flush_bytes(128 << 20) == 512 << 20


def test_driver_version_from_proc_text():
    closed = "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.104.05  Sat Aug 19 01:15:15 UTC 2023\n"
    open_km = ("NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  580.159  Release Build  "
               "(dvs-builder@U22)  Thu Nov 20 2025\nGCC version:  gcc version 13.3.0\n")
    assert P.driver_version_from(closed) == "535.104.05"
    assert P.driver_version_from(open_km) == "580.159"
    assert P.driver_version_from("no driver here") == ""


def test_verdict_from_stats_alone():
    assert P.verdict("y", P.OutputStats(10, 10, rel_error=1e-7), 1e-6).ok
    assert P.verdict("y", P.OutputStats(10, 10, rel_error=1e-5), 1e-6).status == "wrong_result"
    assert P.verdict("y", P.OutputStats(10, 10, rel_error=math.nan), 1.0).status == "wrong_result"  # NaN never passes
    assert P.verdict("y", P.OutputStats(10, 10, unwritten=2, first_unwritten=8), 1.0).status == "wrong_result"
    assert P.verdict("y", P.OutputStats(10, 10, nonfinite=1, first_nonfinite=0), 1.0).status == "nan"
    assert P.verdict("y", P.OutputStats(10, 9), 1.0).status == "wrong_result"
    assert "template bug" in P.verdict("y", P.OutputStats(10, 10, ref_finite=False), 1.0).message


def test_torch_stats_agree_with_numpy_stats():
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(3)
    ref = rng.standard_normal(5000)
    good = (ref * (1 + 3e-7)).astype(np.float32)
    skipped = good.copy()
    skipped[[10, 4000]] = P.poisoned((2,))
    nan = good.copy()
    nan[[7, 9]] = [np.nan, np.inf]
    both = nan.copy()
    both[100] = P.poisoned((1,))[0]
    ints = np.arange(5000, dtype=np.int32)
    cases = [(good, ref, True), (skipped, ref, True), (nan, ref, True), (both, ref, True), (skipped, ref, False),
             (good, ref[:-1], True), (good, np.full(5000, np.nan), True), (ints, ints.astype(np.float64), True)]
    for out, r, poisoned in cases:
        want = P.output_stats(out, r, poisoned)
        got = P.torch_output_stats(torch, torch.from_numpy(out), torch.from_numpy(r), poisoned)
        assert dataclasses.replace(got, rel_error=0.0) == dataclasses.replace(want, rel_error=0.0)
        assert got.rel_error == pytest.approx(want.rel_error, rel=1e-9) or got.rel_error == want.rel_error


def test_worker_stage_clock_charges_every_moment_to_one_stage():
    """The GPU worker's per-stage timings (RunResult.timings) add up to the whole evaluation, a
    nested stage (a reference inside a check) goes back to its parent, and a stage that raises
    is still charged. The worker module imports no pycuda, so this runs on the CPU."""
    import time

    from evo_kernels.records import STAGES
    from evo_kernels.runners.stage_clock import StageClock

    start = time.perf_counter()
    clock = StageClock("load")
    time.sleep(0.01)
    clock.to("check")
    time.sleep(0.01)
    with pytest.raises(RuntimeError), clock.charge("reference"):
        time.sleep(0.02)
        raise RuntimeError("a failing comparison")
    assert clock.stage == "check"
    time.sleep(0.01)
    seconds = clock.done()
    total = time.perf_counter() - start
    assert list(seconds) == ["load", "check", "reference"] and set(seconds) <= set(STAGES)
    assert seconds["reference"] >= 0.02 and seconds["check"] >= 0.02 and seconds["load"] >= 0.01
    assert sum(seconds.values()) == pytest.approx(total, abs=2e-3)


def test_guard_patterns_are_fixed_random_and_differ_by_side_and_name():
    a = P.guard_pattern("y", "after")
    assert a.dtype == np.uint8 and a.size == P.GUARD_BYTES and P.GUARD_BYTES % 256 == 0
    assert np.array_equal(a, P.guard_pattern("y", "after"))  # the worker lays and checks the same bytes
    assert not np.array_equal(a, P.guard_pattern("y", "before"))
    assert not np.array_equal(a, P.guard_pattern("x", "after"))
    # neither zeros nor the poison: 256 byte values, none dominating
    assert len(np.unique(a)) == 256 and np.bincount(a).max() < 4 * a.size / 256


def test_guard_breach_names_the_array_the_side_and_the_extent():
    before, after = P.guard_pattern("y", "before").copy(), P.guard_pattern("y", "after").copy()
    assert P.guard_breach("y", before, after) is None
    past = after.copy()
    past[:4] = np.frombuffer(np.float32(3.0).tobytes(), dtype=np.uint8)  # y[n] = 3.0
    past[0] = after[0]  # a byte that happens to equal the canary still counts: whole elements
    assert P.guard_breach("y", before, past) == ("wrote 4 bytes past the end of y (bytes 0..3 after its last element "
                                                 "changed)")
    past[92:96] = ~after[92:96]  # the last block's threads up to y[n + 23]
    assert P.guard_breach("y", before, past).startswith("wrote 96 bytes past the end of y (bytes 0..95")
    early = before.copy()
    early[-4:] = ~before[-4:]  # y[-1]
    assert P.guard_breach("y", early, after) == ("wrote 4 bytes before the start of y (bytes 0..3 before its first "
                                                 "element changed)")
    early[-12] = ~before[-12]  # y[-3] too
    assert P.guard_breach("y", early, after).startswith("wrote 12 bytes before the start of y (bytes 0..11")


def test_input_change_is_bitwise_and_says_what_changed():
    x = np.random.default_rng(0).standard_normal(1000).astype(np.float32)
    assert P.input_change("x", x.copy(), x) is None
    y = x.copy()
    y[7] = np.nextafter(y[7], np.float32(np.inf))  # one ulp is a change; a tolerance would hide it
    y[500:] = 0
    assert P.input_change("x", y, x) == "input x was modified: 501 of 1000 elements changed, first at flat index 7"
    nan = np.full(4, np.nan, dtype=np.float32)
    assert P.input_change("x", nan.copy(), nan) is None  # the same bits, NaN included
