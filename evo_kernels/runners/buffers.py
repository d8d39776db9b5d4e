"""The device arrays of one evaluation in the GPU worker (runners/worker.py), which owns the context.

Kept apart from the worker's protocol steps; like the worker, it never imports pycuda itself: the
``cuda`` module (pycuda.driver) is handed in.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from evo_kernels.runners.checks import GUARD_BYTES, POISON_BITS, guard_breach, guard_pattern
from evo_kernels.runners.inputs import scalar
from evo_kernels.template import DTYPES, Arg

DEAD_CONTEXT_OBJECTS: list[Any] = []  # objects of a dead context: never freed, never collected before os._exit


class Buffers:
    """The device arrays of one problem shape: allocated once, scratch zeroed once, inputs
    uploaded, a pristine device copy of every "inout" input so each launch starts from it.

    Every array the kernel sees sits between two guard zones of ``checks.GUARD_BYTES`` canary
    bytes (:func:`checks.guard_pattern`), laid once: a kernel that writes past either end of an
    array changes them, which :meth:`breach` reports; the allocator's rounding would hide it."""

    def __init__(self, cuda: Any, args: list[Arg], inputs: Mapping[str, np.ndarray]) -> None:
        self.cuda, self.args = cuda, args
        self.dev: dict[str, int] = {}  # name -> device pointer to the array's first element
        self.pristine: dict[str, Any] = {}
        self._allocs: list[Any] = []
        g = GUARD_BYTES
        try:
            for a in args:
                if a.role == "scalar":
                    continue
                block = cuda.mem_alloc(2 * g + a.nbytes)
                self._allocs.append(block)
                self.dev[a.name] = int(block) + g
                cuda.memcpy_htod(int(block), guard_pattern(a.name, "before"))
                cuda.memcpy_htod(int(block) + g + a.nbytes, guard_pattern(a.name, "after"))
                if a.role == "scratch":
                    cuda.memset_d32(self.dev[a.name], 0, a.nbytes // 4)
                elif a.role == "inout":
                    self.pristine[a.name] = cuda.mem_alloc(max(a.nbytes, 4))
            self.upload(inputs)
        except BaseException:
            self.free()
            raise

    def breach(self) -> str | None:
        """The first array whose guard zones a kernel changed, in one line (see
        :func:`checks.guard_breach`), or None. Call after a synchronize."""
        g = GUARD_BYTES
        for a in self.args:
            if a.role == "scalar":
                continue
            before, after = np.empty(g, dtype=np.uint8), np.empty(g, dtype=np.uint8)
            self.cuda.memcpy_dtoh(before, self.dev[a.name] - g)
            self.cuda.memcpy_dtoh(after, self.dev[a.name] + a.nbytes)
            bad = guard_breach(a.name, before, after)
            if bad:
                return bad
        return None

    def upload(self, inputs: Mapping[str, Any]) -> None:
        """Copy inputs to the device ("inout" ones into their pristine copies): host arrays, or
        torch tensors already on the device (copied device to device)."""
        for a in self.args:
            if a.role not in ("in", "inout") or not a.nbytes:
                continue
            dst = self.dev[a.name] if a.role == "in" else int(self.pristine[a.name])
            v = inputs[a.name]
            if hasattr(v, "data_ptr"):
                self.cuda.memcpy_dtod(dst, v.contiguous().data_ptr(), a.nbytes)
            else:
                self.cuda.memcpy_htod(dst, np.ascontiguousarray(v))

    def prepare(self) -> None:
        """Queue, before a launch: NaN poison into every "out" array, inputs back into every "inout"."""
        for a in self.args:
            if a.role == "out" and a.nbytes:
                self.cuda.memset_d32_async(self.dev[a.name], POISON_BITS, a.nbytes // 4)
            elif a.role == "inout" and a.nbytes:
                self.cuda.memcpy_dtod_async(self.dev[a.name], int(self.pristine[a.name]), a.nbytes)

    def values(self) -> list[Any]:
        """Launch arguments in signature order: device pointers and exactly-typed scalars."""
        return [scalar(a) if a.role == "scalar" else self.dev[a.name] for a in self.args]

    def download(self, roles: tuple[str, ...] = ("out", "inout")) -> dict[str, np.ndarray]:
        """Host copies of every array of these roles (by default what the kernel writes)."""
        out = {}
        for a in self.args:
            if a.role in roles:
                host = np.empty(a.shape, dtype=np.dtype(DTYPES[a.dtype][1]))
                if a.nbytes:
                    self.cuda.memcpy_dtoh(host, self.dev[a.name])
                out[a.name] = host
        return out

    @property
    def poisoned(self) -> set[str]:
        return {a.name for a in self.args if a.role == "out"}

    def free(self, dead: bool = False) -> None:
        """Free the arrays; on a dead context keep them referenced instead, as pycuda's clean-up
        could only fail (and warn) until the process exits."""
        if dead:
            DEAD_CONTEXT_OBJECTS.extend((*self._allocs, *self.pristine.values()))
        else:
            for d in (*self._allocs, *self.pristine.values()):
                d.free()
        self.dev, self.pristine, self._allocs = {}, {}, []
