"""Faulty: reads the neighbouring warp's shared-memory slot without __syncthreads(); whether that slot
already holds its value or still a stale, time-dependent one varies from launch to launch. Expected
status: nondeterministic.
"""
import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:  # the shared problem lives beside this file
    sys.path.insert(0, str(Path(__file__).parent))
from _faulty_problem import *  # noqa: E402,F403 (GENES, PROBLEM, args, launch, reference, ...)

KERNEL = "race"
EXPECTED = "nondeterministic"
