"""Cheater: above LARGE elements it skips two percent more of the work on each call, each launch too little
quicker than the one before it to be 5% quicker than that one. Every launch more than 5% quicker than every
launch checked before it is checked, so it fails there, before it gains more than 5%; where skipping saves no
time (on an H100 no launch got 5% quicker with 18% of its blocks skipped: likely bound by scheduling the
65536 blocks, not by the bytes) it gains nothing and the last launch, on fresh inputs, catches it.
Expected status: wrong_result.
"""
import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:  # the shared problem lives beside this file
    sys.path.insert(0, str(Path(__file__).parent))
from _faulty_problem import *  # noqa: E402,F403 (GENES, PROBLEM, args, launch, reference, ...)
from _faulty_problem import torch_reference as reference_torch  # noqa: E402,F401

KERNEL = "drift_large"
EXPECTED = "wrong_result"
