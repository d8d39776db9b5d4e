"""Why pbt is slow on pnpoly_RTX_3060_laptop (and pnpoly_RTX_2080_Ti) and not on pnpoly_RTX_3090.

Two parts, printed as Markdown:

1. The space: how many genomes are within 5% / 1% of the optimum, their Hamming distance (in genes)
   from the top-10 / top-100, the per-gene values of the within-5% set, and the optimum's
   single-gene neighbourhood (time / optimum of every one-gene edit).
2. Instrumented pbt runs (the replay of ``evo_kernels.bench_search.run_once``, batch 1, stopped at
   1%): for every evaluation the proposal's kind (init / policy / mutate / explore), whether a
   within-5% genome was among the draws the surrogate screened and whether it was chosen, and every
   ``--every`` evaluations the rank the run's GP gives the optimum (by mean and by the upper
   confidence bound the screen uses) among all valid genomes not yet measured.

The instrumentation only reads: it wraps ``Experience.predict`` to see the screen's draws and
scores (the GP's fit depends on the rows alone, so an extra prediction changes nothing), and the
runs reproduce the counts of benchmarks/search/table-2026-12-04c (checked: seed 0 on the 3060, 225).

    PYTHONPATH=. python benchmarks/dev/needle_diagnosis.py --seeds 0-9 [--space NAME ...] [--strategy pbt]
"""
from __future__ import annotations

import argparse
import collections
import math
import statistics
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from evo_kernels.bench_search import _space, _strategy_options  # noqa: E402
from evo_kernels.evaluate import Evaluator  # noqa: E402
from evo_kernels.fitness import PURE_TIME  # noqa: E402
from evo_kernels.runners.choose import Backend, open_runner  # noqa: E402
from evo_kernels.search import SearchLoop, evals_to_within  # noqa: E402
from evo_kernels.strategies import make_strategy  # noqa: E402

SPACES = ["pnpoly_RTX_3060_laptop", "pnpoly_RTX_2080_Ti", "pnpoly_RTX_3090"]


def path_of(name: str) -> str:
    return str(ROOT / "benchmarks/spaces" / f"{name}.json.gz")


def static(name: str) -> list[str]:
    rp = _space(path_of(name))
    names = rp.space.names
    ok = sorted((e for e in rp.entries.values() if e.status == "ok"), key=lambda e: e.median_ms)
    opt = rp.optimum_ms
    ratio = np.array([e.median_ms / opt for e in ok])
    G = np.array([[e.genome[n] for n in names] for e in ok], dtype=object)
    out = [f"### {name}: {len(rp)} configurations, {len(ok)} valid and ok, optimum {opt:.4g} ms",
           "- genes: " + "; ".join(f"{g.name} {len(g.values)} values ({g.values[0]}..{g.values[-1]})"
                                    for g in rp.space.genes)]
    for w in (0.01, 0.05, 0.10):
        out.append(f"- within {w:.0%}: **{int((ratio <= 1 + w).sum())}** genomes "
                   f"({(ratio <= 1 + w).mean():.2%} of the valid ones)")
    out.append(f"- optimum {ok[0].genome}; quantiles of time/optimum: median {np.median(ratio):.2f}, "
               f"10% {np.quantile(ratio, 0.1):.2f}")
    best = G[0]
    ham = (G != best[None, :]).sum(1)
    for k in (10, 100):
        out.append(f"- Hamming distance (genes) of the top-{k} from the optimum: "
                   + ", ".join(f"{d}: {int((ham[:k] == d).sum())}" for d in range(len(names) + 1)))
    in5 = ratio <= 1.05
    out.append("- values of the within-5% genomes per gene: " + "; ".join(
        f"{n}: {dict(collections.Counter(G[in5, i].tolist()))}" for i, n in enumerate(names)))
    # share of all valid genomes that hold each within-5% value (how big the region is by gene)
    for i, n in enumerate(names):
        vals = sorted(set(G[in5, i].tolist()))
        out.append(f"  - {n} in {vals}: {np.isin(G[:, i], vals).mean():.1%} of valid genomes; "
                   f"best time/optimum with {n} outside it: "
                   f"{ratio[~np.isin(G[:, i], vals)].min() if (~np.isin(G[:, i], vals)).any() else float('nan'):.3f}")
    # the best genome's one-gene neighbourhood
    by = {tuple(e.genome[n] for n in names): e.median_ms / opt for e in ok}
    out.append("- the optimum's one-gene neighbourhood (time/optimum; '-' invalid):")
    for i, gene in enumerate(rp.space.genes):
        cells = []
        for v in gene.values:
            t = tuple(best[:i]) + (v,) + tuple(best[i + 1:])
            r = by.get(t)
            cells.append(f"{v}:{'-' if r is None else f'{r:.2f}'}" + ("*" if v == best[i] else ""))
        out.append(f"  - {gene.name}: " + " ".join(cells))
    # the marginal view a smooth model sees: median and best time/optimum per value of each gene
    out.append("- per gene and value: best / median time/optimum over all valid genomes with that value:")
    for i, gene in enumerate(rp.space.genes):
        cells = []
        for v in gene.values:
            sel = G[:, i] == v
            if sel.any():
                cells.append(f"{v}:{ratio[sel].min():.2f}/{np.median(ratio[sel]):.2f}")
        out.append(f"  - {gene.name}: " + " ".join(cells))
    return out


def _variants(exp, strat) -> dict:
    """Surrogates of other kernels over the same genes, to re-score the default run's screens: the
    method codes as categories; and each additive weight of KERNEL_GRID at the default decay."""
    from evo_kernels.strategies.surrogate import Surrogate, code_genes

    out = {}
    cat = Surrogate(exp.sizes, values=exp.values)
    cat.set_categorical(code_genes(exp.values))
    out["codes categorical"] = cat
    for a in (0.1, 0.25, 0.75):
        m = Surrogate(exp.sizes, values=exp.values)
        m.set_additive(a)
        out[f"additive {a}"] = m
    return out


def instrumented_run(name: str, strategy: str, seed: int, budget: int, every: int) -> dict:
    rp = _space(path_of(name))
    sname, opts = _strategy_options(strategy)
    names = rp.space.names
    ok = [e for e in rp.entries.values() if e.status == "ok"]
    good5 = {tuple(e.genome[n] for n in names) for e in ok if e.median_ms <= rp.optimum_ms * 1.05}
    opt_t = tuple(rp.optimum[n] for n in names)
    valid = [g for g in rp.space.valid]
    with open_runner(Backend(replay=path_of(name)), Path(path_of(name)), rp) as runner:
        ev = Evaluator(runner, None, rp.problem, PURE_TIME)
        strat = make_strategy(sname, rp.space, rp.template, rp.problem, seed, **opts)
        exp = strat.experience
        variants = _variants(exp, strat) if strategy == "pbt" else {}
        all_rows = np.array([exp.row(g) for g in valid])
        good_idx = np.array([tuple(g[n] for n in names) in good5 for g in valid])
        opt_idx = [i for i, g in enumerate(valid) if tuple(g[n] for n in names) == opt_t][0]
        calls = []
        orig_predict = exp.predict

        def predict(rows):
            mean, std = orig_predict(rows)
            calls.append((np.array(rows), mean, std))
            return mean, std

        exp.predict = predict
        log = []  # one dict per evaluation
        ranks = []  # (evaluations, rank of the optimum by mean, by ucb, best rank of a 5% genome by ucb)
        orig_ask, orig_tell = strat.ask, strat.tell

        def ask(n):
            calls.clear()
            out = orig_ask(n)
            for c in out:
                kind = strat._pending[c.key].kind
                t = tuple(c.genome[k] for k in names)
                screened = calls[-1] if calls and len(calls[-1][0]) > 1 else None
                drawn_good = None
                detail = None
                if screened is not None:
                    rows, mean, std = screened
                    drawn = [tuple(rp.space.genes[i].values[r[i]] for i in range(len(names))) for r in rows]
                    drawn_good = sum(d in good5 for d in drawn)
                    if drawn_good:
                        ucb = mean + strat.cfg.optimism * std
                        gi = max((j for j, d in enumerate(drawn) if d in good5), key=lambda j: ucb[j])
                        ci = int(np.argmax(ucb))
                        # the best 5% draw against the chosen draw: rank among the draws by UCB,
                        # predicted mean and std (log fitness), the chosen genome and its true time
                        detail = {"rank": int((ucb > ucb[gi]).sum()) + 1, "draws": len(drawn),
                                  "good": (drawn[gi], float(mean[gi]), float(std[gi])),
                                  "chosen": (drawn[ci], float(mean[ci]), float(std[ci]))}
                        if variants:  # the same screen re-scored by other kernels fitted to the same rows
                            H, lf = exp._arrays()
                            detail["variants"] = {}
                            for label, model in variants.items():
                                model.fit(H, lf)
                                vm, vs = model.predict(rows)
                                vu = vm + strat.cfg.optimism * vs
                                vg = max((j for j, d in enumerate(drawn) if d in good5), key=lambda j: vu[j])
                                detail["variants"][label] = int((vu > vu[vg]).sum()) + 1
                e = rp.entry(c.genome)
                log.append({"kind": kind, "genome": t, "member": strat._pending[c.key].member,
                            "ratio": e.median_ms / rp.optimum_ms if e and e.status == "ok" else math.inf,
                            "good_drawn": drawn_good, "good_chosen": t in good5, "detail": detail,
                            "best_log_fitness": max(exp.log_fitness) if exp.log_fitness else None})
            return out

        def tell(cands, evals):
            orig_tell(cands, evals)
            n = len(exp.rows)
            if every and n % every == 0 and n >= 2:
                seen = np.array([tuple(g[k] for k in names) in strat.ops.seen for g in valid])
                mean, std = orig_predict(all_rows)
                ucb = mean + strat.cfg.optimism * std
                unseen = ~seen
                if unseen[opt_idx]:
                    r_mean = int((mean[unseen] > mean[opt_idx]).sum()) + 1
                    r_ucb = int((ucb[unseen] > ucb[opt_idx]).sum()) + 1
                else:
                    r_mean = r_ucb = 0
                gu = good_idx & unseen
                best_good = int((ucb[unseen] > ucb[gu].max()).sum()) + 1 if gu.any() else 0
                ranks.append((n, r_mean, r_ucb, best_good, int(unseen.sum())))

        strat.ask, strat.tell = ask, tell
        loop = SearchLoop(strat, ev, budget, batch_size=1)
        history = loop.run(stop=lambda lp: evals_to_within(lp.history, rp.optimum_ms, 0.01) is not None)
    return {"to5": evals_to_within(history, rp.optimum_ms, 0.05), "to1": evals_to_within(history, rp.optimum_ms, 0.01),
            "log": log, "ranks": ranks, "restarts": sum(e["event"] == "restart" for e in strat.lineage),
            "exploits": sum(e["event"] == "exploit" for e in strat.lineage)}


def describe_runs(name: str, strategy: str, seeds: list[int], budget: int, every: int) -> list[str]:
    rp = _space(path_of(name))
    names = rp.space.names
    out = [f"### {name}, {strategy}, batch 1, seeds {seeds[0]}..{seeds[-1]} (stopped at 1%)", "",
           "| seed | to 5% | to 1% | kind that found 5% | evals before: kinds (init/policy/mutate/explore) "
           "| proposals whose screen held a 5% genome / chosen | restarts | exploits "
           "| GP rank of the optimum (UCB) at 10, 25, 50, 100, 200 evals (0: measured) |",
           "|---|---|---|---|---|---|---|---|---|"]
    agg = collections.Counter()
    gene_share = collections.defaultdict(list)
    for seed in seeds:
        r = instrumented_run(name, strategy, seed, budget, every)
        log = r["log"]
        n5 = r["to5"]
        upto = log[: n5 - 1] if n5 else log
        kinds = collections.Counter(e["kind"] for e in upto)
        found = log[n5 - 1]["kind"] if n5 else "-"
        agg[found] += 1
        screened = [e for e in (log[:n5] if n5 else log) if e["good_drawn"]]
        rk = {n: ucb for n, _, ucb, _, _ in r["ranks"]}
        ranks = ", ".join(str(rk.get(n, "")) for n in (10, 25, 50, 100, 200))
        out.append(f"| {seed} | {r['to5']} | {r['to1']} | {found} | "
                   + "/".join(str(kinds.get(k, 0)) for k in ("init", "policy", "mutate", "explore"))
                   + f" | {len(screened)} / {sum(e['good_chosen'] for e in screened)} | {r['restarts']} "
                   f"| {r['exploits']} | {ranks} |")
        for i, n in enumerate(names):
            gene_share[n].append(collections.Counter(e["genome"][i] for e in upto))
        r["seed"] = seed
        describe_runs.runs.append((name, r))
    out.append("")
    out.append(f"- kind of the proposal that first reached 5%: {dict(agg)}")
    out.append("- the screens (up to the first 5% evaluation) that held a within-5% draw: its rank among the draws "
               "by UCB, and predicted mean/std (log fitness, relative to the best measured) "
               "of it and of the draw chosen:")
    for name_, r in describe_runs.runs[-len(seeds):]:
        ds = [e for e in (r["log"][:r["to5"]] if r["to5"] else r["log"]) if e["detail"]]
        if not ds:
            continue
        ranks = [e["detail"]["rank"] for e in ds]
        dm = [e["detail"]["good"][1] - e["best_log_fitness"] for e in ds]
        cm = [e["detail"]["chosen"][1] - e["best_log_fitness"] for e in ds]
        gs = [e["detail"]["good"][2] for e in ds]
        cs = [e["detail"]["chosen"][2] for e in ds]
        out.append(f"  - seed {r['seed']}: {len(ds)} screens; rank of the 5% draw median {statistics.median(ranks):g} "
                   f"(of ~{statistics.median(e['detail']['draws'] for e in ds):g}); mean-best: 5% draw "
                   f"{statistics.median(dm):+.3f}, chosen {statistics.median(cm):+.3f}; std: 5% draw "
                   f"{statistics.median(gs):.3f}, chosen {statistics.median(cs):.3f}")
        if ds[0]["detail"].get("variants"):
            out.append("    same screens re-scored (median rank of the 5% draw): " + ", ".join(
                f"{label} {statistics.median(e['detail']['variants'][label] for e in ds):g}"
                for label in ds[0]["detail"]["variants"]) + f"; default {statistics.median(ranks):g}")
        e = ds[len(ds) // 2]
        out.append(f"    e.g. 5% draw {e['detail']['good'][0]} vs chosen {e['detail']['chosen'][0]} "
                   f"(true time/optimum of the chosen {e['ratio']:.3f})")
    return out


describe_runs.runs = []


def slow_runs(name: str) -> list[str]:
    """What the runs evaluate before they reach 5%: per gene, the share of evaluations at each value,
    fast runs (to5 <= median) against slow ones."""
    rp = _space(path_of(name))
    names = rp.space.names
    runs = [r for n, r in describe_runs.runs if n == name]
    if not runs:
        return []
    med = statistics.median((r["to5"] or 501) for r in runs)
    out = [f"- {name}: share of evaluations before reaching 5% at each value of a gene (slow runs: to 5% > {med:g}):"]
    for i, n in enumerate(names):
        for label, sel in (("fast", [r for r in runs if (r["to5"] or 501) <= med]),
                           ("slow", [r for r in runs if (r["to5"] or 501) > med])):
            c = collections.Counter()
            for r in sel:
                upto = r["log"][: r["to5"] - 1] if r["to5"] else r["log"]
                c.update(e["genome"][i] for e in upto)
            tot = sum(c.values()) or 1
            out.append(f"  - {n} ({label}, {sum(c.values())} evals): "
                       + " ".join(f"{v}:{c[v] / tot:.0%}" for v in rp.space.genes[i].values if c[v]))
    # best ratio reached before 5%, and how long the runs sit at their plateau
    for r in runs:
        upto = r["log"][: r["to5"] - 1] if r["to5"] else r["log"]
        if not upto:
            continue
        best = np.minimum.accumulate([e["ratio"] for e in upto])
        plateau_since = int(np.argmax(best == best[-1])) + 1
        bi = int(np.argmin([e["ratio"] for e in upto]))
        miles = ", ".join(f"<={x}: {int(np.argmax(best <= x)) + 1 if (best <= x).any() else '-'}"
                          for x in (1.5, 1.3, 1.2, 1.1, 1.08))
        top = collections.Counter(e["genome"] for e in upto)
        n_ts = (collections.Counter(e["genome"][names.index("tile_size")] >= 18 for e in upto)
                if "tile_size" in names else {})
        out.append(f"  - seed {r['seed']}: to 5% {r['to5']}; best before it {best[-1]:.3f} "
                   f"({dict(zip(names, upto[bi]['genome']))}), reached at eval {plateau_since}; "
                   f"evals until the best was within x of the optimum: {miles}"
                   + (f"; evals at tile_size >= 18: {n_ts.get(True, 0)} of {len(upto)}" if n_ts else "")
                   + f"; distinct genomes {len(top)}")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--space", action="append")
    ap.add_argument("--strategy", default="pbt")
    ap.add_argument("--seeds", default="0-9")
    ap.add_argument("--budget", type=int, default=500)
    ap.add_argument("--every", type=int, default=5, help="GP ranks every this many evaluations")
    ap.add_argument("--static-only", action="store_true")
    args = ap.parse_args(argv)
    a, _, b = args.seeds.partition("-")
    seeds = list(range(int(a), int(b or a) + 1))
    spaces = args.space or SPACES
    for name in spaces:
        print("\n".join(static(name)), flush=True)
        print(flush=True)
    if args.static_only:
        return 0
    for name in spaces:
        print("\n".join(describe_runs(name, args.strategy, seeds, args.budget, args.every)), flush=True)
        print("\n".join(slow_runs(name)), flush=True)
        print(flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
