"""The runner that answers from a recording (evo_kernels/runners/replay_runner.py), on the transpose recording
shipped with the package (432 genomes measured on the H200): the recorded build and run of a genome, "invalid"
for one it lacks, the device marked replay, and the same answers when each candidate takes time on workers."""
import time

import pytest

from evo_kernels.records import Candidate
from evo_kernels.runners.choose import RECORDINGS
from evo_kernels.runners.replay import load_space
from evo_kernels.runners.replay_runner import ReplayRunner

RP = load_space(RECORDINGS / "transpose.json.gz")


def cand(genome) -> Candidate:
    return Candidate("transpose", dict(genome), RP.problem, RP.space.key(genome))


def recorded(n: int) -> list:
    return list(RP.entries.values())[:n]


def test_a_recorded_genome_gets_its_recorded_build_and_run_on_a_device_marked_replay():
    e = recorded(1)[0]
    (m,) = [f.result() for f in ReplayRunner(RP).submit(None, [cand(e.genome)])]
    assert m.build.status == "ok" and m.run.status == "ok"
    assert m.run.median_ms == e.median_ms and tuple(m.run.times_ms) == tuple(e.times_ms)
    assert m.build.template_hash == RP.template_hash
    assert m.run.device["replay"] is True and m.run.device["gpu"] == "NVIDIA H200"


def test_a_genome_the_recording_lacks_is_invalid_not_measured():
    lacking = next(g for g in ({**RP.baseline, "TileLoops": t, "AdjustBlockSize": b}
                               for t in (16, 32, 64) for b in (1, 2, 4, 8, 16, 32))
                   if "not in the recorded space" in RP.space.violations(g))
    (m,) = [f.result() for f in ReplayRunner(RP).submit(None, [cand(lacking)])]
    assert m.build.status == m.run.status == "invalid" and "not in the recorded space" in m.run.error


def test_workers_that_take_time_give_the_same_answers_and_count_their_busy_seconds():
    cands = [cand(e.genome) for e in recorded(4)]
    at_once = [f.result() for f in ReplayRunner(RP).submit(None, cands)]
    with ReplayRunner(RP, workers=2, delay_s=0.2) as r:
        t0 = time.monotonic()
        futures = r.submit(None, cands)
        assert not all(f.done() for f in futures)         # answered on the workers, not before submit returns
        slow = [f.result() for f in futures]
        assert time.monotonic() - t0 >= 0.39               # 4 candidates of 0.2 s on 2 workers
        busy = r.busy()
        assert sum(busy["measured"]) == 4 and 0.79 <= sum(busy["busy_s"]) < 2.0
    assert [m.run.median_ms for m in slow] == [m.run.median_ms for m in at_once]


def test_impossible_worker_settings_are_refused():
    with pytest.raises(ValueError, match="workers >= 1"):
        ReplayRunner(RP, workers=0)
    with pytest.raises(ValueError, match="delays >= 0"):
        ReplayRunner(RP, delay_s=-1)
