"""The softmax template alone: whole warps, the cluster genomes for long rows, aligned vectors for odd
rows. The checks it shares with the other memory-bound templates are tests/test_templates_memory.py;
TileLoops_Rows is tests/test_templates_softmax_rows.py."""
from __future__ import annotations

import shutil

import pytest

from evo_kernels.build import NvccBuilder
from evo_kernels.limits import MAX_SMEM_PER_BLOCK
from evo_kernels.records import Candidate
from evo_kernels.template import load_template
from _memory_template_helpers import COVERAGE, _valid_genomes, cuda_emu, needs_gxx


def change_id(change):
    """A parametrized emulation's id: its genes as K=V joined by dashes."""
    return "-".join(f"{k}={v}" for k, v in change.items())


def fast_with(t, change, **genes):
    """FAST_GENOME with a test's change and the genes under test, checked valid."""
    return t.space.check({**t.space.coerce(t.meta.FAST_GENOME), **change, **genes})


def cache_floats(t, g):
    """Floats of one row that a genome's cache holds on chip (its cluster's parts together)."""
    vectors = g["UnrollLoop"] + t.meta.extra_vectors(g)
    return g["AdjustBlockSize"] * g["TileLoops_Cluster"] * g["VectorizeLoads"] * vectors


def emulate(t, g, problems, tmp_path, reverse=True):
    """Run genome g on the CPU emulator at each problem, buffers aligned and one float off; every run must pass
    (``reverse``: every second launch runs the blocks in reverse order)."""
    for p in problems:
        for off in (0, 1):
            r = cuda_emu.run_on_cpu(t, g, p, work_dir=tmp_path, offset=off, reverse=reverse)
            assert r["status"] == "ok", f"{g} {p} offset {off}: {r}"


@pytest.mark.parametrize("coverage", COVERAGE)
def test_softmax_blocks_are_whole_warps(coverage):
    # the row reductions shuffle with a full mask: every warp of a block must be complete
    t = load_template("softmax")
    for g in _valid_genomes(t, coverage):
        assert t.launch(g, t.problem).threads % 32 == 0


def test_softmax_cluster_genomes_build_one_pass_for_long_rows(tmp_path):
    # rows of 32k and 64k floats held on chip, split over a cluster of blocks; no spill
    t = load_template("softmax")
    base = dict(t.meta.FAST_GENOME, UseSharedMemory="registers", UnrollLoop=8, VectorizeLoads=4)
    genomes = [t.space.check(dict(base, AdjustBlockSize=256, TileLoops_Cluster=4)),
               t.space.check(dict(base, AdjustBlockSize=512, TileLoops_Cluster=4)),
               t.space.check(dict(base, AdjustBlockSize=1024, TileLoops_Cluster=1))]
    for g, row in zip(genomes, (32768, 65536, 32768)):
        assert g["AdjustBlockSize"] * g["TileLoops_Cluster"] * 32 == row
        assert t.launch(g, {"R": 7, "C": row}).grid[0] == 7 * g["TileLoops_Cluster"]
    src = t.render(genomes[0])
    assert "__cluster_dims__(4, 1, 1)" in src and "map_shared_rank" in src
    assert "__cluster_dims__" not in t.render(t.space.baseline())
    if shutil.which("nvcc") is None:
        pytest.skip("nvcc not found")
    cands = [Candidate(t.name, g, t.problem, t.space.key(g)) for g in genomes]
    for g, r in zip(genomes, NvccBuilder(cache_dir=tmp_path).build(t, cands)):
        assert r.status == "ok" and r.spill_bytes == 0, (g, r.status, r.error[-1000:])


@pytest.mark.slow
def test_softmax_aligned_vectors_for_odd_rows_run_on_the_cpu(tmp_path):
    # VectorizeLoads_Align: a scalar head to each row's 16-byte boundary, vectors, a scalar tail
    t = load_template("softmax")
    fast = dict(t.meta.FAST_GENOME, VectorizeLoads_Align=True)
    genomes = [t.space.check(fast),
               t.space.check(dict(fast, UseSharedMemory="online", UnrollLoop=2)),
               t.space.check(dict(fast, UseSharedMemory="none", VectorizeLoads=2, AdjustBlockSize=32,
                                  ThreadCoarsening=2)),
               t.space.check(dict(fast, UseSharedMemory="shared", AdjustBlockSize=4, ThreadCoarsening=8,
                                  CoalesceMemoryAccess=False))]
    assert "softmax_row<4, 4, true>" in t.render(genomes[0])
    assert "true>" not in t.render(dict(fast, VectorizeLoads_Align=False))
    if shutil.which("g++") is None:
        pytest.skip("g++ not on PATH (CPU emulation)")
    for g in genomes:
        emulate(t, g, ({"R": 5, "C": 4097}, {"R": 3, "C": 2}, {"R": 7, "C": 1030}, {"R": 2, "C": 3}), tmp_path,
                reverse=False)



# A row split over a thread-block cluster, in every mode and with two rows per group: the CPU emulator
# (tests/cuda_emu.h) runs a cluster's blocks together, each with shared memory of its own, a cluster barrier
# and map_shared_rank; a read before the barrier, or of an exited block's shared memory, reads NaN.
# The first and the last two with --all only (13 s each, 2026-12-07h, to keep CI under 10 minutes): clusters of 4
# stay in the fast default (no cache, aligned), and registers in clusters of 2; the clusters of 16 run with --all.
CLUSTER_EMU = [pytest.param(dict(AdjustBlockSize=64, TileLoops_Cluster=4), marks=pytest.mark.slow),
               dict(AdjustBlockSize=32, TileLoops_Cluster=8, UseSharedMemory="online"),
               dict(AdjustBlockSize=64, TileLoops_Cluster=2, UseSharedMemory="shared"),
               dict(AdjustBlockSize=32, TileLoops_Cluster=4, UseSharedMemory="none", VectorizeLoads_Align=True),
               dict(AdjustBlockSize=64, TileLoops_Cluster=2, TileLoops_Rows=2, UnrollLoop=4),
               # a cluster of 16 (non-portable): rows of 4097 floats in parts of 256-257, the pair reduction
               pytest.param(dict(AdjustBlockSize=32, TileLoops_Cluster=16, ReorderInstructions_PairReduce=True),
                            marks=pytest.mark.slow),
               # and registers+shared with rows in turn (the next row's shared part copied under this row's stores),
               # as the candidates of benchmarks/candidates/softmax_cluster16_rows_candidates.json
               pytest.param(dict(AdjustBlockSize=32, UseSharedMemory="registers+shared", UnrollLoop=2,
                                 TileLoops_Cluster=16, TileLoops_Rows=2, VectorizeLoads_Align=True,
                                 TileLoops_Reverse=True), marks=pytest.mark.slow)]


@needs_gxx
@pytest.mark.parametrize("change", CLUSTER_EMU, ids=change_id)
def test_emulated_softmax_clusters_match_reference(change, tmp_path):
    t = load_template("softmax")
    g = fast_with(t, change)
    assert f"__cluster_dims__({g['TileLoops_Cluster']}, 1, 1)" in t.render(g)
    emulate(t, g, ({"R": 5, "C": 4097}, {"R": 3, "C": 2}), tmp_path)


# TileLoops_Reverse: the streaming passes alternate direction (the re-read starts with what was read last) and the
# write pass stores evict-first. Every mode that streams: "none" (3 passes), "online", and the cached modes' fallback
# for rows longer than their cache (32 threads x 2 vectors of 4 floats: 256 floats a row, the rows here are longer),
# with a cluster, with two rows per group, with aligned vectors for odd rows and all-scalar rows.
REVERSE_EMU = [dict(AdjustBlockSize=32, UseSharedMemory="none", VectorizeLoads_Align=True, UnrollLoop=2),
               # with --all only: the reversed re-read in a cluster stays in the default through OVERFLOW_EMU's, and
               # online with the reversal through PAIR_EMU's
               pytest.param(dict(AdjustBlockSize=32, TileLoops_Cluster=4, UseSharedMemory="online", UnrollLoop=2),
                            marks=pytest.mark.slow),
               dict(AdjustBlockSize=32, UnrollLoop=2, TileLoops_Rows=2),
               dict(AdjustBlockSize=32, UseSharedMemory="shared", UnrollLoop=2, CoalesceMemoryAccess=False,
                    VectorizeLoads=2)]


@needs_gxx
@pytest.mark.parametrize("change", REVERSE_EMU, ids=change_id)
def test_emulated_softmax_reversed_passes_match_reference(change, tmp_path):
    t = load_template("softmax")
    g = fast_with(t, change, TileLoops_Reverse=True)
    src = t.render(g)
    assert "s1 > 0; s1 -= KS" in src and "stcs_v<W>(rout" in src
    emulate(t, g, ({"R": 5, "C": 4097}, {"R": 3, "C": 2}, {"R": 4, "C": 1030}), tmp_path)


def test_softmax_reversed_passes_are_identity_when_off_and_build_without_spill(tmp_path):
    t = load_template("softmax")
    fast = t.space.coerce(t.meta.FAST_GENOME)
    assert fast["TileLoops_Reverse"] is False
    src = t.render(fast)
    assert "stcs_v" not in src and "s1 -= KS" not in src
    # "none": only its second pass walks backwards, so the write pass (its third) starts where that one ended
    none = t.render(t.space.check({**fast, "UseSharedMemory": "none", "TileLoops_Reverse": True}))
    assert none.count("s1 -= KS") == 1 and "stcs_v<W>(rout" in none
    if shutil.which("nvcc") is None:
        pytest.skip("nvcc not found")
    # the long-row design of the fresh sizes (297 x 415745, H100), with the gene
    g = t.space.check({**fast, "AdjustBlockSize": 512, "UseSharedMemory": "online", "UnrollLoop": 16,
                       "VectorizeLoads_Align": True, "TileLoops_Cluster": 8, "TileLoops_Reverse": True})
    cands = [Candidate(t.name, x, t.problem, t.space.key(x)) for x in (g, {**g, "TileLoops_Reverse": False})]
    on, off = NvccBuilder(cache_dir=tmp_path).build(t, cands)
    assert on.status == "ok" and on.spill_bytes == 0, on.error[-1000:]
    assert on.registers <= off.registers + 8, (on.registers, off.registers)


# "registers+shared": the register cache continued in the rest of the block's shared memory (dynamic). 32 or 64
# threads x (1-2 vectors in registers + up to 64 in shared memory): rows (parts) that fit only with the shared part,
# rows longer than both (the streaming fallback), odd rows on the aligned and the scalar paths, in a cluster,
# contiguous chunks per thread, rows in turn (the next row's shared part copied while this row is written out; the
# next row prefetched whole where it fits the registers), with a row head of its own per odd row. The
# emulator gives each block of a cluster its own dynamic shared memory, NaN until written, as big as the launch asks.
EXTRA_EMU = [dict(AdjustBlockSize=32, UnrollLoop=2),
             # with --all only: the shared part in a cluster on the aligned path stays in the default through the
             # fifth entry below (clusters of 2, rows in turn) and OVERFLOW_EMU's registers+shared in a cluster
             pytest.param(dict(AdjustBlockSize=32, UnrollLoop=2, TileLoops_Cluster=4, VectorizeLoads_Align=True),
                          marks=pytest.mark.slow),
             dict(AdjustBlockSize=64, UnrollLoop=1, CoalesceMemoryAccess=False, VectorizeLoads=2,
                  TileLoops_Reverse=True),
             # these two with --all only: clusters, ThreadCoarsening and rows in turn stay in the fast default
             pytest.param(dict(AdjustBlockSize=32, ThreadCoarsening=2, UnrollLoop=2, TileLoops_Cluster=2),
                          marks=pytest.mark.slow),
             pytest.param(dict(AdjustBlockSize=32, UnrollLoop=2, TileLoops_Rows=2), marks=pytest.mark.slow),
             dict(AdjustBlockSize=32, UnrollLoop=2, TileLoops_Rows=4, TileLoops_Cluster=2, VectorizeLoads_Align=True),
             dict(AdjustBlockSize=32, UnrollLoop=1, TileLoops_Rows=2, CoalesceMemoryAccess=False)]


@needs_gxx
@pytest.mark.parametrize("change", EXTRA_EMU, ids=change_id)
def test_emulated_softmax_registers_shared_cache_matches_reference(change, tmp_path):
    t = load_template("softmax")
    g = fast_with(t, change, UseSharedMemory="registers+shared")
    e = t.meta.extra_vectors(g)
    assert e >= 32 and f"float cache_dyn[];   // {t.launch(g, t.problem).dynamic_smem} B" in t.render(g)
    assert t.launch(g, t.problem).dynamic_smem == 4 * t.meta.block_threads(g) * e * g["VectorizeLoads"]
    held = cache_floats(t, g)
    regs = g["AdjustBlockSize"] * g["TileLoops_Cluster"] * g["VectorizeLoads"] * g["UnrollLoop"]
    emulate(t, g, ({"R": 5, "C": held - 3 * g["VectorizeLoads"]}, {"R": 3, "C": held + 5},
                   {"R": 4, "C": regs * 3 + 1}, {"R": 3, "C": held}, {"R": 2, "C": 7}), tmp_path)


def test_softmax_registers_shared_mode_sizes_its_cache_and_builds_without_spill(tmp_path):
    t = load_template("softmax")
    fast = t.space.coerce(t.meta.FAST_GENOME)
    assert t.launch(fast, t.problem).dynamic_smem == 0 and "extern __shared__" not in t.render(fast)
    # the rest of 227 KB, in whole vectors per thread, at most 64 of them
    g = t.space.check({**fast, "AdjustBlockSize": 512, "UnrollLoop": 16, "UseSharedMemory": "registers+shared",
                       "TileLoops_Cluster": 8})
    assert t.meta.extra_vectors(g) == 28 and t.launch(g, {"R": 297, "C": 415745}).dynamic_smem == 229376
    small = t.space.check({**g, "AdjustBlockSize": 64})
    assert t.meta.extra_vectors(small) == 64 and t.launch(small, t.problem).dynamic_smem == 65536
    if shutil.which("nvcc") is None:
        pytest.skip("nvcc not found")
    # 512 threads x (16 + 28) float4 = 90,112 floats a block, 720,896 a row in a cluster of 8: 224 KB dynamic
    r, = NvccBuilder(cache_dir=tmp_path).build(t, [Candidate(t.name, g, t.problem, t.space.key(g))])
    assert r.status == "ok" and r.spill_bytes == 0, r.error[-1000:]
    assert r.smem_bytes + t.launch(g, t.problem).dynamic_smem <= MAX_SMEM_PER_BLOCK


# ReorderInstructions_PairReduce: each thread's (max, sum of exp(x - its max)) reduced as one pair over the group,
# the block (slots in two halves by row parity) and the cluster (one barrier, the block's wait for the others' reads
# deferred to its next publish or its exit). Every mode: the cached ones (registers, shared, registers+shared) on
# rows that fit and rows that take the streaming fallback, online and none; groups within a warp and of several
# warps, clusters of 2-8, rows in turn (with the register prefetch and with the shared part's copies), odd rows on the
# aligned and the scalar paths, contiguous chunks per thread, several row groups a block.
# The first two run with --all only (CLUSTER_EMU holds the same clusters without the pair reduction, and the other
# entries the pair reduction in clusters of 2 and 4).
PAIR_EMU = [pytest.param(dict(AdjustBlockSize=64, TileLoops_Cluster=4), marks=pytest.mark.slow),
            pytest.param(dict(AdjustBlockSize=32, TileLoops_Cluster=8, UseSharedMemory="online", UnrollLoop=2),
                         marks=pytest.mark.slow),
            dict(AdjustBlockSize=64, TileLoops_Cluster=2, UseSharedMemory="shared", ThreadCoarsening=2),
            # with --all only (the slowest emulation of the default, 11 s): CLUSTER_EMU runs this cluster without the
            # pair reduction, and the pair reduction in a cluster stays in the default with clusters of 2 and 16
            pytest.param(dict(AdjustBlockSize=64, TileLoops_Cluster=4, UseSharedMemory="none",
                              VectorizeLoads_Align=True), marks=pytest.mark.slow),
            # these two with --all only: rows in turn stay in the fast default (registers+shared, online)
            pytest.param(dict(AdjustBlockSize=64, TileLoops_Cluster=2, TileLoops_Rows=4, UnrollLoop=4),
                         marks=pytest.mark.slow),
            pytest.param(dict(AdjustBlockSize=64, TileLoops_Rows=2, UnrollLoop=2, ThreadCoarsening=2),
                         marks=pytest.mark.slow),
            dict(AdjustBlockSize=8, ThreadCoarsening=8, UnrollLoop=2, CoalesceMemoryAccess=False, VectorizeLoads=2),
            dict(AdjustBlockSize=64, UnrollLoop=2, TileLoops_Rows=2, TileLoops_Cluster=2,
                 UseSharedMemory="registers+shared", VectorizeLoads_Align=True),
            dict(AdjustBlockSize=32, UseSharedMemory="online", TileLoops_Rows=2, TileLoops_Reverse=True)]


@needs_gxx
@pytest.mark.parametrize("change", PAIR_EMU, ids=change_id)
def test_emulated_softmax_pair_reduction_matches_reference(change, tmp_path):
    t = load_template("softmax")
    g = fast_with(t, change, ReorderInstructions_PairReduce=True)
    src = t.render(g)
    assert "group_pair(" in src and "group_max(m" not in src.split("__global__")[-1]
    assert ("barrier_arrive" in src) == (g["TileLoops_Cluster"] > 1)
    emulate(t, g, ({"R": 5, "C": 4097}, {"R": 3, "C": 2}, {"R": 9, "C": 1030}, {"R": 2, "C": 9001}), tmp_path)


def test_softmax_pair_reduction_is_identity_when_off_and_builds_without_spill(tmp_path):
    t = load_template("softmax")
    fast = t.space.coerce(t.meta.FAST_GENOME)
    assert fast["ReorderInstructions_PairReduce"] is False and "group_pair" not in t.render(fast)
    if shutil.which("nvcc") is None:
        pytest.skip("nvcc not found")
    # the shipped long-row designs (cluster of 8, 256 or 512 threads, rows in turn with the register prefetch)
    designs = [dict(AdjustBlockSize=256, UnrollLoop=8, TileLoops_Cluster=8),
               dict(AdjustBlockSize=512, UnrollLoop=16, TileLoops_Cluster=8, UseSharedMemory="registers+shared"),
               dict(AdjustBlockSize=256, UnrollLoop=8, TileLoops_Cluster=8, TileLoops_Rows=2)]
    gs = [t.space.check({**fast, **d, "ReorderInstructions_PairReduce": p}) for d in designs for p in (True, False)]
    res = NvccBuilder(cache_dir=tmp_path).build(t, [Candidate(t.name, g, t.problem, t.space.key(g)) for g in gs])
    for on, off in zip(res[::2], res[1::2]):
        assert on.status == "ok" and on.spill_bytes == 0, on.error[-1000:]
        assert on.registers <= off.registers + 8, (on.registers, off.registers)


# AdjustBlockSize_Resident = 2: the registers+shared cache sized for two blocks per SM (half of the SM's shared memory
# each, __launch_bounds__ with 2 blocks per SM), so that one block reads while the other writes.
def test_softmax_two_resident_blocks_halve_the_cache_and_build_without_spill(tmp_path):
    t = load_template("softmax")
    fast = t.space.coerce(t.meta.FAST_GENOME)
    assert fast["AdjustBlockSize_Resident"] == 1
    one = t.space.check({**fast, "AdjustBlockSize": 512, "UnrollLoop": 8, "UseSharedMemory": "registers+shared",
                         "TileLoops_Cluster": 8})
    two = t.space.check({**one, "AdjustBlockSize_Resident": 2})
    # 2 x (static + dynamic + the runtime's 1 KB a block) within the SM's 228 KB; one block's 227 KB untouched
    assert t.meta.extra_vectors(one) == 28 and t.meta.extra_vectors(two) == 13
    lc = t.launch(two, {"R": 769, "C": 202551})
    assert 2 * (t.smem_bytes(two) + lc.dynamic_smem + 1024) <= 228 * 1024
    assert "__launch_bounds__(512, 2)" in t.render(two) and "__launch_bounds__(512)" in t.render(one)
    # in the other modes only the register cap: 2 blocks of 512 threads in registers mode with 32 floats each
    reg = t.space.check({**two, "UseSharedMemory": "registers"})
    assert "__launch_bounds__(512, 2)" in t.render(reg) and t.launch(reg, t.problem).dynamic_smem == 0
    for bad in ({**reg, "UnrollLoop": 16}, {**two, "UnrollLoop": 16},
                {**two, "AdjustBlockSize": 1024, "UnrollLoop": 4}):
        assert any("AdjustBlockSize_Resident" in v for v in t.space.violations(bad)), bad
    if shutil.which("nvcc") is None:
        pytest.skip("nvcc not found")
    assert any("AdjustBlockSize_Resident" in v for v in t.space.violations({**two, "AdjustBlockSize": 256,
                                                                            "UnrollLoop": 16}))   # 80 B of spill
    gs = [two, t.space.check({**two, "AdjustBlockSize": 256}),
          t.space.check({**two, "ReorderInstructions_PairReduce": True}), reg]   # (with VectorizeLoads_Align: 16-36 B)
    for g, r in zip(gs, NvccBuilder(cache_dir=tmp_path).build(t, [Candidate(t.name, g, t.problem, t.space.key(g))
                                                                  for g in gs])):
        assert r.status == "ok" and r.spill_bytes == 0, (g, r.error[-1000:])
        assert r.registers <= 65536 // (2 * t.meta.block_threads(g)), r.registers


@needs_gxx
@pytest.mark.parametrize("change", [dict(AdjustBlockSize=32, UnrollLoop=2, TileLoops_Cluster=4),
                                    dict(AdjustBlockSize=64, UnrollLoop=1, TileLoops_Rows=2, VectorizeLoads_Align=True,
                                         ReorderInstructions_PairReduce=True)],
                         ids=["cluster4", "rows2-align-pair"])
def test_emulated_softmax_two_resident_blocks_match_reference(change, tmp_path):
    t = load_template("softmax")
    g = fast_with(t, change, UseSharedMemory="registers+shared", AdjustBlockSize_Resident=2)
    held = cache_floats(t, g)
    emulate(t, g, ({"R": 5, "C": held - 3 * g["VectorizeLoads"]}, {"R": 3, "C": held + 5}, {"R": 2, "C": 7}), tmp_path)


# UseSharedMemory_Overflow: a row (part) longer than the cache keeps its first vectors in the cache (read once) and
# streams only the rest twice. Every cached mode: registers (alone and with rows in turn, whose register prefetch
# does not apply to rows this long), shared, registers+shared (with the next row's shared part copied under this row's
# stores where rows fit, and two resident blocks); clusters, the pair reduction, the reversed re-read, odd rows on the
# aligned and the scalar paths, contiguous chunks per thread, several row groups a block. The rows: just longer than
# the cache, three times it, one that fits (the gene changes nothing there) and a short one.
SLOW = pytest.mark.slow   # four of the eight run with --all only: the fast default keeps each mode and cache kind once
OVERFLOW_EMU = [pytest.param(dict(AdjustBlockSize=32, UnrollLoop=2), marks=SLOW),
                dict(AdjustBlockSize=64, UnrollLoop=2, TileLoops_Cluster=4, ReorderInstructions_PairReduce=True),
                dict(AdjustBlockSize=32, UseSharedMemory="shared", UnrollLoop=2, CoalesceMemoryAccess=False,
                     VectorizeLoads=2, TileLoops_Reverse=True),
                pytest.param(dict(AdjustBlockSize=32, UnrollLoop=2, TileLoops_Rows=2, TileLoops_Cluster=2,
                                  TileLoops_Reverse=True), marks=SLOW),
                dict(AdjustBlockSize=32, UseSharedMemory="registers+shared", UnrollLoop=1, TileLoops_Cluster=2,
                     TileLoops_Reverse=True, VectorizeLoads_Align=True),
                pytest.param(dict(AdjustBlockSize=64, UseSharedMemory="registers+shared", UnrollLoop=2,
                                  ThreadCoarsening=2, ReorderInstructions_PairReduce=True, CoalesceMemoryAccess=False),
                             marks=SLOW),
                dict(AdjustBlockSize=32, UseSharedMemory="registers+shared", UnrollLoop=2, TileLoops_Rows=2,
                     AdjustBlockSize_Resident=2, TileLoops_Cluster=4),
                # a cluster of 16 (non-portable), odd rows on the aligned path, the re-read reversed
                pytest.param(dict(AdjustBlockSize=32, UnrollLoop=1, TileLoops_Cluster=16, VectorizeLoads_Align=True,
                                  TileLoops_Reverse=True), marks=SLOW)]


@needs_gxx
@pytest.mark.parametrize("change", OVERFLOW_EMU, ids=change_id)
def test_emulated_softmax_overflow_matches_reference(change, tmp_path):
    t = load_template("softmax")
    g = fast_with(t, change, UseSharedMemory_Overflow=True)
    held = cache_floats(t, g)
    emulate(t, g, ({"R": 3, "C": held + 5}, {"R": 4, "C": 3 * held + 1}, {"R": 2, "C": held - g["VectorizeLoads"]},
                   {"R": 3, "C": 7}), tmp_path)


def test_softmax_overflow_changes_nothing_where_it_does_not_apply():
    t = load_template("softmax")
    fast = t.space.coerce(t.meta.FAST_GENOME)
    assert not fast["UseSharedMemory_Overflow"]
    on = t.space.check({**fast, "UseSharedMemory_Overflow": True})
    assert "UseSharedMemory_Overflow" in t.render(on) and "UseSharedMemory_Overflow" not in t.render(fast)
    for mode in ("none", "online"):   # they cache nothing: the same kernel
        g = t.space.check({**fast, "UseSharedMemory": mode})
        assert t.render(t.space.check({**g, "UseSharedMemory_Overflow": True})) == t.render(g)


# UseSharedMemory_Stage: groups of 1-128 threads (past a warp: the block reductions), rows in turn, rows at the cap,
# below it (odd, one float) and past it (the other genes' path); the emulation runs each with the buffers aligned and
# one float off (the chunk's head and tail); two in the fast default, all six with --all
STAGE_EMU = [dict(AdjustBlockSize=8, ThreadCoarsening=16, UnrollLoop=2, UseSharedMemory_Stage=32),
             dict(AdjustBlockSize=1, ThreadCoarsening=64, UseSharedMemory_Stage=64, CoalesceMemoryAccess=False),
             pytest.param(dict(AdjustBlockSize=32, ThreadCoarsening=4, UseSharedMemory_Stage=128,
                               VectorizeLoads_Align=True), marks=SLOW),
             pytest.param(dict(AdjustBlockSize=4, ThreadCoarsening=32, UseSharedMemory="none",
                               UseSharedMemory_Stage=32), marks=SLOW),
             pytest.param(dict(AdjustBlockSize=64, ThreadCoarsening=2, UseSharedMemory_Stage=64,
                               ReorderInstructions_PairReduce=True), marks=SLOW),
             pytest.param(dict(AdjustBlockSize=32, ThreadCoarsening=2, UnrollLoop=2, TileLoops_Rows=2,
                               UseSharedMemory_Stage=32), marks=SLOW)]


@needs_gxx
@pytest.mark.parametrize("change", STAGE_EMU, ids=change_id)
def test_emulated_softmax_staged_rows_match_reference(change, tmp_path):
    t = load_template("softmax")
    g = fast_with(t, change)
    k = g["UseSharedMemory_Stage"]
    emulate(t, g, ({"R": 67, "C": 29}, {"R": 9, "C": 1}, {"R": 5, "C": k}, {"R": 3, "C": k + 3}, {"R": 70, "C": 15}),
            tmp_path)


def test_softmax_stage_is_identity_where_it_does_not_apply_and_builds_without_spill(tmp_path):
    t = load_template("softmax")
    fast = t.space.coerce(t.meta.FAST_GENOME)
    assert fast["UseSharedMemory_Stage"] == 0 and "stage[" not in t.render(fast)
    assert "stage[" in t.render(t.space.check({**fast, "UseSharedMemory_Stage": 32}))
    # rows split over a cluster, and registers+shared mode's dynamic cache: the kernel without it
    for other in (dict(TileLoops_Cluster=2), dict(UseSharedMemory="registers+shared", UnrollLoop=1)):
        g = t.space.check({**fast, **other})
        assert t.render(t.space.check({**g, "UseSharedMemory_Stage": 64})) == t.render(g)
    builder = NvccBuilder(cache_dir=tmp_path)
    for change in [p if isinstance(p, dict) else p.values[0] for p in STAGE_EMU]:
        g = fast_with(t, change)
        (b,) = builder.build(t, [Candidate("softmax", g, t.problem, t.space.key(g))])
        assert b.status == "ok" and b.spill_bytes == 0, (change, b.error)
        assert b.smem_bytes >= 4 * g["ThreadCoarsening"] * g["UseSharedMemory_Stage"], (change, b.smem_bytes)
