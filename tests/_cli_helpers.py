"""What the command-line tests share (tests/test_cli_measure.py, tests/test_cli_templates.py,
tests/test_cli_results.py): the CLI in a subprocess on the shipped recordings (a replay), one-line-error checks, a
finished run to read, a read-only folder, and another process holding a run's lock."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from evo_kernels.cli import main

ENV = {**os.environ, "EVO_KERNELS_FORCE_REPLAY": "1", "PYTHONUNBUFFERED": "1"}
ROOT = Path(__file__).resolve().parents[1]
# for a subprocess started in another folder: this checkout's package, not an installed one
ENV_ANYWHERE = {**ENV, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}


def cli(*args: str, env=None, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "evo_kernels.cli", *args], capture_output=True, text=True,
                          env=env or ENV, timeout=600, **kw)


def snapshot(folder: Path) -> dict:
    return {str(f): f.read_bytes() for f in sorted(folder.rglob("*")) if f.is_file()}


def one_line_error(code: int, err: str, *says: str) -> None:
    assert code == 2, err
    assert err.startswith("evo-kernels: error: ") and "\n" not in err and "Traceback" not in err, err
    for s in says:
        assert s in err, (s, err)


def run(capsys, *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().err.strip()


def run_read_only(folder: Path, *args: str) -> subprocess.CompletedProcess:
    """The CLI with ``folder`` read-only: by permissions for a normal user; for root (whom they do
    not stop) by a read-only bind mount in a private user and mount namespace."""
    cmd = [sys.executable, "-m", "evo_kernels.cli", *args]
    if os.geteuid() != 0:
        modes = {p: p.stat().st_mode for p in [folder, *folder.rglob("*")]}
        for p in modes:
            p.chmod(0o555 if p.is_dir() else 0o444)
        try:
            return subprocess.run(cmd, capture_output=True, text=True, env=ENV, timeout=600, cwd=folder.parent)
        finally:
            for p, m in modes.items():
                p.chmod(m)
    if shutil.which("unshare") is None:
        pytest.skip("root without unshare: no way to make a folder read-only here")
    probe = subprocess.run(["unshare", "-rm", "true"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip("root without user namespaces: no way to make a folder read-only here")
    script = 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"'
    return subprocess.run(["unshare", "-rm", "sh", "-c", script, str(folder), *cmd], capture_output=True,
                          text=True, env=ENV, timeout=600, cwd=folder.parent)


class LockHolder:
    """Another process holding the run lock (evo_kernels/run_lock.py) of ``run_dir`` until :meth:`kill`
    (SIGKILL: no cleanup), as a run in progress does."""

    def __init__(self, run_dir: Path) -> None:
        code = ("import sys; from evo_kernels.run_lock import lock_run; lock_run(sys.argv[1], 'x'); print('held'); "
                "input()")
        self.proc = subprocess.Popen([sys.executable, "-c", code, str(run_dir)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=ENV_ANYWHERE)
        assert self.proc.stdout.readline().strip() == "held"
        self.pid = self.proc.pid

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait()
