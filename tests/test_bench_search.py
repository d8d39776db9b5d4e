"""The search-efficiency benchmark: its JSON shape, its medians and its table."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from evo_kernels.bench_search import bench_search, format_table, main, parse_strategy, run_once, summarize
from evo_kernels.fitness import PURE_TIME, FitnessWeights
from evo_kernels.runners.replay import ReplaySpace
from evo_kernels.search import SearchLoop, evals_to_within
from evo_kernels.strategies.ga import GeneticSearch


def _load(path: str) -> ReplaySpace:
    return ReplaySpace.load(path)


def _cache() -> dict:
    """A 10 x 10 space; time grows with the distance from (7, 3); one configuration fails to run."""
    cache = {}
    for x in range(10):
        for y in range(10):
            t = 1.0 + 0.2 * abs(x - 7) + 0.1 * abs(y - 3)
            cache[f"{x},{y}"] = ({"time": "RuntimeFailedConfig"} if (x, y) == (0, 0) else
                                 {"time": t, "times": [t, t * 1.02, t * 0.98]})
    return {"device_name": "Fake GPU", "kernel_name": "k", "problem_size": [64], "tune_params_keys": ["x", "y"],
            "tune_params": {"x": list(range(10)), "y": list(range(10))}, "cache": cache}


@pytest.fixture(scope="module")
def space_file(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("spaces") / "tiny.json"
    path.write_text(json.dumps(_cache()))
    return str(path)


def test_result_shape(space_file: str) -> None:
    seen = []
    result = bench_search([space_file], ["random", "ga"], budget=40, seeds=3,
                          progress=lambda done, total, label: seen.append((done, total)))
    json.dumps(result, allow_nan=False)  # strict JSON: nulls, no NaN
    assert seen == [(i, 6) for i in range(1, 7)]
    assert set(result) == {"spaces", "budget", "seeds", "seed_start", "batch_size", "ahead", "weights",
                           "median_counts_failed_runs_as"}
    assert result["median_counts_failed_runs_as"] == 41 and result["weights"] == {"cv": 0.0, "spill": 0.0,
                                                                                     "objective": "median"}
    tiny = result["spaces"]["tiny"]
    assert tiny["optimum"] == 1.0 and tiny["configs"] == 100 and tiny["gpu"] == "Fake GPU"
    assert list(tiny["strategies"]) == ["random", "ga"]
    for r in tiny["strategies"].values():
        assert set(r) == {"evals_to_5pct", "evals_to_1pct", "success_5pct", "success_1pct", "median_evals_to_5pct",
                          "median_evals_to_1pct", "median_best_over_optimum", "left_out_sources"}
        assert r["left_out_sources"] == 0
        assert len(r["evals_to_5pct"]) == len(r["evals_to_1pct"]) == 3
        assert all(n is None or 1 <= n <= 40 for n in r["evals_to_5pct"] + r["evals_to_1pct"])
        assert r["success_5pct"] == sum(n is not None for n in r["evals_to_5pct"]) / 3
        assert r["median_best_over_optimum"] >= 1.0
    # the per-seed entries are the runs themselves, seeds 0..2
    assert tiny["strategies"]["ga"]["evals_to_5pct"] == [run_once(space_file, "ga", s, 40)["evals_to_5pct"]
                                                         for s in range(3)]
    table = format_table(result)
    assert table.count("| tiny |") == 2 and "| ga |" in table and "median evals to 5%" in table


def test_medians_count_failures_as_budget_plus_one() -> None:
    def runs(ns: list[int | None]) -> list[dict]:
        return [{"evals_to_5pct": n, "evals_to_1pct": None, "best_over_optimum": 1.0 + i} for i, n in enumerate(ns)]

    r = summarize(runs([10, None, 30, None]), budget=100)
    assert r["median_evals_to_5pct"] == (30 + 101) / 2  # half failed: still a median, failures as 101
    assert r["success_5pct"] == 0.5 and r["success_1pct"] == 0.0 and r["median_evals_to_1pct"] is None
    assert r["median_best_over_optimum"] == 2.5
    assert summarize(runs([10, None, None]), budget=100)["median_evals_to_5pct"] is None  # more than half failed
    assert summarize(runs([5, 7, 9]), budget=100)["median_evals_to_5pct"] == 7


def test_parallel_and_regularized_runs(space_file: str) -> None:
    serial = bench_search([space_file], ["ga"], budget=25, seeds=2, n_jobs=1)
    assert bench_search([space_file], ["ga"], budget=25, seeds=2, n_jobs=2)["spaces"] == serial["spaces"]
    reg = bench_search([space_file], ["ga"], budget=25, seeds=2, weights=FitnessWeights())
    assert reg["weights"]["cv"] == 1.0 and reg["spaces"]["tiny"]["strategies"]["ga"]["success_5pct"] >= 0


def test_bad_arguments_and_command_line(space_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="unknown strategy .nope."):
        bench_search([space_file], ["nope"], budget=10, seeds=1)
    with pytest.raises(ValueError, match="second space named tiny"):
        bench_search([space_file, space_file], ["random"], budget=10, seeds=1)
    assert main(["--space", space_file, "--strategy", "random", "--budget", "10", "--seeds", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seeds"] == 2 and len(out["spaces"]["tiny"]["strategies"]["random"]["evals_to_5pct"]) == 2
    assert Path(space_file).exists()


def test_seed_start(space_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Seeds S..S+K-1: the runs are those of the same seeds in a run from 0, in seed order."""
    full = bench_search([space_file], ["ga"], budget=30, seeds=5)["spaces"]["tiny"]["strategies"]["ga"]
    late = bench_search([space_file], ["ga"], budget=30, seeds=2, seed_start=3)
    assert late["seed_start"] == 3 and late["seeds"] == 2
    assert late["spaces"]["tiny"]["strategies"]["ga"]["evals_to_5pct"] == full["evals_to_5pct"][3:]
    assert "seeds 3..4;" in format_table(late)
    with pytest.raises(ValueError, match="--seed-start -1: must be at least 0"):
        bench_search([space_file], ["ga"], budget=30, seeds=2, seed_start=-1)
    assert main(["--space", space_file, "--strategy", "ga", "--budget", "30", "--seeds", "2", "--seed-start", "3",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seed_start"] == 3 and out["spaces"]["tiny"]["strategies"]["ga"]["evals_to_5pct"] == \
        full["evals_to_5pct"][3:]


def test_strategy_settings(space_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    """NAME:KEY=VALUE,... passes settings to the strategy; the spec names the row; bad ones stop the run."""
    assert parse_strategy("pbt:surrogate=trees,proposals=4") == ("pbt", {"surrogate": "trees", "proposals": 4})
    assert parse_strategy("ga") == ("ga", {})
    r = bench_search([space_file], ["ga:population_size=10", "ga"], budget=30, seeds=2)
    rows = r["spaces"]["tiny"]["strategies"]
    assert list(rows) == ["ga:population_size=10", "ga"]
    assert rows["ga:population_size=10"]["evals_to_5pct"] == [
        evals_to_within(SearchLoop(GeneticSearch(_load(space_file).space, seed=s, population_size=10),
                                   _load(space_file).evaluator(PURE_TIME), 30, batch_size=1).run(), 1.0, 0.05)
        for s in range(2)]
    for bad, msg in (("ga:population_size", "not KEY=VALUE"), ("ga:nope=1", "nope"),
                     ("pbt:surrogate=none", "unknown surrogate 'none'")):
        with pytest.raises((ValueError, TypeError), match=msg):
            bench_search([space_file], [bad], budget=10, seeds=1)
        assert main(["--space", space_file, "--strategy", bad, "--budget", "10", "--seeds", "1"]) == 2
        assert msg.split("'")[0] in capsys.readouterr().err


def test_a_value_with_commas_in_brackets_is_one_value() -> None:
    """A list or object VALUE keeps its commas (``pbt:perturbation_factors=[1.2,0.8]``): options of kind "pair" or
    "table" can be given at all; was split there, 'is not KEY=VALUE'."""
    assert parse_strategy("pbt:perturbation_factors=[1.2,0.8],proposals=4") == (
        "pbt", {"perturbation_factors": [1.2, 0.8], "proposals": 4})
    assert parse_strategy('pbt:policy={"hidden":4,"name_buckets":2}') == (
        "pbt", {"policy": {"hidden": 4, "name_buckets": 2}})
    assert parse_strategy("pbt:acquisition=a,b=c") == ("pbt", {"acquisition": "a", "b": "c"})


@pytest.mark.parametrize("spec, says", [
    ("pbt:surrogate=trees,surrogate=gp", "strategy 'pbt:surrogate=trees,surrogate=gp': surrogate is given twice"),
    ("pbt:init_population=3", "strategy pbt: option init_population = 3: a saved population's folder, or none"),
    ("pbt:init_population=true", "strategy pbt: option init_population = True: a saved population's folder, or none"),
    ("pbt:init_population=[1]", "strategy pbt: option init_population = [1]: a saved population's folder, or none"),
    ("pbt:init_population=", "strategy pbt: option init_population = '': a saved population's folder, or none"),
])
def test_a_repeated_option_and_an_init_population_that_is_no_folder_are_one_line(
        space_file: str, capsys: pytest.CaptureFixture[str], spec: str, says: str) -> None:
    """Was: the last of a repeated KEY silently won; a number or boolean as init_population a traceback
    (AttributeError: 'int' object has no attribute 'name_buckets')."""
    assert main(["--space", space_file, "--strategy", spec, "--budget", "10", "--seeds", "1"]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"bench-search: {says}\n" and captured.out == ""


def test_policies_sized_unlike_the_shipped_population_say_how_to_start_cold(capsys: pytest.CaptureFixture[str]) -> None:
    """The audit: pbt:policy={"hidden":4} on a corpus space named a population the user never gave
    (names-whole-corpus, pbt's default start) and not the way out."""
    space = str(Path(__file__).resolve().parents[1] / "benchmarks" / "spaces" / "pnpoly_RTX_3060_laptop.json.gz")
    assert main(["--space", space, "--strategy", 'pbt:policy={"hidden":4}', "--budget", "5", "--seeds", "1"]) == 2
    err = capsys.readouterr().err
    assert "names-whole-corpus" in err, err
    assert re.search(r"\(its policies have hidden=\d+\); init_population=none", err), err
    assert err.count("\n") == 1
    assert main(["--space", space, "--strategy", 'pbt:policy={"hidden":4},init_population=none', "--budget", "5",
                 "--seeds", "1"]) == 0


@pytest.mark.parametrize("flag, value, says", [
    ("--budget", "0", "--budget 0: must be at least 1"),
    ("--seeds", "0", "--seeds 0: must be at least 1"),
    ("--seed-start", "-1", "--seed-start -1: must be at least 0"),
    ("--batch-size", "0", "--batch-size 0: must be at least 1"),
    ("--ahead", "-1", "--ahead -1: must be at least 0"),
])
def test_a_number_out_of_range_is_named(space_file: str, capsys: pytest.CaptureFixture[str], flag: str, value: str,
                                        says: str) -> None:
    """The line names the flag and its value (was one sentence for all five, which left --ahead out)."""
    args = ["--space", space_file, "--strategy", "ga", "--budget", "10", "--seeds", "1", flag, value]
    assert main(args) == 2
    assert capsys.readouterr().err == f"bench-search: {says}\n"


@pytest.mark.parametrize("spec, says", [
    ("pbt:population_size=0", "strategy pbt: option population_size = 0: must be at least 1"),  # ZeroDivisionError
    ("pbt:sweep=abc", "strategy pbt: option sweep = 'abc': expected an integer, not str"),
    ("pbt:swep=5", "strategy pbt: unknown option swep; its options: "),
    ("random:foo=1", "strategy random: unknown option foo; its options: enumerate_limit, max_redraws"),
])
def test_bad_strategy_options_are_one_line_before_any_run(space_file: str, capsys: pytest.CaptureFixture[str],
                                                           spec: str, says: str) -> None:
    assert main(["--space", space_file, "--strategy", spec, "--budget", "10", "--seeds", "1"]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("bench-search: ") and says in captured.err and captured.err.count("\n") == 1
    assert captured.out == ""


def test_batch_size(space_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    """--batch-size reaches the search loop (one candidate per step at 1) and is reported; 0 is refused."""
    one = bench_search([space_file], ["ga"], budget=30, seeds=2, batch_size=1)
    assert one["batch_size"] == 1 and "batch size 1," in format_table(one)
    rp = _load(space_file)
    assert one["spaces"]["tiny"]["strategies"]["ga"]["evals_to_5pct"] == [
        evals_to_within(SearchLoop(GeneticSearch(rp.space, seed=s), rp.evaluator(PURE_TIME), 30, batch_size=1).run(),
                        1.0, 0.05) for s in range(2)]
    with pytest.raises(ValueError, match="--batch-size 0: must be at least 1"):
        bench_search([space_file], ["ga"], budget=30, seeds=1, batch_size=0)
    assert main(["--space", space_file, "--strategy", "ga", "--budget", "30", "--seeds", "2", "--batch-size", "1",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["batch_size"] == 1


def test_a_warm_start_and_a_stop_at_one_percent(space_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``pbt:init_population=FOLDER`` warm-starts from a saved population (the shipped one here);
    ``stop_within`` ends a run at its first evaluation within 1%, with the counts of a full run."""
    shipped = str(Path(__file__).resolve().parents[1] / "populations" / "pretrained-no-pnpoly")
    full = run_once(space_file, "pbt", 3, 60)
    stopped = run_once(space_file, "pbt", 3, 60, stop_within=0.01)
    assert stopped["evals_to_5pct"] == full["evals_to_5pct"] and stopped["evals_to_1pct"] == full["evals_to_1pct"]
    assert stopped["evaluations"] == full["evals_to_1pct"] < full["evaluations"]
    warm = run_once(space_file, f"pbt:init_population={shipped}", 3, 60)
    assert warm["evaluations"] == 60 and warm["evals_to_5pct"] is not None
    assert main(["--space", space_file, "--strategy", "pbt:init_population=/nonexistent", "--budget", "5",
                 "--seeds", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "/nonexistent" in err[0]


def test_a_pretrained_population_benchmarked_on_a_space_it_was_trained_on_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A population pretrained with a prior over transform kinds (scripts/pretrain_population.py) cannot leave one
    space out: benchmarked on a space its ``trained_on`` names, the counts are in-sample. Was: nothing said (a
    names prior's source is left out and said; this was silent); now one stderr line, the JSON key and the row."""
    shipped = str(Path(__file__).resolve().parents[1] / "populations" / "pretrained-no-pnpoly")
    own = tmp_path / "gemm_RTX_3090.json"   # a space of its training (by name): in-sample
    other = tmp_path / "pnpoly_RTX_3090.json"   # held out of its training
    own.write_text(json.dumps(_cache()))
    other.write_text(json.dumps(_cache()))
    spec = f"pbt:init_population={shipped}"
    assert main(["--space", str(own), "--space", str(other), "--strategy", spec, "--strategy", "pbt",
                 "--budget", "5", "--seeds", "1", "--json"]) == 0
    out, err = capsys.readouterr()
    spaces = json.loads(out)["spaces"]
    assert spaces["gemm_RTX_3090"]["strategies"][spec]["pretrained_on_this_space"] is True
    assert "pretrained_on_this_space" not in spaces["pnpoly_RTX_3090"]["strategies"][spec]
    assert "pretrained_on_this_space" not in spaces["gemm_RTX_3090"]["strategies"]["pbt"]
    said = [line for line in err.splitlines() if "trained on" in line]
    assert said == [f"bench-search: {spec} on gemm_RTX_3090: its population was pretrained on gemm_RTX_3090 itself "
                    "(a prior over transform kinds cannot leave one space out): the counts are in-sample"]
    assert main(["--space", str(own), "--strategy", spec, "--budget", "5", "--seeds", "1"]) == 0
    assert f"| {spec} (pretrained on this space: in-sample) |" in capsys.readouterr().out


def test_a_names_prior_source_fitted_on_the_benchmarked_space_is_left_out(space_file: str, tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """A population whose names prior holds a source made from the very space benchmarked (a corpus population
    on one of its own spaces) is read leave one out: the counts are exactly those of the same population made
    without that space, the result says how many sources were left out, the table marks the row and one line
    says so; a source of the same kernel from "another GPU" (other times) is not left out."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "prior_from_spaces", Path(__file__).resolve().parents[1] / "scripts" / "prior_from_spaces.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    other = _cache()
    for v in other["cache"].values():  # the same kernel, slower on another GPU, with another optimum
        if isinstance(v["time"], float):
            v["time"] = v["times"][0] = 2 * v["time"] + 0.01 * len(v["times"])
    other["cache"]["2,2"] = {"time": 0.5, "times": [0.5]}
    other_file = tmp_path / "other.json"
    other_file.write_text(json.dumps(other))
    assert script.main(["--space", space_file, "--out", str(tmp_path / "policies")]) == 0
    for name, spaces in (("both", [space_file, str(other_file)]), ("other_only", [str(other_file)])):
        args = [a for f in spaces for a in ("--space", f)]
        assert script.main([*args, "--policies", str(tmp_path / "policies"), "--out", str(tmp_path / name)]) == 0
    capsys.readouterr()
    both, other_only = f"pbt:init_population={tmp_path / 'both'}", f"pbt:init_population={tmp_path / 'other_only'}"
    own_only = f"pbt:init_population={tmp_path / 'policies'}"  # its one source is the space itself
    assert main(["--space", space_file, "--space", str(other_file), "--strategy", both, "--strategy", other_only,
                 "--strategy", own_only, "--strategy", "pbt:init_population=none", "--budget", "30", "--seeds", "3",
                 "--json"]) == 0
    out = capsys.readouterr()
    spaces = json.loads(out.out)["spaces"]
    mine, theirs = (spaces[n]["strategies"] for n in spaces)
    cold = mine["pbt:init_population=none"]
    assert mine[both]["left_out_sources"] == 1 and mine[both]["evals_to_5pct"] == mine[other_only]["evals_to_5pct"]
    assert mine[both]["evals_to_1pct"] == mine[other_only]["evals_to_1pct"]
    assert mine[other_only]["left_out_sources"] == 0  # the other GPU's source serves it: nothing left out
    assert theirs[both]["left_out_sources"] == theirs[other_only]["left_out_sources"] == 1
    assert cold["left_out_sources"] == theirs["pbt:init_population=none"]["left_out_sources"] == 0
    assert "warm_start" not in cold and mine[both]["prior_serves"] and mine[other_only]["prior_serves"]
    # left out, the population made from the space alone brings no prior there: the result and one line say so
    assert mine[own_only]["left_out_sources"] == 1 and mine[own_only]["prior_serves"] is False
    assert mine[own_only]["warm_start"].endswith("so no prior") and theirs[own_only]["prior_serves"]
    lines = out.err.splitlines()
    assert sum("left out" in line for line in lines) == 4 and sum(f"on {list(spaces)[0]}:" in n for n in lines) == 3
    assert theirs[other_only]["prior_serves"] is False  # the same on the other space, whose own source it was
    assert sum(line.endswith("so no prior") for line in lines) == 2
    assert format_table(json.loads(out.out)).count("its source fitted on this space left out") == 4


def test_help_reads_tunes_defaults_and_names_the_command(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # said "(default 0; tune uses 1)" while tune's default was 0, and "usage: bench-search"
    from evo_kernels.cli import main as cli_main
    from evo_kernels.settings import DEFAULTS

    def help_text() -> str:
        with pytest.raises(SystemExit) as exc:
            cli_main(["bench-search", "--help"])
        assert exc.value.code == 0
        return " ".join(capsys.readouterr().out.split())

    text = help_text()
    assert text.startswith("usage: evo-kernels bench-search [-h] --space SPACE"), text
    assert f"(default 0; tune's default {DEFAULTS['ahead']})" in text, text
    assert f"{DEFAULTS['batch_size']}: as tune asks by default" in text, text
    monkeypatch.setitem(DEFAULTS, "ahead", 3)   # the help follows the one place that decides tune's default
    monkeypatch.setitem(DEFAULTS, "batch_size", 5)
    text = help_text()
    assert "(default 0; tune's default 3)" in text and "5: as tune asks by default" in text, text


@pytest.mark.parametrize("jobs", ["0", "-2"])
def test_jobs_that_are_no_number_of_processes_are_one_line(capsys, jobs):
    space = Path(__file__).resolve().parents[1] / "benchmarks" / "spaces" / "pnpoly_RTX_3090.json.gz"
    assert main(["--space", str(space), "--strategy", "ga", "--jobs", jobs]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (f"bench-search: --jobs {jobs}: a number of processes, at least 1 "
                                 "(or -1: one per core)\n")


def test_a_truncated_copy_of_a_space_the_prior_was_fitted_on_is_still_left_out(
        space_file: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A cache left open by an interrupted run (its first 60 entries, the last line half an entry) has another
    fingerprint than the file a population's source was fitted on, and is still that source's data: left out, and
    the one line says which source and how much of the space it holds."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "prior_from_spaces", Path(__file__).resolve().parents[1] / "scripts" / "prior_from_spaces.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.main(["--space", space_file, "--out", str(tmp_path / "pop")]) == 0
    doc = _cache()
    entries = [f"{json.dumps(k)}: {json.dumps(v)}" for k, v in list(doc.pop("cache").items())[:61]]
    (tmp_path / "trunc.json").write_text(json.dumps(doc)[:-1] + ', "cache": {\n' + ",\n".join(entries)[:-9])
    capsys.readouterr()
    assert main(["--space", str(tmp_path / "trunc.json"), "--strategy", f"pbt:init_population={tmp_path / 'pop'}",
                 "--budget", "5", "--seeds", "1", "--json"]) == 0
    out = capsys.readouterr()
    r = json.loads(out.out)["spaces"]["trunc"]["strategies"][f"pbt:init_population={tmp_path / 'pop'}"]
    assert r["left_out_sources"] == 1 and r["left_out"] == ["tiny shares 59 of 59 configurations with trunc"]
    assert "left open" in out.err and "source tiny shares 59 of 59 configurations with trunc: left out" in out.err
