"""Faulty: asks for 300 KiB of dynamic shared memory, more than a block may have (227 KiB). Expected
status: resources.
"""
import importlib
import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:  # the shared problem lives beside this file
    sys.path.insert(0, str(Path(__file__).parent))
_p = importlib.import_module("_faulty_problem")

KERNEL = "smem_overflow"
EXPECTED = "resources"
GENES = _p.GENES
PROBLEM = _p.PROBLEM
CHECK_PROBLEMS = _p.CHECK_PROBLEMS
TOLERANCE = _p.TOLERANCE
args = _p.args
reference = _p.reference
cost = _p.cost


def launch(g, p):  # the dynamic shared memory request is the fault
    b = g["AdjustBlockSize"]
    return ((p["N"] + b - 1) // b,), (b,), 300 * 1024
