"""PBTSearch on a fabricated space and on a replayed Kernel Tuner space: determinism, budget, resume,
exploit/explore and its lineage, proposals screened by the surrogate (saved populations and priors:
test_pbt_transfer.py)."""
from __future__ import annotations

import math
from dataclasses import asdict

import numpy as np
import pytest
import torch

from evo_kernels.checkpoint import load_latest, read_lineage, save_population
from evo_kernels.runners.replay import ReplaySpace
from evo_kernels.search import SearchLoop
from evo_kernels.strategies.pbt import HP_BOUNDS, PBTSearch
from evo_kernels.strategies.policy import Hyperparameters
from evo_kernels.strategies.surrogate import Surrogate
from pbt_fabricated import SPACES, fabricated_space, fabricated_time, make, same_population


# the default surrogate in the fast default; the optional ones (trees, blend, gp+trees: 21 s on 2 cores) with --all
@pytest.mark.parametrize("surrogate", ["gp"] + [pytest.param(s, marks=pytest.mark.slow)
                                                for s in ("trees", "blend", "gp+trees")])
def test_same_seed_same_run_other_seed_other_run(surrogate):
    (a, la), (b, lb), (_, lc) = make(1, surrogate=surrogate), make(1, surrogate=surrogate), make(2, surrogate=surrogate)
    for lp in (la, lb, lc):
        lp.run()
    assert [e.candidate.key for e in la.history] == [e.candidate.key for e in lb.history]
    same_population(a, b)
    assert [e.candidate.key for e in la.history] != [e.candidate.key for e in lc.history]


@pytest.mark.parametrize("budget", [1, 7, 37, 60])
def test_budget_is_respected_exactly_and_nothing_is_proposed_twice(budget):
    strategy, loop = make(3)
    loop.budget = budget
    asked = []
    ask = strategy.ask
    strategy.ask = lambda n: _record(ask, n, asked)
    loop.run()
    assert loop.spent == budget == loop.evaluator.calls
    assert len(asked) == len(set(asked))  # every proposal is new: none wastes a generation


def _record(ask, n, asked):
    out = ask(n)
    asked.extend(c.key for c in out)
    return out


def test_gets_within_5_percent_of_the_fabricated_optimum():
    space = fabricated_space()
    valid = [g for g in space.enumerate() if not (g["tile"] == 8 and g["bx"] == 128)]
    best = min(fabricated_time(g) for g in valid)
    for seed in range(3):
        _, loop = make(seed)
        loop.budget = len(valid) // 3  # a third of the space
        loop.run()
        assert min(e.run.median_ms for e in loop.history if e.status == "ok") <= 1.05 * best


@pytest.mark.parametrize("surrogate, opts", [("gp", {}), ("trees", {}), ("gp+trees", {}), ("gp", {"memory": 16}),
                                             ("gp", {"memory": 40})],
                         ids=["gp", "trees", "gp+trees", "gp-memory-16", "gp-memory-40"])
def test_killed_and_resumed_run_ends_like_an_uninterrupted_one(tmp_path, surrogate, opts):
    """(With ``memory`` 16 the models see the best 8 and the most recent 8 of the 60 evaluations: the
    active set changes every generation, and a resumed run still chooses as the uninterrupted one.
    With 40, the set is chosen every 2 evaluations and the factor extended between.)"""
    def save(run):
        return lambda lp: save_population(run, lp.generation, {"strategy": lp.strategy.state_dict(),
                                                               "loop": lp.state_dict()})

    full, full_loop = make(5, surrogate=surrogate, **opts)
    full_loop.checkpoint = save(tmp_path / "full")
    full_loop.run()
    # The "killed" run: the same run, stopped after generation 6 (its checkpoint is all that is left).
    killed, killed_loop = make(5, surrogate=surrogate, **opts)
    killed_loop.checkpoint = save(tmp_path / "killed")
    for _ in range(6):
        killed_loop.step()
    del killed, killed_loop
    resumed, resumed_loop = make(5, surrogate=surrogate, **opts)
    ck = load_latest(tmp_path / "killed")
    assert ck["generation"] == 6
    resumed.load_state_dict(ck["state"]["strategy"])
    resumed_loop.load_state_dict(ck["state"]["loop"])
    resumed_loop.checkpoint = save(tmp_path / "killed")
    resumed_loop.run()
    assert [e.candidate.key for e in resumed_loop.history] == [e.candidate.key for e in full_loop.history]
    same_population(resumed, full)
    assert read_lineage(tmp_path / "killed") == read_lineage(tmp_path / "full") == full.lineage
    if opts:
        assert len(full.experience.rows) == 60 and len(full.experience.active()) == opts["memory"]


def test_exploit_copies_a_winner_and_explore_perturbs_and_both_are_logged(tmp_path):
    # One round driven by hand: one loser (a quarter of 4), no redraws, no restarts before it.
    strategy, loop = make(0, exploit_interval=1000, resample_probability=0.0, quantile_fraction=0.25, patience=99)
    loop.budget = 12
    loop.run()
    for m, f in zip(strategy.members, (0.5, 3.0, 2.0, 1.0)):  # member 0 is the least fit
        m.metrics = {**m.metrics, "fitness": f}
    before = {m.index: (m.hp, [t.clone() for t in m.agent.state_dict().values()]) for m in strategy.members}
    strategy._exploit_explore()
    [event] = strategy.lineage
    loser, parent = strategy.members[event["member"]], strategy.members[event["parent"]]
    assert event["member"] == 0 and event["parent"] != 0 and event["event"] == "exploit"
    assert loser.genome == parent.genome and loser.genome is not parent.genome
    assert all(torch.equal(x, y) for x, y in zip(loser.agent.state_dict().values(), before[parent.index][1]))
    assert loser.optimizer.state_dict()["state"][0]["exp_avg"] is not parent.optimizer.state_dict()["state"][0][
        "exp_avg"]
    for name in asdict(Hyperparameters()):
        old, new = event[name]
        lo, hi = HP_BOUNDS[name]
        assert old == getattr(before[parent.index][0], name)
        assert any(new == pytest.approx(min(hi, max(lo, old * f))) for f in (0.8, 1.2))  # x0.8 or x1.2, clipped
        assert getattr(loser.hp, name) == new
    assert loser.forced is not None and loser.forced != parent.genome  # explore: its next proposal is a mutant
    save_population(tmp_path, 1, {"strategy": strategy.state_dict()})
    assert read_lineage(tmp_path) == strategy.lineage


def test_exploit_explore_happen_during_a_search():
    strategy, loop = make(4, exploit_interval=2)
    loop.run()
    events = [e for e in strategy.lineage if e["event"] == "exploit"]
    assert events and all(e["generation"] % 2 == 0 for e in events)
    assert {e["event"] for e in strategy.lineage} == {"exploit", "restart"}  # stuck members restarted too
    assert len({m.hp.lr for m in strategy.members}) > 1  # explore keeps the hyperparameters diverse


@pytest.mark.skipif(not (SPACES / "pnpoly_RTX_3090.json.gz").exists(), reason="shared spaces not present")
def test_replayed_kernel_tuner_space_is_deterministic_and_improves():

    rp = ReplaySpace.load(SPACES / "pnpoly_RTX_3090.json.gz")
    runs = []
    for _ in range(2):
        s = PBTSearch(rp.space, rp.template, rp.problem, seed=11)
        loop = SearchLoop(s, rp.evaluator(), budget=64)
        loop.run()
        runs.append([e.candidate.key for e in loop.history])
        assert loop.spent == 64
        ok = [e.run.median_ms for e in loop.history if e.status == "ok"]
        assert min(ok) < min(ok[:8])  # the members improved on their random starts
    assert runs[0] == runs[1]


def test_each_proposal_is_the_surrogates_best_of_several_fresh_draws(monkeypatch):
    strategy, loop = make(5, proposals=6)
    loop.budget = 8
    loop.run()  # two generations: the model has data
    draws: list[list] = []
    real = PBTSearch._draws

    def recording(self, m, k):
        d = real(self, m, k)
        draws[-1].extend(g for g, _ in d)
        return d

    monkeypatch.setattr(PBTSearch, "_draws", recording)
    for m in strategy.members:
        m.forced = None  # plain proposals only (explore draws mutants of the parent instead)
    chosen = []
    for _ in range(4):
        draws.append([])
        chosen.extend(strategy.ask(1))
    exp = strategy.experience
    for c, ds in zip(chosen, draws):
        ds = [g for g in ds if g is not None]
        assert 1 < len(ds) <= 6
        mean, std = exp.predict(np.array([exp.row(g) for g in ds]))
        score = mean + strategy.cfg.optimism * std
        assert c.genome == ds[int(np.argmax(score))]
        assert strategy.ops.values(c.genome) in strategy.ops.seen
    told = {e.candidate.key for e in loop.history}
    assert not told & {c.key for c in chosen}  # never a genome already evaluated


def test_a_batch_counts_its_proposals_as_measured_at_the_prediction_until_they_are(monkeypatch):
    """Kriging believer: each proposal of a batch joins the GP at its predicted mean, so the next
    proposal sees less uncertainty around it; the fantasies go when the batch's results arrive."""
    strategy, loop = make(5, proposals=6)
    loop.budget = 8
    loop.run()
    exp = strategy.experience
    stds = []
    real = PBTSearch._propose

    def watching(self, m):
        g, prop = real(self, m)
        if g is not None:
            stds.append(float(exp.predict(np.array([exp.row(g)]))[1][0]))  # std before its fantasy
        return g, prop

    monkeypatch.setattr(PBTSearch, "_propose", watching)
    batch = strategy.ask(4)
    assert len(exp.fantasies) == len(batch) == 4
    rows = np.array([exp.row(c.genome) for c in batch])
    assert [r for r, _ in exp.fantasies] == rows.tolist()
    mean, std = exp.predict(rows)
    assert np.all(std < np.array(stds))  # each one's own fantasy made the model surer there
    assert np.allclose(mean, [f for _, f in exp.fantasies], atol=0.1)  # believed at about the prediction
    strategy.tell(batch, loop.evaluator.evaluate(batch))
    assert exp.fantasies == [] and len(exp.rows) == 12
    # The last fit above had 8 + 4 rows, as many as now: the model must be the measured one, not that.
    ref = Surrogate(exp.sizes, values=exp.values)
    ref.fit(exp.rows, exp.log_fitness)
    assert np.allclose(exp.predict(rows)[0], ref.predict(rows)[0])
    monkeypatch.setattr(PBTSearch, "_propose", real)
    for kw, n in (({}, 1), ({"fantasies": False}, 4)):  # one at a time, or switched off: no fantasies
        s, lp = make(5, proposals=6, **kw)
        lp.budget = 8
        lp.run()
        s.ask(n)
        assert s.experience.fantasies == []


def test_one_proposal_evaluates_every_draw(monkeypatch):
    strategy, loop = make(5, proposals=1)
    loop.budget = 8
    loop.run()
    calls = []
    real = PBTSearch._draws
    monkeypatch.setattr(PBTSearch, "_draws", lambda self, m, k: calls.extend([m.index] * k) or real(self, m, k))
    for m in strategy.members:
        m.forced = None
    out = strategy.ask(4)
    assert len(calls) == len(out) == 4


def test_uniform_edits_ablation_draws_the_allowed_edits_and_learns_nothing(monkeypatch):
    learned = []
    monkeypatch.setattr(PBTSearch, "_learn", lambda self, batch: learned.append(len(batch)))
    strategy, loop = make(5, edits="uniform")
    loop.budget = 40
    loop.run()
    assert learned == []  # no policy was trained (exploit still copies weights between members)
    kinds = []
    for _ in range(3):
        strategy.ask(4)
        kinds += [p.kind for p in strategy._pending.values()]
    assert "uniform" in kinds and "policy" not in kinds
    learning, lp = make(5)
    lp.budget = 40
    lp.run()
    assert learned  # the same run with policies trains them
    with pytest.raises(ValueError, match="edits"):
        make(5, edits="learned")


@pytest.mark.parametrize("edits", ["policy", "uniform"])
def test_chains_of_edits_are_deterministic_resume_and_credit_every_step(tmp_path, edits, monkeypatch):
    """``chain`` = 2: a policy (or uniform) draw is two edits of distinct genes from its base; the same
    seed gives the same run, a resumed one ends as the uninterrupted one, and REINFORCE gets both
    steps of each transition (their log-probabilities summed)."""
    def save(run):
        return lambda lp: save_population(run, lp.generation, {"strategy": lp.strategy.state_dict(),
                                                               "loop": lp.state_dict()})

    full, full_loop = make(5, chain=2, edits=edits)
    full_loop.checkpoint = save(tmp_path / "full")
    full_loop.run()
    killed, killed_loop = make(5, chain=2, edits=edits)
    for _ in range(6):
        killed_loop.step()
    resumed, resumed_loop = make(5, chain=2, edits=edits)
    resumed.load_state_dict(killed.state_dict())
    resumed_loop.load_state_dict(killed_loop.state_dict())
    resumed_loop.run()
    assert [e.candidate.key for e in resumed_loop.history] == [e.candidate.key for e in full_loop.history]
    same_population(resumed, full)
    kinds, steps = [], []
    for _ in range(3):
        for c in full.ask(4):
            p = full._pending[c.key]
            kinds.append(p.kind)
            if p.kind in ("policy", "uniform"):
                base = full.members[p.member].genome
                steps.append(sum(c.genome[n] != base[n] for n in full.space.names))
            if p.action is not None:
                assert p.action.shape == (2, 2) and p.action[0, 0] != p.action[1, 0]  # two distinct genes
                assert p.state["mask"].shape[0] == 2
    assert ("uniform" if edits == "uniform" else "policy") in kinds
    assert 2 in steps  # from the member's own genome (not a crossover), two genes moved
    with pytest.raises(ValueError, match="chain"):
        make(5, chain=0)


def test_policy_weight_adds_the_policys_log_ratio_to_uniform_to_the_screens_score(monkeypatch):
    """``policy_weight``: each screened pick is the highest UCB + weight * (log pi(edit) + log #allowed
    edits) among its draws, the ratio being the drawing member's own log-probability of that edit
    at its temperature; draws that are not policy edits get no bonus; weight 0 is the plain screen."""
    for w in (0.05, 10.0):
        strategy, loop = make(5, proposals=6, policy_weight=w)
        loop.budget = 8
        loop.run()
        draws: list[list] = []
        real = PBTSearch._draws

        def recording(self, m, k):
            d = real(self, m, k)
            draws[-1].extend(x for x in d if x[0] is not None)
            return d

        monkeypatch.setattr(PBTSearch, "_draws", recording)
        exp, plain_differs, screened = strategy.experience, False, 0
        for _ in range(16):
            for m in strategy.members:
                m.forced = None  # plain proposals only (explore draws mutants of the parent instead)
            draws.append([])
            (c,) = strategy.ask(1)
            ds = draws[-1]
            if len(ds) <= 1:  # a restarting member's start genome: no screen of edits
                strategy.tell([c], loop.evaluator.evaluate([c]))
                continue
            screened += 1
            for g, p in ds:
                if p.kind != "policy":
                    assert p.ratio == 0.0
                    continue
                agent = strategy.members[p.member].agent
                hp = strategy.members[p.member].hp
                with torch.no_grad():
                    _, logprob, _ = agent.get_action_and_logprob(p.state, p.action, temperature=hp.temperature)
                assert p.ratio == pytest.approx(float(logprob[0]) + math.log(int(p.state["mask"].sum())), abs=1e-5)
            mean, std = exp.predict(np.array([exp.row(g) for g, _ in ds]))
            ucb = mean + strategy.cfg.optimism * std
            assert c.genome == ds[int(np.argmax(ucb + w * np.array([p.ratio for _, p in ds])))][0]
            plain_differs |= c.genome != ds[int(np.argmax(ucb))][0]
            strategy.tell([c], loop.evaluator.evaluate([c]))
        monkeypatch.setattr(PBTSearch, "_draws", real)
        assert screened >= 8
        assert plain_differs or w < 1  # a heavy weight moves picks off the plain UCB's choice
    a, la = make(3)
    b, lb = make(3, policy_weight=0.0)
    la.run()
    lb.run()
    assert [e.candidate.key for e in la.history] == [e.candidate.key for e in lb.history]


def test_learned_acquisition_off_leaves_candidates_identical_and_on_picks_the_scorers_first(tmp_path, monkeypatch):
    """``acquisition``: "" (the default) is the UCB screen, candidates identical to a run without the option; with
    a scorer file, every screened pick is the draw the scorer ranks first on the screen's features
    (evo_kernels/strategies/acquisition.py), runs are deterministic, and the picks differ from the UCB's."""
    from evo_kernels.strategies.acquisition import FEATURES, Scorer, load_scorer, save_scorer

    a, la = make(3)
    b, lb = make(3, acquisition="")
    la.run()
    lb.run()
    assert [e.candidate.key for e in la.history] == [e.candidate.key for e in lb.history]
    torch.manual_seed(7)
    path = tmp_path / "scorer.pt"
    save_scorer(Scorer(len(FEATURES), 8), path)
    scorer = load_scorer(path)
    real = PBTSearch._screen
    checked = []

    def watching(self, m, draws, rows, bonus):
        i, predicted = real(self, m, draws, rows, bonus)
        mean, std = self.experience.predict(rows)
        with torch.no_grad():
            scores = scorer(torch.from_numpy(self.screen_features(m, draws, rows, mean, std)))
        assert i == int(torch.argmax(scores)) and predicted == pytest.approx(float(mean[i]))
        checked.append(i != int(np.argmax(mean + self.cfg.optimism * std)))
        return i, predicted

    monkeypatch.setattr(PBTSearch, "_screen", watching)
    c, lc = make(3, acquisition=str(path))
    lc.run()
    monkeypatch.setattr(PBTSearch, "_screen", real)
    d, ld = make(3, acquisition=str(path))
    ld.run()
    assert len(checked) >= 10 and any(checked)  # a random scorer is not the UCB
    assert [e.candidate.key for e in lc.history] == [e.candidate.key for e in ld.history]
    assert [e.candidate.key for e in lc.history] != [e.candidate.key for e in la.history]
