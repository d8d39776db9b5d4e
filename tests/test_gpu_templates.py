"""On a GPU: the baseline, FAST_GENOME and random valid genomes of every template pass the
correctness protocol (ragged shapes, NaN-poisoned outputs, two runs agree). The benchmark
(benchmarks/bench_kernels.py) checks 50 random genomes each and times them; this keeps the suite short."""
import os

import numpy as np
import pytest

from evo_kernels.build import NvccBuilder
from evo_kernels.records import Candidate
from evo_kernels.template import load_template
from _sgemm_conv_helpers import sgemm_48k_genomes

ALL = ("sgemm", "reduce_sum", "softmax", "transpose", "conv2d", "stencil")
pytestmark = pytest.mark.gpu


@pytest.fixture(scope="module")
def runner():
    from evo_kernels.runners.gpu import GpuRunner

    with GpuRunner(seed=11) as r:
        yield r


@pytest.mark.parametrize("name", ALL)
def test_random_genomes_pass_correctness(name, runner):
    t = load_template(name)
    rng = np.random.default_rng(5)
    genomes = [t.space.baseline(), t.space.check(t.space.coerce(t.meta.FAST_GENOME))]
    genomes += [t.space.sample(rng) for _ in range(int(os.environ.get("EVO_GPU_SAMPLE", "10")))]
    cands = [Candidate(t.name, g, t.problem, t.space.key(g)) for g in genomes]
    builds = NvccBuilder().build(t, cands)
    runs = runner.run(t, builds, check_only=True)
    bad = [(b.candidate.genome, r.status, r.error[:200]) for b, r in zip(builds, runs) if r.status != "ok"]
    assert not bad


# Designs that use the genes added for a user's shapes (softmax rows split over a cluster, transpose's
# and stencil's ragged-side genes), each checked on every check shape and then timed and re-checked at a long or
# ragged size where the gene is what runs.
SGEMM_ASYNC = {"TileLoops_M": 64, "ThreadCoarsening_N": 4, "UnrollLoop": 1, "ReorderInstructions": False,
               "ReorderInstructions_Async": 3, "TileLoops_Specialize": False, "ReorderInstructions_Fragments": False,
               "TileLoops_SpecializeEdges": False, "TileLoops_SplitK": 8}
SGEMM_TC = {"ThreadCoarsening_TensorCore": True, "ReorderInstructions": False, "ReorderInstructions_Async": 3,
            "ReorderInstructions_Fragments": False, "AdjustBlockSize_MaxRegisters": 255, "TileLoops_K": 16,
            "ThreadCoarsening_N": 16, "TileLoops_SpecializeEdges": True, "TileLoops_Shift": True, "TileLoops_SplitK": 4,
            "TileLoops_Group": 8}
CONV_SMALL = {"AdjustBlockSize_X": 32, "AdjustBlockSize_Y": 8, "ThreadCoarsening_X": 4, "ThreadCoarsening_Y": 2,
              "PadSharedMemory": False, "UnrollLoop": 4, "UseSharedMemory_MaxFilter": 8}
DESIGNS = {
    "softmax": ([{"AdjustBlockSize": 256, "TileLoops_Cluster": 4}, {"AdjustBlockSize": 512, "TileLoops_Cluster": 4},
                 {"AdjustBlockSize": 256, "TileLoops_Cluster": 8}, {"AdjustBlockSize": 1024, "TileLoops_Cluster": 1},
                 {"AdjustBlockSize": 128, "TileLoops_Cluster": 2, "UseSharedMemory": "shared"},
                 {"AdjustBlockSize": 64, "TileLoops_Cluster": 2, "UseSharedMemory": "online", "ThreadCoarsening": 2},
                 {"AdjustBlockSize": 256, "TileLoops_Cluster": 8, "VectorizeLoads_Align": True},
                 {"AdjustBlockSize": 1024, "VectorizeLoads_Align": True, "UseSharedMemory": "online"},
                 # TileLoops_Rows: the next row's loads in flight during this row's cluster reductions
                 {"AdjustBlockSize": 1024, "TileLoops_Cluster": 2},
                 {"AdjustBlockSize": 512, "UnrollLoop": 4, "TileLoops_Cluster": 8, "TileLoops_Rows": 2},
                 {"AdjustBlockSize": 512, "UnrollLoop": 4, "TileLoops_Cluster": 8, "TileLoops_Rows": 4},
                 {"AdjustBlockSize": 1024, "UnrollLoop": 4, "TileLoops_Cluster": 4, "TileLoops_Rows": 2},
                 {"AdjustBlockSize": 256, "UnrollLoop": 4, "TileLoops_Cluster": 8, "TileLoops_Rows": 2},
                 {"AdjustBlockSize": 256, "UnrollLoop": 4, "TileLoops_Cluster": 1, "TileLoops_Rows": 4,
                  "ThreadCoarsening": 2},
                 # 32 floats a row per thread prefetched under the 128-register cap
                 {"AdjustBlockSize": 256, "TileLoops_Cluster": 8, "TileLoops_Rows": 2},
                 {"AdjustBlockSize": 512, "TileLoops_Cluster": 4, "TileLoops_Rows": 2},
                 {"AdjustBlockSize": 128, "TileLoops_Cluster": 4, "TileLoops_Rows": 2, "ThreadCoarsening": 2},
                 # TileLoops_Reverse: passes in alternate directions, the write pass evict-first; online in a cluster,
                 # none, aligned vectors of odd rows, and a register cache of 1024 floats that these rows overflow
                 {"AdjustBlockSize": 512, "UseSharedMemory": "online", "UnrollLoop": 16, "TileLoops_Cluster": 8,
                  "VectorizeLoads_Align": True, "TileLoops_Reverse": True},
                 {"AdjustBlockSize": 256, "UseSharedMemory": "none", "TileLoops_Cluster": 2, "TileLoops_Reverse": True},
                 {"AdjustBlockSize": 1024, "UseSharedMemory": "online", "VectorizeLoads_Align": True,
                  "TileLoops_Reverse": True},
                 {"AdjustBlockSize": 128, "UnrollLoop": 2, "TileLoops_Reverse": True},
                 # registers+shared: the register cache continued in dynamic shared memory (past 48 KB: opted in)
                 {"AdjustBlockSize": 512, "UnrollLoop": 16, "UseSharedMemory": "registers+shared",
                  "TileLoops_Cluster": 8, "VectorizeLoads_Align": True, "TileLoops_Reverse": True},
                 {"AdjustBlockSize": 256, "UseSharedMemory": "registers+shared", "TileLoops_Cluster": 2},
                 {"AdjustBlockSize": 64, "UnrollLoop": 2, "UseSharedMemory": "registers+shared", "ThreadCoarsening": 2,
                  "TileLoops_Reverse": True},
                 # ReorderInstructions_PairReduce: (max, sum) pairs, one cluster barrier a row, its wait deferred; with
                 # rows in turn (the block's slots by row parity), online, none, and groups within a warp
                 {"AdjustBlockSize": 256, "UnrollLoop": 16, "TileLoops_Cluster": 4,
                  "ReorderInstructions_PairReduce": True},
                 {"AdjustBlockSize": 256, "TileLoops_Cluster": 8, "TileLoops_Rows": 2,
                  "ReorderInstructions_PairReduce": True},
                 {"AdjustBlockSize": 512, "UseSharedMemory": "online", "TileLoops_Cluster": 4,
                  "VectorizeLoads_Align": True, "ReorderInstructions_PairReduce": True},
                 {"AdjustBlockSize": 128, "UseSharedMemory": "none", "TileLoops_Cluster": 2,
                  "ReorderInstructions_PairReduce": True},
                 {"AdjustBlockSize": 16, "ThreadCoarsening": 8, "UnrollLoop": 1,
                  "ReorderInstructions_PairReduce": True},
                 # AdjustBlockSize_Resident: registers+shared sized for two blocks per SM (the shipped designs), and
                 # the register cap alone in registers mode
                 {"AdjustBlockSize": 512, "UnrollLoop": 4, "UseSharedMemory": "registers+shared",
                  "TileLoops_Cluster": 8, "VectorizeLoads_Align": True, "ReorderInstructions_PairReduce": True,
                  "AdjustBlockSize_Resident": 2},
                 {"AdjustBlockSize": 256, "UseSharedMemory": "registers+shared", "TileLoops_Cluster": 4,
                  "AdjustBlockSize_Resident": 2},
                 {"AdjustBlockSize": 512, "TileLoops_Cluster": 2, "AdjustBlockSize_Resident": 2},
                 # UseSharedMemory_Overflow: rows of 65k floats past the cache (32k, 17k, 35k, 4k floats), the first
                 # part cached and the rest streamed twice; the 4096-float rows fit all but the register cache of 2k
                 {"AdjustBlockSize": 256, "UnrollLoop": 4, "TileLoops_Cluster": 8, "VectorizeLoads_Align": True,
                  "ReorderInstructions_PairReduce": True, "UseSharedMemory_Overflow": True},
                 {"AdjustBlockSize": 64, "UnrollLoop": 2, "UseSharedMemory": "registers+shared", "ThreadCoarsening": 2,
                  "TileLoops_Reverse": True, "UseSharedMemory_Overflow": True},
                 {"AdjustBlockSize": 512, "UnrollLoop": 4, "UseSharedMemory": "registers+shared",
                  "VectorizeLoads_Align": True, "ReorderInstructions_PairReduce": True, "AdjustBlockSize_Resident": 2,
                  "UseSharedMemory_Overflow": True},
                 {"AdjustBlockSize": 128, "UseSharedMemory": "shared", "UnrollLoop": 8,
                  "UseSharedMemory_Overflow": True},
                 {"AdjustBlockSize": 512, "UnrollLoop": 1, "TileLoops_Rows": 2, "UseSharedMemory_Overflow": True},
                 # a cluster of 16 (non-portable: the runner opts the kernel in): rows cached whole in registers
                 # (131k floats a cluster); rows of 65k past a 16k-float cache, with the pair reduction
                 {"AdjustBlockSize": 256, "TileLoops_Cluster": 16},
                 {"AdjustBlockSize": 64, "UnrollLoop": 4, "TileLoops_Cluster": 16, "VectorizeLoads_Align": True,
                  "ReorderInstructions_PairReduce": True, "UseSharedMemory_Overflow": True},
                 # UseSharedMemory_Stage: a block's rows staged through shared memory where C is at most the cap (the
                 # check shape 1031 x 29); the timed rows here are past it and take the other genes' path
                 {"AdjustBlockSize": 8, "ThreadCoarsening": 32, "UnrollLoop": 2, "UseSharedMemory_Stage": 32},
                 {"AdjustBlockSize": 32, "ThreadCoarsening": 4, "UnrollLoop": 2, "TileLoops_Rows": 2,
                  "CoalesceMemoryAccess": True, "UseSharedMemory_Stage": 128}],
                {"UseSharedMemory": "registers", "UnrollLoop": 8, "VectorizeLoads": 4},
                [{"R": 67, "C": 65533}, {"R": 67, "C": 65536}, {"R": 1029, "C": 4096}]),
    "sgemm": ([{"TileLoops_SpecializeEdges": True},
               {"TileLoops_SpecializeEdges": True, "ReorderInstructions_Fragments": True},
               {"TileLoops_SpecializeEdges": True, "ReorderInstructions_Fragments": True, "TileLoops_M": 64,
                "UnrollLoop": 1},
               {"TileLoops_SpecializeEdges": True, "ReorderInstructions": False, "TileLoops_Group": 8},
               {"TileLoops_SplitK": 4, "TileLoops_SpecializeEdges": True},
               {"TileLoops_SplitK": 8, "TileLoops_SpecializeEdges": True, "ReorderInstructions_Fragments": True,
                "TileLoops_M": 64, "UnrollLoop": 1},
               # split-K over the cp.async pipeline, BM = 64 / 32 tiles for skinny M
               *[{**SGEMM_ASYNC, **c} for c in ({}, {"TileLoops_SplitK": 4, "ReorderInstructions_Async": 4},
                                                {"TileLoops_M": 32, "ThreadCoarsening_M": 4},
                                                {"ThreadCoarsening_N": 8, "UnrollLoop": 32})],
               # TileLoops_SplitKEdges: the edge tiles' k range split (at 1031 x 1029 x 1031; unsplit at the others)
               {"TileLoops_SplitKEdges": 8, "TileLoops_SpecializeEdges": True, "ReorderInstructions_Fragments": True,
                "TileLoops_Group": 8, "UnrollLoop": 1},
               {"TileLoops_SplitKEdges": 8, "TileLoops_SpecializeEdges": True, "TileLoops_M": 64},
               {**SGEMM_ASYNC, "TileLoops_SplitK": 1, "TileLoops_SplitKEdges": 8},
               # TileLoops_Shift (edge blocks shifted onto the full-tile loop), split-K by 16, ThreadCoarsening_Warp
               # (8 x 4 threads per warp), over both loops
               {"TileLoops_SpecializeEdges": True, "TileLoops_Shift": True},
               {**SGEMM_ASYNC, "TileLoops_Specialize": True, "TileLoops_SpecializeEdges": True, "TileLoops_Shift": True,
                "TileLoops_SplitK": 16},
               {"TileLoops_SpecializeEdges": True, "TileLoops_Shift": True, "ThreadCoarsening_Warp": True},
               {**SGEMM_ASYNC, "TileLoops_Specialize": True, "TileLoops_SpecializeEdges": True, "TileLoops_Shift": True,
                "ReorderInstructions_Fragments": True, "ThreadCoarsening_Warp": True},
               {"ThreadCoarsening_Warp": True, "TileLoops_Specialize": False, "TileLoops_SplitK": 8},
               # ThreadCoarsening_TensorCore (3xTF32), each 8-k step or two a tensor-core sum
               # (ReorderInstructions_TensorSteps): 64 x 64 warps, 64 x 32 ones split-K 4, 32 x 32 ones unsplit
               *[{**SGEMM_TC, **c} for c in ({}, {"ReorderInstructions_TensorSteps": 2},
                                             {"TileLoops_M": 64, "TileLoops_N": 64, "ThreadCoarsening_N": 8,
                                              "ReorderInstructions_TensorSteps": 2},
                                             {"TileLoops_M": 32, "ThreadCoarsening_M": 4, "ThreadCoarsening_N": 8,
                                              "TileLoops_SplitK": 1, "ReorderInstructions_TensorSteps": 2})]],
              {}, [{"M": 67, "N": 1029, "K": 4099}, {"M": 64, "N": 2048, "K": 4096},
                   {"M": 1031, "N": 1029, "K": 1031}]),
    # conv2d: the small-filter genes (cp.async staging, the unrolled 3x3 / 5x5 copy, tiles down y with a
    # double buffer) at each filter they specialize, float4 rows (IW % 4 == 0) and scalar ones
    "conv2d": ([{"UseSharedMemory_MaxFilter": 8}, {"UseSharedMemory_MaxFilter": 16},
                {"UseSharedMemory_MaxFilter": 8, "ReorderInstructions": False, "VectorizeLoads": False},
                *[{**CONV_SMALL, "ReorderInstructions_Async": True, "UnrollLoop_Filter": k, **c} for k in (3, 5)
                  for c in ({}, {"TileLoops_Y": 4}, {"ThreadCoarsening_Y": 4, "TileLoops_Y": 2},
                            {"AdjustBlockSize_Y": 4, "ThreadCoarsening_Y": 4, "TileLoops_Y": 4})],
                {"ReorderInstructions_Async": True, "UseSharedMemory_MaxFilter": 16},
                # VectorizeLoads_AlignRows: odd input row strides staged by aligned 16-byte copies, rows shifted
                *[{**CONV_SMALL, "ReorderInstructions_Async": True, "UnrollLoop_Filter": k,
                   "VectorizeLoads_AlignRows": a, **c} for k in (3, 5) for a in (1, 2)
                  for c in ({"TileLoops_Y": 4}, {"AdjustBlockSize_Y": 4, "ThreadCoarsening_Y": 4, "TileLoops_Y": 2})],
                {"TileLoops_Y": 2, "UseSharedMemory_MaxFilter": 16, "AdjustBlockSize_Y": 16, "ThreadCoarsening_Y": 4}],
               {}, [{"H": 1021, "W": 1019, "FH": 5, "FW": 5}, {"H": 1021, "W": 1022, "FH": 3, "FW": 3},
                    {"H": 1023, "W": 1017, "FH": 3, "FW": 3}, {"H": 1020, "W": 1020, "FH": 5, "FW": 5},
                    {"H": 517, "W": 1030, "FH": 15, "FW": 15}]),
    "transpose": ([{"CoalesceMemoryAccess": True}, {"CoalesceMemoryAccess": True, "TileLoops_Specialize": True},
                   {"TileLoops_Specialize": True, "ThreadCoarsening": 4},
                   {"TileLoops_Specialize": True, "VectorizeLoads": 1, "TileLoops": 32, "AdjustBlockSize": 8},
                   {"VectorizeLoads_Align": True},
                   {"VectorizeLoads_Align": True, "VectorizeLoads": 2},
                   {"VectorizeLoads_Align": True, "TileLoops_Flat": True, "ThreadCoarsening": 2},
                   {"VectorizeLoads_Align": True, "TileLoops_Flat": True, "TileLoops": 32, "AdjustBlockSize": 8},
                   # ReorderInstructions_Batch: a thread's tile rows all loaded before the shared stores
                   {"ReorderInstructions_Batch": True, "CoalesceMemoryAccess": True},
                   {"ReorderInstructions_Batch": True, "CoalesceMemoryAccess": True, "AdjustBlockSize": 8},
                   {"ReorderInstructions_Batch": True, "CoalesceMemoryAccess": True, "TileLoops_Specialize": True},
                   {"ReorderInstructions_Batch": True, "CoalesceMemoryAccess": True, "TileLoops": 32,
                    "AdjustBlockSize": 8},
                   # the skewed tile and the narrow runs (C <= 64 at run time)
                   *[{"ReorderInstructions_Batch": True, "CoalesceMemoryAccess": True, "VectorizeLoads": 2, **c}
                     for c in ({"TileLoops_Skew": True}, {"TileLoops_Narrow": True},
                               {"TileLoops_Narrow": True, "AdjustBlockSize": 4, "VectorizeLoads": 4},
                               {"TileLoops_Narrow": True, "AdjustBlockSize": 8, "TileLoops_Skew": True})],
                   # TileLoops_Gather: few rows, the output one flat run of float4s (37 rows; 1031 rows take the tiles)
                   {"TileLoops_Gather": 64, "CoalesceMemoryAccess": True, "ReorderInstructions_Batch": True},
                   {"TileLoops_Gather": 128, "ThreadCoarsening": 8, "AdjustBlockSize": 8,
                    "CoalesceMemoryAccess": True},
                   # TileLoops_GatherOnly: the gather alone at every R (1031 and 4099 rows stride over the tiles' grid)
                   {"TileLoops_Gather": 64, "TileLoops_GatherOnly": True, "ThreadCoarsening": 2, "TileLoops": 32,
                    "AdjustBlockSize": 8},
                   # TileLoops_GatherStage: each block's run staged from float4s along the rows (37 rows)
                   {"TileLoops_Gather": 64, "TileLoops_GatherOnly": True, "TileLoops_GatherStage": True,
                    "ThreadCoarsening": 2, "TileLoops": 32, "AdjustBlockSize": 8},
                   # ... at up to 256 rows (the check shape of 130 rows; 1031 and 4099 rows: the unstaged gather)
                   {"TileLoops_Gather": 256, "TileLoops_GatherOnly": True, "TileLoops_GatherStage": True,
                    "ThreadCoarsening": 2, "TileLoops": 32, "AdjustBlockSize": 8},
                   # TileLoops_Diagonal: the tiles' blocks in diagonal order, on the tile code and the aligned vectors
                   {"TileLoops_Diagonal": True, "TileLoops_Specialize": True, "ThreadCoarsening": 2,
                    "CoalesceMemoryAccess": True, "ReorderInstructions_Batch": True},
                   {"TileLoops_Diagonal": True, "VectorizeLoads_Align": True},
                   # TileLoops_SkewSectors: float4 outputs off 32-byte sectors skewed too (1028 x 2053: rows 16 bytes
                   # off a sector every other row)
                   {"TileLoops_Skew": True, "TileLoops_SkewSectors": True, "TileLoops_Specialize": True,
                    "CoalesceMemoryAccess": True, "ReorderInstructions_Batch": True}],
                  {}, [{"R": 1031, "C": 2053}, {"R": 20011, "C": 13}, {"R": 4099, "C": 37}, {"R": 37, "C": 20011},
                       {"R": 1028, "C": 2053}]),
    # the odd-width genes (aligned vector pairs shifted in registers, aligned stores through shuffles, all rows
    # loaded first)
    "stencil": ([{"VectorizeLoads_Align": True},
                 {"VectorizeLoads_Align": True, "VectorizeLoads_AlignStores": True},
                 {"VectorizeLoads_Align": True, "VectorizeLoads_AlignStores": True,
                  "ReorderInstructions_Prefetch": True, "ThreadCoarsening": 4},
                 {"VectorizeLoads_Align": True, "VectorizeLoads_AlignStores": True, "VectorizeLoads": 2,
                  "ReorderInstructions_Prefetch": True, "AdjustBlockSizeX": 64, "AdjustBlockSizeY": 2},
                 {"ReorderInstructions_Prefetch": True, "ThreadCoarsening": 4},
                 {"UseSharedMemory": True, "VectorizeLoads_AlignShared": True, "AdjustBlockSizeX": 64,
                  "AdjustBlockSizeY": 2, "ThreadCoarsening": 4, "VectorizeLoads": 2, "PadSharedMemory": True,
                  "UnrollLoop": False},
                 # CoalesceMemoryAccess: a thread's columns a block width apart (consecutive warp accesses)
                 {"CoalesceMemoryAccess": True, "ThreadCoarsening": 4},
                 {"CoalesceMemoryAccess": True, "ThreadCoarsening": 4, "AdjustBlockSizeY": 2},
                 {"CoalesceMemoryAccess": True, "ThreadCoarsening": 4, "VectorizeLoads": 2, "AdjustBlockSizeX": 64,
                  "AdjustBlockSizeY": 2},
                 # TileLoops_Flat: one thread per (band of rows, column)
                 {"TileLoops_Flat": True, "ThreadCoarsening": 4},
                 {"TileLoops_Flat": True, "ThreadCoarsening": 8, "AdjustBlockSizeX": 64, "AdjustBlockSizeY": 2},
                 # TileLoops_Flat=float4: the flat grid in float4 pieces (W % 4 of 3, 1 and 1 below)
                 {"TileLoops_Flat": "float4", "ThreadCoarsening": 2},
                 {"TileLoops_Flat": "float4", "ThreadCoarsening": 1, "UnrollLoop": False, "AdjustBlockSizeX": 128,
                  "AdjustBlockSizeY": 1},
                 # the skewed shared tile and the flat runs of narrow grids
                 {"UseSharedMemory": True, "TileLoops_Skew": True, "ThreadCoarsening": 4},
                 {"TileLoops_Narrow": True}, {"TileLoops_Narrow": True, "ThreadCoarsening": 4},
                 {"TileLoops_Narrow": True, "AdjustBlockSizeX": 64, "ThreadCoarsening": 4, "VectorizeLoads": 2}],
                {}, [{"H": 1031, "W": 2053}, {"H": 20011, "W": 257}, {"H": 4099, "W": 61}]),
}



@pytest.mark.parametrize("name", sorted(DESIGNS))
def test_new_gene_designs_pass_correctness(name, runner):
    t = load_template(name)
    changes, common, sizes = DESIGNS[name]
    genomes = [t.space.check({**t.space.coerce(t.meta.FAST_GENOME), **common, **c}) for c in changes]
    bad = []
    for size in sizes if isinstance(sizes, list) else [sizes]:
        cands = [Candidate(t.name, g, size, t.space.key(g)) for g in genomes]
        builds = NvccBuilder().build(t, cands)
        runs = runner.run(t, builds, problem=size)
        bad += [(size, b.candidate.genome, r.status, r.error[:200]) for b, r in zip(builds, runs) if r.status != "ok"]
    assert not bad


@pytest.mark.parametrize("name", ALL)
def test_every_shipped_design_passes_correctness(name, runner):
    """The designs a tune starts from (templates/NAME.designs.json), each through the protocol on every check shape."""
    t = load_template(name)
    cands = [Candidate(t.name, g, t.problem, t.space.key(g)) for g in t.designs]
    builds = NvccBuilder().build(t, cands)
    runs = runner.run(t, builds, check_only=True)
    bad = [(b.candidate.genome, r.status, r.error[:200]) for b, r in zip(builds, runs) if r.status != "ok"]
    assert not bad


def test_sgemm_48k_of_dynamic_tiles_beside_the_static_flag_launch(runner):
    t = load_template("sgemm")
    genomes = sgemm_48k_genomes(t)
    cands = [Candidate(t.name, g, t.problem, t.space.key(g)) for g in genomes]
    builds = NvccBuilder().build(t, cands)
    runs = runner.run(t, builds, check_only=True)
    assert [(r.status, r.error[:200]) for r in runs] == [("ok", "")] * len(genomes)


def test_sgemm_tf32_round_is_the_hardware_cvt_bit_for_bit(tmp_path):
    """sgemm's tensor-core code rounds to TF32 with two integer instructions ((u + 0x1000) & 0xffffe000) where
    cvt.rna.tf32.f32 ran as four (2026-12-06f): the template's own tf32_round, cut from a rendered kernel, against the
    hardware's cvt on every finite float of a sample that holds the ties (13 dropped bits of exactly 0x1000), the ones
    either side of them, subnormals, the largest finite values (which round to infinity) and random bit patterns."""
    import subprocess

    t = load_template("sgemm")
    src = t.render(next(g for g in t.designs if g["ThreadCoarsening_TensorCore"]))
    start = src.index("__device__ __forceinline__ unsigned tf32_round")
    fn = src[start:src.index("\n}\n", start) + 3]
    rng = np.random.default_rng(9)
    hi = rng.integers(0, 1 << 19, 20000, dtype=np.uint64) << np.uint64(13)
    bits = np.concatenate([hi | np.uint64(0x1000), hi | np.uint64(0x0fff), hi | np.uint64(0x1001), hi,
                           rng.integers(0, 1 << 32, 200000, dtype=np.uint64),
                           np.arange(0, 0x4000, dtype=np.uint64),                      # subnormals
                           np.uint64(0x7f7fe000) + np.arange(0x2000, dtype=np.uint64)])  # the largest finite
    bits = np.concatenate([bits, bits | np.uint64(1 << 31)]).astype(np.uint32)
    x = bits.view(np.float32)
    x = x[np.isfinite(x)]
    x.tofile(tmp_path / "x.bin")
    (tmp_path / "r.cu").write_text(fn + r"""
#include <cstdio>
#include <vector>
__global__ void both(const float* x, unsigned* mine, unsigned* hw, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    mine[i] = tf32_round(x[i]);
    unsigned r;
    asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(r) : "f"(x[i]));
    hw[i] = r;
}
int main() {
    FILE* f = fopen("x.bin", "rb"); fseek(f, 0, SEEK_END); int n = ftell(f) / 4; rewind(f);
    std::vector<float> x(n); fread(x.data(), 4, n, f); fclose(f);
    float* dx; unsigned *dm, *dh;
    cudaMalloc(&dx, 4 * n); cudaMalloc(&dm, 4 * n); cudaMalloc(&dh, 4 * n);
    cudaMemcpy(dx, x.data(), 4 * n, cudaMemcpyHostToDevice);
    both<<<(n + 255) / 256, 256>>>(dx, dm, dh, n);
    std::vector<unsigned> m(n), h(n);
    cudaMemcpy(m.data(), dm, 4 * n, cudaMemcpyDeviceToHost);
    if (cudaMemcpy(h.data(), dh, 4 * n, cudaMemcpyDeviceToHost) != cudaSuccess) return 2;
    int bad = 0;
    for (int i = 0; i < n; ++i) bad += m[i] != h[i];
    printf("%d of %d differ\n", bad, n);
    return bad != 0;
}
""")
    build = subprocess.run(["nvcc", "-arch=sm_90", "-o", "r", "r.cu"], cwd=tmp_path, capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    run = subprocess.run(["./r"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stdout.startswith("0 of "), run.stdout + run.stderr
