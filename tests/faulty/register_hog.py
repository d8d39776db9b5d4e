"""Faulty: 1024 threads per block, no __launch_bounds__, and about a hundred live registers per thread:
more than the 64K registers of an SM. Expected status: resources.
"""
import sys
from pathlib import Path

from evo_kernels.genome import Gene

if str(Path(__file__).parent) not in sys.path:  # the shared problem lives beside this file
    sys.path.insert(0, str(Path(__file__).parent))
from _faulty_problem import *  # noqa: E402,F403 (GENES, PROBLEM, args, launch, reference, ...)

KERNEL = "register_hog"
EXPECTED = "resources"
GENES = [Gene("AdjustBlockSize", "AdjustBlockSize", (1024,), 1024, "threads per block")]
