"""Faulty: 1024 threads per block, no __launch_bounds__, and about a hundred live registers per thread:
more than the 64K registers of an SM. Expected status: resources.
"""
import importlib
import sys
from pathlib import Path

from evo_kernels.genome import Gene

if str(Path(__file__).parent) not in sys.path:  # the shared problem lives beside this file
    sys.path.insert(0, str(Path(__file__).parent))
_p = importlib.import_module("_faulty_problem")

KERNEL = "register_hog"
EXPECTED = "resources"
PROBLEM = _p.PROBLEM
CHECK_PROBLEMS = _p.CHECK_PROBLEMS
TOLERANCE = _p.TOLERANCE
args = _p.args
launch = _p.launch
reference = _p.reference
cost = _p.cost
GENES = [Gene("AdjustBlockSize", "AdjustBlockSize", (1024,), 1024, "threads per block")]
