"""Launching and timing a kernel, testable without a GPU: whether a launch fits the device before
the driver is asked, what a CUDA error string means, when timing has seen enough samples and the
statistics of the raw samples, the size of the buffer written between samples to flush the L2,
and the driver's version from /proc. The GPU worker (``worker.py``, ``timing.py``) calls these.
"""
from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from evo_kernels.limits import MAX_CLUSTER, default_dynamic_smem, needs_cluster_opt_in
from evo_kernels.template import Launch

STABLE_RTOL = 0.01  # timing stops once the median moves less than this over the last window
L2_FLUSH_MIN_BYTES = 256 << 20  # written between samples: 4x the H200's 60 MiB L2
NON_PORTABLE_CLUSTER_ATTRIBUTE = 14   # CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED in cuda.h
CHECK_FASTER = 0.95  # a timed launch more than 5% quicker than every checked one has its output checked

# Substrings of CUDA driver error strings (as pycuda words them) and the status each means.
# Order matters: the first match wins, and context-destroying faults come first.
_CRASH = ("illegal memory access", "illegal address", "misaligned address", "illegal instruction",
          "unspecified launch failure", "device-side assert", "hardware stack error",
          "invalid program counter", "invalid address space", "warp out-of-range", "exception on the device",
          "uncorrectable ecc", "context is destroyed", "cuda_error_illegal", "cuda_error_launch_failed",
          "cuda_error_misaligned", "cuda_error_assert", "cuda_error_hardware_stack", "trap")
_TIMEOUT = ("launch timed out", "cuda_error_launch_timeout")
_RESOURCES = ("too many resources", "out of resources", "cuda_error_launch_out_of_resources",
              "shared memory", "too many threads", "registers")


def classify_error(text: str) -> str:
    """The status a CUDA error string means: "crash" (the context is dead), "timeout",
    "resources" or, for anything else, "launch_error"."""
    t = text.lower()
    if any(s in t for s in _CRASH):
        return "crash"
    if any(s in t for s in _TIMEOUT):
        return "timeout"
    if any(s in t for s in _RESOURCES):
        return "resources"
    return "launch_error"


@dataclass(frozen=True)
class LaunchLimits:
    """What one function may launch with on one device (from the driver's attributes)."""

    max_threads: int  # CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: depends on the kernel's registers
    max_smem: int  # opt-in shared memory per block, static + dynamic
    static_smem: int = 0
    registers: int = 0
    max_block: tuple[int, int, int] = (1024, 1024, 64)
    max_grid: tuple[int, int, int] = (2**31 - 1, 65535, 65535)


def check_launch(launch: Launch, limits: LaunchLimits) -> tuple[str, str] | None:
    """(status, message) when ``launch`` cannot run, before the driver is asked; else None."""
    if min(launch.grid) < 1 or min(launch.block) < 1:
        return "launch_error", f"empty launch: grid {launch.grid}, block {launch.block}"
    if launch.threads > limits.max_threads:
        return "resources", (f"block of {launch.threads} threads > {limits.max_threads} this kernel can launch "
                             f"({limits.registers} registers per thread)")
    if any(b > m for b, m in zip(launch.block, limits.max_block)):
        return "resources", f"block {launch.block} exceeds the device's block dimensions {limits.max_block}"
    if any(g > m for g, m in zip(launch.grid, limits.max_grid)):
        return "launch_error", f"grid {launch.grid} exceeds the device's grid dimensions {limits.max_grid}"
    if launch.cluster > MAX_CLUSTER:
        return "resources", f"cluster of {launch.cluster} blocks > {MAX_CLUSTER}, the most sm_90 launches"
    if launch.cluster > 1 and launch.grid[0] % launch.cluster:
        return "launch_error", f"grid {launch.grid} is not a whole number of clusters of {launch.cluster} along x"
    smem = limits.static_smem + launch.dynamic_smem
    if smem > limits.max_smem:
        return "resources", (f"{smem} B shared memory ({limits.static_smem} static + {launch.dynamic_smem} dynamic) "
                             f"> {limits.max_smem} B per block")
    return None


def needs_opt_in(dynamic_smem: int, static_smem: int) -> bool:
    """Whether a launch with ``dynamic_smem`` bytes of dynamic shared memory must first raise the kernel's
    MAX_DYNAMIC_SHARED_SIZE_BYTES: 48 KB of dynamic tiles beside a 16-byte static flag needs it; 48 KB alone does
    not."""
    return dynamic_smem > 0 and dynamic_smem > default_dynamic_smem(static_smem)


def opt_in(cuda: Any, func: Any, launch: Launch, static_smem: int) -> None:
    """Set what ``func`` (a pycuda Function; ``cuda`` is pycuda.driver) must allow before ``launch`` runs: more than
    the default dynamic shared memory (:func:`needs_opt_in`), a cluster past the portable 8
    (:func:`needs_cluster_opt_in`). The runner's worker, the profiler's launches and (in C++) the exported header
    opt in by the same two rules."""
    fa = cuda.function_attribute
    if needs_opt_in(launch.dynamic_smem, static_smem):
        func.set_attribute(fa.MAX_DYNAMIC_SHARED_SIZE_BYTES, launch.dynamic_smem)
    if needs_cluster_opt_in(launch.cluster):
        # pycuda 2026.1 does not name the attribute; its enum type takes cuda.h's value
        named = getattr(fa, "NON_PORTABLE_CLUSTER_SIZE_ALLOWED", None)
        func.set_attribute(named if named is not None else fa(NON_PORTABLE_CLUSTER_ATTRIBUTE), 1)


def check_this_sample(checked: Sequence[float], ms: float, faster: float = CHECK_FASTER) -> bool:
    """Whether the timed launch that took ``ms`` gets its output checked, given the times of the launches
    checked before it (``checked``): the first, and any more than ``1 - faster`` quicker than every launch
    checked so far. A launch that skips its work is far quicker than one that does it, so a kernel that
    skips on some launches meets this check on the first it skips, whichever launches it picks; and one
    that skips a little more on each launch, each too little to be 5% quicker than the one before, is
    checked once it is 5% quicker than the last it was checked at: no kernel is timed more than 5% below
    a launch whose output was right. An honest kernel's samples, whose spread is a few percent, are
    checked about once."""
    return not checked or ms < faster * min(checked)


def stable(samples: Sequence[float], window: int, rtol: float = STABLE_RTOL) -> bool:
    """Whether the median moved less than ``rtol`` (relative) over the last ``window`` samples."""
    if window < 1 or len(samples) < 2 * window:
        return False
    now = float(np.median(samples))
    before = float(np.median(samples[:-window]))
    return now > 0 and abs(now - before) / now < rtol


def should_stop(samples: Sequence[float], elapsed_s: float, min_reps: int = 10, max_reps: int = 200,
                time_cap_s: float = 2.0, window: int | None = None, rtol: float = STABLE_RTOL) -> bool:
    """The adaptive-repetition rule: stop at ``max_reps``; at the time cap once there is a sample;
    else once there are ``min_reps`` samples and the median is stable over the last window
    (default half of ``min_reps``, at least 3)."""
    n = len(samples)
    if n >= max_reps:
        return True
    if n >= 1 and elapsed_s >= time_cap_s:
        return True
    w = window if window is not None else max(3, min_reps // 2)
    return n >= min_reps and stable(samples, w, rtol)


def summarize(samples: Sequence[float]) -> tuple[float, float, float]:
    """(median, p95, coefficient of variation) of raw samples; CV is NaN under two samples."""
    if not samples:
        return math.nan, math.nan, math.nan
    x = np.asarray(samples, dtype=np.float64)
    med, p95 = float(np.median(x)), float(np.percentile(x, 95))
    cv = float(np.std(x, ddof=1) / np.mean(x)) if len(x) >= 2 and np.mean(x) > 0 else math.nan
    return med, p95, cv


def driver_version_from(text: str) -> str:
    """The NVIDIA kernel driver's version (e.g. "580.159") in /proc/driver/nvidia/version's text, or ""."""
    m = re.search(r"Kernel Module(?: for \S+)?\s+(\d+\.\d+(?:\.\d+)?)", text)
    return m.group(1) if m else ""


def nvidia_driver_version() -> str:
    """The kernel driver's version (e.g. "580.159") from /proc, or "" where it cannot be read."""
    try:
        with open("/proc/driver/nvidia/version") as f:
            return driver_version_from(f.read())
    except OSError:
        return ""


def driver_version(cuda_driver_version: int) -> str:
    """The driver a measurement was made with, as the results database and a batch's "done on this GPU" record
    it: the kernel driver's version, or "cuda-<N>" (the CUDA driver API's) where /proc does not say."""
    return nvidia_driver_version() or f"cuda-{cuda_driver_version}"


def flush_bytes(l2_bytes: int) -> int:
    """Size of the buffer written between samples so that no sample finds its data in L2."""
    return max(L2_FLUSH_MIN_BYTES, 4 * int(l2_bytes))
