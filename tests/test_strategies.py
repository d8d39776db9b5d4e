"""Random and genetic search through the search loop, on a fabricated replayed space and a real one."""
from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from evo_kernels.runners.replay import ReplaySpace
from evo_kernels.search import SearchLoop, evals_to_within
from evo_kernels.strategies import STRATEGIES, make_strategy
from evo_kernels.strategies.ga import GeneticSearch
from evo_kernels.strategies.random import RandomSearch

SPACES = Path(__file__).resolve().parents[1] / "benchmarks" / "spaces"  # vendored ../shared/spaces
NAMES = ("random", "ga")


def fabricated_cache() -> dict:
    """A 12 x 12 x 3 space with a smooth bowl of times (optimum at a=9, b=4, c=1), a corner left out
    (a + b > 20: not in the cache) and a stripe that fails to compile."""
    cache = {}
    for a in range(1, 13):
        for b in range(1, 13):
            for c in range(3):
                if a + b > 20:
                    continue
                key = f"{a},{b},{c}"
                if a == 2:
                    cache[key] = {"a": a, "b": b, "c": c, "time": "CompilationFailedConfig"}
                    continue
                t = 1.0 + 0.1 * (a - 9) ** 2 + 0.05 * (b - 4) ** 2 + 0.3 * (c != 1) + 0.001 * ((a * 7 + b * 3) % 5)
                cache[key] = {"a": a, "b": b, "c": c, "time": t, "times": [t * 0.99, t, t * 1.01]}
    return {"device_name": "Fake GPU", "kernel_name": "bowl", "problem_size": 1000, "tune_params_keys": ["a", "b", "c"],
            "tune_params": {"a": list(range(1, 13)), "b": list(range(1, 13)), "c": [0, 1, 2]}, "cache": cache}


@pytest.fixture(scope="module")
def bowl(tmp_path_factory: pytest.TempPathFactory) -> ReplaySpace:
    path = tmp_path_factory.mktemp("spaces") / "bowl.json"
    path.write_text(json.dumps(fabricated_cache()))
    return ReplaySpace.load(path)


def run(rp: ReplaySpace, name: str, seed: int, budget: int, **kw: object) -> list[str]:
    loop = SearchLoop(make_strategy(name, rp.space, rp.template, rp.problem, seed, **kw), rp.evaluator(), budget)
    return [e.candidate.key for e in loop.run()]


@pytest.mark.parametrize("name", NAMES)
def test_deterministic_for_a_seed(bowl: ReplaySpace, name: str) -> None:
    assert run(bowl, name, 3, 60) == run(bowl, name, 3, 60)
    assert run(bowl, name, 3, 60) != run(bowl, name, 4, 60)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("budget", [1, 13, 100])
def test_budget_is_respected_exactly(bowl: ReplaySpace, name: str, budget: int) -> None:
    keys = run(bowl, name, 0, budget)
    assert len(keys) == budget and len(set(keys)) == budget
    assert all(bowl.space.is_valid(bowl.space.coerce(_genome(bowl, k))) for k in keys)


def test_run_stops_after_the_step_at_which_stop_says_so(bowl: ReplaySpace) -> None:
    """``run(stop=...)``: a replay that only asks when a target was reached ends at the step that reached it."""
    times = sorted(e.median_ms for e in bowl.entries.values() if e.status == "ok")
    target = times[len(times) // 10]  # the best tenth of the space
    loop = SearchLoop(make_strategy("random", bowl.space, seed=2), bowl.evaluator(), 200, batch_size=4)
    reached = lambda lp: any(e.status == "ok" and e.run.median_ms <= target for e in lp.history)  # noqa: E731
    history = loop.run(stop=reached)
    hit = next(i for i, e in enumerate(history, 1) if e.status == "ok" and e.run.median_ms <= target)
    assert reached(loop) and loop.spent < 200 and loop.spent - 4 < hit <= loop.spent  # the step of the first hit
    full = SearchLoop(make_strategy("random", bowl.space, seed=2), bowl.evaluator(), 200, batch_size=4).run()
    assert [e.candidate.key for e in history] == [e.candidate.key for e in full[:loop.spent]]


def _genome(rp: ReplaySpace, key: str) -> dict:
    return next(g for g in rp.genomes() if rp.space.key(g) == key)


def test_random_is_without_replacement_until_the_space_is_spent(bowl: ReplaySpace) -> None:
    valid = {bowl.space.key(g) for g in bowl.genomes()}
    keys = run(bowl, "random", 1, len(valid) + 50)
    assert len(keys) == len(valid) and set(keys) == valid  # every valid genome once, then the loop stops
    s = RandomSearch(bowl.space, seed=1)
    asked = [c.key for _ in range(len(valid) // 50 + 2) for c in s.ask(50)]
    assert sorted(asked) == sorted(valid)  # without a loop too: no repeats, nothing invalid
    assert s.ask(5) == []


@pytest.mark.parametrize("name", NAMES)
def test_checkpoint_round_trip_continues_the_same_run(bowl: ReplaySpace, name: str) -> None:
    ev = bowl.evaluator()
    whole = SearchLoop(make_strategy(name, bowl.space, seed=5), ev, 90)
    whole.run()
    first = SearchLoop(make_strategy(name, bowl.space, seed=5), ev, 90)
    for _ in range(4):
        first.step()
    saved = json.loads(json.dumps({"loop": first.state_dict(), "strategy": first.strategy.state_dict()}))
    resumed = SearchLoop(make_strategy(name, bowl.space, seed=999), ev, 90)  # the seed comes from the state
    resumed.strategy.load_state_dict(saved["strategy"])
    resumed.load_state_dict(saved["loop"])
    assert resumed.spent == 32
    resumed.run()
    assert [e.candidate.key for e in resumed.history] == [e.candidate.key for e in whole.history]


def test_seed_genomes_come_first(bowl: ReplaySpace) -> None:
    start = [{"a": 9, "b": 4, "c": 1}, {"a": 1, "b": 1, "c": 0}]
    for name in NAMES:
        s = make_strategy(name, bowl.space, seed=0, seeds=start)
        assert [c.genome for c in s.ask(3)[:2]] == start


@pytest.mark.parametrize("name", NAMES)
def test_every_seed_genome_comes_first_even_more_than_a_population(bowl: ReplaySpace, name: str) -> None:
    # a template's designs (17 for softmax) outnumber pbt's 8 members and ga's population of 6: all are measured
    # first, one evaluation at a time and in batches, before the strategy proposes anything of its own
    rng = np.random.default_rng(5)
    start = []
    while len(start) < 20:
        g = bowl.space.sample(rng)
        if g not in start:
            start.append(g)
    for batch in (1, 4):
        loop = SearchLoop(make_strategy(name, bowl.space, seed=0, seeds=start), bowl.evaluator(), 30,
                          batch_size=batch)
        history = loop.run()
        assert [e.candidate.genome for e in history[:20]] == start
        assert len({e.candidate.key for e in history}) == 30


def test_ga_leaves_the_global_random_state_alone(bowl: ReplaySpace) -> None:
    random.seed(1234)
    state = random.getstate()
    loop = SearchLoop(GeneticSearch(bowl.space, seed=0), bowl.evaluator(), 80)
    loop.run()
    assert random.getstate() == state
    assert loop.strategy.generation > 5 and len(loop.strategy.population) == loop.strategy.population_size
    # elitism: the best genome evaluated so far is in the population
    best = max(loop.strategy.archive.values())
    assert max(i.value for i in loop.strategy.population) == best


def _median_evals(rp: ReplaySpace, name: str, seeds: range, budget: int) -> float:
    ns = []
    for seed in seeds:
        loop = SearchLoop(make_strategy(name, rp.space, seed=seed), rp.evaluator(), budget)
        n = evals_to_within(loop.run(), rp.optimum_ms, 0.05)
        ns.append(budget + 1 if n is None else n)
    return statistics.median(ns)


def test_ga_beats_random_on_a_fabricated_space(bowl: ReplaySpace) -> None:
    ga, rnd = _median_evals(bowl, "ga", range(8), 300), _median_evals(bowl, "random", range(8), 300)
    assert ga < 0.6 * rnd, (ga, rnd)


def test_ga_beats_random_on_a_shared_space() -> None:
    path = SPACES / "pnpoly_RTX_3090.json.gz"
    if not path.exists():
        pytest.skip(f"{path} is not here")
    rp = ReplaySpace.load(path)
    ga, rnd = _median_evals(rp, "ga", range(6), 300), _median_evals(rp, "random", range(6), 300)
    assert ga < rnd, (ga, rnd)


def test_ga_breeds_on_a_sparse_recording(tmp_path: Path) -> None:
    """A recording that holds a sample of its space (as the H200 recordings do): children that
    miss it are repaired onto the nearest recorded genome, so the GA stays a local search there
    instead of falling back to random draws."""
    rng = np.random.default_rng(0)
    names, opt, cache = ["a", "b", "c", "d", "e"], (5, 2, 7, 4, 1), {}
    for _ in range(300):  # 300 of 8^5 = 32768 genomes, and the optimum
        g = tuple(int(v) for v in rng.integers(8, size=5)) if cache else opt
        t = 1.0 + 0.02 * sum((x - o) ** 2 for x, o in zip(g, opt))
        cache[",".join(map(str, g))] = {**dict(zip(names, g)), "time": t, "times": [t]}
    doc = {"device_name": "Fake GPU", "kernel_name": "sparse", "problem_size": 1, "tune_params_keys": names,
           "tune_params": {n: list(range(8)) for n in names}, "cache": cache}
    (tmp_path / "sparse.json").write_text(json.dumps(doc))
    rp = ReplaySpace.load(tmp_path / "sparse.json")
    ga, rnd = _median_evals(rp, "ga", range(10), 200), _median_evals(rp, "random", range(10), 200)
    # measured: 31 vs 172; with random draws for the children that miss (before) 87 vs 172
    assert ga < 0.3 * rnd, (ga, rnd)


def test_registry(bowl: ReplaySpace) -> None:
    assert set(STRATEGIES) == {"random", "ga", "pbt"}
    assert STRATEGIES["random"] is RandomSearch and STRATEGIES["ga"] is GeneticSearch
    s = make_strategy("ga", bowl.space, "bowl", {"n": 1}, 7, population_size=10)
    assert (s.population_size, s.seed, s.template, s.problem) == (10, 7, "bowl", {"n": 1})
    with pytest.raises(ValueError, match="unknown strategy 'nope'; known: random, ga, pbt"):
        make_strategy("nope", bowl.space)


def test_pbt_is_imported_only_when_asked_for() -> None:
    code = ("import sys, evo_kernels.strategies as s; s.make_strategy; "
            "assert 'evo_kernels.strategies.pbt' not in sys.modules and 'torch' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[1])
