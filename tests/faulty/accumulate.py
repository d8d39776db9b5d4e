"""Cheater: accumulates into its output (y += 2x + 1), right only if the output started at zero; on the
NaN poison it yields NaN. Expected status: nan or wrong_result.
"""
import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:  # the shared problem lives beside this file
    sys.path.insert(0, str(Path(__file__).parent))
from _faulty_problem import *  # noqa: E402,F403 (GENES, PROBLEM, args, launch, reference, ...)

KERNEL = "accumulate"
EXPECTED = ("nan", "wrong_result")
