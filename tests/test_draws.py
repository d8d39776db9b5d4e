"""The draws of one proposal (:mod:`evo_kernels.strategies.draws`): what each kind of draw is, that the
two-pass drawing gives the draws one at a time would, and what a policy draw carries for REINFORCE."""
from __future__ import annotations

import copy
import math
from dataclasses import replace

import numpy as np
import pytest
import torch

from evo_kernels.strategies.draws import Draws
from evo_kernels.strategies.experience import Experience
from evo_kernels.strategies.members import Member
from evo_kernels.strategies.operators import Operators
from evo_kernels.strategies.pbt_config import PBTConfig
from evo_kernels.strategies.policy import Hyperparameters, PolicyConfig
from pbt_fabricated import fabricated_space, fabricated_time

PROBLEM = {"n": 1 << 20}


def _setup(seed: int = 0, mutation_mix: float = 0.0, **cfg):
    """Two members on the fabricated space, each on a measured genome, with 12 measured genomes in the
    experience (the policy's slot features need some): (draws, member, best)."""
    space = fabricated_space()
    rng = np.random.default_rng(seed)
    ops, experience = Operators(space, rng), Experience(space)
    measured = []
    while len(measured) < 12:
        g = space.sample(rng)
        if g not in measured:
            measured.append(g)
            experience.add(g, 10.0 / fabricated_time(g))
            ops.see(ops.values(g))
    hp = Hyperparameters(lr=3e-3, entropy=3e-3, temperature=0.7, mutation_scale=1.0, mutation_mix=mutation_mix)
    members = [Member(i, PolicyConfig(), hp, 100 + i) for i in range(2)]
    for m, g in zip(members, measured[:2]):
        m.genome, m.metrics = g, {"fitness": 10.0 / fabricated_time(g)}
    best = max(members, key=lambda o: o.fitness)
    draws = Draws(replace(PBTConfig(), **cfg), rng, ops, experience, PROBLEM, lambda: space.sample(rng))
    return draws, members[1 - best.index], best


def _changed(a: dict, b: dict) -> list[str]:
    return [k for k in a if a[k] != b[k]]


def test_uniform_edits_change_one_gene_of_the_member_to_a_valid_unseen_genome():
    draws, m, best = _setup(recombine=0.0, edits="uniform")
    out = draws.draw(m, 40, best)
    assert len(out) == 40
    for g, p in out:
        assert p.kind == "uniform" and p.member == m.index and p.state is None
        assert len(_changed(m.genome, g)) == 1
        assert draws.ops.fresh(g)  # valid and not measured
    assert len({tuple(g.values()) for g, _ in out}) > 3  # drawn, not one edit repeated


def test_with_recombination_a_draw_is_one_edit_from_the_member_or_from_a_crossover_with_the_best():
    draws, m, best = _setup(recombine=1.0, edits="uniform")
    far = 0
    for g, _ in draws.draw(m, 40, best):
        # a crossover takes each gene from one parent, then the edit changes one more
        off = [k for k in g if g[k] != m.genome[k] and g[k] != best.genome[k]]
        assert len(off) <= 1
        far += len(_changed(m.genome, g)) > 1
    assert far > 0  # some draws did start from a crossover


def test_mutation_mix_one_gives_mutations_only():
    draws, m, best = _setup(mutation_mix=1.0, recombine=0.0)
    out = draws.draw(m, 20, best)
    assert {p.kind for _, p in out} == {"mutate"}
    assert all(g != m.genome and draws.ops.valid_values(draws.ops.values(g)) for g, _ in out)


def test_a_policy_draw_is_the_edit_its_action_names_and_carries_its_state_and_log_ratio():
    draws, m, best = _setup(recombine=0.0)
    out = draws.draw(m, 30, best)
    assert {p.kind for _, p in out} == {"policy"}
    _, _, mask, targets, state, logits = draws.states[(draws.ops.values(m.genome), False)]
    for g, p in out:
        gi, j = int(p.action[0, 0]), int(p.action[0, 1])
        assert mask[gi, j]
        assert draws.ops.values(g) == targets[(gi, j)]
        assert _changed(m.genome, g) == [draws.ops.space.genes[gi].name]
        assert p.state is state
        # the edit's log-probability under the member's policy (at its temperature), over a uniform choice's
        _, logprob, _ = m.agent.sample(logits, action=p.action, temperature=m.hp.temperature)
        assert p.ratio == pytest.approx(float(logprob[0]) + math.log(mask.sum()), abs=1e-5)
    assert len({(int(p.action[0, 0]), int(p.action[0, 1])) for _, p in out}) > 1  # sampled, not the argmax


@pytest.mark.parametrize("edits", ["policy", "uniform"])
@pytest.mark.parametrize("chain", [1, 3])
def test_drawing_k_at_once_gives_the_draws_of_k_proposals_of_one(edits, chain):
    """Draws.draw makes every numpy choice first, then one forward pass, then the torch samples: the
    same draws as k separate calls of one draw each, from the same generators."""
    draws, m, best = _setup(seed=3, mutation_mix=0.3, recombine=0.5, edits=edits, chain=chain)
    twin, m2, best2 = copy.deepcopy((draws, m, best))
    at_once = draws.draw(m, 24, best)
    one_by_one = []
    for _ in range(24):
        fresh = Draws(twin.cfg, twin.rng, twin.ops, twin.experience, twin.problem, twin.random)
        one_by_one += fresh.draw(m2, 1, best2)
    assert [(g, p.kind) for g, p in at_once] == [(g, p.kind) for g, p in one_by_one]
    if edits == "policy":
        pol = [(p.action, q.action) for (_, p), (_, q) in zip(at_once, one_by_one) if p.kind == "policy"]
        assert pol and all(torch.equal(a, b) for a, b in pol)


def test_a_chain_changes_at_most_chain_distinct_genes_and_ends_on_an_unseen_valid_genome():
    draws, m, best = _setup(recombine=0.0, edits="uniform", chain=3)
    out = draws.draw(m, 40, best)
    lengths = set()
    for g, p in out:
        if p.kind == "mutate":  # a chain that ended on a seen genome falls back to a mutation
            continue
        lengths.add(len(_changed(m.genome, g)))
        assert draws.ops.fresh(g)
    assert lengths and max(lengths) <= 3 and max(lengths) >= 2
