"""Cheater: a row softmax without the subtraction of the row maximum. Right on N(0,1) inputs; its
inputs are "wide" (N(0, 64^2), as the softmax template's), where exp overflows. Expected status:
nan (inf / inf) or wrong_result.
"""
import numpy as np

from evo_kernels.genome import Gene
from evo_kernels.template import Arg

KERNEL = "softmax_nomax"
EXPECTED = ("nan", "wrong_result")
GENES = [Gene("AdjustBlockSize", "AdjustBlockSize", (128, 256), 256, "threads per row")]
PROBLEM = {"R": 4096, "C": 4096}
CHECK_PROBLEMS = [{"R": 37, "C": 1000}, {"R": 5, "C": 4093}]
TOLERANCE = 1e-5


def args(p, init="wide"):
    return [Arg("out", "out", "float32", (p["R"], p["C"])), Arg("inp", "in", "float32", (p["R"], p["C"]), init=init),
            Arg("R", "scalar", "int32", value=p["R"]), Arg("C", "scalar", "int32", value=p["C"])]


def launch(g, p):
    return (p["R"],), (g["AdjustBlockSize"],)


def reference(inputs, p):
    x = inputs["inp"].astype(np.float64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return {"out": e / e.sum(axis=1, keepdims=True)}


def reference_torch(inputs, p):
    import torch

    return {"out": torch.softmax(inputs["inp"], dim=1)}


def cost(p):
    return 8 * p["R"] * p["C"], 5 * p["R"] * p["C"]
