"""What the tests of the memory-bound templates share: the CPU emulator (tests/cuda_emu.py, loaded
from its file here only), the marker that skips its tests without g++, and the valid genomes of a
template that the space-wide checks walk: every one (``"all"``, marked slow: the spaces hold up to 3.1M
genomes, with the genes launch() does not read pinned) or a seeded sample with the template's baseline and designs
(``"sample"``, the fast default)."""
from __future__ import annotations

import dataclasses
import importlib.util
import shutil
from pathlib import Path

import numpy as np
import pytest

from evo_kernels.genome import GenomeSpace

_spec = importlib.util.spec_from_file_location("cuda_emu", Path(__file__).with_name("cuda_emu.py"))
cuda_emu = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cuda_emu)

needs_gxx = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ not on PATH (CPU emulation)")


# Genes a template's launch() does not read (their kernels differ, their grids and blocks do not): the exhaustive walk
# pins them at their baseline (transpose's two took its space from 1.3M to 5.3M genomes, past the enumeration limit, and
# softmax's UseSharedMemory_Overflow from 3.1M to 6.1M; transpose's TileLoops_SkewSectors and TileLoops_Diagonal, and
# softmax's UseSharedMemory_Stage, would take them past it again);
# test_launch_does_not_read_the_blind_genes checks on the fast sample that launch() ignores them.
LAUNCH_BLIND = {"transpose": ("TileLoops_GatherOnly", "TileLoops_GatherStage", "TileLoops_SkewSectors",
                              "TileLoops_Diagonal"),
                "softmax": ("UseSharedMemory_Overflow", "UseSharedMemory_Stage")}


def _all_valid(t, limit=4_000_000):
    blind = LAUNCH_BLIND.get(t.name, ())
    genes = [dataclasses.replace(g, values=(g.baseline,)) if g.name in blind else g for g in t.space.genes]
    return list(GenomeSpace(genes, t.space.violations, name=t.name).enumerate(limit=limit))


SAMPLE = 4000   # valid genomes a space-wide check draws in the fast default
# the space-wide checks run on both: parametrize a test with COVERAGE and pass its value to _valid_genomes
COVERAGE = ["sample", pytest.param("all", marks=pytest.mark.slow)]


def _valid_genomes(t, coverage):
    """Every valid genome of t (``coverage == "all"``), or SAMPLE uniform draws of them (seeded) with the baseline,
    FAST_GENOME and the template's designs (``"sample"``)."""
    if coverage == "all":
        return _all_valid(t)
    rng = np.random.default_rng(20261206)
    fixed = [t.space.baseline(), t.space.coerce(t.meta.FAST_GENOME), *t.designs]
    return fixed + [t.space.sample(rng) for _ in range(SAMPLE)]
