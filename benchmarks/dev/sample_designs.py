"""A seeded sample of a template's valid genomes within a narrowed domain, built here with nvcc and kept only where
they build without spills (unless --no-build): candidate designs for ``bench_kernels.py --extra`` on the GPU machine.

    python benchmarks/dev/sample_designs.py --template sgemm --n 160 --seed 3 \
      --domain UseSharedMemory=true --domain VectorizeLoads=true --domain TileLoops_K=8,16,32 \
      --key sgemm --out benchmarks/candidates/sgemm_small_candidates.json

``--domain GENE=V1,V2`` restricts a gene to those values (JSON literals: true, 4, "float4"); the genes not named
keep their whole domain. Genomes are drawn uniformly from the restricted product and kept if the template's
constraints accept them; duplicates are dropped. The output is {KEY: [genome, ...]}, the format of --extra.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from evo_kernels.build import NvccBuilder  # noqa: E402
from evo_kernels.records import Candidate  # noqa: E402
from evo_kernels.template import load_template  # noqa: E402


def parse_domain(items: list[str], template) -> dict[str, list]:
    out = {}
    for item in items:
        name, sep, values = item.partition("=")
        if not sep:
            raise SystemExit(f"--domain {item!r}: expected GENE=V1,V2")
        gene = template.space.gene(name)   # raises on an unknown gene
        try:
            vals = [json.loads(v) for v in values.split(",")]
        except json.JSONDecodeError:
            raise SystemExit(f"--domain {item!r}: each value is a JSON literal (a string in quotes: "
                             f"'{name}=\"{values.split(',')[0]}\"')") from None
        bad = [v for v in vals if v not in gene.values]
        if bad:
            raise SystemExit(f"--domain {item!r}: {bad} not in {name}'s domain {list(gene.values)}")
        out[name] = vals
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--template", required=True)
    ap.add_argument("--n", type=int, required=True, help="designs to keep (after the spill filter)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--domain", action="append", default=[])
    ap.add_argument("--key", default=None, help="the output's key (default: the template's name)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--no-build", action="store_true",
                    help="keep every valid draw unbuilt (the GPU machine's benchmark builds them and reports spills)")
    args = ap.parse_args(argv)
    t = load_template(args.template)
    domain = parse_domain(args.domain, t)
    rng = np.random.default_rng(args.seed)
    seen, kept = set(), []
    builder = NvccBuilder(arch=args.arch, cache_dir=Path(tempfile.mkdtemp(prefix="sample_designs_")))
    tries = 0
    while len(kept) < args.n and tries < 200:
        tries += 1
        batch = []
        for _ in range(4 * args.n):
            g = {gene.name: domain[gene.name][rng.integers(len(domain[gene.name]))] if gene.name in domain
                 else gene.values[rng.integers(len(gene.values))] for gene in t.space.genes}
            if not t.space.is_valid(g) or t.space.key(g) in seen:
                continue
            seen.add(t.space.key(g))
            batch.append(t.space.coerce(g))
            if len(batch) >= 2 * (args.n - len(kept)):
                break
        if not batch:
            break
        if args.no_build:
            kept += batch[:args.n - len(kept)]
            continue
        results = builder.build(t, [Candidate(t.name, g, t.problem, t.space.key(g)) for g in batch])
        for g, r in zip(batch, results):
            if r.status == "ok" and not r.spill_store_bytes and not r.spill_load_bytes and len(kept) < args.n:
                kept.append(g)
        print(f"{len(kept)} / {args.n} kept after {len(seen)} drawn", file=sys.stderr)
    Path(args.out).write_text(json.dumps({args.key or t.name: kept}, indent=1) + "\n")
    print(f"wrote {len(kept)} designs to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
