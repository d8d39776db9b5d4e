"""sgemm's tensor-core gene (ThreadCoarsening_TensorCore, 3xTF32), emulated on the CPU through tests/fiber_emu.py
(which follows mma.sync.m16n8k8's fragment layout) against the reference, its constraints, and built with nvcc.
Its accuracy against the tolerance is tests/test_templates_sgemm_conv.py's."""
from __future__ import annotations

import pytest

from evo_kernels.build import NvccBuilder
from evo_kernels.records import Candidate
from evo_kernels.template import load_template
from _sgemm_conv_helpers import emulate_at, fast, needs_gxx, needs_nvcc, sgemm_48k_genomes


# ThreadCoarsening_TensorCore: the warp's tile on tensor cores, 3xTF32 (the emulator exchanges the warp's fragments by
# mma.sync.m16n8k8's layout). Warp tiles of 64 x 32, 32 x 32, 16 x 16, 64 x 64 (256 x 128 blocks) and 64 x 8 (one
# n8 tile a warp: the small tiles of candidates/sgemm_tc_small_candidates.json); the full-tile
# cp.async loop with its edges (A in 16-byte copies, and in 4-byte ones where K % 4 != 0)
# and the shift, split-K (the last block's sum from the workspace), the packed edge-only split, scalar copies (no
# VectorizeLoads: B in 4-byte copies, C in scalar stores), and the guarded loop alone; ragged, misaligned and tiny
# shapes; the first two sum two 8-k steps in the tensor core before each fp32 add (ReorderInstructions_TensorSteps)
TC_VARIANTS = [dict(ReorderInstructions_Async=3, TileLoops_K=32, TileLoops_Group=8, ReorderInstructions_TensorSteps=2),
               dict(TileLoops_M=32, ThreadCoarsening_M=4, TileLoops_K=16, ReorderInstructions_Async=3,
                    TileLoops_SplitK=8, TileLoops_Shift=True, TileLoops_SpecializeEdges=True,
                    ReorderInstructions_TensorSteps=2),
               dict(TileLoops_M=64, TileLoops_N=64, ThreadCoarsening_M=4, ThreadCoarsening_N=8, TileLoops_K=8,
                    ReorderInstructions_Async=4, TileLoops_Specialize=False, TileLoops_SplitKEdges=8,
                    VectorizeLoads=False),
               dict(TileLoops_M=32, TileLoops_N=32, ThreadCoarsening_M=2, ThreadCoarsening_N=4, TileLoops_K=16,
                    ReorderInstructions_Async=2, PadSharedMemory=False, TileLoops_SplitK=16),
               dict(TileLoops_M=256, ThreadCoarsening_N=16, TileLoops_K=16, ReorderInstructions_Async=3,
                    TileLoops_SpecializeEdges=True, TileLoops_Shift=True, TileLoops_Group=8),
               dict(TileLoops_M=64, TileLoops_N=16, ThreadCoarsening_M=8, ThreadCoarsening_N=2, TileLoops_K=16,
                    ReorderInstructions_Async=3, TileLoops_SplitK=4, TileLoops_Shift=True,
                    TileLoops_SpecializeEdges=True, ReorderInstructions_TensorSteps=2)]
TC_SHAPES = [{"M": 67, "N": 132, "K": 36}, {"M": 1, "N": 37, "K": 5}, {"M": 130, "N": 129, "K": 21},
             {"M": 256, "N": 256, "K": 96}, {"M": 200, "N": 261, "K": 300}, {"M": 260, "N": 130, "K": 43}]


def _tc(t, change):
    return t.space.check({**fast(t), "ReorderInstructions": False, "AdjustBlockSize_MaxRegisters": 255, **change,
                          "ThreadCoarsening_TensorCore": True})


@needs_gxx
@pytest.mark.parametrize("change", TC_VARIANTS, ids=lambda c: f"{c.get('TileLoops_M', 128)}x{c.get('TileLoops_N', 128)}"
                         f"k{c['TileLoops_K']}s{c['ReorderInstructions_Async']}")
def test_emulated_sgemm_tensor_core_tiles_match_reference(change, tmp_path):
    t = load_template("sgemm")
    g = _tc(t, change)
    src = t.render(g)
    assert "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32" in src and "extern __shared__" in src
    assert ("16 k a sum from zero" in src) == (g["ReorderInstructions_TensorSteps"] == 2)
    emulate_at(t, g, TC_SHAPES, tmp_path)


def test_emulated_sgemm_tensor_core_fragment_layout_is_checked(tmp_path, monkeypatch):
    """The emulator follows the fragment layout: a kernel that reads a1 (row + 8) where a2 (k + 4) belongs fails."""
    t = load_template("sgemm")
    g = _tc(t, TC_VARIANTS[0])
    good = t.render(g)
    bad = good.replace("tf32_split(as[288 + kk], ah[0][1]", "tf32_split(as[0 + kk + 4], ah[0][1]")
    assert bad != good
    monkeypatch.setattr(t, "render", lambda genome, kernel=None: bad)
    with pytest.raises(AssertionError):
        emulate_at(t, g, TC_SHAPES[:1], tmp_path)


def test_sgemm_tensor_cores_need_the_cp_async_pipeline_and_whole_mma_tiles():
    t = load_template("sgemm")
    bad = {**fast(t), "ThreadCoarsening_TensorCore": True}                      # register-staged: no cp.async
    assert any("requires UseSharedMemory and ReorderInstructions_Async" in v for v in t.meta.constraints(bad))
    odd = {**fast(t), "ReorderInstructions": False, "ReorderInstructions_Async": 3, "ThreadCoarsening_M": 1,
           "ThreadCoarsening_TensorCore": True}
    assert any("TM and TN of 2 or more" in v for v in t.meta.constraints(odd))
    simt2 = {**fast(t), "ReorderInstructions_TensorSteps": 2}                    # two steps a sum: tensor cores only
    assert any("without ThreadCoarsening_TensorCore it stays at 1" in v for v in t.meta.constraints(simt2))
    shallow = {**_tc(t, TC_VARIANTS[2]), "ReorderInstructions_TensorSteps": 2}   # BK 8 holds one step
    assert any("BK must be at least that" in v for v in t.meta.constraints(shallow))
    g = _tc(t, TC_VARIANTS[0])
    assert t.smem_bytes(g) == 0 and t.launch(g, t.problem).dynamic_smem == 4 * 3 * (128 * (32 + 4) + 32 * (128 + 8))
    assert "mma" not in t.render(fast(t)) and "extern __shared__" not in t.render(fast(t))


@needs_nvcc
def test_sgemm_tensor_core_tile_builds_without_spill(tmp_path):
    """The 128 x 128 tile of 64 x 32 warps, BK 32, each step summed alone: ptxas keeps it in registers (two steps
    summed together spill 40 B there)."""
    t = load_template("sgemm")
    g = _tc(t, {**TC_VARIANTS[0], "ReorderInstructions_TensorSteps": 1})
    b = NvccBuilder(cache_dir=tmp_path, n_jobs=1).build(t, [Candidate(t.name, g, t.problem, t.space.key(g))])[0]
    assert b.status == "ok", b.error
    assert b.spill_bytes == 0 and b.registers <= 255, (b.registers, b.spill_bytes)
    assert b.smem_bytes == 0   # the tiles are dynamic shared memory (launched with the kernel)


def test_sgemm_48k_genomes_sit_on_the_shared_memory_boundary():
    # what tests/test_gpu_templates.py and tests/test_export.py launch them for: 48 KB of dynamic tiles, within the
    # default alone and past it with the split-K flag's 16 static bytes (runners/launch.py: needs_opt_in)
    t = load_template("sgemm")
    for g in sgemm_48k_genomes(t):
        assert t.launch(g, t.problem).dynamic_smem == 48 * 1024 and t.smem_bytes(g) == 16
