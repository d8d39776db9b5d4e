"""Faulty: asks for 300 KiB of dynamic shared memory, more than a block may have (227 KiB). Expected
status: resources.
"""
import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:  # the shared problem lives beside this file
    sys.path.insert(0, str(Path(__file__).parent))
from _faulty_problem import *  # noqa: E402,F403 (GENES, PROBLEM, args, launch, reference, ...)

KERNEL = "smem_overflow"
EXPECTED = "resources"


def launch(g, p):  # the dynamic shared memory request is the fault
    b = g["AdjustBlockSize"]
    return ((p["N"] + b - 1) // b,), (b,), 300 * 1024
