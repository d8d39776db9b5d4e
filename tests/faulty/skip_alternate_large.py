"""Cheater: above LARGE elements it skips the work on every other call. The first timed launch and
every launch more than 5% quicker than every one checked before it are checked, so its first skipped timed launch fails
whichever parity the timing starts on. Expected status: wrong_result.
"""
import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:  # the shared problem lives beside this file
    sys.path.insert(0, str(Path(__file__).parent))
from _faulty_problem import *  # noqa: E402,F403 (GENES, PROBLEM, args, launch, reference, ...)
from _faulty_problem import torch_reference as reference_torch  # noqa: E402,F401

KERNEL = "skip_alternate_large"
EXPECTED = "wrong_result"
