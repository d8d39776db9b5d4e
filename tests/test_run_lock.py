"""One process per run (evo_kernels/run_lock.py): a second copy of a run is refused in one line naming the run, the
pid and the lock file, with nothing written; the lock dies with its process, so a killed run leaves none behind.
On the shipped recordings (a replay)."""
import os
import sqlite3
import subprocess
import sys

import pytest
from _cli_helpers import ENV_ANYWHERE, LockHolder

from evo_kernels.cli import main
from evo_kernels.run_lock import LOCK_FILE, RunLocked, lock_run
from evo_kernels.runners.choose import RECORDINGS

pytestmark = pytest.mark.skipif(not (RECORDINGS / "transpose.json.gz").exists(), reason="no shipped recording")


def test_a_second_holder_is_refused_naming_the_pid_and_a_killed_holder_leaves_no_lock(tmp_path):
    holder = LockHolder(tmp_path / "run")
    try:
        with pytest.raises(RunLocked, match=rf"run r is being run by pid {holder.pid} "
                                            rf"\(lock {tmp_path / 'run' / LOCK_FILE}\)"):
            lock_run(tmp_path / "run", "r")
    finally:
        holder.kill()
    lock = lock_run(tmp_path / "run", "r")   # SIGKILL dropped it: no stale lock
    assert (tmp_path / "run" / LOCK_FILE).read_text().strip() == str(os.getpid())
    lock.release()


def test_tune_refuses_a_run_that_another_process_is_running_and_writes_nothing(tmp_path, capsys, monkeypatch):
    # was: both copies evaluated everything, every row of the database doubled
    monkeypatch.setenv("EVO_KERNELS_FORCE_REPLAY", "1")
    args = ["tune", "transpose", "--budget", "8", "--strategy", "random", "--db", str(tmp_path / "t.db"),
            "--population", str(tmp_path / "run")]
    holder = LockHolder(tmp_path / "run")
    try:
        code = main(args)
        err = capsys.readouterr().err.strip()
    finally:
        holder.kill()
    assert code == 2, err
    assert err == (f"evo-kernels: error: run run is being run by pid {holder.pid} (lock "
                   f"{tmp_path / 'run' / LOCK_FILE}); wait for it to end, or stop it and run this again to resume")
    assert not (tmp_path / "t.db").exists()
    assert main(args) == 0   # the holder gone, the same command runs
    capsys.readouterr()


def test_two_copies_of_one_tune_at_once_store_each_genome_once(tmp_path):
    """The audit's case: the same tune started twice on one database. One runs, the other is refused (status 2,
    one line); the database holds one row per genome."""
    args = [sys.executable, "-m", "evo_kernels.cli", "tune", "transpose", "--budget", "24", "--strategy", "random",
            "--db", str(tmp_path / "e.db")]
    # slowed, so that each is still running when the other takes the lock
    env = {**ENV_ANYWHERE, "EVO_KERNELS_REPLAY_DELAY_S": "0.1"}
    procs = [subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
                              cwd=tmp_path) for _ in range(2)]
    results = [(p.wait(timeout=300), p.stderr.read()) for p in procs]
    assert sorted(code for code, _ in results) == [0, 2], results
    refused = next(err for code, err in results if code == 2).strip()
    assert refused.startswith("evo-kernels: error: run transpose-2048x2048-random-s0 is being run by pid ") and \
        "\n" not in refused, refused
    with sqlite3.connect(tmp_path / "e.db") as c:
        keys = [k for (k,) in c.execute("SELECT genome_key FROM evaluations")]
    assert len(keys) == len(set(keys)) == 24
