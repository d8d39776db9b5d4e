"""evo_kernels/fitness.py: the one scalar every strategy maximizes, on hand-made builds and runs (the formula of its
docstring, the p95 objective, the limits that make a build infeasible, failures)."""
import math

import pytest

from evo_kernels.fitness import PURE_TIME, FitnessWeights, Limits, fitness, objective_time, score, speedup
from evo_kernels.records import BuildResult, Candidate, RunResult

CAND = Candidate("t", {"g": 1}, {"N": 8}, "k")


def build(registers=32, smem=0, spill_store=0, spill_load=0, status="ok"):
    return BuildResult(CAND, status, registers=registers, smem_bytes=smem, spill_store_bytes=spill_store,
                       spill_load_bytes=spill_load)


def run(median=1.0, p95=1.0, cv=0.0, status="ok"):
    return RunResult(status, times_ms=(median,), median_ms=median, p95_ms=p95, cv=cv)


def test_the_baseline_scores_one_and_speedup_is_the_time_ratio():
    assert fitness(build(), run(2.0, 2.0), 2.0, PURE_TIME) == 1.0
    assert fitness(build(), run(0.5, 0.5), 2.0, PURE_TIME) == 4.0
    assert speedup(0.0, 1.0) == 0.0 and speedup(1.0, float("nan")) == 0.0 and speedup(float("inf"), 1.0) == 0.0


def test_variance_and_spill_cost_what_the_docstring_says():
    w = FitnessWeights(cv=1.0, spill=0.05)
    assert fitness(build(), run(1.0, cv=0.05), 1.0, w) == pytest.approx(math.exp(-0.05))
    assert fitness(build(spill_store=512, spill_load=512), run(1.0), 1.0, w) == pytest.approx(1 / 1.05)
    assert fitness(build(), run(1.0, cv=float("nan")), 1.0, w) == 1.0   # a single sample has no CV: no cost


def test_the_p95_objective_ranks_by_the_tail():
    noisy, steady = run(median=1.0, p95=3.0), run(median=1.5, p95=1.6)
    median, p95 = FitnessWeights(cv=0, spill=0), FitnessWeights(cv=0, spill=0, objective="p95")
    assert objective_time(noisy, median) == 1.0 and objective_time(noisy, p95) == 3.0
    assert fitness(build(), noisy, 3.0, median) > fitness(build(), steady, 3.0, median)
    assert fitness(build(), noisy, 3.0, p95) < fitness(build(), steady, 3.0, p95)
    assert score(build(), noisy, 3.0, p95).speedup == pytest.approx(1.0)


@pytest.mark.parametrize("limits, bad", [(Limits(max_registers=64), build(registers=65)),
                                         (Limits(max_smem_bytes=48 * 1024), build(smem=48 * 1024 + 4))])
def test_a_build_over_a_limit_is_infeasible_not_merely_slower(limits, bad):
    assert limits.violations(bad) and fitness(bad, run(0.1), 1.0, PURE_TIME, limits) == 0.0
    ev = score(bad, run(0.1), 1.0, PURE_TIME, limits)
    assert ev.fitness == 0.0 and ev.speedup == pytest.approx(10.0)   # measured fast, yet out of bounds
    ok = build(registers=64, smem=48 * 1024)
    assert not limits.violations(ok) and fitness(ok, run(0.1), 1.0, PURE_TIME, limits) == pytest.approx(10.0)


def test_any_failure_scores_zero_and_bad_weights_are_refused():
    assert fitness(build(status="compile_error"), run(0.1), 1.0) == 0.0
    assert fitness(build(), run(0.1, status="wrong_result"), 1.0) == 0.0
    assert score(build(), run(0.1, status="wrong_result"), 1.0).speedup == 0.0
    with pytest.raises(ValueError):
        FitnessWeights(objective="mean")
    with pytest.raises(ValueError):
        FitnessWeights(cv=-1.0)
