"""Faulty: computes y right but overwrites its input x. Expected status: wrong_result ("input x was
modified"), not nondeterministic: the harness compares every input with its own copy after each
checked launch. Opts in to reference_torch, so the comparison runs on the GPU."""
import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:  # the shared problem lives beside this file
    sys.path.insert(0, str(Path(__file__).parent))
from _faulty_problem import *  # noqa: E402,F403 (GENES, PROBLEM, args, launch, reference, ...)
from _faulty_problem import torch_reference as reference_torch  # noqa: E402,F401

KERNEL = "modifies_input"
EXPECTED = "wrong_result"
