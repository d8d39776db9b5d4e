"""Shared fixtures; GPU tests skip cleanly where pycuda or a GPU is missing."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

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
