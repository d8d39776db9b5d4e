"""The stall sweep of PBTSearch (evo_kernels/strategies/sweep.py, ``pbt:sweep=N``): when it starts and
ends, which genomes it proposes and in what order, what the policies learn from it, resume mid-sweep,
the option's values. On the replayed pnpoly_RTX_3090 space, whose best genomes have about 40
one-gene neighbours (the fabricated space's optimum is found before any stall)."""
from __future__ import annotations

import numpy as np
import pytest
import torch

from evo_kernels.bench_search import parse_strategy
from evo_kernels.runners.replay import ReplaySpace
from evo_kernels.search import SearchLoop
from evo_kernels.strategies import make_strategy
from evo_kernels.strategies.pbt import PBTSearch
from pbt_fabricated import PNPOLY, make, resumed_and_uninterrupted, small_pbt
pytestmark = pytest.mark.skipif(not PNPOLY.exists(), reason="shared spaces not present")


@pytest.fixture(scope="module")
def rp() -> ReplaySpace:
    return ReplaySpace.load(PNPOLY)


def _untested_neighbours(space, best: dict, asked: set[str]) -> dict[str, dict]:
    """The valid one-gene neighbours of ``best`` not asked yet, by key (written out here, not by Operators)."""
    out = {}
    for gene in space.genes:
        for v in gene.values:
            g = {**best, gene.name: v}
            if v != best[gene.name] and space.is_valid(g) and space.key(g) not in asked:
                out[space.key(g)] = g
    return out


@pytest.mark.parametrize("order", ["surrogate", "policy", "uniform"])
def test_a_stall_sweeps_the_untested_neighbours_of_the_best_until_none_is_left_or_it_improves(rp, order):
    """One proposal at a time over 150 evaluations, the rule checked at every ask from the history
    alone: after ``sweep`` evaluations without a new best, each proposal is an untested one-gene
    neighbour of the best (the surrogate's highest UCB among them, for that order); otherwise none is."""
    after = 4
    s, ev = small_pbt(rp, 1, sweep=after, sweep_order=order), rp.evaluator()
    asked: set[str] = set()
    best, best_fitness, stall = None, 0.0, 0
    swept, sweeps_improved, sweeps_exhausted, was_sweep = [], 0, 0, False
    for _ in range(150):
        todo = _untested_neighbours(rp.space, best, asked) if best is not None else {}
        expected = stall >= after and bool(todo)
        if order == "surrogate" and expected:
            exp = s.experience
            keys = list(todo)
            mean, std = exp.predict(np.array([exp.row(todo[k]) for k in keys]))
            ucb = mean + s.cfg.optimism * std
        (c,) = s.ask(1)
        kind = s._pending[c.key].kind
        assert (kind == "sweep") == expected
        if expected:
            assert c.key in todo
            swept.append(c.key)
            if order == "surrogate":
                assert ucb[keys.index(c.key)] == ucb.max()
        elif was_sweep:
            sweeps_exhausted += 1  # the neighbourhood of that best ran out
        asked.add(c.key)
        (e,) = ev.evaluate([c])
        s.tell([c], [e])
        if e.fitness > best_fitness:
            sweeps_improved += kind == "sweep"
            best, best_fitness, stall = dict(c.genome), e.fitness, 0
        else:
            stall += 1
        was_sweep = kind == "sweep"
        assert s.sweep.genome == best and s.sweep.stall == stall
    assert len(swept) == len(set(swept)) >= 30  # every one untested, and the sweeps were long
    assert sweeps_exhausted >= 1  # at least one neighbourhood measured whole


def test_a_sweep_that_finds_a_better_genome_sweeps_its_neighbourhood_next(rp):
    """A sweep ends when the best improves, and a new stall sweeps the new best's neighbourhood."""
    s, ev = small_pbt(rp, 2, sweep=4), rp.evaluator()
    bests = []  # the best genome of each sweep proposal
    for _ in range(200):
        (c,) = s.ask(1)
        if s._pending[c.key].kind == "sweep":
            if not bests or bests[-1] != s.sweep.genome:
                bests.append(dict(s.sweep.genome))
        s.tell([c], ev.evaluate([c]))
    assert len(bests) >= 2  # two neighbourhoods swept: the second best found after the first stall


def test_policy_order_takes_the_most_probable_edit_and_teaches_it(rp, monkeypatch):
    learned = []
    real_learn = PBTSearch._learn
    monkeypatch.setattr(PBTSearch, "_learn", lambda self, batch: learned.append(len(batch)) or real_learn(self, batch))
    for order in ("policy", "surrogate"):
        s, ev = small_pbt(rp, 1, sweep=4, sweep_order=order), rp.evaluator()
        while True:
            (c,) = s.ask(1)
            p = s._pending[c.key]
            if p.kind == "sweep":
                break
            s.tell([c], ev.evaluate([c]))
        if order == "policy":
            gene, slot = (int(v) for v in p.action[0])
            gene_values = rp.space.genes[gene].values
            assert c.genome == {**s.sweep.genome, rp.space.genes[gene].name: gene_values[slot]}
            m, mask = s.members[p.member], p.state["mask"][0]
            edits = torch.nonzero(mask)
            assert mask[gene, slot] and len(edits) > 10
            state = {k: v.expand(len(edits), *v.shape[1:]) for k, v in p.state.items()}
            with torch.no_grad():
                _, logprob, _ = m.agent.get_action_and_logprob(state, edits, temperature=m.hp.temperature)
            chosen = int(np.flatnonzero((edits == p.action).all(1).numpy())[0])
            assert logprob[chosen] == logprob.max() and logprob.min() < logprob.max()
        else:
            assert p.state is None and p.action is None
        learned.clear()
        s.tell([c], ev.evaluate([c]))
        assert learned == ([1] if order == "policy" else [])  # REINFORCE got the sweep's transition, or nothing


@pytest.mark.parametrize("order", ["surrogate", "policy", "uniform"])
def test_a_run_resumed_mid_sweep_ends_like_an_uninterrupted_one(tmp_path, rp, order):
    def run():
        s = small_pbt(rp, 1, sweep=4, sweep_order=order)
        return s, SearchLoop(s, rp.evaluator(), budget=80, batch_size=4)

    def mid_sweep(s, loop):
        # the last batch was asked 4 or more evaluations into the stall (a sweep's), and neighbours are
        # left for the next
        assert loop.spent < 60
        return s.sweep.stall >= 8 and bool(_untested_neighbours(rp.space, s.sweep.genome, set(s._owner)))

    (resumed, _), (full, _) = resumed_and_uninterrupted(tmp_path, run, mid_sweep)
    assert resumed.sweep.state_dict() == full.sweep.state_dict()


def test_default_never_sweeps(rp):
    s, ev = small_pbt(rp, 1), rp.evaluator()
    kinds = []
    for _ in range(60):
        (c,) = s.ask(1)
        kinds.append(s._pending[c.key].kind)
        s.tell([c], ev.evaluate([c]))
    assert s.sweep.stall >= 4 and "sweep" not in kinds


def test_the_option_parses_and_bad_values_raise():
    name, opts = parse_strategy("pbt:sweep=30,sweep_order=policy")
    assert (name, opts) == ("pbt", {"sweep": 30, "sweep_order": "policy"})
    s, _ = make(0, **opts)
    assert (s.cfg.sweep, s.cfg.sweep_order) == (30, "policy")
    assert make_strategy(name, s.space, **opts).cfg.sweep == 30
    with pytest.raises(ValueError, match="option sweep = -1: must be at least 0"):
        make(0, sweep=-1)
    with pytest.raises(ValueError, match="option sweep_order = .best.: is not one of"):
        make(0, sweep=30, sweep_order="best")
