"""The records the roles exchange (evo_kernels/records.py): an evaluation's status and the one rule of
feasibility, which the store's SQL states for its rows."""
import pytest

from evo_kernels.records import BuildResult, Candidate, Evaluation, RunResult
from evo_kernels.store_rows import feasible


def _ev(build: str, run: str, fitness: float) -> Evaluation:
    c = Candidate("sgemm", {"t": 1}, {"M": 8}, "k")
    return Evaluation(BuildResult(c, build), RunResult(run), fitness=fitness)


@pytest.mark.parametrize("build, run, fitness, status, ok", [
    ("ok", "ok", 1.3, "ok", True),
    ("ok", "ok", 0.0, "ok", False),                        # passed, but over a --max-registers or --max-smem limit
    ("ok", "wrong_result", 0.0, "wrong_result", False),
    ("compile_error", "compile_error", 0.0, "compile_error", False),
    ("compile_error", "ok", 2.0, "compile_error", False),  # the build's failure decides, whatever the run says
])
def test_status_and_feasible_agree_with_the_stores_rule(build, run, fitness, status, ok):
    ev = _ev(build, run, fitness)
    assert ev.status == status and ev.feasible is ok
    assert feasible({"status": ev.status, "fitness": ev.fitness}) is ok
