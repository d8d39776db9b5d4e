"""Faulty: an off-by-one index writes y[-1], before the start of y. Expected status: wrong_result
("wrote 4 bytes before the start of y"), from the guard zones."""
import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:  # the shared problem lives beside this file
    sys.path.insert(0, str(Path(__file__).parent))
from _faulty_problem import *  # noqa: E402,F403 (GENES, PROBLEM, args, launch, reference, ...)

KERNEL = "writes_before_start"
EXPECTED = "wrong_result"
