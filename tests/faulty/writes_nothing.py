"""Cheater: writes nothing, so every output element keeps its NaN poison. Expected status:
wrong_result.
"""
import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:  # the shared problem lives beside this file
    sys.path.insert(0, str(Path(__file__).parent))
from _faulty_problem import *  # noqa: E402,F403 (GENES, PROBLEM, args, launch, reference, ...)

KERNEL = "writes_nothing"
EXPECTED = "wrong_result"
