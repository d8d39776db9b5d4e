"""The evaluations table: its columns, the schema that creates it, and the mapping between the
records (:class:`~evo_kernels.records.Evaluation` and its parts) and a row, both ways, so that
:func:`to_evaluation` gives back exactly what :func:`row_values` was given; a problem is keyed by
:func:`canonical_problem`. :class:`~evo_kernels.store.ResultStore` writes and reads rows through
these; the file's format marks, schema version and migrations are ``store_file.py``.
"""
from __future__ import annotations

import json
import math
import sqlite3
import time
from collections.abc import Mapping
from typing import Any

from evo_kernels import store_file
from evo_kernels.records import BuildResult, Candidate, Evaluation, RunResult

# (name, SQL type) of every column after ``id``. The first group is the schema; the
# second holds the rest of the records, so that to_evaluation gives back exactly what add got.
_COLUMNS: tuple[tuple[str, str], ...] = (
    ("run_id", "TEXT NOT NULL"), ("template", "TEXT NOT NULL"), ("template_hash", "TEXT NOT NULL"),
    ("source_hash", "TEXT NOT NULL"), ("genome_key", "TEXT NOT NULL"), ("genome_json", "TEXT NOT NULL"),
    ("problem_json", "TEXT NOT NULL"), ("gpu_name", "TEXT NOT NULL"), ("sm_count", "INTEGER"),
    ("driver_version", "TEXT NOT NULL"), ("nvcc_version", "TEXT NOT NULL"), ("arch", "TEXT NOT NULL"),
    ("flags_json", "TEXT NOT NULL"), ("status", "TEXT NOT NULL"), ("error", "TEXT NOT NULL"),
    ("times_json", "TEXT NOT NULL"), ("median_ms", "REAL"), ("p95_ms", "REAL"), ("cv", "REAL"),
    ("max_rel_error", "REAL"), ("registers", "INTEGER"), ("spill_store_bytes", "INTEGER"),
    ("spill_load_bytes", "INTEGER"), ("smem_bytes", "INTEGER"), ("stack_bytes", "INTEGER"),
    ("threads_per_block", "INTEGER"), ("compile_seconds", "REAL"), ("fitness", "REAL"), ("speedup", "REAL"),
    ("member", "INTEGER"), ("generation", "INTEGER"), ("replay", "INTEGER NOT NULL DEFAULT 0"),
    ("timestamp", "REAL NOT NULL"),
    ("build_status", "TEXT NOT NULL"), ("run_status", "TEXT NOT NULL"), ("build_error", "TEXT NOT NULL"),
    ("run_error", "TEXT NOT NULL"), ("entry", "TEXT NOT NULL"), ("cmem_bytes", "INTEGER"),
    ("cubin_path", "TEXT NOT NULL"), ("cached", "INTEGER NOT NULL DEFAULT 0"), ("device_json", "TEXT NOT NULL"),
    # Schema version 2: RunResult.timings, seconds per stage (records.STAGES).
    ("timings_json", "TEXT NOT NULL DEFAULT '{}'"),
)
NAMES = tuple(name for name, _ in _COLUMNS)
# A feasible evaluation: it passed (status ok) and its fitness is above 0, i.e. it broke no limit its run set
# (--max-registers, --max-smem: such a build scores 0, "infeasible"). The same rule as SQL and on a row.
FEASIBLE_SQL = "status = 'ok' AND fitness > 0"
INFEASIBLE_SQL = "status = 'ok' AND COALESCE(fitness, 0) <= 0"   # passed, but broke a limit (feasible() is False)


def feasible(row: Mapping[str, Any]) -> bool:
    """Whether a row (of :meth:`~evo_kernels.store.ResultStore.rows`) is feasible: passed, within its run's limits."""
    return row["status"] == "ok" and (row.get("fitness") or 0) > 0
# Columns that are fields of the same name of BuildResult, and the float fields of RunResult (NaN is NULL).
_BUILD_FIELDS = ("source_hash", "template_hash", "nvcc_version", "arch", "registers", "spill_store_bytes",
                 "spill_load_bytes", "smem_bytes", "stack_bytes", "cmem_bytes", "threads_per_block",
                 "compile_seconds", "entry", "cubin_path")
_RUN_FLOATS = ("median_ms", "p95_ms", "cv", "max_rel_error")
_JSON = {"genome_json": "genome", "problem_json": "problem", "flags_json": "flags", "times_json": "times_ms",
         "device_json": "device", "timings_json": "timings"}

SCHEMA = f"""
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE evaluations (id INTEGER PRIMARY KEY AUTOINCREMENT, {", ".join(f"{n} {t}" for n, t in _COLUMNS)});
CREATE INDEX evaluations_identity ON evaluations (template_hash, genome_key, problem_json, gpu_name, nvcc_version);
CREATE INDEX evaluations_run ON evaluations (run_id);
CREATE INDEX evaluations_rank ON evaluations (template, status, fitness);
{store_file.RUNS_TABLE};
"""


def canonical_problem(problem: Mapping[str, Any] | None) -> str:
    """The problem as the database keys it: JSON with sorted keys and no spaces."""
    return json.dumps(dict(problem or {}), sort_keys=True, separators=(",", ":"))


def _nan(value: float | None) -> float:
    return float("nan") if value is None else float(value)


def _real(value: float) -> float | None:
    # SQLite would store NaN as NULL anyway; saying so keeps the intent visible.
    return None if value is None or (isinstance(value, float) and math.isnan(value)) else float(value)


def _device_fields(device: Mapping[str, Any]) -> tuple[str, int | None, str]:
    """gpu name, SM count and driver version, under the names the runners are known to use (a GPU worker:
    gpu_name; a replay of a Kernel Tuner cache: gpu)."""
    name = device.get("gpu_name") or device.get("gpu") or device.get("name") or ""
    sm = device.get("sm_count", device.get("multiprocessor_count"))
    driver = device.get("driver_version", device.get("driver", ""))
    return str(name or ""), (int(sm) if sm is not None else None), str(driver or "")


def row_values(ev: Evaluation, run_id: str, device: Mapping[str, Any] | None, member: int | None,
               generation: int | None, replay: bool, timestamp: float | None) -> tuple[Any, ...]:
    """An evaluation's row, in column order (``NAMES``): what ResultStore.add_many inserts."""
    b, r, c = ev.build, ev.run, ev.candidate
    gpu_name, sm_count, driver = _device_fields({**r.device, **(device or {})})
    key = c.key
    if not key:
        from evo_kernels.genome import genome_key  # only for candidates made without their key

        key = genome_key(c.genome)
    error = b.error if b.status != "ok" else r.error
    row = {f: getattr(b, f) for f in _BUILD_FIELDS} | {f: _real(getattr(r, f)) for f in _RUN_FLOATS} | {
        "run_id": run_id, "template": c.template, "genome_key": key,
        "genome_json": json.dumps(c.genome, sort_keys=True, default=str),
        "problem_json": canonical_problem(c.problem), "gpu_name": gpu_name, "sm_count": sm_count,
        "driver_version": driver, "flags_json": json.dumps(list(b.flags)), "status": ev.status, "error": error,
        "times_json": json.dumps([float(t) for t in r.times_ms]), "fitness": _real(ev.fitness),
        "speedup": _real(ev.speedup), "member": member, "generation": generation, "replay": int(bool(replay)),
        "timestamp": time.time() if timestamp is None else float(timestamp), "build_status": b.status,
        "run_status": r.status, "build_error": b.error, "run_error": r.error, "cached": int(b.cached),
        "device_json": json.dumps(r.device, sort_keys=True, default=str),
        "timings_json": json.dumps({str(k): float(v) for k, v in r.timings.items()})}
    return tuple(row[n] for n in NAMES)


def decode_row(row: sqlite3.Row) -> dict[str, Any]:
    """A row as a plain dict: JSON columns decoded under their short names, flags as bools, and
    ``spill_bytes`` (stores + loads, what fitness and the outputs weigh) added."""
    out = {_JSON.get(n, n): json.loads(v) if n in _JSON else bool(v) if n in ("replay", "cached") else v
           for n, v in zip(row.keys(), tuple(row))}
    out["spill_bytes"] = (out.get("spill_store_bytes") or 0) + (out.get("spill_load_bytes") or 0)
    return out


def to_evaluation(row: Mapping[str, Any]) -> Evaluation:
    """The records of a row of ResultStore.rows(), top() or best_by_problem()."""
    cand = Candidate(template=row["template"], genome=row["genome"], problem=row["problem"],
                     key=row["genome_key"])
    build = BuildResult(candidate=cand, status=row["build_status"], flags=tuple(row["flags"]),
                        cached=bool(row["cached"]), error=row["build_error"], **{f: row[f] for f in _BUILD_FIELDS})
    run = RunResult(status=row["run_status"], times_ms=tuple(row["times_ms"]), error=row["run_error"],
                    device=row["device"], timings=dict(row.get("timings") or {}),
                    **{f: _nan(row[f]) for f in _RUN_FLOATS})
    return Evaluation(build=build, run=run, fitness=_nan(row["fitness"]), speedup=_nan(row["speedup"]))
