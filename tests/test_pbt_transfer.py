"""Transfer between spaces: a saved population's weights and prior warm-start a search on another
space, the prior's screen of start genomes, exact resume with a prior, and the pretraining script."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import torch

from evo_kernels.checkpoint import CheckpointError, load_latest, load_pretrained, save_population
from evo_kernels.fitness import PURE_TIME
from evo_kernels.genome import Gene, GenomeSpace
from evo_kernels.runners.replay import ReplaySpace
from evo_kernels.search import SearchLoop
from evo_kernels.strategies.pbt import PBTSearch
from pbt_fabricated import (SPACES, FabricatedEvaluator, fabricated_prior, fabricated_space, make, run_script,
                            same_population)


def test_transfer_keeps_weights_and_starts_genomes_fresh(tmp_path):
    source, loop = make(6)
    loop.run()
    save_population(tmp_path / "pop", loop.generation, {"strategy": source.state_dict()})
    other = GenomeSpace([Gene("tx", "TileLoops", (8, 16, 32), 16), Gene("vec", "VectorizeLoads", (1, 2, 4), 1),
                         Gene("bx", "AdjustBlockSize", (32, 64, 128, 256), 64)], name="other")
    saved = load_pretrained(str(tmp_path / "pop"))
    assert saved.source == str(tmp_path / "pop") and saved.hidden == source.cfg.policy.hidden and saved.prior is None
    warm = PBTSearch(other, "t", seed=0, population_size=6, init_population=saved)
    for i, m in enumerate(warm.members):
        src = source.members[i % 4]
        assert all(torch.equal(x, y) for x, y in zip(m.agent.state_dict().values(), src.agent.state_dict().values()))
        assert m.hp == src.hp and m.genome is None
    assert [e["event"] for e in warm.lineage] == ["transfer"] * 6
    assert [e["parent"] for e in warm.lineage[:2]] == [f"{tmp_path / 'pop'}#0", f"{tmp_path / 'pop'}#1"]
    cands = warm.ask(6)
    assert len(cands) == 6 and all(other.is_valid(c.genome) for c in cands)
    with pytest.raises(CheckpointError, match="missing: no saved population"):
        load_pretrained(tmp_path / "missing")
    with pytest.raises(ValueError, match="gen_.*hidden=64"):
        PBTSearch(other, seed=0, init_population=saved, policy={"hidden": 64})
    save_population(tmp_path / "ga", 1, {"strategy": {"config": {}, "members": []}})
    with pytest.raises(CheckpointError, match="ga/gen_0001: not a PBT population"):
        load_pretrained(tmp_path / "ga")


def test_prior_learns_transform_kinds_and_transfers_to_another_space():
    from evo_kernels.strategies.prior import PriorModel

    _, prior = fabricated_prior()
    # Another space, other names and domains, the same transform kinds: more coarsening and shared
    # memory were better on the fabricated space, so the prior ranks them first here too.
    other = GenomeSpace([Gene("coarsen", "ThreadCoarsening", (1, 2, 3, 4, 5, 6), 1),
                         Gene("shared", "UseSharedMemory", (0, 1), 0), Gene("mode", "Generic", (0, 1, 2), 0)])
    low, high = {"coarsen": 1, "shared": 0, "mode": 0}, {"coarsen": 6, "shared": 1, "mode": 0}
    p = prior.predict(other, [low, high, {**high, "mode": 2}])
    assert p[1] > p[0] + 0.5
    assert p[1] == p[2]  # a Generic gene means something else on every space: the prior leaves it alone
    again = PriorModel.from_state(prior.state_dict())
    assert torch.equal(again.weights, prior.weights)
    with pytest.raises(ValueError, match="basis"):
        PriorModel.from_state({**prior.state_dict(), "basis": 3})


def test_transferred_prior_screens_the_start_genomes_and_survives_resume(tmp_path):
    from evo_kernels.strategies.prior import PriorModel

    space, prior = fabricated_prior()
    source, loop = make(6)
    loop.budget = 16
    loop.run()
    save_population(tmp_path / "pop", loop.generation, {"strategy": {**source.state_dict(),
                                                                     "prior": prior.state_dict()}})
    cold = PBTSearch(space, "fab", seed=3, population_size=4)
    warm = PBTSearch(space, "fab", seed=3, population_size=4, init_population=load_pretrained(tmp_path / "pop"))
    assert cold.prior is None and torch.equal(warm.prior.weights, prior.weights)
    score = {tuple(g.values()): p for g, p in zip(space.enumerate(), prior.predict(space, list(space.enumerate())))}
    mean = lambda s: np.mean([score[tuple(c.genome.values())] for c in s.ask(4)])  # noqa: E731
    assert mean(warm) > mean(cold) + 0.3  # best of 64 draws by the prior against plain random starts
    # Exact resume with the prior: the state carries it, and the resumed run continues alike.
    run = PBTSearch(space, "fab", seed=4, population_size=4, init_population=load_pretrained(tmp_path / "pop"))
    full = SearchLoop(run, FabricatedEvaluator(space), budget=32, batch_size=4)
    for _ in range(3):
        full.step()
    save_population(tmp_path / "ck", full.generation, {"strategy": run.state_dict(), "loop": full.state_dict()})
    full.run()
    resumed = PBTSearch(space, "fab", seed=4, population_size=4)
    ck = load_latest(tmp_path / "ck")
    resumed.load_state_dict(ck["state"]["strategy"])
    assert isinstance(resumed.prior, PriorModel)
    resumed_loop = SearchLoop(resumed, FabricatedEvaluator(space), budget=32, batch_size=4)
    resumed_loop.load_state_dict(ck["state"]["loop"])
    resumed_loop.run()
    assert [e.candidate.key for e in resumed_loop.history] == [e.candidate.key for e in full.history]
    same_population(resumed, run)


@pytest.mark.skipif(not (SPACES / "pnpoly_RTX_3090.json.gz").exists(), reason="shared spaces not present")
def test_pretraining_saves_a_prior_that_a_warm_start_loads(tmp_path, capsys):
    from evo_kernels.runners.replay import ReplaySpace

    script = run_script("pretrain_population")
    space = str(SPACES / "pnpoly_RTX_3090.json.gz")
    assert script.main(["--space", space, "--name", "tiny", "--out", str(tmp_path), "--rounds", "1",
                        "--budget", "16"]) == 0
    ck = load_latest(tmp_path / "tiny")
    assert ck["meta"]["prior_evaluations"] == {"pnpoly_RTX_3090": 16}
    rp = ReplaySpace.load(space)
    warm = PBTSearch(rp.space, rp.template, rp.problem, seed=0, init_population=load_pretrained(tmp_path / "tiny"))
    assert warm.prior is not None and torch.equal(warm.prior.weights, ck["state"]["strategy"]["prior"]["weights"])
    # --population: the saved population against a cold start, no training (one JSON line)
    capsys.readouterr()
    assert script.main(["--population", str(tmp_path / "tiny"), "--evaluate", space, "--eval-seeds", "2",
                        "--eval-budget", "12", "--batch-size", "4"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["population"] == str(tmp_path / "tiny") and out["batch_size"] == 4
    assert len(out["cold"]) == len(out["warm"]) == 2 and all(1 <= n <= 13 for n in out["cold"] + out["warm"])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tiny"]  # nothing trained or saved
    with pytest.raises(SystemExit):
        script.main(["--population", str(tmp_path / "tiny")])  # no held-out space to evaluate on
    with pytest.raises(SystemExit):  # --name names a population to train: with --population it would be ignored
        script.main(["--population", str(tmp_path / "tiny"), "--evaluate", space, "--name", "other"])
    # --option: a PBTConfig setting for every search, kept in the population's meta; unknown names refused
    assert script.main(["--space", space, "--name", "opt", "--out", str(tmp_path), "--rounds", "1",
                        "--budget", "12", "--option", "policy_weight=0.1", "--option", "proposals=8"]) == 0
    assert load_latest(tmp_path / "opt")["meta"]["options"] == {"policy_weight": 0.1, "proposals": 8}
    capsys.readouterr()
    with pytest.raises(SystemExit):
        script.main(["--space", space, "--name", "bad", "--out", str(tmp_path), "--option", "polcy_weight=0.1"])
    assert "polcy_weight: not a PBTConfig setting" in capsys.readouterr().err
    assert not (tmp_path / "bad").exists()


def test_warm_first_generation_is_the_priors_design_at_any_batch_size():
    """One evaluation at a time, the GP would re-weigh the prior on the first one or two points; the
    first generation of a warm start is the prior's choice at batch 1 as at batch 8 (real replay:
    the shipped population on the held-out pnpoly space)."""
    root = Path(__file__).resolve().parents[1]
    rp = ReplaySpace.load(str(root / "benchmarks/spaces/pnpoly_RTX_3090.json.gz"))
    scores = {1: [], 8: []}
    saved = load_pretrained(root / "populations/pretrained-no-pnpoly")
    for seed in range(3):
        for batch in scores:
            s = PBTSearch(rp.space, rp.template, rp.problem, seed=seed, init_population=saved)
            first = SearchLoop(s, rp.evaluator(PURE_TIME), len(s.members), batch_size=batch).run()
            scores[batch] += list(s.prior.predict(rp.space, [e.candidate.genome for e in first]))
    # (before: 0.262 against 0.285 at batch 8)
    assert np.mean(scores[1]) > np.mean(scores[8]) - 0.01


def test_rank_correlation_is_spearmans():
    from evo_kernels.strategies.prior import rank_correlation

    assert rank_correlation([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert rank_correlation([1, 2, 3, 4], [9, 1, 0.5, -np.inf]) == pytest.approx(-1.0)  # -inf ranks last
    assert rank_correlation([1, 2, 3, 4, 5], [1, 2, 3, 5, 4]) == pytest.approx(0.9)  # 1 - 6 * 2 / (5 * 24)
    assert rank_correlation([1, 1, 2, 2], [1, 2, 3, 4]) == pytest.approx(0.8944, abs=1e-4)  # ties: mean ranks
    assert rank_correlation([3, 3, 3], [1, 2, 3]) == 0.0


def _population_with(prior):
    from evo_kernels.strategies.prior import SavedPopulation

    source, _ = make(6)
    return SavedPopulation("src", "src", [m.state_dict() for m in source.members], source.cfg.policy.hidden, prior)


def test_prior_gate_drops_a_prior_that_ranks_against_the_measurements_and_resumes_exactly(tmp_path):
    from evo_kernels.strategies.prior import PriorModel

    space, good = fabricated_prior()
    wrong = PriorModel(-good.weights)  # ranks the fabricated space's genomes backwards
    ran = {}
    for name, prior in (("good", good), ("wrong", wrong)):
        for gate in (None, 0.0):
            s = PBTSearch(space, "fab", seed=3, population_size=4, init_population=_population_with(prior),
                          prior_gate=gate, prior_gate_after=4)
            SearchLoop(s, FabricatedEvaluator(space), budget=16, batch_size=4).run()
            ran[name, gate] = s
    # Without the gate the prior stays whatever the run says; with it, only the prior that agrees does.
    assert all(ran[name, None].prior_in_use() for name in ("good", "wrong"))
    assert ran["good", 0.0].prior_in_use() and ran["good", 0.0].experience.prior_table is not None
    off = ran["wrong", 0.0]
    assert not off.prior_in_use() and off.experience.prior_table is None and off.prior_run.judged[2] < 0
    assert off.prior is wrong  # dropped from use, not from the state: checkpoints still carry it
    # The decision is a function of the evaluations: a run resumed after the gate dropped the prior
    # (its table restored by the checkpoint's prior) proposes exactly as the uninterrupted one.
    run = PBTSearch(space, "fab", seed=4, population_size=4, init_population=_population_with(wrong),
                    prior_gate=0.0, prior_gate_after=4)
    full = SearchLoop(run, FabricatedEvaluator(space), budget=32, batch_size=4)
    for _ in range(2):
        full.step()
    assert not run.prior_in_use()
    save_population(tmp_path / "ck", full.generation, {"strategy": run.state_dict(), "loop": full.state_dict()})
    full.run()
    resumed = PBTSearch(space, "fab", seed=4, population_size=4, prior_gate=0.0, prior_gate_after=4)
    ck = load_latest(tmp_path / "ck")
    resumed.load_state_dict(ck["state"]["strategy"])
    assert resumed.experience.model.table is not None  # the checkpoint's prior, until the gate judges it again
    resumed_loop = SearchLoop(resumed, FabricatedEvaluator(space), budget=32, batch_size=4)
    resumed_loop.load_state_dict(ck["state"]["loop"])
    resumed_loop.run()
    assert [e.candidate.key for e in resumed_loop.history] == [e.candidate.key for e in full.history]
    same_population(resumed, run)


def test_prior_probes_start_the_last_members_as_a_cold_start_would():
    space, prior = fabricated_prior()
    first = {}
    for probes in (0, 2, 4):
        s = PBTSearch(space, "fab", seed=5, population_size=4, init_population=_population_with(prior),
                      prior_probes=probes)
        first[probes] = [c.genome for c in s.ask(4)]
    cold = [c.genome for c in PBTSearch(space, "fab", seed=5, population_size=4).ask(4)]
    assert first[4] == cold  # every start a probe: the plain random draws of a cold start
    assert first[2][:2] == first[0][:2] and first[2][2:] != first[0][2:]  # the first members still the prior's
    score = lambda gs: prior.predict(space, gs).mean()  # noqa: E731
    assert score(first[0]) > score(first[2]) > score(first[4])
    # One at a time, a probe after two evaluations is screened by the surrogate as a cold start's is,
    # without the prior: the first generation of an all-probe warm start is the cold one.
    for batch in (1, 2):
        runs = [PBTSearch(space, "fab", seed=6, population_size=4, **kw)
                for kw in ({}, {"init_population": _population_with(prior), "prior_probes": 4})]
        keys = [[e.candidate.key for e in SearchLoop(s, FabricatedEvaluator(space), 4, batch_size=batch).run()]
                for s in runs]
        assert keys[0] == keys[1]
        assert runs[1].prior_in_use()  # after the first generation the prior serves again (no gate here)


def test_a_warm_start_takes_the_populations_name_embedding(tmp_path):
    source, loop = make(6, policy={"name_buckets": 32})
    loop.budget = 8
    loop.run()
    save_population(tmp_path / "pop", loop.generation, {"strategy": source.state_dict()})
    saved = load_pretrained(tmp_path / "pop")
    assert saved.name_buckets == 32
    warm = PBTSearch(fabricated_space(), "fab", seed=0, population_size=4, init_population=saved)
    assert warm.cfg.policy.name_buckets == 32
    assert torch.equal(warm.members[0].agent.name_embedding.weight, source.members[0].agent.name_embedding.weight)
    with pytest.raises(ValueError, match="name_buckets=32"):
        PBTSearch(fabricated_space(), "fab", seed=0, population_size=4, init_population=saved,
                  policy={"name_buckets": 0})
    # a policy state saved before states carried names gets the space's back on resume
    st = warm.members[0]
    state = {"genes": torch.zeros(2, 5, 3)}
    filled = warm._with_names(state)
    assert filled["names"].shape == (2, 5) and filled["names"][1].tolist() == filled["names"][0].tolist()
    assert warm._with_names(None) is None and st is warm.members[0]
