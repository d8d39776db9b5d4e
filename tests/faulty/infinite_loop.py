"""Faulty: spins forever on a flag nobody sets; only the watchdog ends it. Expected status: timeout."""
import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:  # the shared problem lives beside this file
    sys.path.insert(0, str(Path(__file__).parent))
from _faulty_problem import *  # noqa: E402,F403 (GENES, PROBLEM, args, launch, reference, ...)

KERNEL = "infinite_loop"
EXPECTED = "timeout"
