"""The PBT policy: masked two-level actions, the state encoding, seeded init, and learning from reward."""
from __future__ import annotations

import math

import numpy as np
import torch

from evo_kernels.genome import Gene, GenomeSpace
from evo_kernels.strategies.experience import SLOT_FEATURES, Experience
from evo_kernels.strategies.policy import (
    GENE_FEATURES,
    GLOBAL_FEATURES,
    Agent,
    PolicyConfig,
    encode,
    occupancy,
)


def small_space() -> GenomeSpace:
    return GenomeSpace([Gene("bx", "AdjustBlockSize", (32, 64, 128, 256), 64),
                        Gene("tile", "ThreadCoarsening", (1, 2, 4), 1),
                        Gene("smem", "UseSharedMemory", (False, True), False)], name="small")


def agent(seed: int = 0) -> Agent:
    return Agent(PolicyConfig(hidden=16), torch.Generator().manual_seed(seed))


def state_for(space: GenomeSpace, exp: Experience, genome: dict, mask: np.ndarray | None = None) -> dict:
    if mask is None:
        mask = np.zeros((len(space), exp.slots), dtype=bool)
        for i, g in enumerate(space.genes):
            mask[i, :len(g.values)] = True
            mask[i, g.index(genome[g.name])] = False
    return encode(exp, genome, {"fitness": 1.0, "threads": 64}, {"size_x": 4096}, mask)


def test_state_shapes_are_template_independent():
    space = small_space()
    exp = Experience(space)
    s = state_for(space, exp, space.baseline())
    assert s["genes"].shape == (1, 3, len(GENE_FEATURES))
    assert s["slots"].shape == (1, 3, 4, len(SLOT_FEATURES))  # padded to the largest domain
    assert s["glob"].shape == (1, len(GLOBAL_FEATURES))
    # The transform one-hot of each gene is set, the template's gene names appear nowhere.
    assert s["genes"][0, :, :10].sum(-1).tolist() == [1.0, 1.0, 1.0]


def test_actions_respect_the_mask_and_logprob_scores_them():
    space = small_space()
    exp = Experience(space)
    mask = np.zeros((3, 4), dtype=bool)
    mask[1, 2] = mask[0, 3] = True
    s = state_for(space, exp, space.baseline(), mask)
    a = agent()
    g = torch.Generator().manual_seed(1)
    seen = set()
    for _ in range(50):
        action, logprob, entropy = a.get_action_and_logprob(s, generator=g)
        seen.add(tuple(action[0].tolist()))
        _, again, _ = a.get_action_and_logprob(s, action)
        assert torch.allclose(logprob, again) and torch.isfinite(entropy).all()
    assert seen == {(1, 2), (0, 3)}


def test_cold_start_prefers_values_that_did_well_and_short_steps():
    space = small_space()
    exp = Experience(space)
    exp.add({"bx": 256, "tile": 2, "smem": True}, 6.0)
    s = state_for(space, exp, space.baseline())
    arch, eng = agent().logits(s)
    p = torch.softmax(eng[0, 0], -1)
    assert p[3] > p[0]  # bx=256 ran 6x faster elsewhere (two steps away); 32 is unexplored
    exp2 = Experience(space)
    p2 = torch.softmax(agent().logits(state_for(space, exp2, space.baseline()))[1][0, 0], -1)
    assert p2[0] > p2[3]  # no data: the neighbour 32 before the far 256


def test_init_is_seeded_by_the_generator_not_the_global_rng():
    torch.manual_seed(123)
    a = agent(7)
    torch.manual_seed(999)
    b = agent(7)
    c = agent(8)
    for (k, x), y, z in zip(a.state_dict().items(), b.state_dict().values(), c.state_dict().values()):
        assert torch.equal(x, y), k
    assert any(not torch.equal(x, z) for x, z in zip(a.state_dict().values(), c.state_dict().values()))


def test_training_raises_the_probability_of_a_rewarded_action():
    space = small_space()
    exp = Experience(space)
    s = state_for(space, exp, space.baseline())
    a = agent()
    opt = torch.optim.Adam(a.parameters(), lr=1e-2)
    rewarded = torch.tensor([[1, 2]])  # tile 1 -> 4
    with torch.no_grad():
        _, lp0, _ = a.get_action_and_logprob(s, rewarded)
        arch0, eng0 = a.logits(s)
    g = torch.Generator().manual_seed(0)
    for _ in range(60):
        batch = {k: v.expand(16, *v.shape[1:]) for k, v in s.items()}
        actions, _, _ = a.get_action_and_logprob(batch, generator=g)
        reward = (actions == rewarded).all(-1).float() * 2 - 1
        _, logprob, _ = a.get_action_and_logprob(batch, actions)
        loss = -(reward * logprob).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        _, lp1, _ = a.get_action_and_logprob(s, rewarded)
        arch1, _ = a.logits(s)
    assert lp1.exp() > 2 * lp0.exp() and lp1.exp() > 0.5
    p0, p1 = torch.softmax(arch0, -1), torch.softmax(arch1, -1)
    assert float((p1 * (p1.log() - p0.log())).sum()) > 0.05  # the architect's distribution moved (KL)


def test_occupancy_estimate():
    assert occupancy({"threads": 256}) == 1.0
    assert occupancy({"threads": 1024, "registers": 64}) == 0.5  # 64K registers hold one block
    assert occupancy({"threads": 0}) == 0.0


def test_surrogate_is_ordinal_and_certain_where_it_has_data():
    from evo_kernels.strategies.surrogate import Surrogate

    # One gene of 8 ordered values; fitness peaks at slot 5 and falls off with the distance to it.
    sizes = np.array([8, 2])
    rows = [[j, 0] for j in (0, 2, 4, 7)]
    lf = [-abs(j - 5) * 0.5 for j, _ in rows]
    model = Surrogate(sizes)
    model.fit(rows, lf)
    mean, std = model.predict(np.array([[5, 0], [1, 0], [4, 0], [4, 1]]))
    assert mean[0] > mean[1]  # the unseen value next to the best seen one beats the one next to the worst
    assert std[2] < std[0] and std[2] < std[3]  # an evaluated genome is known better than unseen ones
    model.fit(rows + [[5, 0]], lf + [math.nan])  # a failure counts as the worst fitness seen
    assert model.predict(np.array([[5, 0]]))[0][0] < mean[0]


def test_surrogate_clips_the_worse_half_so_outliers_do_not_dominate():
    from evo_kernels.strategies.surrogate import Surrogate

    rows = [[0], [1], [2], [3], [4]]
    a, b = Surrogate(np.array([5])), Surrogate(np.array([5]))
    a.fit(rows, [0.0, 0.1, 0.2, -1.0, 0.3])
    b.fit(rows, [0.0, 0.1, 0.2, -50.0, 0.3])  # the same space with one awful configuration
    q = np.array([[1], [4]])
    assert np.allclose(a.predict(q)[0], b.predict(q)[0])


def test_value_scales_log_positions_and_power_of_two_flags():
    from evo_kernels.strategies.surrogate import Surrogate, value_scales

    values = [[16, 32, 48, 64, 256], [1, 2, 3, 4], ["a", "b"], [7], [1, 2]]
    pos, pow2 = value_scales(values)
    assert np.allclose(pos[0, :5], np.log([1, 2, 3, 4, 16]) / np.log(16))  # spans 16x: log scale
    assert np.allclose(pos[1, :4], np.log([1, 2, 3, 4]) / np.log(4))  # spans 4x: log scale
    assert np.allclose(pos[2, :2], [0, 1]) and pos[3, 0] == 0 and np.allclose(pos[4, :2], [0, 1])  # slot indices
    assert list(pow2[0, :5]) == [1, 1, 0, 1, 1] and list(pow2[1, :4]) == [1, 1, 0, 1]
    assert not pow2[2:].any()  # strings, one value, and genes of powers of two only: no flag
    # The flag is a dimension of the kernel: 32 is more like 64 than 48 is, though 48 lies between them.
    m = Surrogate(np.array([5]), values=[values[0]])
    k = m.kernel(np.array([[1]]), np.array([[3], [2]]))[0]
    assert k[0] > k[1]
    plain = Surrogate(np.array([5]))  # without values: slot indices, as before
    k = plain.kernel(np.array([[1]]), np.array([[3], [2]]))[0]
    assert k[0] < k[1]


def test_surrogate_prior_mean_ranks_unseen_genomes_and_fades_where_the_run_contradicts_it():
    from evo_kernels.strategies.surrogate import Surrogate

    table = np.array([[0.0, 0.5, 1.0, 1.5, 2.0], [0.0, 0.0, 0.0, 0.0, 0.0]])  # the prior: higher slot, better
    rows = [[0, 0], [1, 1]]
    agree = Surrogate(np.array([5, 5]), table)
    agree.fit(rows, [0.0, 0.5])
    mean, _ = agree.predict(np.array([[4, 4], [3, 4]]))
    assert mean[0] > mean[1] > 0.5  # far from the data the prior's ranking holds
    rows = [[j, k] for j in range(5) for k in range(5)]
    lf = [-0.5 * j for j, _ in rows]
    against = Surrogate(np.array([5, 5]), table)
    against.fit(rows, lf)  # 25 evaluations say the opposite: the prior's scale goes to 0
    assert against._fit[-1] == 0.0
    plain = Surrogate(np.array([5, 5]))
    plain.fit(rows, lf)
    assert np.allclose(against.predict(np.array([[2, 3]]))[0], plain.predict(np.array([[2, 3]]))[0])
    few = Surrogate(np.array([5, 5]), table)
    few.fit(rows[::6], lf[::6])  # a few contrary evaluations only shrink it: 8 pseudo-observations back the prior
    assert 0.0 < few._fit[-1] < 1.0


def test_surrogate_fit_is_incremental_and_equals_a_whole_fit():
    from evo_kernels.strategies.surrogate import Surrogate, edit_grid

    rng = np.random.default_rng(0)
    vals = [[1, 2, 4, 8, 16], [32, 48, 64, 96, 128, 256], [0, 1], [1, 2, 3]]  # log scales and power-of-two flags
    sizes = np.array([len(v) for v in vals])
    rows = [[int(rng.integers(n)) for n in sizes] for _ in range(70)]
    lf = list(rng.normal(size=70))
    lf[5] = math.nan  # a failure
    inc = Surrogate(sizes, values=vals)
    inc.fit(rows[:40], lf[:40])
    for k in range(41, 49):  # a batch's fantasies, one at a time
        inc.fit(rows[:k], lf[:k], whole=40)
    whole = Surrogate(sizes, values=vals)
    whole.fit(rows[:48], lf[:48])
    q = np.array(rows[50:])
    (m1, s1), (m2, s2) = inc.predict(q), whole.predict(q)
    assert np.allclose(m1, m2, atol=1e-9) and np.allclose(s1, s2, atol=1e-9)
    # the same rows in the same order are factored by the same operations: a resumed run (a fresh
    # model, measurements and fantasies fitted at once) chooses bit for bit as the uninterrupted one
    fresh = Surrogate(sizes, values=vals)
    fresh.fit(rows[:48], lf[:48], whole=40)
    assert all(np.array_equal(u, v) for u, v in zip(fresh.predict(q), inc.predict(q)))
    # forgetting the fantasies and adding the measurements is a fit of those rows
    inc.fit(rows[:44], lf[:44])
    whole.fit(rows[:44], lf[:44])
    assert np.allclose(inc.predict(q)[0], whole.predict(q)[0], atol=1e-9)
    # the kernel as matrix products equals its definition; the edit grid is every single-gene edit, then the row
    (ca, pa), (cb, pb) = inc._dimensions(q), inc._dimensions(np.array(rows[:30]))
    same = (ca[:, None, :] == cb[None, :, :]).mean(-1)
    ref = 0.5 * same + 0.5 * np.exp(-10 * np.abs(pa[:, None, :] - pb[None, :, :]).mean(-1))
    assert np.allclose(inc.kernel(q, np.array(rows[:30])), ref, atol=1e-12)
    grid = edit_grid(rows[3], 6)
    assert grid.shape == (4 * 6 + 1, 4) and list(grid[-1]) == rows[3]
    assert all((grid[g * 6 + j] != rows[3]).sum() <= 1 and grid[g * 6 + j][g] == j for g in range(4) for j in range(6))


def test_name_embedding_starts_silent_and_tells_genes_apart_by_name():
    """PolicyConfig.name_buckets: every state carries the genes' names as stable integers; a policy with a
    name embedding starts exactly as one without (the embedding is zero), and what it learns for a name
    moves that gene's choices most (the others' only through the space's context)."""
    import zlib

    from evo_kernels.strategies.policy import NAME_HASH

    space = small_space()
    exp = Experience(space)
    s = state_for(space, exp, space.baseline())
    assert s["names"].tolist() == [[zlib.crc32(n.encode()) % NAME_HASH for n in space.names]]
    plain = Agent(PolicyConfig(hidden=16), torch.Generator().manual_seed(3))
    named = Agent(PolicyConfig(hidden=16, name_buckets=64), torch.Generator().manual_seed(3))
    assert plain.name_embedding is None and named.name_embedding.weight.shape == (64, 16)
    for a, b in zip(plain.logits(s), named.logits(s)):
        assert torch.equal(a, b)
    with torch.no_grad():
        for a in (plain, named):  # as after training: the engineer's last layer is no longer zero
            a.engineer[-1].weight.copy_(torch.linspace(-1, 1, a.engineer[-1].weight.numel()).view_as(
                a.engineer[-1].weight))
        named.name_embedding.weight[int(s["names"][0, 1]) % 64] = 1.0  # the bucket of "tile"
    arch0, eng0 = plain.logits(s)
    arch1, eng1 = named.logits(s)
    live = s["mask"][0]
    moved = [float((eng1[0, i] - eng0[0, i]).detach()[live[i]].abs().max()) for i in range(3)]
    assert moved[1] > 0 and moved[1] > 2 * max(moved[0], moved[2])  # the others only through the context
