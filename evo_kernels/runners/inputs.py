"""The input sets of an evaluation, testable without a GPU: a stream of seeds that never repeat,
the random contents of every "in" and "inout" array (drawn by numpy on the host, or by torch on
the device for input sets too large to draw on the host quickly, from the same distributions),
and scalar arguments as the exact C type the kernel expects. The GPU worker (``worker.py``,
``torch_side.py``, ``buffers.py``) only uploads what these draw.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from evo_kernels.template import DTYPES, Arg


class SeedStream:
    """Seeds for input sets, drawn from one root SeedSequence: no two ever repeat.

    ``SeedSequence.spawn`` gives children with distinct spawn keys, so every input set of a
    runner's life is independent of every other while the whole run stays reproducible from
    ``seed``.
    """

    def __init__(self, seed: int = 0) -> None:
        self._root = np.random.SeedSequence(seed)
        self.drawn = 0

    def next(self) -> np.random.SeedSequence:
        """The next never-used SeedSequence."""
        self.drawn += 1
        return self._root.spawn(1)[0]


WIDE = 64.0  # the standard deviation of "wide" inputs: exp(x) overflows float32 past x = 88.7


def draw(arg: Arg, rng: np.random.Generator) -> np.ndarray:
    """Random contents of one input array: N(0,1) for "normal", N(0, WIDE^2) for "wide", [0, 1) for
    "uniform"; integers in [-2^15, 2^15) or [0, 2^15) for int32 arrays. Never all zeros, which hide
    unwritten outputs."""
    shape = tuple(int(s) for s in arg.shape)
    if arg.dtype == "int32":
        low = 0 if arg.init == "uniform" else -(1 << 15)
        return rng.integers(low, 1 << 15, size=shape, dtype=np.int32)
    if arg.init == "uniform":
        return rng.random(shape, dtype=np.float32)
    x = rng.standard_normal(shape, dtype=np.float32)
    return x * np.float32(WIDE) if arg.init == "wide" else x


def make_inputs(args: Sequence[Arg], seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
    """Fresh host arrays for every "in" and "inout" argument, drawn from ``seed``."""
    rng = np.random.default_rng(seed)
    return {a.name: draw(a, rng) for a in args if a.role in ("in", "inout")}


def as_float64(inputs: Mapping[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Host input arrays as a template's numpy reference takes them: float64, or int64 for integer arrays."""
    return {k: v.astype(np.float64 if v.dtype.kind == "f" else np.int64) for k, v in inputs.items()}


def torch_seed(seed: np.random.SeedSequence) -> int:
    """A 63-bit seed for a torch generator, derived from ``seed`` (so GPU-drawn input sets are as
    unrepeated and reproducible as the host-drawn ones)."""
    return int(seed.generate_state(1, np.uint64)[0]) & ((1 << 63) - 1)


def make_inputs_torch(torch: Any, args: Sequence[Arg], seed: np.random.SeedSequence, device: str) -> dict[str, Any]:
    """:func:`make_inputs` drawn by torch on ``device`` (curand on a GPU): the same distributions
    (N(0,1), N(0, WIDE^2), [0, 1), the same integer ranges), never all zeros, for input sets too large to draw on
    the host quickly (a 1 GiB set takes numpy seconds, the GPU milliseconds). ``torch`` is the
    module, passed in so that this file never imports it."""
    gen = torch.Generator(device=device)
    gen.manual_seed(torch_seed(seed))
    out = {}
    for a in args:
        if a.role not in ("in", "inout"):
            continue
        shape = tuple(int(s) for s in a.shape)
        if a.dtype == "int32":
            low = 0 if a.init == "uniform" else -(1 << 15)
            out[a.name] = torch.randint(low, 1 << 15, shape, generator=gen, dtype=torch.int32, device=device)
        elif a.init == "uniform":
            out[a.name] = torch.rand(shape, generator=gen, dtype=torch.float32, device=device)
        else:
            out[a.name] = torch.randn(shape, generator=gen, dtype=torch.float32, device=device)
            if a.init == "wide":
                out[a.name] *= WIDE
    return out


def scalar(arg: Arg) -> np.generic:
    """A scalar argument as the exact C type the kernel expects (int32 or float32)."""
    return DTYPES[arg.dtype][1](arg.value)
