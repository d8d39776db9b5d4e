#!/usr/bin/env python3
"""Pretrain a PBT population on recorded spaces and save it to populations/<name>/ for --init-population.

One population (policies, Adam states, hyperparameters) is carried through ``--rounds`` rounds of
searches: in each round one search per space file (its own seed), each starting from the weights
the previous search ended with. Genomes never carry over (they belong to one space); what carries
over is what the policies learned about transform kinds and the run's own statistics, which is
the same on every template. Besides, every training evaluation (log speedup over its space's
baseline) goes into the population's prior over genomes (:mod:`evo_kernels.strategies.prior`:
transform kinds and normalized values only), fitted at the end and saved with it, which a warm
start uses from its first evaluation. The result is saved with ``keep=1`` (the final population only).

    .venv/bin/python scripts/pretrain_population.py --name pretrained-no-pnpoly \\
        --space ../shared/spaces/gemm_RTX_3090.json.gz --space ../shared/spaces/convolution_RTX_3090.json.gz \\
        --space ../shared/spaces/convolution_milo_A4000.json.gz --rounds 6 --budget 200

``--evaluate HELD_OUT`` then compares cold and warm starts on a space left out of training
(median unique evaluations until within 5% of its optimum, over ``--eval-seeds`` seeds). With
``--population DIR`` instead of ``--space``/``--name`` it evaluates a saved population, no training:

    .venv/bin/python scripts/pretrain_population.py --population populations/pretrained-no-pnpoly \
        --evaluate benchmarks/spaces/pnpoly_RTX_3090.json.gz --batch-size 1
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from dataclasses import fields
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from evo_kernels.bench_search import parse_strategy  # noqa: E402
from evo_kernels.checkpoint import load_pretrained, save_population  # noqa: E402
from evo_kernels.runners.replay import ReplaySpace  # noqa: E402
from evo_kernels.search import SearchLoop, evals_to_within  # noqa: E402
from evo_kernels.strategies.pbt import PBTSearch  # noqa: E402
from evo_kernels.strategies.pbt_config import PBTConfig  # noqa: E402
from evo_kernels.strategies.prior import PriorModel, SavedPopulation  # noqa: E402


def search(rp: ReplaySpace, seed: int, budget: int, batch: int, previous: PBTSearch | None = None,
           init_population: SavedPopulation | None = None,
           stop_within: float | None = None, options: dict | None = None) -> tuple[PBTSearch, SearchLoop]:
    """One PBT search on a replayed space; ``previous`` hands its members' weights to this one;
    ``options``: PBTConfig settings (``--option``)."""
    strategy = PBTSearch(rp.space, rp.template, rp.problem, seed=seed, init_population=init_population,
                         **(options or {}))
    if previous is not None:
        for m, src in zip(strategy.members, previous.members):
            m.load_weights(src.state_dict())
    loop = SearchLoop(strategy, rp.evaluator(), budget, batch_size=batch)
    loop.run(stop=None if stop_within is None else
             (lambda lp: evals_to_within(lp.history, rp.optimum_ms, stop_within) is not None))
    return strategy, loop


def evals_to_5pct(rp: ReplaySpace, seeds: int, budget: int, batch: int,
                  init_population: SavedPopulation | None, options: dict | None = None) -> list[int]:
    """Evaluations until within 5% of the optimum, per seed (budget + 1 where never)."""
    out = []
    for seed in range(seeds):
        _, loop = search(rp, seed, budget, batch, init_population=init_population, stop_within=0.05,
                         options=options)
        n = evals_to_within(loop.history, rp.optimum_ms, 0.05)
        out.append(n if n is not None else budget + 1)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--space", action="append", help="a space file to train on (repeatable)")
    ap.add_argument("--name", help="saved as populations/NAME/")
    ap.add_argument("--population", help="evaluate this saved population on --evaluate instead of training one")
    ap.add_argument("--out", default=str(Path(__file__).resolve().parents[1] / "populations"))
    ap.add_argument("--rounds", type=int, default=6, help="searches per space")
    ap.add_argument("--budget", type=int, default=200, help="unique evaluations per training search")
    ap.add_argument("--batch-size", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1000, help="first training seed (kept apart from evaluation seeds)")
    ap.add_argument("--evaluate", help="a held-out space file: compare cold and warm starts on it")
    ap.add_argument("--eval-seeds", type=int, default=20)
    ap.add_argument("--eval-budget", type=int, default=500)
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help="a PBTConfig setting for every training and evaluation search, as bench-search's "
                         "pbt:KEY=VALUE (repeatable): e.g. --option policy_weight=0.1")
    args = ap.parse_args(argv)
    try:
        args.options = parse_strategy("pbt:" + ",".join(args.option))[1]
    except ValueError as exc:
        ap.error(str(exc))
    unknown = sorted(set(args.options) - {f.name for f in fields(PBTConfig)} - {"init_population"})
    if unknown or "init_population" in args.options:
        ap.error(f"--option {', '.join(unknown) or 'init_population'}: not a PBTConfig setting "
                 f"(known: {', '.join(f.name for f in fields(PBTConfig))})")
    if args.population:
        if not args.evaluate or args.space or args.name:
            ap.error("--population evaluates a saved population: give --evaluate HELD_OUT and no --space or --name")
        return evaluate(args, args.population)
    if not args.space or not args.name:
        ap.error("training needs --space (one or more) and --name")
    return train(args)


def train(args: argparse.Namespace) -> int:
    """Train, save and (with --evaluate) evaluate a population."""
    spaces = [ReplaySpace.load(p) for p in args.space]
    t0, strategy, seed, log = time.monotonic(), None, args.seed, []
    seen: list[dict[tuple, tuple[dict, float]]] = [{} for _ in spaces]  # per space: genome -> log speedup
    for r in range(args.rounds):
        for rp, evals in zip(spaces, seen):
            strategy, loop = search(rp, seed, args.budget, args.batch_size, previous=strategy, options=args.options)
            for e in loop.history:
                g = dict(e.candidate.genome)
                evals.setdefault(tuple(g[n] for n in rp.space.names),
                                 (g, math.log(e.fitness) if e.fitness > 0 else math.nan))
            best = min((e.run.median_ms for e in loop.history if e.status == "ok"), default=float("nan"))
            log.append({"round": r, "space": rp.name, "seed": seed, "evals": loop.spent,
                        "evals_to_5pct": evals_to_within(loop.history, rp.optimum_ms, 0.05),
                        "best_over_optimum": best / rp.optimum_ms})
            print(json.dumps(log[-1]), flush=True)
            seed += 1
    meta = {"trained_on": [rp.name for rp in spaces], "rounds": args.rounds, "budget": args.budget,
            "batch_size": args.batch_size, "first_seed": args.seed, "options": args.options, "training_log": log,
            "seconds": round(time.monotonic() - t0, 1)}
    prior = PriorModel.fit([(rp.space, [g for g, _ in ev.values()], [y for _, y in ev.values()])
                            for rp, ev in zip(spaces, seen)])
    meta["prior_evaluations"] = {rp.name: len(ev) for rp, ev in zip(spaces, seen)}
    out = Path(args.out) / args.name
    save_population(out, len(log), {"strategy": {**strategy.state_dict(), "prior": prior.state_dict()}},
                    meta=meta, keep=1)
    print(f"saved {out}", flush=True)
    return evaluate(args, str(out)) if args.evaluate else 0


def evaluate(args: argparse.Namespace, population: str) -> int:
    """Cold against warm starts from ``population`` on the held-out space: one JSON line."""
    held, saved = ReplaySpace.load(args.evaluate), load_pretrained(population)
    cold = evals_to_5pct(held, args.eval_seeds, args.eval_budget, args.batch_size, None, args.options)
    warm = evals_to_5pct(held, args.eval_seeds, args.eval_budget, args.batch_size, saved, args.options)
    print(json.dumps({"held_out": held.name, "population": population, "batch_size": args.batch_size,
                      "options": args.options,
                      "cold": cold, "warm": warm,
                      "median_cold": statistics.median(cold), "median_warm": statistics.median(warm),
                      "success_cold": sum(n <= args.eval_budget for n in cold) / len(cold),
                      "success_warm": sum(n <= args.eval_budget for n in warm) / len(warm)}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
