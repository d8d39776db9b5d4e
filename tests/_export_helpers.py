"""Helpers of the export tests: store-shaped rows, headers built into host programs with the real nvcc, and run."""
import re
import subprocess
from pathlib import Path

import numpy as np

from evo_kernels.export import render_header, selftest_program
from evo_kernels.template import load_template


def entries(t, problems):
    """Store-shaped rows (the measured fields are fabricated: this tests the header, not speed)."""
    rng = np.random.default_rng(0)
    out = []
    for p in problems:
        g = t.space.sample(rng)
        out.append({"genome": g, "problem": p, "median_ms": 1.0, "speedup": 2.0, "fitness": 1.9, "cv": 0.01,
                    "registers": 32, "spill_bytes": 0, "gpu_name": "NVIDIA H200", "driver_version": "580.159.04",
                    "nvcc_version": "cuda_13.0", "timestamp": "2026-12-02T00:00:00"})
    return out


def build_selftest(tmp_path: Path, name: str, problems, run_problem, genomes=None):
    """The header of ``problems`` (random genomes, or ``genomes`` in their order) built into its self-test program
    and a second translation unit, with every warning an error (nvcc -Werror all-warnings)."""
    t = load_template(name)
    rows = entries(t, problems)
    for row, g in zip(rows, genomes or []):
        row["genome"] = g
    header = render_header(t, rows)
    (tmp_path / "tuned.cuh").write_text(header)
    (tmp_path / "main.cu").write_text(selftest_program(t, "tuned.cuh", run_problem))
    (tmp_path / "other.cu").write_text('#include "tuned.cuh"\nvoid other() {}\n')  # a second TU: no clash
    proc = subprocess.run(["nvcc", "-arch=sm_90", "-Werror", "all-warnings", "-o", "selftest", "main.cu", "other.cu"],
                          cwd=tmp_path, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return t, header


def header_values(tmp_path: Path, t, genome: dict, expr: str, problems) -> list[int]:
    """A C++ expression of the header (a launch geometry in the problem's names) evaluated by a host program built
    with the header of ``genome`` (nvcc, no GPU), at each of ``problems``."""
    rows = entries(t, [t.problem])
    rows[0]["genome"] = genome
    (tmp_path / "h.cuh").write_text(render_header(t, rows))
    def at(p):
        return re.sub(r"\b(" + "|".join(p) + r")\b", lambda m: str(p[m.group(1)]), expr)
    calls = "\n".join(f'    printf("%lld\\n", (long long)({at(p)}));' for p in problems)
    (tmp_path / "v.cu").write_text(f'#include <cstdio>\n#include "h.cuh"\nusing namespace evo_tuned_{t.name};\n'
                                   f"int main() {{\n{calls}\n    return 0;\n}}\n")
    proc = subprocess.run(["nvcc", "-arch=sm_90", "-o", "v", "v.cu"], cwd=tmp_path, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = subprocess.run(["./v"], cwd=tmp_path, capture_output=True, text=True, timeout=60).stdout.split()
    return [int(v) for v in out]


def run_header(tmp_path: Path, t, rows, p, inputs: dict) -> dict:
    """The header of ``rows`` built into its self-test program and run at ``p`` on ``inputs`` (on the GPU):
    its outputs by name, float32 in their shapes."""
    (tmp_path / "tuned.cuh").write_text(render_header(t, rows))
    (tmp_path / "main.cu").write_text(selftest_program(t, "tuned.cuh", p))
    proc = subprocess.run(["nvcc", "-arch=sm_90", "-o", "selftest", "main.cu"], cwd=tmp_path, capture_output=True,
                          text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    for name, arr in inputs.items():
        arr.tofile(tmp_path / f"{name}.bin")
    proc = subprocess.run(["./selftest"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "ok" in proc.stdout, proc.stderr
    return {a.name: np.fromfile(tmp_path / f"{a.name}.out.bin", dtype=np.float32).reshape(a.shape)
            for a in t.args(p) if a.role == "out"}
