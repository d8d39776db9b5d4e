"""Search-efficiency benchmark: how many unique evaluations each strategy needs to get within 5% (and 1%)
of a recorded space's optimum time, over seeds S..S+K-1 (S = 0 by default).

Every run is a :class:`~evo_kernels.search.SearchLoop` of one strategy against a
:class:`~evo_kernels.runners.replay_runner.ReplayRunner`, so no GPU is involved and the numbers are
comparable with Kernel Tuner's simulation mode (../shared/spaces/README.md). The benchmark is
pure time by default (variance and spill weights 0), as other tuners rank; ``weights`` gives the
regularized variant, in which strategies maximize the regularized fitness while success is still
measured on time.

    python -m evo_kernels.bench_search --space F.json.gz [--space ...] --strategy ga [--strategy ...] \\
        --budget 500 --seeds 20 [--seed-start 0] [--batch-size 1] [--regularized] [--jobs 2] [--json]
"""
from __future__ import annotations

import argparse
import functools
import json
import math
import statistics
import sys
from pathlib import Path
from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import Any

from joblib import Parallel, delayed

from evo_kernels.fitness import PURE_TIME, FitnessWeights
from evo_kernels.genome import Gene, GenomeSpace
from evo_kernels.evaluate import Evaluator
from evo_kernels.runners.choose import Backend, open_runner
from evo_kernels.runners.replay import ReplaySpace
from evo_kernels.search import SearchLoop, evals_to_within
from evo_kernels.settings import DEFAULTS
from evo_kernels.strategies import STRATEGIES, make_strategy

BATCH_SIZE = 1  # default: each evaluation seen before the next is chosen, as Kernel Tuner's simulation runs

Progress = Callable[[int, int, str], None]  # (runs done, runs in all, label of the run just done)


def _items(rest: str) -> list[str]:
    """``rest`` split at its commas outside brackets, braces and double quotes: a JSON list or object VALUE
    (``perturbation_factors=[1.2,0.8]``) is one item."""
    items, depth, quoted, start = [], 0, False, 0
    for i, c in enumerate(rest):
        if quoted:
            quoted = c != '"' or rest[i - 1] == "\\"
        elif c == '"':
            quoted = True
        elif c in "[{":
            depth += 1
        elif c in "]}":
            depth = max(depth - 1, 0)
        elif c == "," and depth == 0:
            items.append(rest[start:i])
            start = i + 1
    items.append(rest[start:])
    return [item for item in items if item]


def parse_strategy(spec: str) -> tuple[str, dict[str, Any]]:
    """``NAME`` or ``NAME:KEY=VALUE[,KEY=VALUE...]`` (settings passed to the strategy's constructor;
    a VALUE is read as JSON where it parses, else kept as a string; a JSON list or object keeps its commas:
    ``pbt:perturbation_factors=[1.2,0.8]``): ``pbt:surrogate=trees``. A KEY given twice is refused."""
    name, _, rest = spec.partition(":")
    if name not in STRATEGIES:
        raise ValueError(f"unknown strategy {name!r} in {spec!r}; known: {', '.join(STRATEGIES)}")
    opts: dict[str, Any] = {}
    for item in _items(rest):
        key, eq, value = item.partition("=")
        if not eq or not key:
            raise ValueError(f"strategy {spec!r}: {item!r} is not KEY=VALUE")
        if key in opts:
            raise ValueError(f"strategy {spec!r}: {key} is given twice")
        try:
            opts[key] = json.loads(value)
        except json.JSONDecodeError:
            opts[key] = value
    return name, opts


def _parsed(spec: str) -> tuple[str, dict[str, Any]]:
    """:func:`parse_strategy`, with ``init_population`` checked: on the command line it names a saved population's
    folder, or none (a number or a boolean is refused in one line, as any option of the wrong type is)."""
    from evo_kernels.checkpoint import COLD

    name, opts = parse_strategy(spec)
    folder = opts.get("init_population")
    if folder is not None and (not isinstance(folder, str) or not folder):
        raise ValueError(f"strategy {name}: option init_population = {folder!r}: a saved population's folder, "
                         f"or {COLD}")
    return name, opts


def _strategy_options(spec: str) -> tuple[str, dict[str, Any]]:
    """:func:`parse_strategy`, with ``pbt:init_population=FOLDER`` (a saved population, as ``tune
    --init-population`` takes) loaded into the population it names, and ``init_population=none`` dropped: the
    options as the strategy's constructor takes them, for a space-blind run (a bench-search run on a space asks
    :func:`_options_on`, where an unset ``init_population`` is the shipped default)."""
    from evo_kernels.checkpoint import COLD, load_pretrained  # torch-heavy: only where a warm start is asked for

    name, opts = _parsed(spec)
    if opts.get("init_population") == COLD:
        del opts["init_population"]
    elif isinstance(opts.get("init_population"), str):
        opts["init_population"] = load_pretrained(opts["init_population"])
    return name, opts


@functools.lru_cache(maxsize=64)
def _options_on(strategy: str, space_file: str) -> tuple[str, dict[str, Any], Any]:
    """The strategy's name and options for a run on ``space_file``, and for pbt its
    :class:`~evo_kernels.checkpoint.WarmStart` (None for the others): ``tune``'s rule
    (:func:`evo_kernels.checkpoint.warm_start`), so ``pbt`` alone starts from the shipped population where it
    has measured this kernel, and ``pbt:init_population=none`` cold; a names-prior source fitted on this very
    space's measurements is left out (a population of the whole corpus benchmarked on one of its spaces), since
    with it the counts would measure the space's own data, not a search."""
    from evo_kernels.checkpoint import warm_start

    name, opts = _parsed(strategy)
    if name != "pbt":
        return name, opts, None
    rp = _space(space_file)
    ws = warm_start(opts.pop("init_population", None), rp.space, rp)
    return name, {**opts, "init_population": ws.population} if ws.population is not None else opts, ws


def _warm_start(strategy: str, space_file: str) -> dict[str, Any]:
    """The result's words on a pbt run's start on a space: the names-prior sources left out, what the run
    starts from (as ``tune`` says it; absent for a cold start asked as such) and whether a prior serves the
    space."""
    _, _, ws = _options_on(strategy, space_file)
    if ws is None:
        return {"left_out_sources": 0}
    name = _space(space_file).name
    out: dict[str, Any] = {"left_out_sources": len(ws.left_out)}
    if ws.population is not None and name in ws.population.trained_on:  # pretrained on it: nothing can be left out
        out["pretrained_on_this_space"] = True
    if ws.left_out:
        out["left_out"] = [w.words(name) for w in ws.left_out]
    if ws.population is not None or ws.shipped:
        space = _space(space_file).space
        out |= {"warm_start": ws.describe(space), "shipped_default": ws.shipped,
                "prior_serves": ws.population is not None and ws.population.serves(space)}
    return out


@functools.lru_cache(maxsize=16)
def _space(path: str) -> ReplaySpace:
    # One load per process: joblib's workers live for the whole benchmark and see every space.
    return ReplaySpace.load(path)


def run_once(space_file: str, strategy: str, seed: int, budget: int, weights: FitnessWeights = PURE_TIME,
             batch_size: int = BATCH_SIZE, ahead: int = 0, stop_within: float | None = None) -> dict[str, Any]:
    """One search of ``budget`` unique evaluations; when it first got within 5% and 1%, and its
    best/optimum. ``stop_within`` (e.g. 0.01): stop at the first evaluation within that share of
    the optimum (the counts to 5% and 1% are the same; the best/optimum is then the stop's)."""
    rp = _space(space_file)
    name, opts, _ = _options_on(strategy, space_file)
    with open_runner(Backend(replay=space_file), Path(space_file), rp) as runner:
        evaluator = Evaluator(runner, None, rp.problem, weights)
        loop = SearchLoop(make_strategy(name, rp.space, rp.template, rp.problem, seed, **opts), evaluator,
                          budget, batch_size=batch_size, ahead=ahead)
        history = loop.run(stop=None if stop_within is None else
                           lambda lp: evals_to_within(lp.history, rp.optimum_ms, stop_within) is not None)
    best = min((e.run.median_ms for e in history if e.status == "ok"), default=math.inf)
    return {"evals_to_5pct": evals_to_within(history, rp.optimum_ms, 0.05),
            "evals_to_1pct": evals_to_within(history, rp.optimum_ms, 0.01),
            "best_over_optimum": best / rp.optimum_ms, "evaluations": len(history)}


def _median_evals(ns: Sequence[int | None], budget: int) -> float | None:
    # A run that never got there counts as budget + 1 (as in the Kernel Tuner figures); when more
    # than half never did, the median is such a placeholder, so there is none to report.
    if sum(n is None for n in ns) * 2 > len(ns):
        return None
    return statistics.median(budget + 1 if n is None else n for n in ns)


def summarize(runs: Sequence[dict[str, Any]], budget: int) -> dict[str, Any]:
    """The per-strategy entry of the result from the runs of its seeds, in seed order."""
    e5 = [r["evals_to_5pct"] for r in runs]
    e1 = [r["evals_to_1pct"] for r in runs]
    ratios = [r["best_over_optimum"] for r in runs]
    return {"evals_to_5pct": e5, "evals_to_1pct": e1,
            "success_5pct": sum(n is not None for n in e5) / len(runs),
            "success_1pct": sum(n is not None for n in e1) / len(runs),
            "median_evals_to_5pct": _median_evals(e5, budget), "median_evals_to_1pct": _median_evals(e1, budget),
            "median_best_over_optimum": statistics.median(ratios) if all(map(math.isfinite, ratios)) else None}


def bench_search(space_files: Sequence[str], strategies: Sequence[str], budget: int, seeds: int,
                 weights: FitnessWeights = PURE_TIME, progress: Progress | None = None, n_jobs: int = 1,
                 batch_size: int = BATCH_SIZE, seed_start: int = 0, ahead: int = 0) -> dict[str, Any]:
    """Run every strategy with seeds seed_start..seed_start+seeds-1 on every space (fresh seeds check
    what was tuned on others); the result is JSON-serializable::

        {"spaces": {NAME: {"optimum": ms, "gpu": ..., "configs": n, "notes": [line, ...] (how the file was read,
            e.g. a cache left open by an interrupted run), "strategies": {S: {
            "evals_to_5pct": [n or null per seed], "evals_to_1pct": [...], "success_5pct": rate,
            "success_1pct": rate, "median_evals_to_5pct": n or null, "median_evals_to_1pct": n or null,
            "median_best_over_optimum": x, "left_out_sources": n, "left_out": [why, ...] (where n > 0: each
            source and the share of the space's configurations it holds, "X shares N of M configurations with NAME"),
            "warm_start": what the run starts from, "shipped_default": bool, "prior_serves": bool (pbt only; the
            three absent for a cold start asked as such, ``init_population=none``), "pretrained_on_this_space": true
            (only where the population's ``trained_on`` names this space: in-sample counts)}}}},
         "budget": N, "seeds": K, "seed_start": S, "batch_size": B, "weights": {...},
         "median_counts_failed_runs_as": N + 1}

    Medians count a run that never got there as budget + 1 and are null when more than half never
    did. ``n_jobs`` > 1 spreads runs over processes (joblib); the result does not depend on it.
    """
    for s in strategies:  # bad settings fail here, before any run, not in a worker
        name, opts = _strategy_options(s)
        make_strategy(name, GenomeSpace([Gene("x", "Generic", (0, 1), 0)]), **opts)
    for flag, value, least in (("--budget", budget, 1), ("--seeds", seeds, 1), ("--seed-start", seed_start, 0),
                               ("--batch-size", batch_size, 1), ("--ahead", ahead, 0)):
        if value < least:
            raise ValueError(f"{flag} {value}: must be at least {least}")
    spaces = {}
    for f in space_files:
        rp = _space(str(f))
        if all(len(g.values) == 1 for g in rp.space.genes):
            raise ValueError(f"{f}: every parameter takes one value: one configuration, nothing to search")
        if rp.name in spaces:
            raise ValueError(f"{f}: a second space named {rp.name}")
        spaces[rp.name] = (str(f), rp)
    seed_range = range(seed_start, seed_start + seeds)
    tasks = [(name, s, seed) for name in spaces for s in strategies for seed in seed_range]
    calls = (delayed(run_once)(spaces[name][0], s, seed, budget, weights, batch_size, ahead) for name, s, seed in tasks)
    runs: dict[tuple[str, str], list[dict[str, Any]]] = {}
    results = Parallel(n_jobs=n_jobs, return_as="generator")(calls) if n_jobs != 1 else (
        run_once(spaces[name][0], s, seed, budget, weights, batch_size, ahead) for name, s, seed in tasks)
    for done, ((name, s, seed), r) in enumerate(zip(tasks, results), 1):
        runs.setdefault((name, s), []).append(r)
        if progress:
            progress(done, len(tasks), f"{name} {s} seed {seed}")
    return {"spaces": {name: {"optimum": rp.optimum_ms, "gpu": rp.device.get("gpu", ""), "configs": len(rp),
                              "notes": list(rp.notes),
                              "strategies": {s: {**summarize(runs[name, s], budget), **_warm_start(s, f)}
                                             for s in strategies}}
                       for name, (f, rp) in spaces.items()},
            "budget": budget, "seeds": seeds, "seed_start": seed_start, "batch_size": batch_size, "ahead": ahead,
            "weights": asdict(weights),
            "median_counts_failed_runs_as": budget + 1}


def _cell(x: float | None, budget: int) -> str:
    return f">{budget}" if x is None else f"{x:g}"


def format_table(result: dict[str, Any]) -> str:
    """The result of :func:`bench_search` as a Markdown table, one row per space and strategy."""
    budget = result["budget"]
    first = result.get("seed_start", 0)
    # results saved before "batch_size" was recorded all ran at 8, the default then
    note = (f"Budget {budget} unique evaluations, batch size {result.get('batch_size', 8)}, "
            f"seeds {first}..{first + result['seeds'] - 1}; medians count a run "
            f"that never got there as {budget + 1} ('>{budget}': more than half never did).")
    header = ("| space | optimum ms | strategy | median evals to 5% | success 5% | median evals to 1% | success 1% "
              "| median best/optimum |")
    lines = [note, "", header, "|---|---|---|---|---|---|---|---|"]
    for name, sp in result["spaces"].items():
        for s, r in sp["strategies"].items():
            ratio = r["median_best_over_optimum"]
            label = f"{s} (its source fitted on this space left out)" if r.get("left_out_sources") else s
            label += " (pretrained on this space: in-sample)" if r.get("pretrained_on_this_space") else ""
            lines.append(f"| {name} | {sp['optimum']:.4g} | {label} | {_cell(r['median_evals_to_5pct'], budget)} "
                         f"| {r['success_5pct']:.0%} | {_cell(r['median_evals_to_1pct'], budget)} "
                         f"| {r['success_1pct']:.0%} | {'-' if ratio is None else f'{ratio:.3f}'} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: prints the Markdown table, or with --json the result object."""
    ap = argparse.ArgumentParser(prog="evo-kernels bench-search", description=__doc__.split("\n\n")[0])
    ap.add_argument("--space", action="append", required=True, help="a recorded space (.json or .json.gz)")
    ap.add_argument("--strategy", action="append", required=True,
                    help=f"one of {', '.join(STRATEGIES)}, optionally with settings: pbt:surrogate=trees,proposals=4 "
                         "(a list keeps its commas: pbt:perturbation_factors=[1.2,0.8]; a KEY given twice is refused). "
                         "pbt starts "
                         "as tune does: from the shipped population where it has measured this kernel (its source "
                         "fitted on the benchmarked space itself left out), else cold; pbt:init_population=none is "
                         "always cold, pbt:init_population=DIR starts from DIR")
    ap.add_argument("--budget", type=int, default=500, help="unique evaluations per run")
    ap.add_argument("--seeds", type=int, default=20, help="runs per strategy and space, seeds S..S+K-1")
    ap.add_argument("--seed-start", type=int, default=0, help="the first seed S (default 0)")
    # tune's defaults are read from the one place that decides them, never copied here
    ap.add_argument("--ahead", type=int, default=0,
                    help="batches asked before the oldest is told, as tune's pipeline does (default %(default)s; "
                         f"tune's default {DEFAULTS['ahead']})")
    ap.add_argument("--batch-size", type=int, default=BATCH_SIZE,
                    help=f"candidates asked and measured per step (default {BATCH_SIZE}: each evaluation seen "
                         f"before the next is chosen, as Kernel Tuner's simulation runs; {DEFAULTS['batch_size']}: "
                         "as tune asks by default)")
    ap.add_argument("--regularized", action="store_true", help="maximize the regularized fitness (default weights)")
    ap.add_argument("--jobs", type=int, default=1, help="processes (joblib; -1: one per core)")
    ap.add_argument("--json", action="store_true", help="print the result as one JSON object")
    args = ap.parse_args(argv)
    if args.jobs == 0 or args.jobs < -1:
        print(f"bench-search: --jobs {args.jobs}: a number of processes, at least 1 (or -1: one per core)",
              file=sys.stderr)
        return 2

    def tick(done: int, total: int, label: str) -> None:
        print(f"\r[{done}/{total}] {label}\033[K", end="" if done < total else "\n", file=sys.stderr, flush=True)

    try:
        result = bench_search(args.space, args.strategy, args.budget, args.seeds,
                              FitnessWeights() if args.regularized else PURE_TIME,
                              tick if sys.stderr.isatty() else None, args.jobs, batch_size=args.batch_size,
                              seed_start=args.seed_start, ahead=args.ahead)
    except (ValueError, TypeError) as exc:
        print(f"bench-search: {' '.join(str(exc).split())}", file=sys.stderr)  # one line, always
        return 2
    for name, sp in result["spaces"].items():
        for line in sp["notes"]:
            print(f"bench-search: {line}", file=sys.stderr)
        for s, r in sp["strategies"].items():
            for why in r.get("left_out", ()):
                print(f"bench-search: {s} on {name}: its names prior's source {why}: left out (leave one out: with "
                      "it the counts would measure the space's own data)", file=sys.stderr)
            if r.get("pretrained_on_this_space"):
                print(f"bench-search: {s} on {name}: its population was pretrained on {name} itself (a prior over "
                      "transform kinds cannot leave one space out): the counts are in-sample", file=sys.stderr)
            if r.get("prior_serves") is False or r.get("shipped_default"):
                print(f"bench-search: {s} on {name}: {r['warm_start']}", file=sys.stderr)
    print(json.dumps(result) if args.json else format_table(result))
    return 0


if __name__ == "__main__":
    # Run the importable module's main, not __main__'s: joblib's workers must find run_once by its module name.
    from evo_kernels.bench_search import main as _main

    sys.exit(_main())
