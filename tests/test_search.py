"""The search loop's pipeline: asking ahead, completion order, resume with batches in flight."""
import time

import pytest

from evo_kernels.evaluate import Evaluator
from evo_kernels.fitness import PURE_TIME
from evo_kernels.runners.choose import RECORDINGS
from evo_kernels.runners.replay import load_space
from evo_kernels.runners.replay_runner import ReplayRunner
from evo_kernels.search import SearchLoop
from evo_kernels.strategies import make_strategy


@pytest.fixture(scope="module")
def space():
    return load_space(RECORDINGS / "transpose.json.gz")  # real H200 measurements, replayed


class Shuffled(ReplayRunner):
    """A replay whose candidates complete in reverse order of submission (later ones first), as
    several GPU workers finishing at different times would."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.submitted, self.completed = [], []

    def submit(self, template, candidates, check_only=False):
        futures = super().submit(template, candidates, check_only)
        self.submitted += [c.key for c in candidates]
        for f in futures:
            f.add_done_callback(lambda f: self.completed.append(f.result().build.candidate.key))
        return futures

    def _gpu_seconds(self, m):
        return 0.003 * (1 + int(m.build.candidate.key[:4], 16) % 7)  # a time per candidate, not per position


def run(space, strategy, runner, budget=48, batch=8, ahead=1, seed=4):
    ev = Evaluator(runner, None, space.problem, PURE_TIME)
    loop = SearchLoop(make_strategy(strategy, space.space, space.template, space.problem, seed), ev, budget,
                      batch_size=batch, ahead=ahead)
    with runner:
        return [e.candidate.key for e in loop.run()], loop


@pytest.mark.parametrize("strategy", ["ga", "pbt"])
def test_same_seed_same_run_whatever_the_workers_and_completion_order(space, strategy):
    one, _ = run(space, strategy, ReplayRunner(space))
    shuffled = Shuffled(space, workers=4, delay_s=0.001)
    many, _ = run(space, strategy, shuffled)
    assert shuffled.completed != shuffled.submitted  # results did come back out of order
    assert one == many and len(one) == 48


def test_ask_ahead_keeps_the_next_batch_in_flight_and_spends_the_budget_exactly(space):
    seen = []
    runner = ReplayRunner(space, workers=2, delay_s=0.002)
    ev = Evaluator(runner, None, space.problem, PURE_TIME)
    loop = SearchLoop(make_strategy("random", space.space, seed=1), ev, 30, batch_size=8, ahead=1)
    loop.checkpoint = lambda lp: seen.append((lp.spent, lp.in_flight))
    with runner:
        hist = loop.run()
    assert len(hist) == 30 and len({e.candidate.key for e in hist}) == 30
    # after each tell the next batch is already asked: 8 in flight while 8, 16, 24 are told
    assert seen[:3] == [(8, 8), (16, 8), (24, 6)] and seen[-1] == (30, 0)


def test_resume_with_a_batch_in_flight_continues_exactly(space):
    full, _ = run(space, "pbt", ReplayRunner(space), budget=40)
    states = []

    def keep(lp):
        if lp.spent == 16:
            states.append((lp.strategy.state_dict(), lp.state_dict()))

    ev = Evaluator(ReplayRunner(space), None, space.problem, PURE_TIME)
    first = SearchLoop(make_strategy("pbt", space.space, space.template, space.problem, 4), ev, 40, batch_size=8,
                       ahead=1, checkpoint=keep)
    first.run(stop=lambda lp: lp.spent >= 16)
    strategy_state, loop_state = states[0]
    assert len(loop_state["in_flight"]) == 1  # the batch asked ahead was not told yet
    import copy

    again = SearchLoop(make_strategy("pbt", space.space, space.template, space.problem, 4), ev, 40, batch_size=8,
                       ahead=1)
    again.strategy.load_state_dict(copy.deepcopy(strategy_state))
    again.load_state_dict(copy.deepcopy(loop_state))
    assert [e.candidate.key for e in again.run()] == full


def test_simulated_workers_measure_in_parallel(space):
    """W replay workers finish W times the work in the same time (each candidate 50 ms on one worker), and
    the throughput simulation (recorded compile times on build threads, then recorded samples on a worker)
    gives the same answers with 1 and 4 workers. (The simulation's rate is not asserted: the recorded compile
    times have a long tail, up to 24 s for one transpose genome, that decides it at small budgets.)"""
    def run_with(w, budget, batch, **kw):
        runner = ReplayRunner(space, workers=w, **kw)
        ev = Evaluator(runner, None, space.problem, PURE_TIME)
        loop = SearchLoop(make_strategy("random", space.space, seed=0), ev, budget, batch_size=batch, ahead=1)
        with runner:
            t0 = time.monotonic()
            loop.run()
            return budget / (time.monotonic() - t0), [(e.candidate.key, e.run.median_ms) for e in loop.history]

    assert run_with(4, 64, 32, delay_s=0.05)[0] > 2.5 * run_with(1, 16, 8, delay_s=0.05)[0]
    one, four = run_with(1, 16, 8, simulate=True)[1], run_with(4, 16, 8, simulate=True, overhead_s=0.02)[1]
    assert len(one) == 16 and sorted(one) == sorted(four)


def test_pbt_learns_from_every_batch_when_asking_ahead(space):
    """A batch asked ahead is told later: pbt must keep its proposals (and fantasies) until then,
    not drop them when the batch before it is told (which once discarded every other batch)."""
    _, loop = run(space, "pbt", ReplayRunner(space), budget=48, ahead=1)
    assert len(loop.strategy.experience.rows) == 48
    assert not loop.strategy.experience.fantasies  # every fantasy met its measurement
