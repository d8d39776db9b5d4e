"""What the results-database tests share: fabricated evaluations (no GPU), the device they were
measured on, and a database filled with them."""
from __future__ import annotations

from pathlib import Path

from evo_kernels.records import BuildResult, Candidate, Evaluation, RunResult
from evo_kernels.store import ResultStore

DEVICE = {"gpu_name": "NVIDIA H200", "sm_count": 132, "driver_version": "570.86.15"}


def make_eval(key: str = "k0", genome: dict | None = None, problem: dict | None = None, template: str = "sgemm",
              template_hash: str = "th0", nvcc: str = "cuda_13.0", median: float = 1.0, fitness: float = 1.0,
              run_status: str = "ok", build_status: str = "ok", **build_fields) -> Evaluation:
    cand = Candidate(template, genome if genome is not None else {"tile": 32, "unroll": True},
                     problem if problem is not None else {"m": 4096, "n": 4096}, key)
    build = BuildResult(cand, build_status, source_hash="sh0", template_hash=template_hash, nvcc_version=nvcc,
                        arch="sm_90", flags=("-O3",), **build_fields)
    times = (median * 0.99, median, median * 1.02)
    run = RunResult(run_status, times_ms=times, median_ms=median, p95_ms=median * 1.02, cv=0.01,
                    max_rel_error=1e-7, device={"name": "NVIDIA H200"})
    return Evaluation(build, run, fitness=fitness, speedup=fitness * 1.1)


def full_eval() -> Evaluation:
    """An evaluation with every field of every record away from its default."""
    cand = Candidate("softmax", {"block": 256, "vector": "float4", "pad": False}, {"rows": 4093, "cols": 4091},
                     "abcdef012345")
    build = BuildResult(cand, "ok", source_hash="s" * 16, template_hash="t" * 16, cubin_path="/c/x.cubin",
                        entry="softmax_kernel", arch="sm_90a", flags=("-cubin", "-arch=sm_90a", "-O3"),
                        nvcc_version="cuda_13.0.r13.0/compiler.1", registers=40, spill_store_bytes=8,
                        spill_load_bytes=12, smem_bytes=4096, stack_bytes=16, cmem_bytes=380,
                        threads_per_block=256, compile_seconds=0.51, cached=True, error="a ptxas warning")
    run = RunResult("ok", times_ms=(0.125, 0.25, 0.5), median_ms=0.25, p95_ms=0.48, cv=0.3, error="note",
                    max_rel_error=2.5e-7, device={"name": "NVIDIA H200", "sm_count": 132, "cc": [9, 0]},
                    timings={"queued": 0.5, "load": 0.01, "check": 0.125, "reference": 0.25, "timing": 0.75,
                             "final_check": 0.0625})
    return Evaluation(build, run, fitness=1.75, speedup=2.0)


def _fill(db: Path, n: int = 400) -> None:
    with ResultStore(db) as s:
        s.add_many([make_eval(key=f"k{i}", genome={"i": i, "pad": "x" * 200}) for i in range(n)], "r", DEVICE)
