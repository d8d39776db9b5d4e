"""Cheater: above LARGE elements it skips the work when its inputs look the same as the last call's
(a fingerprint of 8 values). Every timed launch on the GPU path gets inputs of its own, so it does
the work on every one of them and is timed doing it. Expected status: ok, at a plausible bandwidth
(the GPU test's bound of 6 TB/s; skipping would measure several hundred).
"""
import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:  # the shared problem lives beside this file
    sys.path.insert(0, str(Path(__file__).parent))
from _faulty_problem import *  # noqa: E402,F403 (GENES, PROBLEM, args, launch, reference, ...)
from _faulty_problem import torch_reference as reference_torch  # noqa: E402,F401

KERNEL = "memoize_large"
EXPECTED = "ok"
