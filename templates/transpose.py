"""2D transpose, fp32: out[c][r] = in[r][c] for an R x C row-major input. For odd sides (rows not 16-byte aligned, so
the VectorizeLoads vectors cannot apply as such), VectorizeLoads_Align covers each tile row and each output row
segment with the aligned vectors that overlap it, and TileLoops_Flat reads a matrix at most one tile wide (C = 37)
as one contiguous run per tile. CoalesceMemoryAccess_Lines aligns each warp access to a window of a line;
TileLoops_Skew starts every output row segment on a 32-byte sector; TileLoops_Narrow stages runs of whole rows of a
matrix at most 64 wide, every thread busy; TileLoops_Gather writes the output of a matrix of few rows as one flat
run of float4s, TileLoops_GatherOnly makes that the whole kernel (its registers alone), and TileLoops_GatherStage
stages each block's run through shared memory from float4 loads along the rows. ReorderInstructions_Batch issues all
the global loads of a thread's tile rows before the first shared store (the plain row loop keeps one row, 16 bytes per
thread, in flight: the H200 profile of the best genomes showed 0.25-0.31 issued warps per scheduler and 70-75% "No
Eligible" at DRAM 53-57%). The kernels stride over grid y, which launch() caps at 65535.
"""
from evo_kernels.genome import Gene
from evo_kernels.template import Arg

DOC = "2D fp32 transpose (R x C -> C x R)"
KERNEL = "transpose"
GENES = [
    Gene("TileLoops", "TileLoops", (16, 32, 64), 32, "square tile edge handled by one block"),
    Gene("AdjustBlockSize", "AdjustBlockSize", (1, 2, 4, 8, 16, 32), 32,
         "thread rows per block; the block is TILE/VectorizeLoads x ROWS threads"),
    Gene("UseSharedMemory", "UseSharedMemory", (False, True), False,
         "stage the tile in shared memory so that both the read and the write are coalesced"),
    Gene("PadSharedMemory", "PadSharedMemory", (False, True), False, "one extra column against bank conflicts"),
    Gene("UnrollLoop", "UnrollLoop", (False, True), False, "unroll the per-thread row loop"),
    Gene("VectorizeLoads", "VectorizeLoads", (1, 2, 4), 1,
         "floats per global load and store (float2/float4 where R, C allow); without shared memory each "
         "thread transposes V x V blocks in registers"),
    Gene("ThreadCoarsening", "ThreadCoarsening", (1, 2, 4, 8), 1,
         "tiles per block, consecutive down the input rows"),
    Gene("CoalesceMemoryAccess", "CoalesceMemoryAccess", (False, True), False,
         "where a side allows no vectors (odd, or a misaligned buffer): each thread's VectorizeLoads elements "
         "are a block width apart, so every warp access is coalesced, instead of consecutive"),
    Gene("TileLoops_Specialize", "TileLoops", (False, True), False,
         "tiles wholly inside the matrix run a copy of the tile code without bounds checks; the edge tiles "
         "keep the guarded code"),
    Gene("VectorizeLoads_Align", "VectorizeLoads", (False, True), False,
         "every global load and store a VectorizeLoads-float vector at an aligned address whatever R, C and the "
         "buffers' alignment: each tile row and each output row segment is covered by the aligned vectors that "
         "overlap it (TileLoops/VectorizeLoads + 1 per row, spread over the block's threads), the extra elements "
         "are loaded and not used, the two partial vectors at an output segment's ends are stored element by "
         "element; all loads of a tile are issued before the first is used. Shared memory (the shifted rows, "
         "TileLoops x (TileLoops + VectorizeLoads + PadSharedMemory) floats). It takes effect with VectorizeLoads > 1 "
         "and UseSharedMemory (else it changes nothing) and then replaces the tile code: CoalesceMemoryAccess and "
         "TileLoops_Specialize change nothing"),
    Gene("TileLoops_Flat", "TileLoops", (False, True), False,
         "with VectorizeLoads_Align, a matrix at most TileLoops wide (C <= TileLoops) is read as one contiguous run "
         "of TileLoops whole rows per tile (R*C floats are contiguous): aligned vectors with no per-row overlap, "
         "staged flat in shared memory; wider matrices take the per-row layout. Changes nothing where "
         "VectorizeLoads_Align does not take effect"),
    Gene("ReorderInstructions_Batch", "ReorderInstructions", (False, True), False,
         "with UseSharedMemory (outside VectorizeLoads_Align, which batches already): the global loads of up to "
         "32/VectorizeLoads of a thread's tile rows are all issued before the first is stored to shared memory, and "
         "the shared reads of as many output rows before the first global store (else one row's loads wait for the "
         "previous row's shared store: 16 bytes in flight per thread). Changes nothing without UseSharedMemory"),
    Gene("CoalesceMemoryAccess_Lines", "CoalesceMemoryAccess", (False, True), False,
         "with CoalesceMemoryAccess, on a side that allows no vectors: each warp access is one aligned window of "
         "min(32, TileLoops/VectorizeLoads) floats (128 bytes for a warp per row), the windows that overlap the "
         "row segment (VectorizeLoads + 1 per thread, the elements outside the segment not touched), instead of "
         "windows that start at the segment and straddle two lines each: every L2 sector of a row is asked for once "
         "per warp access (the odd-side transposes are L2-bound). Changes nothing without CoalesceMemoryAccess, and "
         "at run time where both sides take vectors"),
    Gene("TileLoops_Skew", "TileLoops", (False, True), False,
         "with CoalesceMemoryAccess, where the output rows take no vectors (R odd, or a misaligned buffer): the "
         "tile is skewed per output row so that each output row segment starts on a 32-byte sector, and every "
         "sector is written whole by one warp store instead of in part by two blocks (on the H200 misaligned "
         "stores cost 25% at 4097 x 4096, misaligned loads 4% at 4096 x 4097). The tile stages 8 more input "
         "rows, and the grid one more row of tiles. Changes nothing without CoalesceMemoryAccess"),
    Gene("TileLoops_Narrow", "TileLoops", (False, True), False,
         "with UseSharedMemory, for a matrix at most 64 columns wide (C <= 64, decided at run time; R*C floats are "
         "contiguous): each block stages runs of as many whole input rows as fill its shared tile (104 rows at C = 37 "
         "in a 64 x 65 tile) with aligned float4 loads, every thread busy whatever C (a 64-wide tile leaves 27 of 64 "
         "columns idle at C = 37), and writes each output row's part of the run from a 32-byte sector boundary. "
         "Changes nothing with VectorizeLoads_Align (whose TileLoops_Flat reads narrow matrices), without shared "
         "memory, or in the plain kernel (VectorizeLoads 1, ThreadCoarsening 1, no TileLoops_Specialize)"),
    Gene("TileLoops_Gather", "TileLoops", (0, 64, 128, 256), 0,
         "for a matrix of at most this many rows (R <= 64, 128 or 256, decided at run time; 0: never): the output, one "
         "contiguous run of R*C floats, is written in float4s (ThreadCoarsening of them per thread and step; scalar "
         "stores where the output is not 16-byte aligned), on a grid sized to them, "
         "each float gathered from its input row by a scalar load that the L1 and L2 serve, as torch.compile's kernel "
         "does (a tile of 64 rows leaves 64 - R idle at R = 10 and writes output rows of R floats: 56-85% of the copy "
         "bandwidth at R = 10-81 on an H100, 2026-12-06g call 2). Changes nothing with VectorizeLoads_Align or in the "
         "plain kernel (VectorizeLoads 1, ThreadCoarsening 1, no TileLoops_Specialize). 256 (2026-12-07d) for "
         "TileLoops_GatherStage at 129-256 rows: there the shipped designs reached 57-74% of the copy (204 x 826849 on "
         "an H100: the 64-row tiles' last row of tiles 12/64 full, the unstaged gather at 76%)"),
    Gene("TileLoops_GatherOnly", "TileLoops", (False, True), False,
         "with TileLoops_Gather (where it takes effect): the kernel is the gather alone, at every R, with no tile "
         "code, so it holds the gather's registers only (34 against 56 with the tile code at TileLoops 32, "
         "AdjustBlockSize 8, VectorizeLoads 4, ThreadCoarsening 2: the tile path's registers halved the gather's "
         "occupancy, 49-53% against torch.compile's 86-95% on the H200, 2026-12-06h call 3). Correct at any R but "
         "slow past a few hundred rows, where the tiles pay: a genome for matrices of few rows. Changes nothing where "
         "TileLoops_Gather changes nothing"),
    Gene("TileLoops_GatherStage", "TileLoops", (False, True), False,
         "with TileLoops_GatherOnly: each block's run of the output (ThreadCoarsening float4s a thread, as the gather "
         "writes it) is staged, not gathered float by float: the block loads the columns the run covers, about "
         "run/R + 2 of every input row, as aligned float4s along the rows (every sector of a row segment used once), "
         "into shared rows, then writes the run in float4s from there (threads x ThreadCoarsening x 4 + 3 x "
         "TileLoops_Gather floats of shared memory, at most 48 KB). Changes nothing where TileLoops_GatherOnly changes "
         "nothing"),
    Gene("TileLoops_SkewSectors", "TileLoops", (False, True), False,
         "with TileLoops_Skew (where it takes effect): output rows that do take vectors but do not start on 32-byte "
         "sectors (R % 8 != 0, or the buffer off a 32-byte boundary; decided at run time) take the skewed tile too, "
         "so that every sector is written whole by one warp store. On an H100 8796 x 20175 (rows 16 bytes off a "
         "sector) ran at 79% of the copy with every design and search, 8795 and 8797 rows (skewed) at 91%, 8800 "
         "(sector-aligned) at 92%: the same design lost 17% to the row count alone (2026-12-07e calls 5 and 6). "
         "Changes nothing where TileLoops_Skew changes nothing"),
    Gene("TileLoops_Diagonal", "TileLoops", (False, True), False,
         "the tiles' blocks numbered along the grid's diagonals (the block of id y * gx + x takes row of tiles "
         "id % gy and tile column (id / gy + id % gy) % gx): blocks launched together transpose tiles of different "
         "rows and columns, so their output segments start at different offsets instead of all at one offset of "
         "64 rows R*4 bytes apart (Ruetsch and Micikevicius's diagonal order against partition camping). On an H100 "
         "8796 x 20175 ran at 79% of the copy, 8795, 8797 and 8800 rows at 91-92%, with every design and search "
         "(2026-12-07e calls 5 and 6). Changes nothing under TileLoops_GatherOnly (no tiles)"),
]
PROBLEM = {"R": 16384, "C": 16384}
CHECK_PROBLEMS = [{"R": 512, "C": 768}, {"R": 4093, "C": 4091}, {"R": 1, "C": 37}, {"R": 130, "C": 4094},
                  {"R": 4094, "C": 66}, {"R": 4093, "C": 37}]   # the last: many tiles of TileLoops_Flat


def constraints(g):
    out = []
    t, rows, v = g["TileLoops"], g["AdjustBlockSize"], g["VectorizeLoads"]
    if rows > t:
        out.append(f"AdjustBlockSize={rows} must not exceed TileLoops={t}")
    if g["PadSharedMemory"] and not g["UseSharedMemory"]:
        out.append("PadSharedMemory requires UseSharedMemory")
    if g["CoalesceMemoryAccess"] and (v == 1 or not g["UseSharedMemory"]):
        out.append("CoalesceMemoryAccess needs VectorizeLoads > 1 and UseSharedMemory (it spreads a thread's "
                   "vector through the shared tile)")
    if v > 1 and not g["UseSharedMemory"] and rows * v > t:
        out.append(f"without UseSharedMemory, AdjustBlockSize={rows} x VectorizeLoads={v} (rows per step of the "
                   f"register transpose) must not exceed TileLoops={t}")
    if g["TileLoops_GatherStage"] and gather_only(g) and stage_floats(g) * 4 > 48 * 1024:
        out.append(f"TileLoops_GatherStage: {stage_floats(g) * 4} bytes of staged run > 48 KB of static shared memory")
    if aligned(g) and align_slots(g) * v > 32:
        out.append(f"VectorizeLoads_Align: TileLoops={t} over {t // v} x AdjustBlockSize={rows} threads holds "
                   f"{align_slots(g) * v} floats per thread (at most 32)")
    return out


def aligned(g):
    """VectorizeLoads_Align takes effect (it needs VectorizeLoads > 1 and UseSharedMemory; else it is ignored)."""
    return bool(g["VectorizeLoads_Align"]) and g["VectorizeLoads"] > 1 and bool(g["UseSharedMemory"])


def align_slots(g):
    """Aligned vectors one thread holds per tile under VectorizeLoads_Align (rows layout)."""
    t, v = g["TileLoops"], g["VectorizeLoads"]
    return -(-(t * (t // v + 1)) // ((t // v) * g["AdjustBlockSize"]))


def skewed(g):
    """TileLoops_Skew takes effect (with CoalesceMemoryAccess, outside VectorizeLoads_Align)."""
    return bool(g["TileLoops_Skew"]) and bool(g["CoalesceMemoryAccess"]) and not aligned(g)


def smem_bytes(g):
    t = g["TileLoops"]
    if gather_only(g):
        return stage_floats(g) * 4 if g["TileLoops_GatherStage"] else 0
    if not g["UseSharedMemory"]:
        return 0
    if aligned(g):
        return t * (t + g["VectorizeLoads"] + int(g["PadSharedMemory"])) * 4
    return (t + 8 * skewed(g)) * (t + int(g["PadSharedMemory"])) * 4


def args(p):
    return [Arg("out", "out", "float32", (p["C"], p["R"])), Arg("inp", "in", "float32", (p["R"], p["C"])),
            Arg("R", "scalar", "int32", value=p["R"]), Arg("C", "scalar", "int32", value=p["C"])]


def gather_rows(g):
    """The most rows at which TileLoops_Gather's kernel runs (0: it is not compiled; the mako's GATHER)."""
    plain = g["VectorizeLoads"] == 1 and g["ThreadCoarsening"] == 1 and not g["TileLoops_Specialize"]
    return 0 if aligned(g) or plain else g["TileLoops_Gather"]


def gather_only(g):
    """TileLoops_GatherOnly takes effect: the kernel is the gather at every R (the mako's GONLY; else the gene
    changes nothing)."""
    return bool(g["TileLoops_GatherOnly"]) and bool(gather_rows(g))


def stage_floats(g):
    """Shared floats of TileLoops_GatherStage's run (the mako's stage[]): threads x ThreadCoarsening x 4 output floats,
    whose columns take at most 3 more per row at R <= TileLoops_Gather."""
    return (g["TileLoops"] // g["VectorizeLoads"]) * g["AdjustBlockSize"] * g["ThreadCoarsening"] * 4 \
        + 3 * g["TileLoops_Gather"]


def launch(g, p):
    t, tc = g["TileLoops"], g["ThreadCoarsening"]
    row_tiles = (p["R"] + 8 * skewed(g) + t - 1) // t   # TileLoops_Skew: output rows reach 7 rows past R
    # the kernels stride over grid y, which is at most 65535 (1048573 rows in tiles of 16 are 65536)
    grid_y = min(65535, max(1, (row_tiles + tc - 1) // tc))
    block = (t // g["VectorizeLoads"], g["AdjustBlockSize"])
    if not gather_rows(g):
        return ((p["C"] + t - 1) // t, grid_y), block
    # TileLoops_Gather: one output float4 per thread and step over R * C floats, i.e. R / k tile columns of blocks,
    # k = 4 * AdjustBlockSize * ThreadCoarsening / VectorizeLoads rows; a grid of tiles would start up to 32x the
    # blocks at two rows, most with nothing to do. min(R, k) with k <= gather_rows: every tile column where the
    # tiles run (R above it), and no comparison, so the grid exports as one C++ expression. Under TileLoops_GatherOnly
    # the gather strides over that grid at every R.
    k = min(gather_rows(g), max(1, 4 * g["AdjustBlockSize"] * tc // g["VectorizeLoads"]))
    return (max(1, (p["C"] * min(p["R"], k) + t * k - 1) // (t * k)), grid_y), block


def reference(inputs, p):
    return {"out": inputs["inp"].T.copy()}


def reference_torch(inputs, p):
    """The reference on the GPU (torch; float64 tensors in the check, float32 as the eager peer)."""
    return {"out": inputs["inp"].t().contiguous()}


def cost(p):
    return 2 * 4 * p["R"] * p["C"], 0


FAST_GENOME = {"TileLoops": 64, "AdjustBlockSize": 16, "UseSharedMemory": True, "PadSharedMemory": True,
               "UnrollLoop": True, "VectorizeLoads": 4, "ThreadCoarsening": 1, "CoalesceMemoryAccess": False,
               "TileLoops_Specialize": False, "VectorizeLoads_Align": False, "TileLoops_Flat": False,
               "ReorderInstructions_Batch": False, "CoalesceMemoryAccess_Lines": False,
               "TileLoops_Skew": False, "TileLoops_Narrow": False, "TileLoops_Gather": 0,
               "TileLoops_GatherOnly": False, "TileLoops_GatherStage": False, "TileLoops_Diagonal": False,
               "TileLoops_SkewSectors": False}
