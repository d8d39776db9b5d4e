"""Faulty: spins forever on a flag nobody sets; only the watchdog ends it. Expected status: timeout."""
import importlib
import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:  # the shared problem lives beside this file
    sys.path.insert(0, str(Path(__file__).parent))
_p = importlib.import_module("_faulty_problem")

KERNEL = "infinite_loop"
EXPECTED = "timeout"
GENES = _p.GENES
PROBLEM = _p.PROBLEM
CHECK_PROBLEMS = _p.CHECK_PROBLEMS
TOLERANCE = _p.TOLERANCE
args = _p.args
launch = _p.launch
reference = _p.reference
cost = _p.cost
