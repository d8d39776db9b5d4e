"""What the tests of the sgemm and conv2d templates share: the fiber emulator (tests/fiber_emu.py,
loaded from its file here only), the markers that skip without nvcc or g++, the FAST genome, random
inputs, the emulation shapes, one emulated run compared with the template's reference, and the sgemm genomes
at the 48 KB shared-memory boundary."""
from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import numpy as np
import pytest

_spec = importlib.util.spec_from_file_location("fiber_emu", Path(__file__).with_name("fiber_emu.py"))
fiber_emu = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fiber_emu)

needs_nvcc = pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not found")
needs_gxx = pytest.mark.skipif(not fiber_emu.have_compiler(), reason="g++ not found (CPU emulation)")


def fast(t):
    return t.space.check(t.space.coerce(t.meta.FAST_GENOME))


def _inputs(t, p, seed=0):
    rng = np.random.default_rng(seed)
    return {a.name: rng.standard_normal(a.shape).astype(np.float32) for a in t.args(p) if a.role == "in"}


EMU_SHAPES = {
    "sgemm": [{"M": 67, "N": 132, "K": 36}, {"M": 1, "N": 37, "K": 5}, {"M": 130, "N": 129, "K": 21}],
    "conv2d": [{"H": 37, "W": 61, "FH": 7, "FW": 5}, {"H": 29, "W": 36, "FH": 1, "FW": 1},
               {"H": 70, "W": 133, "FH": 15, "FW": 15}],
}


def emulate_at(t, g, shapes, tmp_path):
    """:func:`_emulate_and_compare` at every shape, with buffers 16-byte aligned and 4 bytes past."""
    for p in shapes:
        for placement in ("start", "end"):
            _emulate_and_compare(t, g, p, placement, tmp_path)


def _emulate_and_compare(t, g, p, placement, tmp_path):
    x = _inputs(t, p, seed=1)
    out = fiber_emu.run_kernel(t, g, p, x, placement, cache_dir=tmp_path)
    for name, want in t.reference(x, p).items():
        got = out[name].astype(np.float64)
        assert not np.isnan(got).any(), f"{name}: {np.isnan(got).sum()} outputs not written ({g}, {p}, {placement})"
        err = np.abs(got - want).max() / np.abs(want).max()
        assert err < t.tolerance, (err, g, p, placement)


# sgemm genomes whose tensor-core tiles take exactly 48 KB of dynamic shared memory beside the split-K flag's 16 static
# bytes: drawn by test_random_genomes_pass_correctness (seed 5) on 2026-12-06g, they failed at launch ("invalid
# argument") until the runner opted in by static + dynamic (runners/launch.py: needs_opt_in)
SGEMM_48K = [{"TileLoops_M": 64, "TileLoops_N": 16, "TileLoops_K": 32, "ThreadCoarsening_M": 8, "ThreadCoarsening_N": 2,
              "PadSharedMemory": True, "ReorderInstructions_Async": 4, "TileLoops_SplitK": 2,
              "ReorderInstructions_TensorSteps": 2},
             {"TileLoops_M": 64, "TileLoops_N": 64, "TileLoops_K": 32, "ThreadCoarsening_M": 2, "ThreadCoarsening_N": 8,
              "PadSharedMemory": False, "ReorderInstructions_Async": 3, "TileLoops_SplitK": 8, "TileLoops_Shift": True}]
SGEMM_48K_COMMON = {"UseSharedMemory": True, "VectorizeLoads": True, "CoalesceMemoryAccess": False, "UnrollLoop": 4,
                    "ReorderInstructions": False, "TileLoops_Specialize": True, "ReorderInstructions_Fragments": True,
                    "TileLoops_Group": 8, "ThreadCoarsening_TensorCore": True}


def sgemm_48k_genomes(t):
    """The two genomes above, checked against t's space."""
    return [t.space.check({**t.space.coerce(t.meta.FAST_GENOME), **SGEMM_48K_COMMON, **c}) for c in SGEMM_48K]
