"""The sgemm and conv2d templates: spaces, metadata, nvcc builds, and CPU emulation of the kernels."""
from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import numpy as np
import pytest

from evo_kernels.build import NvccBuilder
from evo_kernels.records import Candidate
from evo_kernels.template import load_template

_spec = importlib.util.spec_from_file_location("fiber_emu", Path(__file__).with_name("fiber_emu.py"))
fiber_emu = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fiber_emu)

NAMES = ("sgemm", "conv2d")
needs_nvcc = pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not found")
needs_gxx = pytest.mark.skipif(not fiber_emu.have_compiler(), reason="g++ not found (CPU emulation)")


@pytest.fixture(scope="module", params=NAMES)
def tmpl(request):
    return load_template(request.param)


def fast(t):
    return t.space.check(t.space.coerce(t.meta.FAST_GENOME))


def _inputs(t, p, seed=0):
    rng = np.random.default_rng(seed)
    return {a.name: rng.standard_normal(a.shape).astype(np.float32) for a in t.args(p) if a.role == "in"}


# --- metadata and space ------------------------------------------------------------------------

def test_space_and_baseline(tmpl):
    base = tmpl.space.baseline()
    assert tmpl.space.is_valid(base)
    assert tmpl.space.is_valid(fast(tmpl))
    assert tmpl.smem_bytes(base) == 0
    n_valid, _exact = tmpl.space.count_valid()   # estimated from 20000 draws where the space is large (sgemm)
    assert 2_000 <= n_valid <= 2_000_000, n_valid
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
def test_build_baseline_fast_and_random(tmpl, tmp_path):
    rng = np.random.default_rng(2024)
    genomes = [tmpl.space.baseline(), fast(tmpl)]
    keys = {tmpl.space.key(g) for g in genomes}
    while len(genomes) < 24:
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

EMU_SHAPES = {
    "sgemm": [{"M": 67, "N": 132, "K": 36}, {"M": 1, "N": 37, "K": 5}, {"M": 130, "N": 129, "K": 21}],
    "conv2d": [{"H": 37, "W": 61, "FH": 7, "FW": 5}, {"H": 29, "W": 36, "FH": 1, "FW": 1},
               {"H": 70, "W": 133, "FH": 15, "FW": 15}],
}


def _emulate_and_compare(t, g, p, placement, tmp_path):
    x = _inputs(t, p, seed=1)
    out = fiber_emu.run_kernel(t, g, p, x, placement, cache_dir=tmp_path)
    for name, want in t.reference(x, p).items():
        got = out[name].astype(np.float64)
        assert not np.isnan(got).any(), f"{name}: {np.isnan(got).sum()} outputs not written ({g}, {p}, {placement})"
        err = np.abs(got - want).max() / np.abs(want).max()
        assert err < t.tolerance, (err, g, p, placement)


@needs_gxx
@pytest.mark.parametrize("which", ["baseline", "fast"])
def test_emulated_kernel_matches_reference(tmpl, which, tmp_path):
    g = tmpl.space.baseline() if which == "baseline" else fast(tmpl)
    for p in EMU_SHAPES[tmpl.name]:
        for placement in ("start", "end"):
            _emulate_and_compare(tmpl, g, p, placement, tmp_path)


# The cp.async pipeline (sgemm's ReorderInstructions_Async): stage counts, BK, float4 and scalar B.
ASYNC_VARIANTS = [dict(ReorderInstructions=False, ReorderInstructions_Async=s, TileLoops_K=bk, PadSharedMemory=pad,
                       VectorizeLoads=vec, AdjustBlockSize_MaxRegisters=128)
                  for s, bk, pad, vec in ((2, 8, True, True), (3, 8, True, True), (4, 8, True, False),
                                          (2, 16, True, True), (3, 16, False, True))]


def _async(t, change):
    return t.space.check(t.space.coerce(dict(t.meta.FAST_GENOME, TileLoops_Specialize=False, **change)))


@needs_gxx
@pytest.mark.parametrize("change", ASYNC_VARIANTS, ids=lambda c: f"s{c['ReorderInstructions_Async']}k{c['TileLoops_K']}"
                         f"{'v' if c['VectorizeLoads'] else 's'}")
def test_emulated_sgemm_async_pipeline_matches_reference(change, tmp_path):
    """Index math, tails and zero-fill of the cp.async path (the emulator's copies are synchronous:
    the waits and the barrier discipline are checked on the GPU, by the protocol)."""
    t = load_template("sgemm")
    g = _async(t, change)
    for p in EMU_SHAPES["sgemm"]:
        for placement in ("start", "end"):
            _emulate_and_compare(t, g, p, placement, tmp_path)


# The full-tile loop (TileLoops_Specialize), its fragment pipeline and the grouped block order: shapes
# whose interior blocks take the unguarded loop while edge blocks take the guarded one, with odd, even
# and single tile counts in k, and one (K % 4 != 0) where no block may take it.
FULL_TILE_VARIANTS = [dict(TileLoops_Specialize=True),
                      dict(TileLoops_Specialize=True, ReorderInstructions_Fragments=True),
                      dict(TileLoops_Specialize=True, ReorderInstructions_Fragments=True, TileLoops_Group=8),
                      dict(TileLoops_Specialize=True, ReorderInstructions=False, TileLoops_Group=8),
                      dict(TileLoops_Specialize=True, ReorderInstructions_Fragments=True, TileLoops_K=16),
                      # fewer B units than threads (some threads load no B): crashed on the H200 at 4096^3
                      # when the unguarded loop loaded for them too
                      dict(TileLoops_N=16, TileLoops_K=16, ThreadCoarsening_M=2, CoalesceMemoryAccess=False,
                           TileLoops_Specialize=True, ReorderInstructions_Fragments=True, TileLoops_Group=8)]
FULL_TILE_SHAPES = [{"M": 260, "N": 264, "K": 40}, {"M": 256, "N": 128, "K": 48}, {"M": 128, "N": 128, "K": 8},
                    {"M": 128, "N": 256, "K": 16}, {"M": 256, "N": 256, "K": 30}]


@needs_gxx
@pytest.mark.parametrize("change", FULL_TILE_VARIANTS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_emulated_sgemm_full_tile_loop_matches_reference(change, tmp_path):
    t = load_template("sgemm")
    g = t.space.check({**fast(t), **change})
    for p in FULL_TILE_SHAPES:
        for placement in ("start", "end"):
            _emulate_and_compare(t, g, p, placement, tmp_path)


# TileLoops_SpecializeEdges: the full-tile loop for any K (its full k tiles, then a guarded partial
# one) and for operands that are not float4-aligned (scalar loads): odd K and N, K % BK != 0, K < BK,
# buffers 4 bytes past a 16-byte boundary ("end" placement).
EDGE_VARIANTS = [dict(TileLoops_SpecializeEdges=True),
                 dict(TileLoops_SpecializeEdges=True, ReorderInstructions_Fragments=True),
                 dict(TileLoops_SpecializeEdges=True, ReorderInstructions=False),
                 dict(TileLoops_SpecializeEdges=True, ReorderInstructions_Fragments=True, TileLoops_K=16,
                      TileLoops_M=64),
                 dict(TileLoops_N=16, TileLoops_K=16, ThreadCoarsening_M=2, CoalesceMemoryAccess=False,
                      TileLoops_Specialize=True, TileLoops_SpecializeEdges=True, ReorderInstructions_Fragments=True)]
EDGE_SHAPES = [{"M": 256, "N": 257, "K": 37}, {"M": 129, "N": 128, "K": 20}, {"M": 128, "N": 131, "K": 5},
               {"M": 256, "N": 128, "K": 48}, {"M": 130, "N": 260, "K": 27}]


@needs_gxx
@pytest.mark.parametrize("change", EDGE_VARIANTS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_emulated_sgemm_full_tile_edges_match_reference(change, tmp_path):
    t = load_template("sgemm")
    g = t.space.check({**fast(t), **change})
    for p in EDGE_SHAPES:
        for placement in ("start", "end"):
            _emulate_and_compare(t, g, p, placement, tmp_path)


# TileLoops_SplitK: the k range over grid z, partial tiles summed by the last split to arrive. Blocks
# run one after another here, so the last to arrive is the last split; on the GPU any may be (the
# protocol's two runs must agree bit for bit, which the fixed summation order gives).
SPLIT_VARIANTS = [dict(TileLoops_SplitK=4), dict(TileLoops_SplitK=2, TileLoops_SpecializeEdges=True),
                  dict(TileLoops_SplitK=8, TileLoops_M=64, TileLoops_SpecializeEdges=True,
                       ReorderInstructions_Fragments=True, UnrollLoop=1),
                  dict(TileLoops_SplitK=4, ReorderInstructions=False, TileLoops_Group=8),
                  dict(TileLoops_SplitK=4, TileLoops_Specialize=False, VectorizeLoads=False, TileLoops_M=32,
                       TileLoops_N=32, ThreadCoarsening_M=4, ThreadCoarsening_N=4, AdjustBlockSize_MaxRegisters=255)]
SPLIT_SHAPES = [{"M": 130, "N": 128, "K": 300}, {"M": 64, "N": 257, "K": 129}, {"M": 128, "N": 128, "K": 20},
                {"M": 3, "N": 40, "K": 1031}]


@needs_gxx
@pytest.mark.parametrize("change", SPLIT_VARIANTS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_emulated_sgemm_split_k_matches_reference(change, tmp_path):
    t = load_template("sgemm")
    g = t.space.check({**fast(t), **change})
    assert t.launch(g, SPLIT_SHAPES[0]).grid[2] == g["TileLoops_SplitK"]
    assert t.launch(g, {"M": 8192, "N": 8192, "K": 4096}).grid[2] == 1     # past the workspace cap: unsplit
    for p in SPLIT_SHAPES:
        for placement in ("start", "end"):
            _emulate_and_compare(t, g, p, placement, tmp_path)


@needs_gxx
def test_emulated_sgemm_split_k_with_an_empty_split_matches_reference(tmp_path):
    # K = 36 in tiles of 8 is 5 tiles; 4 splits of ceil(5 / 4) = 2 leave the last split no k at all. Its
    # block (64 x 128, inside M = 67 and N = 132) once took the full-tile loop with zero tiles and read
    # one tile past B (NaN on the H200 at the check shape of 64 x 8192 x 8192, a segfault here)
    t = load_template("sgemm")
    g = t.space.check({**fast(t), "TileLoops_M": 64, "ThreadCoarsening_N": 4, "TileLoops_SpecializeEdges": False,
                       "TileLoops_SplitK": 4})
    p = {"M": 67, "N": 132, "K": 36}
    assert t.launch(g, p).grid == (2, 2, 4)
    for placement in ("start", "end"):
        _emulate_and_compare(t, g, p, placement, tmp_path)


# TileLoops_SplitK with the cp.async pipeline: its loop walks the block's k range (KS), its zero-fill
# guards and tile count too; BM=64 designs for skinny M (64 x 8192 x 8192)
SPLIT_ASYNC_VARIANTS = [dict(c, ReorderInstructions=False, AdjustBlockSize_MaxRegisters=128) for c in (
    dict(TileLoops_SplitK=4, ReorderInstructions_Async=3),
    dict(TileLoops_SplitK=8, ReorderInstructions_Async=4, TileLoops_M=64, ThreadCoarsening_N=4),
    dict(TileLoops_SplitK=2, ReorderInstructions_Async=2, TileLoops_K=16, VectorizeLoads=False),
    dict(TileLoops_SplitK=8, ReorderInstructions_Async=3, TileLoops_M=32, ThreadCoarsening_M=4, TileLoops_K=16))]


@needs_gxx
@pytest.mark.parametrize("change", SPLIT_ASYNC_VARIANTS, ids=lambda c: "-".join(
    f"{k}={v}" for k, v in c.items() if k.startswith(("TileLoops", "Thread"))))
def test_emulated_sgemm_split_k_async_matches_reference(change, tmp_path):
    t = load_template("sgemm")
    g = _async(t, change)
    src = t.render(g)
    assert "const int ntiles = (KS + " in src and "cp_async4(" in src
    assert t.launch(g, SPLIT_SHAPES[0]).grid[2] == g["TileLoops_SplitK"]
    for p in [*SPLIT_SHAPES, {"M": 64, "N": 132, "K": 260}]:
        for placement in ("start", "end"):
            _emulate_and_compare(t, g, p, placement, tmp_path)


@needs_gxx
@pytest.mark.parametrize("fmax", [8, 16])
def test_emulated_conv2d_small_tile_matches_reference_for_any_filter(fmax, tmp_path):
    # UseSharedMemory_MaxFilter: filters up to fmax from the smaller shared tile, larger ones (15x15
    # with fmax 8) through the direct code: every output right, none NaN
    t = load_template("conv2d")
    for change in ({}, {"ReorderInstructions": False, "VectorizeLoads": False}):
        g = t.space.check({**fast(t), "UseSharedMemory_MaxFilter": fmax, **change})
        assert t.smem_bytes(g) < t.smem_bytes(fast(t))
        for p in [*EMU_SHAPES["conv2d"], {"H": 33, "W": 70, "FH": 9, "FW": 8}]:
            for placement in ("start", "end"):
                _emulate_and_compare(t, g, p, placement, tmp_path)


@needs_nvcc
def test_sgemm_full_tile_edges_keep_the_loop_free_of_spill(tmp_path):
    t = load_template("sgemm")
    g = t.space.check({**fast(t), "TileLoops_SpecializeEdges": True})
    src = t.render(g)
    assert "if (K >= 8 && bm0 + 128 <= M && bn0 + 128 <= N) {" in src and "if (K % 8 != 0) {" in src
    b = NvccBuilder(cache_dir=tmp_path, n_jobs=1).build(t, [Candidate(t.name, g, t.problem, t.space.key(g))])[0]
    assert b.status == "ok" and b.registers <= 128 and b.spill_bytes == 0, (b.registers, b.spill_bytes, b.error)


@needs_nvcc
@pytest.mark.parametrize("frag", [False, True])
def test_sgemm_full_tile_loop_has_no_guards_and_no_spill(frag, tmp_path):
    """The point of the full-tile loop: the same FFMAs without bounds or alignment tests around them
    (the guarded loop has them), still inside the 128-register cap without spill."""
    t = load_template("sgemm")
    g = t.space.check({**fast(t), "TileLoops_Specialize": True, "ReorderInstructions_Fragments": frag})
    src = t.render(g)
    head = "if (a_vec && b_vec && K >= 8 && K % 8 == 0 && bm0 + 128 <= M && bn0 + 128 <= N) {"
    assert head in src
    full = src[src.index(head) + len(head):]
    full, guarded = full[:full.index("    } else {")], full[full.index("    } else {"):]
    for guard in ("< K", "< M", "< N", "a_vec", "b_vec", "aok", "bok"):
        assert guard not in full, guard
    assert "< K" in guarded and "a_vec" in guarded
    assert full.count("fmaf") >= 1 and "__syncthreads()" in full
    b = NvccBuilder(cache_dir=tmp_path, n_jobs=1).build(t, [Candidate(t.name, g, t.problem, t.space.key(g))])[0]
    assert b.status == "ok", b.error
    assert b.registers <= 128 and b.spill_bytes == 0, (b.registers, b.spill_bytes)


@needs_nvcc
def test_sgemm_async_pipeline_fits_two_blocks_per_sm_without_spill(tmp_path):
    """The point of cp.async: BK=16 double-buffered under the 128-register cap without spill (the
    register-staged double buffering spills there, see test_build.py), and 3-4 stages at BK=8."""
    t = load_template("sgemm")
    genomes = [_async(t, c) for c in ASYNC_VARIANTS]
    cands = [Candidate(t.name, g, t.problem, t.space.key(g)) for g in genomes]
    for r in NvccBuilder(cache_dir=tmp_path).build(t, cands):
        assert r.status == "ok", r.error[-300:]
        assert r.registers <= 128 and r.spill_bytes == 0, (r.candidate.genome, r.registers, r.spill_bytes)
        assert r.smem_bytes == t.smem_bytes(r.candidate.genome) <= 48 * 1024


@needs_gxx
@pytest.mark.slow
def test_emulated_random_genomes(tmpl, tmp_path):
    rng = np.random.default_rng(7)
    for _ in range(8):
        g = tmpl.space.sample(rng)
        for p in EMU_SHAPES[tmpl.name][:2]:
            for placement in ("start", "end"):
                _emulate_and_compare(tmpl, g, p, placement, tmp_path)


@needs_gxx
def test_conv2d_filter_over_the_limit_gives_nan(tmp_path):
    t = load_template("conv2d")
    g = fast(t)
    p = {"H": 5, "W": 7, "FH": t.meta.MAX_FILTER + 1, "FW": 3}
    out = fiber_emu.run_kernel(t, g, p, _inputs(t, p), cache_dir=tmp_path)["out"]
    assert np.isnan(out).all()
    p = {"H": 5, "W": 7, "FH": t.meta.MAX_FILTER, "FW": t.meta.MAX_FILTER}  # the limit itself is fine
    _emulate_and_compare(t, g, p, "end", tmp_path)


# conv2d's small-filter genes: cp.async staging (ReorderInstructions_Async: float4 and scalar rows,
# zero-filled edges) and the fully unrolled k x k copy (UnrollLoop_Filter: taken at FH == FW == k, the
# general loop for every other filter of the same genome). Shapes with k x k filters, ragged sides, an
# input row stride that is a multiple of 4 (float4 copies) and ones that are not.
CONV_SMALL_VARIANTS = [
    dict(ReorderInstructions_Async=True),
    dict(ReorderInstructions_Async=True, VectorizeLoads=False, UseSharedMemory_MaxFilter=16),
    dict(UnrollLoop_Filter=3, UseSharedMemory_MaxFilter=8),
    dict(UnrollLoop_Filter=5, UseSharedMemory_MaxFilter=8, ReorderInstructions_Async=True),
    dict(UnrollLoop_Filter=7, ReorderInstructions_Async=True, UnrollLoop=4),
    dict(AdjustBlockSize_X=32, AdjustBlockSize_Y=8, ThreadCoarsening_X=4, ThreadCoarsening_Y=2, PadSharedMemory=False,
         UnrollLoop=4, UseSharedMemory_MaxFilter=8, UnrollLoop_Filter=3, ReorderInstructions_Async=True),
    dict(AdjustBlockSize_X=8, AdjustBlockSize_Y=4, ThreadCoarsening_X=2, ThreadCoarsening_Y=4, UnrollLoop=2,
         UseSharedMemory_MaxFilter=8, UnrollLoop_Filter=5, ReorderInstructions_Async=True, VectorizeLoads=False),
    # TileLoops_Y: a block's tiles one below the other, double-buffered cp.async copies (the last block
    # stops at H), a single-buffer plain loop, and the direct code of a larger filter inside the loop
    dict(AdjustBlockSize_X=32, AdjustBlockSize_Y=8, ThreadCoarsening_X=4, ThreadCoarsening_Y=2, PadSharedMemory=False,
         UnrollLoop=4, UseSharedMemory_MaxFilter=8, UnrollLoop_Filter=3, ReorderInstructions_Async=True, TileLoops_Y=4),
    dict(UseSharedMemory_MaxFilter=8, UnrollLoop_Filter=5, ReorderInstructions_Async=True, TileLoops_Y=2),
    dict(UseSharedMemory_MaxFilter=16, ReorderInstructions_Async=True, TileLoops_Y=8, VectorizeLoads=False,
         ThreadCoarsening_Y=4),
    dict(UseSharedMemory_MaxFilter=8, TileLoops_Y=2, UnrollLoop_Filter=3)]
CONV_SMALL_SHAPES = [{"H": 37, "W": 62, "FH": 3, "FW": 3}, {"H": 40, "W": 140, "FH": 5, "FW": 5},
                     {"H": 35, "W": 61, "FH": 5, "FW": 5}, {"H": 19, "W": 70, "FH": 7, "FW": 7},
                     {"H": 37, "W": 61, "FH": 7, "FW": 5}, {"H": 29, "W": 36, "FH": 1, "FW": 1},
                     {"H": 33, "W": 70, "FH": 9, "FW": 8},
                     # input row stride 2 mod 4 (8-byte copies): 3x3 and 5x5
                     {"H": 37, "W": 60, "FH": 3, "FW": 3}, {"H": 23, "W": 126, "FH": 5, "FW": 5}]


@needs_gxx
@pytest.mark.parametrize("change", CONV_SMALL_VARIANTS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_emulated_conv2d_small_filter_genes_match_reference(change, tmp_path):
    t = load_template("conv2d")
    g = t.space.check({**fast(t), **change})
    k = g["UnrollLoop_Filter"]
    src = t.render(g)
    assert (f"if (FH == {k} && FW == {k})" in src) == bool(k)
    assert ("cp_async4(" in src) == g["ReorderInstructions_Async"]
    assert ("cp_async8(" in src) == (g["ReorderInstructions_Async"] and g["VectorizeLoads"])
    assert ("cp_async_wait_one();" in src) == (g["ReorderInstructions_Async"] and g["TileLoops_Y"] > 1)
    assert t.smem_bytes(g) == t.smem_bytes({**g, "TileLoops_Y": 1}) * (1 + (src.count("cp_async_wait_one();") > 0)) - (
        4 * g["UseSharedMemory_MaxFilter"] ** 2 if "cp_async_wait_one();" in src else 0)
    for p in [*CONV_SMALL_SHAPES, *t.meta.CHECK_PROBLEMS[2:]]:
        for placement in ("start", "end"):
            _emulate_and_compare(t, g, p, placement, tmp_path)


@needs_gxx
@pytest.mark.slow
@pytest.mark.parametrize("change", CONV_SMALL_VARIANTS[2:4], ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_emulated_conv2d_small_filter_genes_on_check_problems(change, tmp_path):
    t = load_template("conv2d")
    g = t.space.check({**fast(t), **change})
    for p in t.meta.CHECK_PROBLEMS:
        _emulate_and_compare(t, g, p, "end", tmp_path)


@needs_gxx
def test_emulated_conv2d_tile_loop_without_shared_memory(tmp_path):
    t = load_template("conv2d")
    g = t.space.check({**t.space.baseline(), "TileLoops_Y": 8, "ThreadCoarsening_Y": 2})
    for p in CONV_SMALL_SHAPES[:3]:
        _emulate_and_compare(t, g, p, "end", tmp_path)


# VectorizeLoads_AlignRows: every staged row copied in 16-byte pieces from its aligned address and kept
# shifted by (row start mod 4); input row strides 0, 1, 2 and 3 mod 4, the unrolled 5x5 / 3x3 copies, the
# general loop (7x5, 9x8), the double buffer, a tile width that is not a multiple of 4 (x0 mod 4 != 0).
CONV_ALIGN_ROWS_VARIANTS = [
    dict(AdjustBlockSize_X=32, AdjustBlockSize_Y=4, ThreadCoarsening_X=4, ThreadCoarsening_Y=4, PadSharedMemory=False,
         UnrollLoop=4, UseSharedMemory_MaxFilter=8, UnrollLoop_Filter=5, ReorderInstructions_Async=True,
         VectorizeLoads_AlignRows=1, TileLoops_Y=2),
    dict(AdjustBlockSize_X=32, AdjustBlockSize_Y=8, ThreadCoarsening_X=4, ThreadCoarsening_Y=2, PadSharedMemory=False,
         UnrollLoop=4, UseSharedMemory_MaxFilter=8, UnrollLoop_Filter=3, ReorderInstructions_Async=True,
         VectorizeLoads_AlignRows=1, TileLoops_Y=4),
    dict(ReorderInstructions_Async=True, VectorizeLoads_AlignRows=1, UseSharedMemory_MaxFilter=16),
    # 2: the unrolled copy's window as aligned float4s shifted by selects
    dict(AdjustBlockSize_X=32, AdjustBlockSize_Y=4, ThreadCoarsening_X=4, ThreadCoarsening_Y=4, PadSharedMemory=False,
         UnrollLoop=4, UseSharedMemory_MaxFilter=8, UnrollLoop_Filter=5, ReorderInstructions_Async=True,
         VectorizeLoads_AlignRows=2, TileLoops_Y=2),
    dict(AdjustBlockSize_X=16, AdjustBlockSize_Y=8, ThreadCoarsening_X=4, ThreadCoarsening_Y=2, PadSharedMemory=True,
         UnrollLoop=4, UseSharedMemory_MaxFilter=8, UnrollLoop_Filter=3, ReorderInstructions_Async=True,
         VectorizeLoads_AlignRows=2, TileLoops_Y=4),
    dict(AdjustBlockSize_X=8, AdjustBlockSize_Y=4, ThreadCoarsening_X=1, ThreadCoarsening_Y=4, UnrollLoop=2,
         UseSharedMemory_MaxFilter=8, UnrollLoop_Filter=5, ReorderInstructions_Async=True,
         VectorizeLoads_AlignRows=1, PadSharedMemory=True)]
CONV_ALIGN_ROWS_SHAPES = [{"H": 35, "W": 61, "FH": 5, "FW": 5}, {"H": 21, "W": 131, "FH": 5, "FW": 5},
                          {"H": 23, "W": 126, "FH": 5, "FW": 5}, {"H": 40, "W": 140, "FH": 5, "FW": 5},
                          {"H": 19, "W": 66, "FH": 3, "FW": 3}, {"H": 21, "W": 63, "FH": 3, "FW": 3},
                          {"H": 18, "W": 129, "FH": 3, "FW": 3}, {"H": 37, "W": 61, "FH": 7, "FW": 5},
                          {"H": 33, "W": 70, "FH": 9, "FW": 8}]


@needs_gxx
@pytest.mark.parametrize("change", CONV_ALIGN_ROWS_VARIANTS,
                         ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_emulated_conv2d_align_rows_matches_reference(change, tmp_path):
    t = load_template("conv2d")
    g = t.space.check({**fast(t), **change})
    src = t.render(g)
    assert f"align_rows={g['VectorizeLoads_AlignRows']}" in src and "const int sh = (int)(e0 & 3);" in src
    assert ("(s & 2) ? b[k + 2] : b[k]" in src) == (g["VectorizeLoads_AlignRows"] == 2 and g["UnrollLoop_Filter"] > 0)
    assert t.smem_bytes(g) >= t.smem_bytes({**g, "VectorizeLoads_AlignRows": 0})  # 3 more floats a row
    for p in CONV_ALIGN_ROWS_SHAPES:
        for placement in ("start", "end"):
            _emulate_and_compare(t, g, p, placement, tmp_path)


@needs_nvcc
def test_conv2d_align_rows_no_spill(tmp_path):
    t = load_template("conv2d")
    gs = [t.space.check({**fast(t), **c}) for c in CONV_ALIGN_ROWS_VARIANTS]
    cands = [Candidate(t.name, g, t.problem, t.space.key(g)) for g in gs]
    res = NvccBuilder(cache_dir=tmp_path, n_jobs=2).build(t, cands)
    for b in res:
        assert b.status == "ok" and b.spill_bytes == 0 and b.smem_bytes == t.smem_bytes(b.candidate.genome), b


def test_conv2d_new_genes_are_identity_by_default():
    t = load_template("conv2d")
    for g in (t.space.baseline(), fast(t)):
        src = t.render(g)
        assert "cp_async" not in src and "fully unrolled" not in src and "tiles_per_block" not in src
        assert "align_rows" not in src
    assert t.space.check({**fast(t), "ReorderInstructions_Async": True})
    bad = t.space.coerce({**fast(t), "UnrollLoop_Filter": 3, "ReorderInstructions": False})
    assert any("requires UseSharedMemory and ReorderInstructions" in m for m in t.meta.constraints(bad))
