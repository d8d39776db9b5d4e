"""The ``evo-kernels`` command line: wires templates, builder, runners, strategies and store.

Every user error ends as one line on stderr that names the file or value at fault, with exit
status 2; nothing is written before the inputs are known to be good.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from evo_kernels.genome import InvalidGenome
from evo_kernels.template import TemplateError, available_templates, load_template


class UsageError(Exception):
    """Bad input from the user: reported as one line, exit status 2."""


def _parse_genome(text: str) -> dict:
    """A genome given as JSON text or as the path of a JSON file."""
    src = "--genome"
    if not text.lstrip().startswith("{") and Path(text).exists():
        src, text = text, Path(text).read_text()
    try:
        genome = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{src}: not valid JSON: {exc}") from exc
    if not isinstance(genome, dict):
        raise UsageError(f"{src}: a genome is a JSON object of gene names to values")
    return genome


def cmd_list(args: argparse.Namespace) -> int:
    rows = []
    for name in available_templates():
        t = load_template(name)
        valid = sum(1 for _ in t.space.enumerate()) if t.space.size <= 200_000 else None
        rows.append({"template": name, "doc": t.doc, "file": str(t.mako_path), "problem": t.problem,
                     "space_size": t.space.size, "valid": valid, "genes": t.space.describe()})
    if args.json:
        print(json.dumps(rows, indent=1, default=str))
        return 0
    from rich.console import Console
    from rich.table import Table

    console = Console()
    for r in rows:
        table = Table(title=f"{r['template']}: {r['doc']}  [{r['space_size']} genomes, "
                            f"{r['valid'] if r['valid'] is not None else '?'} valid]", title_justify="left")
        for col in ("gene", "transform", "domain", "baseline"):
            table.add_column(col)
        for g in r["genes"]:
            table.add_row(g["name"], g["transform"], " ".join(map(str, g["values"])), str(g["baseline"]))
        console.print(table)
    return 0


def cmd_compile(args: argparse.Namespace) -> int:
    from evo_kernels.build import NvccBuilder
    from evo_kernels.records import Candidate

    t = load_template(args.template)
    genomes = [t.space.baseline()]
    if args.genome:
        try:
            genomes.append(t.space.check(t.space.coerce(_parse_genome(args.genome))))
        except InvalidGenome as exc:
            raise UsageError(f"--genome: invalid for {t.name}: {exc}") from exc
    rng = np.random.default_rng(args.seed)
    genomes += [t.space.sample(rng) for _ in range(args.random)]
    cands = [Candidate(t.name, g, t.problem, t.space.key(g)) for g in genomes]
    results = NvccBuilder(arch=args.arch, cache_dir=args.cache).build(t, cands)
    out = [{"key": r.candidate.key, "genome": r.candidate.genome, "status": r.status, "registers": r.registers,
            "spill_bytes": r.spill_bytes, "smem_bytes": r.smem_bytes, "stack_bytes": r.stack_bytes,
            "compile_seconds": round(r.compile_seconds, 3), "cached": r.cached, "error": r.error} for r in results]
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        from rich.console import Console
        from rich.table import Table

        table = Table(title=f"{t.name} for {args.arch}")
        for col in ("key", "status", "regs", "spill B", "smem B", "s", "genome"):
            table.add_column(col, overflow="fold")
        for o in out:
            table.add_row(o["key"], o["status"], str(o["registers"]), str(o["spill_bytes"]), str(o["smem_bytes"]),
                          f"{o['compile_seconds']:.2f}", json.dumps(o["genome"]))
        Console().print(table)
        for o in out:
            if o["status"] != "ok":
                print(f"{o['key']}: {o['status']}: {o['error'].splitlines()[0] if o['error'] else ''}", file=sys.stderr)
    return 0 if all(o["status"] == "ok" for o in out) else 1


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="evo-kernels", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("list", help="templates, their transforms, domains and space sizes")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_list)

    s = sub.add_parser("compile", help="build the baseline plus N random valid genomes, print ptxas metrics")
    s.add_argument("template", help="a template's name or the path of its .cu.mako or .py file")
    s.add_argument("--genome", help="a genome as JSON (or a JSON file) to build besides the baseline")
    s.add_argument("--random", type=int, default=0, metavar="N", help="also build N random valid genomes")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--arch", default="sm_90")
    s.add_argument("--cache", default=None, help="cubin cache folder (default ~/.cache/evo-kernels/cubins)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_compile)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (UsageError, TemplateError, InvalidGenome) as exc:
        print(f"evo-kernels: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
