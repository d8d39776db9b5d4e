"""Kernel Tuner cache files as replayable spaces (see :mod:`~evo_kernels.runners.replay`).

A cache (``.json`` or ``.json.gz``) has a header (``device_name``, ``kernel_name``,
``problem_size``, ``tune_params_keys``, ``tune_params``) and ``cache``: configurations keyed by
their values joined with commas, each with ``time`` (ms) and ``times`` (raw repeats); a failed one
has ``time`` set to a string ("CompilationFailedConfig" -> compile_error, "RuntimeFailedConfig" ->
launch_error). Parameter names map onto the shared transform vocabulary by :func:`transform_of`.
"""
from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from evo_kernels.genome import Gene
from evo_kernels.records import Genome
from evo_kernels.runners.replay import RecordedEntry, ReplayError, ReplaySpace, batch_stats, space_name

KT_REQUIRED = ("device_name", "kernel_name", "problem_size", "tune_params_keys", "tune_params", "cache")
KT_FAILURES = {"CompilationFailedConfig": "compile_error", "RuntimeFailedConfig": "launch_error",
               "InvalidConfig": "invalid"}

# Kernel Tuner parameter names -> transform kind; the first full match (case-insensitive) wins.
# Names are the CLBlast GEMM's, the convolution's and pnpoly's of ../shared/spaces plus common spellings.
TRANSFORM_RULES: tuple[tuple[str, str, str], ...] = (
    (r"block_size(_[xyz])?|[MN]DIMC", "AdjustBlockSize", "threads per block along one axis"),
    (r"tile_size(_[xyz])?|work_per_thread(_[xyz])?", "ThreadCoarsening", "outputs computed by one thread"),
    (r"[MNK]WG|tile_[mnk]|block_[mnk]", "TileLoops", "work-group tile of the loop nest"),
    (r"use_shmem|use_shared(_mem)?|S[AB]", "UseSharedMemory", "stage a tile in shared memory"),
    (r"use_padding|pad(ding)?", "PadSharedMemory", "pad shared-memory rows against bank conflicts"),
    (r"KWI|(loop_)?unroll.*", "UnrollLoop", "unroll factor of the inner loop"),
    (r"VW[MN]|vector(_width|_size)?|vw", "VectorizeLoads", "vector width of loads and stores"),
    # The vocabulary has no "cache path" kind: read-only (__ldg) and constant-memory loads, strided
    # access and the thread layout of tile loads all decide how global memory is read, so they
    # share the memory-access kind.
    (r"read_only|use_cmem|STR[MN]|MDIMA|NDIMB", "CoalesceMemoryAccess", "how global memory is read"),
    (r".*prefetch.*|double_buffer(ing)?", "ReorderInstructions", "software prefetch / double buffering"),
)


def transform_of(name: str) -> tuple[str, str]:
    """The transform kind a Kernel Tuner parameter name maps onto, and why; ("Generic", "") if none."""
    for pattern, transform, doc in TRANSFORM_RULES:
        if re.fullmatch(pattern, name, flags=re.IGNORECASE):
            return transform, doc
    return "Generic", ""


def domain(values: Sequence[Any]) -> tuple[Any, ...]:
    """File order, sorted numerically when every value is a number, so that neighbours are similar."""
    vals = list(values)
    if vals and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in vals):
        vals.sort()
    return tuple(vals)


def from_kernel_tuner(path: Path, doc: dict[str, Any], time_source: str) -> ReplaySpace:
    missing = [k for k in KT_REQUIRED if k not in doc]
    if missing:
        raise ReplayError(f"{path}: not a Kernel Tuner cache: header lacks {', '.join(missing)}")
    keys, params, cache = list(doc["tune_params_keys"]), doc["tune_params"], doc["cache"]
    if not isinstance(params, dict) or set(keys) != set(params):
        raise ReplayError(f"{path}: tune_params_keys {keys} do not match the keys of tune_params")
    if not isinstance(cache, dict) or not cache:
        raise ReplayError(f"{path}: the cache holds no configuration")
    domains = {k: domain(params[k]) for k in keys}
    by_text = {k: {str(v): v for v in domains[k]} for k in keys}  # cache keys are str(value) joined by commas
    rows: list[tuple[Genome, Any, tuple[float, ...], dict[str, Any]]] = []
    for ckey, raw in cache.items():
        texts = ckey.split(",")
        if len(texts) != len(keys) or any(t not in by_text[k] for k, t in zip(keys, texts)):
            raise ReplayError(f"{path}: cache key {ckey!r} is not a configuration of {','.join(keys)}")
        genome = {k: by_text[k][t] for k, t in zip(keys, texts)}
        t = raw.get("time")
        build = {"compile_seconds": float(raw.get("compile_time") or 0.0) / 1000.0}  # Kernel Tuner records ms
        dims = [int(genome[a]) for a in ("block_size_x", "block_size_y", "block_size_z") if a in genome]
        if dims:  # Kernel Tuner's block_size_* are the launch's block dimensions by convention
            build["threads_per_block"] = math.prod(dims)
        ok = isinstance(t, (int, float)) and not isinstance(t, bool) and math.isfinite(t) and t > 0
        rows.append((genome, t, tuple(float(x) for x in raw.get("times") or (t,)) if ok else (), build))
    entries = []
    for (genome, t, times, build), (med, p95, cv) in zip(rows, batch_stats([r[2] for r in rows])):
        if not times:  # a failure: Kernel Tuner put its reason where the time would be
            entries.append(RecordedEntry(genome, KT_FAILURES.get(str(t), "launch_error"), build=build, error=str(t)))
        else:
            entries.append(RecordedEntry(genome, "ok", times, float(t) if time_source == "time" else med, p95, cv,
                                         build))
    ok = sorted((e.median_ms, i) for i, e in enumerate(entries) if e.status == "ok")
    if not ok:
        raise ReplayError(f"{path}: no configuration in the cache ran successfully")
    baseline = entries[ok[(len(ok) - 1) // 2][1]].genome
    genes = [Gene(k, transform_of(k)[0], domains[k], baseline[k], transform_of(k)[1]) for k in keys]
    problem = doc["problem_size"]
    sizes = problem if isinstance(problem, list) else [problem]
    return ReplaySpace(space_name(path), genes, entries, baseline,
                       device={"gpu": doc["device_name"], "source": "kernel_tuner"}, template=str(doc["kernel_name"]),
                       template_hash=hashlib.sha1(path.read_bytes()).hexdigest()[:12],
                       problem={f"size_{a}": int(s) for a, s in zip("xyz", sizes)}, source=str(path),
                       kind="kernel_tuner")
