"""The commands about templates themselves: ``list`` (their transforms, domains and space sizes)
and ``compile`` (build genomes with nvcc and print ptxas metrics), with their flags; nothing is
measured and no database is opened.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from evo_kernels.cli_args import UsageError, at_least, console, error_line, parse_genome
from evo_kernels.genome import InvalidGenome
from evo_kernels.template import TemplateError, available_templates, load_template


def cmd_list(args: argparse.Namespace) -> int:
    """Every template that loads, and one error line for each that does not (then exit status 2)."""
    rows, broken = [], 0
    for name in available_templates():
        try:
            t = load_template(name)
        except TemplateError as exc:
            print(error_line(exc), file=sys.stderr)
            broken += 1
            continue
        valid, exact = t.space.count_valid()
        rows.append({"template": name, "doc": t.doc, "file": str(t.mako_path), "problem": t.problem,
                     "space_size": t.space.size, "valid": valid, "valid_exact": exact, "designs": len(t.designs),
                     "genes": t.space.describe()})
    if args.json:
        print(json.dumps(rows, indent=1, default=str))
        return 2 if broken else 0
    from rich.table import Table

    out = console()
    for r in rows:
        table = Table(title=f"{r['template']}: {r['doc']}  [{r['space_size']} genomes, "
                            f"{'' if r['valid_exact'] else '~'}{r['valid']} valid, {r['designs']} known designs]",
                      title_justify="left")
        # Gene names are what --pin and --forbid take: never cut, whatever the width (a pipe is 80).
        table.add_column("gene", no_wrap=True, min_width=max(len(g["name"]) for g in r["genes"]))
        table.add_column("transform", overflow="fold")
        table.add_column("domain", overflow="fold")
        table.add_column("baseline", overflow="fold")
        for g in r["genes"]:
            table.add_row(g["name"], g["transform"], " ".join(map(str, g["values"])), str(g["baseline"]))
        out.print(table)
    return 2 if broken else 0


def cmd_compile(args: argparse.Namespace) -> int:
    from evo_kernels.build import NvccBuilder, arch_problem, argument_problem
    from evo_kernels.records import Candidate

    at_least(args.seed, 0, "--seed")
    at_least(args.random, 0, "--random")
    bad = arch_problem(args.arch)
    if bad:
        raise UsageError(f"--arch {args.arch}: {bad}")
    t = load_template(args.template)
    genomes = [t.space.baseline()]
    if args.genome:
        try:
            genomes.append(t.space.check(t.space.coerce(parse_genome(args.genome))))
        except InvalidGenome as exc:
            raise UsageError(f"--genome: invalid for {t.name}: {exc}") from exc
    rng = np.random.default_rng(args.seed)
    # N random genomes, each new (a small space may hold fewer)
    genomes += t.space.sample_new(rng, args.random, {t.space.key(g) for g in genomes}, draws=50 * args.random)
    cands = [Candidate(t.name, g, t.problem, t.space.key(g)) for g in genomes]
    results = NvccBuilder(arch=args.arch, cache_dir=args.cache).build(t, cands)
    for r in results:  # what can be known of the arguments without a GPU: the cubin lists its parameters
        if r.status == "ok" and (bad := argument_problem(t, Path(r.cubin_path))):
            raise TemplateError(bad)
    out = [{"key": r.candidate.key, "genome": r.candidate.genome, "status": r.status, "registers": r.registers,
            "spill_bytes": r.spill_bytes, "smem_bytes": r.smem_bytes, "stack_bytes": r.stack_bytes,
            "compile_seconds": round(r.compile_seconds, 3), "cached": r.cached, "error": r.error} for r in results]
    base = t.space.key(t.space.baseline())
    if args.json:
        print(json.dumps(out, indent=1))
    elif sys.stdout.isatty():
        from rich.table import Table

        table = Table(title=f"{t.name} for {args.arch}")
        for col in ("key", "status", "regs", "spill B", "smem B", "s", "genome"):
            table.add_column(col, overflow="fold")
        for o in out:
            table.add_row(o["key"] + (" (baseline)" if o["key"] == base else ""), o["status"], str(o["registers"]),
                          str(o["spill_bytes"]), str(o["smem_bytes"]), _seconds(o), json.dumps(o["genome"]))
        console().print(table)
    else:   # a pipe or a log: one whole line per build, never a table wrapped at 80 columns
        for o in out:
            print(f"{o['key']}{' (baseline)' if o['key'] == base else ''} {o['status']} regs {o['registers']} "
                  f"spill {o['spill_bytes']} B smem {o['smem_bytes']} B {_seconds(o, ' s')} "
                  f"{json.dumps(o['genome'], separators=(',', ':'))}")
        for o in out:
            if o["status"] != "ok":
                # a compile error names the template file and the genome itself (NvccBuilder), others do not
                who = "" if o["status"] == "compile_error" else f"{o['key']}: "
                print(f"{who}{o['status']}: {o['error'].splitlines()[0] if o['error'] else ''}", file=sys.stderr)
    return 0 if all(o["status"] == "ok" for o in out) else 1


def _seconds(o: dict, unit: str = "") -> str:
    """A build's nvcc seconds (followed by ``unit``), or "cached" where it came from the cubin cache (the time is then
    the first build's)."""
    return "cached" if o["cached"] else f"{o['compile_seconds']:.2f}{unit}"


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """The ``list`` and ``compile`` subcommands."""
    s = sub.add_parser("list", help="templates, their transforms, domains and space sizes")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_list)

    s = sub.add_parser("compile", help="build the baseline plus N random valid genomes, print ptxas metrics")
    s.add_argument("template", help="a template's name or the path of its .cu.mako or .py file")
    s.add_argument("--genome", help="a genome as JSON (or a JSON file) to build besides the baseline")
    s.add_argument("--random", type=int, default=0, metavar="N",
                   help="also build N random valid genomes, each new (fewer where the space holds fewer)")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--arch", default="sm_90")
    s.add_argument("--cache", default=None, help="cubin cache folder (default ~/.cache/evo-kernels/cubins)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_compile)
