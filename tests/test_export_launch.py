"""Exported headers' launch geometry: the C++ expressions a header launches with, evaluated by a host program built
with nvcc, against the template's Python launch() (split-K's grid z, transpose's gather grid), and the sizes of its
scratch arguments against the template's args(); the gather header run on a GPU."""
import numpy as np
import pytest

from evo_kernels.export import launch_cpp
from evo_kernels.runners.inputs import draw
from evo_kernels.template import load_template
from _export_helpers import entries, header_values, run_header

pytestmark = pytest.mark.nvcc


# TileLoops_SplitK: split at skinny shapes, unsplit past the workspace cap, at most one split per k tile;
# TileLoops_SplitKEdges: split where a tile is cut short and the packed slices fit, unsplit where every tile is
# full or the slices do not fit the workspace, at most one split per k tile
SPLIT_HEADER_CASES = [
    ("TileLoops_SplitK", [{"M": 64, "N": 8192, "K": 8192}, {"M": 8192, "N": 8192, "K": 4096},
                          {"M": 64, "N": 64, "K": 20}], [8, 1, 3]),
    ("TileLoops_SplitKEdges", [{"M": 4097, "N": 4097, "K": 4097}, {"M": 4096, "N": 4096, "K": 4096},
                               {"M": 1, "N": 37, "K": 5}, {"M": 385, "N": 384, "K": 20}], [8, 1, 1, 3])]


@pytest.mark.parametrize("gene,probs,want", SPLIT_HEADER_CASES, ids=[c[0] for c in SPLIT_HEADER_CASES])
def test_sgemm_split_k_header_launches_the_splits_its_python_launch_does(tmp_path, gene, probs, want):
    t = load_template("sgemm")
    g = t.space.check({**t.space.coerce(t.meta.FAST_GENOME), gene: 8})
    grid, _, _ = launch_cpp(t, g, t.problem)
    assert header_values(tmp_path, t, g, grid[2], probs) == [t.launch(g, p).grid[2] for p in probs] == want


def _gather_design(t, kernel="mixed"):
    """The shipped gather design; "staged": as the gather-only kernel with its staged runs (TileLoops_GatherOnly and
    TileLoops_GatherStage, whose static shared memory the header declares)."""
    g = next(d for d in t.designs if t.meta.gather_rows(d))
    return g if kernel == "mixed" else t.space.check(dict(g, TileLoops_GatherOnly=True, TileLoops_GatherStage=True))


@pytest.mark.parametrize("kernel", ["mixed", "staged"])
def test_transpose_gather_header_launches_the_grid_its_python_launch_does(tmp_path, kernel):
    # TileLoops_Gather's grid (min(R, k) tile columns) is one C++ expression: the header's grid at few rows, at the
    # gather's limit and past it (the tiles' grid) is launch()'s; the staged gather-only kernel builds in the header
    t = load_template("transpose")
    g = _gather_design(t, kernel)
    grid, _, _ = launch_cpp(t, g, t.problem)
    assert "evo_min(R, " in grid[0]
    probs = [{"R": 2, "C": 15491379}, {"R": 10, "C": 6131105}, {"R": 64, "C": 1000}, {"R": 65, "C": 1000},
             {"R": 4093, "C": 4091}]
    want = [t.launch(g, p).grid[0] for p in probs]
    assert header_values(tmp_path, t, g, grid[0], probs) == want
    assert want[0] < -(-15491379 // g["TileLoops"]) and want[3] == -(-1000 // g["TileLoops"])


@pytest.mark.gpu
@pytest.mark.parametrize("kernel", ["mixed", "staged"])
def test_transpose_gather_header_runs_and_matches_reference(tmp_path, kernel):
    t = load_template("transpose")
    p = {"R": 6, "C": 100003}
    rows = entries(t, [p])
    rows[0]["genome"] = _gather_design(t, kernel)
    rng = np.random.default_rng(11)
    inputs = {a.name: draw(a, rng).astype(np.float32) for a in t.args(p) if a.role in ("in", "inout")}
    got = run_header(tmp_path, t, rows, p, inputs)
    want = t.reference({k: v.astype(np.float64) for k, v in inputs.items()}, p)["out"]
    assert np.array_equal(got["out"], want.astype(np.float32))


@pytest.mark.gpu
def test_softmax_header_with_a_cluster_of_sixteen_runs_and_matches_reference(tmp_path):
    # a cluster of 16 launches only after cudaFuncSetAttribute(NonPortableClusterSizeAllowed): the header opts in
    t = load_template("softmax")
    p = {"R": 7, "C": 100003}   # odd rows in 16 parts of 6250-6251 floats, cached in registers and shared memory
    rows = entries(t, [p])
    rows[0]["genome"] = t.space.check({**t.space.coerce(t.meta.FAST_GENOME), "AdjustBlockSize": 512, "UnrollLoop": 16,
                                       "UseSharedMemory": "registers+shared", "TileLoops_Cluster": 16,
                                       "VectorizeLoads_Align": True})
    assert t.launch(rows[0]["genome"], p).cluster == 16
    rng = np.random.default_rng(12)
    inputs = {a.name: draw(a, rng).astype(np.float32) for a in t.args(p) if a.role in ("in", "inout")}
    got = run_header(tmp_path, t, rows, p, inputs)["out"].astype(np.float64)
    want = t.reference({k: v.astype(np.float64) for k, v in inputs.items()}, p)["out"]
    assert np.linalg.norm(got - want) / np.linalg.norm(want) <= t.tolerance_at(p)


SCRATCH_CASES = [
    ("sgemm", [{"M": 2048, "N": 2048, "K": 2048}, {"M": 37, "N": 1000, "K": 5}, {"M": 8192, "N": 8192, "K": 64}]),
    ("reduce_sum", [{"N": 1}, {"N": 1 << 28}])]


@pytest.mark.parametrize("name,probs", SCRATCH_CASES, ids=[c[0] for c in SCRATCH_CASES])
def test_header_says_how_big_each_scratch_argument_is_and_that_it_starts_at_zero(tmp_path, name, probs):
    # was: launch(..., float* work, int* tiles, ...) with no word on their size or their start
    t = load_template(name)
    scratch = [a.name for a in t.args(t.problem) if a.role == "scratch"]
    assert scratch == {"sgemm": ["work", "tiles"], "reduce_sum": ["partials", "counter"]}[name]
    g = t.space.baseline()
    for arg in scratch:
        expr = f"{arg}_scratch_elems({', '.join(t.problem)})"
        want = [next(int(np.prod(a.shape)) for a in t.args(p) if a.name == arg) for p in probs]
        assert header_values(tmp_path, t, g, expr, probs) == want
    header = (tmp_path / "h.cuh").read_text()
    assert "be zeroed once before the first launch" in header
    assert f"// The scratch arguments ({', '.join(scratch)}): sized and zeroed as the" in header
