"""scripts/overnight.sh: a batch detached with a log, run from the caller's folder (its paths and the file's own
relative paths mean what they mean to `evo-kernels batch` run there), and a missing batch file refused in one line
before anything is detached. The script is run from a copy of scripts/ whose .venv/bin/evo-kernels runs this
checkout's CLI on the shipped recordings (a replay)."""
import os
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from _cli_helpers import ENV_ANYWHERE

from evo_kernels.runners.choose import RECORDINGS

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(not (RECORDINGS / "transpose.json.gz").exists(), reason="no shipped recording")


@pytest.fixture
def overnight(tmp_path) -> Path:
    """scripts/overnight.sh in a stand-in repository whose .venv/bin/evo-kernels is this checkout's CLI."""
    repo = tmp_path / "repo"
    (repo / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "overnight.sh", repo / "scripts" / "overnight.sh")
    ek = repo / ".venv" / "bin" / "evo-kernels"
    ek.parent.mkdir(parents=True)
    ek.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m evo_kernels.cli "$@"\n')
    ek.chmod(ek.stat().st_mode | stat.S_IXUSR)
    return repo / "scripts" / "overnight.sh"


def run(script: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(script), *args], capture_output=True, text=True, env=ENV_ANYWHERE, cwd=cwd,
                          timeout=60)


def test_relative_paths_are_the_callers_and_the_files_own(tmp_path, overnight):
    # was: it changed into the repository first, said "running" and logged "batch file not found" there
    work = tmp_path / "wo"
    (work / "batches").mkdir(parents=True)
    (work / "batches" / "jobs.toml").write_text('out = "night"\nbudget = 8\nstrategy = "random"\n\n'
                                                '[[job]]\ntemplate = "transpose"\n')
    r = run(overnight, "batches/jobs.toml", cwd=work)
    log = work / "batches" / "jobs.log"
    assert r.returncode == 0 and r.stdout.startswith(f"batch {work}/batches/jobs.toml running as pid "), r
    assert f"log: {log} " in r.stdout, r.stdout
    deadline = time.monotonic() + 120
    while "batch done" not in (log.read_text() if log.exists() else "") and time.monotonic() < deadline:
        time.sleep(0.2)
    assert "batch done: headers in" in log.read_text(), log.read_text()
    assert (work / "batches" / "night" / "results.db").exists()   # `out` read against the file's folder
    assert not (overnight.parents[1] / "batches").exists() and not list(overnight.parents[1].glob("*.log"))


@pytest.mark.parametrize("jobs", ["nosuch.toml", "."])
def test_a_batch_file_that_is_not_there_is_one_line_and_nothing_detached(tmp_path, overnight, jobs):
    before = sorted(os.listdir(tmp_path))
    r = run(overnight, jobs, cwd=tmp_path)
    assert r.returncode == 2 and r.stdout == "", r
    assert r.stderr == (f"scripts/overnight.sh: {jobs}: batch file not found (usage: scripts/overnight.sh JOBS.toml "
                        "[LOG])\n"), r.stderr
    assert sorted(os.listdir(tmp_path)) == before   # no log either


def test_a_batch_file_the_batch_refuses_is_said_here_not_only_in_the_log(tmp_path, overnight):
    # was: "batch ... running as pid N" and exit status 0, while the batch had refused its file a second later in the
    # log: a typo found the next morning, after a night of nothing
    (tmp_path / "typo.toml").write_text('budget = 5\n\n[[job]]\ntemplate = "transpos"\n')
    r = run(overnight, "typo.toml", cwd=tmp_path)
    assert r.returncode == 2 and "running" not in r.stdout, r
    assert "typo.toml: job 1 (transpos): unknown template 'transpos'" in r.stderr, r.stderr
    assert "typo.log" in r.stderr   # where it was logged too
    assert "unknown template 'transpos'" in (tmp_path / "typo.log").read_text()
