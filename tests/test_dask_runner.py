"""DaskRunner on a real LocalCluster (two worker processes on 127.0.0.1), replaying the shipped
transpose recording: the same answers as a local replay, a worker killed mid-batch costs nothing
and counts nothing twice, and an Evaluator over it scores as over a local replay. CPU only."""
from __future__ import annotations

import itertools
import os
import signal
import sys
import time
from concurrent.futures import wait
from dataclasses import replace
from pathlib import Path

import pytest

pytest.importorskip("distributed")

from evo_kernels.records import Candidate  # noqa: E402
from evo_kernels.runners.choose import BackendError, LocalSpec  # noqa: E402
from evo_kernels.runners.dask import DaskRunner, _template  # noqa: E402
from evo_kernels.runners.replay import load_space  # noqa: E402
from evo_kernels.runners.replay_runner import ReplayRunner  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
REC = ROOT / "evo_kernels" / "recordings" / "transpose.json.gz"
WAIT_S = 30  # no future of these tests may take longer


@pytest.fixture(scope="module")
def space():
    return load_space(REC)


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address=None, scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})
    c = distributed.Client(cluster, set_as_default=False)
    c.wait_for_workers(2, timeout=WAIT_S)
    yield c
    c.close()
    cluster.close()


def candidates(space, n: int, unrecorded: int = 0) -> list[Candidate]:
    """The baseline, ``n - 1`` recorded genomes spread over the recording, and ``unrecorded``
    genomes outside it (they replay as "invalid", with NaN times)."""
    recorded = space.genomes()
    genomes = [space.baseline] + recorded[:: max(1, len(recorded) // (n - 1))][: n - 1]
    genes = space.space.genes
    extra = (dict(zip((g.name for g in genes), vals)) for vals in itertools.product(*(g.values for g in genes)))
    genomes += list(itertools.islice((g for g in extra if space.entry(g) is None), unrecorded))
    return [Candidate(space.template, g, space.problem, space.space.key(g)) for g in genomes]


def same(a, b) -> bool:
    """Equal records, NaN included (dataclass == says NaN != NaN)."""
    return repr(a) == repr(b)


def settle(futures, timeout: float = WAIT_S) -> None:
    _, not_done = wait(futures, timeout=timeout)
    assert not not_done, f"{len(not_done)} of {len(futures)} futures unresolved after {timeout} s"


def test_dask_answers_equal_local_replay(client, space):
    cands = candidates(space, 36, unrecorded=4)
    local = ReplayRunner(space).measure(None, cands)
    with DaskRunner(LocalSpec(replay=str(REC)), client=client) as runner:
        assert runner.workers == 2 and runner.replay
        futures = runner.submit(None, cands)
        settle(futures)
        remote = [f.result() for f in futures]
        info = runner.device_info()
        assert runner.nvcc_version() == ""
        busy = runner.busy()
    assert {m.build.status for m in remote} == {"ok", "invalid"}
    for c, r, m in zip(cands, remote, local):
        assert r.build.candidate.key == c.key
        assert (r.build.status, r.run.status, r.run.times_ms) == (m.build.status, m.run.status, m.run.times_ms)
        assert same(r, m)
    assert info["replay"] is True and info["dask"] == client.scheduler.address
    assert sum(busy["measured"]) == len(cands) and len(busy["busy_s"]) == 2
    assert client.status == "running"  # a given client stays open


def test_evaluator_over_dask_equals_over_replay(client, space):
    from evo_kernels.evaluate import Evaluator

    cands = candidates(space, 24, unrecorded=2)
    with DaskRunner(LocalSpec(replay=str(REC)), client=client) as runner:
        over_dask = Evaluator(runner, None, space.problem)
        pending = over_dask.submit(cands)
        deadline = time.monotonic() + WAIT_S
        while not pending.done():
            assert time.monotonic() < deadline, "evaluations unresolved"
            time.sleep(0.02)
        got = pending.result()
    over_replay = Evaluator(ReplayRunner(space), None, space.problem)
    want = over_replay.evaluate(cands)
    assert same(over_dask.baseline, over_replay.baseline)
    assert [e.candidate.key for e in got] == [c.key for c in cands]
    assert all(same(g, w) for g, w in zip(got, want))


def test_a_replay_on_dask_names_its_recordings_baseline_from_the_space_the_caller_loaded(client, space, tmp_path):
    from evo_kernels.runners.choose import Backend, open_runner

    # the path is never read for the baseline when the caller hands its loaded space: a missing file shows it
    with DaskRunner(LocalSpec(replay=str(tmp_path / "missing.json")), client=client, replay_space=space) as runner:
        assert runner.baseline(None, space.problem) == space.baseline_candidate()
    # open_runner hands it on (the replay comes from replay_source: --replay itself excludes Dask)
    with open_runner(Backend(scheduler=client.scheduler.address), REC, space) as runner:
        assert isinstance(runner, DaskRunner) and runner.baseline(None, {}) == space.baseline_candidate()


def test_gpu_spec_needs_gpu_workers(client):
    with pytest.raises(BackendError, match="no worker offers the resource GPU"):
        DaskRunner(LocalSpec(), client=client)


def test_gpu_spec_refuses_daemonic_workers():
    """A nanny's worker is daemonic by default, and a daemonic process cannot start the GPU worker
    process: said at connect time, not at the first candidate."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None, scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                                  resources={"GPU": 1}) as cluster, distributed.Client(cluster) as c:
        with pytest.raises(BackendError, match="DASK_DISTRIBUTED__WORKER__DAEMON=False"):
            DaskRunner(LocalSpec(), client=c)


def test_template_must_match_the_clients(client, space):
    """A worker whose template files differ from the client's refuses to measure: the future raises
    (after the task's retry), naming the path."""
    from evo_kernels.template import load_template

    path = str(ROOT / "templates" / "transpose.cu.mako")
    t = load_template(path)
    assert _template(path, t.hash) is not None
    stale = replace(t, hash="0" * 16)
    with DaskRunner(LocalSpec(replay=str(REC)), client=client) as runner:
        (f,) = runner.submit(stale, candidates(space, 2)[:1])
        settle([f])
    with pytest.raises(RuntimeError, match="same template files at the same path"):
        f.result()


def test_worker_death_mid_batch_loses_nothing_and_counts_once(client, space):
    """Kill one of the two worker processes while both measure: its tasks go to the other (and to
    its restarted self), every candidate resolves once, to its own answer."""
    cands = candidates(space, 16)
    local = ReplayRunner(space).measure(None, cands)
    suspicious = _suspicious(client)
    with DaskRunner(LocalSpec(replay=str(REC), delay_s=0.3), client=client) as runner:
        futures = runner.submit(None, cands)
        victim, deadline = None, time.monotonic() + WAIT_S
        while victim is None:  # mid-batch: something measured, the victim busy with a task
            assert time.monotonic() < deadline, "no worker ever started a task"
            busy = [a for a, keys in client.processing().items() if keys]
            if busy and sum(f.done() for f in futures) >= 1:
                victim = busy[0]
            time.sleep(0.02)
        done_before = sum(f.done() for f in futures)
        os.kill(client.run(os.getpid, workers=[victim])[victim], signal.SIGKILL)
        settle(futures)
        measured = [f.result() for f in futures]
        counted = runner.busy()["measured"]
    assert done_before < len(cands)
    assert [m.build.candidate.key for m in measured] == [c.key for c in cands]
    assert all(same(m, want) for m, want in zip(measured, local))
    assert sum(counted) == len(cands)  # each result taken once
    assert _suspicious(client) > suspicious  # a task really was running on the dead worker, and ran again
    client.wait_for_workers(2, timeout=WAIT_S)  # the nanny brought it back


def _suspicious(client) -> int:
    def count(dask_scheduler) -> int:
        prefix = dask_scheduler.task_prefixes.get("measure_remote")  # key_split drops the "_"
        return prefix.suspicious if prefix is not None else 0

    return client.run_on_scheduler(count)


def test_own_local_cluster_closes_with_the_runner(space):
    runner = DaskRunner(LocalSpec(replay=str(REC)), local_workers=1)
    try:
        assert runner.workers == 1 and runner.address.startswith("tcp://127.0.0.1:")
        cands = candidates(space, 3)
        futures = runner.submit(None, cands)
        settle(futures)
        assert [f.result().build.candidate.key for f in futures] == [c.key for c in cands]
    finally:
        runner.close()
    assert runner._client.status == "closed"
    assert runner._cluster.status.name == "closed"


def test_silent_scheduler_is_a_backend_error_naming_it():
    t0 = time.monotonic()
    with pytest.raises(BackendError, match=r"tcp://127.0.0.1:9 did not answer \(waited up to 1 s"):
        DaskRunner(LocalSpec(replay=str(REC)), scheduler="tcp://127.0.0.1:9", timeout_s=1)
    assert time.monotonic() - t0 < 10


def test_without_dask_a_one_line_backend_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    with pytest.raises(BackendError, match=r"pip install -e \.\[dask\]"):
        DaskRunner(LocalSpec(replay=str(REC)), scheduler="tcp://127.0.0.1:9")


def test_scheduler_with_local_gpu_indices_is_refused():
    with pytest.raises(BackendError, match="--gpus picks GPUs of this machine"):
        DaskRunner(LocalSpec(gpus=(1,)), scheduler="tcp://127.0.0.1:9")


# slow (14 s): the CLI end to end over --dask-local; the default suite keeps the runner's tests on a LocalCluster above
@pytest.mark.slow
def test_tune_on_a_local_dask_cluster_finds_what_the_local_runner_finds(tmp_path):
    """The issue's check: ``tune transpose --budget 100 --seed 3 --dask-local 2`` (a replay of the
    shipped recording on a CPU machine) has the same best genome as without ``--dask-local``."""
    import json
    import subprocess
    import sys

    def tune(label, *extra):
        cmd = [sys.executable, "-m", "evo_kernels.cli", "tune", "transpose", "--budget", "100", "--seed", "3",
               "--db", str(tmp_path / f"{label}.db"), "--population", str(tmp_path / label), "--json", *extra]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=240,
                           env={**os.environ, "EVO_KERNELS_FORCE_REPLAY": "1"})
        assert r.returncode == 0, r.stderr
        return json.loads(r.stdout)

    local, dask = tune("local"), tune("dask", "--dask-local", "2")
    assert dask["workers"] == 2 and dask["spent"] == local["spent"] == 100
    assert dask["best_genome"] == local["best_genome"] and dask["best_fitness"] == local["best_fitness"]
