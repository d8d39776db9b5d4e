"""Kernel Tuner caches in every layout found in Kernel Tuner's own test files and benchmark_hub, replayed end
to end by bench-search; malformed ones refused in one line. Every fixture is synthetic, written here."""
from __future__ import annotations

import gzip
import itertools
import json
import math
from collections.abc import Callable
from pathlib import Path

import pytest

from evo_kernels.bench_search import main, run_once
from evo_kernels.runners.replay import ReplaySpace

# A 48-configuration space with a parameter of each JSON type: int, float, str and bool.
PARAMS = {"block_size_x": [16, 32, 64, 128], "ratio": [0.5, 1.0], "layout": ["row", "col", "tile"],
          "use_shmem": [False, True]}
KEYS = list(PARAMS)
FAILED = {(16, 0.5, "tile", True): "CompilationFailedConfig", (128, 1.0, "tile", False): "RuntimeFailedConfig",
          (16, 1.0, "col", False): "InvalidConfig"}
BEST = {"block_size_x": 64, "ratio": 0.5, "layout": "row", "use_shmem": True}
STATUS = {"CompilationFailedConfig": "compile_error", "RuntimeFailedConfig": "launch_error",
          "InvalidConfig": "invalid"}
T4_INVALIDITY = {"CompilationFailedConfig": "compile", "RuntimeFailedConfig": "runtime",
                 "InvalidConfig": "constraints"}


def configurations() -> list[tuple[dict, float | str]]:
    """Every configuration with its time in ms (1.0 at BEST, the only one within 5%) or its failure marker."""
    out = []
    for values in itertools.product(*PARAMS.values()):
        genome = dict(zip(KEYS, values))
        bx, ratio, layout, shmem = values
        t = (1.0 + 0.5 * abs(math.log2(bx) - 6) + 0.2 * (ratio != 0.5) + {"row": 0, "col": 0.3, "tile": 0.6}[layout]
             + 0.1 * (not shmem))
        out.append((genome, FAILED.get(values, t)))
    return out


def key(genome: dict) -> str:
    return ",".join(str(genome[k]) for k in KEYS)  # as Kernel Tuner keys its cache


def cache_doc(failure_field: str = "time", times: bool = True, params: dict | None = None, **header) -> dict:
    """Kernel Tuner's cache layout; ``header`` entries set to None are left out."""
    cache = {}
    for genome, t in configurations():
        entry = {**genome, "compile_time": 120.0, "verification_time": 0, "benchmark_time": 3.0,
                 "strategy_time": 0, "framework_time": 0.5, "timestamp": "2025-01-01 00:00:00+00:00"}
        if isinstance(t, str):
            entry[failure_field] = t
        else:
            entry.update({"time": t, "GFLOP/s": 100.0 / t})
            if times:
                entry["times"] = [t * 0.99, t, t * 1.01]
        cache[key(genome)] = entry
    doc = {"schema_version": "1.1.0", "device_name": "NVIDIA A100-PCIE-40GB", "kernel_name": "synthetic_kernel",
           "problem_size": [4096, 2048], "tune_params_keys": KEYS, "tune_params": params or PARAMS,
           "objective": "time", "cache": cache}
    doc.update(header)
    return {k: v for k, v in doc.items() if v is not None}


def open_cache_text(doc: dict, comma: bool) -> str:
    """What an interrupted Kernel Tuner run leaves: the header, then one entry per line, never closed."""
    head = json.dumps({k: v for k, v in doc.items() if k != "cache"})[:-1] + ', "cache": {\n'
    lines = [f"{json.dumps(k)}: {json.dumps(v)}" for k, v in doc["cache"].items()]
    return head + ",\n".join(lines) + ("," if comma else "")


def t4_doc(unit: str = "", scale: float = 1.0) -> dict:
    """The T4 layout of Kernel Tuner's convert_cache_to_t4 (times in ``unit``; ``scale`` ms -> unit)."""
    results = []
    for genome, t in configurations():
        failed = isinstance(t, str)
        times = {"compilation": 120.0, "framework": 0.5, "search_algorithm": 0, "validation": 0}
        if not failed:
            times["runtimes"] = [t * scale * 0.99, t * scale, t * scale * 1.01]
        results.append({"timestamp": "2025-01-01 00:00:00+00:00", "configuration": genome, "times": times,
                        "invalidity": T4_INVALIDITY[t] if failed else "correct", "correctness": int(not failed),
                        "measurements": [{"name": "time", "value": t if failed else t * scale, "unit": unit}],
                        "objectives": ["time"]})
    return {"schema_version": "1.0.0", "metadata": {"timeunit": "miliseconds"}, "results": results}


def _json(doc: dict) -> bytes:
    return json.dumps(doc).encode()


# name -> (file name, content, problem, gpu)
VARIANTS: dict[str, tuple[str, Callable[[], bytes], dict, str]] = {
    # schema 1.1.0 as Kernel Tuner 1.x writes it (small_cache_1.1.0.json): read before this change too
    "schema_1.1.0": ("v110.json", lambda: _json(cache_doc()), {"size_x": 4096, "size_y": 2048},
                     "NVIDIA A100-PCIE-40GB"),
    # unversioned, no problem_size, no objective (test/test_cache_file.json)
    "no_problem_size": ("old.json", lambda: _json(cache_doc(schema_version=None, problem_size=None, objective=None)),
                        {}, "NVIDIA A100-PCIE-40GB"),
    # problem_size one number (test/strategies/test_cache_time_energy.json); tuned for GFLOP/s, failures marked
    # under the objective's name only; compressed
    "gflops_objective": ("gflops.json.gz", lambda: gzip.compress(_json(cache_doc(
        "GFLOP/s", problem_size=80000000, objective="GFLOP/s"))), {"size_x": 80000000}, "NVIDIA A100-PCIE-40GB"),
    # left open by an interrupted run (test/test_cache_files/open_cache_with_comma.json, _no_comma.json)
    "open_with_comma": ("open1.json", lambda: open_cache_text(cache_doc(), comma=True).encode(),
                        {"size_x": 4096, "size_y": 2048}, "NVIDIA A100-PCIE-40GB"),
    # ... and killed while it appended an entry
    "open_cut_short": ("open3.json", lambda: (open_cache_text(cache_doc(), comma=True)
                                              + '\n"256,0.5,row,True": {"block_size_x": 256, "ti').encode(),
                       {"size_x": 4096, "size_y": 2048}, "NVIDIA A100-PCIE-40GB"),
    "open_no_comma": ("open2.json", lambda: open_cache_text(cache_doc(), comma=False).encode(),
                      {"size_x": 4096, "size_y": 2048}, "NVIDIA A100-PCIE-40GB"),
    # the T4 layout, compressed as benchmark_hub ships it (test/test_convert_files/t4_target.json)
    "t4": ("A100_T4.json.gz", lambda: gzip.compress(_json(t4_doc())), {}, ""),
    "t4_seconds": ("s_T4.json", lambda: _json(t4_doc("s", 1e-3)), {}, ""),
    # tune_params written by a first run; a later run with block size 128 appended to the same cache
    "extended_by_later_run": ("ext.json", lambda: _json(cache_doc(params={**PARAMS, "block_size_x": [16, 32, 64]})),
                              {"size_x": 4096, "size_y": 2048}, "NVIDIA A100-PCIE-40GB"),
    # a value listed twice in tune_params
    "repeated_value": ("rep.json", lambda: _json(cache_doc(params={**PARAMS, "layout": ["row", "col", "tile", "col"]})),
                       {"size_x": 4096, "size_y": 2048}, "NVIDIA A100-PCIE-40GB"),
}


def sentinel_bytes() -> bytes:
    """Older Kernel Tuner: a failure recorded as time 1e20, no raw times (and here one time null)."""
    doc = cache_doc(times=False, schema_version=None, objective=None)
    for entry in doc["cache"].values():
        if isinstance(entry.get("time"), str):
            entry["time"] = None if entry["time"] == "InvalidConfig" else 1e20
    return _json(doc)


VARIANTS["sentinel_1e20"] = ("old_sentinel.json", sentinel_bytes, {"size_x": 4096, "size_y": 2048},
                             "NVIDIA A100-PCIE-40GB")


@pytest.fixture(scope="module", params=sorted(VARIANTS))
def variant(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    fname, content, _, _ = VARIANTS[request.param]
    path = tmp_path_factory.mktemp(request.param) / fname
    path.write_bytes(content())
    return request.param, str(path)


def test_variant_loads(variant: tuple[str, str]) -> None:
    name, path = variant
    _, _, problem, gpu = VARIANTS[name]
    rp = ReplaySpace.load(path)
    assert len(rp) == 48 and rp.problem == problem and rp.device["gpu"] == gpu
    assert {g.name: g.values for g in rp.space.genes} == {k: tuple(v) for k, v in PARAMS.items()}
    assert rp.optimum == BEST and rp.optimum_ms == pytest.approx(1.0)
    statuses = {key(e.genome): e.status for e in rp.entries.values()}
    failed = {key(dict(zip(KEYS, v))): s for v, s in FAILED.items()}
    if name == "sentinel_1e20":  # the old format does not say why a configuration failed
        assert {k: statuses[k] for k in failed} == {k: "launch_error" for k in failed}
    else:
        assert {k: statuses[k] for k in failed} == {k: STATUS[s] for k, s in failed.items()}
    assert sum(s == "ok" for s in statuses.values()) == rp.n_ok == 45
    best = rp.entry(BEST)
    assert best.times_ms == ((1.0,) if name == "sentinel_1e20" else pytest.approx((0.99, 1.0, 1.01)))
    assert best.build["threads_per_block"] == 64
    assert best.build["compile_seconds"] == pytest.approx(0.12)
    # a cache left open is read, and says so: how it was closed and how many configurations it held
    if name.startswith("open"):
        (note,) = rp.notes
        assert note.startswith(f"{path}: a Kernel Tuner cache left open") and "48 configurations read" in note
        assert ("half an entry, dropped" in note) == (name == "open_cut_short")
    elif name == "sentinel_1e20":  # 1e20 is the old failure marker; a null time is none, and is said
        assert rp.notes == (f"{path}: 1 entry with impossible times counted as failures (e.g. '16,1.0,col,False': "
                            "None)",)
    else:
        assert rp.notes == ()


def test_variant_bench_search_end_to_end(variant: tuple[str, str]) -> None:
    _search_exhausts_the_space(*variant, "ga")


@pytest.mark.parametrize("name", ["t4", "sentinel_1e20", "open_cut_short"])
def test_pbt_on_variants_end_to_end(tmp_path: Path, name: str) -> None:
    """pbt on three of the formats (ga runs on all): exhausting a space takes pbt ~8 s on this machine."""
    fname, content, _, _ = VARIANTS[name]
    path = tmp_path / fname
    path.write_bytes(content())
    _search_exhausts_the_space(name, str(path), "pbt")


def _search_exhausts_the_space(name: str, path: str, strategy: str) -> None:
    rp = ReplaySpace.load(path)
    r = run_once(path, strategy, seed=0, budget=200)
    # 47 valid configurations (one is InvalidConfig; 1e20 does not say which): a budget of 200 sees them all
    valid = 48 if name == "sentinel_1e20" else 47
    assert r["evaluations"] == len(rp.genomes()) == valid
    assert r["best_over_optimum"] == pytest.approx(1.0)
    assert r["evals_to_1pct"] is not None and r["evals_to_1pct"] == r["evals_to_5pct"] <= valid


def test_command_line_on_variants(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = []
    for name in ("no_problem_size", "t4", "open_with_comma"):
        fname, content, _, _ = VARIANTS[name]
        paths.append(tmp_path / fname)
        paths[-1].write_bytes(content())
    argv = [a for p in paths for a in ("--space", str(p))]
    # ga here (pbt's runs on each format are above): the command line over three formats at once
    assert main([*argv, "--strategy", "ga", "--budget", "200", "--seeds", "2", "--json"]) == 0
    captured = capsys.readouterr()
    out = json.loads(captured.out)
    # the one cache left open is named on stderr, one line, and in the result
    assert [line for line in captured.err.splitlines() if "left open" in line] == [
        f"bench-search: {paths[2]}: a Kernel Tuner cache left open (an interrupted run?): closed after its last "
        "whole entry, 48 configurations read"]
    assert [len(sp["notes"]) for sp in out["spaces"].values()] == [0, 0, 1]
    assert set(out["spaces"]) == {"old", "A100_T4", "open1"}
    for sp in out["spaces"].values():
        assert sp["configs"] == 48 and sp["optimum"] == pytest.approx(1.0)
        for s in ("ga",):
            assert sp["strategies"][s]["success_1pct"] == 1.0
            assert sp["strategies"][s]["median_best_over_optimum"] == pytest.approx(1.0)


@pytest.mark.parametrize("strategy", ["pbt", "ga", "random"])
def test_a_parameter_with_one_value_and_a_space_smaller_than_the_budget(tmp_path: Path, strategy: str) -> None:
    """As Kernel Tuner's test/strategies/test_cache_time_energy.json: a clock pinned to one value beside the block
    size (15 configurations, energy fields beside the time). Every strategy searches it and stops when it has
    measured every configuration, the budget notwithstanding."""
    times = {128 + 64 * i: 3.17 - 0.2 * (i == 11) + 0.001 * (i % 5) for i in range(15)}   # 832: the optimum
    doc = {"device_name": "NVIDIA RTX 4000 Ada Generation", "kernel_name": "vector_add", "problem_size": 80000000,
           "tune_params_keys": ["block_size_x", "nvml_gr_clock"], "objective": "time",
           "tune_params": {"block_size_x": list(times), "nvml_gr_clock": [1080]},
           "cache": {f"{b},1080": {"block_size_x": b, "nvml_gr_clock": 1080, "time": t, "times": [t] * 4,
                                   "energy": 0.23, "GFLOPS/W": 0.34, "ps_energy": 0.23, "core_freq": 1080.0}
                     for b, t in times.items()}}
    path = tmp_path / "vector_add_time_energy.json"
    path.write_bytes(_json(doc))
    rp = ReplaySpace.load(str(path))
    assert len(rp) == 15 and rp.optimum == {"block_size_x": 832, "nvml_gr_clock": 1080}
    r = run_once(str(path), strategy, seed=1, budget=40)
    assert r["evaluations"] == 15 and r["best_over_optimum"] == pytest.approx(1.0)
    assert r["evals_to_1pct"] is not None and r["evals_to_1pct"] <= 15


# --- refusals: one line naming the file, exit status 2 ---------------------------------------------------


def _cache_with(edit: Callable[[dict], None], **header) -> bytes:
    doc = cache_doc(**header)
    edit(doc)
    return _json(doc)


def _t4_with(edit: Callable[[dict], None]) -> bytes:
    doc = t4_doc()
    edit(doc)
    return _json(doc)


def _all_invalid(doc: dict) -> None:
    for entry in doc["cache"].values():
        entry["time"] = "InvalidConfig"


def _drop_param(doc: dict) -> None:
    k, entry = next(iter(doc["cache"].items()))
    del doc["cache"][k], entry["use_shmem"]
    doc["cache"][k.rsplit(",", 1)[0]] = entry


def _score(doc: dict) -> None:  # benchmark_hub's hyperparameter-tuning caches: a score, no time
    for entry in doc["cache"].values():
        entry.pop("time", None)
        entry.pop("times", None)
        entry["score"] = -0.4


REFUSED = {
    "missing_keys": (lambda: _json({k: v for k, v in cache_doc().items() if k != "tune_params"}),
                     "header lacks tune_params"),
    "empty_cache": (lambda: _json(cache_doc(cache={})), "holds no configuration"),
    "empty_file": (lambda: b"", "cannot read"),
    "all_invalid": (lambda: _cache_with(_all_invalid), "no configuration in the cache ran successfully"),
    "param_missing": (lambda: _cache_with(_drop_param), "its entry lacks use_shmem"),
    "t4_param_missing": (lambda: _t4_with(lambda d: d["results"][5]["configuration"].pop("layout")),
                         "result 5's configuration"),
    "not_json": (lambda: b"block_size_x,time\n16,1.0\n", "cannot read"),
    "truncated_gzip": (lambda: (lambda z: z[: len(z) // 2])(gzip.compress(_json(cache_doc()))), "cannot read"),
    "top_level_list": (lambda: b"[1, 2]", "top level is not an object"),
    "entry_not_object": (lambda: _cache_with(lambda d: d["cache"].update({"16,0.5,row,True": 3.0})),
                         "cache entry '16,0.5,row,True' is not an object"),
    "bad_times": (lambda: _cache_with(lambda d: d["cache"]["64,0.5,row,True"].update(times=["x"])),
                  "entry '64,0.5,row,True': times holds 'x', not a number of ms"),
    "score_objective": (lambda: _cache_with(_score, objective="score"), "the cache's objective is 'score'"),
    "t4_score": (lambda: _t4_with(lambda d: d["results"][0].update(measurements=[{"name": "score", "value": 1}])),
                 "result 0 has no time measurement"),
    "t4_unit": (lambda: _t4_with(lambda d: d["results"][0]["measurements"][0].update(unit="furlongs")),
                "time unit 'furlongs'"),
    # the units are listed by name (was "is not one of , ms, ...": the empty unit, which means ms, as a blank)
    "t4_unit_listed": (lambda: _t4_with(lambda d: d["results"][0]["measurements"][0].update(unit="ns")),
                       "result 0: time unit 'ns' is not one of 'ms', 'milliseconds', 'miliseconds', 's', 'seconds', "
                       "'us', 'microseconds' (none given: ms)"),
    "t4_empty": (lambda: _json({"schema_version": "1.0.0", "results": []}), "holds no result"),
    # Kernel Tuner's store_metadata_file (benchmark_hub's *-metadata.json.gz): the device, no measurement
    "metadata_only": (lambda: _json({"schema_version": "1.0.0", "metadata": {"device_name": "W7800"}}),
                      "a Kernel Tuner metadata file"),
    # test/test_cache_files/open_cache_looks_like_closed.json has a parameter whose value is an object
    "object_param": (lambda: _cache_with(lambda d: d["cache"].update({"64,0.5,row,{}": {
                         **d["cache"].pop("64,0.5,row,True"), "use_shmem": {}}}),
                                         params={**PARAMS, "use_shmem": [False, True, {}]}),
                     "parameter use_shmem takes the value {}"),
    # an entry whose own values contradict its key: which configuration ran cannot be told
    "entry_contradicts_key": (lambda: _cache_with(lambda d: d["cache"]["64,0.5,row,True"].update(block_size_x=32)),
                              "cache entry '64,0.5,row,True' says block_size_x = 32 where its key says 64"),
    "one_configuration": (lambda: _json({"tune_params_keys": ["x"], "tune_params": {"x": [1]},
                                         "cache": {"1": {"x": 1, "time": 1.0}}}), "one configuration"),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_malformed_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    content, why = REFUSED[name]
    path = tmp_path / f"{name}.json"
    path.write_bytes(content())
    assert main(["--space", str(path), "--strategy", "pbt", "--strategy", "ga", "--budget", "200",
                 "--seeds", "3"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith(f"bench-search: {path}: "), err
    assert why in err, err


def _damage(doc: dict) -> None:
    """Times no Kernel Tuner writes: each counted as a failure (never as fast), and said."""
    for k, t in zip(["16,0.5,row,False", "16,0.5,row,True", "16,0.5,col,False", "16,0.5,col,True",
                     "32,0.5,row,False", "32,0.5,row,True"], [0.0, -1, "x", [1.0], None, "Bogus"]):
        doc["cache"][k]["time"] = t


def test_impossible_times_and_a_partial_recording_are_noted(tmp_path: Path) -> None:
    """Entries whose time is no time nor a failure marker are failures, counted in one note naming one; a cache
    recording under a tenth of its declared space says so; a whole cache has no note."""
    (tmp_path / "damaged.json").write_bytes(_cache_with(_damage))
    rp = ReplaySpace.load(tmp_path / "damaged.json")
    assert [e.status for e in rp.entries.values()].count("launch_error") == 7  # 6 damaged, 1 RuntimeFailedConfig
    assert rp.notes == (f"{tmp_path / 'damaged.json'}: 6 entries with impossible times counted as failures "
                        "(e.g. '16,0.5,row,False': 0.0)",)
    (tmp_path / "whole.json").write_bytes(_json(cache_doc()))
    assert ReplaySpace.load(tmp_path / "whole.json").notes == ()
    few = cache_doc()
    few["cache"] = dict(list(few["cache"].items())[20:24])
    (tmp_path / "few.json").write_bytes(_json(few))
    assert ReplaySpace.load(tmp_path / "few.json").notes == (
        f"{tmp_path / 'few.json'}: 4 of 48 configurations of the declared space recorded",)
