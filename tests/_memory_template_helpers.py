"""What the tests of the memory-bound templates share: the CPU emulator (tests/cuda_emu.py, loaded
from its file here only), the marker that skips its tests without g++, and every valid genome of a
template."""
from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location("cuda_emu", Path(__file__).with_name("cuda_emu.py"))
cuda_emu = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cuda_emu)

needs_gxx = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ not on PATH (CPU emulation)")


def _all_valid(t, limit=2_000_000):
    return list(t.space.enumerate(limit=limit))
