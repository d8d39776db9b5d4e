"""Population checkpoints: ``<run>/gen_NNNN/`` with JSON metadata and ``torch.save``d tensors, no pickles.

    <run>/gen_0007/population.json   format, generation, sha256 of tensors.pt, caller's meta, and the
                                     state with every tensor replaced by {"__tensor__": NAME}
    <run>/gen_0007/tensors.pt        {NAME: tensor}: weights, optimizer moments, torch RNG states
    <run>/lineage.jsonl              the strategy's lineage (exploit/explore events), one JSON per line

Why this shape: the tensors file is a flat dict of tensors, which ``torch.load(weights_only=True)``
reads without unpickling arbitrary objects; everything a person may want to read (hyperparameters,
genomes, numpy RNG states, the generation) is plain JSON. A checkpoint folder is written under a
temporary name and renamed into place (``os.replace``), so a kill leaves either the previous
generation or the new one, never half of one; the sha256 in the JSON catches a tensors file that
was truncated or swapped afterwards. Every failure to load is a one-line :class:`CheckpointError`
naming the file. :func:`load_pretrained` loads a saved PBT population for a warm start (the
strategies never read checkpoints themselves), and :func:`warm_start` is the one rule for which population
a PBT run starts from (``tune``, ``batch`` and ``bench-search`` all ask it).
"""
from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import shutil
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import torch

from evo_kernels.genome import GenomeSpace
from evo_kernels.strategies.prior import LeftOut, NamePrior, SavedPopulation

FORMAT = "evo-kernels-population"
VERSION = 1
STATE_FILE = "population.json"
TENSOR_FILE = "tensors.pt"
LINEAGE_FILE = "lineage.jsonl"
_GEN = re.compile(r"gen_(\d+)")
# What a PBT run starts from when --init-population is not given: cold policies and a names prior fitted on every
# recorded space of this repository (populations/README.md). It serves only a space whose parameter names one of
# its sources has exactly (the same kernel measured on another GPU or at another size); elsewhere the run is cold.
SHIPPED_POPULATION = Path(__file__).resolve().parent.parent / "populations" / "names-whole-corpus"
COLD = "none"  # --init-population none: a cold start, whatever is shipped


class CheckpointError(ValueError):
    """A checkpoint that cannot be loaded: missing, truncated, corrupt or not ours; one line naming the file."""


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())[:200]


def _split(obj: Any, tensors: dict[str, torch.Tensor]) -> Any:
    """JSON-able copy of ``obj`` with tensors moved into ``tensors`` (dicts with non-str keys kept as items)."""
    if isinstance(obj, torch.Tensor):
        name = f"t{len(tensors)}"
        tensors[name] = obj.detach().cpu().clone()
        return {"__tensor__": name}
    if isinstance(obj, Mapping):
        if all(isinstance(k, str) for k in obj):
            return {k: _split(v, tensors) for k, v in obj.items()}
        return {"__items__": [[_split(k, tensors), _split(v, tensors)] for k, v in obj.items()]}
    if isinstance(obj, (list, tuple)):
        return [_split(v, tensors) for v in obj]
    if isinstance(obj, np.generic):
        return obj.item()
    return obj


def _join(obj: Any, tensors: Mapping[str, torch.Tensor], where: Path) -> Any:
    if isinstance(obj, dict):
        if set(obj) == {"__tensor__"}:
            if obj["__tensor__"] not in tensors:
                raise CheckpointError(f"{where / TENSOR_FILE}: lacks tensor {obj['__tensor__']} named in {STATE_FILE}")
            return tensors[obj["__tensor__"]]
        if set(obj) == {"__items__"}:
            return {_hashable(_join(k, tensors, where)): _join(v, tensors, where) for k, v in obj["__items__"]}
        return {k: _join(v, tensors, where) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_join(v, tensors, where) for v in obj]
    return obj


def _hashable(k: Any) -> Any:
    return tuple(k) if isinstance(k, list) else k


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` under a temporary name and rename it into place: a kill, or a reader in the middle
    (gpu_session.sh's packer reading bench_kernels.py's tables), sees the previous file or the new one, never half."""
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _find_lineage(state: Mapping[str, Any]) -> list | None:
    for holder in (state, state.get("strategy")):
        if isinstance(holder, Mapping) and isinstance(holder.get("lineage"), list):
            return holder["lineage"]
    return None


def generations(run_dir: str | Path) -> list[int]:
    """Generations with a complete checkpoint folder in ``run_dir``, ascending."""
    run_dir = Path(run_dir)
    if not run_dir.is_dir():
        return []
    return sorted(int(m.group(1)) for p in run_dir.iterdir() if p.is_dir() and (m := _GEN.fullmatch(p.name)))


def save_population(run_dir: str | Path, generation: int, state: Mapping[str, Any],
                    meta: Mapping[str, Any] | None = None, keep: int | None = None) -> Path:
    """Write ``state`` (nested dicts/lists of JSON values and tensors) as ``run_dir/gen_NNNN``; returns it.

    ``meta``: extra JSON the caller wants beside the state (run id, template, device). A
    ``lineage`` list at the top of ``state`` or of ``state["strategy"]`` is also written as
    ``lineage.jsonl``. ``keep``: how many newest generations to keep (None: all).
    """
    run_dir = Path(run_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    final = run_dir / f"gen_{generation:04d}"
    tmp = run_dir / f".{final.name}.tmp-{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    tensors: dict[str, torch.Tensor] = {}
    body = _split(state, tensors)
    torch.save(tensors, tmp / TENSOR_FILE)
    digest = hashlib.sha256((tmp / TENSOR_FILE).read_bytes()).hexdigest()
    doc = {"format": FORMAT, "version": VERSION, "generation": int(generation), "tensors_sha256": digest,
           "meta": _split(dict(meta or {}), {}), "state": body}
    write_atomic(tmp / STATE_FILE, json.dumps(doc, default=str).encode())
    if final.exists():  # a resumed run saving a generation again: swap, then drop the old one
        old = run_dir / f".{final.name}.old-{os.getpid()}"
        os.replace(final, old)
        os.replace(tmp, final)
        shutil.rmtree(old, ignore_errors=True)
    else:
        os.replace(tmp, final)
    lineage = _find_lineage(state)
    if lineage is not None:
        write_atomic(run_dir / LINEAGE_FILE, "".join(json.dumps(e, default=str) + "\n" for e in lineage).encode())
    if keep is not None:
        for g in generations(run_dir)[:-keep]:
            shutil.rmtree(run_dir / f"gen_{g:04d}", ignore_errors=True)
    return final


def load_population(folder: str | Path) -> dict[str, Any]:
    """One checkpoint folder -> {"generation", "state", "meta", "path"}; CheckpointError naming the file."""
    folder = Path(folder)
    state_file, tensor_file = folder / STATE_FILE, folder / TENSOR_FILE
    try:
        doc = json.loads(state_file.read_bytes())
    except FileNotFoundError:
        raise CheckpointError(f"{state_file}: missing: not a population checkpoint folder") from None
    except (OSError, ValueError) as exc:
        raise CheckpointError(f"{state_file}: truncated or not JSON: {_one_line(exc)}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        found = doc.get("format") if isinstance(doc, dict) else type(doc).__name__
        raise CheckpointError(f"{state_file}: not an {FORMAT} checkpoint (format {found!r})")
    if doc.get("version") != VERSION or "state" not in doc or "tensors_sha256" not in doc:
        raise CheckpointError(f"{state_file}: unsupported {FORMAT} version {doc.get('version')!r} or missing fields")
    try:
        raw = tensor_file.read_bytes()
    except OSError as exc:
        raise CheckpointError(f"{tensor_file}: cannot read: {_one_line(exc)}") from None
    if hashlib.sha256(raw).hexdigest() != doc["tensors_sha256"]:
        raise CheckpointError(f"{tensor_file}: truncated or corrupt (its sha256 differs from the one in {STATE_FILE})")
    try:
        tensors = torch.load(tensor_file, weights_only=True)
    except Exception as exc:  # torch raises several types for a bad file; all mean the same here
        raise CheckpointError(f"{tensor_file}: cannot load with weights_only=True: {_one_line(exc)}") from None
    if not isinstance(tensors, dict) or not all(isinstance(t, torch.Tensor) for t in tensors.values()):
        raise CheckpointError(f"{tensor_file}: not a flat dict of tensors")
    return {"generation": int(doc["generation"]), "state": _join(doc["state"], tensors, folder),
            "meta": doc.get("meta", {}), "path": str(folder)}


def load_latest(run_dir: str | Path) -> dict[str, Any] | None:
    """The newest checkpoint of ``run_dir`` (or ``run_dir`` itself if it is a checkpoint folder); None if none."""
    run_dir = Path(run_dir)
    if (run_dir / STATE_FILE).exists():
        return load_population(run_dir)
    gens = generations(run_dir)
    return load_population(run_dir / f"gen_{gens[-1]:04d}") if gens else None


def load_pretrained(folder: str | Path) -> SavedPopulation:
    """The newest saved PBT population of ``folder`` (a run folder or one checkpoint folder) to warm-start
    ``PBTSearch(init_population=...)`` from; a one-line CheckpointError naming the folder or file."""
    ckpt = load_latest(folder)
    if ckpt is None:
        raise CheckpointError(f"{folder}: no saved population to start from")
    try:
        return SavedPopulation.from_checkpoint(ckpt, source=str(folder))
    except ValueError as exc:
        raise CheckpointError(_one_line(exc)) from None


def read_lineage(run_dir: str | Path) -> list[dict[str, Any]]:
    """The lineage records of a run folder (empty if it has none)."""
    path = Path(run_dir) / LINEAGE_FILE
    if not path.exists():
        return []
    out = []
    for i, line in enumerate(path.read_text().splitlines(), 1):
        try:
            out.append(json.loads(line))
        except ValueError as exc:
            raise CheckpointError(f"{path}: line {i} is not JSON: {_one_line(exc)}") from None
    return out


@dataclass(frozen=True)
class WarmStart:
    """Which population a PBT run starts from (:func:`warm_start`): ``population`` None is a cold start;
    ``left_out``: names-prior sources fitted on the replayed space's own measurements, left out, and why; ``shipped``:
    the default (:data:`SHIPPED_POPULATION`) was asked, not a folder the user named."""

    population: SavedPopulation | None
    left_out: tuple[LeftOut, ...] = ()
    shipped: bool = False

    def describe(self, space: GenomeSpace) -> str:
        """A few words for the session's first line: what the run starts from and why (``left_out`` is said by
        the caller, which knows what was replayed)."""
        if self.population is not None:
            what = self.population.describe(space)
            what += " (the shipped default; --init-population none: cold)" if self.shipped else ""
        elif self.shipped and not SHIPPED_POPULATION.is_dir():
            what = f"cold start: no shipped population at {SHIPPED_POPULATION} (an install without populations/)"
        elif self.shipped:
            what = (f"cold start: the shipped population ({SHIPPED_POPULATION.name}) has no measurements of a kernel "
                    "with exactly these parameter names")
        else:
            what = "cold start (--init-population none)"
        return what


@functools.lru_cache(maxsize=8)
def _load_cached(folder: str) -> SavedPopulation:
    return load_pretrained(folder)


def warm_start(setting: str | None, space: GenomeSpace, replayed: Any = None) -> WarmStart:
    """The one rule for which population a PBT run of ``space`` starts from. ``setting`` is
    ``--init-population``'s value: a folder (a CheckpointError naming it if it holds no population),
    :data:`COLD` for a cold start, or None for the shipped population where its prior serves ``space`` (a
    cold start elsewhere, and where the repository has no ``populations/`` folder). ``replayed``: the
    :class:`~evo_kernels.runners.replay.ReplaySpace` a replay answers from: a names-prior source fitted on
    its measurements (exactly, or half of them at least: :meth:`NamePrior.without`) is left out, since with it
    the search would be steered by the answers it is about to get (leave one out)."""
    if setting == COLD:
        return WarmStart(None)
    shipped = setting is None
    if shipped and not SHIPPED_POPULATION.is_dir():
        return WarmStart(None, shipped=True)
    saved = _load_cached(str(SHIPPED_POPULATION if shipped else setting))
    left_out: tuple[LeftOut, ...] = ()
    if replayed is not None and isinstance(saved.prior, NamePrior):
        prior, left_out = saved.prior.without(replayed.space, *replayed.log_speedups())
        if left_out:
            saved = replace(saved, prior=prior)
    if shipped and not saved.serves(space):
        return WarmStart(None, left_out, shipped=True)
    return WarmStart(saved, left_out, shipped)
