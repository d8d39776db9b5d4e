"""The conv2d template's genes, emulated on the CPU through tests/fiber_emu.py against the reference
(the small shared tile, the filter limit, the small-filter genes, aligned rows) and built with nvcc
(no spill). The checks it shares with sgemm are tests/test_templates_sgemm_conv.py."""
from __future__ import annotations

import numpy as np
import pytest

from evo_kernels.build import NvccBuilder
from evo_kernels.records import Candidate
from evo_kernels.template import load_template
from _sgemm_conv_helpers import (EMU_SHAPES, _emulate_and_compare, emulate_at, fast,
                                 fiber_emu, _inputs, needs_gxx, needs_nvcc)


@needs_gxx
@pytest.mark.parametrize("fmax", [8, 16])
def test_emulated_conv2d_small_tile_matches_reference_for_any_filter(fmax, tmp_path):
    # UseSharedMemory_MaxFilter: filters up to fmax from the smaller shared tile, larger ones (15x15
    # with fmax 8) through the direct code: every output right, none NaN
    t = load_template("conv2d")
    for change in ({}, {"ReorderInstructions": False, "VectorizeLoads": False}):
        g = t.space.check({**fast(t), "UseSharedMemory_MaxFilter": fmax, **change})
        assert t.smem_bytes(g) < t.smem_bytes(fast(t))
        emulate_at(t, g, [*EMU_SHAPES["conv2d"], {"H": 33, "W": 70, "FH": 9, "FW": 8}], tmp_path)


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
    emulate_at(t, g, [*CONV_SMALL_SHAPES, *t.meta.CHECK_PROBLEMS[2:]], tmp_path)


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
    emulate_at(t, g, CONV_ALIGN_ROWS_SHAPES, tmp_path)


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
        assert "filter_widths" not in src and "switch (FW)" not in src
    assert t.space.check({**fast(t), "ReorderInstructions_Async": True})
    bad = t.space.coerce({**fast(t), "UnrollLoop_Filter": 3, "ReorderInstructions": False})
    assert any("requires UseSharedMemory and ReorderInstructions" in m for m in t.meta.constraints(bad))


# UnrollLoop_FilterWidths: one unrolled copy of the sliding window's row body per filter width 1..k (FH a
# runtime loop); filters of every width up to k and past it (the general loop), tall and wide rectangles,
# the k x k copy beside it, scalar windows (VectorizeLoads off, TX not a multiple of 4), aligned rows, the tile loop.
CONV_WIDTHS_VARIANTS = [
    dict(AdjustBlockSize_X=32, AdjustBlockSize_Y=4, ThreadCoarsening_X=4, ThreadCoarsening_Y=4, PadSharedMemory=False,
         UnrollLoop=4, UseSharedMemory_MaxFilter=16, ReorderInstructions_Async=True, UnrollLoop_FilterWidths=16),
    dict(AdjustBlockSize_X=16, AdjustBlockSize_Y=16, ThreadCoarsening_X=8, ThreadCoarsening_Y=4, UnrollLoop=16,
         UseSharedMemory_MaxFilter=16, ReorderInstructions_Async=True, UnrollLoop_FilterWidths=8),
    dict(AdjustBlockSize_X=32, AdjustBlockSize_Y=4, ThreadCoarsening_X=4, ThreadCoarsening_Y=4, UnrollLoop=1,
         UseSharedMemory_MaxFilter=8, ReorderInstructions_Async=True, UnrollLoop_Filter=5, UnrollLoop_FilterWidths=8,
         TileLoops_Y=2),
    dict(AdjustBlockSize_X=8, AdjustBlockSize_Y=4, ThreadCoarsening_X=2, ThreadCoarsening_Y=4, UnrollLoop=2,
         UseSharedMemory_MaxFilter=16, VectorizeLoads=False, UnrollLoop_FilterWidths=16),
    dict(AdjustBlockSize_X=32, AdjustBlockSize_Y=4, ThreadCoarsening_X=4, ThreadCoarsening_Y=4, PadSharedMemory=False,
         UnrollLoop=4, UseSharedMemory_MaxFilter=16, ReorderInstructions_Async=True, VectorizeLoads_AlignRows=1,
         UnrollLoop_FilterWidths=16)]
CONV_WIDTHS_SHAPES = [{"H": 33, "W": 70, "FH": 15, "FW": 3}, {"H": 21, "W": 67, "FH": 2, "FW": 9},
                      {"H": 19, "W": 45, "FH": 3, "FW": 13}, {"H": 17, "W": 40, "FH": 4, "FW": 11},
                      {"H": 23, "W": 50, "FH": 5, "FW": 5}, {"H": 40, "W": 140, "FH": 16, "FW": 16},
                      {"H": 29, "W": 36, "FH": 1, "FW": 1}, {"H": 37, "W": 61, "FH": 7, "FW": 5},
                      {"H": 21, "W": 63, "FH": 6, "FW": 8}, {"H": 25, "W": 33, "FH": 9, "FW": 17}]


@needs_gxx
@pytest.mark.parametrize("change", CONV_WIDTHS_VARIANTS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_emulated_conv2d_filter_width_copies_match_reference(change, tmp_path):
    t = load_template("conv2d")
    g = t.space.check({**fast(t), **change})
    k = g["UnrollLoop_FilterWidths"]
    src = t.render(g)
    assert f"filter_widths=1..{k}" in src and f"if (FW <= {k})" in src
    assert [w for w in range(1, 33) if f"            case {w}:\n" in src] == list(range(1, k + 1))
    emulate_at(t, g, CONV_WIDTHS_SHAPES, tmp_path)  # filters past the tile's room take the direct code


def test_conv2d_filter_widths_need_the_sliding_window_and_room_in_the_tile():
    t = load_template("conv2d")
    ok = {**fast(t), "UseSharedMemory_MaxFilter": 16, "UnrollLoop_FilterWidths": 16}
    assert t.space.check(ok)
    for bad, why in (({"UseSharedMemory_MaxFilter": 8}, "past UseSharedMemory_MaxFilter=8"),
                     ({"ReorderInstructions": False}, "requires UseSharedMemory and ReorderInstructions")):
        assert any(why in m for m in t.meta.constraints({**ok, **bad})), bad


@needs_nvcc
def test_conv2d_filter_width_copies_no_spill(tmp_path):
    t = load_template("conv2d")
    gs = [t.space.check({**fast(t), **c}) for c in CONV_WIDTHS_VARIANTS]
    cands = [Candidate(t.name, g, t.problem, t.space.key(g)) for g in gs]
    res = NvccBuilder(cache_dir=tmp_path, n_jobs=2).build(t, cands)
    for b in res:
        assert b.status == "ok" and b.spill_bytes == 0 and b.smem_bytes == t.smem_bytes(b.candidate.genome), b
