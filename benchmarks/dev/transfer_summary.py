"""Variants of a names-prior warm start, read as issue 16's transfer targets (benchmarks/SEARCH.md, "A names prior").

    python benchmarks/dev/transfer_summary.py training DIR [--base FILE] [--variants GLOB]
    python benchmarks/dev/transfer_summary.py validation DIR --chosen SETTINGS

Training side (the reverse reading: a names population of the six validation spaces, warm pbt on the five Kernel
Tuner training spaces; `benchmarks/dev/pbt_runs.py` writes one JSON line per space and batch size): each variant
file of DIR (GLOB, default *.jsonl)'s warm / cold median over the five spaces (cold: the pbt rows of
search/table-2026-12-05) and its mean log ratio against the shipped setting (--base, default DIR/base.jsonl),
paired by seed. Validation side: the chosen variant (bench-search's JSON in DIR/validation_*_bB.json, strategy
`pbt:init_population=populations/names-training-side,SETTINGS`) against the shipped setting and cold pbt, per seed set
it was run on and pooled (the shipped setting's and cold pbt's counts are those of search/table-2026-12-05 and
search/names-prior-2026-12-04h). A miss counts as budget + 1. Used by search/names-hedge-2026-12-05 (--chosen
prior_draws=256,prior_probes=3) and search/names-popsize-2026-12-05g.
"""
from __future__ import annotations

import argparse
import glob
import json
import math
import statistics
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEARCH = ROOT / "benchmarks" / "search"
KT = json.loads((ROOT / "benchmarks" / "spaces" / "kernel_tuner_1.5.0.json").read_text())
SHIPPED = "pbt:init_population=populations/names-training-side"


def count(n: int | None, budget: int) -> int:
    return budget + 1 if n is None else n


def median(pairs: list[tuple[int | None, int]]) -> float:
    return statistics.median(count(n, b) for n, b in pairs)


def mean_se(xs: list[float]) -> str:
    return f"{statistics.mean(xs):+.3f} ± {statistics.stdev(xs) / math.sqrt(len(xs)):.3f}"


def jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def training(here: Path, base_file: Path, variants: str) -> None:
    cold = {(r["space"], r["batch"]): r for r in jsonl(SEARCH / "table-2026-12-05" / "table.jsonl")
            if r["strategy"] == "pbt"}
    base = {(r["space"], r["batch"]): r for r in jsonl(base_file)}
    for f in sorted(here.glob(variants)):
        rows = {(r["space"], r["batch"]): r for r in jsonl(f)}
        for batch in (1, 8):
            ratios, logs = [], []
            for (space, b), r in rows.items():
                if b != batch:
                    continue
                budget = 1000 if space.startswith("gemm") else 500
                c = cold[space, b]
                ratios.append((median([(n, budget) for n in r["to_5pct"]]) /
                               median([(n, c["budget"]) for n in c["to_5pct"]]), space))
                logs += [math.log(count(x, budget) / count(y, budget))
                         for x, y in zip(r["to_5pct"], base[space, b]["to_5pct"])]
            if not ratios:  # a variant run at one batch size only
                continue
            worst = max(ratios)
            print(f"{f.stem:8s} batch {batch}: warm / cold median {statistics.median(x for x, _ in ratios):.2f}, "
                  f"worst {worst[0]:.2f} ({worst[1]}); against the shipped setting {mean_se(logs)}")


def validation(here: Path, chosen: str) -> None:
    spaces = [s for s, side in KT["side"].items() if side == "validation"]
    best = {s: v[1] for s, v in KT["best_5pct"].items()}
    for batch in (1, 8):
        runs: dict[str, dict[str, dict[int, tuple[int | None, int]]]] = {k: {s: {} for s in spaces}
                                                                         for k in ("cold", "shipped", "chosen")}
        for r in jsonl(SEARCH / "table-2026-12-05" / "table.jsonl"):
            kind = {"pbt": "cold", SHIPPED: "shipped"}.get(r["strategy"])
            if r["batch"] == batch and r["space"] in spaces and kind:
                runs[kind][r["space"]].update({i: (n, r["budget"]) for i, n in enumerate(r["to_5pct"])})
        files = [(SEARCH / "names-prior-2026-12-04h" / f"validation_seeds{s}_b{batch}.json", {"pbt": "cold",
                  SHIPPED: "shipped"}) for s in ("20-39", "40-59")]
        files += [(Path(f), {chosen: "chosen"}) for f in glob.glob(str(here / f"validation_*_b{batch}.json"))]
        for path, kinds in files:
            d = json.loads(path.read_text())
            for space, v in d["spaces"].items():
                for strategy, kind in kinds.items():
                    runs[kind][space].update({d["seed_start"] + i: (n, d["budget"])
                                              for i, n in enumerate(v["strategies"][strategy]["evals_to_5pct"])})
        have = min(len(runs['chosen'][sp]) for sp in spaces)   # the seed sets the chosen variant ran on
        for lo, hi in [r for r in ((0, 20), (20, 40), (40, 60), (0, 60)) if r[1] <= have]:
            ratio: dict[str, list[float]] = {"shipped": [], "chosen": []}
            to_kt: dict[str, list[float]] = {"shipped": [], "chosen": []}
            logs, cells = [], []
            for space in spaces:
                seeds = range(lo, hi)
                med = {k: median([runs[k][space][i] for i in seeds]) for k in runs}
                for k in ratio:
                    ratio[k].append(med[k] / med["cold"])
                    to_kt[k].append(med[k] / best[space])
                logs += [math.log(count(*runs["chosen"][space][i]) / count(*runs["shipped"][space][i])) for i in seeds]
                cells.append(f"{space} {med['chosen']:g} / {med['shipped']:g} / {med['cold']:g}")
            geo = {k: math.exp(statistics.mean(map(math.log, v))) for k, v in to_kt.items()}
            print(f"batch {batch}, seeds {lo}..{hi - 1}: chosen / cold median {statistics.median(ratio['chosen']):.2f} "
                  f"worst {max(ratio['chosen']):.2f}; shipped / cold median {statistics.median(ratio['shipped']):.2f} "
                  f"worst {max(ratio['shipped']):.2f}; / KT best {geo['chosen']:.2f} against {geo['shipped']:.2f}; "
                  f"chosen against shipped {mean_se(logs)}")
            print("    chosen / shipped / cold: " + "; ".join(cells))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("side", choices=("training", "validation"))
    ap.add_argument("dir", type=Path, help="the experiment's folder")
    ap.add_argument("--base", type=Path, help="the shipped setting's training runs (default DIR/base.jsonl)")
    ap.add_argument("--variants", default="*.jsonl", help="the variants' files in DIR (training side)")
    ap.add_argument("--chosen", help="the chosen variant's settings after the population (validation side)")
    a = ap.parse_args(argv)
    if a.side == "training":
        training(a.dir, a.base or a.dir / "base.jsonl", a.variants)
    elif not a.chosen:
        ap.error("validation needs --chosen SETTINGS")
    else:
        validation(a.dir, f"{SHIPPED},{a.chosen}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
