"""Whether a names-prior source was fitted on a space's own measurements: leave one out by overlap.

A :class:`~evo_kernels.strategies.prior.NamePrior` benchmarked on one of the spaces it was fitted on would
steer the search with the answers it is about to get. Exact equality of the data (the source's fingerprint)
misses the same data read a little differently: a cache left open by an interrupted run (half of it), or one
entry re-measured. So a source is "this space" when it holds at least ``SHARE`` (half) of the space's
measured configurations with the same time: with more than half of the answers already in the prior, a
count of evaluations measures the prior's data, not a search.

"The same time" is the same log speedup up to one common shift (``LOG_TOL``, a relative 1e-6 on the time):
every log speedup is against its file's median time, which a truncated file moves for all of its entries
alike. Another GPU's measurements of the same kernel differ entry by entry, and share no such shift.

Each source carries a sketch of what it was fitted on (:func:`sketch`): its number of measurements and the
``SKETCH_SIZE`` of them whose genome hashes are smallest (a bottom-k sample, so that a checkpoint carrying the
prior stays small). Both sides are compared on the same range of hashes, the sketch's: the share counted there
is that of a uniform sample of the space's configurations (all of them where the source has no more than
``SKETCH_SIZE``).
"""
from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import torch

from evo_kernels.records import Genome

SKETCH_SIZE = 512  # measurements a source's sketch keeps: 8 KiB a source
SHARE = 0.5  # a source holding at least this share of a space's measured configurations was fitted on it
LOG_TOL = 1e-6  # the same time: log speedups equal up to one shift, within this


def value_key(v: Any) -> str:
    """How a :class:`~evo_kernels.strategies.prior.NamePrior` names a value: numbers by their float (16 and 16.0
    are one value, as two Kernel Tuner versions may write it), anything else (strings, booleans) by its repr."""
    if isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, (bool, np.bool_)):
        return repr(float(v))
    return repr(v)


def genome_hash(genome: Mapping[str, Any]) -> int:
    """A 63-bit hash of a genome's names and values (values as :func:`value_key` names them, so 16 and 16.0
    are one value), whatever the order of its names."""
    text = json.dumps(sorted((str(n), value_key(v)) for n, v in genome.items()))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def measured(genomes: Sequence[Genome], logs: Sequence[float]) -> dict[int, float]:
    """{genome hash: log speedup} of the measurements that ran (finite); a repeated genome: the first."""
    out: dict[int, float] = {}
    for x, y in zip(genomes, logs):
        if math.isfinite(y):
            out.setdefault(genome_hash(x), float(y))
    return out


def sketch(genomes: Sequence[Genome], logs: Sequence[float]) -> dict[str, Any]:
    """What a source keeps of its (genome, log speedup) measurements (failures, non-finite, skipped): their
    number and the ``SKETCH_SIZE`` with the smallest genome hashes, as tensors (a checkpoint stores them as such)."""
    mine = measured(genomes, logs)
    keep = sorted(mine)[:SKETCH_SIZE]
    return {"measured": len(mine), "keys": torch.tensor(keep, dtype=torch.int64),
            "logs": torch.tensor([mine[h] for h in keep], dtype=torch.float64)}


def check_sketch(sk: Any) -> dict[str, Any]:
    """A saved sketch as :func:`sketch` made it; ValueError otherwise."""
    ok = (isinstance(sk, Mapping) and isinstance(sk.get("measured"), int)
          and all(isinstance(sk.get(k), torch.Tensor) and sk[k].dim() == 1 for k in ("keys", "logs"))
          and len(sk["keys"]) == len(sk["logs"]) <= sk["measured"])
    if not ok:
        raise ValueError("prior: a names-prior source's sketch is not {measured, keys, logs}")
    return {"measured": sk["measured"], "keys": sk["keys"], "logs": sk["logs"]}


@dataclass(frozen=True)
class Overlap:
    """How many of a space's measured configurations a source holds with the same time: ``shared`` of ``of``,
    counted on the source sketch's range of hashes (a uniform sample of the space's ``measured``
    configurations; all of them where the source has no more than ``SKETCH_SIZE``)."""

    shared: int
    of: int
    measured: int

    def same_data(self) -> bool:
        """Whether the source was fitted on this space's measurements (``SHARE`` of them; two at least, since one
        shared configuration fits any shift)."""
        return self.shared >= 2 and self.shared >= SHARE * self.of

    def words(self, space: str) -> str:
        sample = f" (a sample of its {self.measured}: those in the source's sketch)" if self.of < self.measured else ""
        return f"shares {self.shared} of {self.of} configurations with {space}{sample}"


def overlap(sk: Mapping[str, Any], mine: Mapping[int, float]) -> Overlap:
    """The :class:`Overlap` of the source sketched by ``sk`` with a space's measurements (:func:`measured`): the
    largest set of the space's configurations the sketch holds whose log speedups differ from the sketch's by
    one shift (within ``LOG_TOL``)."""
    keys, src = sk["keys"].tolist(), sk["logs"].tolist()
    top = keys[-1] if sk["measured"] > len(keys) else math.inf  # the sketch's range of hashes
    window = {h: y for h, y in mine.items() if h <= top}
    theirs = dict(zip(keys, src))
    d = np.sort([theirs[h] - y for h, y in window.items() if h in theirs])
    within = np.searchsorted(d, d + 2 * LOG_TOL, side="right") - np.arange(len(d))
    return Overlap(int(within.max(initial=0)), len(window), len(mine))


@dataclass(frozen=True)
class LeftOut:
    """A names-prior source left out of a run on a space fitted on (most of) it: its name (that of the space it
    was fitted on; ``#i`` in a population saved before sources had names) and its :class:`Overlap` with it."""

    source: str
    overlap: Overlap

    def words(self, space: str) -> str:
        """E.g. "pnpoly_RTX_3090 shares 3762 of 3762 configurations with pn"."""
        return f"{self.source} {self.overlap.words(space)}"
