"""The memory-bound templates (reduce_sum, softmax, stencil, transpose), the checks every one of them
passes: spaces, launches, references, costs, nvcc builds and CPU emulation.

Nothing here needs a GPU: the spaces, launches, references and costs are checked in Python, every
genome of a sample is compiled with nvcc (skipped where there is none), and a few genomes are run
on the CPU through tests/cuda_emu.h (skipped where there is no g++) with NaN-poisoned outputs,
AddressSanitizer on every buffer, two launches compared bit for bit, and ragged shapes. What one
template alone needs is in tests/test_templates_<name>.py (reduce_sum, softmax, transpose); the
odd-side genes of transpose and stencil in tests/test_templates_odd_sides.py.
"""
from __future__ import annotations

import math
import re

import numpy as np
import pytest

from evo_kernels.build import NvccBuilder
from evo_kernels.limits import MAX_SMEM_PER_BLOCK, MAX_STATIC_SMEM_BYTES, MAX_THREADS_PER_BLOCK
from evo_kernels.records import Candidate
from evo_kernels.runners.inputs import draw
from evo_kernels.template import load_template
from _memory_template_helpers import COVERAGE, LAUNCH_BLIND, _valid_genomes, cuda_emu, needs_gxx

NAMES = ["reduce_sum", "softmax", "stencil", "transpose"]
N_RANDOM = 24


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


@pytest.mark.parametrize("name", sorted(LAUNCH_BLIND))
def test_launch_does_not_read_the_blind_genes(name):
    # what lets the exhaustive walks pin them: every other value of each gives the same launch on sampled genomes
    t = load_template(name)
    for g in _valid_genomes(t, "sample")[:1500]:
        for gene in LAUNCH_BLIND[name]:
            for v in t.space.gene(gene).values:
                h = dict(g, **{gene: v})
                if t.space.is_valid(h):
                    assert all(t.launch(h, p) == t.launch(g, p) for p in t.check_problems[:3]), (gene, v, g)


@pytest.mark.parametrize("coverage", COVERAGE)
def test_launches_fit_the_hardware(tmpl, coverage):
    for g in _valid_genomes(tmpl, coverage):
        for p in [tmpl.problem, *tmpl.check_problems]:
            lc = tmpl.launch(g, p)
            assert 1 <= lc.threads <= MAX_THREADS_PER_BLOCK
            assert lc.grid[0] >= 1 and lc.grid[0] < 2**31 and 1 <= lc.grid[1] <= 65535 and lc.grid[2] == 1
        assert tmpl.smem_bytes(g) <= MAX_STATIC_SMEM_BYTES
        assert tmpl.smem_bytes(g) + lc.dynamic_smem <= MAX_SMEM_PER_BLOCK


@pytest.mark.parametrize("coverage", COVERAGE)
@pytest.mark.parametrize("name", ["stencil", "transpose", "softmax"])
def test_coverage_of_the_output(name, coverage):
    # each launch's blocks cover the whole output (the kernels guard the excess); one template per test, so that
    # the exhaustive enumerations spread over the test workers
    if name in ("stencil", "transpose"):
        t = load_template(name)
        for g in _valid_genomes(t, coverage):
            for p in t.check_problems:
                lc = t.launch(g, p)
                if name == "stencil" and t.meta.flat_vector(g):   # 4 * ThreadCoarsening floats a thread
                    assert lc.grid[0] * lc.threads * 4 * g["ThreadCoarsening"] >= p["H"] * p["W"]
                    assert lc.grid[1] == 1 and lc.block[:2] == (g["AdjustBlockSizeX"], g["AdjustBlockSizeY"])
                elif name == "stencil" and t.meta.flat(g):  # one thread per (band of rows, column), over grid x
                    bands = -(-p["H"] // g["ThreadCoarsening"])
                    assert lc.grid[0] * lc.threads >= bands * p["W"] and lc.grid[1] == 1
                    assert lc.block[:2] == (g["AdjustBlockSizeX"], g["AdjustBlockSizeY"])
                elif name == "stencil":
                    tw, th = t.meta.tile(g)
                    assert lc.grid[0] * tw >= p["W"] and (lc.grid[1] * th >= p["H"] or lc.grid[1] == 65535)
                    assert lc.block[:2] == (g["AdjustBlockSizeX"], g["AdjustBlockSizeY"])
                elif p["R"] <= t.meta.gather_rows(g):   # TileLoops_Gather: float4s over the output, a grid stride
                    assert lc.grid[0] * lc.grid[1] >= 1 and lc.block[0] * g["VectorizeLoads"] == g["TileLoops"]
                else:
                    tile, tc = g["TileLoops"], g["ThreadCoarsening"]
                    assert lc.grid[0] * tile >= p["C"] and lc.grid[1] * tile * tc >= p["R"]
                    assert lc.block[0] * g["VectorizeLoads"] == tile
    else:
        t = load_template("softmax")
        for g in _valid_genomes(t, coverage):
            for p in t.check_problems:
                assert t.launch(g, p).grid[0] * g["ThreadCoarsening"] * g["TileLoops_Rows"] >= p["R"]


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
            out[a.name] = draw(a, rng).astype(np.float32)
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
