"""Replay: evaluations answered from recorded measurements, so searches run and are tested without a GPU.

Two sources give one shape, a :class:`ReplaySpace` (a :class:`~evo_kernels.genome.GenomeSpace`
whose valid genomes are exactly the recorded ones, plus their measurements):

Kernel Tuner cache files (``.json`` or ``.json.gz``)
    Read by :mod:`~evo_kernels.runners.kernel_tuner`, which says their format and how their
    parameter names map onto the transform vocabulary.

This project's recordings (gzip JSON, written by :func:`write_recording`)::

    {"format": "evo-kernels-recording", "version": 1, "template": NAME, "template_hash": HEX,
     "problem": {...}, "device": {"gpu": NAME, ...}, "nvcc": VERSION,
     "genes": [Gene dicts as GenomeSpace.describe() writes them],
     "baseline": {"genome": {...}, "median_ms": ms, "p95_ms": ms},
     "entries": [{"genome": {...}, "status": S, "times_ms": [...], "median_ms", "p95_ms", "cv",
                  "registers", "spill_store_bytes", "spill_load_bytes", "spill_bytes", "smem_bytes",
                  "stack_bytes", "cmem_bytes", "threads_per_block", "compile_seconds", "arch", "flags",
                  "source_hash", "error", "max_rel_error"}, ...]}

NaN is written as null. Every evaluation carries ``device={"replay": True, "gpu": NAME, ...}`` so
that nobody mistakes a replay for a measurement.
"""
from __future__ import annotations

import gzip
import json
import math
import os
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from evo_kernels.fitness import PURE_TIME, FitnessWeights, Limits
from evo_kernels.genome import Gene, GenomeSpace
from evo_kernels.records import Candidate, Evaluation, Genome

FORMAT = "evo-kernels-recording"
VERSION = 1
RECORDING_REQUIRED = ("format", "version", "template", "device", "genes", "baseline", "entries")
NOT_RECORDED = "not in the recorded space"
NO_LIMITS = Limits()
BUILD_STATUSES = ("invalid", "compile_error", "resources")  # failures that end at the builder, before a run
BUILD_METRICS = ("registers", "spill_store_bytes", "spill_load_bytes", "smem_bytes", "stack_bytes", "cmem_bytes",
                 "threads_per_block")

class ReplayError(ValueError):
    """A file that cannot be replayed; the message is one line naming the file."""


def sample_stats(times: Sequence[float]) -> tuple[float, float, float]:
    """Median, 95th percentile and coefficient of variation (sample std / mean) of raw times."""
    return batch_stats([times])[0]


def batch_stats(samples: Sequence[Sequence[float]]) -> list[tuple[float, float, float]]:
    """:func:`sample_stats` of many sample lists at once (rows of equal length go through numpy together,
    which makes loading an 18k-entry cache ten times faster than one call per entry)."""
    out: list[tuple[float, float, float]] = [(math.nan, math.nan, math.nan)] * len(samples)
    by_len: dict[int, list[int]] = {}
    for i, t in enumerate(samples):
        if len(t):
            by_len.setdefault(len(t), []).append(i)
    for n, rows in by_len.items():
        a = np.asarray([samples[i] for i in rows], dtype=float)
        med, p95, mean = np.median(a, axis=1), np.percentile(a, 95, axis=1), a.mean(axis=1)
        cv = a.std(axis=1, ddof=1) / np.where(mean > 0, mean, np.inf) if n > 1 else np.zeros(len(rows))
        for i, m, p, c in zip(rows, med.tolist(), p95.tolist(), cv.tolist()):
            out[i] = (m, p, c)
    return out


@dataclass(frozen=True)
class RecordedEntry:
    """One recorded configuration: its status, raw times and what the builder reported."""

    genome: Genome
    status: str
    times_ms: tuple[float, ...] = ()
    median_ms: float = math.nan
    p95_ms: float = math.nan
    cv: float = math.nan
    build: dict[str, Any] = field(default_factory=dict)  # BuildResult keyword fields
    error: str = ""
    max_rel_error: float = math.nan


class ReplaySpace:
    """A recorded space: ``.space`` (valid = recorded), ``.optimum_ms``, ``.name`` and ``.evaluator()``;
    ``.notes``: lines to show a user about how the file was read (a Kernel Tuner cache left open by an
    interrupted run, closed here).

    Use :meth:`load`. The baseline (speedup 1) is the recorded one for this project's recordings
    and, for Kernel Tuner caches (which have none), the median-time successful configuration
    (ties and even counts resolved toward the faster, then the earlier in cache order): a typical
    kernel, where the first configuration in cache order is often a degenerate one (a 2-thread
    block in the convolution, 14x slower than the optimum) that would make every speedup huge.
    """

    def __init__(self, name: str, genes: Sequence[Gene], entries: Sequence[RecordedEntry], baseline: Genome, *,
                 device: Mapping[str, Any], template: str, template_hash: str, problem: Mapping[str, int],
                 source: str, kind: str, notes: Sequence[str] = ()) -> None:
        self.name = name
        self.notes = tuple(notes)  # what a reader should be told about the file (one line each), e.g. left open
        self._names = tuple(g.name for g in genes)
        self.entries: dict[tuple, RecordedEntry] = {}
        for e in entries:
            self.entries.setdefault(self._lookup(e.genome), e)  # a repeated configuration: the first one counts
        self.space = GenomeSpace(genes, constraint=self._recorded, name=name, valid=self.genomes())
        self.baseline = dict(baseline)
        self.device = {**dict(device), "replay": True, "gpu": str(device.get("gpu") or device.get("gpu_name") or "")}
        self.template, self.template_hash, self.problem = template, template_hash, dict(problem)
        self.source, self.kind = source, kind
        base = self.entry(baseline)
        if base is None or base.status != "ok":
            raise ReplayError(f"{source}: the baseline configuration {baseline} is not recorded as ok")
        ok = [e for e in self.entries.values() if e.status == "ok" and math.isfinite(e.median_ms)]
        best = min(ok, key=lambda e: e.median_ms)
        self.optimum_ms: float = best.median_ms
        self.optimum: Genome = dict(best.genome)
        self.baseline_ms: float = base.median_ms
        self.n_ok = len(ok)

    def _lookup(self, genome: Mapping[str, Any]) -> tuple:
        return tuple(genome.get(n) for n in self._names)

    def _recorded(self, genome: Genome) -> list[str]:
        e = self.entries.get(self._lookup(genome))
        if e is None:
            return [NOT_RECORDED]
        return [e.error or "recorded as invalid"] if e.status == "invalid" else []

    def __len__(self) -> int:
        return len(self.entries)

    def entry(self, genome: Mapping[str, Any]) -> RecordedEntry | None:
        """The recorded entry of a genome, or None if it was not recorded."""
        return self.entries.get(self._lookup(genome))

    def genomes(self) -> list[Genome]:
        """Every valid (recorded, not invalid) genome, in recording order."""
        return [dict(e.genome) for e in self.entries.values() if e.status != "invalid"]

    def log_speedups(self) -> tuple[list[Genome], list[float]]:
        """Every successful genome and its log speedup over the recording's median successful time (what
        a names prior is fitted on: ``scripts/prior_from_spaces.py``)."""
        ok = [e for e in self.entries.values() if e.status == "ok" and e.median_ms > 0]
        mid = statistics.median(e.median_ms for e in ok)
        return [dict(e.genome) for e in ok], [math.log(mid / e.median_ms) for e in ok]

    def evaluator(self, weights: FitnessWeights = PURE_TIME, limits: Limits = NO_LIMITS) -> Any:
        """An :class:`~evo_kernels.evaluate.Evaluator` over a :class:`ReplayRunner` of this recording;
        pure time by default, as other tuners rank."""
        from evo_kernels.evaluate import Evaluator  # the measure layer's scorer, above the runners
        from evo_kernels.runners.replay_runner import ReplayRunner  # it answers from this class

        return Evaluator(ReplayRunner(self), None, self.problem, weights, limits)

    def baseline_candidate(self) -> Candidate:
        """The recording's baseline genome as a candidate (every replayed speedup is against it)."""
        return Candidate(self.template, dict(self.baseline), self.problem, self.space.key(self.baseline))

    @classmethod
    def load(cls, path: str | Path, time_source: str = "time") -> ReplaySpace:
        """Load a Kernel Tuner cache or a recording of this project (told apart by content).

        ``time_source`` matters for Kernel Tuner caches only: "time" (default) takes each entry's
        ``time`` as its median_ms, the value Kernel Tuner ranks by and its published figures and
        optimum refer to; "samples" takes the median of the raw ``times``. The two disagree in
        the RTX 3090 files (pnpoly's ``time`` lies between 0.62x and 1.23x the mean of its
        ``times``, and the two within-5% sets do not intersect), so comparisons with Kernel
        Tuner need "time".
        p95 and CV always come from the raw ``times``.
        """
        if time_source not in ("time", "samples"):
            raise ValueError(f"time_source {time_source!r} is not 'time' or 'samples'")
        path = Path(path)
        doc, note = _read_json(path)
        if doc.get("format") == FORMAT:
            return _from_recording(path, _check_recording(path, doc))
        from evo_kernels.runners.kernel_tuner import from_kernel_tuner  # it builds ReplaySpaces: imported late

        return from_kernel_tuner(path, doc, time_source, notes=() if note is None else (note,))


def load_space(path: str | Path, time_source: str = "time") -> ReplaySpace:
    """Shorthand for :meth:`ReplaySpace.load`."""
    return ReplaySpace.load(path, time_source)


# --- reading ---------------------------------------------------------------------------------


def _read_json(path: Path) -> tuple[dict[str, Any], str | None]:
    """The document, and a line for the user where it had to be closed (None where it was whole)."""
    try:
        raw = path.read_bytes()
        if raw[:2] == b"\x1f\x8b":  # gzip magic, whatever the suffix says
            raw = gzip.decompress(raw)
        doc, note = _loads(raw)
    except (OSError, EOFError, ValueError) as exc:
        raise ReplayError(f"{path}: cannot read as (gzip) JSON: {' '.join(str(exc).split())}") from None
    if not isinstance(doc, dict):
        raise ReplayError(f"{path}: not a Kernel Tuner cache or recording: top level is not an object")
    return doc, None if note is None else f"{path}: {note}"


def _loads(raw: bytes) -> tuple[Any, str | None]:
    try:
        return json.loads(raw), None
    except ValueError as first:
        # a Kernel Tuner cache left open by an interrupted run, closed as Kernel Tuner closes it; the run
        # may have been killed while it appended its last entry (one line), which is then dropped
        raw = raw.rstrip()
        for dropped, text in enumerate((raw, raw.rpartition(b"\n")[0])):
            try:
                doc = json.loads(text.rstrip().removesuffix(b",") + b"}}")
            except ValueError:
                continue
            if isinstance(doc, dict) and "tune_params_keys" in doc:
                n = len(doc["cache"]) if isinstance(doc.get("cache"), dict) else 0
                return doc, (f"a Kernel Tuner cache left open (an interrupted run?): closed after its last whole "
                             f"entry, {n} configurations read" + ("; its last line, half an entry, dropped"
                                                                  if dropped else ""))
        raise first from None


def space_name(path: Path) -> str:
    name = path.name
    for suffix in (".gz", ".json"):
        name = name.removesuffix(suffix)
    return name


def _check_recording(path: Path, doc: dict[str, Any]) -> dict[str, Any]:
    missing = [k for k in RECORDING_REQUIRED if k not in doc]
    if missing:
        raise ReplayError(f"{path}: not an {FORMAT} file: it lacks {', '.join(missing)}")
    if doc["version"] != VERSION:
        raise ReplayError(f"{path}: {FORMAT} version {doc['version']} is not the supported version {VERSION}")
    if "genome" not in doc["baseline"]:
        raise ReplayError(f"{path}: the baseline lacks its genome")
    return doc


def read_recording(path: str | Path) -> dict[str, Any]:
    """The checked JSON document of a recording of this project (see the module docstring)."""
    path = Path(path)
    doc, _ = _read_json(path)
    if doc.get("format") != FORMAT:
        raise ReplayError(f"{path}: not an {FORMAT} file (format is {doc.get('format')!r})")
    return _check_recording(path, doc)


def _num(x: Any) -> float:
    return math.nan if x is None else float(x)


def _from_recording(path: Path, doc: dict[str, Any]) -> ReplaySpace:
    try:
        genes = [Gene(g["name"], g["transform"], g["values"], g["baseline"], g.get("doc", "")) for g in doc["genes"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayError(f"{path}: bad gene description: {' '.join(str(exc).split())}") from None
    names = [g.name for g in genes]
    entries = []
    for i, raw in enumerate(doc["entries"]):
        if set(raw.get("genome", {})) != set(names) or "status" not in raw:
            raise ReplayError(f"{path}: entry {i} lacks a status or a genome of genes {','.join(names)}")
        times = tuple(float(x) for x in raw.get("times_ms") or ())
        med, p95, cv = sample_stats(times)
        build = {k: int(raw[k]) for k in BUILD_METRICS if raw.get(k) is not None}
        if "spill_store_bytes" not in raw and raw.get("spill_bytes"):
            build["spill_store_bytes"] = int(raw["spill_bytes"])  # only the total is known
        build.update(compile_seconds=float(raw.get("compile_seconds") or 0.0), arch=str(raw.get("arch", "")),
                     flags=tuple(raw.get("flags") or ()), source_hash=str(raw.get("source_hash", "")),
                     nvcc_version=str(doc.get("nvcc", "")))
        entries.append(RecordedEntry(
            {n: raw["genome"][n] for n in names}, str(raw["status"]), times,
            _num(raw["median_ms"]) if raw.get("median_ms") is not None else med,
            _num(raw["p95_ms"]) if raw.get("p95_ms") is not None else p95,
            _num(raw["cv"]) if raw.get("cv") is not None else cv,
            build, str(raw.get("error", "")), _num(raw.get("max_rel_error"))))
    if not any(e.status == "ok" for e in entries):
        raise ReplayError(f"{path}: no entry of the recording ran successfully")
    return ReplaySpace(space_name(path), genes, entries, doc["baseline"]["genome"], device=doc["device"],
                       template=str(doc["template"]), template_hash=str(doc.get("template_hash", "")),
                       problem=doc.get("problem") or {}, source=str(path), kind="recording")


# --- writing ---------------------------------------------------------------------------------


def _finite_or_none(x: float) -> float | None:
    return float(x) if x is not None and math.isfinite(x) else None


def _entry_dict(e: Evaluation) -> dict[str, Any]:
    b, r = e.build, e.run
    return {"genome": dict(e.candidate.genome), "status": e.status, "times_ms": [float(t) for t in r.times_ms],
            "median_ms": _finite_or_none(r.median_ms), "p95_ms": _finite_or_none(r.p95_ms),
            "cv": _finite_or_none(r.cv), **{k: int(getattr(b, k)) for k in BUILD_METRICS},
            "spill_bytes": b.spill_bytes, "compile_seconds": float(b.compile_seconds), "arch": b.arch,
            "flags": list(b.flags), "source_hash": b.source_hash, "error": b.error or r.error,
            "max_rel_error": _finite_or_none(r.max_rel_error)}


def write_recording(path: str | Path, evaluations: Sequence[Evaluation], space: GenomeSpace, *, template: str,
                    template_hash: str = "", problem: Mapping[str, int] | None = None,
                    device: Mapping[str, Any] | None = None, nvcc: str = "") -> Path:
    """Write ``evaluations`` of ``space`` as a gzip recording (format in the module docstring).

    The space's baseline genome must be among the evaluations and have run ok: every replayed
    speedup is measured against it. A genome evaluated twice is written once (the first time).
    ``problem`` and ``device`` default to those of the first evaluation.
    """
    if not evaluations:
        raise ValueError("write_recording: no evaluations to record")
    entries: dict[str, dict[str, Any]] = {}
    for e in evaluations:
        entries.setdefault(space.key(e.candidate.genome), _entry_dict(e))
    base = entries.get(space.key(space.baseline()))
    if base is None or base["status"] != "ok":
        raise ValueError(f"write_recording: the baseline genome {space.baseline()} was not evaluated ok")
    first = evaluations[0]
    device = dict(device if device is not None else next((e.run.device for e in evaluations if e.run.device), {}))
    doc = {"format": FORMAT, "version": VERSION, "template": template, "template_hash": template_hash,
           "problem": dict(problem if problem is not None else first.candidate.problem), "device": device,
           "nvcc": nvcc or first.build.nvcc_version, "genes": space.describe(),
           "baseline": {"genome": space.baseline(), "median_ms": base["median_ms"], "p95_ms": base["p95_ms"]},
           "entries": list(entries.values())}
    return write_recording_doc(path, doc)


def write_recording_doc(path: str | Path, doc: dict[str, Any]) -> Path:
    """Write a recording's JSON document as gzip: byte-identical for the same document (mtime 0,
    so recordings can be shipped and diffed), written beside and renamed over, so that a run
    killed mid-write leaves the previous file, never half of one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(gzip.compress(json.dumps(doc, allow_nan=False).encode(), mtime=0))
    os.replace(tmp, path)
    return path
