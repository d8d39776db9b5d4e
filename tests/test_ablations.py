"""Why the best genomes are fast (evo_kernels/ablations.py): each transform of the best genome reverted alone and
measured; where a revert alone is invalid, the nearest valid genome, naming what else moved; the best genome of each
template and size chosen from a store's rows, measured through the chosen backend (here: the shipped H200 recordings,
a replay), and left out where nothing can measure it."""
import pytest

from evo_kernels.ablations import ablation, measure_ablations
from evo_kernels.records import Candidate
from evo_kernels.report import section_name
from evo_kernels.runners.choose import RECORDINGS, Backend
from evo_kernels.runners.replay import load_space
from evo_kernels.template import load_template

pytestmark = pytest.mark.skipif(not (RECORDINGS / "transpose.json.gz").exists(), reason="no shipped recording")


def test_ablation_names_what_else_changed_where_a_revert_alone_is_invalid():
    """sgemm's 64x128 tile with 8x4 outputs per thread: reverting ThreadCoarsening_M alone asks for
    2048 threads, so the row is the nearest valid genome and says which other genes moved."""
    t = load_template("sgemm")
    g = t.space.check(t.space.coerce({
        "TileLoops_M": 64, "TileLoops_N": 128, "TileLoops_K": 16, "ThreadCoarsening_M": 8, "ThreadCoarsening_N": 4,
        "UseSharedMemory": True, "VectorizeLoads": True, "CoalesceMemoryAccess": True, "UnrollLoop": 32,
        "ReorderInstructions": True, "AdjustBlockSize_MaxRegisters": 128}))
    rp = load_space(RECORDINGS / "sgemm.json.gz")
    rows = ablation(t, g, rp.evaluator().evaluate, rp.problem)
    row = next(r for r in rows if r["change"].startswith("ThreadCoarsening_M: 8 -> 1"))
    assert "(to stay valid also " in row["change"], row["change"]
    assert t.space.is_valid(row["genome"]) and row["genome"]["ThreadCoarsening_M"] == 1
    moved = [k for k in row["genome"] if k != "ThreadCoarsening_M" and row["genome"][k] != g[k]]
    assert moved and all(k in row["change"] for k in moved)
    plain = next(r for r in rows if r["change"].startswith("UnrollLoop"))
    assert plain["change"] == "UnrollLoop: 32 -> 1"  # valid alone: nothing else named


def _rows(space, n):
    """Store rows of the first n genomes of a recording, with its recorded fitness (the store's row shape)."""
    ev = space.evaluator()
    cands = [Candidate(space.template, g, space.problem, space.space.key(g)) for g in space.genomes()[:n]]
    return [{"template": space.template, "problem": space.problem, "status": e.status, "fitness": e.fitness,
             "genome": e.candidate.genome} for e in ev.evaluate(cands)]


def test_measure_ablations_takes_the_best_genome_of_each_size_and_leaves_out_what_cannot_be_measured(replay):
    rp = load_space(RECORDINGS / "transpose.json.gz")
    rows = _rows(rp, 40)
    best = max((r for r in rows if r["status"] == "ok"), key=lambda r: r["fitness"])
    # a size the recording was not made at, and a template none of the recordings holds: nothing here measures them
    other_size = {**best, "problem": {"R": 4097, "C": 4097}, "fitness": best["fitness"] * 2}
    no_recording = {"template": "softmax", "problem": {"R": 64, "C": 64}, "status": "ok", "fitness": 9.0,
                    "genome": load_template("softmax").space.baseline()}
    slower = next(r for r in rows if r["status"] == "ok" and r["genome"] != best["genome"])
    failed = {**slower, "status": "wrong_result", "fitness": best["fitness"] * 3}   # never the best, however fit
    out = measure_ablations([*rows, other_size, no_recording, failed], Backend())
    label = section_name("transpose", rp.problem)   # the report's section, where write_report looks them up
    assert list(out) == [label]
    assert out[label][0]["change"] == "(best genome)" and out[label][0]["genome"] == best["genome"]
    assert out[label][0]["speedup"] == pytest.approx(next(
        e.speedup for e in rp.evaluator().evaluate(
        [Candidate("transpose", best["genome"], rp.problem, rp.space.key(best["genome"]))])))
    # one row per gene the best genome moved off its baseline
    moved = [k for k, v in best["genome"].items() if v != load_template("transpose").space.gene(k).baseline]
    assert len(out[label]) == 1 + len(moved)
