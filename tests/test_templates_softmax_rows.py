"""softmax's TileLoops_Rows: a row group's rows in turn, in registers mode with the next row's loads
issued before the current row's reductions (a second register set under a 64-register cap).

CPU emulation through tests/cuda_emu.h (ASan, NaN-poisoned outputs, two launches compared bit for
bit); the emulator runs no clusters, so the cluster designs are built here (no spill) and checked on
the GPU by tests/test_gpu_templates.py (-k new_gene).
"""
from __future__ import annotations

import shutil

import pytest

from evo_kernels.build import NvccBuilder
from evo_kernels.records import Candidate
from evo_kernels.template import load_template
from _memory_template_helpers import cuda_emu, needs_gxx

BASE = {"UseSharedMemory": "registers", "UnrollLoop": 4, "VectorizeLoads": 4, "CoalesceMemoryAccess": True,
        "TileLoops_Cluster": 1}
# the prefetching loop (rows that fit, rows that do not: the plain loop), float2 and scalar instances, a
# block of several row groups, and the plain row loop of the other modes (VectorizeLoads_Align too)
# (the last runs by default, the rest with the slow tests: each emulation takes 10-40 s; the registers row loop with
# its prefetch stays in the fast default through test_templates_softmax.py's PAIR_EMU rows-in-turn entries)
_slow = pytest.mark.slow
VARIANTS = [pytest.param(dict(AdjustBlockSize=128, ThreadCoarsening=1, TileLoops_Rows=2), marks=_slow),
            # 32 floats a row per thread, two sets under the 128-register cap
            pytest.param(dict(AdjustBlockSize=128, ThreadCoarsening=1, TileLoops_Rows=2, UnrollLoop=8), marks=_slow),
            pytest.param(dict(AdjustBlockSize=64, ThreadCoarsening=2, TileLoops_Rows=4, UnrollLoop=8), marks=_slow),
            pytest.param(dict(AdjustBlockSize=64, ThreadCoarsening=2, TileLoops_Rows=4, UnrollLoop=2), marks=_slow),
            pytest.param(dict(AdjustBlockSize=32, ThreadCoarsening=4, TileLoops_Rows=8, VectorizeLoads=2, UnrollLoop=8),
                         marks=_slow),
            pytest.param(dict(AdjustBlockSize=256, ThreadCoarsening=1, TileLoops_Rows=2, VectorizeLoads=1,
                              UnrollLoop=16), marks=_slow),
            pytest.param(dict(AdjustBlockSize=128, ThreadCoarsening=1, TileLoops_Rows=4, UseSharedMemory="online",
                              UnrollLoop=8), marks=_slow),
            pytest.param(dict(AdjustBlockSize=64, ThreadCoarsening=2, TileLoops_Rows=2, UseSharedMemory="shared",
                              UnrollLoop=8, VectorizeLoads_Align=True), marks=_slow),
            dict(AdjustBlockSize=4, ThreadCoarsening=8, TileLoops_Rows=8, UseSharedMemory="none",
                 CoalesceMemoryAccess=False)]
# R not a multiple of the rows per block; C: float4 rows that fit 128 x 16 floats, longer ones (the
# fallback), odd ones (the scalar instance), a single column
SHAPES = [{"R": 37, "C": 1}, {"R": 13, "C": 2048}, {"R": 7, "C": 4096}, {"R": 11, "C": 4091}, {"R": 3, "C": 12292},
          {"R": 9, "C": 132}]


def _genome(t, change):
    return t.space.check({**t.space.coerce(t.meta.FAST_GENOME), **BASE, **change})


@needs_gxx
@pytest.mark.parametrize("change", VARIANTS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_emulated_softmax_row_loop_matches_reference(change, tmp_path):
    t = load_template("softmax")
    g = _genome(t, change)
    src = t.render(g)
    assert ("softmax_row_pf<" in src) == (g["UseSharedMemory"] == "registers")
    assert t.launch(g, {"R": 37, "C": 4}).grid[0] == -(-37 // (g["ThreadCoarsening"] * g["TileLoops_Rows"]))
    for p in SHAPES:
        for off in (0, 1):  # off=1: every buffer 4 bytes past a 16-byte boundary (the scalar instance)
            r = cuda_emu.run_on_cpu(t, g, p, work_dir=tmp_path, offset=off)
            assert r["status"] == "ok", f"{g} {p} offset {off}: {r}"


def test_softmax_row_loop_is_identity_by_default_and_constrained():
    t = load_template("softmax")
    for g in (t.space.baseline(), t.space.coerce(t.meta.FAST_GENOME)):
        src = t.render(g)
        assert "softmax_row_pf" not in src and "row0" not in src and "__launch_bounds__(%d)" % (
            g["AdjustBlockSize"] * g["ThreadCoarsening"]) in src
    msgs = t.meta.constraints(t.space.coerce({**BASE, "AdjustBlockSize": 1024, "UnrollLoop": 8, "TileLoops_Rows": 2}))
    assert any("TileLoops_Rows=2" in m and "UnrollLoop x VectorizeLoads = 32" in m for m in msgs), msgs
    msgs = t.meta.constraints(t.space.coerce({**BASE, "AdjustBlockSize": 128, "UnrollLoop": 16, "TileLoops_Rows": 2}))
    assert any("UnrollLoop x VectorizeLoads = 64" in m for m in msgs), msgs
    assert not t.meta.constraints(t.space.coerce({**BASE, "AdjustBlockSize": 256, "ThreadCoarsening": 1,
                                                  "UnrollLoop": 8,
                                                  "TileLoops_Rows": 2}))
    msgs = t.meta.constraints(t.space.coerce({**BASE, "AdjustBlockSize": 256, "TileLoops_Rows": 2,
                                              "CoalesceMemoryAccess": False}))
    assert any("requires CoalesceMemoryAccess=True" in m for m in msgs), msgs


CLUSTER_DESIGNS = [dict(AdjustBlockSize=512, TileLoops_Cluster=8, TileLoops_Rows=2),
                   dict(AdjustBlockSize=512, TileLoops_Cluster=8, TileLoops_Rows=4),
                   dict(AdjustBlockSize=1024, TileLoops_Cluster=4, TileLoops_Rows=2),
                   dict(AdjustBlockSize=256, TileLoops_Cluster=8, TileLoops_Rows=2, VectorizeLoads=2)]


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not found")
def test_softmax_prefetch_designs_build_without_spill(tmp_path):
    """Rows of 64k floats over a cluster, the next row in flight: 2 x 16 floats per thread inside the
    64-register cap (the cluster reductions' addresses are kept from being hoisted out of the row loop)."""
    t = load_template("softmax")
    genomes = [_genome(t, c) for c in CLUSTER_DESIGNS]
    src = t.render(genomes[0])
    assert "__launch_bounds__(512, 2) __cluster_dims__(8, 1, 1)" in src and "softmax_row_pf<4, 4>" in src
    assert t.launch(genomes[0], {"R": 1024, "C": 65536}).grid[0] == 512 * 8
    cands = [Candidate(t.name, g, t.problem, t.space.key(g)) for g in genomes]
    for g, r in zip(genomes, NvccBuilder(cache_dir=tmp_path).build(t, cands)):
        assert r.status == "ok" and r.spill_bytes == 0 and r.registers <= 64, (g, r.registers, r.spill_bytes,
                                                                               r.error[-500:])


# 1024 x 65536: 256-thread blocks of a cluster of 8 (call 1's best, extra3: 8 float4 per thread, 62 registers)
# with the next row prefetched: 2 x 32 floats under the 128-register cap (2 blocks of 256 per SM)
WIDE_PF_DESIGNS = [dict(AdjustBlockSize=256, UnrollLoop=8, TileLoops_Cluster=8, TileLoops_Rows=2),
                   dict(AdjustBlockSize=256, UnrollLoop=8, TileLoops_Cluster=8, TileLoops_Rows=4),
                   dict(AdjustBlockSize=512, UnrollLoop=8, TileLoops_Cluster=4, TileLoops_Rows=2),
                   dict(AdjustBlockSize=128, UnrollLoop=8, TileLoops_Cluster=4, TileLoops_Rows=2, ThreadCoarsening=2)]


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not found")
def test_softmax_wide_prefetch_designs_build_without_spill(tmp_path):
    t = load_template("softmax")
    genomes = [_genome(t, c) for c in WIDE_PF_DESIGNS]
    src = t.render(genomes[0])
    assert "__launch_bounds__(256, 2) __cluster_dims__(8, 1, 1)" in src and "softmax_row_pf<4, 8>" in src
    cands = [Candidate(t.name, g, t.problem, t.space.key(g)) for g in genomes]
    for g, r in zip(genomes, NvccBuilder(cache_dir=tmp_path).build(t, cands)):
        print(g["AdjustBlockSize"], g["TileLoops_Cluster"], g["TileLoops_Rows"], r.registers, r.spill_bytes)
        assert r.status == "ok" and r.spill_bytes == 0 and r.registers <= 128, (g, r.registers, r.spill_bytes,
                                                                                r.error[-500:])
