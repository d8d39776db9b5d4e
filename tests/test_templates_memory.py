"""The memory-bound templates: reduce_sum, softmax, stencil and transpose.

Nothing here needs a GPU: the spaces, launches, references and costs are checked in Python, every
genome of a sample is compiled with nvcc (skipped where there is none), and a few genomes are run
on the CPU through tests/cuda_emu.h (skipped where there is no g++) with NaN-poisoned outputs,
AddressSanitizer on every buffer, two launches compared bit for bit, and ragged shapes.
"""
from __future__ import annotations

import importlib.util
import math
import re
import shutil
from pathlib import Path

import numpy as np
import pytest

from evo_kernels.build import NvccBuilder
from evo_kernels.genome import MAX_STATIC_SMEM_BYTES, MAX_THREADS_PER_BLOCK
from evo_kernels.records import Candidate
from evo_kernels.template import load_template

_spec = importlib.util.spec_from_file_location("cuda_emu", Path(__file__).with_name("cuda_emu.py"))
cuda_emu = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cuda_emu)

NAMES = ["reduce_sum", "softmax", "stencil", "transpose"]
N_RANDOM = 24

needs_gxx = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ not on PATH (CPU emulation)")


@pytest.fixture(scope="module", params=NAMES)
def tmpl(request):
    return load_template(request.param)


def random_genomes(t, n, seed=0):
    rng = np.random.default_rng(seed)
    return [t.space.sample(rng) for _ in range(n)]


# --- the spaces ----------------------------------------------------------------------------------

def test_baseline_and_fast_genome_valid(tmpl):
    assert tmpl.space.violations(tmpl.space.baseline()) == []
    fast = tmpl.meta.FAST_GENOME
    assert set(fast) == set(tmpl.space.names)
    assert tmpl.space.violations(fast) == []
    assert fast != tmpl.space.baseline()


def test_check_problems_include_ragged_and_stay_small(tmpl):
    probs = tmpl.check_problems
    assert len(probs) >= 2
    assert any(any(v % 2 for v in p.values()) for p in probs)  # one shape that no tile divides
    for p in probs:
        assert math.prod(p.values()) <= 4093 * 4091


def test_space_is_large_and_mostly_valid(tmpl):
    rng = np.random.default_rng(1)
    draws = [{g.name: g.values[rng.integers(len(g.values))] for g in tmpl.space.genes} for _ in range(2000)]
    valid = sum(tmpl.space.is_valid(d) for d in draws) / len(draws)
    assert tmpl.space.size >= 1000
    assert valid >= 0.3, f"{tmpl.name}: only {valid:.0%} of random genomes are valid"


def test_constraint_messages_name_the_genes(tmpl):
    rng = np.random.default_rng(2)
    seen = 0
    for _ in range(3000):
        d = {g.name: g.values[rng.integers(len(g.values))] for g in tmpl.space.genes}
        for msg in tmpl.space.violations(d):
            seen += 1
            if "threads per block" in msg or "shared memory" in msg:  # the loader's generic limits
                continue
            assert any(n in msg for n in tmpl.space.names), msg
    assert seen > 0


def _all_valid(t, limit=400000):
    return list(t.space.enumerate(limit=limit))


def test_launches_fit_the_hardware(tmpl):
    for g in _all_valid(tmpl):
        for p in [tmpl.problem, *tmpl.check_problems]:
            lc = tmpl.launch(g, p)
            assert 1 <= lc.threads <= MAX_THREADS_PER_BLOCK
            assert lc.grid[0] >= 1 and lc.grid[0] < 2**31 and 1 <= lc.grid[1] <= 65535 and lc.grid[2] == 1
        assert tmpl.smem_bytes(g) <= MAX_STATIC_SMEM_BYTES


def test_reduce_grid_fits_partials():
    t = load_template("reduce_sum")
    partials = next(a for a in t.args(t.problem) if a.name == "partials")
    assert partials.role == "scratch"
    for g in _all_valid(t):
        for p in [t.problem, *t.check_problems, {"N": 2**31 - 1}]:
            assert t.launch(g, p).grid[0] <= partials.shape[0]


def test_softmax_blocks_are_whole_warps():
    # the row reductions shuffle with a full mask: every warp of a block must be complete
    t = load_template("softmax")
    for g in _all_valid(t):
        assert t.launch(g, t.problem).threads % 32 == 0


def test_coverage_of_the_output():
    # each launch's blocks cover the whole output (the kernels guard the excess)
    for name in ("stencil", "transpose"):
        t = load_template(name)
        for g in _all_valid(t):
            for p in t.check_problems:
                lc = t.launch(g, p)
                if name == "stencil" and t.meta.flat(g):  # one thread per (band of rows, column), over grid x
                    bands = -(-p["H"] // g["ThreadCoarsening"])
                    assert lc.grid[0] * lc.threads >= bands * p["W"] and lc.grid[1] == 1
                    assert lc.block[:2] == (g["AdjustBlockSizeX"], g["AdjustBlockSizeY"])
                elif name == "stencil":
                    tw, th = t.meta.tile(g)
                    assert lc.grid[0] * tw >= p["W"] and (lc.grid[1] * th >= p["H"] or lc.grid[1] == 65535)
                    assert lc.block[:2] == (g["AdjustBlockSizeX"], g["AdjustBlockSizeY"])
                else:
                    tile, tc = g["TileLoops"], g["ThreadCoarsening"]
                    assert lc.grid[0] * tile >= p["C"] and lc.grid[1] * tile * tc >= p["R"]
                    assert lc.block[0] * g["VectorizeLoads"] == tile
    t = load_template("softmax")
    for g in _all_valid(t):
        for p in t.check_problems:
            assert t.launch(g, p).grid[0] * g["ThreadCoarsening"] * g["TileLoops_Rows"] >= p["R"]


def test_transpose_keeps_its_old_genomes():
    t = load_template("transpose")
    old = {"TileLoops": 32, "AdjustBlockSize": 8, "UseSharedMemory": True, "PadSharedMemory": True, "UnrollLoop": True}
    g = t.space.coerce(old)
    assert t.space.is_valid(g) and g["VectorizeLoads"] == 1 and g["ThreadCoarsening"] == 1
    assert t.launch(g, t.problem).block == (32, 8, 1)
    src = t.render(t.space.baseline())
    assert "out[(size_t)c * R + r] = inp[(size_t)r * C + c];" in src  # the naive baseline


def test_render_every_sampled_genome(tmpl):
    for g in random_genomes(tmpl, 200, seed=3):
        src = tmpl.render(g)
        threads = tmpl.launch(g, tmpl.problem).threads  # an optional second bound: blocks per SM (registers)
        assert re.search(rf'extern "C" __global__ void __launch_bounds__\({threads}(, \d+)?\)', src), g
        assert "${" not in src


# --- references and costs ------------------------------------------------------------------------

def _inputs(t, p, rng):
    out = {}
    for a in t.args(p):
        if a.role in ("in", "inout"):
            x = rng.standard_normal(a.shape) if a.init == "normal" else rng.random(a.shape)
            out[a.name] = x.astype(np.float32)
    return out


def _naive(name, x, p):
    x = x.astype(np.float64)
    if name == "reduce_sum":
        s = 0.0
        for v in x:
            s += float(v)
        return np.array([s])
    if name == "softmax":
        out = np.empty_like(x)
        for r in range(p["R"]):
            m = max(x[r])
            e = [math.exp(v - m) for v in x[r]]
            tot = sum(e)
            for c in range(p["C"]):
                out[r, c] = e[c] / tot
        return out
    if name == "stencil":
        out = np.empty_like(x)
        h, w = p["H"], p["W"]
        for y in range(h):
            for i in range(w):
                if y in (0, h - 1) or i in (0, w - 1):
                    out[y, i] = x[y, i]
                else:
                    out[y, i] = 0.5 * x[y, i] + 0.125 * (x[y - 1, i] + x[y + 1, i] + x[y, i - 1] + x[y, i + 1])
        return out
    if name == "transpose":
        out = np.empty((p["C"], p["R"]))
        for r in range(p["R"]):
            for c in range(p["C"]):
                out[c, r] = x[r, c]
        return out
    raise AssertionError(name)


TINY = {"reduce_sum": [{"N": 1}, {"N": 37}, {"N": 1001}],
        "softmax": [{"R": 1, "C": 1}, {"R": 5, "C": 7}, {"R": 3, "C": 33}],
        "stencil": [{"H": 1, "W": 5}, {"H": 3, "W": 3}, {"H": 6, "W": 7}, {"H": 5, "W": 1}],
        "transpose": [{"R": 1, "C": 5}, {"R": 5, "C": 7}]}


@pytest.mark.parametrize("name", NAMES)
def test_reference_matches_naive_loop(name):
    t = load_template(name)
    rng = np.random.default_rng(4)
    for p in TINY[name]:
        inputs = _inputs(t, p, rng)
        (x,) = inputs.values()
        ref = t.reference(inputs, p)
        (out_arg,) = [a for a in t.args(p) if a.role == "out"]
        got = np.asarray(ref[out_arg.name], dtype=np.float64)
        assert got.shape == tuple(out_arg.shape)
        np.testing.assert_allclose(got, _naive(name, x, p), rtol=1e-12, atol=1e-12)


def test_reduce_inputs_are_uniform():
    t = load_template("reduce_sum")
    (inp,) = [a for a in t.args(t.problem) if a.role == "in"]
    assert inp.init == "uniform" and inp.shape == (2**28,)
    assert [a.role for a in t.args(t.problem)].count("scratch") == 2


def test_costs():
    def c(name, **p):
        return load_template(name).cost(p)

    assert c("reduce_sum", N=2**28) == (4 * 2**28 + 4, 2**28)
    assert c("softmax", R=32768, C=4096)[0] == 2 * 4 * 32768 * 4096
    assert c("stencil", H=8192, W=8192) == (2 * 4 * 8192 * 8192, 7 * 8190 * 8190)
    assert c("stencil", H=1, W=37) == (2 * 4 * 37, 0)
    assert c("transpose", R=16384, C=16384) == (2 * 4 * 16384 * 16384, 0)
    for name in NAMES:
        t = load_template(name)
        nbytes = sum(a.nbytes for a in t.args(t.problem) if a.role in ("in", "out", "inout"))
        assert t.cost(t.problem)[0] == nbytes


# --- compiling ----------------------------------------------------------------------------------

@pytest.mark.nvcc  # skipped by conftest where nvcc is missing
@pytest.mark.slow
def test_compile_baseline_fast_and_random(tmpl, tmp_path):
    genomes = [tmpl.space.baseline(), dict(tmpl.meta.FAST_GENOME), *random_genomes(tmpl, N_RANDOM, seed=5)]
    cands = [Candidate(tmpl.name, g, tmpl.problem, tmpl.space.key(g)) for g in genomes]
    results = NvccBuilder(cache_dir=tmp_path).build(tmpl, cands)
    for g, r in zip(genomes, results):
        assert r.status == "ok", f"{tmpl.name} {g}: {r.status} {r.error[-2000:]}"
        assert r.smem_bytes == tmpl.smem_bytes(g), f"{tmpl.name} {g}: smem_bytes() disagrees with ptxas"
    fast = results[1]
    assert fast.spill_bytes == 0 and fast.stack_bytes == 0, f"{tmpl.name} FAST_GENOME spills: {fast}"


# --- running on the CPU -------------------------------------------------------------------------

EMU_PROBLEMS = {
    "reduce_sum": [{"N": 1}, {"N": 37}, {"N": 12281}],
    "softmax": [{"R": 37, "C": 1}, {"R": 5, "C": 4091}, {"R": 3, "C": 4096}, {"R": 2, "C": 12290}],
    "stencil": [{"H": 1, "W": 37}, {"H": 3, "W": 3}, {"H": 37, "W": 1}, {"H": 67, "W": 45}, {"H": 70, "W": 260}],
    "transpose": [{"R": 1, "C": 37}, {"R": 67, "C": 45}, {"R": 130, "C": 68}],
}


@needs_gxx
@pytest.mark.slow
@pytest.mark.parametrize("which", ["baseline", "fast", "random"])
def test_cpu_emulation(tmpl, which, tmp_path):
    if which == "baseline":
        genomes = [tmpl.space.baseline()]
    elif which == "fast":
        genomes = [dict(tmpl.meta.FAST_GENOME)]
    else:
        genomes = random_genomes(tmpl, 2, seed=6)
    if tmpl.name == "softmax":  # the emulator runs blocks one after another: no clusters (the GPU tests run them)
        genomes = [dict(g, TileLoops_Cluster=1) for g in genomes]
    for g in genomes:
        for i, p in enumerate(EMU_PROBLEMS[tmpl.name]):
            offsets = (0, 1) if i == len(EMU_PROBLEMS[tmpl.name]) - 1 else (0,)
            for off in offsets:  # off=1: every buffer starts 4 bytes past a 16-byte boundary
                r = cuda_emu.run_on_cpu(tmpl, g, p, work_dir=tmp_path, offset=off)
                assert r["status"] == "ok", f"{tmpl.name} {g} {p} offset {off}: {r}"


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
def test_transpose_ragged_genes_build_and_run_on_the_cpu(tmp_path):
    # the coalesced fallback for sides that allow no vectors, and the unguarded copy for full tiles
    t = load_template("transpose")
    fast = dict(t.meta.FAST_GENOME)
    genomes = [t.space.check(dict(fast, CoalesceMemoryAccess=True)),
               t.space.check(dict(fast, CoalesceMemoryAccess=True, TileLoops_Specialize=True, ThreadCoarsening=2)),
               t.space.check(dict(fast, TileLoops_Specialize=True, UseSharedMemory=False, PadSharedMemory=False,
                                  AdjustBlockSize=8)),
               t.space.check(dict(t.space.baseline(), TileLoops_Specialize=True))]
    assert "__ldg(rowp + cc)" in t.render(genomes[0]) and "tile_io<VIN, VOUT, true>" in t.render(genomes[1])
    assert not t.space.is_valid(dict(fast, CoalesceMemoryAccess=True, VectorizeLoads=1))
    if shutil.which("g++") is None:
        pytest.skip("g++ not on PATH (CPU emulation)")
    for g in genomes:
        for p in ({"R": 130, "C": 67}, {"R": 67, "C": 130}, {"R": 128, "C": 128}, {"R": 1, "C": 37}):
            for off in (0, 1):
                r = cuda_emu.run_on_cpu(t, g, p, work_dir=tmp_path, offset=off)
                assert r["status"] == "ok", f"{g} {p} offset {off}: {r}"


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
        for p in ({"R": 5, "C": 4097}, {"R": 3, "C": 2}, {"R": 7, "C": 1030}, {"R": 2, "C": 3}):
            for off in (0, 1):
                r = cuda_emu.run_on_cpu(t, g, p, work_dir=tmp_path, offset=off)
                assert r["status"] == "ok", f"{g} {p} offset {off}: {r}"


# --- the genes for odd sides (issue 17: transpose and stencil at 8191 x 12289, 4097 x 4097, 1048573 x 37, ...) ------

ODD_EMU = {"transpose": [{"R": 130, "C": 67}, {"R": 67, "C": 130}, {"R": 1, "C": 37}, {"R": 129, "C": 37},
                         {"R": 128, "C": 128}, {"R": 131, "C": 5}],
           "stencil": [{"H": 1, "W": 37}, {"H": 3, "W": 3}, {"H": 37, "W": 1}, {"H": 67, "W": 45},
                       {"H": 70, "W": 261}, {"H": 130, "W": 1030}, {"H": 5, "W": 2}]}

ODD_DESIGNS = {
    "transpose": [{"VectorizeLoads_Align": True},
                  {"VectorizeLoads_Align": True, "TileLoops_Flat": True, "ThreadCoarsening": 2},
                  {"VectorizeLoads_Align": True, "VectorizeLoads": 2, "PadSharedMemory": False},
                  {"VectorizeLoads_Align": True, "TileLoops_Flat": True, "TileLoops": 16, "AdjustBlockSize": 4,
                   "ThreadCoarsening": 4},
                  # ReorderInstructions_Batch: all of a thread's tile rows loaded before the shared stores
                  {"ReorderInstructions_Batch": True, "CoalesceMemoryAccess": True},
                  {"ReorderInstructions_Batch": True, "CoalesceMemoryAccess": True, "TileLoops_Specialize": True,
                   "AdjustBlockSize": 8},
                  {"ReorderInstructions_Batch": True, "TileLoops": 32, "AdjustBlockSize": 4, "ThreadCoarsening": 2}],
    "stencil": [{"VectorizeLoads_Align": True},
                {"VectorizeLoads_Align": True, "VectorizeLoads_AlignStores": True},
                {"VectorizeLoads_Align": True, "VectorizeLoads_AlignStores": True, "ReorderInstructions_Prefetch": True,
                 "ThreadCoarsening": 4},
                {"VectorizeLoads_Align": True, "VectorizeLoads_AlignStores": True, "VectorizeLoads": 2,
                 "ReorderInstructions_Prefetch": True, "AdjustBlockSizeX": 64, "AdjustBlockSizeY": 2},
                {"ReorderInstructions_Prefetch": True, "ThreadCoarsening": 4},
                {"UseSharedMemory": True, "VectorizeLoads_AlignShared": True, "AdjustBlockSizeX": 64,
                 "AdjustBlockSizeY": 2, "ThreadCoarsening": 4, "VectorizeLoads": 2, "PadSharedMemory": True},
                {"UseSharedMemory": True, "VectorizeLoads_AlignShared": True, "AdjustBlockSizeX": 8,
                 "AdjustBlockSizeY": 8, "ThreadCoarsening": 2},
                # CoalesceMemoryAccess: a thread's columns a block width apart, every warp access consecutive
                {"CoalesceMemoryAccess": True, "ThreadCoarsening": 4, "AdjustBlockSizeY": 2},
                {"CoalesceMemoryAccess": True, "ThreadCoarsening": 4, "VectorizeLoads": 2, "AdjustBlockSizeX": 64,
                 "AdjustBlockSizeY": 2, "ReorderInstructions_Prefetch": True},
                {"CoalesceMemoryAccess": True, "ThreadCoarsening": 2, "AdjustBlockSizeX": 8, "AdjustBlockSizeY": 8,
                 "UnrollLoop": False},
                # TileLoops_Flat: one thread per (band of rows, column), no idle block at a ragged edge
                {"TileLoops_Flat": True, "ThreadCoarsening": 4},
                {"TileLoops_Flat": True, "ThreadCoarsening": 2, "UnrollLoop": False, "AdjustBlockSizeX": 8,
                 "AdjustBlockSizeY": 8}],
}


def _odd_genomes(t):
    return [t.space.check(t.space.coerce({**t.meta.FAST_GENOME, **c})) for c in ODD_DESIGNS[t.name]]


@pytest.mark.parametrize("name", ["transpose", "stencil"])
def test_odd_side_genes_are_identity_by_default_and_render(name):
    t = load_template(name)
    base = t.space.baseline()
    new = [g.name for g in t.space.genes if g.name in ("VectorizeLoads_Align", "TileLoops_Flat",
                                                        "ReorderInstructions_Prefetch", "VectorizeLoads_AlignStores",
                                                        "VectorizeLoads_AlignShared", "ReorderInstructions_Batch",
                                                        "CoalesceMemoryAccess", "TileLoops_Flat")]
    if name == "stencil":
        assert base["CoalesceMemoryAccess"] is False and base["TileLoops_Flat"] is False
    assert len(new) >= 2 and all(base[n] is False for n in new)
    fast = t.space.coerce(t.meta.FAST_GENOME)
    for g in _odd_genomes(t):
        assert t.render(g) != t.render(fast)
    if name == "transpose":
        g = _odd_genomes(t)[0]
        assert "span_load" in t.render(g) and "span_load" not in t.render(fast)
        assert "tile_pass<true>" in t.render(_odd_genomes(t)[1]) and "tile_pass<true>" not in t.render(g)
        # where the gene cannot apply it changes nothing (and no constraint rejects the genome)
        plain = dict(fast, VectorizeLoads=1)
        assert t.render(dict(plain, VectorizeLoads_Align=True)) == t.render(plain)
        assert t.smem_bytes(g) == 64 * (64 + 4 + 1) * 4
        assert "g0 += 4" in t.render(dict(fast, ReorderInstructions_Batch=True))   # 4 rows of float4 batched
        nosmem = dict(fast, UseSharedMemory=False, PadSharedMemory=False, AdjustBlockSize=8)
        assert t.render(dict(nosmem, ReorderInstructions_Batch=True)) == t.render(nosmem)
    else:
        assert "store_row<VEC>" in t.render(_odd_genomes(t)[1]) and "__shfl_down_sync" not in t.render(fast)
        smem = dict(fast, UseSharedMemory=True)
        assert t.render(dict(smem, VectorizeLoads_Align=True, ReorderInstructions_Prefetch=True)) == t.render(smem)
        assert t.render(dict(fast, VectorizeLoads_AlignShared=True)) == t.render(fast)  # no shared memory
        assert "tile[r][4 + col]" in t.render(dict(smem, VectorizeLoads_AlignShared=True))
        assert "run_co(" in t.render(dict(fast, CoalesceMemoryAccess=True)) and "run_co(" not in t.render(fast)
        assert t.render(dict(smem, CoalesceMemoryAccess=True)) == t.render(smem)
        aligned = dict(fast, VectorizeLoads_Align=True)
        assert t.render(dict(aligned, CoalesceMemoryAccess=True)) == t.render(aligned)
        assert "g32 / (unsigned)W" in t.render(dict(fast, TileLoops_Flat=True))
        assert t.render(dict(smem, TileLoops_Flat=True)) == t.render(smem)
        assert t.launch(dict(fast, TileLoops_Flat=True), {"H": 131072, "W": 257}).grid[:2] == (16384 * 257 // 128, 1)
        bad = dict(fast, VectorizeLoads_Align=True, VectorizeLoads_AlignStores=True, AdjustBlockSizeX=16)
        assert any("VectorizeLoads_AlignStores" in m for m in t.space.violations(bad))


@pytest.mark.parametrize("name", ["transpose", "stencil"])
def test_tall_shapes_stay_within_grid_y(name):
    # 1048573 x 37 in tiles of 16 rows, 131072 rows in tiles of 1: the kernels stride over grid y
    t = load_template(name)
    p = {"R": 1048573, "C": 37} if name == "transpose" else {"H": 131072, "W": 257}
    for g in _all_valid(t):
        lc = t.launch(g, p)
        assert 1 <= lc.grid[1] <= 65535


@needs_gxx
@pytest.mark.slow
@pytest.mark.parametrize("name", ["transpose", "stencil"])
def test_odd_side_genes_run_on_the_cpu(name, tmp_path):
    # every design on ragged and odd shapes, buffers 16-byte aligned and 4 bytes past (offset 1)
    t = load_template(name)
    for g in _odd_genomes(t):
        for p in ODD_EMU[name]:
            for off in (0, 1):
                r = cuda_emu.run_on_cpu(t, g, p, work_dir=tmp_path, offset=off)
                assert r["status"] == "ok", f"{g} {p} offset {off}: {r}"


@needs_gxx
@pytest.mark.slow
@pytest.mark.parametrize("name", ["transpose", "stencil"])
def test_grid_y_stride_runs_on_the_cpu(name, tmp_path, monkeypatch):
    # grid y capped well below the tiles: the blocks stride over y (the cap is 65535 on the GPU)
    t = load_template(name)
    launch = t.meta.launch

    def capped(g, p):
        (gx, gy), block = launch(g, p)
        return (gx, min(gy, 2)), block

    monkeypatch.setattr(t.meta, "launch", capped)
    genomes = [t.space.baseline(), t.space.coerce(t.meta.FAST_GENOME), *_odd_genomes(t)[:2]]
    if name == "stencil":
        genomes.append(t.space.check(dict(t.space.coerce(t.meta.FAST_GENOME), UseSharedMemory=True)))
        genomes.append(_odd_genomes(t)[5])  # shared memory, VectorizeLoads_AlignShared
        genomes.append(_odd_genomes(t)[-3])  # CoalesceMemoryAccess
        genomes.append(_odd_genomes(t)[-2])  # TileLoops_Flat
    else:
        genomes.append(_odd_genomes(t)[-2])  # ReorderInstructions_Batch
    p = {"R": 150, "C": 37} if name == "transpose" else {"H": 70, "W": 45}
    for g in genomes:
        assert t.launch(g, p).grid[1] <= 2
        r = cuda_emu.run_on_cpu(t, g, p, work_dir=tmp_path, offset=1)
        assert r["status"] == "ok", f"{g} {p}: {r}"


@pytest.mark.nvcc
@pytest.mark.slow
@pytest.mark.parametrize("name", ["transpose", "stencil"])
def test_odd_side_designs_compile_without_spills(name, tmp_path):
    t = load_template(name)
    genomes = _odd_genomes(t)
    cands = [Candidate(t.name, g, t.problem, t.space.key(g)) for g in genomes]
    for g, r in zip(genomes, NvccBuilder(cache_dir=tmp_path).build(t, cands)):
        assert r.status == "ok" and r.spill_bytes == 0 and r.stack_bytes == 0, (g, r.status, r.error[-1000:])
        assert r.smem_bytes == t.smem_bytes(g), g
