"""One 5-point 2D Jacobi step, fp32, H x W row-major:
out[y][x] = c0*in[y][x] + c1*(in[y-1][x] + in[y+1][x] + in[y][x-1] + in[y][x+1]) inside,
out = in on the boundary (first/last row and column).

A block of AdjustBlockSizeX x AdjustBlockSizeY threads covers a tile of (X*VectorizeLoads) columns
by (Y*ThreadCoarsening) rows; each thread computes VectorizeLoads consecutive columns of
ThreadCoarsening consecutive rows, either from global memory with a sliding window of three rows
in registers, or from a shared-memory copy of the tile and its one-cell halo.

For odd W (every row starts at another 16-byte shift, so float2/float4 cannot apply as such), the
path without shared memory has VectorizeLoads_Align (two aligned vectors per row shifted in registers),
VectorizeLoads_AlignStores (aligned vector stores assembled through a warp shuffle) and
ReorderInstructions_Prefetch (all rows of a thread loaded before the first is used); CoalesceMemoryAccess
spreads a thread's columns a block width apart so that the scalar accesses of a warp are consecutive (the
consecutive-columns layout has lanes 4*VectorizeLoads bytes apart, and the H200 profile of the best odd-W genomes
showed the L1 at 72-83% "Memory Throughput" above DRAM at 59-74%). With shared memory, TileLoops_Skew splits each
output row between tiles at 32-byte sector boundaries (on the H200 an odd-W stencil wrote 17% more L2 sectors
than an even one of the same design). TileLoops_Narrow treats a grid at most half a tile of outputs wide as one
contiguous run of floats, staged in shared memory run by run. TileLoops_Flat drops the tiles: one thread per
column of a band of rows, or (float4) 4 consecutive floats of the flat grid per thread, torch.compile's layout.
The tiled kernels stride over grid y, which launch() caps at 65535.
"""
import numpy as np

from evo_kernels.genome import Gene
from evo_kernels.template import Arg

DOC = "5-point Jacobi step on an H x W fp32 grid (boundary copied)"
KERNEL = "stencil"
C0, C1 = 0.5, 0.125
GENES = [
    Gene("AdjustBlockSizeX", "AdjustBlockSize", (8, 16, 32, 64, 128, 256), 16, "threads per block in x"),
    Gene("AdjustBlockSizeY", "AdjustBlockSize", (1, 2, 4, 8, 16, 32), 16, "threads per block in y"),
    Gene("ThreadCoarsening", "ThreadCoarsening", (1, 2, 4, 8, 16), 1,
         "consecutive output rows per thread (a sliding window of three rows in registers)"),
    Gene("VectorizeLoads", "VectorizeLoads", (1, 2, 4), 1,
         "consecutive output columns per thread, loaded and stored as float2/float4 when W allows"),
    Gene("UseSharedMemory", "UseSharedMemory", (False, True), False, "stage the tile and its halo in shared memory"),
    Gene("PadSharedMemory", "PadSharedMemory", (False, True), False,
         "one extra vector per shared-memory row against bank conflicts"),
    Gene("UnrollLoop", "UnrollLoop", (False, True), False, "unroll the per-thread row loop"),
    Gene("VectorizeLoads_Align", "VectorizeLoads", (False, True), False,
         "without shared memory, where W or a buffer allows no vectors (odd W: every row starts at another "
         "shift): each row's VectorizeLoads columns come from the two aligned vectors that cover them, shifted in "
         "registers (the shift is one per row, so a warp takes one branch); the right neighbour comes from the "
         "same vectors, the left one too unless the row is aligned"),
    Gene("ReorderInstructions_Prefetch", "ReorderInstructions", (False, True), False,
         "without shared memory: the ThreadCoarsening + 2 rows of a thread are all loaded (clamped into the "
         "grid, so no guard holds them back) before the first output is computed, instead of one row ahead. "
         "Changes nothing with UseSharedMemory"),
    Gene("VectorizeLoads_AlignStores", "VectorizeLoads", (False, True), False,
         "with VectorizeLoads_Align, the stores of a misaligned row are aligned vectors too: each lane stores the "
         "vector that starts inside its VectorizeLoads outputs, completed by the next lane's (a warp shuffle); the "
         "first and last lane of a warp store their loose ends one by one. Needs AdjustBlockSizeX >= 32 (a warp in "
         "one row) where it takes effect (with VectorizeLoads_Align in effect; elsewhere it changes nothing)"),
    Gene("VectorizeLoads_AlignShared", "VectorizeLoads", (False, True), False,
         "with UseSharedMemory and VectorizeLoads > 1, where W or a buffer allows no vectors: each tile row and its "
         "halo are loaded as the aligned VectorizeLoads-float vectors that cover them, spread over the block's "
         "threads, and stored to shared memory element by element at their columns (the stores to global memory "
         "stay element by element). Elsewhere it changes nothing"),
    Gene("CoalesceMemoryAccess", "CoalesceMemoryAccess", (False, True), False,
         "without shared memory and VectorizeLoads_Align, VectorizeLoads > 1, where W or a buffer allows no "
         "vectors (odd W): each thread's VectorizeLoads columns are AdjustBlockSizeX apart instead of consecutive, "
         "so every warp load and store covers consecutive floats (the lanes' scalar accesses were 4*VectorizeLoads "
         "bytes apart: VectorizeLoads times the L1 wavefronts); the left and right neighbours are loads of their "
         "own. Elsewhere it changes nothing"),
    Gene("TileLoops_Flat", "TileLoops", (False, True, "float4"), False,
         "without shared memory: the grid is flattened over (band of ThreadCoarsening rows, column), thread g "
         "taking column g % W of band g / W, so no block is idle at a ragged right edge (W = 257 in tiles of 128 "
         "columns leaves a block-column of 1 column: a third of the blocks hold a slot for one thread's work). "
         "One column per thread, coalesced scalar loads and stores, all ThreadCoarsening + 2 rows loaded before "
         "the first output. It replaces the x/y tiling, VectorizeLoads and the odd-width genes; changes nothing "
         "with UseSharedMemory. \"float4\": the H x W outputs as one flat array in float4 pieces instead "
         "(torch.compile's layout for this stencil, which ran at 88-91% occupancy where the tiled designs ran at "
         "46-51% on the H200): a thread takes 4 consecutive floats of each of ThreadCoarsening block-wide chunks "
         "(at most 4), every warp access spans 512 consecutive bytes; the centre is one float4 load and store, the "
         "rows above and below and the left and right neighbours scalar loads that the L1 serves"),
    Gene("TileLoops_Skew", "TileLoops", (False, True), False,
         "with UseSharedMemory, where the rows take no vectors (W % VectorizeLoads != 0, a misaligned buffer, or "
         "VectorizeLoads 1): each output row of a tile is shifted left by its misalignment within a 32-byte sector, so "
         "rows are split between tiles at sector boundaries and every sector is written whole by one warp store (an "
         "odd-W stencil wrote 17% more L2 sectors than an even one on the H200; the same skew made odd transposes "
         "18-25% faster). The tile stages 8 more columns, loaded in sector-aligned warp windows; a thread's columns "
         "are AdjustBlockSizeX apart (every warp access consecutive), and the grid has one more tile column where "
         "W + 7 needs it. Changes nothing without UseSharedMemory"),
    Gene("TileLoops_Narrow", "TileLoops", (False, True), False,
         "without shared memory tiles, for a grid at most half a block's tile of outputs wide (2W <= tile columns x "
         "rows, decided at run time; 131072 x 257 left a third of each 128-wide tile idle): the H x W outputs are cut "
         "into runs of one tile's count of consecutive floats, each starting on a 32-byte sector; a block stages a run "
         "with the rows above and below by aligned float4 loads into shared memory (2 x tile + 16 floats) and each "
         "warp stores 32 consecutive floats, every thread busy whatever W. Changes nothing with UseSharedMemory or "
         "TileLoops_Flat"),
]
PROBLEM = {"H": 8192, "W": 8192}
CHECK_PROBLEMS = [{"H": 512, "W": 768}, {"H": 4093, "W": 4091}, {"H": 1, "W": 37}, {"H": 3, "W": 3},
                  {"H": 37, "W": 1}, {"H": 130, "W": 1030}]


def tile(g):
    """(columns, rows) of output one block covers."""
    return g["AdjustBlockSizeX"] * g["VectorizeLoads"], g["AdjustBlockSizeY"] * g["ThreadCoarsening"]


def skewed(g):
    """TileLoops_Skew takes effect (it needs UseSharedMemory; else it changes nothing)."""
    return bool(g["TileLoops_Skew"]) and bool(g["UseSharedMemory"])


def smem_stride(g):
    """Floats per shared-memory row: halo, tile, halo, the interior aligned to one vector; TileLoops_Skew stages
    columns -9 .. TW of the tile (8 more on the left)."""
    v = g["VectorizeLoads"]
    tw, _ = tile(g)
    return -(-max(v + tw + 1, tw + 10 if skewed(g) else 0) // v) * v + (v if g["PadSharedMemory"] else 0)


def constraints(g):
    out = []
    nt = g["AdjustBlockSizeX"] * g["AdjustBlockSizeY"]
    if nt < 32:
        out.append(f"AdjustBlockSizeX={g['AdjustBlockSizeX']} x AdjustBlockSizeY={g['AdjustBlockSizeY']} = {nt} "
                   "threads is less than one warp")
    if g["PadSharedMemory"] and not g["UseSharedMemory"]:
        out.append("PadSharedMemory requires UseSharedMemory")
    if g["UnrollLoop"] and g["ThreadCoarsening"] == 1:
        out.append("UnrollLoop needs ThreadCoarsening>1 (a loop of one row)")
    if g["ThreadCoarsening"] * g["VectorizeLoads"] > 32:
        out.append(f"ThreadCoarsening={g['ThreadCoarsening']} x VectorizeLoads={g['VectorizeLoads']} > 32 "
                   "outputs per thread")
    if effective(g)["AlignStores"] and g["AdjustBlockSizeX"] < 32:
        out.append("VectorizeLoads_AlignStores needs AdjustBlockSizeX >= 32 (a warp in one row)")
    if effective(g)["Prefetch"] and (g["ThreadCoarsening"] + 2) * (g["VectorizeLoads"] + 2) > 64:
        out.append(f"ReorderInstructions_Prefetch: ThreadCoarsening={g['ThreadCoarsening']} + 2 rows of "
                   f"VectorizeLoads={g['VectorizeLoads']} + 2 floats exceed 64 registers")
    if flat_vector(g) and g["ThreadCoarsening"] > 4:
        out.append(f"TileLoops_Flat=float4: ThreadCoarsening={g['ThreadCoarsening']} chunks exceed 4 (each holds 14 "
                   "floats of loads in flight)")
    if narrowed(g) and smem_bytes(g) > 48 * 1024:
        tw, th = tile(g)
        out.append(f"TileLoops_Narrow: a run of {tw} x {th} outputs stages {smem_bytes(g)} bytes of shared memory "
                   "(at most 48 KiB)")
    return out


def effective(g):
    """Which of the genes for odd widths take effect: all three apply only without UseSharedMemory,
    VectorizeLoads_Align only with VectorizeLoads > 1 (a scalar is always aligned), VectorizeLoads_AlignStores
    only with VectorizeLoads_Align in effect. Elsewhere they change nothing."""
    no_smem = not g["UseSharedMemory"]
    align = bool(g["VectorizeLoads_Align"]) and no_smem and g["VectorizeLoads"] > 1
    return {"Align": align, "Prefetch": bool(g["ReorderInstructions_Prefetch"]) and no_smem,
            "AlignStores": bool(g["VectorizeLoads_AlignStores"]) and align}


def narrowed(g):
    """TileLoops_Narrow takes effect (without UseSharedMemory and TileLoops_Flat; else it changes nothing)."""
    return bool(g["TileLoops_Narrow"]) and not g["UseSharedMemory"] and not flat(g)


def smem_bytes(g):
    if not g["UseSharedMemory"]:
        tw, th = tile(g)
        return 4 * (2 * tw * th + 16) if narrowed(g) else 0
    _, th = tile(g)
    return 4 * (th + 2) * smem_stride(g)


def args(p):
    return [Arg("out", "out", "float32", (p["H"], p["W"])), Arg("inp", "in", "float32", (p["H"], p["W"])),
            Arg("H", "scalar", "int32", value=p["H"]), Arg("W", "scalar", "int32", value=p["W"]),
            Arg("c0", "scalar", "float32", value=C0), Arg("c1", "scalar", "float32", value=C1)]


def flat(g):
    """TileLoops_Flat takes effect (it needs UseSharedMemory off; else it changes nothing)."""
    return bool(g["TileLoops_Flat"]) and not g["UseSharedMemory"]


def flat_vector(g):
    """TileLoops_Flat takes effect as float4 pieces of the flat grid."""
    return flat(g) and g["TileLoops_Flat"] == "float4"


def launch(g, p):
    tw, th = tile(g)
    nt = g["AdjustBlockSizeX"] * g["AdjustBlockSizeY"]
    if flat_vector(g):   # 4 * ThreadCoarsening consecutive floats per thread, over grid x
        per_block = 4 * nt * g["ThreadCoarsening"]
        return (max(1, (p["H"] * p["W"] + per_block - 1) // per_block), 1), (g["AdjustBlockSizeX"],
                                                                             g["AdjustBlockSizeY"])
    if flat(g):   # one thread per (band of ThreadCoarsening rows, column), blocks of X*Y threads over grid x
        bands = (p["H"] + g["ThreadCoarsening"] - 1) // g["ThreadCoarsening"]
        return (max(1, (bands * p["W"] + nt - 1) // nt), 1), (g["AdjustBlockSizeX"], g["AdjustBlockSizeY"])
    # the kernel strides over grid y, which is at most 65535 (131072 rows in tiles of 1 or 2 are more);
    # TileLoops_Skew: a row's tiles start up to 7 columns early, so W + 7 columns are covered
    return ((p["W"] + 7 * skewed(g) + tw - 1) // tw, min(65535, (p["H"] + th - 1) // th)), (g["AdjustBlockSizeX"],
                                                                             g["AdjustBlockSizeY"])


def reference(inputs, p):
    x = inputs["inp"].astype(np.float64)
    c0, c1 = float(inputs.get("c0", C0)), float(inputs.get("c1", C1))  # the scalars, where the caller passes them
    out = x.copy()
    if x.shape[0] >= 3 and x.shape[1] >= 3:
        out[1:-1, 1:-1] = c0 * x[1:-1, 1:-1] + c1 * (x[:-2, 1:-1] + x[2:, 1:-1] + x[1:-1, :-2] + x[1:-1, 2:])
    return {"out": out}


def reference_torch(inputs, p):
    """The reference on the GPU (torch; float64 tensors in the check, float32 as the eager peer)."""
    x = inputs["inp"]
    out = x.clone()
    if x.shape[0] >= 3 and x.shape[1] >= 3:
        out[1:-1, 1:-1] = C0 * x[1:-1, 1:-1] + C1 * (x[:-2, 1:-1] + x[2:, 1:-1] + x[1:-1, :-2] + x[1:-1, 2:])
    return {"out": out}


def cost(p):
    # per interior point: 4 adds, 2 multiplies, 1 add (FMA counted as two)
    return 2 * 4 * p["H"] * p["W"], 7 * max(0, p["H"] - 2) * max(0, p["W"] - 2)


FAST_GENOME = {"AdjustBlockSizeX": 32, "AdjustBlockSizeY": 4, "ThreadCoarsening": 8, "VectorizeLoads": 4,
               "UseSharedMemory": False, "PadSharedMemory": False, "UnrollLoop": True,
               "VectorizeLoads_Align": False, "ReorderInstructions_Prefetch": False,
               "VectorizeLoads_AlignStores": False, "VectorizeLoads_AlignShared": False, "CoalesceMemoryAccess": False,
               "TileLoops_Flat": False, "TileLoops_Skew": False, "TileLoops_Narrow": False}
