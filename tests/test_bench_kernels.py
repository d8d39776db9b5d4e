"""benchmarks/bench_kernels.py's sizes and its genome selection (bench_measure.py: extra genomes,
hill climbing) on the CPU: builds with the real nvcc, times answered from the H200 recording of a
whole stencil sub-space (a replay; genomes it lacks come back "not recorded"). The benchmark's
numbers themselves come from the GPU only."""
import importlib.util
import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from evo_kernels.build import NvccBuilder
from evo_kernels.records import RunResult
from evo_kernels.runners.replay import load_space


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, Path(__file__).resolve().parent.parent / "benchmarks" /
                                                  f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bench = _load("bench_kernels")
measure = _load("bench_measure")

pytestmark = pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not found")


class RecordedRunner:
    """GpuRunner's run() answered from a recording: the recorded H200 times of each genome."""

    def __init__(self, path):
        self.rp = load_space(path)

    def run(self, template, builds, problem):
        out = []
        for b in builds:
            e = self.rp.entry(b.candidate.genome)
            out.append(RunResult("not recorded") if e is None else
                       RunResult(e.status, e.times_ms, e.median_ms, e.p95_ms, e.cv))
        return out


@pytest.mark.slow   # 19 s: --all only since 2026-12-07h, to keep CI under 10 minutes
def test_climb_moves_to_the_fastest_recorded_neighbour_and_stops(monkeypatch, tmp_path):
    monkeypatch.setattr(measure, "peer_setup", lambda t, p: None)  # torch peers need a GPU
    # a whole sub-space: every neighbour inside it was measured (the shipped recordings are sparse samples)
    runner = RecordedRunner(Path(__file__).resolve().parent.parent / "benchmarks/spaces/stencil_subspace_H200.json.gz")
    start = min((g for g in runner.rp.genomes() if runner.rp.entry(g).status == "ok"),
                key=lambda g: -runner.rp.entry(g).median_ms)  # the slowest recorded genome
    res = measure.bench_template("stencil", runner, NvccBuilder(cache_dir=tmp_path), sample=0, seed=0,
                                 climb=3, extra=[("start", start)])
    rows = res["rows"]
    labels = [r["label"] for r in rows]
    assert labels[:3] == ["baseline", "fast", "start"]
    ok = [r for r in rows if r["status"] == "ok"]
    best_before = min(ok[:3], key=lambda r: r["median_ms"])
    steps = sorted({lab.split(":")[0] for lab in labels if lab.startswith("climb")})
    assert steps and steps[0] == "climb1"
    # every climb step measures neighbours of the best genome so far: one gene changed
    step1 = [r for r in rows if r["label"].startswith("climb1:")]
    for r in step1:
        diff = [k for k in r["genome"] if r["genome"][k] != best_before["genome"][k]]
        gene, value = r["label"][len("climb1:"):].split("=", 1)
        assert diff == [gene] and str(r["genome"][gene]) == value
    assert len({json.dumps(r["genome"], sort_keys=True) for r in rows}) == len(rows)  # nothing measured twice
    # on this recording the first step finds a faster genome, and the second climbs on from it
    best1 = min((r for r in ok if r["label"].startswith("climb1:")), key=lambda r: r["median_ms"])
    assert best1["median_ms"] < best_before["median_ms"] and "climb2" in steps
    for r in (r for r in rows if r["label"].startswith("climb2:")):
        assert sum(r["genome"][k] != best1["genome"][k] for k in r["genome"]) == 1
    # it stops when a step finds nothing faster, or after 3 steps
    last = max(int(s[len("climb"):]) for s in steps)
    assert last <= 3
    if last < 3:
        best_at = min((r for r in rows if r["status"] == "ok" and not r["label"].startswith(f"climb{last}:")),
                      key=lambda r: r["median_ms"])
        assert all(r["median_ms"] >= best_at["median_ms"] for r in rows
                   if r["label"].startswith(f"climb{last}:") and r["status"] == "ok")


def test_the_peers_are_compiled_once_per_size_for_the_table_and_the_rounds(monkeypatch, tmp_path):
    # the data flow only: torch.compile and the peers' timing need a GPU, so they are stand-ins here that count
    # what is asked of them (the kernels' times are the H200 recording's)
    runner = RecordedRunner(Path(__file__).resolve().parent.parent / "benchmarks/spaces/stencil_subspace_H200.json.gz")
    made, seen = [], []

    def compiled(inputs, p):
        return None

    def setup(t, p):
        made.append(dict(p))
        return ({"inp": None}, compiled, None)

    monkeypatch.setattr(measure, "peer_setup", setup)
    monkeypatch.setattr(measure, "peers", lambda t, p, s: seen.append(s) or {"compile": [1.0]})
    monkeypatch.setattr(measure, "torch_time_ms", lambda fn: [2.0, 2.0])
    start = next(g for g in runner.rp.genomes() if runner.rp.entry(g).status == "ok")
    res = measure.bench_template("stencil", runner, NvccBuilder(cache_dir=tmp_path), sample=0, seed=0,
                                 extra=[("start", start)], rounds=2, problem={"H": 2048, "W": 2048})
    assert made == [{"H": 2048, "W": 2048}]                  # one compile for the size
    assert len(seen) == 1 and seen[0][1] is compiled         # the table's peers got it
    assert [r["compile_ms"] for r in res["rounds"]] == [2.0, 2.0] and len(res["rounds"]) == 2   # and the rounds
    ok = sorted((row for row in res["rows"] if row["status"] == "ok"), key=lambda row: row["median_ms"])
    again = {row["label"] for row in ok[:4]} | {row["label"] for row in ok if row["label"] == "fast"}
    assert ok and all(set(rnd["kernels"]) == again for rnd in res["rounds"])


def test_sizes_parse_per_template_and_the_second_table_is_valid():
    sizes = bench.parse_sizes(["second", "softmax:R=3,C=5"])
    assert sizes["softmax"][-1] == {"R": 3, "C": 5}
    assert set(sizes) == set(bench.SECOND_TABLE)
    for name, problems in sizes.items():
        assert len(problems) >= 3
    with pytest.raises(SystemExit):
        bench.parse_sizes(["softmax:R=3"])  # C missing


@pytest.mark.slow
def test_peer_code_writes_what_torch_compile_generates(tmp_path):
    """benchmarks/peer_code.py on the CPU (the code only; times come from a GPU): inductor's source for the
    stencil's reference at an odd size, the kernels it names, and one JSON row per case."""
    import numpy as np
    import torch

    from evo_kernels.template import load_template

    peer = _load("peer_code")
    assert peer.main(["--out", str(tmp_path), "--case", "stencil:H=67,W=33", "--device", "cpu"]) == 0
    (row,) = json.loads((tmp_path / "peer_code.json").read_text())
    code = (tmp_path / row["code"]).read_text()
    assert row["problem"] == {"H": 67, "W": 33} and row["kernels"]
    assert all(k in code for k in row["kernels"]) and "def call(" in code
    # the inputs are the harness's kind (normal, not zeros) and reproducible
    t = load_template("stencil")
    a, b = measure.peer_inputs(t, {"H": 67, "W": 33}, "cpu"), measure.peer_inputs(t, {"H": 67, "W": 33}, "cpu")
    assert torch.equal(a["inp"], b["inp"]) and 0.5 < float(a["inp"].std()) < 2.0 and np.isfinite(a["inp"]).all()


def test_extra_genome_files_are_merged_per_template_and_a_bad_one_is_named(tmp_path):
    a, b, bad = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "bad.json"
    a.write_text(json.dumps({"sgemm": [{"TileLoops_M": 64}], "softmax": [{"AdjustBlockSize": 128}]}))
    b.write_text(json.dumps({"sgemm": [{"TileLoops_M": 128}]}))
    bad.write_text(json.dumps([{"TileLoops_M": 64}]))
    got = bench.read_extras([str(a), str(b)])
    assert got == {"sgemm": [{"TileLoops_M": 64}, {"TileLoops_M": 128}], "softmax": [{"AdjustBlockSize": 128}]}
    assert bench.read_extras([]) == {}
    with pytest.raises(SystemExit, match="bad.json: expected"):
        bench.read_extras([str(bad)])
    with pytest.raises(SystemExit, match="missing.json: cannot read"):
        bench.read_extras([str(tmp_path / "missing.json")])


CANDIDATES = sorted((Path(__file__).resolve().parent.parent / "benchmarks" / "candidates").glob("*.json"))


@pytest.mark.parametrize("path", CANDIDATES, ids=lambda p: p.stem)
def test_every_candidates_file_is_valid_in_todays_spaces(path):
    """A device call measures these files as they are: a genome that no longer fits its space (a gene renamed or
    dropped, a value out of its domain, a new constraint) would end the call's stage with an error, so it is
    caught here, on the CPU. Each file is read as ``--extra`` reads it and each genome coerced and checked as
    bench_measure.bench_template does."""
    from evo_kernels.template import load_template

    extras = bench.read_extras([str(path)])
    assert extras and all(extras.values()), f"{path.name}: no genomes"
    for name, genomes in extras.items():
        t = load_template(name)
        for g in genomes:
            t.space.check(t.space.coerce(g))


def test_a_candidates_file_with_a_gene_the_space_lacks_fails_the_check(tmp_path):
    from evo_kernels.genome import InvalidGenome
    from evo_kernels.template import load_template

    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"stencil": [{"AdjustBlockSizeX": 32}, {"TileLoops_Narow": True}]}))
    t = load_template("stencil")
    genomes = bench.read_extras([str(bad)])["stencil"]
    t.space.check(t.space.coerce(genomes[0]))
    with pytest.raises(InvalidGenome, match="unknown gene"):
        t.space.check(t.space.coerce(genomes[1]))


def test_the_tables_take_each_peers_fastest_median_of_the_call():
    """On a real result (the H200 call of 2026-12-05c): the peer a kernel is held against is the strongest the call
    measured, its first median or an alternating round's, so a peer measured slow once flatters nothing."""
    tables = _load("bench_tables")
    shapes = tables.read_results(Path(__file__).resolve().parent.parent / "benchmarks" / "h200-2026-12-05c" / "call1" /
                                 "shapes" / "shapes.json")   # stored gzipped: read_results takes either name
    res = next(r for r in shapes["results"] if r["template"] == "sgemm" and r["problem"]["M"] == 4096)
    first = float(np.median(res["peers"]["eager"]))
    rounds = [r["eager_ms"] for r in res["rounds"]]
    _, _, best, pe = tables._summary(res)
    assert pe["eager"] == min([first] + rounds) < max([first] + rounds)
    # a round that measured torch.compile faster than its first median replaces it; a slower one does not
    fast = dict(res, rounds=[dict(res["rounds"][0], compile_ms=0.5 * float(np.median(res["peers"]["compile"])))])
    slow = dict(res, rounds=[dict(res["rounds"][0], compile_ms=2.0 * float(np.median(res["peers"]["compile"])))])
    assert tables._summary(fast)[3]["compile"] == fast["rounds"][0]["compile_ms"]
    assert tables._summary(slow)[3]["compile"] == float(np.median(res["peers"]["compile"]))
    text = tables.report_shapes([fast], shapes["ceilings"], {"gpu": "H200", "date": "", "commit": "", "driver": "",
                                                              "nvcc": "", "command": ""}, 60 << 20)
    assert "compile " in text.split("alternating rounds")[1] and "x compile)" in text


def test_designs_flag_adds_the_shipped_designs_before_the_extras(tmp_path):
    import argparse

    from evo_kernels.template import load_template

    extras = tmp_path / "extra.json"
    extras.write_text(json.dumps({"softmax": [{"AdjustBlockSize": 64}]}))
    got = bench.extra_pairs(argparse.Namespace(from_db=None, designs=True), "softmax",
                            bench.read_extras([str(extras)]))
    designs = load_template("softmax").designs
    assert [lab for lab, _ in got] == [f"design{i + 1}" for i in range(len(designs))] + ["extra1"]
    assert [g for _, g in got[:-1]] == designs and got[-1][1] == {"AdjustBlockSize": 64}
    without = bench.extra_pairs(argparse.Namespace(from_db=None, designs=False), "softmax", {})
    assert without == []


def test_tables_are_replaced_whole_and_leave_no_partial_file(tmp_path):
    """bench_kernels.write_whole: the shapes table is rewritten after every size while gpu_session.sh packs the folder
    every minute; a rename, not a rewrite in place, so a pack never holds half a table."""
    path = tmp_path / "shapes.json"
    bench.write_whole(path, json.dumps({"results": [1]}))
    bench.write_whole(path, json.dumps({"results": [1, 2]}))
    assert json.loads(path.read_text()) == {"results": [1, 2]}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shapes.json"]


PENDING = Path(__file__).resolve().parent.parent / "benchmarks" / "calls" / "pending.sh"


def _pending(name: str) -> dict[str, str]:
    import subprocess

    out = subprocess.run(["bash", str(PENDING), name, "/nonexistent"], env={"PATH": "/usr/bin:/bin",
                         "PENDING_DRY_RUN": "1"}, capture_output=True, text=True, check=True).stdout
    return dict(line.split("=", 1) for line in out.splitlines())


@pytest.mark.parametrize("name", ["second-table", "short-rows-64-heldout", "auto"])
def test_each_pending_device_call_names_sizes_templates_and_files_that_exist(name):
    """A waiting device call (benchmarks/calls/pending.sh, run as it would be with PENDING_DRY_RUN) asks for sizes
    that bench_kernels.py parses, of the templates it measures, and for --extra and profile-case files that are in
    the repository: a typo would otherwise cost a device call."""
    root = PENDING.parent.parent.parent
    call = _pending(name)
    templates = call["SHAPES_TEMPLATES"].split()
    sizes = bench.parse_sizes([s for s in call["SHAPES_SIZES"].split() if s != "--size"])
    assert sizes and set(sizes) <= set(templates), (sorted(sizes), templates)
    args = call["SHAPES_ARGS"].split()
    extras = [args[i + 1] for i, a in enumerate(args) if a == "--extra"]
    for f in extras + ([call["PROFILE_CASES"]] if call["PROFILE_CASES"] else []):
        assert (root / f).is_file(), f
    assert set(bench.read_extras([str(root / f) for f in extras])) <= set(templates)
    assert ("profile" in call["STAGES"].split()) == bool(call["PROFILE_CASES"])
    if call["PROFILE_CASES"]:   # the cases as profile_kernels.py checks them, at sizes and genomes of today's spaces
        from evo_kernels.template import load_template

        cases = json.loads((root / call["PROFILE_CASES"]).read_text())
        _load("profile_kernels").check_cases(cases, call["PROFILE_CASES"])
        for case in cases:
            t = load_template(case["template"])
            assert set(case["problem"]) == set(t.problem), case["label"]
            if "genome" in case:
                t.space.check(t.space.coerce(case["genome"]))


def test_an_unknown_pending_call_is_one_line_and_status_2():
    import subprocess

    r = subprocess.run(["bash", str(PENDING), "second_table", "/nonexistent"], capture_output=True, text=True)
    assert r.returncode == 2 and "unknown call 'second_table'" in r.stderr.splitlines()[-1]
