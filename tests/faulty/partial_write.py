"""Faulty: skips the last element (a bounds check off by one). Expected status: wrong_result."""
import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:  # the shared problem lives beside this file
    sys.path.insert(0, str(Path(__file__).parent))
from _faulty_problem import *  # noqa: E402,F403 (GENES, PROBLEM, args, launch, reference, ...)

KERNEL = "partial_write"
EXPECTED = "wrong_result"
