"""Faulty: reads the neighbouring warp's shared-memory slot without __syncthreads(); whether that slot
already holds its value or still a stale, time-dependent one varies from launch to launch. Expected
status: nondeterministic.
"""
import importlib
import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:  # the shared problem lives beside this file
    sys.path.insert(0, str(Path(__file__).parent))
_p = importlib.import_module("_faulty_problem")

KERNEL = "race"
EXPECTED = "nondeterministic"
GENES = _p.GENES
PROBLEM = _p.PROBLEM
CHECK_PROBLEMS = _p.CHECK_PROBLEMS
TOLERANCE = _p.TOLERANCE
args = _p.args
launch = _p.launch
reference = _p.reference
cost = _p.cost
