"""The measure layer's evaluator (evo_kernels/evaluate.py) over a runner that answers from fixed
measurements: the baseline first (or from ``known``), every speedup against it, evaluations from
``known`` not measured again, results in ask order, and a baseline that fails as one line. (Results in ask order
whatever order a runner completes in: tests/test_search.py.)"""
from concurrent.futures import Future

import pytest

from evo_kernels.evaluate import Evaluator
from evo_kernels.fitness import FitnessWeights
from evo_kernels.records import BuildResult, Candidate, RunResult
from evo_kernels.runners.base import Measured, Runner, done
from evo_kernels.template import load_template

T = load_template("transpose")
P = {"R": 1000, "C": 777}


def cand(**genes) -> Candidate:
    g = T.space.check(T.space.coerce({**T.space.baseline(), **genes}))
    return Candidate(T.name, g, P, T.space.key(g))


class Table(Runner):
    """Measured times by genome key (the baseline 4 ms unless told); a key it lacks fails its checks."""

    def __init__(self, ms: dict[str, float], base_status: str = "ok") -> None:
        self.ms, self.base_status, self.asked = ms, base_status, []

    def submit(self, template, candidates, check_only=False) -> list[Future]:
        self.asked += [c.key for c in candidates]
        out = []
        for c in candidates:
            status = self.base_status if c.key == cand().key else "ok" if c.key in self.ms else "wrong_result"
            t = self.ms.get(c.key, 4.0)
            out.append(done(Measured(BuildResult(c, "ok"), RunResult(status, times_ms=(t,) * 3, median_ms=t,
                                                                        p95_ms=t, cv=0.0, error="x[3]: 2 != 1"))))
        return out

    def device_info(self):
        return {"gpu_name": "table"}

    def nvcc_version(self):
        return "none"


def test_the_baseline_is_measured_first_and_every_speedup_is_against_it():
    a, b = cand(UseSharedMemory=True), cand(UnrollLoop=True)
    runner = Table({cand().key: 4.0, a.key: 2.0, b.key: 8.0})
    ev = Evaluator(runner, T, P, FitnessWeights())
    assert runner.asked == [cand().key] and ev.baseline_ms == 4.0 and ev.baseline.speedup == 1.0
    got = ev.evaluate([a, b, cand(UseSharedMemory=True, PadSharedMemory=True)])
    assert [round(e.speedup, 3) for e in got] == [2.0, 0.5, 0.0]
    assert [e.candidate.key for e in got[:2]] == [a.key, b.key] and got[2].status == "wrong_result"
    assert got[0].feasible and not got[2].feasible


def test_what_known_serves_is_not_measured_again_and_is_marked_reused():
    a, b = cand(UseSharedMemory=True), cand(UnrollLoop=True)
    first = Evaluator(Table({a.key: 2.0, b.key: 8.0}), T, P)
    stored = {e.candidate.key: e for e in [first.baseline, *first.evaluate([a])]}
    runner = Table({b.key: 8.0})
    ev = Evaluator(runner, T, P, known=lambda c: stored.get(c.key))
    got = ev.evaluate([a, b])
    assert runner.asked == [b.key]                     # neither the baseline nor a measured again
    assert ev.baseline.reused and got[0].reused and not got[1].reused
    assert got[0].speedup == pytest.approx(2.0)


def test_a_baseline_that_fails_is_one_line_naming_the_template():
    with pytest.raises(RuntimeError) as e:
        Evaluator(Table({}, base_status="wrong_result"), T, P)
    msg = str(e.value)
    assert msg.startswith(str(T.mako_path)) and "the baseline genome fails on this GPU: wrong_result" in msg
    assert "\n" not in msg


def test_without_a_template_a_runner_that_is_no_replay_has_no_baseline():
    with pytest.raises(ValueError, match="Table: without a template there is no baseline genome"):
        Evaluator(Table({}), None, P)


def test_the_runner_names_the_baseline_a_replay_its_recordings():
    from evo_kernels.runners.choose import RECORDINGS
    from evo_kernels.runners.replay import load_space
    from evo_kernels.runners.replay_runner import ReplayRunner

    assert Table({}).baseline(T, P) == cand()       # the template's identity genome, at the problem asked
    space = load_space(RECORDINGS / "transpose.json.gz")
    # the recording's baseline whatever template or problem is passed: every replayed speedup is against it
    runner = ReplayRunner(space)
    assert runner.baseline(None, P) == runner.baseline(T, P) == space.baseline_candidate()
    ev = Evaluator(runner, None, space.problem)
    assert ev.baseline.candidate.key == space.baseline_candidate().key and ev.baseline.speedup == 1.0
    base = [e for e in space.entries.values() if e.genome == space.baseline_candidate().genome]
    assert len(base) == 1 and ev.baseline_ms == base[0].median_ms > 0
