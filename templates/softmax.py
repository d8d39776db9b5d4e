"""Row-wise softmax, fp32: out[r][c] = exp(x[r][c] - max_r) / sum_c exp(x[r][c] - max_r), R x C row-major.

Its inputs are drawn "wide" (N(0, 64^2)): at those magnitudes exp overflows float32 unless the row's
maximum is subtracted first, so a kernel that skips it fails the checks (tests/faulty/softmax_nomax).

A group of AdjustBlockSize threads owns one row; a block holds ThreadCoarsening groups (rows).
UseSharedMemory picks the algorithm: "none" reads the row three times (max, sum, write),
"online" twice (running max and rescaled sum in one pass, then the write), "registers" and
"shared" read it once into a per-thread cache of UnrollLoop x VectorizeLoads floats per thread
(in registers or in shared memory) and fall back to "online" (UnrollLoop/2 vectors per step)
for rows longer than the cache. TileLoops_Cluster > 1 splits each row over a cluster of blocks
(sm_90), whose parts' max and sum meet through distributed shared memory: a cached mode then holds
rows that many times longer, in one pass. "registers+shared" continues the register cache in the
rest of the block's shared memory (dynamic, up to 227 KB), for rows (parts) too long for the registers
alone: 512 threads x 16 float4 in registers and 28 in shared memory hold 90,112 floats a block, 720,896
in a cluster of 8, 1,441,792 in a cluster of 16 (past the portable 8: the launch sets the kernel's
NON_PORTABLE_CLUSTER_SIZE_ALLOWED, as the runner and the exported header do for any template whose cluster(g) is
past 8).
Rows whose length is not a multiple of VectorizeLoads (or misaligned buffers) take the scalar instance
of the same code: UnrollLoop floats per thread; with
VectorizeLoads_Align, the vector instance from each row's first 16-byte boundary, the loose floats
before and after it as scalars. TileLoops_Rows = n gives each row group n rows in turn (a grid n
times shorter); in "registers" mode, for rows (parts) that fit the cache, the loads of the next row
are issued into a second register set before the current row's reductions, so a block keeps loads
in flight through its barriers (cluster barriers too), exp and stores instead of idling there.
TileLoops_Reverse, for rows read more than once (the "none" and "online" passes, and rows longer than a
cached mode's cache): each pass walks the row (part) the other way from the pass before, so the re-read
starts with what was read last and finds it in L2 rather than in DRAM, and the write pass's stores are
evict-first, so they do not push out the lines still to be re-read.
ReorderInstructions_PairReduce reduces the row's max and its sum of exponentials together, as
(max, sum of exp(x - max)) pairs from each thread's own max (the write rescales by exp(own max - row
max)): one block barrier and one cluster barrier per row instead of two and three, for the short
parts of rows split over a cluster, whose blocks otherwise wait at the barriers more than they move data.
UseSharedMemory_Overflow, for rows (parts) longer than a cached mode's cache: the cache still holds the thread's first
vectors, read once; only the rest of the row is read twice (an online pass, then the write pass) instead of the whole
row: a row 1.2 times the cache moves 1.2 + 1 of its size instead of 2 + 1.
UseSharedMemory_Stage = k, for rows of at most k floats (decided at run time from C): a block's rows are one contiguous
chunk of the matrix, so the block copies the chunk into shared memory with float4 loads from its first 16-byte
boundary (scalars before and after), each group computes its row there, and the chunk goes back out the same way:
every global access a full vector, where a group reading a 29-float row by itself gets scalars or misaligned pieces.
"""
import numpy as np

from evo_kernels.genome import Gene
from evo_kernels.limits import MAX_SMEM_PER_BLOCK
from evo_kernels.template import Arg

DOC = "row-wise fp32 softmax of an R x C matrix"
KERNEL = "softmax"
MODES = ("none", "online", "registers", "shared", "registers+shared")
GENES = [
    Gene("AdjustBlockSize", "AdjustBlockSize", (1, 4, 8, 16, 32, 64, 128, 256, 512, 1024), 1,
         "threads per row (a row group); groups of fewer than 32 threads share a warp"),
    Gene("ThreadCoarsening", "ThreadCoarsening", (1, 2, 4, 8, 16, 32, 64, 128), 128, "rows (groups) per block"),
    Gene("UseSharedMemory", "UseSharedMemory", MODES, "none",
         "none: 3 passes over global memory; online: 2 passes (online max/sum); registers / shared: "
         "the row is read once into a per-thread cache in registers / shared memory; registers+shared: the "
         "register cache continued in the rest of the block's shared memory (dynamic, up to 227 KB)"),
    Gene("UnrollLoop", "UnrollLoop", (1, 2, 4, 8, 16), 1,
         "vectors per thread per unrolled step; the per-thread cache size in registers / shared mode"),
    Gene("VectorizeLoads", "VectorizeLoads", (1, 2, 4), 1, "floats per load and store (when C allows)"),
    Gene("CoalesceMemoryAccess", "CoalesceMemoryAccess", (False, True), False,
         "True: the threads of a row interleave (thread t takes vectors t, t+T, ...); "
         "False: each takes one contiguous chunk of the row"),
    Gene("VectorizeLoads_Align", "VectorizeLoads", (False, True), False,
         "rows whose length is not a multiple of VectorizeLoads (odd C): vectors from each row's first 16-byte "
         "boundary, its few loose floats before and after handled as scalars, instead of the all-scalar path"),
    Gene("TileLoops_Cluster", "TileLoops", (1, 2, 4, 8, 16), 1,
         "blocks per row: a cluster of this many blocks splits each row into parts, one per block, and "
         "combines the parts' max and sum through distributed shared memory, so a cached mode holds rows "
         "this many times longer on chip (one pass for rows of 32k-64k floats; 16, a non-portable size that "
         "the launch opts in to, holds rows of up to ~1.4M floats in registers and shared memory)"),
    Gene("TileLoops_Rows", "TileLoops", (1, 2, 4, 8), 1,
         "rows each row group handles in turn; in registers mode the next row's loads are issued (into a "
         "second register set) before this row's reductions, so they fly during its barriers and stores; in "
         "registers+shared mode the next row's shared part is copied while this row's is written out"),
    Gene("TileLoops_Reverse", "TileLoops", (False, True), False,
         "rows read more than once (none and online modes, and rows longer than a cached mode's cache): each "
         "pass walks the row (part) the other way from the pass before, so it starts with the vectors read "
         "last, the likeliest still in L2, and the write pass stores evict-first (st.global.cs)"),
    Gene("AdjustBlockSize_Resident", "AdjustBlockSize", (1, 2), 1,
         "blocks per SM the kernel is built for: 2 declares __launch_bounds__ with 2 blocks per SM (at most half the "
         "SM's registers a block) and sizes registers+shared's cache to half the SM's shared memory, so that one "
         "block reads its row while the other writes out its own: an SM's reads and writes overlap, which one block "
         "per SM keeps apart"),
    Gene("UseSharedMemory_Overflow", "UseSharedMemory", (False, True), False,
         "rows (parts) longer than a cached mode's cache (registers, shared, registers+shared): the cache holds each "
         "thread's first vectors, read once, and only the rest streams twice (online pass, write pass), instead of "
         "the whole row streaming twice; changes nothing in the none and online modes, which cache nothing"),
    Gene("ReorderInstructions_PairReduce", "ReorderInstructions", (False, True), False,
         "the row's max and its sum of exp(x - max) reduced together, as (max, sum) pairs from each thread's own max: "
         "one block barrier and one cluster barrier per row instead of two and three (the cluster's last one "
         "deferred: a block waits for the others to have read its pair only before it publishes the next one)"),
    Gene("UseSharedMemory_Stage", "UseSharedMemory", (0, 32, 64, 128), 0,
         "k > 0: rows of at most k floats (a runtime test on C) go through shared memory a block at a time: the "
         "block's rows, one contiguous chunk, copied in and out with float4s from its 16-byte boundaries whatever C "
         "is, each row's max, exponentials and scaling done in the staged copy; longer rows take the other genes' "
         "path. For rows of a few dozen floats, which no vector width divides and a group of threads reads in "
         "pieces of a few floats. No effect with TileLoops_Cluster > 1 or in registers+shared mode"),
]
PROBLEM = {"R": 32768, "C": 4096}
CHECK_PROBLEMS = [{"R": 1000, "C": 4096}, {"R": 4093, "C": 4091}, {"R": 37, "C": 1}, {"R": 70, "C": 12290},
                  {"R": 3, "C": 130}, {"R": 5, "C": 32764},  # a long row, cut into unequal parts
                  {"R": 1031, "C": 29}]   # rows of 29 floats: a block's chunk starts off 16-byte boundaries


def block_threads(g):
    return g["AdjustBlockSize"] * g["ThreadCoarsening"]


def constraints(g):
    out = []
    t, nt = g["AdjustBlockSize"], block_threads(g)
    if nt < 32:
        out.append(f"AdjustBlockSize={t} x ThreadCoarsening={g['ThreadCoarsening']} = {nt} threads is less "
                   "than one warp")
    if g["VectorizeLoads_Align"] and g["VectorizeLoads"] == 1:
        out.append("VectorizeLoads_Align needs VectorizeLoads > 1")
    if g["CoalesceMemoryAccess"] and t == 1:
        out.append("CoalesceMemoryAccess needs AdjustBlockSize>1 (one thread per row has nothing to interleave)")
    floats = g["UnrollLoop"] * g["VectorizeLoads"]
    # keeps clear of spills under __launch_bounds__(nt) (ptxas, sm_90: 1024 threads x 32 floats in
    # registers 59 registers, 512 x 64 98, no spill)
    # TileLoops_Rows > 1 in registers mode holds two rows (this one and the next) and caps the registers
    # at 64 (__launch_bounds__ for 1024 threads per SM): 2 x 16 floats fit without spill (ptxas, sm_90)
    # with 17-32 floats the cap is 128 registers (512 threads per SM): 2 x 32 floats fit (ptxas, sm_90)
    if g["TileLoops_Rows"] > 1 and g["UseSharedMemory"] == "registers" and (floats > 32 or (floats > 16 and nt > 512)):
        out.append(f"TileLoops_Rows={g['TileLoops_Rows']} in registers mode holds two rows under a 64-register cap "
                   f"(128 for blocks of at most 512 threads): UnrollLoop x VectorizeLoads = {floats} floats per row "
                   "per thread > 16 (> 32)")
    if g["TileLoops_Rows"] > 1 and g["UseSharedMemory"] == "registers" and (
            g["VectorizeLoads_Align"] or not g["CoalesceMemoryAccess"]):
        out.append(f"TileLoops_Rows={g['TileLoops_Rows']} in registers mode (64-register cap) spills with "
                   "VectorizeLoads_Align or without CoalesceMemoryAccess (ptxas, sm_90): it requires "
                   "CoalesceMemoryAccess=True and VectorizeLoads_Align=False")
    if g["AdjustBlockSize_Resident"] > 1:
        # 2 blocks per SM: 32768 registers a block, 64 a thread at 512 threads, 128 at 256: 32 floats held in
        # registers fit without spill at both (ptxas, sm_90), 64 spill at both in registers+shared mode (the
        # cp.async copies and the second loop take the rest)
        held = floats if g["UseSharedMemory"] in ("registers", "registers+shared") else 0
        if nt > 512 or (nt >= 256 and held > 32):
            out.append(f"AdjustBlockSize_Resident=2 gives each thread of {nt} at most {65536 // (2 * nt)} registers: "
                       f"it needs blocks of at most 512 threads, and at 256 or more at most 32 floats held in "
                       f"registers per thread ({held})")
    if floats * nt > 32768:
        out.append(f"UnrollLoop x VectorizeLoads = {floats} floats held per thread x {nt} threads "
                   "(AdjustBlockSize x ThreadCoarsening) > 32768 per block")
    return out


def stage_floats(g):
    """UseSharedMemory_Stage's row length cap where it applies, else 0: it stages nothing for rows split over a cluster
    (whose blocks share a row, not a chunk) nor beside registers+shared mode's dynamic cache (which takes the block's
    shared memory); there the kernel is the one without it. The template's source (meta.stage_floats) and
    smem_bytes both read it here."""
    applies = g["TileLoops_Cluster"] == 1 and g["UseSharedMemory"] != "registers+shared"
    return g["UseSharedMemory_Stage"] if applies else 0


def smem_bytes(g):
    t, nt = g["AdjustBlockSize"], block_threads(g)
    pair = 2 if g["ReorderInstructions_PairReduce"] else 1   # PairReduce: the block's slots in two halves (row parity)
    red = pair * 2 * 4 * g["ThreadCoarsening"] * (t // 32) if t > 32 else 0
    red += 4 * ((2 * g["ThreadCoarsening"] + 3) // 4 * 4) if g["TileLoops_Cluster"] > 1 else 0
    cache = 4 * nt * g["UnrollLoop"] * g["VectorizeLoads"] if g["UseSharedMemory"] == "shared" else 0
    return red + cache + 4 * g["ThreadCoarsening"] * stage_floats(g)   # and the block's rows, staged


STATIC_RESERVE = 2048  # bytes of a block's shared memory left to its static arrays (at most 1.1 KB: smem_bytes)
SMEM_PER_SM = 228 * 1024   # shared memory of an SM (sm_90), which its resident blocks share
BLOCK_RESERVE = 1024       # shared memory the CUDA runtime reserves per resident block (sm_80+)
EXTRA_MAX = 64         # vectors a thread holds in shared memory at most (each is an unrolled step of the cache)


def extra_vectors(g):
    """Vectors of VectorizeLoads floats each thread caches in shared memory in registers+shared mode (0 in the
    others): as many as the rest of the block's 227 KB holds (with AdjustBlockSize_Resident = 2, of its half of the
    SM's 228 KB), at most EXTRA_MAX. The template's source (meta.extra_vectors) and its launch (dynamic_smem) both
    read it here."""
    if g["UseSharedMemory"] != "registers+shared":
        return 0
    res = g["AdjustBlockSize_Resident"]
    room = MAX_SMEM_PER_BLOCK if res == 1 else SMEM_PER_SM // res - BLOCK_RESERVE
    return min(EXTRA_MAX, (room - STATIC_RESERVE) // (4 * block_threads(g) * g["VectorizeLoads"]))


def dynamic_smem(g):
    """Bytes of dynamic shared memory per block: the shared part of registers+shared mode's cache."""
    return 4 * block_threads(g) * extra_vectors(g) * g["VectorizeLoads"]


def args(p):
    return [Arg("out", "out", "float32", (p["R"], p["C"])), Arg("inp", "in", "float32", (p["R"], p["C"]), init="wide"),
            Arg("R", "scalar", "int32", value=p["R"]), Arg("C", "scalar", "int32", value=p["C"])]


def cluster(g):
    """Blocks per cluster: the source's __cluster_dims__ (CL in softmax.cu.mako), which the launch must match."""
    return g["TileLoops_Cluster"]


def launch(g, p):
    rpb = g["ThreadCoarsening"] * g["TileLoops_Rows"]
    return (max(1, -(-p["R"] // rpb)) * g["TileLoops_Cluster"],), (block_threads(g),), dynamic_smem(g)


def reference(inputs, p):
    x = inputs["inp"].astype(np.float64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return {"out": e / e.sum(axis=1, keepdims=True)}


def reference_torch(inputs, p):
    """The reference on the GPU (torch; float64 tensors in the check, float32 as the eager peer)."""
    import torch

    return {"out": torch.softmax(inputs["inp"], dim=1)}


def cost(p):
    # max, subtract, exp, add, multiply per element
    return 2 * 4 * p["R"] * p["C"], 5 * p["R"] * p["C"]


FAST_GENOME = {"AdjustBlockSize": 256, "ThreadCoarsening": 1, "UseSharedMemory": "registers", "UnrollLoop": 4,
               "VectorizeLoads": 4, "CoalesceMemoryAccess": True, "TileLoops_Cluster": 1,
               "VectorizeLoads_Align": False, "TileLoops_Rows": 1, "TileLoops_Reverse": False,
               "ReorderInstructions_PairReduce": False, "AdjustBlockSize_Resident": 1,
               "UseSharedMemory_Overflow": False, "UseSharedMemory_Stage": 0}
