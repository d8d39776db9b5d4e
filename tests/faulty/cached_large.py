"""Cheater: honest at the check shapes, but above LARGE elements it returns results cached in a
__device__ buffer by its first call. Expected status: wrong_result.
"""
import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:  # the shared problem lives beside this file
    sys.path.insert(0, str(Path(__file__).parent))
from _faulty_problem import *  # noqa: E402,F403 (GENES, PROBLEM, args, launch, reference, ...)

KERNEL = "cached_large"
EXPECTED = "wrong_result"
