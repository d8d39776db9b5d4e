"""The table of README.md from runs.jsonl: per space and strategy, median evaluations to 5% and 1%
(a miss counts as budget + 1; none when more than half missed), success shares, and the paired (by
seed) mean log ratio against ``pbt`` with its standard error; then the ratio over all spaces.

    python analyze.py runs.jsonl
"""
import json
import math
import statistics
import sys
from collections import defaultdict


def median(ns, budget):
    if sum(n is None for n in ns) * 2 > len(ns):
        return None
    return statistics.median(budget + 1 if n is None else n for n in ns)


def mean_se(xs):
    se = statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return f"{statistics.mean(xs):+.3f} ± {se:.3f}"


def main(path):
    rows = [json.loads(line) for line in open(path)]
    by = defaultdict(dict)
    for r in rows:
        by[(r["space"], r["strategy"])][r["seed"]] = r
    spaces = list(dict.fromkeys(r["space"] for r in rows))
    strategies = list(dict.fromkeys(r["strategy"] for r in rows))
    print("| space | strategy | median to 5% | success 5% | median to 1% | success 1% "
          "| mlr 5% vs pbt | mlr 1% vs pbt | cpu s |")
    print("|---|---|---|---|---|---|---|---|---|")
    pooled = defaultdict(lambda: ([], []))
    for space in spaces:
        base = by[(space, "pbt")]
        for st in strategies:
            d = by[(space, st)]
            if not d:
                continue
            seeds = sorted(d)
            b = d[seeds[0]]["budget"]
            cells = []
            for i, k in enumerate(("evals_to_5pct", "evals_to_1pct")):
                ns = [d[s][k] for s in seeds]
                lr = [math.log((d[s][k] or b + 1) / (base[s][k] or b + 1)) for s in seeds if s in base]
                pooled[st][i].extend(lr)
                cells += [median(ns, b), f"{sum(n is not None for n in ns) / len(ns):.0%}", mean_se(lr)]
            cpu = sum(d[s]["cpu_s"] for s in seeds)
            print(f"| {space} | {st} | {cells[0]} | {cells[1]} | {cells[3]} | {cells[4]} | {cells[2]} "
                  f"| {cells[5]} | {cpu:.0f} |")
    print()
    print("| strategy | paired mean log ratio vs pbt, 5% | 1% | n |")
    print("|---|---|---|---|")
    for st in strategies:
        a5, a1 = pooled[st]
        print(f"| {st} | {mean_se(a5)} | {mean_se(a1)} | {len(a5)} |")


if __name__ == "__main__":
    main(sys.argv[1])
