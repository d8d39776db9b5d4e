"""Cheater: accumulates into its output (y += 2x + 1), right only if the output started at zero; on the
NaN poison it yields NaN. Expected status: nan or wrong_result.
"""
import importlib
import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:  # the shared problem lives beside this file
    sys.path.insert(0, str(Path(__file__).parent))
_p = importlib.import_module("_faulty_problem")

KERNEL = "accumulate"
EXPECTED = ("nan", "wrong_result")
GENES = _p.GENES
PROBLEM = _p.PROBLEM
CHECK_PROBLEMS = _p.CHECK_PROBLEMS
TOLERANCE = _p.TOLERANCE
args = _p.args
launch = _p.launch
reference = _p.reference
cost = _p.cost
