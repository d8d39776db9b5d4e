"""The Runner seam (evo_kernels/runners/base.py): ``measure`` is ``submit`` and wait, in the order given whatever order
the candidates finish in; a resolved future; the busy clock's per-worker sums under concurrent workers, and its
snapshots copies; a runner closes when its ``with`` block ends, also on an error."""
import threading
import time
from concurrent.futures import Future

import pytest

from evo_kernels.records import BuildResult, Candidate, RunResult
from evo_kernels.runners.base import BusyClock, Measured, Runner, done


def _measured(c: Candidate, ms: float) -> Measured:
    return Measured(BuildResult(c, "ok"), RunResult(c.key, "ok", median_ms=ms))


class _OutOfOrder(Runner):
    """Resolves the candidates' futures from a thread, last candidate first."""

    workers = 2

    def __init__(self) -> None:
        self.closed = False

    def submit(self, template, candidates, check_only=False):
        futures = [Future() for _ in candidates]

        def work():
            for i in reversed(range(len(candidates))):
                time.sleep(0.01)
                futures[i].set_result(_measured(candidates[i], 1.0 + i))
        threading.Thread(target=work).start()
        return futures

    def device_info(self):
        return {"gpu_name": "none"}

    def close(self):
        self.closed = True


def test_measure_waits_and_keeps_the_order_given():
    cands = [Candidate("t", {"g": i}, {"N": 1}, f"k{i}") for i in range(4)]
    got = _OutOfOrder().measure(None, cands)
    assert [m.build.candidate.key for m in got] == ["k0", "k1", "k2", "k3"]
    assert [m.run.median_ms for m in got] == [1.0, 2.0, 3.0, 4.0]


def test_a_resolved_future_and_the_defaults_of_a_runner():
    f = done(42)
    assert f.done() and f.result() == 42
    r = _OutOfOrder()
    assert r.nvcc_version() == "" and not r.replay
    assert r.busy() == {"wall_s": 0.0, "busy_s": [0.0, 0.0], "measured": [0, 0]}


def test_the_busy_clock_sums_per_worker_under_concurrent_workers():
    clock = BusyClock(3)

    def worker(w):
        for _ in range(500):
            clock.add(w, 0.001 * (w + 1))
    threads = [threading.Thread(target=worker, args=(w % 3,)) for w in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    snap = clock.snapshot()
    assert snap["measured"] == [1000, 1000, 1000]
    assert snap["busy_s"] == pytest.approx([1.0, 2.0, 3.0])
    assert snap["wall_s"] >= 0
    snap["busy_s"][0] = -1.0   # a snapshot is a copy
    assert clock.snapshot()["busy_s"][0] == pytest.approx(1.0)


def test_a_runner_closes_when_its_block_ends_even_on_an_error():
    with pytest.raises(RuntimeError):
        with _OutOfOrder() as r:
            raise RuntimeError("a lost cluster")
    assert r.closed
