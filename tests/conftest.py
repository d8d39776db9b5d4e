"""Shared fixtures; GPU tests skip cleanly where pycuda or a GPU is missing."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from _cli_helpers import cli

ROOT = Path(__file__).resolve().parent.parent
SHARED_SPACES = ROOT / "benchmarks" / "spaces"  # vendored copies of ../shared/spaces


def _gpu_available() -> bool:
    try:
        import pycuda.driver as drv

        drv.init()
        return drv.Device.count() > 0
    except Exception:
        return False


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A results database path, not yet created (tests/test_store*.py)."""
    return tmp_path / "results.db"


def pytest_collection_modifyitems(config, items):
    if not _gpu_available():
        skip = pytest.mark.skip(reason="no NVIDIA GPU with pycuda here")
        for item in items:
            if "gpu" in item.keywords:
                item.add_marker(skip)
    if shutil.which("nvcc") is None:
        skip = pytest.mark.skip(reason="nvcc not on PATH")
        for item in items:
            if "nvcc" in item.keywords:
                item.add_marker(skip)


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
