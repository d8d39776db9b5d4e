"""Which measured genomes should become a template's designs: chosen on some sizes of one or more shapes.json,
confirmed on the others.

    python benchmarks/dev/choose_designs.py OUT/shapes/shapes.json --template sgemm \
        --holdout M=3998,N=224,K=3357 --holdout M=133,N=241,K=2406 --max 3

A size's *gap* is the best time among the shipped designs (``templates/NAME.designs.json``) and the chosen genomes,
over the best time of any genome of the call at that size (1.0: the designs hold the call's best). Greedily, up to
``--max`` genomes: each step adds the genome (any row that passed the protocol at a training size) that lowers the
geometric mean gap over the training sizes (every size not held out) most, and stops when none lowers it by
``--min-gain`` (default 0.5%). The held-out sizes are then read for what the choice gives there, and only then; a
shipped design that was not timed in the call counts as absent (say so: the table lists how many were timed).
Prints the training and held-out tables (gap before and after, best genome against the strongest peer) and the
chosen genomes as designs-file entries (JSON: each genome and ``at``, the training sizes where it is the fastest of
the shipped and chosen designs), ready for the designs file once a "why" is written.
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
from evo_kernels.template import load_template  # noqa: E402


def _key(genome: dict, defaults: dict) -> str:
    """One spelling of a genome: a gene the genome does not name (one added to the template since it was
    written) at its default, which is the identity."""
    return json.dumps({**defaults, **genome}, sort_keys=True)


def size_label(problem: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in problem.items())


def tables(doc: dict, template: str, defaults: dict) -> list[dict]:
    """Per size of ``template``: its problem, {genome key: median ms} of the rows that passed, and the strongest
    peer's time (bench_tables.strongest_peer_ms; None where none ran)."""
    out = []
    for res in doc["results"]:
        if res["template"] != template:
            continue
        times: dict[str, float] = {}
        for r in res["rows"]:
            if r["status"] == "ok":
                k = _key(r["genome"], defaults)
                times[k] = min(times.get(k, math.inf), r["median_ms"])
        out.append({"problem": res["problem"], "times": times, "peer_ms": strongest_peer_ms(res)})
    return out


def gap(size: dict, keys: list[str]) -> float:
    """Best time among ``keys`` over the size's best time (inf where none of them passed there)."""
    have = [size["times"][k] for k in keys if k in size["times"]]
    return (min(have) if have else math.inf) / min(size["times"].values())


def geomean(values: list[float]) -> float:
    return math.exp(statistics.fmean(math.log(v) for v in values)) if values else math.nan


def choose(train: list[dict], shipped: list[str], most: int, min_gain: float) -> list[str]:
    """Greedy: up to ``most`` genome keys, each the one that lowers the training sizes' geometric mean gap most."""
    chosen: list[str] = []
    candidates = sorted({k for s in train for k in s["times"]} - set(shipped))
    current = geomean([gap(s, shipped) for s in train])
    while len(chosen) < most:
        scored = [(geomean([gap(s, shipped + chosen + [k]) for s in train]), k) for k in candidates
                  if k not in chosen]
        if not scored:
            break
        best, k = min(scored)
        if not best < current * (1 - min_gain):
            break
        chosen.append(k)
        current = best
    return chosen


def report(title: str, sizes: list[dict], shipped: list[str], chosen: list[str]) -> list[str]:
    lines = [f"### {title}", "", "| size | genomes passed | shipped designs timed | gap: shipped | gap: with chosen | "
             "peer / designs' best |", "|---|---|---|---|---|---|"]
    before, after = [], []
    for s in sizes:
        g0, g1 = gap(s, shipped), gap(s, shipped + chosen)
        before.append(g0)
        after.append(g1)
        have = [s["times"][k] for k in shipped + chosen if k in s["times"]]
        peer = f"{s['peer_ms'] / min(have):.3f}x" if have and s["peer_ms"] else "-"
        lines.append(f"| {size_label(s['problem'])} | {len(s['times'])} | {sum(k in s['times'] for k in shipped)} | "
                     f"{g0:.3f} | {g1:.3f} | {peer} |")
    lines.append(f"\ngeometric mean gap over {len(sizes)} sizes: {geomean(before):.3f} -> {geomean(after):.3f}\n")
    return lines


def _problem(text: str) -> dict:
    try:
        return {k: int(v) for k, v in (part.split("=") for part in text.split(","))}
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{text!r}: not NAME=INT,NAME=INT,...") from exc


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("shapes", type=Path, nargs="+",
                    help="shapes.json files of benchmarks/bench_kernels.py (several: their sizes together, each "
                         "size in one file only; compare calls of one card and commit)")
    ap.add_argument("--template", required=True)
    ap.add_argument("--holdout", type=_problem, action="append", default=[],
                    help="a size the choice must not see (NAME=INT,...; repeat)")
    ap.add_argument("--max", type=int, default=3, help="genomes to choose at most (default 3)")
    ap.add_argument("--min-gain", type=float, default=0.005, help="least relative gain of a step (default 0.005)")
    ap.add_argument("--designs", type=Path, help="the shipped designs (default templates/TEMPLATE.designs.json)")
    a = ap.parse_args(argv)
    designs_path = a.designs or ROOT / "templates" / f"{a.template}.designs.json"
    docs = []
    for path in a.shapes:
        try:
            docs.append(read_results(path))
        except (OSError, ValueError) as exc:
            print(f"{path}: {exc}", file=sys.stderr)
            return 2
    defaults = load_template(a.template).space.baseline()
    try:
        shipped = [_key(d["genome"], defaults) for d in json.loads(designs_path.read_text())["designs"]]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(f"{designs_path}: not a designs file ({type(exc).__name__}: {exc})", file=sys.stderr)
        return 2
    sizes, seen = [], {}
    for path, doc in zip(a.shapes, docs):
        for s in tables(doc, a.template, defaults):
            key = size_label(s["problem"])
            if key in seen:
                print(f"{path}: size {key} is also in {seen[key]}; give each size in one file only", file=sys.stderr)
                return 2
            seen[key] = path
            if s["times"]:
                sizes.append(s)
    where = " ".join(map(str, a.shapes))
    held = [s for s in sizes if s["problem"] in a.holdout]
    missing = [size_label(p) for p in a.holdout if p not in [s["problem"] for s in held]]
    if missing:
        print(f"{where}: no {a.template} rows that passed at held-out size(s) {', '.join(missing)}", file=sys.stderr)
        return 2
    train = [s for s in sizes if s not in held]
    if not train:
        print(f"{where}: every {a.template} size is held out; nothing to choose on", file=sys.stderr)
        return 2
    chosen = choose(train, shipped, a.max, a.min_gain)
    print("\n".join(report(f"Training sizes ({len(train)}): where the choice was made", train, shipped, chosen)))
    if held:
        print("\n".join(report(f"Held-out sizes ({len(held)}): read after the choice", held, shipped, chosen)))
    print(json.dumps(entries(train, shipped, chosen), indent=1))
    return 0


def entries(train: list[dict], shipped: list[str], chosen: list[str]) -> list[dict]:
    """The chosen genomes as designs-file entries: {"genome", "at": the training sizes where it is the fastest of the
    shipped designs and the chosen ones (the sizes ``KernelTemplate.designs_for`` orders designs by)}."""
    out = []
    for k in chosen:
        at = [s["problem"] for s in train
              if k in s["times"] and s["times"][k] == min(s["times"][j] for j in shipped + chosen if j in s["times"])]
        out.append({"genome": json.loads(k), "at": at})
    return out


if __name__ == "__main__":
    sys.exit(main())
