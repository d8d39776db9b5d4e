"""A PBT population's members (:mod:`evo_kernels.strategies.members`): explore's perturbations, a member's
state through a checkpoint, and what a warm start copies (the search around them: test_pbt.py)."""
from __future__ import annotations

from dataclasses import asdict

import numpy as np
import torch

from evo_kernels.strategies.members import HP_BOUNDS, HP_RANGES, Entrant, Member, explore
from evo_kernels.strategies.policy import Hyperparameters, PolicyConfig


def test_explore_is_pure_and_reports_changes():
    hp = Hyperparameters()
    new, changes = explore(hp, np.random.default_rng(0), (1.2, 0.8))
    assert hp == Hyperparameters() and set(changes) == set(asdict(hp))
    assert all(changes[k] == [getattr(hp, k), getattr(new, k)] for k in changes)
    # Resampling draws from the initial ranges; perturbing never leaves the bounds.
    redrawn, _ = explore(hp, np.random.default_rng(0), (1.2, 0.8), resample_probability=1.0)
    assert all(HP_RANGES[k][0] <= v <= HP_RANGES[k][1] for k, v in asdict(redrawn).items())
    for _ in range(200):
        hp, _ = explore(hp, np.random.default_rng(len(str(hp))), (0.8, 0.8))
    assert all(v == HP_BOUNDS[k][0] for k, v in asdict(hp).items())


def test_explore_multiplies_each_setting_by_one_of_the_factors():
    hp = Hyperparameters(lr=2e-3, entropy=2e-3, temperature=1.0, mutation_scale=1.0, mutation_mix=0.5)
    seen = set()
    for seed in range(40):
        new, _ = explore(hp, np.random.default_rng(seed), (1.2, 0.8))
        for k, v in asdict(new).items():
            ratio = round(v / getattr(hp, k), 9)
            assert ratio in (1.2, 0.8)
            seen.add(ratio)
    assert seen == {1.2, 0.8}


def _member(seed: int = 5) -> Member:
    return Member(3, PolicyConfig(), Hyperparameters(), seed)


def test_a_member_leaves_the_global_torch_rng_as_it_found_it_and_its_seed_decides_its_weights():
    torch.manual_seed(0)
    expected = torch.rand(3)
    torch.manual_seed(0)
    a = _member(5)
    assert torch.equal(torch.rand(3), expected)
    b, c = _member(5), _member(6)
    weights = [list(m.agent.state_dict().values()) for m in (a, b, c)]
    assert all(torch.equal(x, y) for x, y in zip(weights[0], weights[1]))
    assert not all(torch.equal(x, y) for x, y in zip(weights[0], weights[2]))


def test_a_member_through_its_state_dict_is_the_same_member():
    a = _member(5)
    a.genome, a.metrics, a.forced = {"x": 1}, {"fitness": 2.5}, {"x": 2}
    a.baseline, a.stale = 0.25, 3
    a.hp = Hyperparameters(lr=5e-3)
    for p in a.agent.parameters():  # one Adam step, so that the optimizer has state to carry
        p.grad = torch.ones_like(p)
    a.optimizer.step()
    torch.rand(4, generator=a.generator)
    b = _member(9)
    b.load_state_dict(a.state_dict())
    assert (b.genome, b.metrics, b.forced, b.baseline, b.stale, b.hp) == \
        (a.genome, a.metrics, a.forced, a.baseline, a.stale, a.hp)
    assert b.fitness == 2.5
    assert all(torch.equal(x, y) for x, y in zip(a.agent.state_dict().values(), b.agent.state_dict().values()))
    assert torch.equal(torch.rand(4, generator=a.generator), torch.rand(4, generator=b.generator))
    sa, sb = a.optimizer.state_dict()["state"], b.optimizer.state_dict()["state"]
    assert all(torch.equal(sa[k]["exp_avg"], sb[k]["exp_avg"]) for k in sa)
    assert sa[0]["exp_avg"] is not sb[0]["exp_avg"]  # copied, not shared
    assert b.optimizer.param_groups[0]["params"][0] is next(b.agent.parameters())  # still steps b's own weights


def test_load_weights_carries_what_transfers_and_leaves_the_run_state():
    a, b = _member(5), _member(9)
    a.genome, a.stale = {"x": 1}, 4
    b.load_weights(a.state_dict())
    assert b.genome is None and b.stale == 0 and b.index == 3
    assert all(torch.equal(x, y) for x, y in zip(a.agent.state_dict().values(), b.agent.state_dict().values()))


def test_an_unmeasured_member_has_fitness_zero_and_its_entrant_carries_its_fitness():
    m = _member()
    assert m.fitness == 0.0
    m.metrics = {"fitness": 1.75}
    assert Entrant(m).fitness.values == (1.75,) and Entrant(m).member is m
