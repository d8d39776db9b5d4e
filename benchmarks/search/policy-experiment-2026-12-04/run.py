"""Replays for policy-experiment-2026-12-04.md: every space of one side of the split, seeds A..B,
batch B, each strategy string; one JSON line per run appended to OUT (resumable).

    PYTHONPATH=. python benchmarks/search/policy-experiment-2026-12-04/run.py OUT.jsonl training 0..9 1 pbt:chain=3 ...
"""
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
from evo_kernels.bench_search import run_once  # noqa: E402

KT = json.loads((ROOT / "benchmarks/spaces/kernel_tuner_1.5.0.json").read_text())
out, side, seeds, batch = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
strats = sys.argv[5:]
a, b = map(int, seeds.split(".."))
done = set()
if os.path.exists(out):
    for line in open(out):
        r = json.loads(line)
        done.add((r["space"], r["strategy"], r["seed"], r["batch"]))
spaces = [s for s, v in KT["side"].items() if v == side]
for seed in range(a, b + 1):
    for sp in spaces:
        for st in strats:
            if (sp, st, seed, batch) in done:
                continue
            t = time.process_time()
            r = run_once(str(ROOT / KT["files"][sp]), st, seed, KT["budget"].get(sp, KT["budget"]["default"]),
                         batch_size=batch, stop_within=0.01)
            r.update(space=sp, strategy=st, seed=seed, batch=batch, cpu_s=round(time.process_time() - t, 2))
            with open(out, "a") as f:
                f.write(json.dumps(r) + "\n")
