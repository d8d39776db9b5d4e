"""Shared fixtures; GPU tests skip cleanly where pycuda or a GPU is missing."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from _cli_helpers import cli

ROOT = Path(__file__).resolve().parent.parent
SHARED_SPACES = ROOT / "benchmarks" / "spaces"  # vendored copies of ../shared/spaces


def gpu_skip_reason() -> str | None:
    """Why the GPU tests skip here (None where they run): no GPU, or one that pycuda cannot reach, and the fix."""
    from evo_kernels.runners.gpu import gpu_count, unusable_gpu

    if gpu_count() > 0:
        return None
    return unusable_gpu() or "no NVIDIA GPU with pycuda here"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A results database path, not yet created (tests/test_store*.py)."""
    return tmp_path / "results.db"


def pytest_collection_modifyitems(config, items):
    reason = gpu_skip_reason()
    if reason is not None:
        skip = pytest.mark.skip(reason=reason)
        for item in items:
            if "gpu" in item.keywords:
                item.add_marker(skip)
    if shutil.which("nvcc") is None:
        skip = pytest.mark.skip(reason="nvcc not on PATH")
        for item in items:
            if "nvcc" in item.keywords:
                item.add_marker(skip)


@pytest.fixture
def gpu_without_pycuda(tmp_path, monkeypatch) -> None:
    """This process as a GPU machine where pycuda does not import: an ``nvidia-smi`` on the PATH (a shell script in
    tmp_path/fake-bin) that lists one GPU, pycuda hidden from ``sys.modules``, replay not forced. Nothing is
    measured or faked as measured."""
    import os
    import sys

    bin_dir = tmp_path / "fake-bin"
    bin_dir.mkdir()
    smi = bin_dir / "nvidia-smi"
    smi.write_text('#!/bin/sh\n[ "$1" = -L ] && echo "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-test)"\n')
    smi.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    monkeypatch.delenv("EVO_KERNELS_FORCE_REPLAY", raising=False)
    monkeypatch.setitem(sys.modules, "pycuda", None)
    monkeypatch.setitem(sys.modules, "pycuda.driver", None)


# The command-line tests' (tests/test_cli_measure.py, tests/test_cli_templates.py, tests/test_cli_results.py): a
# replay forced on this machine, and a finished run to read (one per module).
@pytest.fixture
def replay(monkeypatch):
    monkeypatch.setenv("EVO_KERNELS_FORCE_REPLAY", "1")


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """A finished 16-evaluation run of transpose in ok.db (checkpoints beside it); the tests that
    use it check that they leave it as it was."""
    folder = tmp_path_factory.mktemp("finished")
    r = cli("tune", "transpose", "--budget", "16", "--strategy", "ga", "--db", str(folder / "ok.db"), cwd=folder)
    assert r.returncode == 0, r.stderr
    return folder / "ok.db"
