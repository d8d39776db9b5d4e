"""Correct: four elements per thread through float4, scalar tail; its timed-size check runs through
reference_torch on the GPU. Expected status: ok.
"""
import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:  # the shared problem lives beside this file
    sys.path.insert(0, str(Path(__file__).parent))
from _faulty_problem import *  # noqa: E402,F403 (GENES, PROBLEM, args, launch, reference, ...)
from _faulty_problem import torch_reference as reference_torch  # noqa: E402,F401

KERNEL = "correct_vec4"
EXPECTED = "ok"


def launch(g, p):  # four elements per thread
    b = g["AdjustBlockSize"]
    return ((p["N"] + 4 * b - 1) // (4 * b),), (b,)
