"""Faulty: no bounds check; the last block of a size no block divides writes past the end of y.
Expected status: wrong_result ("wrote N bytes past the end of y"), from the guard zones."""
import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:  # the shared problem lives beside this file
    sys.path.insert(0, str(Path(__file__).parent))
from _faulty_problem import *  # noqa: E402,F403 (GENES, PROBLEM, args, launch, reference, ...)

KERNEL = "writes_past_end"
EXPECTED = "wrong_result"
