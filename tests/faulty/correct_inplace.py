"""Correct, in place: y = 2y + 1 on an inout buffer drawn uniform in [0, 1); the harness must restore
the input before every launch or the two launches disagree. Expected status: ok.
"""
import sys
from pathlib import Path

from evo_kernels.template import Arg

if str(Path(__file__).parent) not in sys.path:  # the shared problem lives beside this file
    sys.path.insert(0, str(Path(__file__).parent))
from _faulty_problem import *  # noqa: E402,F403 (GENES, PROBLEM, args, launch, reference, ...)

KERNEL = "correct_inplace"
EXPECTED = "ok"


def args(p):  # one inout buffer
    return [Arg("y", "inout", "float32", (p["N"],), init="uniform"), Arg("n", "scalar", "int32", value=p["N"])]


def reference(inputs, p):
    return {"y": 2.0 * inputs["y"] + 1.0}
