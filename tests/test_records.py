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


def test_size_name_spells_a_size_for_file_and_group_names_in_the_order_given():
    from evo_kernels.records import size_name

    assert size_name({"M": 131, "N": 705, "K": 1522}) == "131x705x1522"
    assert size_name({"K": 1522, "M": 131}) == "1522x131" and size_name({"N": 1 << 24}) == "16777216"
