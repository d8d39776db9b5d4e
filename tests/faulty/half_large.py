"""Cheater: exact at the check shapes, half precision above LARGE elements; its timed-size check runs through
reference_torch. Expected status: wrong_result.
"""
import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:  # the shared problem lives beside this file
    sys.path.insert(0, str(Path(__file__).parent))
from _faulty_problem import *  # noqa: E402,F403 (GENES, PROBLEM, args, launch, reference, ...)
from _faulty_problem import torch_reference as reference_torch  # noqa: E402,F401

KERNEL = "half_large"
EXPECTED = "wrong_result"
