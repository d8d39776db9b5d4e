"""The PBT policy: what it sees of a search (template-independent features) and the torch model.

State, per gene: its transform kind (one-hot over ``genome.TRANSFORMS``), normalized value and
domain size; per (gene, value slot): what this run's own evaluations say about that value (best
and mean log fitness of evaluated genomes holding it, relative to the member's current genome;
the nearest evaluated genome holding it; how often it failed), plus where the slot lies relative
to the current value. Globally: static build metrics, measured metrics, problem and GPU
descriptors. Nothing names a gene or a template, so one policy serves every kernel, and a
policy trained on some spaces can start a search on another.

Action: an edit of one gene. The architect head picks the gene, the engineer head its new value
as a categorical over the gene's value slots (absolute positions in the ordered domain, scored
one slot at a time by a shared MLP, so there is no fixed maximum domain size; padded slots and
edits that are invalid or already evaluated are masked out by the caller).

Cold start: the last layers start at zero and a linear "prior" term over the slot features starts
at a local-search heuristic (values that did well elsewhere, unexplored values, short steps), so
an untrained policy already searches sensibly; training moves it away from the prior where the
rewards say so. The architect adds the log-sum-exp of the engineer's logits of each gene (weight
``coupling``, learnable), so that at the start the two-level choice equals one softmax over all edits.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import torch
from torch import nn

from evo_kernels.genome import TRANSFORMS, GenomeSpace
from evo_kernels.records import Evaluation, Genome
from evo_kernels.strategies.surrogate import Surrogate, edit_grid
from evo_kernels.strategies.trees import make_surrogate

SLOT_FEATURES = ("position", "delta", "log_step", "has_data", "log_count", "best_gain", "mean_gain", "nn_gain",
                 "nn_distance", "fail_rate", "neighbor", "model_gain", "model_std")
GENE_FEATURES = (*(f"is_{t}" for t in TRANSFORMS), "value", "log_domain", "explored", "max_gain", "open_share")
GLOBAL_FEATURES = ("log_fitness", "log_best", "cv", "registers", "log_spill_kib", "smem", "occupancy", "log_evals",
                   "log_size_x", "log_size_y", "log_size_z", "log_sm_count")
# The cold-start heuristic, in logit units per feature (see the module docstring).
PRIOR = {"best_gain": 1.0, "has_data": -0.5, "log_step": -1.0, "model_gain": 3.0, "model_std": 3.0}
MASKED = -1e9  # a finite "minus infinity": softmax gives exactly 0 and entropies stay finite
GAIN_CLIP = 2.0
MEMORY = 512  # the most evaluations the surrogate and the slot features see (Experience.active)


@dataclass
class PolicyConfig:
    """Architecture of :class:`Agent`; every member of a population (and a transferred one) shares it."""

    hidden: int = 32
    """Width of every hidden layer."""
    prior: dict[str, float] = field(default_factory=lambda: dict(PRIOR))
    """Initial weights of the linear slot term (the cold-start heuristic), by slot feature name."""


@dataclass
class Hyperparameters:
    """What PBT evolves per member (perturbed by x0.8 / x1.2 when a member explores)."""

    lr: float = 3e-3
    """Adam learning rate of the member's policy."""
    entropy: float = 3e-3
    """Weight of the entropy bonus in the policy-gradient loss (keeps the policy from collapsing)."""
    temperature: float = 1.0
    """Sampling temperature: logits are divided by it when the member proposes an edit."""
    mutation_scale: float = 1.0
    """Step scale of ``GenomeSpace.mutate`` when the member mutates instead of asking its policy."""
    mutation_mix: float = 0.3
    """Probability that a proposal is a mutation (of a crossover with the fittest member) instead of a
    policy edit: single-gene edits refine, multi-gene moves cross the valleys between them; which
    mix pays depends on the space, so PBT evolves it."""


class Experience:
    """The run's evaluations as value-slot indices and log fitness: the source of the slot features."""

    def __init__(self, space: GenomeSpace, memory: int = MEMORY) -> None:
        """``memory``: the most evaluations the surrogate and the slot features see (:meth:`active`)."""
        self.space = space
        self.memory = memory
        self._cache: dict[str, tuple] = {}  # derived arrays, keyed by name, each tagged with len(rows)
        self.sizes = np.array([len(g.values) for g in space.genes])
        self.slots = int(self.sizes.max())
        self._index = [{repr(v): i for i, v in enumerate(g.values)} for g in space.genes]
        self.rows: list[list[int]] = []
        self.log_fitness: list[float] = []  # NaN for a failure
        self.fantasies: list[tuple[list[int], float]] = []  # proposed, not measured yet: (row, predicted)
        self.values = [list(g.values) for g in space.genes]
        self.model = Surrogate(self.sizes, values=self.values)  # the Gaussian process, refitted when rows were added
        self.surrogate = "gp"  # the kind of ``model`` (make_surrogate's names)

    @property
    def prior_table(self) -> np.ndarray | None:
        """The surrogate's prior mean: a transferred prior's [genes, slots] contributions, or None."""
        return self.model.table

    def set_prior_table(self, table: np.ndarray | None) -> None:
        """Give the surrogate this prior mean (None: none); it refits on its next use."""
        self.model.table = table
        self.model.invalidate()

    def use_surrogate(self, kind: str, key: int) -> None:
        """Make ``kind`` the shared surrogate, rebuilt only when it changes (its prior table kept; the
        trees' randomness keyed by ``key`` and the number of rows, so that refits reproduce)."""
        if kind != self.surrogate:
            self.model = make_surrogate(kind, self.sizes, self.model.table, key, self.values)
            self.surrogate = kind

    def row(self, genome: Genome) -> list[int]:
        return [ix[repr(genome[g.name])] for ix, g in zip(self._index, self.space.genes)]

    def add(self, genome: Genome, fitness: float) -> None:
        self.rows.append(self.row(genome))
        self.log_fitness.append(math.log(fitness) if fitness > 0 else math.nan)

    def load(self, rows: Sequence[Sequence[int]], log_fitness: Sequence[float]) -> None:
        """Replace the evaluations (a checkpoint's)."""
        self.rows, self.log_fitness = [list(r) for r in rows], [float(f) for f in log_fitness]
        self._cache.clear()
        self.model.invalidate()

    def _cached(self, name: str, make):
        hit = self._cache.get(name)
        if hit is None or hit[0] != len(self.rows):
            hit = self._cache[name] = (len(self.rows), make())
        return hit[1]

    def active(self) -> np.ndarray:
        """Indices (ascending) of the evaluations the surrogate and the slot features see: all of them
        up to ``memory``; beyond, the set chosen at the last epoch boundary (every ``memory // 16``
        evaluations: the best ``memory // 2``, failures last, and the most recent others up to
        ``memory``) followed by every evaluation since. This bounds what a proposal costs however
        long the run (a GP fit is cubic in its rows): an overnight run's ten thousandth evaluation is
        chosen as fast as its thousandth, from a model of the good region and of where the search is
        now. Between two boundaries the set only grows at its end, so the surrogate extends its
        factor by the new rows instead of refitting it (:meth:`whole`)."""
        return self._active()[0]

    def whole(self) -> int:
        """How many leading active rows the surrogate factors whole; it extends that factor by the
        others one row at a time. The same count for the same evaluations, so a resumed run factors
        exactly as the uninterrupted one did."""
        return self._active()[1]

    @property
    def epoch(self) -> int:
        return max(1, self.memory // 16)

    def _active(self) -> tuple[np.ndarray, int]:
        def make() -> tuple[np.ndarray, int]:
            n = len(self.rows)
            if n <= self.memory:
                return np.arange(n), n - n % self.epoch
            s = self.memory + (n - self.memory) // self.epoch * self.epoch  # the last boundary
            lf = np.asarray(self.log_fitness[:s])
            best = np.argsort(-np.where(np.isfinite(lf), lf, -np.inf), kind="stable")[:self.memory // 2]
            chosen = np.zeros(s, dtype=bool)
            chosen[best] = True
            rest = np.flatnonzero(~chosen)[-(self.memory - len(best)):]
            chosen[rest] = True
            kept = np.flatnonzero(chosen)
            return np.concatenate([kept, np.arange(s, n)]), len(kept)
        return self._cached("active", make)

    def _arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """The active evaluations as (rows [n, genes], log fitness [n])."""
        def make() -> tuple[np.ndarray, np.ndarray]:
            act = self.active()
            return (np.array([self.rows[i] for i in act], dtype=np.int64).reshape(len(act), len(self.sizes)),
                    np.array([self.log_fitness[i] for i in act], dtype=float))
        return self._cached("arrays", make)

    def fantasize(self, genome: Genome) -> None:
        """Count a genome proposed in this batch as measured at the surrogate's predicted mean (the
        "kriging believer" of batch Bayesian optimization): its std and its neighbours' shrink, so
        the next proposals of the same batch look elsewhere instead of around the same optimistic
        point. Forgotten when the batch's measurements arrive (:meth:`forget_fantasies`)."""
        if len(self.rows) < 2:
            return  # the model is the prior until two evaluations: nothing to believe yet
        row = self.row(genome)
        mean, _ = self.predict(np.array([row]))
        self.fantasies.append((row, float(mean[0])))

    def forget_fantasies(self, genomes: Sequence[Genome]) -> None:
        """Drop the fantasies of ``genomes``, whose measurements arrived; those of batches still in
        flight (asked ahead) stay until theirs arrive."""
        told = [self.row(g) for g in genomes]
        keep = []
        for row, f in self.fantasies:
            if row in told:
                told.remove(row)
            else:
                keep.append((row, f))
        if len(keep) != len(self.fantasies):
            self.fantasies = keep  # the model refits (incrementally) when next asked

    def best(self) -> float:
        def make() -> float:
            ok = [f for f in self.log_fitness if f == f]
            return max(ok) if ok else 0.0
        return self._cached("best", make)

    def slot_features(self, current: list[int], current_log_fitness: float) -> np.ndarray:
        """[genes, slots, len(SLOT_FEATURES)] features of editing each gene to each slot."""
        G, S = len(self.sizes), self.slots
        out = np.zeros((G, S, len(SLOT_FEATURES)), dtype=np.float32)
        j = np.arange(S)[None, :]
        cur = np.array(current)[:, None]
        span = np.maximum(self.sizes - 1, 1)[:, None]
        step = np.abs(j - cur)
        out[..., 0] = j / span
        out[..., 1] = (j - cur) / span
        out[..., 2] = np.log(np.maximum(step, 1))
        out[..., 10] = step == 1
        if not self.rows:
            return out
        H, lf = self._arrays()
        ok = np.isfinite(lf)
        hot = H[:, :, None] == np.arange(S)[None, None, :]  # [N, G, S]
        count, ok_count = hot.sum(0), (hot & ok[:, None, None]).sum(0)
        gain = np.clip(np.where(ok, lf, 0.0) - current_log_fitness, -GAIN_CLIP, GAIN_CLIP)
        hot_ok = hot & ok[:, None, None]
        best = np.where(hot_ok, gain[:, None, None], -np.inf).max(0)
        mean = (hot_ok * gain[:, None, None]).sum(0) / np.maximum(ok_count, 1)
        # Nearest evaluated genome holding the slot: Hamming distance to the edited genome.
        dist = (H != np.array(current)[None, :]).sum(1)[:, None] - (H != np.array(current)[None, :])  # [N, G]
        rank = np.where(hot_ok, dist[:, :, None] - 1e-3 * np.tanh(gain)[:, None, None], np.inf)
        nearest = rank.argmin(0)  # [G, S]
        has = ok_count > 0
        out[..., 3] = count > 0
        out[..., 4] = np.log1p(count) / math.log1p(len(H))
        out[..., 5] = np.where(has, best, 0.0)
        out[..., 6] = np.where(has, mean, 0.0)
        out[..., 7] = np.where(has, gain[nearest], 0.0)
        out[..., 8] = np.where(has, dist[nearest, np.arange(G)[:, None]] / G, 1.0)
        out[..., 9] = (count - ok_count) / np.maximum(count, 1)
        out[..., 11], out[..., 12] = self._model(current)
        return out

    def predict(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Predicted log fitness of genomes given as value-slot rows [n, genes], and its std, by the
        shared surrogate (:mod:`~evo_kernels.strategies.surrogate`); the prior (a transferred
        prior's mean, or zero; unit std) before two evaluations. Fitted to the evaluations and the
        batch's fantasies (:meth:`fantasize`)."""
        rows = np.asarray(rows).reshape(-1, len(self.sizes))
        if len(self.rows) < 2:
            return self.model.prior(rows), np.ones(len(rows))
        self._fit()
        return self.model.predict(rows)

    def screen(self, rows: np.ndarray, optimism: float) -> int:
        """Index of the row a surrogate screen picks: the highest upper confidence bound, predicted
        mean + ``optimism`` * std of log fitness (:meth:`predict`)."""
        mean, std = self.predict(rows)
        return int(np.argmax(mean + optimism * std))

    def _fit(self) -> None:
        """Fit the model to the active evaluations and the batch's fantasies (cheap when nothing
        changed, incremental when fantasies were added: :meth:`Surrogate.fit`)."""
        H, lf = self._arrays()
        if self.fantasies:
            H = np.vstack([H, np.array([r for r, _ in self.fantasies], dtype=np.int64)])
            lf = np.concatenate([lf, [f for _, f in self.fantasies]])
        self.model.fit(H, lf, self.whole())

    def _model(self, current: list[int]) -> tuple[np.ndarray, np.ndarray]:
        """The surrogate's predicted log-fitness gain (and its std) of editing each gene to each slot."""
        G, S = len(self.sizes), self.slots
        if len(self.rows) < 2 and self.model.table is None:
            return np.zeros((G, S)), np.ones((G, S))
        mean, std = self.predict(edit_grid(current, S))
        gain = np.clip(mean[:-1] - mean[-1], -GAIN_CLIP, GAIN_CLIP)
        return gain.reshape(G, S), std[:-1].reshape(G, S)


def metrics_of(ev: Evaluation) -> dict[str, float]:
    """The numbers of an evaluation that the state uses (JSON-serializable, so members checkpoint them)."""
    b, r = ev.build, ev.run
    return {"fitness": float(ev.fitness), "cv": float(r.cv) if r.cv == r.cv else 0.0, "registers": b.registers,
            "spill_bytes": b.spill_bytes, "smem_bytes": b.smem_bytes, "threads": b.threads_per_block,
            "sm_count": float(r.device.get("sm_count", 0) or 0)}


def occupancy(m: dict[str, float]) -> float:
    """Resident threads per SM over 2048 (sm_80/90 limits) from threads, registers and shared memory."""
    threads = int(m.get("threads", 0))
    if threads <= 0:
        return 0.0
    blocks = min(32, 2048 // threads)
    if m.get("registers", 0) > 0:
        blocks = min(blocks, int(65536 // (m["registers"] * threads)))
    if m.get("smem_bytes", 0) > 0:
        blocks = min(blocks, int(228 * 1024 // m["smem_bytes"]))
    return blocks * threads / 2048


def encode(exp: Experience, current: Genome, metrics: dict[str, float] | None, problem: dict[str, int],
           slot_mask: np.ndarray) -> dict[str, torch.Tensor]:
    """The state tensors (batch dimension of 1) of a member at ``current`` (measured as ``metrics``,
    None before its first evaluation) proposing an edit; ``slot_mask`` [genes, slots] marks allowed edits."""
    space, row, m = exp.space, exp.row(current), metrics or {}
    lf = math.log(m["fitness"]) if m.get("fitness", 0) > 0 else exp.best()
    slots = exp.slot_features(row, lf)
    genes = np.zeros((len(space), len(GENE_FEATURES)), dtype=np.float32)
    for i, g in enumerate(space.genes):
        genes[i, TRANSFORMS.index(g.transform)] = 1.0
        n = len(g.values)
        genes[i, len(TRANSFORMS):] = (g.normalized(current[g.name]), math.log(n) / math.log(64),
                                      slots[i, :n, 3].mean(), slots[i, :n, 5].max(), slot_mask[i].sum() / n)
    sizes = [math.log2(max(1, v)) / 16 for v in list(problem.values())[:3]] + [0.0] * 3
    glob = np.array([np.clip(lf, -3, 3), np.clip(exp.best(), -3, 3), min(1.0, m.get("cv", 0.0)),
                     m.get("registers", 0) / 255, math.log1p(m.get("spill_bytes", 0) / 1024),
                     m.get("smem_bytes", 0) / 49152, occupancy(m), math.log1p(len(exp.rows)) / 7, *sizes[:3],
                     math.log2(1 + m.get("sm_count", 0)) / 8], dtype=np.float32)
    return {"genes": torch.from_numpy(genes)[None], "slots": torch.from_numpy(slots)[None],
            "glob": torch.from_numpy(glob)[None], "mask": torch.from_numpy(slot_mask.astype(bool))[None]}


def _mlp(n_in: int, hidden: int, n_out: int) -> nn.Sequential:
    return nn.Sequential(nn.Linear(n_in, hidden), nn.Tanh(), nn.Linear(hidden, n_out))


class Agent(nn.Module):
    """Set encoder over gene tokens, an architect head (which gene) and an engineer head (which value)."""

    def __init__(self, cfg: PolicyConfig, generator: torch.Generator) -> None:
        super().__init__()
        h, ns = cfg.hidden, len(SLOT_FEATURES)
        self.gene_encoder = nn.Sequential(_mlp(len(GENE_FEATURES), h, h), nn.Tanh())
        self.global_encoder = nn.Sequential(nn.Linear(len(GLOBAL_FEATURES), h), nn.Tanh())
        self.architect = _mlp(2 * h, h, 1)
        self.engineer = _mlp(ns + 2 * h, h, 1)
        self.prior = nn.Linear(ns, 1, bias=False)
        self.coupling = nn.Parameter(torch.ones(()))
        with torch.no_grad():  # seeded init from the member's generator: no global RNG
            for m in self.modules():
                if isinstance(m, nn.Linear):
                    bound = 1 / math.sqrt(m.in_features)
                    nn.init.uniform_(m.weight, -bound, bound, generator=generator)
                    if m.bias is not None:
                        nn.init.uniform_(m.bias, -bound, bound, generator=generator)
            for head in (self.architect, self.engineer):
                nn.init.zeros_(head[-1].weight)
                nn.init.zeros_(head[-1].bias)
            self.prior.weight.zero_()
            for name, w in cfg.prior.items():
                self.prior.weight[0, SLOT_FEATURES.index(name)] = w

    def logits(self, s: dict[str, torch.Tensor]) -> tuple[torch.Tensor, torch.Tensor]:
        """Architect logits [B, G] and engineer logits [B, G, S], masked."""
        return self.masked(self.raw(s), s["mask"])

    def raw(self, s: dict[str, torch.Tensor]) -> tuple[torch.Tensor, torch.Tensor]:
        """The unmasked parts of :meth:`logits`: the architect's own term [B, G] and the engineer's
        logits [B, G, S] (a chain of edits masks them again at each step, :meth:`masked`)."""
        e = self.gene_encoder(s["genes"])  # [B, G, H]
        ctx = e.mean(1) + self.global_encoder(s["glob"])  # [B, H]
        ctx_g = ctx[:, None, :].expand_as(e)
        B, G, S, _ = s["slots"].shape
        per_slot = torch.cat([s["slots"], e[:, :, None, :].expand(B, G, S, -1),
                              ctx_g[:, :, None, :].expand(B, G, S, -1)], -1)
        eng = (self.engineer(per_slot) + self.prior(s["slots"])).squeeze(-1)
        return self.architect(torch.cat([e, ctx_g], -1)).squeeze(-1), eng

    def masked(self, raw: tuple[torch.Tensor, torch.Tensor], mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """:meth:`logits` from :meth:`raw` and a mask [B, G, S] of allowed edits."""
        arch_raw, eng = raw
        eng = eng.masked_fill(~mask, MASKED)
        gene_ok = mask.any(-1)
        lse = torch.logsumexp(eng, -1).masked_fill(~gene_ok, 0.0)
        arch = (arch_raw + self.coupling * lse)
        return arch.masked_fill(~gene_ok, MASKED), eng

    def get_action_and_logprob(self, state: dict[str, torch.Tensor], action: torch.Tensor | None = None,
                               temperature: float = 1.0, generator: torch.Generator | None = None
                               ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """Sample (or score) edits: returns action [B, 2] (gene, slot), log-probability [B], entropy [B]."""
        return self.sample(self.logits(state), action, temperature, generator)

    @staticmethod
    def sample(logits: tuple[torch.Tensor, torch.Tensor], action: torch.Tensor | None = None,
               temperature: float = 1.0, generator: torch.Generator | None = None
               ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """:meth:`get_action_and_logprob` given the state's :meth:`logits` (one forward pass serves
        every draw a proposal makes from the same state)."""
        arch, eng = logits
        arch_lp = torch.log_softmax(arch / temperature, -1)
        if action is None:
            gene = torch.multinomial(arch_lp.exp(), 1, generator=generator).squeeze(-1)
        else:
            gene = action[:, 0]
        eng_lp = torch.log_softmax(eng[torch.arange(len(gene)), gene] / temperature, -1)
        if action is None:
            slot = torch.multinomial(eng_lp.exp(), 1, generator=generator).squeeze(-1)
            action = torch.stack([gene, slot], -1)
        slot = action[:, 1]
        logprob = arch_lp.gather(1, gene[:, None]).squeeze(1) + eng_lp.gather(1, slot[:, None]).squeeze(1)
        entropy = -(arch_lp.exp() * arch_lp).sum(-1) - (eng_lp.exp() * eng_lp).sum(-1)
        return action, logprob, entropy
