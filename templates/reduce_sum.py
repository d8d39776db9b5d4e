"""Sum reduction, fp32: out[0] = sum(inp[0..N)), in ONE launch ("last block finishes").

Every block reduces a grid-stride share of the input into ``partials[blockIdx.x]``, fences, and
takes a ticket from ``counter``; the block that draws the last ticket sums the partials (in a
fixed order, so the result is bit-for-bit deterministic: no float atomics) into ``out[0]`` and
resets ``counter`` to 0 for the next launch (the scratch buffers are zeroed only once).

Its inputs are drawn N(0, 1), zero-mean, and its error is measured against sqrt(sum x^2) (``error_norm``), the
scale of an honest fp32 sum's rounding. On inputs that share a mean (uniform in [0, 1), as until 2026-12-06d) the
sum is mostly N times the mean, and a kernel that skips 5% of the elements and scales the rest up by 20/19 is off by
about 0.23 x 0.58 / sqrt(N) of it: within the 1e-5 tolerance in about half the checks at 2^26 elements and four in
five at 2^28, the timed size. On zero-mean inputs it is off by about sqrt(0.05) of the scale at any N
(tests/faulty/sum_subsample is such a kernel). sqrt(sum x^2) rather than |sum x|, which can come near zero by chance.
"""
import numpy as np

from evo_kernels.genome import Gene
from evo_kernels.template import Arg

DOC = "fp32 sum of N values into out[0], one launch (last-block-finishes, deterministic)"
KERNEL = "reduce_sum"
NUM_SMS = 132  # H200; the grid is ThreadCoarsening blocks per SM (fewer when N is small)

GENES = [
    Gene("AdjustBlockSize", "AdjustBlockSize", (32, 64, 128, 256, 512, 1024), 256, "threads per block"),
    Gene("ThreadCoarsening", "ThreadCoarsening", (1, 2, 4, 8, 16, 32), 1,
         "blocks per SM (the grid is this x 132, capped by N); fewer blocks = more elements per thread"),
    Gene("VectorizeLoads", "VectorizeLoads", (1, 2, 4), 1,
         "floats per load (float2/float4 on the aligned body; scalar head and tail)"),
    Gene("UnrollLoop", "UnrollLoop", (1, 2, 4, 8), 1, "loads issued per grid-stride iteration"),
    Gene("UseSharedMemory", "UseSharedMemory", (False, True), True,
         "block reduction: shared-memory tree (True) or warp shuffles + one slot per warp (False)"),
    Gene("ReorderInstructions", "ReorderInstructions", (1, 2, 4), 1,
         "independent accumulators per thread (breaks the dependent chain of adds)"),
]
PROBLEM = {"N": 2**28}
CHECK_PROBLEMS = [{"N": 1 << 20}, {"N": 4093 * 4091}, {"N": 37}, {"N": 1}]

MAX_BLOCKS = NUM_SMS * max(GENES[1].values)  # size of the partials scratch buffer


def constraints(g):
    out = []
    if g["ReorderInstructions"] > g["UnrollLoop"]:
        out.append(f"ReorderInstructions={g['ReorderInstructions']} accumulators need UnrollLoop>="
                   f"{g['ReorderInstructions']} loads per iteration (UnrollLoop={g['UnrollLoop']})")
    if g["AdjustBlockSize"] * g["ThreadCoarsening"] > 4096:
        out.append(f"AdjustBlockSize={g['AdjustBlockSize']} x ThreadCoarsening={g['ThreadCoarsening']} is more "
                   "than two waves of 2048 threads per SM")
    return out


def smem_bytes(g):
    bs = g["AdjustBlockSize"]
    red = bs if g["UseSharedMemory"] else (32 if bs > 32 else 0)  # one warp needs no slots
    return 4 * red + 4


def args(p):
    return [Arg("out", "out", "float32", (1,)),
            Arg("inp", "in", "float32", (p["N"],), init="normal"),
            Arg("partials", "scratch", "float32", (MAX_BLOCKS,)),
            Arg("counter", "scratch", "int32", (1,)),
            Arg("N", "scalar", "int32", value=p["N"])]


def grid_blocks(g, n):
    per_block = g["AdjustBlockSize"] * g["VectorizeLoads"] * g["UnrollLoop"]
    return max(1, min(NUM_SMS * g["ThreadCoarsening"], -(-n // per_block)))


def launch(g, p):
    return (grid_blocks(g, p["N"]),), (g["AdjustBlockSize"],)


def reference(inputs, p):
    return {"out": np.array([np.sum(inputs["inp"].astype(np.float64))])}


def error_norm(inputs, p):
    """What the error of ``out`` is measured against (KernelTemplate.error_norms): sqrt(sum x^2) of the float64
    inputs (numpy arrays or torch tensors alike), the scale of a sum's rounding error, about sqrt(N) here."""
    x = inputs["inp"]
    return {"out": float((x * x).sum()) ** 0.5}


def reference_torch(inputs, p):
    """The reference on the GPU (torch; float64 tensors in the check, float32 as the eager peer)."""
    return {"out": inputs["inp"].sum().reshape(1)}


def cost(p):
    return 4 * p["N"] + 4, p["N"]


FAST_GENOME = {"AdjustBlockSize": 512, "ThreadCoarsening": 4, "VectorizeLoads": 4, "UnrollLoop": 4,
               "UseSharedMemory": False, "ReorderInstructions": 2}
