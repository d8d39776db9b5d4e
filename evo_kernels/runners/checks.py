"""The checks that make a wrong or cheating kernel score zero, testable without a GPU.

The NaN poison that marks an output element the kernel never wrote; the guard zones of canary
bytes around every device array, which catch a write past either end; the bit-for-bit comparison
that catches a modified input; the verdict on each output against its float64 reference (computed
by numpy on the host or by torch on the GPU, judged alike); and whether two launches on the same
inputs agree; and ``Failed``, the exception that ends an evaluation with any status but "ok". The
GPU worker (``worker.py``, ``timing.py``, ``torch_side.py``, ``buffers.py``) only moves bytes and
calls these.
"""
from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from evo_kernels.template import DTYPES

# A quiet NaN with a payload no arithmetic produces (GPU arithmetic yields the canonical
# 0x7FFFFFFF): an element that still holds these bits after a launch was never written.
POISON_BITS = 0x7FC0DEAD
DETERMINISM_RTOL = 1e-6  # two launches on the same inputs agree bitwise or within this
# Canary bytes before and after every device array: more than a block of 1024 threads x 16 bytes
# writes past an end, and a multiple of 256 so that each array keeps the allocator's alignment.
GUARD_BYTES = 64 << 10


def poisoned(shape: Sequence[int], dtype: str = "float32") -> np.ndarray:
    """A host array filled with the poison bit pattern (what the device memset writes)."""
    out = np.full(tuple(shape), POISON_BITS, dtype=np.uint32)
    return out.view(DTYPES[dtype][1])


def unwritten(out: np.ndarray) -> np.ndarray:
    """Mask of the elements that still hold the poison: never written by the kernel."""
    if out.dtype.itemsize != 4:
        return np.zeros(out.shape, dtype=bool)
    return np.ascontiguousarray(out).view(np.uint32) == POISON_BITS


def guard_pattern(name: str, side: str, nbytes: int = 0) -> np.ndarray:
    """The canary bytes of one guard zone (``side`` "before" or "after" the buffer ``name``):
    random, fixed by name and side, so that neither the poison, zeros, nor a copy of the data
    a kernel writes past an end can leave them as they were."""
    seed = int.from_bytes(hashlib.sha256(f"{name}:{side}".encode()).digest()[:8], "little")
    return np.random.default_rng(seed).integers(0, 256, nbytes or GUARD_BYTES, dtype=np.uint8)


def _words(changed: np.ndarray) -> tuple[int, int]:
    """First and last changed byte, widened to whole 4-byte elements (a byte a kernel wrote may
    equal the canary's by chance)."""
    first, last = int(changed[0]), int(changed[-1])
    return first - first % 4, last + 3 - last % 4


def guard_breach(name: str, before: np.ndarray, after: np.ndarray) -> str | None:
    """What a kernel wrote outside ``name``, from the bytes now in its two guard zones (uint8, as
    laid down by :func:`guard_pattern`); None where both are intact. The extent runs from the first
    to the last changed element, counted from the buffer's end (or back from its start)."""
    bad_after = np.flatnonzero(np.asarray(after, dtype=np.uint8) != guard_pattern(name, "after", len(after)))
    if bad_after.size:
        first, last = _words(bad_after)
        return (f"wrote {last - first + 1} bytes past the end of {name} (bytes {first}..{last} after its last "
                "element changed)")
    bad_before = np.flatnonzero(np.asarray(before, dtype=np.uint8) != guard_pattern(name, "before", len(before)))
    if bad_before.size:
        lo, hi = _words(bad_before)
        near, far = len(before) - 1 - hi, len(before) - 1 - lo
        return (f"wrote {far - near + 1} bytes before the start of {name} (bytes {near}..{far} before its "
                "first element changed)")
    return None


def modified_input(name: str, changed: int, size: int, first: int) -> str:
    """The verdict's words for an input the kernel changed (one place, for numpy and torch)."""
    return f"input {name} was modified: {changed} of {size} elements changed, first at flat index {first}"


def input_change(name: str, now: np.ndarray, given: np.ndarray) -> str | None:
    """A one-line verdict where an input array's device contents (``now``) differ, bit for bit,
    from what the harness gave the kernel (``given``); None where it is untouched."""
    a, b = np.ascontiguousarray(now).ravel(), np.ascontiguousarray(given).ravel()
    if a.dtype.itemsize == b.dtype.itemsize == 4:
        a, b = a.view(np.uint32), b.view(np.uint32)
    changed = np.flatnonzero(a != b) if a.shape == b.shape else np.arange(max(a.size, b.size))
    return modified_input(name, changed.size, b.size, int(changed[0])) if changed.size else None


def rel_error(out: np.ndarray, ref: np.ndarray, norm: float | None = None) -> float:
    """||out - ref|| / ||ref|| in float64 (the absolute norm where the reference is all zeros); over ``norm``
    instead where the template gives one (``KernelTemplate.error_norms``: the scale of an output's rounding error,
    for an output that can come near zero by chance, such as the sum of zero-mean inputs)."""
    o, r = np.asarray(out, dtype=np.float64).ravel(), np.asarray(ref, dtype=np.float64).ravel()
    num = float(np.linalg.norm(o - r))
    den = float(np.linalg.norm(r)) if norm is None else float(norm)
    return num / den if den > 0 else num


@dataclass(frozen=True)
class Check:
    """The verdict on one output array: a status ("ok", "wrong_result" or "nan"), the relative
    error norm, and a one-line message for anything but "ok"."""

    status: str
    rel_error: float
    message: str = ""

    @property
    def ok(self) -> bool:
        return self.status == "ok"


class Failed(Exception):
    """Ends an evaluation with a status other than "ok" (and the error norm, where one was measured)."""

    def __init__(self, status: str, message: str, rel_error: float = float("nan")) -> None:
        super().__init__(message)
        self.status, self.rel_error = status, rel_error


def require_ok(c: Check) -> float:
    """The error norm of a check that passed; :class:`Failed` with its status and message otherwise."""
    if not c.ok:
        raise Failed(c.status, c.message, c.rel_error)
    return c.rel_error


@dataclass(frozen=True)
class OutputStats:
    """What a verdict needs to know about one output and its reference; computed by numpy here
    (:func:`output_stats`) or by torch on the GPU in the worker, so both judge alike."""

    size: int
    ref_size: int
    ref_finite: bool = True
    unwritten: int = 0  # elements still holding the poison
    first_unwritten: int = -1
    nonfinite: int = 0  # other NaN / Inf elements
    first_nonfinite: int = -1
    rel_error: float = math.inf  # ||out - ref|| / ||ref|| (or / the template's error norm), where everything is finite


def output_stats(out: np.ndarray, ref: np.ndarray, poisoned_before: bool = True,
                 norm: float | None = None) -> OutputStats:
    """:class:`OutputStats` of a host output against its host float64 reference (``norm``: see :func:`rel_error`)."""
    out, ref = np.asarray(out), np.asarray(ref)
    if out.size != ref.size:
        return OutputStats(out.size, ref.size)
    ref = ref.reshape(out.shape)
    if not np.all(np.isfinite(ref)):
        return OutputStats(out.size, ref.size, ref_finite=False)
    skipped = unwritten(out).ravel() if poisoned_before else np.zeros(out.size, dtype=bool)
    bad = ~np.isfinite(out).ravel() & ~skipped
    k, b = int(skipped.sum()), int(bad.sum())
    return OutputStats(out.size, ref.size, True, k, int(np.argmax(skipped)) if k else -1, b,
                       int(np.argmax(bad)) if b else -1, rel_error(out, ref, norm) if not (k or b) else math.inf)


def torch_output_stats(torch: Any, out: Any, ref: Any, poisoned_before: bool = True,
                       norm: float | None = None) -> OutputStats:
    """:func:`output_stats` for torch tensors (on the GPU in the worker, so that checking a large
    output costs milliseconds): ``out`` in the kernel's dtype, ``ref`` any float dtype. ``torch``
    is the module, passed in so that this file never imports it."""
    n, rn = out.numel(), ref.numel()
    if n != rn:
        return OutputStats(n, rn)
    ref = ref.reshape(-1).to(torch.float64)
    if not bool(torch.isfinite(ref).all()):
        return OutputStats(n, rn, ref_finite=False)
    flat = out.reshape(-1)
    none = torch.zeros(flat.shape, dtype=torch.bool, device=flat.device)
    skipped = flat.view(torch.int32) == POISON_BITS if poisoned_before and flat.element_size() == 4 else none
    bad = ~torch.isfinite(flat) & ~skipped if flat.is_floating_point() else none
    k, b = int(skipped.sum()), int(bad.sum())
    err = math.inf
    if not (k or b):
        num = float(torch.linalg.vector_norm(flat.to(torch.float64) - ref))
        den = float(torch.linalg.vector_norm(ref)) if norm is None else float(norm)
        err = num / den if den > 0 else num

    def first(mask: Any) -> int:
        return int(torch.argmax(mask.to(torch.int32)))

    return OutputStats(n, rn, True, k, first(skipped) if k else -1, b, first(bad) if b else -1, err)


def verdict(name: str, s: OutputStats, tolerance: float) -> Check:
    """Judge one output: elements still holding the poison are "wrong_result" (the kernel skipped
    them); any other NaN or Inf is "nan" (NaN never passes); otherwise the relative error norm
    must be within ``tolerance``."""
    if s.size != s.ref_size:
        return Check("wrong_result", math.inf, f"{name}: {s.size} elements, reference has {s.ref_size}")
    if not s.ref_finite:
        return Check("wrong_result", math.inf, f"{name}: the reference itself is not finite (template bug)")
    if s.unwritten:
        return Check("wrong_result", math.inf, f"{name}: {s.unwritten} of {s.size} elements never written "
                                               f"(NaN poison intact), first at flat index {s.first_unwritten}")
    if s.nonfinite:
        return Check("nan", math.inf, f"{name}: {s.nonfinite} of {s.size} elements are NaN or Inf, first at flat "
                                      f"index {s.first_nonfinite}")
    if not s.rel_error <= tolerance:
        return Check("wrong_result", s.rel_error,
                     f"{name}: relative error {s.rel_error:.3g} > tolerance {tolerance:.3g}")
    return Check("ok", s.rel_error)


def compare(name: str, out: np.ndarray, ref: np.ndarray, tolerance: float, poisoned_before: bool = True) -> Check:
    """Judge one host output against its float64 reference (see :func:`verdict`);
    ``poisoned_before`` is False for "inout" buffers, which held inputs."""
    return verdict(name, output_stats(out, ref, poisoned_before), tolerance)


def compare_all(outs: Mapping[str, Any], refs: Mapping[str, Any], tolerance: float,
                poisoned_names: set[str] | frozenset[str] = frozenset(), where: str = "",
                stats: Callable[[Any, Any, bool, float | None], OutputStats] = output_stats,
                norms: Mapping[str, float] | None = None) -> Check:
    """Judge every output the reference names; the first failure is reported, else the worst
    error. ``stats`` computes :class:`OutputStats` (numpy arrays by default; the worker passes a
    torch version for GPU tensors); ``norms`` are the template's error norms of these inputs
    (``KernelTemplate.error_norms``), by output name, where it gives any."""
    unknown = sorted(set(refs) - set(outs))
    if unknown:
        raise ValueError(f"reference returns {', '.join(unknown)}, which are not out or inout arguments")
    if not refs:
        raise ValueError("reference returns no output to check")
    worst = 0.0
    for name in refs:
        c = verdict(name, stats(outs[name], refs[name], name in poisoned_names, (norms or {}).get(name)), tolerance)
        if not c.ok:
            return Check(c.status, c.rel_error, f"{where}{c.message}")
        worst = max(worst, c.rel_error)
    return Check("ok", worst)


def agree(a: np.ndarray, b: np.ndarray, rtol: float = DETERMINISM_RTOL, norm: float | None = None) -> bool:
    """Whether two launches on the same inputs gave the same output: bitwise, or within ``rtol``
    relative norm (against ``norm`` where the template gives one: :func:`rel_error`) with NaN/Inf at the same
    places."""
    a, b = np.ascontiguousarray(a), np.ascontiguousarray(b)
    if a.shape != b.shape:
        return False
    if a.dtype.itemsize == 4 and np.array_equal(a.view(np.uint32), b.view(np.uint32)):
        return True
    fa, fb = np.isfinite(a), np.isfinite(b)
    if not np.array_equal(fa, fb):
        return False
    return rel_error(a[fa], b[fb], norm) <= rtol


def rel_error_torch(torch: Any, out: Any, ref: Any, norm: float | None = None) -> float:
    """:func:`rel_error` of two tensors (on the GPU in the worker)."""
    o, r = out.reshape(-1).to(torch.float64), ref.reshape(-1).to(torch.float64)
    num = float(torch.linalg.vector_norm(o - r))
    den = float(torch.linalg.vector_norm(r)) if norm is None else float(norm)
    return num / den if den > 0 else num


def agree_torch(torch: Any, a: Any, b: Any, rtol: float = DETERMINISM_RTOL, norm: float | None = None) -> bool:
    """:func:`agree` of two tensors: bitwise, or within ``rtol`` with NaN/Inf at the same places.
    ``torch`` is the module, passed in so that this file never imports it."""
    if a.shape != b.shape:
        return False
    if a.element_size() == 4 and bool(torch.equal(a.view(torch.int32), b.view(torch.int32))):
        return True
    fa, fb = torch.isfinite(a), torch.isfinite(b)
    if not bool(torch.equal(fa, fb)):
        return False
    return rel_error_torch(torch, a[fa], b[fb], norm) <= rtol
