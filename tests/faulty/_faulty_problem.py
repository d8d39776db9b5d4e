"""The problem every kernel of this suite shares: y = 2x + 1 on N floats.

Not a template itself (it has no .cu.mako); each NAME.py here takes its metadata from this file
and says which status its kernel must get (EXPECTED: one status, or a tuple of acceptable ones).
"""
from evo_kernels.genome import Gene
from evo_kernels.template import Arg

__all__ = ["GENES", "PROBLEM", "CHECK_PROBLEMS", "TOLERANCE", "args", "launch", "reference", "cost"]

GENES = [Gene("AdjustBlockSize", "AdjustBlockSize", (128, 256), 256, "threads per block")]
PROBLEM = {"N": 1 << 24}  # the timed size: 64 MiB per array, past the 60 MiB L2
CHECK_PROBLEMS = [{"N": 1000}, {"N": 4093 * 7}]  # neither a multiple of any block size
TOLERANCE = 1e-6
LARGE = 1 << 20  # kernels that cheat only above this size (the .cu.mako files spell it out) pass every check shape


def args(p):
    return [Arg("y", "out", "float32", (p["N"],)), Arg("x", "in", "float32", (p["N"],)),
            Arg("n", "scalar", "int32", value=p["N"])]


def launch(g, p):
    b = g["AdjustBlockSize"]
    return ((p["N"] + b - 1) // b,), (b,)


def reference(inputs, p):
    return {"y": 2.0 * inputs["x"] + 1.0}


def torch_reference(inputs, p):
    """The same reference on float64 torch CUDA tensors; a template opts in with
    ``reference_torch = torch_reference``."""
    return {"y": 2.0 * inputs["x"] + 1.0}


def cost(p):
    return 8 * p["N"], 2 * p["N"]
