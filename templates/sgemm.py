"""SGEMM, fp32: C (M x N) = A (M x K) . B (K x N), all row-major, at fp32's accuracy (never one TF32 pass).

The baseline genome renders the naive kernel: one thread per element of C, a plain k loop over
global memory. The space reaches the classic register-blocked design: a BM x BN block tile
staged BK deep through shared memory (A stored transposed, k-major, so that a thread reads its
TM rows as float4), a TM x TN register tile per thread, float4 global loads, the inner k loop
fully unrolled, and double-buffered shared memory fed by a register prefetch of the next tile,
with the register budget capped at 128 so that two 256-thread blocks share an SM, and a second
copy of the k loop that blocks whose tiles are all full and aligned run without bounds
predicates or alignment tests (TileLoops_Specialize: 0.88x -> 0.94x cuBLAS at 4096^3 on the H200).

ThreadCoarsening_TensorCore moves the warp's products onto tensor cores without giving up fp32's accuracy: 3xTF32
(each operand split into a TF32 "big" part and the TF32 rounding of the remainder, three mma passes summed from zero
each 8-k step, or each two with ReorderInstructions_TensorSteps, then added to fp32 accumulators): a third of the
SIMT kernels' error on an H100 (2-6e-7 of the norm against 0.6-1.6e-6) and far inside the tolerance that one TF32 pass
fails (tests/test_templates_sgemm_conv.py); 4096^3 at 1.24-1.30x cuBLAS on an H100 (benchmarks/RESULTS.md, 2026-12-06f).
The peer it is measured against stays cuBLAS's fp32 SGEMM (TF32 off).

Every genome is correct for any M, N, K >= 1: out-of-range rows, columns and k of a tile are
zero-filled in shared memory, stores are bounds-checked, and float4 paths fall back to scalar
ones whenever a row stride (K for A, N for B and C) is not a multiple of 4 or a pointer is not
16-byte aligned.
"""
import math

import numpy as np

from evo_kernels.genome import Gene
from evo_kernels.limits import MAX_SMEM_PER_BLOCK
from evo_kernels.template import Arg

DOC = ("fp32 SGEMM C = A.B (row-major), naive baseline to a 128x128 register-blocked double-buffered SIMT kernel or "
       "3xTF32 tensor-core tiles")
KERNEL = "sgemm"
GENES = [
    Gene("TileLoops_M", "TileLoops", (16, 32, 64, 128, 256), 16, "rows of C per block (BM; 256 on tensor cores only)"),
    Gene("TileLoops_N", "TileLoops", (16, 32, 64, 128, 256), 16,
         "columns of C per block (BN; 256 on tensor cores only)"),
    Gene("TileLoops_K", "TileLoops", (8, 16, 32), 8,
         "k depth of one shared-memory stage (BK); meaningful with UseSharedMemory only, so kept at 8 without it"),
    Gene("ThreadCoarsening_M", "ThreadCoarsening", (1, 2, 4, 8), 1, "rows of C per thread (TM)"),
    Gene("ThreadCoarsening_N", "ThreadCoarsening", (1, 2, 4, 8, 16), 1,
         "columns of C per thread (TN; 16 on tensor cores only: warp tiles of 64 columns)"),
    Gene("UseSharedMemory", "UseSharedMemory", (False, True), False,
         "stage BM x BK of A (transposed) and BK x BN of B in shared memory per k step"),
    Gene("PadSharedMemory", "PadSharedMemory", (False, True), False,
         "4 extra floats per shared row: no bank conflicts on the transposed A stores, float4 reads stay aligned"),
    Gene("VectorizeLoads", "VectorizeLoads", (False, True), False,
         "float4 global loads and stores and 128-bit shared reads where aligned (scalar fallback at odd strides)"),
    Gene("CoalesceMemoryAccess", "CoalesceMemoryAccess", (False, True), False,
         "a thread's TM x TN outputs as 4-wide strips strided across the block tile instead of one contiguous "
         "block: coalesced direct loads, conflict-free 128-bit shared reads"),
    Gene("UnrollLoop", "UnrollLoop", (1, 4, 32), 1,
         "unroll factor of the inner k loop (32: full unroll of a shared stage)"),
    Gene("ReorderInstructions", "ReorderInstructions", (False, True), False,
         "double-buffered shared memory: the next tile is prefetched into registers during the current "
         "tile's math, one barrier per k step"),
    Gene("ReorderInstructions_Async", "ReorderInstructions", (0, 2, 3, 4), 0,
         "stages of an asynchronous copy pipeline (cp.async, sm_80+: global -> shared with no staging registers, "
         "tiles t+1 .. t+stages-1 in flight while tile t is computed, one barrier per tile); 0: off. Replaces the "
         "register-staged double buffering of ReorderInstructions"),
    Gene("TileLoops_Specialize", "TileLoops", (False, True), False,
         "a second copy of the k loop for blocks whose tiles are all full (inside M and N, K a multiple of BK) "
         "with float4-aligned operands: no bounds predicates or alignment tests in the loop; other blocks run "
         "the guarded loop. Needs UseSharedMemory and VectorizeLoads. With ReorderInstructions_Async: "
         "unpredicated cp.async copies from pointers stepping by a tile and the stage loop unrolled so that every "
         "buffer index is a constant"),
    Gene("ReorderInstructions_Fragments", "ReorderInstructions", (False, True), False,
         "in the full-tile loop, the shared-memory fragments of k row kk + 1 are read while row kk is multiplied "
         "(two register sets), and the next tile's row 0 is read after the barrier under the last row's "
         "products, so no read waits on the barrier. Needs TileLoops_Specialize and ReorderInstructions"),
    Gene("TileLoops_Group", "TileLoops", (1, 8), 1,
         "blocks ordered in groups of this many block rows (column by column within a group) instead of row "
         "by row, so that the blocks in flight share rows of A and columns of B in L2"),
    Gene("AdjustBlockSize_MaxRegisters", "AdjustBlockSize", (255, 128), 255,
         "register budget per thread: 128 declares __launch_bounds__(threads, 65536 / (128 * threads)) so that "
         "that many blocks can share an SM (ptxas spills where the code needs more); only for <= 256 threads"),
    Gene("TileLoops_SpecializeEdges", "TileLoops", (False, True), False,
         "the full-tile loop also for a K that BK does not divide (its K / BK full tiles, then the last partial "
         "tile guarded) and for operands that are not float4-aligned (odd K or N: scalar loads, still no "
         "predicates, in a third copy of the loop). With ReorderInstructions_Async the same for the cp.async loop: "
         "B in 4-byte copies where its rows are not 16-byte aligned, the last partial k tile copied zero-filled "
         "after the full ones. Needs TileLoops_Specialize"),
    Gene("TileLoops_SplitK", "TileLoops", (1, 2, 4, 8, 16), 1,
         "split the k range over this many blocks per output tile (grid z) for shapes with few tiles (skinny M or "
         "N, long K): each writes its partial tile to a workspace and the last to arrive sums them in split order "
         "(deterministic). At most SPLIT_CAP floats of workspace: larger problems run unsplit. Also with the "
         "cp.async pipeline (ReorderInstructions_Async), whose loop then walks the block's k range"),
    Gene("TileLoops_SplitKEdges", "TileLoops", (1, 8), 1,
         "split the k range of the edge tiles only (those that M or N cut short) over this many blocks: at a size "
         "the tiles do not divide (4097^3), the edge tiles would run as a last wave of their own; split, their "
         "pieces fill the idle slots of the full tiles' last wave. Their partial tiles go to a packed workspace "
         "and the last to arrive sums them in split order (deterministic). Where the packed slices do not fit "
         "the workspace, or every tile is full, it runs unsplit. Not with TileLoops_SplitK"),
    Gene("TileLoops_Shift", "TileLoops", (False, True), False,
         "a block whose tile M or N cuts short computes the last BM rows (BN columns) of the matrix instead, all in "
         "range, and stores only its own outputs: at a size the tiles do not divide (skinny or ragged shapes, where "
         "most blocks are edge blocks) every block takes the full-tile loop, at the cost of computing the shared "
         "rows and columns twice. Where the matrix is smaller than a tile the block stays put (guarded loop). "
         "Needs TileLoops_Specialize"),
    Gene("ThreadCoarsening_Warp", "ThreadCoarsening", (False, True), False,
         "a warp's 32 threads cover 8 columns x 4 rows of the block's thread grid instead of 32 consecutive threads of "
         "a row (1 or 2 rows): its fragment reads from shared memory touch 8 float4 of B and 4 of A, one wavefront "
         "each, instead of 16 and 2 (3 wavefronts per k step with 4 x 4 per thread, 2 with it). The copies into "
         "shared memory keep their order. Where a row of threads is 16 or more wide (BN / TN >= 16), with shared "
         "memory"),
    Gene("ThreadCoarsening_TensorCore", "ThreadCoarsening", (False, True), False,
         "a warp computes its tile on tensor cores (mma.sync m16n8k8, TF32 in, fp32 accumulate) in three passes, "
         "3xTF32: each element of A and B is split into its TF32 rounding and the TF32 rounding of the remainder, "
         "and the products small.big + big.small + big.big keep about fp32's accuracy (the one dropped term, "
         "small.small, is 2^-22 of the product); each 8-k step's three passes (or two steps' six: "
         "ReorderInstructions_TensorSteps) start from zero and are added to the fp32 accumulators outside the tensor "
         "core (whose own running sum drifts linearly in K). The warp tile is "
         "8 TM x 4 TN (TM / 2 x TN / 2 mma tiles of 16 x 8); A is row-major in shared memory (16-byte copies where "
         "K % 4 == 0), the tiles padded for conflict-free fragment reads and in dynamic shared memory, so BK 32 "
         "with 3-4 stages fits. Needs the cp.async pipeline (ReorderInstructions_Async), TM and TN of 2 or more, "
         "BM a multiple of 8 TM and BN of 4 TN"),
    Gene("ReorderInstructions_TensorSteps", "ReorderInstructions", (1, 2), 1,
         "on tensor cores, how many 8-k steps' passes the tensor core sums from zero before the one fp32 add to each "
         "accumulator: 1, each step's three; 2, two steps' six (half the adds, which are a quarter of the loop's "
         "instructions at 64 x 32 warps, for two steps' fragments live at once). The tensor core's own sum is not "
         "rounded to nearest: 2 lets it run 16 k instead of 8 (run over all of K it drifted linearly); measured, "
         "fewer fp32 roundings won: design14 at 4096^3 2.405 -> 2.139 ms, error 4.2e-7 -> 3.2e-7 of the norm (an "
         "H100, 2026-12-06f). Needs ThreadCoarsening_TensorCore and BK of 16 or more"),
]
PROBLEM = {"M": 4096, "N": 4096, "K": 4096}
CHECK_PROBLEMS = [
    {"M": 512, "N": 256, "K": 128},  # every tile divides
    {"M": 1021, "N": 1019, "K": 1031},  # no tile divides, K and N not multiples of 4
    {"M": 1, "N": 37, "K": 5},  # tiny and odd
    {"M": 67, "N": 132, "K": 36},  # K, N multiples of 4 (float4 paths) with tails in every dim
]
TOLERANCE = 1e-4  # the CPU emulator's desk checks (max-abs error); the protocol applies tolerance(p), below
TOLERANCE_FLOOR = 2e-6
TOLERANCE_PER_SQRT_K = 2e-7


def tolerance(p):
    """The relative error norm C may have at ``p``: 2e-7 sqrt(K), at least 2e-6 (6.4e-6 at K = 1031, 1.3e-5 at 4096).
    An fp32 sum's rounding error grows like sqrt(K) (a sequential one: about 6e-8 sqrt(K / 2)); every genome recorded
    on the H200 at 2048^3 measured 2.9-8.1e-7 against its 9.1e-6, and the tensor-core designs 2-6e-7 at every size. A
    bias grows like K: 3xTF32 accumulated inside the tensor core measured 2.9e-5 at K = 4096 (benchmarks/
    h100-2026-12-06e/call1), inside a fixed 1e-4 up to K ~ 14000 but not inside this bound past K ~ 1000; one TF32
    pass (3e-4) fails it up to K ~ 2 million."""
    return max(TOLERANCE_FLOOR, TOLERANCE_PER_SQRT_K * math.sqrt(p["K"]))

# The high-performance design the space is built to reach (see the module docstring).
FAST_GENOME = {
    "TileLoops_M": 128, "TileLoops_N": 128, "TileLoops_K": 8,
    "ThreadCoarsening_M": 8, "ThreadCoarsening_N": 8,
    "UseSharedMemory": True, "PadSharedMemory": True, "VectorizeLoads": True, "CoalesceMemoryAccess": True,
    "UnrollLoop": 32, "ReorderInstructions": True, "AdjustBlockSize_MaxRegisters": 128,
    "TileLoops_Specialize": True,
}


MAX_STAGED_PER_THREAD = 32  # floats of A and B tiles one thread moves per k step
SPLIT_CAP = 1 << 25  # floats of split-K workspace (128 MiB): splits x M x N beyond it run unsplit
MAX_SPLIT = 16
EDGE_ROOM = 8  # the packed edge slices fit in EDGE_ROOM x M x N floats (the room they had before SplitK took 16)


def threads(g):
    return (g["TileLoops_M"] // g["ThreadCoarsening_M"]) * (g["TileLoops_N"] // g["ThreadCoarsening_N"])


def tile_bytes(g):
    """Bytes of the A and B tiles in shared memory, every stage: A k-major and B, rows padded by 4 floats; on tensor
    cores A row-major (rows of BK + 4) and B's rows padded by 8 (conflict-free fragment reads)."""
    if not g["UseSharedMemory"]:
        return 0
    bm, bn, bk, pad = g["TileLoops_M"], g["TileLoops_N"], g["TileLoops_K"], g["PadSharedMemory"]
    nbuf = g["ReorderInstructions_Async"] or (2 if g["ReorderInstructions"] else 1)
    if g["ThreadCoarsening_TensorCore"]:
        return 4 * nbuf * (bm * (bk + 4 * pad) + bk * (bn + 8 * pad))
    return 4 * nbuf * bk * (bm + 4 * pad + bn + 4 * pad)


def dynamic_smem(g):
    """Dynamic shared memory per block: the tiles, on tensor cores (static shared memory stops at 48 KB)."""
    return tile_bytes(g) if g["ThreadCoarsening_TensorCore"] else 0


def smem_bytes(g):
    """Static shared memory per block: the tiles (but on tensor cores) and the split-K epilogue's flag."""
    if not g["UseSharedMemory"]:
        return 0
    flag = 4 if max(g["TileLoops_SplitK"], g["TileLoops_SplitKEdges"]) > 1 else 0   # the split-K epilogue's flag
    if g["ThreadCoarsening_TensorCore"]:
        return -(-flag // 16) * 16   # the flag alone, its static region padded to the dynamic tiles' 16-byte alignment
    return tile_bytes(g) + flag


def constraints(g):
    out = []
    t = threads(g)
    if t < 32:
        out.append(f"{t} threads per block: fewer than one warp")
    if g["PadSharedMemory"] and not g["UseSharedMemory"]:
        out.append("PadSharedMemory requires UseSharedMemory")
    staged = g["TileLoops_K"] * (g["TileLoops_M"] + g["TileLoops_N"])
    # (on tensor cores the tiles come by cp.async only, through no registers: the SIMT genomes keep the limit as it was)
    if g["UseSharedMemory"] and staged > MAX_STAGED_PER_THREAD * t and not g["ThreadCoarsening_TensorCore"]:
        out.append(f"each of the {t} threads would stage {staged / t:.0f} > {MAX_STAGED_PER_THREAD} floats per k step "
                   "(too few threads for the tile: the staging registers spill)")
    if g["ReorderInstructions"] and not g["UseSharedMemory"]:
        out.append("ReorderInstructions (double buffering) requires UseSharedMemory")
    if g["ReorderInstructions_Async"] and not g["UseSharedMemory"]:
        out.append("ReorderInstructions_Async (a cp.async pipeline into shared memory) requires UseSharedMemory")
    if g["ReorderInstructions_Async"] and g["ReorderInstructions"]:
        out.append("ReorderInstructions_Async replaces the register-staged double buffering: ReorderInstructions "
                   "must be False with it")
    if g["TileLoops_Specialize"] and not (g["UseSharedMemory"] and g["VectorizeLoads"]):
        out.append("TileLoops_Specialize (an unguarded float4 loop for full tiles) requires UseSharedMemory and "
                   "VectorizeLoads")
    if g["ReorderInstructions_Fragments"] and not (g["TileLoops_Specialize"] and g["ReorderInstructions"]) and \
            not (g["ReorderInstructions_Async"] and g["UseSharedMemory"]):
        out.append("ReorderInstructions_Fragments pipelines the full-tile double-buffered loop or the cp.async loop: "
                   "it requires TileLoops_Specialize and ReorderInstructions, or ReorderInstructions_Async")
    if g["TileLoops_SplitK"] > 1 and not g["UseSharedMemory"]:
        out.append("TileLoops_SplitK applies to the shared-memory loops: it requires UseSharedMemory")
    if g["TileLoops_SplitKEdges"] > 1 and not g["UseSharedMemory"]:
        out.append("TileLoops_SplitKEdges applies to the shared-memory loops: it requires UseSharedMemory")
    if g["TileLoops_SplitKEdges"] > 1 and g["TileLoops_SplitK"] > 1:
        out.append("TileLoops_SplitKEdges splits the edge tiles only; TileLoops_SplitK splits every tile: one or "
                   "the other")
    if g["ThreadCoarsening_Warp"]:
        ntx, nty = g["TileLoops_N"] // g["ThreadCoarsening_N"], g["TileLoops_M"] // g["ThreadCoarsening_M"]
        if not g["UseSharedMemory"]:
            out.append("ThreadCoarsening_Warp shapes the warps' shared-memory reads: it requires UseSharedMemory")
        if ntx < 16 or nty % 4 or t % 32:
            out.append(f"ThreadCoarsening_Warp needs rows of 16 or more threads and whole 8 x 4 warps "
                       f"({ntx} x {nty} threads)")
    if not g["ThreadCoarsening_TensorCore"] and (256 in (g["TileLoops_M"], g["TileLoops_N"]) or
                                                 g["ThreadCoarsening_N"] == 16):
        out.append("block tiles of 256 and 16 columns per thread are for the tensor-core warp tiles "
                   "(ThreadCoarsening_TensorCore): the SIMT space keeps tiles of at most 128 x 128 and 8 x 8 a thread")
    if g["ThreadCoarsening_TensorCore"]:
        tm, tn = g["ThreadCoarsening_M"], g["ThreadCoarsening_N"]
        if not (g["UseSharedMemory"] and g["ReorderInstructions_Async"]):
            out.append("ThreadCoarsening_TensorCore feeds its fragments from the cp.async pipeline: it requires "
                       "UseSharedMemory and ReorderInstructions_Async")
        if tm < 2 or tn < 2 or g["TileLoops_M"] % (8 * tm) or g["TileLoops_N"] % (4 * tn):
            out.append(f"ThreadCoarsening_TensorCore tiles each warp {8 * tm} x {4 * tn} in m16n8 pieces: it needs "
                       f"TM and TN of 2 or more, BM a multiple of {8 * tm} and BN of {4 * tn}")
        if g["ThreadCoarsening_Warp"]:
            out.append("ThreadCoarsening_Warp shapes SIMT threads' reads; on tensor cores the warp tile is fixed: "
                       "not with ThreadCoarsening_TensorCore")
        if tile_bytes(g) > MAX_SMEM_PER_BLOCK:
            out.append(f"the tiles take {tile_bytes(g)} B of shared memory > {MAX_SMEM_PER_BLOCK} B per block")
        if g["ReorderInstructions_TensorSteps"] > 1 and g["TileLoops_K"] < 8 * g["ReorderInstructions_TensorSteps"]:
            out.append(f"ReorderInstructions_TensorSteps={g['ReorderInstructions_TensorSteps']} sums "
                       f"{8 * g['ReorderInstructions_TensorSteps']} k at a time: BK must be at least that")
    elif g["ReorderInstructions_TensorSteps"] != 1:
        out.append("ReorderInstructions_TensorSteps orders the tensor cores' sums: without ThreadCoarsening_TensorCore "
                   "it stays at 1")
    if g["TileLoops_Shift"] and not g["TileLoops_Specialize"]:
        out.append("TileLoops_Shift moves edge tiles onto the full-tile loop: it requires TileLoops_Specialize")
    if g["TileLoops_SpecializeEdges"] and not g["TileLoops_Specialize"]:
        out.append("TileLoops_SpecializeEdges extends the full-tile loop: it requires TileLoops_Specialize")
    if g["AdjustBlockSize_MaxRegisters"] != 255 and t > 256:
        out.append(f"AdjustBlockSize_MaxRegisters=128 needs <= 256 threads ({t} threads get <= 128 registers anyway)")
    if g["TileLoops_K"] != 8 and not g["UseSharedMemory"]:
        out.append("TileLoops_K is the shared-memory stage depth: without UseSharedMemory it stays at 8")
    return out


def args(p):
    M, N, K = p["M"], p["N"], p["K"]
    return [Arg("C", "out", "float32", (M, N)), Arg("A", "in", "float32", (M, K)), Arg("B", "in", "float32", (K, N)),
            # split-K: the partial tiles, and a counter per 16 x 16 tile (the smallest block tile); zero at start,
            # and the kernel leaves the counters at zero
            Arg("work", "scratch", "float32", (workspace_floats(p),)),
            Arg("tiles", "scratch", "int32", (-(-M // 16) * -(-N // 16),)),
            Arg("M", "scalar", "int32", value=M), Arg("N", "scalar", "int32", value=N),
            Arg("K", "scalar", "int32", value=K)]


def workspace_floats(p):
    return min(MAX_SPLIT * p["M"] * p["N"], SPLIT_CAP)


def splits(g, p):
    """Blocks per output tile along k (grid z): TileLoops_SplitK, at most one per k tile, 1 past SPLIT_CAP;
    TileLoops_SplitKEdges likewise where some tile is cut short and the packed edge slices (one per
    tile row and tile column of the grid, splits x BM x BN floats each) fit their room (EDGE_ROOM x M x N floats)."""
    M, N, bm, bn = p["M"], p["N"], g["TileLoops_M"], g["TileLoops_N"]
    ktiles = -(-p["K"] // g["TileLoops_K"])
    if g["TileLoops_SplitKEdges"] > 1:
        s = min(g["TileLoops_SplitKEdges"], ktiles)
        packed = s * (-(-M // bm) + -(-N // bn)) * bm * bn
        return s if s > 1 and (M % bm or N % bn) and packed <= min(EDGE_ROOM * M * N, SPLIT_CAP) else 1
    s = min(g["TileLoops_SplitK"], ktiles)
    return s if s > 1 and s * M * N <= SPLIT_CAP else 1


def launch(g, p):
    bm, bn = g["TileLoops_M"], g["TileLoops_N"]
    grid = ((p["N"] + bn - 1) // bn, (p["M"] + bm - 1) // bm, splits(g, p))
    block = (bn // g["ThreadCoarsening_N"], bm // g["ThreadCoarsening_M"])
    return grid, block, dynamic_smem(g)


def launch_cpp(g):
    """launch() in C++ for the exported header (splits() compares sizes, which a symbolic launch cannot)."""
    bm, bn, bk, s = g["TileLoops_M"], g["TileLoops_N"], g["TileLoops_K"], g["TileLoops_SplitK"]
    se = g["TileLoops_SplitKEdges"]
    ks = f"evo_min({max(s, se)}, evo_floordiv(K + {bk - 1}, {bk}))"
    if se > 1:
        packed = f"{ks} * (evo_floordiv(M + {bm - 1}, {bm}) + evo_floordiv(N + {bn - 1}, {bn})) * {bm * bn}"
        z = (f"(({ks} > 1 && (M % {bm} != 0 || N % {bn} != 0) && {packed} <= "
             f"evo_min({EDGE_ROOM}LL * M * N, {SPLIT_CAP}LL)) ? {ks} : 1)")
    else:
        z = "1" if s == 1 else f"(({ks} * (long long)M * N <= {SPLIT_CAP}LL) ? {ks} : 1)"
    return ([f"evo_floordiv(N + {bn - 1}, {bn})", f"evo_floordiv(M + {bm - 1}, {bm})", z],
            [str(bn // g["ThreadCoarsening_N"]), str(bm // g["ThreadCoarsening_M"])], str(dynamic_smem(g)))


def reference(inputs, p):
    a = np.asarray(inputs["A"], dtype=np.float64).reshape(p["M"], p["K"])
    b = np.asarray(inputs["B"], dtype=np.float64).reshape(p["K"], p["N"])
    return {"C": a @ b}


def reference_torch(inputs, p):
    return {"C": inputs["A"] @ inputs["B"]}


def cost(p):
    M, N, K = p["M"], p["N"], p["K"]
    return 4 * (M * K + K * N + M * N), 2 * M * N * K
