"""The correctness checks (evo_kernels/runners/checks.py): poison, comparison, determinism,
verdicts, guard zones and modified inputs, on the CPU."""
import dataclasses
import math

import numpy as np
import pytest

from evo_kernels.runners import checks

# --- poison and comparison --------------------------------------------------------------------

def test_poison_is_a_nan_arithmetic_never_makes():
    p = checks.poisoned((3, 4))
    assert p.dtype == np.float32 and np.all(np.isnan(p)) and np.all(checks.unwritten(p))
    with np.errstate(invalid="ignore"):
        computed = np.float32(np.inf) - np.float32(np.inf)  # an arithmetic NaN
    assert np.isnan(computed) and not checks.unwritten(np.array([computed]))[0]
    assert not checks.unwritten(np.arange(5, dtype=np.float32)).any()


def test_compare_accepts_within_tolerance_by_relative_norm():
    rng = np.random.default_rng(0)
    ref = rng.standard_normal(10_000)
    out = (ref * (1 + 1e-7)).astype(np.float32)
    c = checks.compare("y", out, ref, 1e-5)
    assert c.ok and c.rel_error < 1e-6 and c.rel_error == pytest.approx(checks.rel_error(out, ref))
    # one element off by a lot in 10 000: norm-wise relative error ~ 1e-2 fails 1e-5
    bad = out.copy()
    bad[17] += 1.0
    c = checks.compare("y", bad, ref, 1e-5)
    assert c.status == "wrong_result" and 1e-3 < c.rel_error < 1e-1 and "tolerance" in c.message
    assert checks.compare("y", bad, ref, 0.5).ok  # the same error passes a loose tolerance


def test_relative_norm_scales_and_zero_reference():
    ref = np.full(100, 1e6)
    assert checks.rel_error(ref * (1 + 1e-6), ref) == pytest.approx(1e-6)
    assert checks.rel_error(np.ones(4), np.zeros(4)) == pytest.approx(2.0)  # absolute where ||ref|| = 0


def test_nan_never_passes():
    ref = np.ones(1000)
    out = np.ones(1000, dtype=np.float32)
    out[3] = np.nan
    c = checks.compare("y", out, ref, tolerance=1e9)
    assert c.status == "nan" and "first at flat index 3" in c.message
    out[3] = np.inf
    assert checks.compare("y", out, ref, tolerance=math.inf).status == "nan"


def test_unwritten_elements_are_wrong_results_with_their_count():
    ref = np.ones(100)
    out = np.ones(100, dtype=np.float32)
    out[-1:] = checks.poisoned((1,))
    c = checks.compare("y", out, ref, 1.0)
    assert c.status == "wrong_result" and "1 of 100 elements never written" in c.message
    # an inout buffer was not poisoned: its contents are judged by value only
    assert checks.compare("y", out, ref, 1.0, poisoned_before=False).status == "nan"


def test_compare_shapes_and_bad_reference():
    assert checks.compare("y", np.ones(6, np.float32), np.ones((2, 3)), 1e-6).ok  # same size, template's shape
    assert checks.compare("y", np.ones(5, np.float32), np.ones(6), 1e-6).status == "wrong_result"
    ref = np.ones(3)
    ref[0] = np.nan
    c = checks.compare("y", np.ones(3, np.float32), ref, 1e-6)
    assert c.status == "wrong_result" and "reference" in c.message


def test_compare_all_reports_first_failure_and_worst_error():
    refs = {"a": np.ones(10), "b": np.full(10, 2.0)}
    outs = {"a": np.ones(10, np.float32), "b": np.full(10, 2.0, np.float32) * np.float32(1 + 1e-7)}
    c = checks.compare_all(outs, refs, 1e-5, {"a", "b"}, "check N=10: ")
    assert c.ok and c.rel_error > 0
    outs["b"][0] = 0.0
    c = checks.compare_all(outs, refs, 1e-5, {"a", "b"}, "check N=10: ")
    assert c.status == "wrong_result" and c.message.startswith("check N=10: b:")
    with pytest.raises(ValueError, match="not out or inout"):
        checks.compare_all(outs, {"z": np.ones(1)}, 1e-5)
    with pytest.raises(ValueError, match="no output"):
        checks.compare_all(outs, {}, 1e-5)


# --- determinism --------------------------------------------------------------------------------

def test_agree_bitwise_or_within_1e6():
    rng = np.random.default_rng(1)
    a = rng.standard_normal(4096).astype(np.float32)
    assert checks.agree(a, a.copy())
    nan_same = a.copy()
    nan_same[5] = np.nan
    assert checks.agree(nan_same, nan_same.copy())  # the same NaNs at the same places: deterministic
    assert checks.agree(a, a * np.float32(1 + 1e-7))  # rounding-level differences (atomics order)
    assert not checks.agree(a, a * np.float32(1 + 1e-5))
    racy = a.copy()
    racy[100] += 3.0
    assert not checks.agree(a, racy)
    moved_nan = a.copy()
    moved_nan[6] = np.nan
    assert not checks.agree(nan_same, moved_nan)
    assert not checks.agree(a, a[:-1])


def test_verdict_from_stats_alone():
    assert checks.verdict("y", checks.OutputStats(10, 10, rel_error=1e-7), 1e-6).ok
    assert checks.verdict("y", checks.OutputStats(10, 10, rel_error=1e-5), 1e-6).status == "wrong_result"
    # NaN never passes
    assert checks.verdict("y", checks.OutputStats(10, 10, rel_error=math.nan), 1.0).status == "wrong_result"
    assert checks.verdict("y", checks.OutputStats(10, 10, unwritten=2, first_unwritten=8), 1.0).status == "wrong_result"
    assert checks.verdict("y", checks.OutputStats(10, 10, nonfinite=1, first_nonfinite=0), 1.0).status == "nan"
    assert checks.verdict("y", checks.OutputStats(10, 9), 1.0).status == "wrong_result"
    assert "template bug" in checks.verdict("y", checks.OutputStats(10, 10, ref_finite=False), 1.0).message


def test_torch_stats_agree_with_numpy_stats():
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(3)
    ref = rng.standard_normal(5000)
    good = (ref * (1 + 3e-7)).astype(np.float32)
    skipped = good.copy()
    skipped[[10, 4000]] = checks.poisoned((2,))
    nan = good.copy()
    nan[[7, 9]] = [np.nan, np.inf]
    both = nan.copy()
    both[100] = checks.poisoned((1,))[0]
    ints = np.arange(5000, dtype=np.int32)
    cases = [(good, ref, True), (skipped, ref, True), (nan, ref, True), (both, ref, True), (skipped, ref, False),
             (good, ref[:-1], True), (good, np.full(5000, np.nan), True), (ints, ints.astype(np.float64), True)]
    for out, r, poisoned in cases:
        want = checks.output_stats(out, r, poisoned)
        got = checks.torch_output_stats(torch, torch.from_numpy(out), torch.from_numpy(r), poisoned)
        assert dataclasses.replace(got, rel_error=0.0) == dataclasses.replace(want, rel_error=0.0)
        assert got.rel_error == pytest.approx(want.rel_error, rel=1e-9) or got.rel_error == want.rel_error


def test_guard_patterns_are_fixed_random_and_differ_by_side_and_name():
    a = checks.guard_pattern("y", "after")
    assert a.dtype == np.uint8 and a.size == checks.GUARD_BYTES and checks.GUARD_BYTES % 256 == 0
    assert np.array_equal(a, checks.guard_pattern("y", "after"))  # the worker lays and checks the same bytes
    assert not np.array_equal(a, checks.guard_pattern("y", "before"))
    assert not np.array_equal(a, checks.guard_pattern("x", "after"))
    # neither zeros nor the poison: 256 byte values, none dominating
    assert len(np.unique(a)) == 256 and np.bincount(a).max() < 4 * a.size / 256


def test_guard_breach_names_the_array_the_side_and_the_extent():
    before, after = checks.guard_pattern("y", "before").copy(), checks.guard_pattern("y", "after").copy()
    assert checks.guard_breach("y", before, after) is None
    past = after.copy()
    past[:4] = np.frombuffer(np.float32(3.0).tobytes(), dtype=np.uint8)  # y[n] = 3.0
    past[0] = after[0]  # a byte that happens to equal the canary still counts: whole elements
    assert checks.guard_breach("y", before, past) == ("wrote 4 bytes past the end of y (bytes 0..3 after its last "
                                                      "element changed)")
    past[92:96] = ~after[92:96]  # the last block's threads up to y[n + 23]
    assert checks.guard_breach("y", before, past).startswith("wrote 96 bytes past the end of y (bytes 0..95")
    early = before.copy()
    early[-4:] = ~before[-4:]  # y[-1]
    assert checks.guard_breach("y", early, after) == ("wrote 4 bytes before the start of y (bytes 0..3 before its "
                                                      "first element changed)")
    early[-12] = ~before[-12]  # y[-3] too
    assert checks.guard_breach("y", early, after).startswith("wrote 12 bytes before the start of y (bytes 0..11")


def test_input_change_is_bitwise_and_says_what_changed():
    x = np.random.default_rng(0).standard_normal(1000).astype(np.float32)
    assert checks.input_change("x", x.copy(), x) is None
    y = x.copy()
    y[7] = np.nextafter(y[7], np.float32(np.inf))  # one ulp is a change; a tolerance would hide it
    y[500:] = 0
    assert checks.input_change("x", y, x) == "input x was modified: 501 of 1000 elements changed, first at flat index 7"
    nan = np.full(4, np.nan, dtype=np.float32)
    assert checks.input_change("x", nan.copy(), nan) is None  # the same bits, NaN included


def test_require_ok_returns_the_norm_or_raises_failed_with_the_checks_status():
    from evo_kernels.runners.checks import Check, Failed, require_ok

    assert require_ok(Check("ok", 3e-7)) == 3e-7
    with pytest.raises(Failed) as e:
        require_ok(Check("wrong_result", 0.5, "out: relative error 0.5 > tolerance 1e-05"))
    assert e.value.status == "wrong_result" and e.value.rel_error == 0.5 and "relative error 0.5" in str(e.value)


def test_an_error_norm_replaces_the_references_norm_on_both_sides():
    """A template's error norm (KernelTemplate.error_norms) is what the error is measured against, on the host and
    in torch alike: a sum near zero by chance is judged by the scale of its rounding, not by its own size."""
    ref, out = np.array([1e-3]), np.array([1e-3 + 2e-6])
    assert checks.rel_error(out, ref) == pytest.approx(2e-3)
    assert checks.rel_error(out, ref, 1.0) == pytest.approx(2e-6)
    assert checks.compare_all({"s": out}, {"s": ref}, 1e-5).status == "wrong_result"
    assert checks.compare_all({"s": out}, {"s": ref}, 1e-5, norms={"s": 1.0}).ok
    assert checks.compare_all({"s": out}, {"s": ref}, 1e-5, norms={"other": 1.0}).status == "wrong_result"
    torch = pytest.importorskip("torch")
    t_out, t_ref = torch.tensor(out, dtype=torch.float32), torch.tensor(ref)
    host = checks.output_stats(out.astype(np.float32), ref, norm=1.0)
    dev = checks.torch_output_stats(torch, t_out, t_ref, norm=1.0)
    assert dev.rel_error == pytest.approx(host.rel_error) and dev.rel_error < 1e-5


def test_a_templates_error_norms_come_from_its_metadata_or_are_empty():
    from evo_kernels.template import load_template

    x = np.array([3.0, -4.0])
    assert load_template("reduce_sum").error_norms({"inp": x}, {"N": 2}) == {"out": 5.0}
    torch = pytest.importorskip("torch")
    assert load_template("reduce_sum").error_norms({"inp": torch.tensor(x)}, {"N": 2}) == {"out": 5.0}
    assert load_template("transpose").error_norms({"inp": x}, {"R": 1, "C": 2}) == {}


def test_two_launches_are_compared_at_the_error_norm_too():
    """Two launches of a sum whose float atomics add in another order differ by rounding; where the sum of zero-mean
    inputs is near zero by chance that is a large share of |sum| but not of the template's error norm."""
    a, b = np.array([1e-3], dtype=np.float32), np.array([1e-3 + 1e-6], dtype=np.float32)
    assert not checks.agree(a, b) and checks.agree(a, b, norm=100.0)
    torch = pytest.importorskip("torch")
    ta, tb = torch.from_numpy(a), torch.from_numpy(b)
    assert not checks.agree_torch(torch, ta, tb) and checks.agree_torch(torch, ta, tb, norm=100.0)
    assert checks.rel_error_torch(torch, ta, tb, 100.0) == pytest.approx(checks.rel_error(a, b, 100.0))
