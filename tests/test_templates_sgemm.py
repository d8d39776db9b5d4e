"""The sgemm template's genes, emulated on the CPU through tests/fiber_emu.py against the reference
(the cp.async pipeline, the full-tile loop and its edges, split-K) and built with nvcc (no guards in
the full-tile loop, no spill). The tensor-core gene's are tests/test_templates_sgemm_tensorcore.py, the checks it
shares with conv2d tests/test_templates_sgemm_conv.py."""
from __future__ import annotations

import pytest

from evo_kernels.build import NvccBuilder
from evo_kernels.records import Candidate
from evo_kernels.template import load_template
from _sgemm_conv_helpers import EMU_SHAPES, _emulate_and_compare, emulate_at, fast, needs_gxx, needs_nvcc


# The cp.async pipeline (sgemm's ReorderInstructions_Async): stage counts, BK, float4 and scalar B.
ASYNC_VARIANTS = [dict(ReorderInstructions=False, ReorderInstructions_Async=s, TileLoops_K=bk, PadSharedMemory=pad,
                       VectorizeLoads=vec, AdjustBlockSize_MaxRegisters=128)
                  for s, bk, pad, vec in ((2, 8, True, True), (3, 8, True, True), (4, 8, True, False),
                                          (2, 16, True, True), (3, 16, False, True))]


def _async(t, change):
    return t.space.check(t.space.coerce(dict(t.meta.FAST_GENOME, TileLoops_Specialize=False, **change)))


# ... with the fragment pipeline, on the tiles that won at skinny M (32 x 128 with 4 x 8 per thread, BK 16: 96 x
# 6144 x 8192 on an H100, benchmarks/h100-2026-12-05d/)
ASYNC_FRAG_VARIANTS = [dict(ReorderInstructions=False, ReorderInstructions_Async=s, TileLoops_K=bk,
                        PadSharedMemory=True, VectorizeLoads=vec, ReorderInstructions_Fragments=True,
                        AdjustBlockSize_MaxRegisters=reg,
                        **tiles)
                   for s, bk, vec, reg, tiles in (
                       (3, 8, True, 128, {}),
                       (3, 16, True, 128, dict(TileLoops_M=32, ThreadCoarsening_M=4, TileLoops_Group=8,
                                               TileLoops_SplitK=8)),
                       (4, 8, False, 255, dict(TileLoops_M=64, TileLoops_SplitK=4)),
                       (2, 8, True, 255, dict(TileLoops_M=32, ThreadCoarsening_M=4, TileLoops_Group=8)))]


# ... and its full-tile loop (TileLoops_Specialize with cp.async): unpredicated copies, the stage loop unrolled so
# that buffers are constants; k tile counts of every remainder modulo 3 and 4 stages, interior blocks on the full
# loop and edge blocks on the guarded one, split-K blocks whose k range is a multiple of BK or not
ASYNC_FULL_VARIANTS = [dict(c, TileLoops_Specialize=True) for c in ASYNC_FRAG_VARIANTS if c["VectorizeLoads"]] + [
    dict(ReorderInstructions=False, ReorderInstructions_Async=3, TileLoops_Specialize=True,
         ReorderInstructions_Fragments=False, TileLoops_SplitK=4, AdjustBlockSize_MaxRegisters=128)]
ASYNC_FULL_SHAPES = [{"M": 260, "N": 264, "K": 40}, {"M": 128, "N": 256, "K": 56}, {"M": 128, "N": 256, "K": 8},
                     {"M": 256, "N": 512, "K": 48}, {"M": 64, "N": 256, "K": 32}, {"M": 130, "N": 256, "K": 200}]


@needs_gxx
@pytest.mark.parametrize("change", ASYNC_FULL_VARIANTS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_emulated_sgemm_async_full_tile_loop_matches_reference(change, tmp_path):
    t = load_template("sgemm")
    g = t.space.check(t.space.coerce(dict(t.meta.FAST_GENOME, **change)))
    assert "cp_async16_full(" in t.render(g)
    emulate_at(t, g, ASYNC_FULL_SHAPES, tmp_path)


@needs_gxx
@pytest.mark.parametrize("change", ASYNC_VARIANTS + ASYNC_FRAG_VARIANTS,
                         ids=lambda c: f"s{c['ReorderInstructions_Async']}k{c['TileLoops_K']}"
                         f"{'v' if c['VectorizeLoads'] else 's'}{'f' if c.get('ReorderInstructions_Fragments') else ''}"
                         f"{c.get('TileLoops_M', '')}")
def test_emulated_sgemm_async_pipeline_matches_reference(change, tmp_path):
    """Index math, tails and zero-fill of the cp.async path (the emulator's copies are synchronous:
    the waits and the barrier discipline are checked on the GPU, by the protocol)."""
    t = load_template("sgemm")
    g = _async(t, change)
    emulate_at(t, g, EMU_SHAPES["sgemm"], tmp_path)


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
    emulate_at(t, g, FULL_TILE_SHAPES, tmp_path)


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
    emulate_at(t, g, EDGE_SHAPES, tmp_path)


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
    emulate_at(t, g, SPLIT_SHAPES, tmp_path)


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


# TileLoops_SplitKEdges: only the tiles that M or N cut short split their k range (grid z), their slices
# packed in the workspace; the full tiles walk all of K in z = 0 and their z > 0 blocks return at once.
# Shapes with only the last tile row cut short, only the last column, both, a split left with no k, and
# (the second variant) 32 x 32 tiles; the last shape leaves the packed slices no room (run unsplit).
SPLIT_EDGE_VARIANTS = [dict(TileLoops_SplitKEdges=8), dict(TileLoops_SplitKEdges=8, TileLoops_SpecializeEdges=True),
                       dict(TileLoops_SplitKEdges=8, TileLoops_SpecializeEdges=True, ReorderInstructions_Fragments=True,
                            TileLoops_Group=8),
                       dict(TileLoops_SplitKEdges=8, TileLoops_M=32, TileLoops_N=32, ThreadCoarsening_M=4,
                            ThreadCoarsening_N=4, AdjustBlockSize_MaxRegisters=255, TileLoops_Specialize=False),
                       dict(TileLoops_SplitKEdges=8, ReorderInstructions=False, ReorderInstructions_Async=3,
                            TileLoops_Specialize=False)]
SPLIT_EDGE_SHAPES = {128: [{"M": 385, "N": 384, "K": 72}, {"M": 384, "N": 390, "K": 37},
                           {"M": 390, "N": 387, "K": 40}, {"M": 130, "N": 129, "K": 21}],
                     32: [{"M": 100, "N": 97, "K": 67}, {"M": 96, "N": 101, "K": 20}, {"M": 33, "N": 20, "K": 9}]}


@needs_gxx
@pytest.mark.parametrize("change", SPLIT_EDGE_VARIANTS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_emulated_sgemm_split_k_edges_matches_reference(change, tmp_path):
    t = load_template("sgemm")
    g = t.space.check({**fast(t), **change})
    shapes = SPLIT_EDGE_SHAPES[g["TileLoops_M"]]
    ks = [min(8, -(-p["K"] // g["TileLoops_K"])) for p in shapes]
    assert [t.launch(g, p).grid[2] for p in shapes[:-1]] == ks[:-1]   # split where a tile is cut short
    assert t.launch(g, shapes[-1]).grid[2] == 1                       # no room for the packed slices: unsplit
    assert t.launch(g, {"M": 4096, "N": 4096, "K": 4096}).grid[2] == 1   # every tile full: unsplit
    assert t.launch(g, {"M": 4097, "N": 4097, "K": 4097}).grid[2] == 8
    emulate_at(t, g, shapes, tmp_path)


def test_sgemm_split_k_edges_is_exclusive_with_split_k_and_leaves_other_genomes_unchanged():
    t = load_template("sgemm")
    both = {**fast(t), "TileLoops_SplitK": 4, "TileLoops_SplitKEdges": 8}
    assert any("one or the other" in v for v in t.meta.constraints(both))
    src = t.render(fast(t))
    assert "split_k_edges" not in src and "zs" not in src and "gridDim.z" not in src
    src = t.render(t.space.check({**fast(t), "TileLoops_SplitKEdges": 8}))
    assert "if (!edge && blockIdx.z > 0) return;" in src and "split_k_edges=8" in src


# TileLoops_SplitK with the cp.async pipeline: its loop walks the block's k range (KS), its zero-fill
# guards and tile count too; BM=64 designs for skinny M (64 x 8192 x 8192)
SPLIT_ASYNC_VARIANTS = [dict(c, ReorderInstructions=False, AdjustBlockSize_MaxRegisters=128) for c in (
    dict(TileLoops_SplitK=4, ReorderInstructions_Async=3),
    dict(TileLoops_SplitK=8, ReorderInstructions_Async=4, TileLoops_M=64, ThreadCoarsening_N=4),
    dict(TileLoops_SplitK=2, ReorderInstructions_Async=2, TileLoops_K=16, VectorizeLoads=False),
    dict(TileLoops_SplitK=8, ReorderInstructions_Async=3, TileLoops_M=32, ThreadCoarsening_M=4, TileLoops_K=16),
    dict(TileLoops_SplitK=16, ReorderInstructions_Async=3, TileLoops_M=64, TileLoops_N=64, ThreadCoarsening_M=8,
         ThreadCoarsening_N=4, TileLoops_K=16, ReorderInstructions_Fragments=True))]


@needs_gxx
@pytest.mark.parametrize("change", SPLIT_ASYNC_VARIANTS, ids=lambda c: "-".join(
    f"{k}={v}" for k, v in c.items() if k.startswith(("TileLoops", "Thread"))))
def test_emulated_sgemm_split_k_async_matches_reference(change, tmp_path):
    t = load_template("sgemm")
    g = _async(t, change)
    src = t.render(g)
    assert "const int ntiles = (KS + " in src and "cp_async4(" in src
    assert t.launch(g, SPLIT_SHAPES[0]).grid[2] == g["TileLoops_SplitK"]
    emulate_at(t, g, [*SPLIT_SHAPES, {"M": 64, "N": 132, "K": 260}], tmp_path)


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


@needs_nvcc
def test_sgemm_split_k_edges_fits_two_blocks_per_sm_without_spill(tmp_path):
    """The edge split adds the packed-slice epilogue and its flag (one int of shared memory, which
    ``smem_bytes`` counts) to the fastest designs, still under the 128-register cap without spill."""
    t = load_template("sgemm")
    genomes = [t.space.check({**fast(t), "TileLoops_SplitKEdges": 8, **c}) for c in
               ({}, {"TileLoops_SpecializeEdges": True, "ReorderInstructions_Fragments": True, "TileLoops_Group": 8,
                     "UnrollLoop": 1})]
    p = {"M": 4097, "N": 4097, "K": 4097}
    for r in NvccBuilder(cache_dir=tmp_path).build(t, [Candidate(t.name, g, p, t.space.key(g)) for g in genomes]):
        assert r.status == "ok", r.error[-300:]
        assert r.registers <= 128 and r.spill_bytes == 0, (r.candidate.genome, r.registers, r.spill_bytes)
        assert r.smem_bytes == t.smem_bytes(r.candidate.genome), (r.smem_bytes, t.smem_bytes(r.candidate.genome))


# TileLoops_Shift: a tile that M or N cuts short computes the last BM rows / BN columns instead and stores only its
# own outputs, so that edge blocks take the full-tile loop. Register-staged (with the edges of SpecializeEdges: a K
# that BK does not divide, misaligned operands), cp.async (N % 4 == 0, K % BK == 0: its full loop), split-K over
# every tile and over the edge tiles only, 32 x 32 tiles in groups; shapes where both M and N are cut short, where
# the matrix is narrower than a tile (no shift: the guarded loop), and misaligned ones
SHIFT_VARIANTS = [dict(TileLoops_SpecializeEdges=True),
                  dict(ReorderInstructions=False, ReorderInstructions_Async=3, ReorderInstructions_Fragments=True),
                  dict(TileLoops_SpecializeEdges=True, TileLoops_SplitK=4, TileLoops_Group=8),
                  dict(TileLoops_SpecializeEdges=True, TileLoops_SplitKEdges=8),
                  dict(ReorderInstructions=False, ReorderInstructions_Async=2, TileLoops_M=32, TileLoops_N=32,
                       ThreadCoarsening_M=4, ThreadCoarsening_N=4, TileLoops_Group=8, TileLoops_SplitK=2)]
SHIFT_SHAPES = [{"M": 200, "N": 264, "K": 40}, {"M": 130, "N": 129, "K": 21}, {"M": 300, "N": 100, "K": 64},
                {"M": 67, "N": 132, "K": 36}]


@needs_gxx
@pytest.mark.parametrize("change", SHIFT_VARIANTS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_emulated_sgemm_shifted_edge_tiles_match_reference(change, tmp_path):
    t = load_template("sgemm")
    g = t.space.check({**fast(t), **change, "TileLoops_Shift": True})
    src = t.render(g)
    assert f"const int bm0 = om0 + {g['TileLoops_M']} > M" in src and "row0 + 0 >= om0" in src
    emulate_at(t, g, SHIFT_SHAPES, tmp_path)


def test_sgemm_shift_needs_the_full_tile_loop_and_is_identity_when_off():
    t = load_template("sgemm")
    assert any("requires TileLoops_Specialize" in v for v in
               t.meta.constraints({**fast(t), "TileLoops_Specialize": False, "TileLoops_Shift": True}))
    src = t.render(fast(t))
    assert "om0" not in src and "TileLoops_Shift" not in src


# TileLoops_SpecializeEdges with the cp.async loop: full tiles copied without predicates also where B's rows are not
# 16-byte aligned (N % 4 != 0: four 4-byte copies) and where BK does not divide K (the last partial tile zero-filled
# and computed after the full ones); with TileLoops_Shift every block of these shapes (but a matrix narrower than a
# tile) takes it. Stage counts 2-4, the fragment pipeline, split-K (a split's k range not a multiple of BK), groups
ASYNC_EDGE_VARIANTS = [dict(ReorderInstructions=False, ReorderInstructions_Async=s, TileLoops_SpecializeEdges=True,
                            TileLoops_Shift=shift, ReorderInstructions_Fragments=frag, **extra)
                       for s, shift, frag, extra in (
                           (3, True, True, {}),
                           (2, False, False, dict(TileLoops_K=16)),
                           (4, True, False, dict(TileLoops_M=64, ThreadCoarsening_N=4, TileLoops_SplitK=4)),
                           (3, True, True, dict(TileLoops_M=32, TileLoops_N=32, ThreadCoarsening_M=4,
                                                ThreadCoarsening_N=4, TileLoops_K=16, TileLoops_Group=8,
                                                TileLoops_SplitK=2)),
                           (3, True, True, dict(TileLoops_M=64, TileLoops_N=64, ThreadCoarsening_M=8,
                                                ThreadCoarsening_N=4, TileLoops_SplitK=16)))]
ASYNC_EDGE_SHAPES = [{"M": 200, "N": 261, "K": 37}, {"M": 130, "N": 258, "K": 44}, {"M": 256, "N": 128, "K": 21},
                     {"M": 67, "N": 137, "K": 36}]


@needs_gxx
@pytest.mark.parametrize("change", ASYNC_EDGE_VARIANTS, ids=lambda c: "-".join(
    f"{k}={v}" for k, v in c.items() if k != "ReorderInstructions"))
def test_emulated_sgemm_async_full_tile_edges_match_reference(change, tmp_path):
    t = load_template("sgemm")
    g = t.space.check({**fast(t), **change})
    src = t.render(g)
    assert "cp_async16_full(" in src and "four 4-byte copies" in src and "the last, partial k tile" in src
    emulate_at(t, g, ASYNC_EDGE_SHAPES, tmp_path)


# ThreadCoarsening_Warp: the warps tile the thread grid in 8 x 4 pieces (the fragment reads of a warp touch fewer
# shared-memory wavefronts); the copies into shared memory keep the linear thread order. Register-staged 128 x 128
# tiles, the cp.async loop with its edges, the shift and split-K (the last block's sum and its counter at tx = ty =
# 0), 64 x 64 tiles of 8 x 4 split by 16, and the guarded loop alone; ragged, misaligned and tiny shapes
WARP_VARIANTS = [dict(),
                 dict(TileLoops_M=32, TileLoops_N=64, ThreadCoarsening_M=4, ThreadCoarsening_N=4, TileLoops_K=16,
                      ReorderInstructions=False, ReorderInstructions_Async=3, ReorderInstructions_Fragments=True,
                      TileLoops_SpecializeEdges=True, TileLoops_Shift=True, TileLoops_SplitK=8),
                 dict(TileLoops_M=64, TileLoops_N=64, ThreadCoarsening_M=8, ThreadCoarsening_N=4, TileLoops_K=16,
                      ReorderInstructions=False, ReorderInstructions_Async=4, TileLoops_SpecializeEdges=True,
                      TileLoops_Shift=True, TileLoops_SplitK=16),
                 dict(TileLoops_M=32, TileLoops_N=64, ThreadCoarsening_M=4, ThreadCoarsening_N=4,
                      TileLoops_Specialize=False, TileLoops_SplitKEdges=8, AdjustBlockSize_MaxRegisters=255)]
WARP_SHAPES = [{"M": 200, "N": 261, "K": 37}, {"M": 130, "N": 258, "K": 300}, {"M": 67, "N": 137, "K": 36},
               {"M": 5, "N": 70, "K": 9}]


@needs_gxx
@pytest.mark.parametrize("change", WARP_VARIANTS, ids=lambda c: "-".join(
    f"{k}={v}" for k, v in c.items() if k.startswith(("TileLoops_M", "TileLoops_N", "TileLoops_S"))) or "fast")
def test_emulated_sgemm_warp_tiles_match_reference(change, tmp_path):
    t = load_template("sgemm")
    g = t.space.check({**fast(t), **change, "ThreadCoarsening_Warp": True})
    src = t.render(g)
    assert "const int tid = threadIdx.y * " in src and "lane / 8;" in src
    emulate_at(t, g, WARP_SHAPES, tmp_path)


def test_sgemm_warp_tiles_need_wide_rows_of_threads_and_are_identity_when_off():
    t = load_template("sgemm")
    narrow = {**fast(t), "TileLoops_N": 64, "ThreadCoarsening_N": 8, "ThreadCoarsening_Warp": True}   # 8 x 16
    assert any("rows of 16 or more threads" in v for v in t.meta.constraints(narrow))
    src = t.render(fast(t))
    assert "lane" not in src and "const int tx = threadIdx.x, ty = threadIdx.y;" in src
