"""The sgemm and conv2d templates, the checks both pass: spaces, metadata, references, costs, nvcc
builds, and CPU emulation of the baseline, FAST and random genomes. The genes of one template alone
are tests/test_templates_sgemm.py and tests/test_templates_conv2d.py."""
from __future__ import annotations

import numpy as np
import pytest

from evo_kernels.build import NvccBuilder
from evo_kernels.records import Candidate
from evo_kernels.template import load_template
from _sgemm_conv_helpers import EMU_SHAPES, emulate_at, fast, _inputs, needs_gxx, needs_nvcc

NAMES = ("sgemm", "conv2d")


@pytest.fixture(scope="module", params=NAMES)
def tmpl(request):
    return load_template(request.param)


# --- metadata and space ------------------------------------------------------------------------

def test_space_and_baseline(tmpl):
    base = tmpl.space.baseline()
    assert tmpl.space.is_valid(base)
    assert tmpl.space.is_valid(fast(tmpl))
    assert tmpl.smem_bytes(base) == 0
    n_valid, _exact = tmpl.space.count_valid()   # estimated from 20000 draws where the space is large (sgemm, ~19M)
    assert 2_000 <= n_valid <= 24_000_000, n_valid
    rng = np.random.default_rng(0)
    for _ in range(200):
        g = tmpl.space.sample(rng)
        assert tmpl.launch(g, tmpl.problem).threads <= 1024
        assert tmpl.smem_bytes(g) <= 48 * 1024
        assert not (g["PadSharedMemory"] and not g["UseSharedMemory"])
        assert tmpl.space.is_valid(tmpl.space.mutate(g, rng))


def test_check_problems_have_a_ragged_shape(tmpl):
    """Some check shape leaves a tail in every output dimension of the FAST genome's block tile
    (and, for sgemm, in k)."""
    g = fast(tmpl)
    assert len(tmpl.check_problems) >= 2
    if tmpl.name == "sgemm":
        tile = {"M": g["TileLoops_M"], "N": g["TileLoops_N"], "K": g["TileLoops_K"]}
    else:
        tile = {"H": g["AdjustBlockSize_Y"] * g["ThreadCoarsening_Y"],
                "W": g["AdjustBlockSize_X"] * g["ThreadCoarsening_X"]}
    assert any(all(p[d] % n for d, n in tile.items()) for p in tmpl.check_problems)


def test_fast_genome_tile(tmpl):
    g = fast(tmpl)
    if tmpl.name == "sgemm":
        tile = (g["TileLoops_M"], g["TileLoops_N"], g["ThreadCoarsening_M"], g["ThreadCoarsening_N"])
        assert tile == (128, 128, 8, 8)
        assert tmpl.launch(g, tmpl.problem).threads == 256
    else:
        assert g["ReorderInstructions"] and g["UseSharedMemory"]


def test_launch_covers_problem(tmpl):
    rng = np.random.default_rng(3)
    for _ in range(50):
        g = tmpl.space.sample(rng)
        for p in tmpl.check_problems:
            launch = tmpl.launch(g, p)
            if tmpl.name == "sgemm":
                rows, cols = p["M"], p["N"]
                per_block = (g["TileLoops_M"], g["TileLoops_N"])
                assert launch.block[:2] == (g["TileLoops_N"] // g["ThreadCoarsening_N"],
                                            g["TileLoops_M"] // g["ThreadCoarsening_M"])
            else:
                rows, cols = p["H"], p["W"]
                per_block = (g["AdjustBlockSize_Y"] * g["ThreadCoarsening_Y"] * g["TileLoops_Y"],
                             g["AdjustBlockSize_X"] * g["ThreadCoarsening_X"])
            gx, gy = launch.grid[:2]
            assert (gy - 1) * per_block[0] < rows <= gy * per_block[0]
            assert (gx - 1) * per_block[1] < cols <= gx * per_block[1]


def test_reference_against_loops():
    t = load_template("sgemm")
    p = {"M": 3, "N": 5, "K": 4}
    x = _inputs(t, p)
    a, b = x["A"].astype(np.float64), x["B"].astype(np.float64)
    want = np.zeros((3, 5))
    for m in range(3):
        for n in range(5):
            for k in range(4):
                want[m, n] += a[m, k] * b[k, n]
    got = t.reference(x, p)["C"]
    assert got.shape == (3, 5) and got.dtype == np.float64
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)

    t = load_template("conv2d")
    p = {"H": 4, "W": 6, "FH": 3, "FW": 2}
    x = _inputs(t, p)
    assert x["inp"].shape == (6, 7) and x["filt"].shape == (3, 2)
    inp, filt = x["inp"].astype(np.float64), x["filt"].astype(np.float64)
    want = np.zeros((4, 6))
    for y in range(4):
        for xx in range(6):
            for i in range(3):
                for j in range(2):
                    want[y, xx] += inp[y + i, xx + j] * filt[i, j]
    got = t.reference(x, p)["out"]
    assert got.shape == (4, 6)
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)


def test_cost():
    t = load_template("sgemm")
    assert t.cost({"M": 2, "N": 3, "K": 5}) == (4 * (10 + 15 + 6), 60)
    assert t.cost(t.problem) == (4 * 3 * 4096**2, 2 * 4096**3)
    t = load_template("conv2d")
    assert t.cost({"H": 4, "W": 6, "FH": 3, "FW": 2}) == (4 * (6 * 7 + 6 + 24), 2 * 24 * 6)
    assert t.cost(t.problem)[1] == 2 * 4096 * 4096 * 225


# --- nvcc builds -------------------------------------------------------------------------------

@needs_nvcc
@pytest.mark.parametrize("n", [12, pytest.param(48, marks=pytest.mark.slow)])   # 48 builds with --all
def test_build_baseline_fast_and_random(tmpl, n, tmp_path):
    rng = np.random.default_rng(2024)
    genomes = [tmpl.space.baseline(), fast(tmpl)]
    keys = {tmpl.space.key(g) for g in genomes}
    while len(genomes) < n:
        g = tmpl.space.sample(rng)
        if tmpl.space.key(g) not in keys:
            keys.add(tmpl.space.key(g))
            genomes.append(g)
    cands = [Candidate(tmpl.name, g, tmpl.problem, tmpl.space.key(g)) for g in genomes]
    results = NvccBuilder(cache_dir=tmp_path).build(tmpl, cands)
    bad = [(r.candidate.genome, r.status, r.error[-300:]) for r in results if r.status != "ok"]
    assert not bad, bad
    f = results[1]
    assert f.spill_bytes == 0 and f.stack_bytes == 0, f
    assert f.smem_bytes == tmpl.smem_bytes(f.candidate.genome)
    if tmpl.name == "sgemm":
        assert f.registers <= 128 and f.threads_per_block == 256
    for r in results:  # the static shared memory ptxas reports is the one smem_bytes() promises
        assert r.smem_bytes == tmpl.smem_bytes(r.candidate.genome), r.candidate.genome


# --- CPU emulation of the kernels: bounds, tails, every output written --------------------------

@needs_gxx
@pytest.mark.parametrize("which", ["baseline", "fast"])
def test_emulated_kernel_matches_reference(tmpl, which, tmp_path):
    g = tmpl.space.baseline() if which == "baseline" else fast(tmpl)
    emulate_at(tmpl, g, EMU_SHAPES[tmpl.name], tmp_path)


@needs_gxx
@pytest.mark.slow
def test_emulated_random_genomes(tmpl, tmp_path):
    rng = np.random.default_rng(7)
    for _ in range(8):
        g = tmpl.space.sample(rng)
        emulate_at(tmpl, g, EMU_SHAPES[tmpl.name][:2], tmp_path)


# --- the tolerance tells fp32 from the tensor cores' reduced precision ----------------------------------------

def _round_mantissa(x: np.ndarray, bits: int) -> np.ndarray:
    """float32 values rounded to ``bits`` mantissa bits (to nearest): TF32 keeps 10, bfloat16 7."""
    drop = 23 - bits
    u = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    u = ((u + (1 << (drop - 1))) >> drop) << drop
    return u.astype(np.uint32).view(np.float32)


def _compute(tmpl, inputs, p, dtype, rounding=None):
    """The template's product in ``dtype`` arithmetic, its inputs first rounded to ``rounding`` mantissa bits."""
    r = (lambda a: _round_mantissa(a, rounding)) if rounding else (lambda a: np.asarray(a, dtype=np.float32))
    if tmpl.name == "sgemm":
        a = r(inputs["A"]).reshape(p["M"], p["K"]).astype(dtype)
        b = r(inputs["B"]).reshape(p["K"], p["N"]).astype(dtype)
        # split K by 16 and sum the slices in order, as TileLoops_SplitK does: another fp32 summation order
        parts = [a[:, k::16] @ b[k::16, :] for k in range(min(16, p["K"]))]
        return {"C": np.sum(np.stack(parts), axis=0, dtype=dtype)}
    H, W, FH, FW = p["H"], p["W"], p["FH"], p["FW"]
    inp = r(inputs["inp"]).reshape(H + FH - 1, W + FW - 1).astype(dtype)
    filt = r(inputs["filt"]).reshape(FH, FW).astype(dtype)
    out = np.zeros((H, W), dtype=dtype)
    for j in range(FW):            # the filter's columns first: not the reference's order
        for i in range(FH):
            out += filt[i, j] * inp[i:i + H, j:j + W]
    return {"out": out}


def test_the_tolerance_passes_fp32_in_any_order_and_fails_tensor_core_precision(tmpl):
    """A kernel that rounds its operands to TF32 (or bfloat16), as tensor cores do, is not an fp32 kernel: it must
    fail the check at every check shape, while fp32 arithmetic summed in another order passes with room to spare."""
    from evo_kernels.runners.checks import compare
    from evo_kernels.runners.inputs import make_inputs

    for i, p in enumerate(tmpl.check_problems):
        args = [a for a in tmpl.args(p) if a.role == "in"]
        inputs = make_inputs(args, np.random.SeedSequence(1000 + i))
        ref = tmpl.meta.reference(inputs, p)
        (name, want), = ref.items()
        tol = tmpl.tolerance_at(p)
        fp32 = compare(name, _compute(tmpl, inputs, p, np.float32)[name], want, tol, poisoned_before=False)
        assert fp32.status == "ok" and fp32.rel_error < tol / 5, (p, fp32)
        for bits in (10, 7):
            low = compare(name, _compute(tmpl, inputs, p, np.float64, bits)[name], want, tol, poisoned_before=False)
            assert low.status == "wrong_result" and low.rel_error > 2 * tol, (p, bits, low)


def test_three_tf32_passes_keep_fp32_accuracy_where_one_fails():
    """sgemm's ThreadCoarsening_TensorCore: each operand split into its TF32 rounding and the TF32 rounding of the
    remainder, three products (small.big + big.small + big.big) in fp32, is within a twentieth of the tolerance at every
    check shape (the dropped small.small term is 2^-22 of a product), while one TF32 pass fails every one."""
    from evo_kernels.runners.checks import compare
    from evo_kernels.runners.inputs import make_inputs

    tmpl = load_template("sgemm")
    for i, p in enumerate(tmpl.check_problems):
        args = [a for a in tmpl.args(p) if a.role == "in"]
        inputs = make_inputs(args, np.random.SeedSequence(2000 + i))
        want = tmpl.meta.reference(inputs, p)["C"]
        a = np.asarray(inputs["A"], dtype=np.float32).reshape(p["M"], p["K"])
        b = np.asarray(inputs["B"], dtype=np.float32).reshape(p["K"], p["N"])
        ab, bb = _round_mantissa(a, 10), _round_mantissa(b, 10)
        al, bl = _round_mantissa(a - ab, 10), _round_mantissa(b - bb, 10)
        three = (al @ bb) + (ab @ bl) + (ab @ bb)            # float32 throughout
        assert three.dtype == np.float32
        ok = compare("C", three, want, tmpl.tolerance_at(p), poisoned_before=False)
        assert ok.status == "ok" and ok.rel_error < tmpl.tolerance_at(p) / 5, (p, ok)
        one = compare("C", ab @ bb, want, tmpl.tolerance_at(p), poisoned_before=False)   # one pass: TF32 operands
        assert one.status == "wrong_result", (p, one)


def _truncated(x: np.ndarray) -> np.ndarray:
    """float64 values cut to float32 toward zero (the 29 low mantissa bits dropped): a sum that is not rounded."""
    return (np.asarray(x, dtype=np.float64).view(np.uint64) & ~np.uint64((1 << 29) - 1)).view(np.float64)


def test_sgemm_tolerance_grows_like_an_fp32_sum_and_catches_a_bias_that_grows_like_k():
    """3xTF32 whose passes accumulate inside the tensor core (each mma's sum cut toward zero, all of K long) measured
    2.9e-5 at K = 4096 on an H100 (2026-12-06e call 1): inside a fixed 1e-4, so sgemm's bound grows like sqrt(K)
    instead. Modelled here, the bias fails it at K = 2048 and 4096 while a sequential fp32 sum of the same products
    (the naive genome's order) passes by 4x or more, and a tensor-core step summed from zero (the gene) as well."""
    from evo_kernels.runners.checks import compare

    tmpl = load_template("sgemm")
    rng = np.random.default_rng(5)
    for K in (2048, 4096):
        p = {"M": 48, "N": 40, "K": K}
        a = rng.standard_normal((p["M"], K)).astype(np.float32)
        b = rng.standard_normal((K, p["N"])).astype(np.float32)
        want, tol = a.astype(np.float64) @ b.astype(np.float64), tmpl.tolerance_at(p)
        ab, bb = _round_mantissa(a, 10), _round_mantissa(b, 10)
        al, bl = _round_mantissa(a - ab, 10), _round_mantissa(b - bb, 10)
        biased = np.zeros_like(want)
        fixed = np.zeros(want.shape, dtype=np.float32)
        pairs = np.zeros(want.shape, dtype=np.float32)       # ReorderInstructions_TensorSteps=2: 16 k from zero
        seq = np.zeros(want.shape, dtype=np.float32)
        for k in range(0, K, 8):
            step = np.zeros_like(want)
            if k % 16 == 0:
                pair = np.zeros_like(want)
            for x, y in ((al, bb), (ab, bl), (ab, bb)):
                part = x[:, k:k + 8].astype(np.float64) @ y[k:k + 8].astype(np.float64)
                biased = _truncated(biased + part)            # the running sum inside the tensor core
                step = _truncated(step + part)                # the gene: this step's passes from zero ...
                pair = _truncated(pair + part)
            fixed = fixed + step.astype(np.float32)           # ... then one rounded fp32 add
            if k % 16 == 8 or k + 8 >= K:
                pairs = pairs + pair.astype(np.float32)
            for j in range(k, k + 8):
                seq = seq + np.outer(a[:, j], b[j]).astype(np.float32)
        bad = compare("C", biased, want, tol, poisoned_before=False)
        assert bad.status == "wrong_result" and bad.rel_error < 1e-4, (K, bad)   # a fixed 1e-4 would pass it
        for honest in (seq, fixed, pairs):
            good = compare("C", honest, want, tol, poisoned_before=False)
            assert good.status == "ok" and good.rel_error < tol / 4, (K, good)
