"""One process per run: :func:`lock_run` takes an exclusive ``fcntl.flock`` on ``<run folder>/run.lock`` for
as long as a session is open, so that a second copy of the same ``tune`` (or of a batch's entry) is refused in one
line instead of evaluating everything again into the same database and checkpoints.

Why flock: the kernel drops the lock when the process ends, however it ends (Ctrl-C, ``kill -9``, a crash),
so a killed run never leaves a stale lock; the file itself stays, empty of meaning but the pid of its last
holder, which the refusal names.
"""
from __future__ import annotations

import fcntl
import os
from pathlib import Path

LOCK_FILE = "run.lock"


class RunLocked(Exception):
    """The run's folder is locked by another process; one line naming the run, the pid and the lock file."""


class RunLock:
    """A held lock on a run folder; :meth:`release` (or the process's end) lets it go."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path, self._fd = path, fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the only descriptor drops the flock
            self._fd = None


def lock_run(run_dir: str | Path, run: str) -> RunLock:
    """Lock ``run_dir`` (created if need be) for this process, or raise RunLocked naming ``run``, the pid that
    holds it and the lock file. The caller holds the returned lock until the session ends."""
    run_dir = Path(run_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    path = run_dir / LOCK_FILE
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        try:
            holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "?"
        finally:
            os.close(fd)
        raise RunLocked(f"run {run} is being run by pid {holder} (lock {path}); wait for it to end, or stop it "
                        "and run this again to resume") from None
    except BaseException:
        os.close(fd)
        raise
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    return RunLock(path, fd)
