"""Correct: four elements per thread through float4, scalar tail; its timed-size check runs through
reference_torch on the GPU. Expected status: ok.
"""
import importlib
import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:  # the shared problem lives beside this file
    sys.path.insert(0, str(Path(__file__).parent))
_p = importlib.import_module("_faulty_problem")

KERNEL = "correct_vec4"
EXPECTED = "ok"
GENES = _p.GENES
PROBLEM = _p.PROBLEM
CHECK_PROBLEMS = _p.CHECK_PROBLEMS
TOLERANCE = _p.TOLERANCE
args = _p.args
reference = _p.reference
cost = _p.cost

reference_torch = _p.torch_reference


def launch(g, p):  # four elements per thread
    b = g["AdjustBlockSize"]
    return ((p["N"] + 4 * b - 1) // (4 * b),), (b,)
