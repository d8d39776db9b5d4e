"""What one gene does, pair by pair, in a shapes.json of bench_kernels.py: rows whose genomes differ in GENE alone
are a pair (off = the gene's default, on = any other value), timed in the same call at the same size.

    python benchmarks/dev/gene_pairs.py benchmarks/h100-2026-12-05f/call5/shapes/shapes.json \
        --template sgemm --gene ReorderInstructions_SplitSum --off 1

Per size: the pairs, their geometric mean of off / on (> 1: the gene is faster), the best of each side (its
label and time), and the strongest peer's time (torch eager: cuBLAS for sgemm; torch.compile) from the same
call's protocol rows. A pair where either side failed the protocol is counted apart, not in the mean.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]
from bench_tables import read_results, strongest_peer_ms  # noqa: E402


def _key(genome: dict, gene: str) -> str:
    return json.dumps({k: v for k, v in genome.items() if k != gene}, sort_keys=True)


def pairs_of(rows: list[dict], gene: str, off) -> list[tuple[dict, dict]]:
    """(off row, on row) for every two rows that differ in ``gene`` alone, one holding ``off``."""
    by_key: dict[str, list[dict]] = {}
    for r in rows:
        if gene in r["genome"]:
            by_key.setdefault(_key(r["genome"], gene), []).append(r)
    out = []
    for group in by_key.values():
        offs = [r for r in group if r["genome"][gene] == off]
        ons = [r for r in group if r["genome"][gene] != off]
        out += [(a, b) for a in offs[:1] for b in ons]
    return out


def summarize(doc: dict, template: str, gene: str, off) -> list[dict]:
    out = []
    for res in doc["results"]:
        if res["template"] != template:
            continue
        pairs = pairs_of(res["rows"], gene, off)
        ok = [(a, b) for a, b in pairs if a["status"] == b["status"] == "ok"]
        side = {"off": [a for a, _ in ok], "on": [b for _, b in ok]}
        best = {k: min(v, key=lambda r: r["median_ms"]) if v else None for k, v in side.items()}
        out.append({"problem": res["problem"], "pairs": len(pairs), "failed": len(pairs) - len(ok),
                    "geomean_off_over_on": math.exp(statistics.fmean(math.log(a["median_ms"] / b["median_ms"])
                                                                     for a, b in ok)) if ok else math.nan,
                    "best": {k: (r["label"], r["median_ms"]) if r else None for k, r in best.items()},
                    "peer_ms": strongest_peer_ms(res)})
    return out


def _side(best: tuple[str, float] | None) -> str:
    return f"{best[0]} {best[1] * 1e3:.1f} us" if best else "-"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("shapes", type=Path, help="a shapes.json of benchmarks/bench_kernels.py")
    ap.add_argument("--template", required=True)
    ap.add_argument("--gene", required=True)
    ap.add_argument("--off", default="false", help="the gene's value that counts as off (JSON; default false)")
    a = ap.parse_args(argv)
    try:
        doc = read_results(a.shapes)
        off = json.loads(a.off)
    except (OSError, ValueError) as exc:
        print(f"{a.shapes}: {exc}", file=sys.stderr)
        return 2
    rows = summarize(doc, a.template, a.gene, off)
    if not any(r["pairs"] for r in rows):
        print(f"{a.shapes}: no two {a.template} rows differ in {a.gene} alone", file=sys.stderr)
        return 1
    print("| size | pairs (failed) | off / on, geometric mean | best off | best on | strongest peer / best, time |")
    print("|---|---|---|---|---|---|")
    logs = []
    for r in rows:
        size = " x ".join(str(v) for v in r["problem"].values())
        b_off, b_on = r["best"]["off"], r["best"]["on"]
        best = min((b for b in (b_off, b_on) if b), key=lambda b: b[1], default=None)
        ratio = f"{r['peer_ms'] / best[1]:.3f}x" if best and r["peer_ms"] else "-"
        print(f"| {size} | {r['pairs']} ({r['failed']}) | {r['geomean_off_over_on']:.3f} | {_side(b_off)} | "
              f"{_side(b_on)} | {ratio} |")
        if best:
            logs.append(math.log(r["geomean_off_over_on"]))
    if logs:
        print(f"\nover {len(logs)} sizes: geometric mean off / on {math.exp(statistics.fmean(logs)):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
