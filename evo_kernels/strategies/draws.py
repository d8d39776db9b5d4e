"""The draws of one proposal of :class:`~evo_kernels.strategies.pbt.PBTSearch`: the candidates a
member offers its surrogate screen. Each starts from the member's genome or a crossover with the
fittest member's, then is a single-gene edit sampled from the member's policy (or uniformly, with
``edits="uniform"``; a chain of them, with ``chain`` > 1) or a mutation. One :class:`Draws` per
proposal: the encodings of its bases depend on what that proposal sees.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import torch

from evo_kernels.records import Genome
from evo_kernels.strategies.members import Member
from evo_kernels.strategies.operators import Operators, uniform_edit
from evo_kernels.strategies.pbt_config import PBTConfig
from evo_kernels.strategies.experience import Experience
from evo_kernels.strategies.policy import encode


@dataclass
class Proposal:
    """What a proposed genome came from: its member, the kind of draw ("init" a start genome, "policy",
    "uniform" (edits="uniform"), "mutate", "explore" or "sweep") and, for a policy's draw, the state
    and action REINFORCE learns from."""

    member: int
    kind: str
    state: dict[str, torch.Tensor] | None = None
    action: torch.Tensor | None = None
    predicted: float | None = None  # a screened pick's predicted log fitness (PBTConfig.trust's record)
    ratio: float = 0.0  # a policy draw's log-probability over a uniform choice's (PBTConfig.policy_weight)


@dataclass
class Draws:
    """The draw machinery of one proposal, over the search's own generator, operators and experience;
    ``random`` is the search's fallback genome (its start queue, then random valid ones)."""

    cfg: PBTConfig
    rng: np.random.Generator
    ops: Operators
    experience: Experience
    problem: dict[str, int]
    random: Callable[[], Genome | None]
    # base -> [genome, metrics, edits mask, edits, state, logits]
    states: dict[tuple, list] = field(default_factory=dict)

    def draw(self, m: Member, k: int, best: Member) -> list[tuple[Genome | None, Proposal]]:
        """``k`` draws for the member's screen: each starts from its genome or (``recombine``) a
        crossover with the fittest member ``best``, then is a policy edit of that base (``1 - mutation_mix``)
        or a mutation. In two passes that make the same draws as one would: first every random
        choice (the numpy generator's order is the draws' order), then one encoding per distinct
        base and one forward pass over all of them, then the policies' samples in the draws' order
        (the torch generator's)."""
        plan: list[Any] = []  # per draw: a base's key (a policy edit) or a finished (genome, proposal)
        for _ in range(k):
            base, metrics = m.genome, m.metrics
            if best is not m and self.rng.random() < self.cfg.recombine:
                # Start from a uniform crossover with the fittest member, as a GA would; the child is
                # not measured yet, so the policy sees it without metrics (its reference is the best fitness).
                child = self.ops.crossover(m.genome, best.genome)
                if child is not None and child != m.genome:
                    base, metrics = child, None
            if self.rng.random() >= m.hp.mutation_mix:
                key = (self.ops.values(base), metrics is None)
                if key not in self.states:
                    self.states[key] = [base, metrics, *self.ops.edits(base, self.experience.slots,
                                                                        fresh=self.cfg.chain <= 1), None, None]
                if self.states[key][2].any():
                    plan.append(key)
                    continue
            g = self.ops.mutant(base, m.hp.mutation_scale)
            plan.append((g, Proposal(m.index, "mutate")) if g is not None
                        else (self.random(), Proposal(m.index, "mutate")))
        todo = [key for key in dict.fromkeys(p for p in plan if isinstance(p[1], bool)) if self.states[key][4] is None]
        if self.cfg.chain > 1:
            return self._chains(m, plan, todo)
        if self.cfg.edits == "uniform":  # the ablation: the same edits, drawn uniformly, nothing learned
            def uniform(key: tuple) -> tuple[Genome | None, Proposal]:
                _, _, mask, targets = self.states[key][:4]
                return self.ops.genome(targets[uniform_edit(mask, m.generator)]), Proposal(m.index, "uniform")

            return _fill(plan, uniform)
        if todo:
            self._encode(m, todo, m.agent.logits)

        def policy(key: tuple) -> tuple[Genome | None, Proposal]:
            _, _, mask, targets, state, logits = self.states[key]
            with torch.no_grad():
                action, logprob, _ = m.agent.sample(logits, temperature=m.hp.temperature, generator=m.generator)
            return (self.ops.genome(targets[(int(action[0, 0]), int(action[0, 1]))]),
                    Proposal(m.index, "policy", state, action, ratio=float(logprob[0]) + float(np.log(mask.sum()))))

        return _fill(plan, policy)

    def _encode(self, m: Member, todo: list[tuple], head: Any) -> None:
        """Encode each base of ``todo`` and run one forward pass of ``head`` (the member's masked
        ``logits`` or its ``raw`` outputs) over all of them; each base keeps its state and outputs."""
        states = [encode(self.experience, self.states[key][0], self.states[key][1], self.problem,
                         self.states[key][2]) for key in todo]
        with torch.no_grad():
            arch, eng = head({name: torch.cat([st[name] for st in states]) for name in states[0]})
        for i, key in enumerate(todo):
            self.states[key][4:] = [states[i], (arch[i:i + 1], eng[i:i + 1])]

    def _chains(self, m: Member, plan: list[Any], todo: list[tuple]) -> list[tuple[Genome | None, Proposal]]:
        """:meth:`_draws`'s last pass with ``chain`` > 1: each policy (or uniform) draw is a chain of
        single-gene edits of distinct genes, each step from the base's forward pass masked by the
        edits valid at the intermediate genome (new ones only at the last step); a chain whose end
        is not new falls back to a mutation of its base."""
        uniform = self.cfg.edits == "uniform"
        if todo and not uniform:
            self._encode(m, todo, m.agent.raw)
        memo: dict[tuple, tuple[np.ndarray, dict]] = {}

        def chain(key: tuple) -> tuple[Genome | None, Proposal]:
            base, _, mask, targets, state, raw = self.states[key]
            cur, edited, masks, actions = key[0], [], [], []
            for k in range(self.cfg.chain):
                last = k == self.cfg.chain - 1
                if k:
                    if (cur, last) not in memo:
                        memo[(cur, last)] = self.ops.edits(self.ops.genome(cur), self.experience.slots, fresh=last)
                    mask, targets = memo[(cur, last)]
                    mask = mask.copy()
                    mask[edited] = False
                if not mask.any():
                    break
                if uniform:
                    gi, j = uniform_edit(mask, m.generator)
                else:
                    tmask = torch.from_numpy(mask)[None]
                    with torch.no_grad():
                        action, _, _ = m.agent.sample(m.agent.masked(raw, tmask), temperature=m.hp.temperature,
                                                      generator=m.generator)
                    gi, j = int(action[0, 0]), int(action[0, 1])
                    masks.append(tmask)
                    actions.append(action)
                cur = targets[(gi, j)]
                edited.append(gi)
            if not edited or cur in self.ops.seen or not self.ops.valid_values(cur):
                g = self.ops.mutant(base, m.hp.mutation_scale)
                return g if g is not None else self.random(), Proposal(m.index, "mutate")
            if uniform:
                return self.ops.genome(cur), Proposal(m.index, "uniform")
            steps = {name: torch.cat([state[name]] * len(masks)) for name in state if name != "mask"}
            steps["mask"] = torch.cat(masks)
            return self.ops.genome(cur), Proposal(m.index, "policy", steps, torch.cat(actions))

        return _fill(plan, chain)


def _fill(plan: list[Any], draw: Any) -> list[tuple[Genome | None, Proposal]]:
    """The plan with each of its edit slots (a state key, whose second item is a bool) replaced by
    ``draw(key)``, in order; its other entries, already (genome, proposal), as they are."""
    return [draw(p) if isinstance(p[1], bool) else p for p in plan]
