"""Kernel Tuner cache files as replayable spaces (see :mod:`~evo_kernels.runners.replay`).

Two layouts, plain or gzip. Kernel Tuner's cache (any version, ``schema_version`` or none)::

    {"device_name", "kernel_name", "problem_size" (list, number or absent), "objective" (absent: "time"),
     "tune_params_keys": [NAME, ...], "tune_params": {NAME: [values]},
     "cache": {"V1,V2,...": {NAME: value, ..., "time": ms, "times": [ms, ...], "compile_time": ms, ...}}}

keyed by the str() of the values joined with commas. A failure has a marker where the time would be:
"CompilationFailedConfig" (compile_error), "RuntimeFailedConfig" (launch_error), "InvalidConfig"
(invalid); a time of 1e20 or more (older versions' failure sentinel) or inf is a launch_error; so is
anything else that is no time (nan, <= 0, null, a list, an unknown string), and the space's ``notes`` count
those and name one. A cache recording under ``RECORDED_SHARE`` of its declared space (the product of
tune_params' domains) says so in a note too. A run killed mid-tuning leaves the file open after its last entry (and
a comma, or half an entry); it is closed as Kernel Tuner closes it (in
:func:`~evo_kernels.runners.replay.ReplaySpace.load`). Values an entry carries that tune_params does
not list (a later run with more values appends to the same cache) join the domain.

The T4 format (Kernel Tuner's ``convert_cache_to_t4``; the ``*_T4`` files of benchmark_hub)::

    {"schema_version", "metadata": {"timeunit": ...}, "results": [{"configuration": {NAME: value},
     "invalidity": "correct" | "compile" | "runtime" | "constraints" | "correctness",
     "measurements": [{"name": "time", "value": x, "unit": ...}], "times": {"runtimes": [...],
     "compilation" or "compilation_time": ms}, ...}]}

has no header: a gene's domain is the values its configurations take.

What is replayed is the kernel time in ms, minimized, whatever objective the cache was tuned for (a
GFLOP/s or energy objective is recorded beside the time, which Kernel Tuner always measures); a cache
without times (the "score" of hyperparameter tuning) is refused. Parameter names map onto the shared
transform vocabulary by :func:`transform_of`.
"""
from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from evo_kernels.genome import Gene
from evo_kernels.records import Genome
from evo_kernels.runners.replay import RecordedEntry, ReplayError, ReplaySpace, batch_stats, space_name

KT_REQUIRED = ("tune_params_keys", "tune_params", "cache")
# failure markers of both layouts -> status; any other marker (or an impossible time) is a launch_error
KT_FAILURES = {"CompilationFailedConfig": "compile_error", "RuntimeFailedConfig": "launch_error",
               "InvalidConfig": "invalid", "compile": "compile_error", "runtime": "launch_error",
               "constraints": "invalid", "correctness": "wrong_result"}
SENTINEL_MS = 1e20  # older Kernel Tuner versions recorded a failed configuration with this time
TO_MS = {"": 1.0, "ms": 1.0, "milliseconds": 1.0, "miliseconds": 1.0, "s": 1e3, "seconds": 1e3,
         "us": 1e-3, "microseconds": 1e-3}
Row = tuple[str, Genome, Any, Any, Any]  # key, genome, time in ms or failure marker, raw times in ms, compile ms
# A cache recording under this share of its declared space (the product of tune_params' domains) is noted as
# partial: Kernel Tuner's restrictions leave 22-100% of the product in the corpus (gemm 22%, pnpoly 100%), so a
# recording far below that was cut short or holds a few configurations of a larger space.
RECORDED_SHARE = 0.1

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


def domain(values: Iterable[Any]) -> tuple[Any, ...]:
    """Distinct values in file order, sorted numerically when every one is a number, so that
    neighbours are similar."""
    vals = list({repr(v): v for v in values}.values())
    if vals and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in vals):
        vals.sort()
    return tuple(vals)


def _number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def from_kernel_tuner(path: Path, doc: dict[str, Any], time_source: str, notes: tuple[str, ...] = ()) -> ReplaySpace:
    """The space of a cache in either layout; anything malformed is a one-line :class:`ReplayError`. ``notes``:
    the lines the space carries for its user (see :class:`~evo_kernels.runners.replay.ReplaySpace`)."""
    if "metadata" in doc and "results" not in doc and "cache" not in doc:
        raise ReplayError(f"{path}: a Kernel Tuner metadata file (the device and environment, no measurement): "
                          "give the results file written beside it")
    try:
        keys, domains, rows, header = (_t4 if isinstance(doc.get("results"), list) else _cache)(path, doc)
        return _space(path, keys, domains, rows, header, time_source, notes)
    except ReplayError:
        raise
    except (AttributeError, IndexError, KeyError, TypeError, ValueError) as exc:  # a field of the wrong type
        raise ReplayError(f"{path}: malformed Kernel Tuner cache: {type(exc).__name__}: "
                          f"{' '.join(str(exc).split())}") from None


def _cache(path: Path, doc: dict[str, Any]) -> tuple[list[str], dict[str, list], list[Row], dict[str, Any]]:
    missing = [k for k in KT_REQUIRED if k not in doc]
    if missing:
        raise ReplayError(f"{path}: not a Kernel Tuner cache: header lacks {', '.join(missing)}")
    keys, params, cache = list(doc["tune_params_keys"]), doc["tune_params"], doc["cache"]
    if not isinstance(params, dict) or set(keys) != set(params):
        raise ReplayError(f"{path}: tune_params_keys {keys} do not match the keys of tune_params")
    if not isinstance(cache, dict) or not cache:
        raise ReplayError(f"{path}: the cache holds no configuration")
    objective = doc.get("objective") or "time"
    domains = {k: list(params[k]) for k in keys}
    by_text = {k: {str(v): v for v in domains[k]} for k in keys}  # cache keys are str(value) joined by commas
    rows: list[Row] = []
    for ckey, raw in cache.items():
        if not isinstance(raw, dict):
            raise ReplayError(f"{path}: cache entry {ckey!r} is not an object")
        texts = ckey.split(",")
        if len(texts) == len(keys) and all(t in by_text[k] for k, t in zip(keys, texts)):
            genome = {k: by_text[k][t] for k, t in zip(keys, texts)}
            differ = [k for k in keys if k in raw and raw[k] != genome[k]]
            if differ:  # a damaged entry: which of the two is the configuration that ran cannot be told
                k = differ[0]
                raise ReplayError(f"{path}: cache entry {ckey!r} says {k} = {raw[k]!r} where its key says "
                                  f"{genome[k]!r}: the file is damaged")
        elif all(k in raw for k in keys):  # values tune_params does not list, or with a comma in them
            genome = {k: raw[k] for k in keys}
        else:
            raise ReplayError(f"{path}: cache key {ckey!r} is not a configuration of {','.join(keys)} and its "
                              f"entry lacks {', '.join(k for k in keys if k not in raw)}")
        markers = (v for v in raw.values() if isinstance(v, str) and v in KT_FAILURES)
        t = raw["time"] if "time" in raw else next(markers, None)  # a failure may be marked under the objective only
        if t is None and "time" not in raw:
            raise ReplayError(f"{path}: entry {ckey!r} has no time (the cache's objective is {objective!r}); "
                              "bench-search replays kernel times in ms")
        rows.append((repr(ckey), genome, t, raw.get("times"), raw.get("compile_time")))
    return keys, domains, rows, {"gpu": doc.get("device_name"), "kernel": doc.get("kernel_name"),
                                 "problem": doc.get("problem_size"), "declared": math.prod(map(len, domains.values()))}


def _t4(path: Path, doc: dict[str, Any]) -> tuple[list[str], dict[str, list], list[Row], dict[str, Any]]:
    results, meta = doc["results"], doc.get("metadata") or {}
    if not results:
        raise ReplayError(f"{path}: the T4 file holds no result")
    keys = list(results[0].get("configuration") or ())
    domains: dict[str, list] = {k: [] for k in keys}
    rows: list[Row] = []
    for i, r in enumerate(results):
        conf = r.get("configuration")
        if not isinstance(conf, dict) or not keys or set(conf) != set(keys):
            raise ReplayError(f"{path}: result {i}'s configuration {conf} does not set exactly {','.join(keys)}")
        times = r.get("times") or {}
        compile_ms = times.get("compilation", times.get("compilation_time"))
        if r.get("invalidity", "correct") != "correct":
            rows.append((f"result {i}", dict(conf), str(r["invalidity"]), None, compile_ms))
            continue
        m = next((m for m in r.get("measurements") or () if m.get("name") == "time"), None)
        if m is None:
            raise ReplayError(f"{path}: result {i} has no time measurement (objectives {r.get('objectives')}); "
                              "bench-search replays kernel times in ms")
        unit = str(m.get("unit") or meta.get("timeunit") or "ms").lower()
        if unit not in TO_MS:
            raise ReplayError(f"{path}: result {i}: time unit {unit!r} is not one of "
                              f"{', '.join(repr(u) for u in TO_MS if u)} (none given: ms)")
        runtimes = [x * TO_MS[unit] for x in times.get("runtimes") or ()]
        rows.append((f"result {i}", dict(conf), m["value"] * TO_MS[unit], runtimes, compile_ms))
    return keys, domains, rows, {"gpu": meta.get("device_name", doc.get("device_name")),
                                 "kernel": meta.get("kernel_name", doc.get("kernel_name")),
                                 "problem": meta.get("problem_size", doc.get("problem_size"))}


def _problem(size: Any) -> dict[str, int]:
    """size_x.. of the numbers among the first three sizes (a list, one number, or none)."""
    out = {}
    for axis, s in zip("xyz", size if isinstance(size, list) else [size]):
        if (_number(s) and math.isfinite(s)) or (isinstance(s, str) and s.strip().isdigit()):
            out[f"size_{axis}"] = int(s)
    return out


def _space(path: Path, keys: list[str], domains: dict[str, list], rows: list[Row], header: dict[str, Any],
           time_source: str, notes: tuple[str, ...]) -> ReplaySpace:
    samples, impossible = [], []
    for key, genome, t, times, _ in rows:
        ok = _number(t) and 0 < t < SENTINEL_MS and math.isfinite(t)
        if ok and not all(_number(x) for x in times or ()):
            bad = next(x for x in times if not _number(x))
            raise ReplayError(f"{path}: entry {key}: times holds {bad!r}, not a number of ms")
        samples.append(tuple(float(x) for x in times or (t,)) if ok else ())
        if not ok and not (isinstance(t, str) and t in KT_FAILURES) and not (_number(t) and t >= SENTINEL_MS):
            impossible.append((key, t))  # neither a time nor a failure marker: counted as a failure, and said
    if impossible:
        notes = (*notes, f"{path}: {len(impossible)} {'entry' if len(impossible) == 1 else 'entries'} with impossible "
                         "times counted as failures "
                         f"(e.g. {impossible[0][0]}: {impossible[0][1]!r})")
    declared, recorded = header.get("declared", 0), len({tuple(map(repr, g.values())) for _, g, *_ in rows})
    if recorded < RECORDED_SHARE * declared:
        notes = (*notes, f"{path}: {recorded} of {declared} configurations of the declared space recorded")
    entries = []
    for (_, genome, t, _, compile_ms), sample, (med, p95, cv) in zip(rows, samples, batch_stats(samples)):
        build = {"compile_seconds": float(compile_ms) / 1000.0 if _number(compile_ms) else 0.0}  # recorded in ms
        dims = [genome[a] for a in ("block_size_x", "block_size_y", "block_size_z") if a in genome]
        if dims and all(isinstance(d, int) for d in dims):  # Kernel Tuner's block_size_* are the block's shape
            build["threads_per_block"] = math.prod(dims)
        if not sample:  # a failure: Kernel Tuner put its reason where the time would be
            status = KT_FAILURES.get(t, "launch_error") if isinstance(t, str) else "launch_error"
            entries.append(RecordedEntry(genome, status, build=build,
                                         error=t if isinstance(t, str) else f"recorded time {t}"))
        else:
            entries.append(RecordedEntry(genome, "ok", sample, float(t) if time_source == "time" else med, p95, cv,
                                         build))
    ok = sorted((e.median_ms, i) for i, e in enumerate(entries) if e.status == "ok")
    if not ok:
        raise ReplayError(f"{path}: no configuration in the cache ran successfully")
    baseline = entries[ok[(len(ok) - 1) // 2][1]].genome
    genes = []
    for k in keys:
        values = domain([*domains[k], *(g[k] for _, g, *_ in rows)])
        odd = [v for v in values if not isinstance(v, (int, float, str, type(None)))]
        if odd:
            raise ReplayError(f"{path}: parameter {k} takes the value {odd[0]!r}: not a number, string or bool")
        transform, doc = transform_of(k)
        genes.append(Gene(k, transform, values, baseline[k], doc))
    return ReplaySpace(space_name(path), genes, entries, baseline,
                       device={"gpu": str(header["gpu"] or ""), "source": "kernel_tuner"},
                       template=str(header["kernel"] or space_name(path)),
                       template_hash=hashlib.sha1(path.read_bytes()).hexdigest()[:12],
                       problem=_problem(header["problem"]), source=str(path), kind="kernel_tuner", notes=notes)
