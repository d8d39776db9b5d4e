"""scripts/setup.sh, run in a stand-in repository whose .venv/bin/python has torch and whose .venv/bin/pip only
writes down what it was asked: the [gpu] extra (pycuda) is installed where nvidia-smi lists a GPU, and only there,
so a GPU machine measures after setup and CI never builds pycuda."""
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _script(path: Path, body: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(0o755)


@pytest.mark.parametrize("smi, extras", [
    ('echo "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-test)"', ".[test,gpu]"),   # was .[test]: tune replayed
    ('echo "No devices were found"; exit 6', ".[test]"),
    (None, ".[test]"),   # no nvidia-smi at all (CI)
])
def test_setup_installs_the_gpu_extra_where_nvidia_smi_lists_a_gpu(tmp_path, smi, extras):
    repo, bin_dir = tmp_path / "repo", tmp_path / "bin"
    (repo / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "setup.sh", repo / "scripts" / "setup.sh")
    _script(repo / ".venv" / "bin" / "python", "exit 0")   # "import torch" works
    _script(repo / ".venv" / "bin" / "pip", f'echo "$@" >> "{tmp_path / "pip.log"}"')
    _script(bin_dir / "nvcc", "exit 0")
    if smi is not None:
        _script(bin_dir / "nvidia-smi", smi)
    # the PATH: the stand-ins and the two tools setup.sh uses (this machine's own nvidia-smi must not be found)
    for tool in ("grep", "dirname"):
        (bin_dir / tool).symlink_to(shutil.which(tool))
    env = {**os.environ, "PATH": str(bin_dir)}
    r = subprocess.run([shutil.which("bash"), str(repo / "scripts" / "setup.sh")], capture_output=True, text=True,
                       env=env, timeout=60)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "pip.log").read_text().split() == ["install", "-q", "-e", extras]
