"""The mapping between records and rows of the results database (evo_kernels/store_rows.py): every
field of every record written and read back, failures with NaN and build errors, and the fallbacks
for the device and the genome key."""
from __future__ import annotations

import math
from pathlib import Path

from evo_kernels.records import BuildResult, Candidate, Evaluation, RunResult
from evo_kernels.store import ResultStore
from evo_kernels.store_rows import to_evaluation
from _store_helpers import DEVICE, full_eval, make_eval


def test_round_trip_of_every_field(db: Path) -> None:
    ev = full_eval()
    with ResultStore(db) as s:
        rid = s.add(ev, "run-1", DEVICE, member=3, generation=7, timestamp=1234.5)
        (row,) = s.rows()
    with ResultStore(db) as s:  # and again from disk, by a fresh connection
        (again,) = s.rows()
    assert row == again and row["id"] == rid
    assert to_evaluation(row) == ev
    assert (row["gpu_name"], row["sm_count"], row["driver_version"]) == ("NVIDIA H200", 132, "570.86.15")
    assert (row["member"], row["generation"], row["replay"], row["timestamp"]) == (3, 7, False, 1234.5)
    assert (row["status"], row["error"], row["run_id"], row["genome_key"]) == ("ok", "note", "run-1", "abcdef012345")
    assert row["times_ms"] == [0.125, 0.25, 0.5] and row["problem"] == {"cols": 4091, "rows": 4093}
    assert row["spill_bytes"] == 20 and row["flags"] == ["-cubin", "-arch=sm_90a", "-O3"]
    assert row["timings"] == ev.run.timings and list(row["timings"]) == list(ev.run.timings)  # stage order kept


def test_failure_round_trip_keeps_nan_and_build_error(db: Path) -> None:
    cand = Candidate("sgemm", {"tile": 64}, {"m": 8}, "kfail")
    build = BuildResult(cand, "compile_error", template_hash="th", nvcc_version="v", error="error: x\nline 2")
    ev = Evaluation(build, RunResult("compile_error"), fitness=0.0)
    with ResultStore(db) as s:
        s.add(ev, "r", DEVICE)
        (row,) = s.rows()
    assert row["status"] == "compile_error" and row["error"] == "error: x\nline 2"
    assert row["median_ms"] is None and row["fitness"] == 0.0
    back = to_evaluation(row)
    assert back.build == build and back.status == "compile_error" and back.run.times_ms == ()
    assert all(math.isnan(v) for v in (back.run.median_ms, back.run.p95_ms, back.run.cv, back.run.max_rel_error))
    assert row["timings"] == {} and back.run.timings == {}


def test_device_falls_back_to_the_run_and_key_to_the_genome(db: Path) -> None:
    from evo_kernels.genome import genome_key

    ev = make_eval(key="")
    with ResultStore(db) as s:
        s.add(ev, "r")
        (row,) = s.rows()
    assert row["gpu_name"] == "NVIDIA H200" and row["sm_count"] is None
    assert row["genome_key"] == genome_key(ev.candidate.genome)


def test_every_spelling_of_the_gpu_names_the_row(db: Path) -> None:
    # a GPU worker says gpu_name, a replay of a Kernel Tuner cache only gpu: both rows name their GPU
    from dataclasses import replace

    ev = make_eval()
    with ResultStore(db) as s:
        s.add(ev, "worker", {"gpu_name": "NVIDIA H100 80GB HBM3", "driver_version": "580.159.04"})
        s.add(replace(ev, run=replace(ev.run, device={"gpu": "RTX 3090", "replay": True})), "kt", replay=True)
        rows = s.rows()
    assert sorted((r["run_id"], r["gpu_name"]) for r in rows) == [("kt", "RTX 3090"),
                                                                  ("worker", "NVIDIA H100 80GB HBM3")]
