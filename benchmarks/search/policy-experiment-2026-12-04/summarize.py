"""Medians over seeds 0..N-1 (a miss counts as budget + 1) per space and strategy, their geometric
means, and paired (same space, same seed) wins/losses/ties of each policy variant against its
uniform-edits twin; pbt and pbt:edits=uniform (chain 1) come from the table of SEARCH.md.

    python benchmarks/search/policy-experiment-2026-12-04/summarize.py SEEDS SIDE BATCH RUNS.jsonl ...
"""
import json
import math
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
KT = json.loads((ROOT / "benchmarks/spaces/kernel_tuner_1.5.0.json").read_text())
seeds, side, batch, files = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4:]
runs = {}
for line in open(ROOT / "benchmarks/search/table-2026-12-04c/table.jsonl"):
    r = json.loads(line)
    if r["batch"] == batch and r["strategy"] in ("pbt", "pbt:edits=uniform"):
        for i, s in enumerate(range(*r["seeds"])):
            runs[(r["space"], r["strategy"], s)] = (r["to_5pct"][i], r["to_1pct"][i])
for f in files:
    for line in open(f):
        r = json.loads(line)
        if r["batch"] == batch:
            runs[(r["space"], r["strategy"], r["seed"])] = (r["evals_to_5pct"], r["evals_to_1pct"])
strats = list(dict.fromkeys(k[1] for k in runs))
spaces = [s for s, v in KT["side"].items() if v == side]
budget = lambda sp: KT["budget"].get(sp, KT["budget"]["default"])  # noqa: E731
val = lambda sp, x: budget(sp) + 1 if x is None else x  # noqa: E731
print("| space | " + " | ".join(strats) + " |")
print("|---" * (len(strats) + 1) + "|")
gm = {s: [[], []] for s in strats}
for sp in spaces:
    cells = []
    for st in strats:
        v = [runs.get((sp, st, s)) for s in range(seeds)]
        if None in v:
            cells.append(f"({sum(x is not None for x in v)} seeds)")
            continue
        m5, m1 = (statistics.median(val(sp, x[i]) for x in v) for i in (0, 1))
        gm[st][0].append(m5)
        gm[st][1].append(m1)
        cells.append(f"{m5:g} / {m1:g}")
    print(f"| {sp} | " + " | ".join(cells) + " |")
geo = lambda xs: math.exp(statistics.mean(map(math.log, xs))) if xs else float("nan")  # noqa: E731
print("| geometric mean | " + " | ".join(f"{geo(g[0]):.1f} / {geo(g[1]):.1f}" for g in gm.values()) + " |")
print()
for st in strats:
    twin = "pbt:edits=uniform" if st == "pbt" else st + ",edits=uniform"
    if "uniform" in st or twin not in strats:
        continue
    for i, what in ((0, "5%"), (1, "1%")):
        w = lose = t = 0
        lr = []
        for sp in spaces:
            for s in range(seeds):
                a, b = runs.get((sp, st, s)), runs.get((sp, twin, s))
                if a is None or b is None:
                    continue
                x, y = val(sp, a[i]), val(sp, b[i])
                w, lose, t = w + (x < y), lose + (x > y), t + (x == y)
                lr.append(math.log(x / y))
        if lr:
            sem = statistics.stdev(lr) / math.sqrt(len(lr))
            print(f"- {st} vs {twin}, to {what}: policy fewer evaluations in {w} runs, more in {lose}, tied {t}; "
                  f"mean log(policy/uniform) {statistics.mean(lr):+.3f} (sd of the mean {sem:.3f})")
