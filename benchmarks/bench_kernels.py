"""Kernel benchmark on a real GPU: baseline, best searched genome and the strongest peers, per template.

For every template at its benchmark problem: the baseline genome; FAST_GENOME (the template
author's guess) and a random sample of valid genomes, each checked for correctness (ragged
shapes, NaN-poisoned outputs, re-check of the timed output) and timed by the GpuRunner; torch
eager and torch.compile of the template's ``reference_torch`` in float32 (cuBLAS / cuDNN / Triton);
and the roofline from the copy bandwidth and the cuBLAS SGEMM rate measured in the same run.

    python benchmarks/bench_kernels.py --out DIR [--sample 50] [--templates sgemm softmax ...]

writes DIR/RESULTS.md (the table) and DIR/results.json (every number). With ``--size
TEMPLATE:K=V,K=V`` (repeatable; ``--size second`` is the SECOND_TABLE below) it measures each
template at each of those sizes instead (the same genomes: baseline, FAST_GENOME, extras, random
sample, hill climb; the peers and the ceilings in the same call) and writes DIR/SHAPES.md. Not a
test: run it on the GPU machine (STAGES=bench scripts/gpu_session.sh does).

The measuring is in bench_measure.py, the tables in bench_tables.py (siblings of this script).
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))  # the sibling modules below, however this file is loaded

from bench_measure import bench_template, ceilings, searched_genomes  # noqa: E402
from bench_tables import report, report_shapes  # noqa: E402
from evo_kernels.build import NvccBuilder, nvcc_version  # noqa: E402
from evo_kernels.checkpoint import write_atomic  # noqa: E402
from evo_kernels.template import available_templates, load_template  # noqa: E402

# Shapes a user meets, per template: ragged odd sides, skinny and wide, rows from 64 to 64k floats,
# small and large filters, sizes just above a power of two. Most move far more than the 60 MiB L2.
SECOND_TABLE = {
    "softmax": ["R=1048576,C=64", "R=65536,C=1000", "R=16384,C=4097", "R=2048,C=32768", "R=1024,C=65536"],
    "transpose": ["R=8191,C=12289", "R=4097,C=4097", "R=64,C=1048576", "R=1048573,C=37"],
    "reduce_sum": ["N=268435457", "N=100000007", "N=1048579"],
    "stencil": ["H=8191,W=8193", "H=4097,W=4097", "H=131072,W=257", "H=257,W=131072"],
    "sgemm": ["M=4096,N=4096,K=4096", "M=4097,N=4097,K=4097", "M=3000,N=5000,K=1999", "M=8192,N=8192,K=64",
              "M=64,N=8192,K=8192"],
    "conv2d": ["H=4096,W=4096,FH=3,FW=3", "H=4096,W=4096,FH=5,FW=5", "H=4096,W=4096,FH=15,FW=15",
               "H=4099,W=4093,FH=5,FW=5"],
}


def parse_sizes(items: list[str]) -> dict[str, list[dict[str, int]]]:
    """``TEMPLATE:K=V,K=V`` items (or ``second``, the SECOND_TABLE) as {template: [problem, ...]}."""
    out: dict[str, list[dict[str, int]]] = {}
    for item in items:
        if item == "second":
            pairs = [(t, s) for t, sizes in SECOND_TABLE.items() for s in sizes]
        else:
            name, _, sizes = item.partition(":")
            pairs = [(name, sizes)]
        for name, size in pairs:
            problem = {k: int(v) for k, v in (kv.split("=") for kv in size.split(","))}
            want = set(load_template(name).problem)
            if set(problem) != want:
                raise SystemExit(f"--size {item}: {name} takes {', '.join(sorted(want))}")
            out.setdefault(name, []).append(problem)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--sample", type=int, default=50)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--time-cap", type=float, default=0.5, help="seconds of timing per candidate")
    ap.add_argument("--templates", nargs="*", default=None)
    ap.add_argument("--climb", type=int, default=0,
                    help="hill-climbing steps from the best genome (all its valid one-gene neighbours per step)")
    ap.add_argument("--extra", action="append", default=[], help="JSON file {template: [genome, ...]}: more "
                    "genomes to measure (e.g. designs the template author wants compared); repeatable")
    ap.add_argument("--designs", action="store_true", help="also measure each template's shipped designs "
                    "(templates/NAME.designs.json: where `evo-kernels tune` starts), labelled design1, design2, ...")
    ap.add_argument("--rounds", type=int, default=0, help="re-measure the 4 fastest genomes of each template and "
                    "torch eager alternately this many times, and report the ratio per round")
    ap.add_argument("--from-db", default=None, help="also measure the 3 fastest genomes of each template in this "
                    "results database (a search's best)")
    ap.add_argument("--size", action="append", default=[], metavar="TEMPLATE:K=V,..",
                    help="measure at this size instead of the benchmark problem (repeatable; 'second': the "
                    "SECOND_TABLE of shapes); writes SHAPES.md")
    args = ap.parse_args()
    if args.size:
        return main_shapes(args)
    from evo_kernels.runners.gpu import GpuRunner

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    names = args.templates or available_templates()
    extra_genomes = read_extras(args.extra)
    builder = NvccBuilder()
    with GpuRunner(time_cap_s=args.time_cap, seed=args.seed) as runner:
        info = runner.device_info()
        ceil = ceilings()
        print(f"ceilings: {ceil}", flush=True)
        results = []
        for name in names:
            extra = extra_pairs(args, name, extra_genomes)
            results.append(bench_template(name, runner, builder, args.sample, args.seed, args.climb, extra,
                                          args.rounds))
            write_whole(out / "results.json",
                        json.dumps({"ceilings": ceil, "device": info, "results": results}, indent=1, default=str))
            # the table so far, so that a run cut short still leaves what it measured
            write_whole(out / "RESULTS.md", report(results, ceil, _meta(info, args)))
    text = report(results, ceil, _meta(info, args))
    write_whole(out / "RESULTS.md", text)
    print(text)
    return 0


def write_whole(path: Path, text: str) -> None:
    """A table, replaced whole (gpu_session.sh's packer reads the folder every minute while the call measures)."""
    write_atomic(path, text.encode())


def main_shapes(args: argparse.Namespace) -> int:
    """``--size``: every template at every asked size, the peers and ceilings in the same call."""
    from evo_kernels.runners.gpu import GpuRunner

    sizes = parse_sizes(args.size)
    if args.templates:
        sizes = {k: v for k, v in sizes.items() if k in args.templates}
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    extra_genomes = read_extras(args.extra)
    builder = NvccBuilder()
    results: list[dict] = []
    with GpuRunner(time_cap_s=args.time_cap, seed=args.seed) as runner:
        info = runner.device_info()
        ceil = ceilings()
        print(f"ceilings: {ceil}", flush=True)
        meta = _meta(info, args)
        meta["command"] += " " + " ".join(f"--size {s}" for s in args.size)
        for name, problems in sizes.items():
            for p in problems:
                extra = extra_pairs(args, name, extra_genomes, problem=p)
                try:
                    results.append(bench_template(name, runner, builder, args.sample, args.seed, args.climb, extra,
                                                  args.rounds, problem=p))
                except Exception as exc:  # one size's failure (e.g. out of memory) leaves the others measured
                    print(f"{name} {p}: {type(exc).__name__}: {' '.join(str(exc).split())[:300]}", flush=True)
                    continue
                write_whole(out / "shapes.json",
                            json.dumps({"ceilings": ceil, "device": info, "results": results}, indent=1, default=str))
                write_whole(out / "SHAPES.md", report_shapes(results, ceil, meta, info.get("l2_bytes", 60 << 20)))
    text = report_shapes(results, ceil, meta, info.get("l2_bytes", 60 << 20))
    print(text)
    return 0


def extra_pairs(args: argparse.Namespace, name: str, extra_genomes: dict[str, list[dict]],
                problem: dict | None = None) -> list[tuple[str, dict]]:
    """(label, genome) pairs measured beside the baseline and FAST_GENOME: the search's best of --from-db (at
    ``problem`` where given), the template's shipped designs with --designs (where a tune starts), the --extra
    genomes. bench_template measures each genome once, under its first label."""
    out = [(f"searched{i + 1}", g) for i, g in
           enumerate(searched_genomes(args.from_db, name, problem=problem) if args.from_db else [])]
    if args.designs:
        out += [(f"design{i + 1}", g) for i, g in enumerate(load_template(name).designs)]
    return out + [(f"extra{i + 1}", g) for i, g in enumerate(extra_genomes.get(name, []))]


def read_extras(paths: list[str]) -> dict[str, list[dict]]:
    """The genomes of every --extra file, per template, in the order given."""
    out: dict[str, list[dict]] = {}
    for path in paths:
        try:
            d = json.loads(Path(path).read_text())
        except (OSError, ValueError) as exc:
            raise SystemExit(f"{path}: cannot read the extra genomes: {exc}") from None
        if not isinstance(d, dict) or not all(isinstance(v, list) for v in d.values()):
            raise SystemExit(f"{path}: expected {{template: [genome, ...]}}")
        for name, genomes in d.items():
            out.setdefault(name, []).extend(genomes)
    return out


def _meta(info: dict, args: argparse.Namespace) -> dict:
    commit = os.environ.get("EVO_COMMIT") or subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT).stdout.strip() or "unknown"
    return {"gpu": info.get("gpu_name", "?"), "driver": info.get("driver_version", "?"), "nvcc": nvcc_version(),
            "date": datetime.date.today().isoformat(), "commit": commit,
            "command": f"python3 benchmarks/bench_kernels.py --out DIR --sample {args.sample} "
                       f"--time-cap {args.time_cap} --climb {args.climb} --rounds {args.rounds}"
                       + (f" --from-db {args.from_db}" if args.from_db else "")
                       + (" --designs" if args.designs else "")
                       + "".join(f" --extra {e}" for e in args.extra)}


if __name__ == "__main__":
    sys.exit(main())
