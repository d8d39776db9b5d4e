"""The PBT policy: what it sees of a search (template-independent features) and the torch model.

State, per gene: its transform kind (one-hot over ``genome.TRANSFORMS``), normalized value and
domain size; per (gene, value slot): what this run's own evaluations say about that value (the
slot features of :class:`~evo_kernels.strategies.experience.Experience`: best and mean log fitness
of evaluated genomes holding it, relative to the member's current genome; the nearest evaluated
genome holding it; how often it failed), plus where the slot lies relative to the current value.
Globally: static build metrics, measured metrics, problem and GPU descriptors. Nothing names a
gene or a template, so one policy serves every kernel, and a policy trained on some spaces can
start a search on another.

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
import zlib
from dataclasses import dataclass, field

import numpy as np
import torch
from torch import nn

from evo_kernels.genome import TRANSFORMS
from evo_kernels.records import Evaluation, Genome
from evo_kernels.strategies.experience import SLOT_FEATURES, Experience

GENE_FEATURES = (*(f"is_{t}" for t in TRANSFORMS), "value", "log_domain", "explored", "max_gain", "open_share")
GLOBAL_FEATURES = ("log_fitness", "log_best", "cv", "registers", "log_spill_kib", "smem", "occupancy", "log_evals",
                   "log_size_x", "log_size_y", "log_size_z", "log_sm_count")
# The cold-start heuristic, in logit units per feature (see the module docstring).
PRIOR = {"best_gain": 1.0, "has_data": -0.5, "log_step": -1.0, "model_gain": 3.0, "model_std": 3.0}
MASKED = -1e9  # a finite "minus infinity": softmax gives exactly 0 and entropies stay finite
NAME_HASH = 1 << 20  # gene names as stable integers (crc32 modulo this), before a policy's own buckets


@dataclass
class PolicyConfig:
    """Architecture of :class:`Agent`; every member of a population (and a transferred one) shares it."""

    hidden: int = 32
    """Width of every hidden layer."""
    prior: dict[str, float] = field(default_factory=lambda: dict(PRIOR))
    """Initial weights of the linear slot term (the cold-start heuristic), by slot feature name."""
    name_buckets: int = 0
    """Buckets of a learned embedding of each gene's *name* (its crc32 modulo this), added to the gene's
    encoding: a policy pretrained on some spaces then knows a parameter it met before by name (the same
    kernel on another GPU), where the transform kind alone says nothing (``Generic`` genes). 0: none,
    the policy sees no names (one policy serves every kernel alike). Starts at zero, so the cold-start
    heuristic is unchanged."""


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


def name_ids(names: list[str] | tuple[str, ...]) -> np.ndarray:
    """The genes' names as stable integers (crc32 modulo NAME_HASH), [genes]."""
    return np.array([zlib.crc32(n.encode()) % NAME_HASH for n in names], dtype=np.int64)


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
            "glob": torch.from_numpy(glob)[None], "mask": torch.from_numpy(slot_mask.astype(bool))[None],
            "names": torch.from_numpy(name_ids(space.names))[None]}


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
        self.name_embedding = nn.Embedding(cfg.name_buckets, h) if cfg.name_buckets else None
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
            if self.name_embedding is not None:
                nn.init.zeros_(self.name_embedding.weight)
            for name, w in cfg.prior.items():
                self.prior.weight[0, SLOT_FEATURES.index(name)] = w

    def logits(self, s: dict[str, torch.Tensor]) -> tuple[torch.Tensor, torch.Tensor]:
        """Architect logits [B, G] and engineer logits [B, G, S], masked."""
        return self.masked(self.raw(s), s["mask"])

    def raw(self, s: dict[str, torch.Tensor]) -> tuple[torch.Tensor, torch.Tensor]:
        """The unmasked parts of :meth:`logits`: the architect's own term [B, G] and the engineer's
        logits [B, G, S] (a chain of edits masks them again at each step, :meth:`masked`)."""
        e = self.gene_encoder(s["genes"])  # [B, G, H]
        if self.name_embedding is not None:
            e = e + self.name_embedding(s["names"] % self.name_embedding.num_embeddings)
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
