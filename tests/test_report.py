"""The report from a results database: Markdown, PNG plots, Pareto fronts and the ablation table (its rows are measured
by evo_kernels/ablations.py: tests/test_ablations.py)."""
import numpy as np

from evo_kernels.records import Candidate
from evo_kernels.ablations import measure_ablations
from evo_kernels.report import best_so_far, pareto_front, section_name, write_report
from evo_kernels.runners.replay import load_space
from evo_kernels.template import load_template
from evo_kernels.runners.choose import RECORDINGS, Backend


def test_pareto_front_and_best_so_far():
    pts = [(5.0, 10), (4.0, 20), (6.0, 5), (4.5, 30), (3.0, 40)]
    assert [pts[i] for i in pareto_front(pts)] == [(6.0, 5), (5.0, 10), (4.0, 20), (3.0, 40)]
    assert best_so_far([1, 3, 2, 5, 4]) == [1, 3, 3, 5, 5]


def test_report_on_replayed_h200_measurements(tmp_path, replay):
    """Rows as the store returns them (a problem's keys sorted), from the shipped H200 transpose recording (a
    replay), with the "why it is fast" rows as measure_ablations keys them: the report finds them under its
    section. Was: they were keyed "transpose 2048^2" and looked up as "transpose 2048x2048", so the section
    was silently dropped."""
    rp = load_space(RECORDINGS / "transpose.json.gz")
    t = load_template("transpose")
    ev = rp.evaluator()
    cands = [t.space.key(g) for g in rp.genomes()]
    evs = ev.evaluate([Candidate("transpose", g, rp.problem, k) for g, k in zip(rp.genomes(), cands)])
    rows = [{"id": i, "template": "transpose", "problem": dict(sorted(rp.problem.items())), "run_id": "r1",
             "member": i % 3, "fitness": e.fitness, "median_ms": e.run.median_ms, "registers": e.build.registers,
             "smem_bytes": e.build.smem_bytes, "status": e.status, "genome": e.candidate.genome}
            for i, e in enumerate(evs)]
    best = max(rows, key=lambda r: r["fitness"])
    ablations = measure_ablations(rows, Backend())
    assert list(ablations) == [section_name("transpose", rp.problem)] == ["transpose 2048x2048"]
    abl = ablations["transpose 2048x2048"]
    assert abl[0]["change"] == "(best genome)" and abl[0]["status"] == "ok" and abl[0]["genome"] == best["genome"]
    assert all(a["status"] in ("ok", "not recorded") for a in abl)
    path = write_report(rows, tmp_path, ablations=ablations)
    text = path.read_text()
    assert "Pareto front" in text and "### Why it is fast" in text
    # the recording holds none of the reverted genomes: the section says that the ablation needs a GPU
    assert all(a["status"] == "not recorded" for a in abl[1:])
    assert "the ablation needs a GPU (run `evo-kernels report` there)" in text, text
    pngs = sorted(p.name for p in tmp_path.glob("*.png"))
    assert len(pngs) == 4 and all((tmp_path / p).stat().st_size > 5000 for p in pngs)
    assert np.isfinite(best["median_ms"])


def test_report_says_where_the_measured_candidates_time_went():
    from evo_kernels.report import time_spent

    rows = [{"timings": {"queued": 0.1, "load": 0.001, "check": 0.01, "timing": 0.03}, "compile_seconds": 0.5,
             "cached": False},
            {"timings": {"queued": 0.3, "load": 0.001, "check": 0.03, "timing": 0.05}, "compile_seconds": 0.5,
             "cached": True},
            {"timings": {}, "compile_seconds": 1.0}]  # a replayed row: no stage times, not counted
    lines = time_spent(rows)
    assert "2 measured candidates" in lines[0]
    assert lines[2] == "| queued | compile | load | check | timing |"
    assert lines[4] == "| 200 | 250 | 1 | 20 | 40 |"
    assert time_spent(rows[2:]) == []


def test_a_replayed_ablation_without_reverted_genomes_says_it_needs_a_gpu(tmp_path):
    # 18.16: rows of "not recorded | nan | 0.00"
    from evo_kernels.report import ablation_lines

    row = {"change": "(best genome)", "status": "ok", "median_us": 12.5, "speedup": 2.0, "registers": 30,
           "spill_bytes": 0, "smem_bytes": 0, "threads": 256, "bytes_per_thread": 8.0}
    missing = {**row, "change": "TileLoops: 32 -> 1", "status": "not recorded", "median_us": float("nan"),
               "speedup": 0.0}
    text = "\n".join(ablation_lines([row, missing, {**missing, "change": "UnrollLoop: 4 -> 1"}]))
    assert "needs a GPU" in text and "nan" not in text and "| not recorded" not in text
    mixed = "\n".join(ablation_lines([row, missing, {**row, "change": "UnrollLoop: 4 -> 1"}]))
    assert "| TileLoops: 32 -> 1 | not recorded (needs a GPU) | - | - |" in mixed and "nan" not in mixed


def test_every_plot_is_titled_with_its_kernel_and_size(tmp_path):
    rp = load_space(RECORDINGS / "transpose.json.gz")
    evs = rp.evaluator().evaluate([Candidate("transpose", g, rp.problem, rp.space.key(g)) for g in rp.genomes()[:40]])
    rows = [{"id": i, "template": "transpose", "problem": rp.problem, "run_id": "r1", "member": i % 3,
             "fitness": e.fitness, "median_ms": e.run.median_ms, "registers": e.build.registers,
             "smem_bytes": e.build.smem_bytes, "status": e.status, "genome": e.candidate.genome}
            for i, e in enumerate(evs)]
    write_report(rows, tmp_path)
    pngs = sorted(tmp_path.glob("*.png"))
    assert len(pngs) == 4
    for p in pngs:  # the title is drawn on the plot and kept in the PNG's Title text chunk
        assert b"tEXtTitle\x00transpose 2048x2048: " in p.read_bytes(), p.name


def test_pbt_members_of_two_runs_are_two_members_and_runs_are_named_by_strategy_and_seed():
    # audit (2026-12-07h): two runs at one size drew "member k" as seed 0's member k with seed 1's appended
    from evo_kernels.report import member_series, run_label

    rows = [{"id": i, "run_id": run, "member": i % 2, "fitness": f}
            for i, (run, f) in enumerate([("a", 1.0), ("a", 2.0), ("b", 0.5), ("b", 3.0), ("a", 1.5), ("b", 0.7)])]
    assert member_series(rows) == {("a", 0): [1.0, 1.5], ("a", 1): [2.0], ("b", 0): [0.5], ("b", 1): [3.0, 0.7]}
    assert member_series([{**rows[0], "member": None}]) == {}
    assert run_label("a", {"a": {"strategy": "pbt", "seed": 1}}) == "run a (pbt, seed 1)"
    assert run_label("b", {"a": {"strategy": "pbt", "seed": 1}}) == "run b"
