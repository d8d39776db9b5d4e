"""Single-channel 2D convolution, fp32 (a cross-correlation, as in the Kernel Tuner benchmark).

``out[y][x] = sum_{i < FH, j < FW} inp[y + i][x + j] * filt[i][j]`` for an H x W output over a
pre-padded (H + FH - 1) x (W + FW - 1) input. H, W, FH and FW are all runtime arguments.
UseSharedMemory_MaxFilter below MAX_FILTER sizes the shared tile for smaller filters (more blocks
per SM); such a genome runs larger filters through the direct code, correct for any filter.

The baseline genome renders the naive kernel: one thread per output, every tap read from global
memory. With UseSharedMemory a block stages its input tile plus halo and the filter (zero-padded
to a multiple of the UnrollLoop factor) in static shared memory sized for filters up to
MAX_FILTER x MAX_FILTER; such genomes are correct for any FH, FW <= MAX_FILTER and write NaN to
every output for a larger filter (the direct, non-shared genomes have no limit).
ReorderInstructions switches to a register-blocked sliding window: each thread owns TY x TX
contiguous outputs, walks the TY + FH - 1 input rows once, keeps a window of TX + UnrollLoop - 1
input values in registers and applies it to every output row that the input row touches, with the
filter taps read from shared memory as broadcasts.

Two transforms for small filters, where the kernel is memory-bound (issue 17):
ReorderInstructions_Async stages the input tile with cp.async (with VectorizeLoads 16-byte copies
where the rows are float4-aligned, 8-byte ones where they are float2-aligned, else 4-byte copies;
out-of-range elements zero-filled),
so every copy of the tile is in flight at once and no staging register is needed (the loop of
plain loads waited for each load before its shared store), and the filter is staged while the
copies fly. UnrollLoop_Filter = k adds a copy of the sliding window fully unrolled for a k x k
filter, taken when FH == FW == k (uniform branch): the k*k taps in registers, the input rows and
filter columns compile-time (no zero-padded taps, no per-row tests); any other filter runs the
general loop of the same genome. UnrollLoop_FilterWidths = k generalizes it to any filter of width
at most k: one copy of the sliding window's row body per width 1..k (a uniform switch on FW), the
taps exact (the general loop zero-pads the width to a multiple of UnrollLoop: 7 of 16 taps wasted at
a 9-wide filter with UnrollLoop 16) and a filter row read once per output row as broadcasts; FH stays
a runtime loop, so 15 x 3 or 7 x 5 filters get it too; the input tile is then staged FW columns wide
(not FWP). TileLoops_Y = n makes each block compute n tiles, one below the
other (the grid is n times shorter along y); with ReorderInstructions_Async the shared tile is
double-buffered and the copies of tile t+1 are issued before tile t is computed, so a block's loads
overlap its own arithmetic and stores, not only other blocks'.
VectorizeLoads_AlignRows (odd input row stride IW, e.g. 4093 + 4): the plain cp.async staging falls to
4-byte copies there, so each row is instead copied in 16-byte pieces from the 16-byte-aligned address
at or below its start and kept in shared memory shifted right by s = (row start) mod 4 (the row stride
has 3 more floats); the sliding window reads row R of the tile at +s_R with scalar loads (value 1), or,
in the unrolled k x k copy, as aligned float4s shifted in registers by two selects on s_R (value 2). The columns
past the row's end hold the next row's values (or zeros past the buffer), which reach only outputs that
are not stored or taps that are zero.
"""
import numpy as np

from evo_kernels.genome import Gene
from evo_kernels.template import Arg

DOC = "fp32 single-channel 2D convolution (valid, pre-padded input, runtime filter size <= 32x32 in shared genomes)"
KERNEL = "conv2d"
MAX_FILTER = 32  # largest FH and FW that the shared-memory genomes handle (the mako uses the same number)

GENES = [
    Gene("AdjustBlockSize_X", "AdjustBlockSize", (4, 8, 16, 32, 64), 16, "threads of a block along x (BX)"),
    Gene("AdjustBlockSize_Y", "AdjustBlockSize", (1, 2, 4, 8, 16), 16, "threads of a block along y (BY)"),
    Gene("ThreadCoarsening_X", "ThreadCoarsening", (1, 2, 4, 8), 1, "outputs per thread along x (TX)"),
    Gene("ThreadCoarsening_Y", "ThreadCoarsening", (1, 2, 4, 8), 1, "outputs per thread along y (TY)"),
    Gene("UseSharedMemory", "UseSharedMemory", (False, True), False,
         "stage the block's input tile plus halo, and the filter, in shared memory"),
    Gene("PadSharedMemory", "PadSharedMemory", (False, True), False,
         "pad the shared tile's row stride to BX mod 32 floats, so the rows one warp reads use disjoint banks"),
    Gene("UnrollLoop", "UnrollLoop", (1, 2, 4, 8, 16), 1,
         "unroll factor of the filter-column loop (shared genomes zero-pad the filter width to a multiple of it)"),
    Gene("VectorizeLoads", "VectorizeLoads", (False, True), False,
         "float4 staging loads and output stores where aligned, 128-bit shared reads of the window and filter"),
    Gene("UseSharedMemory_MaxFilter", "UseSharedMemory", (32, 16, 8), 32,
         "the largest filter side the shared tile is sized for: a smaller tile (less halo room) lets more "
         "blocks share an SM for small filters; a larger filter runs the direct code from global memory "
         "(correct, slow) in such a genome"),
    Gene("ReorderInstructions", "ReorderInstructions", (False, True), False,
         "sliding window: loop over input rows, reuse each register window across the thread's output rows "
         "and UnrollLoop filter columns"),
    Gene("ReorderInstructions_Async", "ReorderInstructions", (False, True), False,
         "stage the input tile with cp.async (sm_80+): all copies in flight at once, no staging registers, "
         "the filter staged while they fly"),
    Gene("UnrollLoop_Filter", "UnrollLoop", (0, 3, 5, 7), 0,
         "k > 0: a copy of the sliding window fully unrolled for a k x k filter (taps in registers), taken "
         "when FH == FW == k; other filters run the general loop"),
    Gene("UnrollLoop_FilterWidths", "UnrollLoop", (0, 8, 16), 0,
         "k > 0: a copy of the sliding window's row body fully unrolled for each filter width 1..k (a uniform "
         "switch on FW): exact taps, no zero padding to UnrollLoop, the window and a filter row in registers; "
         "FH stays a runtime loop, so it serves rectangular filters; wider filters run the general loop"),
    Gene("TileLoops_Y", "TileLoops", (1, 2, 4, 8), 1,
         "tiles a block computes, one below the other; with ReorderInstructions_Async the shared tile is "
         "double-buffered and the next tile's copies fly while this one is computed"),
    Gene("VectorizeLoads_AlignRows", "VectorizeLoads", (0, 1, 2), 0,
         "odd input row strides: each staged row copied with 16-byte cp.async from the aligned address at or "
         "below its start, kept shifted by (row start mod 4) in shared memory; 1: the window read at that "
         "shift with scalar shared loads; 2: in the unrolled k x k copy (TX % 4 == 0), read as the aligned "
         "float4s that cover it and shifted by two selects (scalar loads at a stride of 4 floats conflict 4-way)"),
]
PROBLEM = {"H": 4096, "W": 4096, "FH": 15, "FW": 15}
CHECK_PROBLEMS = [
    {"H": 256, "W": 512, "FH": 15, "FW": 15},
    {"H": 1021, "W": 1019, "FH": 15, "FW": 15},  # no tile divides, input row stride 1033
    {"H": 37, "W": 61, "FH": 7, "FW": 5},  # small, odd, non-square filter
    {"H": 29, "W": 36, "FH": 1, "FW": 1},  # 1x1 filter: input row stride 36, a multiple of 4 (float4 staging)
]
TOLERANCE = 1e-4

# The high-performance design the space is built to reach (see the module docstring).
FAST_GENOME = {
    "AdjustBlockSize_X": 16, "AdjustBlockSize_Y": 8, "ThreadCoarsening_X": 4, "ThreadCoarsening_Y": 8,
    "UseSharedMemory": True, "PadSharedMemory": False, "UnrollLoop": 8, "VectorizeLoads": True,
    "ReorderInstructions": True, "UseSharedMemory_MaxFilter": 32, "ReorderInstructions_Async": False,
    "UnrollLoop_Filter": 0, "TileLoops_Y": 1,
}


def _round4(n):
    return (n + 3) // 4 * 4


def layout(g):
    """Shared layout of a genome: (rows, row stride in floats, window length NW, extra staged columns)."""
    bx, tx, ju = g["AdjustBlockSize_X"], g["ThreadCoarsening_X"], g["UnrollLoop"]
    tw, th = bx * tx, g["AdjustBlockSize_Y"] * g["ThreadCoarsening_Y"]
    slide = g["ReorderInstructions"]
    nw = tx + ju - 1
    if slide and g["VectorizeLoads"] and tx % 4 == 0 and ju % 4 == 0:
        nw = _round4(nw)
    extra = nw - (tx + ju - 1) if slide else 0
    fmax = g["UseSharedMemory_MaxFilter"]
    stride = _round4(tw + fmax - 1 + extra + (3 if g.get("VectorizeLoads_AlignRows") else 0))
    if g["PadSharedMemory"]:
        stride += (bx % 32 - stride) % 32 if bx < 32 else 4
    return th + fmax - 1, stride, nw, extra


def smem_bytes(g):
    if not g["UseSharedMemory"]:
        return 0
    rows, stride, _, _ = layout(g)
    return 4 * (rows * stride * buffers(g) + g["UseSharedMemory_MaxFilter"] ** 2)


def buffers(g):
    """Shared tile buffers: two when the next tile's cp.async copies fly during this one."""
    return 2 if g["UseSharedMemory"] and g["ReorderInstructions_Async"] and g["TileLoops_Y"] > 1 else 1


def constraints(g):
    out = []
    t = g["AdjustBlockSize_X"] * g["AdjustBlockSize_Y"]
    if t < 32:
        out.append(f"{t} threads per block: fewer than one warp")
    for gene in ("PadSharedMemory", "VectorizeLoads", "ReorderInstructions"):
        if g[gene] and not g["UseSharedMemory"]:
            out.append(f"{gene} requires UseSharedMemory")
    if g["UseSharedMemory_MaxFilter"] != 32 and not g["UseSharedMemory"]:
        out.append("UseSharedMemory_MaxFilter sizes the shared tile: it requires UseSharedMemory")
    if g["ReorderInstructions_Async"] and not g["UseSharedMemory"]:
        out.append("ReorderInstructions_Async stages the shared tile: it requires UseSharedMemory")
    k = g["UnrollLoop_Filter"]
    if k and not (g["UseSharedMemory"] and g["ReorderInstructions"]):
        out.append(f"UnrollLoop_Filter={k} unrolls the sliding window: it requires UseSharedMemory and "
                   "ReorderInstructions")
    kws = g["UnrollLoop_FilterWidths"]
    if kws and not (g["UseSharedMemory"] and g["ReorderInstructions"]):
        out.append(f"UnrollLoop_FilterWidths={kws} unrolls the sliding window: it requires UseSharedMemory and "
                   "ReorderInstructions")
    if kws > g["UseSharedMemory_MaxFilter"]:
        out.append(f"UnrollLoop_FilterWidths={kws} copies widths past UseSharedMemory_MaxFilter="
                   f"{g['UseSharedMemory_MaxFilter']}, which the shared tile cannot hold")
    if g["UnrollLoop"] > g["UseSharedMemory_MaxFilter"]:
        out.append(f"UnrollLoop={g['UnrollLoop']} pads the filter width past UseSharedMemory_MaxFilter="
                   f"{g['UseSharedMemory_MaxFilter']}, the room of the shared tile")
    if g["VectorizeLoads_AlignRows"] and not (g["ReorderInstructions_Async"] and g["VectorizeLoads"]
                                                 and g["ReorderInstructions"]):
        out.append("VectorizeLoads_AlignRows shifts the cp.async float4 staging of the sliding window: it requires "
                   "ReorderInstructions_Async, VectorizeLoads and ReorderInstructions")
    return out


def args(p):
    H, W, FH, FW = p["H"], p["W"], p["FH"], p["FW"]
    return [Arg("out", "out", "float32", (H, W)), Arg("inp", "in", "float32", (H + FH - 1, W + FW - 1)),
            Arg("filt", "in", "float32", (FH, FW)),
            Arg("H", "scalar", "int32", value=H), Arg("W", "scalar", "int32", value=W),
            Arg("FH", "scalar", "int32", value=FH), Arg("FW", "scalar", "int32", value=FW)]


def launch(g, p):
    bx, by = g["AdjustBlockSize_X"], g["AdjustBlockSize_Y"]
    tw, th = bx * g["ThreadCoarsening_X"], by * g["ThreadCoarsening_Y"] * g["TileLoops_Y"]
    return ((p["W"] + tw - 1) // tw, (p["H"] + th - 1) // th), (bx, by)


def reference(inputs, p):
    H, W, FH, FW = p["H"], p["W"], p["FH"], p["FW"]
    inp = np.asarray(inputs["inp"], dtype=np.float64).reshape(H + FH - 1, W + FW - 1)
    filt = np.asarray(inputs["filt"], dtype=np.float64).reshape(FH, FW)
    out = np.zeros((H, W))
    for i in range(FH):
        for j in range(FW):
            out += filt[i, j] * inp[i:i + H, j:j + W]
    return {"out": out}


def reference_torch(inputs, p):
    import torch.nn.functional as F

    return {"out": F.conv2d(inputs["inp"][None, None], inputs["filt"][None, None])[0, 0]}


def cost(p):
    H, W, FH, FW = p["H"], p["W"], p["FH"], p["FW"]
    return 4 * ((H + FH - 1) * (W + FW - 1) + FH * FW + H * W), 2 * H * W * FH * FW
