"""A transferable prior over genomes: log speedup predicted from transform kinds and normalized values.

What a population learns about one space's genomes does not name anything another space has,
except what the policy already sees: each gene's transform kind and the normalized position of
its value in the ordered domain. This model is additive in exactly that vocabulary: per transform
kind, a piecewise-linear function of the normalized value (``BASIS`` hat functions on [0, 1])
plus a constant, summed over a genome's genes. Fitted during pretraining (ridge regression) on
the evaluations of the training spaces, every space weighted alike and its log speedups clipped
below at their median as the in-run surrogate clips them, it is saved with the population
(``weights``, one tensor) and serves a search on a new space from its first evaluation: as the
surrogate's prior mean (scaled by what the run's own evaluations say,
:mod:`~evo_kernels.strategies.surrogate`) and to screen the start genomes.

Genes with one value, and ``Generic`` genes (whatever a name maps onto, different on every
space), contribute nothing: what they do is left to the in-run surrogate.

:class:`NamePrior` is the other kind a population can carry: fitted on recorded spaces rather than on
pretraining runs, and keyed by parameter names rather than transform kinds, it serves a space of a
kernel measured before (on another GPU, at another size) and no other. Both give the run the same
thing, a [genes, slots] table (``table``) of additive log-speedup contributions.

:class:`SavedPopulation` is what a warm start takes: a saved population's members and prior,
built from a loaded checkpoint (the session layer loads it: ``evo_kernels.checkpoint.load_pretrained``).
:class:`PriorInRun` is a prior on one run's space and the decision whether it serves (``prior_gate``).
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

from evo_kernels.genome import TRANSFORMS, GenomeSpace
from evo_kernels.records import Genome
from evo_kernels.strategies.overlap import LeftOut, Overlap, check_sketch, measured, overlap, sketch, value_key
from evo_kernels.strategies.surrogate import prior_of

BASIS = 5  # hat functions per transform kind, centred at 0, 1/4, ..., 1
WIDTH = BASIS + 1  # and a constant per gene of the kind
RIDGE = 1e-3


def _gene_basis(transform: str, position: float) -> np.ndarray:
    out = np.zeros(len(TRANSFORMS) * WIDTH)
    if transform == "Generic":
        return out
    t = TRANSFORMS.index(transform) * WIDTH
    centres = np.linspace(0.0, 1.0, BASIS)
    out[t:t + BASIS] = np.maximum(0.0, 1.0 - np.abs(position - centres) * (BASIS - 1))
    out[t + BASIS] = 1.0
    return out


def slot_basis(space: GenomeSpace) -> np.ndarray:
    """[genes, slots, features]: the basis of each gene at each value slot (padded slots zero)."""
    slots = max(len(g.values) for g in space.genes)
    out = np.zeros((len(space.genes), slots, len(TRANSFORMS) * WIDTH))
    for i, g in enumerate(space.genes):
        if len(g.values) > 1:
            for j in range(len(g.values)):
                out[i, j] = _gene_basis(g.transform, j / (len(g.values) - 1))
    return out


class PriorModel:
    """Additive model of log speedup over transform kinds and normalized values (see the module docstring)."""

    def __init__(self, weights: torch.Tensor | np.ndarray) -> None:
        w = torch.as_tensor(weights, dtype=torch.float64).flatten()
        if w.numel() != len(TRANSFORMS) * WIDTH:
            raise ValueError(f"prior: {w.numel()} weights, expected {len(TRANSFORMS) * WIDTH}")
        self.weights = w

    def table(self, space: GenomeSpace) -> np.ndarray:
        """[genes, slots] contribution of each gene's value slot; a genome's prior is the sum over its genes."""
        return slot_basis(space) @ self.weights.numpy()

    def predict(self, space: GenomeSpace, genomes: Sequence[Genome]) -> np.ndarray:
        table = self.table(space)
        return np.array([sum(table[i, g.index(x[g.name])] for i, g in enumerate(space.genes)) for x in genomes])

    @classmethod
    def fit(cls, data: Sequence[tuple[GenomeSpace, Sequence[Genome], Sequence[float]]]) -> PriorModel:
        """Ridge fit to (space, genomes, log speedups) per training space; failures (non-finite) are skipped."""
        n = len(TRANSFORMS) * WIDTH
        A, b = RIDGE * np.eye(n), np.zeros(n)
        for space, genomes, logs in data:
            keep = [(g, y) for g, y in zip(genomes, logs) if math.isfinite(y)]
            if not keep:
                continue
            basis = slot_basis(space)
            X = np.array([sum(basis[i, gene.index(g[gene.name])] for i, gene in enumerate(space.genes))
                          for g, _ in keep])
            y = np.array([v for _, v in keep])
            y = np.maximum(y, np.quantile(y, 0.5))
            w = 1.0 / len(y)  # every space counts alike, however many evaluations it has
            A += w * X.T @ X
            b += w * X.T @ y
        return cls(torch.from_numpy(np.linalg.solve(A, b)))

    def state_dict(self) -> dict[str, object]:
        return {"weights": self.weights.clone(), "basis": BASIS, "transforms": list(TRANSFORMS)}

    @classmethod
    def from_state(cls, state: dict[str, object]) -> PriorModel:
        if state.get("basis") != BASIS or list(state.get("transforms", [])) != list(TRANSFORMS):
            raise ValueError("prior: saved with another basis or transform vocabulary")
        return cls(state["weights"])


class NamePrior:
    """A prior keyed by gene names and values, for a space of a kernel family measured before on other
    GPUs (or at other sizes): per source space, the additive effect of each (gene name, value) on log
    speedup, fitted by ridge regression on its recorded measurements (log speedups clipped below at
    their median, as the in-run surrogate clips them). On a new space, :meth:`table` takes the sources
    whose set of gene names is most alike (Jaccard similarity of all the names, one-valued genes
    included, so that a run with pinned genes still finds its family; at least ``MIN_SIMILARITY``; ties
    are averaged) and reads each gene's value slots from them; a value no chosen source measured
    contributes nothing. Where :class:`PriorModel` speaks the shared transform vocabulary of every
    kernel, this one speaks the names of one family's parameters, which stay the same from GPU to GPU
    (Kernel Tuner caches of the same kernel, or one template's recordings and sub-spaces).

    ``MIN_SIMILARITY`` is 1: only a source with exactly the space's parameter names serves. Chosen on
    the training side (benchmarks/SEARCH.md, 2026-12-04h): the two convolution kernels there share most
    of their names, and a warm start of either from the other took 1.2-2x the evaluations of a cold
    start, so a kernel that is merely alike is not the same family."""

    MIN_SIMILARITY = 1.0

    def __init__(self, sources: Sequence[Mapping[str, Any]]) -> None:
        """``sources``: per source space, {"names": every gene name, "effects": {gene name: {value_key(value):
        effect}} for its multi-valued genes, "fingerprint": what it was fitted on, "name": its space's name,
        "sketch": a sample of what it was fitted on (:func:`~evo_kernels.strategies.overlap.sketch`); the last
        three optional (populations saved before they were stored)}; a ValueError for a malformed sketch."""
        self.sources = [{"names": sorted(str(n) for n in src["names"]), "fingerprint": str(src.get("fingerprint", "")),
                         "effects": {str(n): {str(v): float(e) for v, e in eff.items()}
                                     for n, eff in src["effects"].items()},
                         "name": str(src.get("name", "")),
                         "sketch": None if src.get("sketch") is None else check_sketch(src["sketch"])}
                        for src in sources]

    def chosen(self, space: GenomeSpace) -> list[int]:
        """Indices of the sources :meth:`table` reads for ``space`` (empty: none is alike enough)."""
        names = set(space.names)
        sims = [len(names & set(src["names"])) / max(1, len(names | set(src["names"]))) for src in self.sources]
        top = max(sims, default=0.0)
        return [i for i, x in enumerate(sims) if x == top] if top >= self.MIN_SIMILARITY else []

    def table(self, space: GenomeSpace) -> np.ndarray:
        """[genes, slots] contribution of each gene's value slot (the chosen sources' mean effect)."""
        slots = max(len(g.values) for g in space.genes)
        out = np.zeros((len(space.genes), slots))
        chosen = [self.sources[i]["effects"] for i in self.chosen(space)]
        for i, g in enumerate(space.genes):
            if len(g.values) < 2:
                continue
            for j, v in enumerate(g.values):
                known = [src[g.name][value_key(v)] for src in chosen if value_key(v) in src.get(g.name, {})]
                out[i, j] = float(np.mean(known)) if known else 0.0
        return out

    def predict(self, space: GenomeSpace, genomes: Sequence[Genome]) -> np.ndarray:
        table = self.table(space)
        return np.array([sum(table[i, g.index(x[g.name])] for i, g in enumerate(space.genes)) for x in genomes])

    @staticmethod
    def fingerprint(space: GenomeSpace, genomes: Sequence[Genome], logs: Sequence[float]) -> str:
        """What a source was fitted on, as a short hash of its (genome, log speedup) pairs in a fixed order:
        a space whose own measurements a source is made of (a benchmark of the prior on its own data) has
        the source's fingerprint (:meth:`fitted_on`)."""
        pairs = sorted(json.dumps([[value_key(x[n]) for n in space.names], round(float(y), 9)])
                       for x, y in zip(genomes, logs) if math.isfinite(y))
        return hashlib.sha256("\n".join(pairs).encode()).hexdigest()[:16]

    def without(self, space: GenomeSpace, genomes: Sequence[Genome],
                logs: Sequence[float]) -> tuple[NamePrior, tuple[LeftOut, ...]]:
        """This prior less the sources :meth:`table` would read for ``space`` that were fitted on its measurements
        (a benchmark on one of the prior's own spaces, read leave one out), and those left out. Fitted on them:
        exactly these measurements (the fingerprint), or at least half of them with the same times (a cache
        truncated or an entry re-measured: :mod:`~evo_kernels.strategies.overlap`)."""
        chosen = self.chosen(space)
        fingerprint = self.fingerprint(space, genomes, logs) if chosen else ""
        mine = measured(genomes, logs) if chosen else {}
        out = []
        for i in chosen:
            src = self.sources[i]
            if src["fingerprint"] == fingerprint:
                seen = Overlap(len(mine), len(mine), len(mine))
            elif src["sketch"] is not None:
                seen = overlap(src["sketch"], mine)
            else:
                continue
            if src["fingerprint"] == fingerprint or seen.same_data():
                out.append((i, LeftOut(src["name"] or f"#{i}", seen)))
        drop = {i for i, _ in out}
        return NamePrior([src for i, src in enumerate(self.sources) if i not in drop]), tuple(w for _, w in out)

    @classmethod
    def fit(cls, data: Sequence[tuple[GenomeSpace, Sequence[Genome], Sequence[float]]]) -> NamePrior:
        """One source per (space, genomes, log speedups); failures (non-finite) are skipped."""
        sources = []
        for space, genomes, logs in data:
            genes = [g for g in space.genes if len(g.values) > 1]
            keep = [(x, y) for x, y in zip(genomes, logs) if math.isfinite(y)]
            if not genes or len(keep) < 2:
                continue
            offsets = np.cumsum([0] + [len(g.values) for g in genes])
            X = np.zeros((len(keep), int(offsets[-1])))
            for r, (x, _) in enumerate(keep):
                for k, g in enumerate(genes):
                    X[r, offsets[k] + g.index(x[g.name])] = 1.0
            y = np.array([v for _, v in keep])
            y = np.maximum(y, np.quantile(y, 0.5))
            y = y - y.mean()
            A = X.T @ X + RIDGE * len(y) * np.eye(X.shape[1])
            w = np.linalg.solve(A, X.T @ y)
            sources.append({"names": list(space.names), "fingerprint": cls.fingerprint(space, genomes, logs),
                            "name": space.name, "sketch": sketch(genomes, logs),
                            "effects": {g.name: {value_key(v): float(w[offsets[k] + j]) for j, v in enumerate(g.values)}
                                        for k, g in enumerate(genes)}})
        return cls(sources)

    def state_dict(self) -> dict[str, object]:
        return {"kind": "names", "sources": [{"names": list(src["names"]), "fingerprint": src["fingerprint"],
                                              "effects": dict(src["effects"]), "name": src["name"],
                                              **({} if src["sketch"] is None else {"sketch": dict(src["sketch"])})}
                                             for src in self.sources]}


Prior = PriorModel | NamePrior


def prior_from_state(state: Mapping[str, Any]) -> Prior:
    """The prior a population saved (:meth:`PriorModel.state_dict` or :meth:`NamePrior.state_dict`)."""
    if state.get("kind") == "names":
        sources = state.get("sources")
        if not isinstance(sources, list) or not all(isinstance(s, dict) and {"names", "effects"} <= set(s)
                                                    for s in sources):
            raise ValueError("prior: a names prior without its sources (names and effects)")
        return NamePrior(sources)
    return PriorModel.from_state(dict(state))


def rank_correlation(a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray) -> float:
    """Spearman's rank correlation of ``a`` and ``b`` (ties share their mean rank, -inf ranks last);
    0 where either is constant."""
    ra, rb = _ranks(a), _ranks(b)
    ra, rb = ra - ra.mean(), rb - rb.mean()
    den = math.sqrt(float(ra @ ra) * float(rb @ rb))
    return float(ra @ rb) / den if den > 0 else 0.0


def _ranks(x: Sequence[float] | np.ndarray) -> np.ndarray:
    x = np.asarray(x, dtype=float)
    order = np.argsort(x, kind="stable")
    r = np.empty(len(x))
    r[order] = np.arange(len(x))
    _, tie, count = np.unique(x, return_inverse=True, return_counts=True)
    return (np.bincount(tie, r) / count)[tie]


class PriorInRun:
    """A transferred prior on one run's space (its [genes, slots] table) and whether it serves the next
    proposal. With a gate (``prior_gate``), once the run has ``gate_after`` evaluations, only while
    the Spearman correlation of the prior's predictions with the measured log fitness (of every
    evaluation that ran: the prior models speed, not failures) is at least the gate: a prior that
    ranks this space's genomes unlike its measurements steers the screens wrong, whatever its fitted
    scale. A function of the evaluations alone, so a resumed run decides as the uninterrupted one.
    The experience's surrogate gets the table while the prior serves, and none otherwise."""

    def __init__(self, space: GenomeSpace) -> None:
        self.space = space
        self.model: Prior | None = None
        self.table: np.ndarray | None = None
        self.judged: tuple[int, bool, float] = (-1, True, math.nan)  # (evaluations judged, in use, correlation)

    def set(self, prior: Prior | None, experience: Any) -> None:
        """Use ``prior`` (None: none); the experience's surrogate takes its table from now on. A prior that says
        nothing of this space (an all-zero table: a names prior with no source of these names, a kind prior over
        ``Generic`` genes only) is no prior: the run starts as a cold one would."""
        self.model = prior
        table = None if prior is None else prior.table(self.space)
        self.table = table if table is not None and table.any() else None
        self.judged = (-1, True, math.nan)
        experience.set_prior_table(self.table)

    def in_use(self, experience: Any, gate: float | None, gate_after: int) -> bool:
        """Whether the prior serves the next proposal (False without one); the surrogate follows."""
        if self.table is None:
            return False
        n, on = len(experience.rows), True
        if gate is not None and n >= max(2, gate_after):
            if self.judged[0] != n:
                lf = np.asarray(experience.log_fitness, dtype=float)
                ok = np.isfinite(lf)  # the prior models the speed of what runs, not what fails to
                rho = rank_correlation(prior_of(self.table, np.asarray(experience.rows)[ok]), lf[ok])
                self.judged = (n, rho >= gate, rho)
            on = self.judged[1]
        self.use(experience, on)
        return on

    def use(self, experience: Any, on: bool) -> None:
        """Give the experience's surrogate the table (``on``) or none."""
        table = self.table if on else None
        if (experience.prior_table is None) != (table is None):
            experience.set_prior_table(table)  # the GP's targets change with it, not its factor


@dataclass(frozen=True)
class SavedPopulation:
    """A saved PBT population to warm-start from (``PBTSearch(init_population=...)``).

    ``source``: the folder it was loaded from, named in the lineage (``source#index``);
    ``path``: the checkpoint folder read, named in error messages; ``members``: the members'
    state dicts (weights, optimizer states, hyperparameters: what transfers); ``hidden``: the
    width of their policies; ``prior``: its prior over genomes, if it has one (a :class:`PriorModel`
    from pretraining, or a :class:`NamePrior` from recorded spaces of the same kernel family).
    """

    source: str
    path: str
    members: list[dict[str, Any]]
    hidden: int
    prior: Prior | None = None
    name_buckets: int = 0  # the policies' name embedding (PolicyConfig.name_buckets; 0: none)
    trained_on: tuple[str, ...] = ()  # the spaces it was pretrained on (scripts/pretrain_population.py's meta)

    def serves(self, space: GenomeSpace) -> bool:
        """Whether its prior says anything of ``space`` (PriorInRun's rule: a table of zeros is no prior)."""
        return self.prior is not None and bool(self.prior.table(space).any())

    def describe(self, space: GenomeSpace) -> str:
        """One line on what this population brings to a search of ``space``: a session says it before it starts,
        so that a warm start whose prior does not serve the space (a names prior of other kernels, or of an
        older version of this template's genes) is not taken for one that does."""
        what = f"warm start from {self.source}: {len(self.members)} policies"
        if self.prior is None:
            return what + ", no prior"
        serves = self.serves(space)
        if isinstance(self.prior, NamePrior):
            n = len(self.prior.chosen(space))
            if not n:
                return (what + f"; its names prior has no source with exactly these {len(space.names)} parameter "
                        "names, so no prior")
            if not serves:
                return what + "; its names prior's sources of these names measured none of these values, so no prior"
            return what + f" and a names prior from {n} recorded space{'s' if n > 1 else ''} with these parameter names"
        if not serves:
            return what + "; its prior over transform kinds says nothing of these genes (all Generic), so no prior"
        return what + " and a prior over transform kinds"

    @classmethod
    def from_checkpoint(cls, ckpt: Mapping[str, Any], source: str | None = None) -> SavedPopulation:
        """From a loaded checkpoint (``{"state", "path", ...}``, its state the strategy's own or under
        ``"strategy"``); a ValueError naming ``ckpt["path"]`` if it is not a PBT population."""
        path = str(ckpt["path"])
        state = ckpt["state"].get("strategy", ckpt["state"])
        members = state.get("members")
        hidden = (state.get("config") or {}).get("policy", {}).get("hidden")
        if not members or not isinstance(hidden, int):
            raise ValueError(f"{path}: not a PBT population of policies")
        try:
            prior = prior_from_state(state["prior"]) if state.get("prior") else None
        except ValueError as exc:
            raise ValueError(f"{path}: {exc}") from None
        buckets = (state.get("config") or {}).get("policy", {}).get("name_buckets", 0)
        if not isinstance(buckets, int) or buckets < 0:
            raise ValueError(f"{path}: name_buckets {buckets!r} is not a count")
        trained = (ckpt.get("meta") or {}).get("trained_on") or ()
        trained_on = tuple(trained) if all(isinstance(n, str) for n in trained) else ()
        return cls(path if source is None else str(source), path, list(members), hidden, prior, buckets, trained_on)
