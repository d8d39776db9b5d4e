"""2D transpose, fp32: out[c][r] = in[r][c] for an R x C row-major input."""
import numpy as np

from evo_kernels.genome import Gene
from evo_kernels.template import Arg

DOC = "2D fp32 transpose (R x C -> C x R)"
KERNEL = "transpose"
GENES = [
    Gene("TileLoops", "TileLoops", (16, 32, 64), 32, "square tile edge handled by one block"),
    Gene("AdjustBlockSize", "AdjustBlockSize", (1, 2, 4, 8, 16, 32), 32,
         "thread rows per block; the block is TILE x ROWS threads, each doing TILE/ROWS elements"),
    Gene("UseSharedMemory", "UseSharedMemory", (False, True), False,
         "stage the tile in shared memory so that both the read and the write are coalesced"),
    Gene("PadSharedMemory", "PadSharedMemory", (False, True), False, "one extra column against bank conflicts"),
    Gene("UnrollLoop", "UnrollLoop", (False, True), False, "unroll the per-thread row loop"),
]
PROBLEM = {"R": 16384, "C": 16384}
CHECK_PROBLEMS = [{"R": 512, "C": 768}, {"R": 4093, "C": 4091}, {"R": 1, "C": 37}]


def constraints(g):
    out = []
    if g["AdjustBlockSize"] > g["TileLoops"]:
        out.append(f"AdjustBlockSize={g['AdjustBlockSize']} must not exceed TileLoops={g['TileLoops']}")
    if g["PadSharedMemory"] and not g["UseSharedMemory"]:
        out.append("PadSharedMemory requires UseSharedMemory")
    return out


def smem_bytes(g):
    t = g["TileLoops"]
    return t * (t + int(g["PadSharedMemory"])) * 4 if g["UseSharedMemory"] else 0


def args(p):
    return [Arg("out", "out", "float32", (p["C"], p["R"])), Arg("inp", "in", "float32", (p["R"], p["C"])),
            Arg("R", "scalar", "int32", value=p["R"]), Arg("C", "scalar", "int32", value=p["C"])]


def launch(g, p):
    t = g["TileLoops"]
    return ((p["C"] + t - 1) // t, (p["R"] + t - 1) // t), (t, g["AdjustBlockSize"])


def reference(inputs, p):
    return {"out": inputs["inp"].T.copy()}


def cost(p):
    return 2 * 4 * p["R"] * p["C"], 0
