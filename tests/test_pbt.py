"""PBTSearch on a fabricated space and on a replayed Kernel Tuner space: determinism, budget, resume,
exploit/explore and its lineage, transfer of a saved population."""
from __future__ import annotations

import json
import math
from dataclasses import asdict
from pathlib import Path

import numpy as np
import pytest
import torch

from evo_kernels.checkpoint import CheckpointError, load_latest, read_lineage, save_population
from evo_kernels.genome import Gene, GenomeSpace
from evo_kernels.fitness import PURE_TIME
from evo_kernels.records import BuildResult, Candidate, Evaluation, RunResult
from evo_kernels.runners.replay import ReplaySpace
from evo_kernels.search import SearchLoop
from evo_kernels.strategies.pbt import HP_BOUNDS, HP_RANGES, PBTSearch, explore
from evo_kernels.strategies.policy import Hyperparameters
from evo_kernels.strategies.surrogate import Surrogate

torch.set_num_threads(1)
SPACES = Path(__file__).resolve().parents[1] / "benchmarks" / "spaces"  # vendored ../shared/spaces


def fabricated_space() -> GenomeSpace:
    genes = [Gene("bx", "AdjustBlockSize", (16, 32, 64, 128, 256), 64),
             Gene("tile", "ThreadCoarsening", (1, 2, 4, 8), 1),
             Gene("smem", "UseSharedMemory", (False, True), False),
             Gene("pad", "PadSharedMemory", (False, True), False),
             Gene("unroll", "UnrollLoop", (1, 2, 4), 1)]

    def constraint(g):
        out = ["pad needs smem"] if g["pad"] and not g["smem"] else []
        return out + (["bx * tile > 1024"] if g["bx"] * g["tile"] > 1024 else [])

    return GenomeSpace(genes, constraint, name="fabricated")


def fabricated_time(g: dict) -> float:
    t = 10.0 / (1 + math.log2(g["tile"])) * (1 + 0.3 * abs(math.log2(g["bx"] / 128)))
    return t * (0.7 if g["smem"] else 1.0) * (0.9 if g["pad"] else 1.0) / (1 + 0.1 * math.log2(g["unroll"]))


class FabricatedEvaluator:
    """Times from a formula; one region fails to compile, as real spaces have such holes."""

    def __init__(self, space: GenomeSpace) -> None:
        self.space, self.baseline_ms, self.calls = space, fabricated_time(space.baseline()), 0

    def evaluate(self, candidates: list[Candidate]) -> list[Evaluation]:
        self.calls += len(candidates)
        out = []
        for c in candidates:
            g = c.genome
            if g["tile"] == 8 and g["bx"] == 128:
                out.append(Evaluation(BuildResult(c, "compile_error", error="boom"), RunResult("compile_error"), 0.0))
                continue
            t = fabricated_time(g)
            run = RunResult("ok", (t, t), t, t, 0.01)
            out.append(Evaluation(BuildResult(c, "ok", threads_per_block=g["bx"], registers=32), run,
                                  self.baseline_ms / t, self.baseline_ms / t))
        return out


def make(seed: int = 0, **kw) -> tuple[PBTSearch, SearchLoop]:
    space = fabricated_space()
    strategy = PBTSearch(space, "fab", {"n": 1 << 20}, seed=seed, population_size=4, **kw)
    return strategy, SearchLoop(strategy, FabricatedEvaluator(space), budget=60, batch_size=4)


def weights(s: PBTSearch) -> list[torch.Tensor]:
    return [t for m in s.members for t in m.agent.state_dict().values()]


def same_population(a: PBTSearch, b: PBTSearch) -> None:
    assert [m.genome for m in a.members] == [m.genome for m in b.members]
    assert [m.fitness for m in a.members] == [m.fitness for m in b.members]
    assert [m.hp for m in a.members] == [m.hp for m in b.members]
    assert all(torch.equal(x, y) for x, y in zip(weights(a), weights(b)))
    for ma, mb in zip(a.members, b.members):
        sa, sb = ma.optimizer.state_dict()["state"], mb.optimizer.state_dict()["state"]
        assert all(torch.equal(sa[k]["exp_avg"], sb[k]["exp_avg"]) for k in sa)
    assert a.lineage == b.lineage


@pytest.mark.parametrize("surrogate", ["gp", "trees", "blend"])
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


@pytest.mark.parametrize("surrogate", ["gp", "trees"])
def test_killed_and_resumed_run_ends_like_an_uninterrupted_one(tmp_path, surrogate):
    def save(run):
        return lambda lp: save_population(run, lp.generation, {"strategy": lp.strategy.state_dict(),
                                                               "loop": lp.state_dict()})

    full, full_loop = make(5, surrogate=surrogate)
    full_loop.checkpoint = save(tmp_path / "full")
    full_loop.run()
    # The "killed" run: the same run, stopped after generation 6 (its checkpoint is all that is left).
    killed, killed_loop = make(5, surrogate=surrogate)
    killed_loop.checkpoint = save(tmp_path / "killed")
    for _ in range(6):
        killed_loop.step()
    del killed, killed_loop
    resumed, resumed_loop = make(5, surrogate=surrogate)
    ck = load_latest(tmp_path / "killed")
    assert ck["generation"] == 6
    resumed.load_state_dict(ck["state"]["strategy"])
    resumed_loop.load_state_dict(ck["state"]["loop"])
    resumed_loop.checkpoint = save(tmp_path / "killed")
    resumed_loop.run()
    assert [e.candidate.key for e in resumed_loop.history] == [e.candidate.key for e in full_loop.history]
    same_population(resumed, full)
    assert read_lineage(tmp_path / "killed") == read_lineage(tmp_path / "full") == full.lineage


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


def test_transfer_keeps_weights_and_starts_genomes_fresh(tmp_path):
    source, loop = make(6)
    loop.run()
    save_population(tmp_path / "pop", loop.generation, {"strategy": source.state_dict()})
    other = GenomeSpace([Gene("tx", "TileLoops", (8, 16, 32), 16), Gene("vec", "VectorizeLoads", (1, 2, 4), 1),
                         Gene("bx", "AdjustBlockSize", (32, 64, 128, 256), 64)], name="other")
    warm = PBTSearch(other, "t", seed=0, population_size=6, init_population=str(tmp_path / "pop"))
    for i, m in enumerate(warm.members):
        src = source.members[i % 4]
        assert all(torch.equal(x, y) for x, y in zip(m.agent.state_dict().values(), src.agent.state_dict().values()))
        assert m.hp == src.hp and m.genome is None
    assert [e["event"] for e in warm.lineage] == ["transfer"] * 6
    cands = warm.ask(6)
    assert len(cands) == 6 and all(other.is_valid(c.genome) for c in cands)
    with pytest.raises(CheckpointError, match="no saved population"):
        PBTSearch(other, seed=0, init_population=str(tmp_path / "missing"))
    with pytest.raises(CheckpointError, match="hidden=64"):
        PBTSearch(other, seed=0, init_population=str(tmp_path / "pop"), policy={"hidden": 64})


@pytest.mark.skipif(not (SPACES / "pnpoly_RTX_3090.json.gz").exists(), reason="shared spaces not present")
def test_replayed_kernel_tuner_space_is_deterministic_and_improves():
    from evo_kernels.runners.replay import ReplaySpace

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
    real = PBTSearch._draw

    def recording(self, m):
        d = real(self, m)
        draws[-1].append(d[0])
        return d

    monkeypatch.setattr(PBTSearch, "_draw", recording)
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
        assert strategy._values(c.genome) in strategy._seen
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
    real = PBTSearch._draw
    monkeypatch.setattr(PBTSearch, "_draw", lambda self, m: calls.append(m.index) or real(self, m))
    for m in strategy.members:
        m.forced = None
    out = strategy.ask(4)
    assert len(calls) == len(out) == 4


def _fabricated_prior():
    from evo_kernels.strategies.prior import PriorModel

    space = fabricated_space()
    valid = [g for g in space.enumerate() if not (g["tile"] == 8 and g["bx"] == 128)]
    base = fabricated_time(space.baseline())
    return space, PriorModel.fit([(space, valid, [math.log(base / fabricated_time(g)) for g in valid])])


def test_prior_learns_transform_kinds_and_transfers_to_another_space():
    from evo_kernels.strategies.prior import PriorModel

    _, prior = _fabricated_prior()
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

    space, prior = _fabricated_prior()
    source, loop = make(6)
    loop.budget = 16
    loop.run()
    save_population(tmp_path / "pop", loop.generation, {"strategy": {**source.state_dict(),
                                                                     "prior": prior.state_dict()}})
    cold = PBTSearch(space, "fab", seed=3, population_size=4)
    warm = PBTSearch(space, "fab", seed=3, population_size=4, init_population=str(tmp_path / "pop"))
    assert cold.prior is None and torch.equal(warm.prior.weights, prior.weights)
    score = {tuple(g.values()): p for g, p in zip(space.enumerate(), prior.predict(space, list(space.enumerate())))}
    mean = lambda s: np.mean([score[tuple(c.genome.values())] for c in s.ask(4)])  # noqa: E731
    assert mean(warm) > mean(cold) + 0.3  # best of 64 draws by the prior against plain random starts
    # Exact resume with the prior: the state carries it, and the resumed run continues alike.
    run = PBTSearch(space, "fab", seed=4, population_size=4, init_population=str(tmp_path / "pop"))
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
    import importlib.util

    from evo_kernels.runners.replay import ReplaySpace

    path = Path(__file__).resolve().parents[1] / "scripts" / "pretrain_population.py"
    spec = importlib.util.spec_from_file_location("pretrain_population", path)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    space = str(SPACES / "pnpoly_RTX_3090.json.gz")
    assert script.main(["--space", space, "--name", "tiny", "--out", str(tmp_path), "--rounds", "1",
                        "--budget", "16"]) == 0
    ck = load_latest(tmp_path / "tiny")
    assert ck["meta"]["prior_evaluations"] == {"pnpoly_RTX_3090": 16}
    rp = ReplaySpace.load(space)
    warm = PBTSearch(rp.space, rp.template, rp.problem, seed=0, init_population=str(tmp_path / "tiny"))
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


def test_warm_first_generation_is_the_priors_design_at_any_batch_size():
    """One evaluation at a time, the GP would re-weigh the prior on the first one or two points; the
    first generation of a warm start is the prior's choice at batch 1 as at batch 8 (real replay:
    the shipped population on the held-out pnpoly space)."""
    root = Path(__file__).resolve().parents[1]
    rp = ReplaySpace.load(str(root / "benchmarks/spaces/pnpoly_RTX_3090.json.gz"))
    scores = {1: [], 8: []}
    for seed in range(3):
        for batch in scores:
            s = PBTSearch(rp.space, rp.template, rp.problem, seed=seed,
                          init_population=str(root / "populations/pretrained-no-pnpoly"))
            first = SearchLoop(s, rp.evaluator(PURE_TIME), len(s.members), batch_size=batch).run()
            scores[batch] += list(s.prior.predict(rp.space, [e.candidate.genome for e in first]))
    # (before: 0.262 against 0.285 at batch 8)
    assert np.mean(scores[1]) > np.mean(scores[8]) - 0.01
