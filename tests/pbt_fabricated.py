"""A fabricated genome space with a formula for its times, and PBT searches on it, shared by the PBT
tests (test_pbt.py: the search itself; test_pbt_transfer.py: saved populations and priors;
test_prior_names.py: the names prior), with their shared priors and the loader of scripts/."""
from __future__ import annotations

import math
from pathlib import Path

import torch

from evo_kernels.checkpoint import load_latest, save_population
from evo_kernels.evaluate import SyncEvaluator
from evo_kernels.genome import Gene, GenomeSpace
from evo_kernels.records import BuildResult, Candidate, Evaluation, RunResult
from evo_kernels.search import SearchLoop
from evo_kernels.strategies.pbt import PBTSearch

torch.set_num_threads(1)
SPACES = Path(__file__).resolve().parents[1] / "benchmarks" / "spaces"  # vendored ../shared/spaces
PNPOLY = SPACES / "pnpoly_RTX_3090.json.gz"  # the real space the tests of pbt's options replay


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


class FabricatedEvaluator(SyncEvaluator):
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


def small_pbt(rp, seed: int, **kw) -> PBTSearch:
    """A population of 4 on a replayed space (``rp``: a ReplaySpace)."""
    return PBTSearch(rp.space, rp.template, rp.problem, seed=seed, population_size=4, **kw)


def resumed_and_uninterrupted(tmp_path: Path, run, stop) -> tuple[tuple[PBTSearch, SearchLoop],
                                                                   tuple[PBTSearch, SearchLoop]]:
    """``run()`` (a fresh (search, loop)) to its end, checkpointing every generation; then again, stopped at
    the first generation where ``stop(search, loop)`` holds, and resumed from that checkpoint in a fresh
    (search, loop) to its end: (resumed, uninterrupted), to compare."""
    def save(to: Path):
        return lambda lp: save_population(to, lp.generation, {"strategy": lp.strategy.state_dict(),
                                                              "loop": lp.state_dict()})

    full = run()
    full[1].checkpoint = save(tmp_path / "full")
    full[1].run()
    killed, killed_loop = run()
    killed_loop.checkpoint = save(tmp_path / "killed")
    while not stop(killed, killed_loop):
        killed_loop.step()
    stopped_at = killed_loop.generation
    resumed = run()
    ck = load_latest(tmp_path / "killed")
    assert ck["generation"] == stopped_at
    resumed[0].load_state_dict(ck["state"]["strategy"])
    resumed[1].load_state_dict(ck["state"]["loop"])
    resumed[1].run()
    assert [e.candidate.key for e in resumed[1].history] == [e.candidate.key for e in full[1].history]
    same_population(resumed[0], full[0])
    return resumed, full


def run_script(name: str):
    """scripts/NAME.py as a module (its ``main`` takes argv)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, Path(__file__).resolve().parents[1] / "scripts" / f"{name}.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


def fabricated_prior():
    from evo_kernels.strategies.prior import PriorModel

    space = fabricated_space()
    valid = [g for g in space.enumerate() if not (g["tile"] == 8 and g["bx"] == 128)]
    base = fabricated_time(space.baseline())
    return space, PriorModel.fit([(space, valid, [math.log(base / fabricated_time(g)) for g in valid])])


def fabricated_names_prior():
    from evo_kernels.strategies.prior import NamePrior

    space = fabricated_space()
    genomes = list(space.enumerate())
    return space, NamePrior.fit([(space, genomes, [-math.log(fabricated_time(g)) for g in genomes])])
