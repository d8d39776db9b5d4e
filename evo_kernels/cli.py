"""The ``evo-kernels`` command line: wires templates, builder, runners, strategies and store.

Every user error ends as one line on stderr that names the file or value at fault, with exit
status 2; nothing is written before the inputs are known to be good.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

import numpy as np

from evo_kernels.genome import InvalidGenome
from evo_kernels.template import TemplateError, available_templates, load_template
from evo_kernels.tuning import TuneError


class UsageError(Exception):
    """Bad input from the user: reported as one line, exit status 2."""


def _parse_genome(text: str, flag: str = "--genome") -> dict:
    """A genome given as JSON text or as the path of a JSON file (``flag`` names it in errors)."""
    src = flag
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
        valid, exact = t.space.count_valid()
        rows.append({"template": name, "doc": t.doc, "file": str(t.mako_path), "problem": t.problem,
                     "space_size": t.space.size, "valid": valid, "valid_exact": exact, "genes": t.space.describe()})
    if args.json:
        print(json.dumps(rows, indent=1, default=str))
        return 0
    from rich.console import Console
    from rich.table import Table

    console = Console()
    for r in rows:
        table = Table(title=f"{r['template']}: {r['doc']}  [{r['space_size']} genomes, "
                            f"{'' if r['valid_exact'] else '~'}{r['valid']} valid]", title_justify="left")
        # Gene names are what --pin and --forbid take: never cut, whatever the width (a pipe is 80).
        table.add_column("gene", no_wrap=True, min_width=max(len(g["name"]) for g in r["genes"]))
        table.add_column("transform", overflow="fold")
        table.add_column("domain", overflow="fold")
        table.add_column("baseline", overflow="fold")
        for g in r["genes"]:
            table.add_row(g["name"], g["transform"], " ".join(map(str, g["values"])), str(g["baseline"]))
        console.print(table)
    return 0


def cmd_compile(args: argparse.Namespace) -> int:
    from evo_kernels.build import NvccBuilder
    from evo_kernels.records import Candidate

    _at_least(args.seed, 0, "--seed")
    _at_least(args.random, 0, "--random")
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


def _at_least(value: int, least: int, flag: str) -> None:
    if value < least:
        raise UsageError(f"{flag} {value}: must be at least {least}")


def _kv_list(items: Sequence[str] | None, what: str) -> dict[str, str]:
    out = {}
    for item in items or []:
        if "=" not in item:
            raise UsageError(f"{what} {item!r}: expected NAME=VALUE")
        k, v = item.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def _size(items: Sequence[str] | None) -> dict[str, int] | None:
    if not items:
        return None
    try:
        return {k: int(v) for k, v in _kv_list(items, "--size").items()}
    except ValueError as exc:
        raise UsageError(f"--size: sizes are integers: {exc}") from exc


def _duration(text: str | None) -> float | None:
    if text is None:
        return None
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400}
    try:
        return float(text[:-1]) * units[text[-1]] if text[-1] in units else float(text)
    except (ValueError, IndexError):
        raise UsageError(f"--time {text!r}: expected a duration like 90s, 30m or 8h") from None


def cmd_tune(args: argparse.Namespace) -> int:
    from evo_kernels.leaderboard import print_rows
    from evo_kernels.tuning import UNBOUNDED, TuneConfig, nothing_feasible, tune

    forbids: dict[str, list[str]] = {}
    for k, v in _kv_list(args.forbid, "--forbid").items():
        forbids.setdefault(k, []).extend(v.split(","))
    budget = UNBOUNDED if args.time is not None else 200 if args.budget is None else args.budget
    cfg = TuneConfig(template=args.template, problem=_size(args.size), budget=budget,
                     time_limit_s=_duration(args.time), strategy=args.strategy, objective=args.objective,
                     max_registers=args.max_registers, max_smem_bytes=args.max_smem, pins=_kv_list(args.pin, "--pin"),
                     forbids=forbids, starts=[_parse_genome(g, "--start") for g in args.start or []], db=args.db,
                     population=args.population, seed=args.seed, batch_size=args.batch_size,
                     init_population=args.init_population, replay=args.replay, **_where(args))
    result = tune(cfg, stream=sys.stderr if args.json else sys.stdout)
    if args.json:
        print(json.dumps(result, indent=1, default=str))
    none = nothing_feasible(result)
    if none:
        print(f"evo-kernels: {none}", file=sys.stderr)
        return 1
    if not args.json:
        print_rows(result["best"], title=f"best of {result['spent']} evaluations (run {result['run_id']}, "
                                         f"checkpoints in {result['run_dir']})")
    return 0


def _gpus(text: str | None) -> tuple[int, ...] | None:
    if text is None:
        return None
    try:
        gpus = tuple(int(x) for x in text.split(","))
    except ValueError:
        raise UsageError(f"--gpus {text!r}: expected GPU indices like 0,1") from None
    if not gpus or min(gpus) < 0 or len(set(gpus)) != len(gpus):
        raise UsageError(f"--gpus {text!r}: expected distinct GPU indices, 0 or more")
    return gpus


def _where(args: argparse.Namespace) -> dict:
    """Where to measure, from --gpus, --scheduler, --dask-local (and --ahead, how far to pipeline)."""
    return {"gpus": _gpus(args.gpus), "scheduler": args.scheduler, "dask_local": args.dask_local,
            "ahead": args.ahead}


def _add_where(s: argparse.ArgumentParser) -> None:
    s.add_argument("--gpus", metavar="I,J", help="local GPUs to measure on, one worker each (default: all visible)")
    s.add_argument("--scheduler", metavar="ADDRESS",
                   help="measure on the workers of this Dask scheduler (tcp:// or tls://; see docs/cluster.md)")
    s.add_argument("--dask-local", type=int, default=0, metavar="N",
                   help="start a Dask LocalCluster of N workers on this machine and measure there")
    s.add_argument("--ahead", type=int, default=0, metavar="B",
                   help="batches asked ahead of the one being told: builds run ahead of the GPU, more "
                        "candidates/s, but the strategy proposes without the latest results (default 0; see "
                        "benchmarks/THROUGHPUT.md)")


def cmd_batch(args: argparse.Namespace) -> int:
    from evo_kernels.batch import finish_batch, run_batch

    stream = sys.stderr if args.json else sys.stdout
    where = _where(args)
    where.pop("ahead")
    summary = run_batch(args.jobs, stream=stream, where=where)
    summary.update(finish_batch(summary, stream=stream))
    print(json.dumps(summary, indent=1, default=str) if args.json else
          f"batch done: headers in {summary['headers']}, report {summary['report']}")
    return 0


def _store(path: str):
    from evo_kernels.store import ResultStore, StoreError

    if not Path(path).exists():
        raise UsageError(f"{path}: no results database there")
    try:
        return ResultStore(path, readonly=True)
    except StoreError as exc:
        raise UsageError(str(exc)) from exc


def cmd_leaderboard(args: argparse.Namespace) -> int:
    from evo_kernels.leaderboard import print_rows, store_rows

    _at_least(args.top, 1, "--top")
    with _store(args.db) as store:
        known = store.templates()
        if args.template is not None and args.template not in known:
            raise UsageError(f"{args.db}: --template {args.template}: no evaluations of it here"
                             + (f" (templates here: {', '.join(known)})" if known else ""))
        rows = store_rows(store, args.template, args.top)
    if args.json:
        print(json.dumps(rows, indent=1, default=str))
    elif args.template is None and len(known) > 1:
        print_rows(rows, title=f"{args.db}: the best {args.top} genomes of each of {len(known)} templates")
    else:
        print_rows(rows, title=f"{args.db}: best {len(rows)} genomes")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from evo_kernels.export import export_entries, render_header

    _at_least(args.top, 1, "--top")
    t = load_template(args.template)
    sizes = [_size(s.split(",")) for s in args.sizes] if args.sizes else None
    with _store(args.db) as store:
        entries = export_entries(store, t.name, sizes, args.top)
    if not entries:
        raise UsageError(f"{args.db}: no passed evaluations of {t.name}" + (f" at {sizes}" if sizes else ""))
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(render_header(t, entries, arch=args.arch, file_name=Path(args.out).name))
    print(f"wrote {args.out}: {len(entries)} specialization(s) of {t.name}")
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    from evo_kernels.ablations import measure_ablations
    from evo_kernels.report import write_report

    with _store(args.db) as store:
        rows = store.rows(template=args.template)
    if not rows:
        raise UsageError(f"{args.db}: no evaluations" + (f" of {args.template}" if args.template else ""))
    ablations = measure_ablations(rows) if args.ablate else {}
    path = write_report(rows, args.out, title=f"evo-kernels report: {args.db}", ablations=ablations)
    print(f"wrote {path}")
    return 0


def cmd_record(args: argparse.Namespace) -> int:
    """Measure every genome of a space (or a random sample) on the GPU; export a recording."""
    from evo_kernels.recording import export_recording, record

    _at_least(args.seed, 0, "--seed")
    if args.sample is not None:
        _at_least(args.sample, 1, "--sample")
    if not args.time_cap > 0:
        raise UsageError(f"--time-cap {args.time_cap}: must be more than 0 seconds")
    if args.from_db:
        path = export_recording(args.db, args.template, args.out, _size(args.size))
        print(f"wrote {path}")
        return 0
    try:
        path = record(args.template, problem=_size(args.size), sample=args.sample, db=args.db, out=args.out,
                      seed=args.seed, time_cap_s=args.time_cap, extend=args.extend,
                      pins=_kv_list(args.pin, "--pin"), gpus=_gpus(args.gpus))
    except ValueError as exc:  # a recording that cannot be extended, a baseline that failed
        raise UsageError(str(exc)) from exc
    print(f"wrote {path}")
    return 0


class _Parser(argparse.ArgumentParser):
    """argparse, with its errors (a flag's missing or mistyped value) one line like every other
    user error: the usage is what --help is for."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="evo-kernels", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)  # each a _Parser too

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

    s = sub.add_parser("tune", help="tune one template (GPU if present, else the shipped H200 recording)")
    s.add_argument("template")
    s.add_argument("--size", nargs="*", metavar="NAME=N", help="problem size, e.g. M=4096 N=4096 K=4096")
    g = s.add_mutually_exclusive_group()
    g.add_argument("--budget", type=int, help="unique evaluations (default 200)")
    g.add_argument("--time", help="wall-clock limit instead, e.g. 8h (budget then unbounded)")
    s.add_argument("--strategy", choices=("pbt", "ga", "random"), default="pbt")
    s.add_argument("--objective", choices=("median", "p95"), default="median",
                   help="throughput (median time) or tail latency (p95)")
    s.add_argument("--max-registers", type=int)
    s.add_argument("--max-smem", type=int, help="bytes of shared memory per block")
    s.add_argument("--pin", action="append", metavar="GENE=VALUE", help="allow only this value")
    s.add_argument("--forbid", action="append", metavar="GENE=V1,V2", help="never try these values")
    s.add_argument("--start", action="append", metavar="JSON", help="a genome to start from (JSON or file)")
    s.add_argument("--db", default="runs/evo-kernels.db")
    s.add_argument("--population", help="checkpoint folder (default <db>.runs/<template>-<size>-<strategy>-s<seed>)")
    s.add_argument("--init-population", help="warm-start PBT from a saved population")
    s.add_argument("--replay", help="replay this recording instead of measuring")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--batch-size", type=int, default=8)
    _add_where(s)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_tune)

    s = sub.add_parser("batch", help="run a TOML file of jobs (kernels x sizes); resumable")
    s.add_argument("jobs")
    _add_where(s)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_batch)

    s = sub.add_parser("leaderboard", help="the best genomes in a results database")
    s.add_argument("--db", required=True)
    s.add_argument("--template")
    s.add_argument("--top", type=int, default=10)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_leaderboard)

    s = sub.add_parser("export", help="write a self-contained header of the tuned kernels")
    s.add_argument("--db", required=True)
    s.add_argument("--template", required=True)
    s.add_argument("--sizes", nargs="*", metavar="M=..,N=..", help="only these problem sizes")
    s.add_argument("--top", type=int, default=1, help="specializations per size (the best is dispatched)")
    s.add_argument("--arch", default="sm_90")
    s.add_argument("--out", required=True)
    s.set_defaults(func=cmd_export)

    s = sub.add_parser("report", help="Markdown report with plots from a results database")
    s.add_argument("--db", required=True)
    s.add_argument("--out", required=True)
    s.add_argument("--template")
    s.add_argument("--no-ablate", dest="ablate", action="store_false",
                   help="skip the 'why it is fast' table (it measures, or replays, each transform reverted)")
    s.set_defaults(func=cmd_report)

    s = sub.add_parser("record", help="measure a whole space (or a sample) on the GPU into a recording")
    s.add_argument("template")
    s.add_argument("--size", nargs="*", metavar="NAME=N")
    s.add_argument("--sample", type=int, help="a random sample of N valid genomes instead of all")
    s.add_argument("--db", default="runs/record.db")
    s.add_argument("--out", required=True, help="the recording to write (.json.gz)")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--time-cap", type=float, default=0.5, help="seconds of timing per genome")
    s.add_argument("--from-db", action="store_true", help="export what --db holds, measuring nothing")
    s.add_argument("--extend", action="store_true",
                   help="--out is an earlier recording (same template, version, problem, GPU): measure only "
                        "the genomes it lacks and write the union")
    s.add_argument("--pin", action="append", metavar="GENE=VALUE",
                   help="record only the sub-space with this gene fixed (repeatable)")
    s.add_argument("--gpus", metavar="I,J", help="GPUs to measure on, one worker each (default: all visible)")
    s.set_defaults(func=cmd_record)

    s = sub.add_parser("bench-search", add_help=False, help="compare strategies on recorded spaces")
    s.set_defaults(func=None)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["bench-search"]:  # its options are bench_search's own, documented once there
        from evo_kernels import bench_search

        return bench_search.main(argv[1:])
    args = build_parser().parse_args(argv)
    return run_command(args)


def run_command(args: argparse.Namespace) -> int:
    """The one place where an error becomes what the user sees: bad input one line on stderr
    (status 2, nothing written: every check runs first), a closed pipe on stdout silence, Ctrl-C
    one line saying how to resume (status 130)."""
    from evo_kernels.settings import SettingError
    from evo_kernels.store import StoreError

    try:
        return args.func(args)
    except (UsageError, TemplateError, InvalidGenome, TuneError, SettingError, StoreError) as exc:
        print(f"evo-kernels: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader (say `| head`) is gone: nothing more can be shown, and Python must not try
        # again at exit; 141 is what a shell reports for a command ended by SIGPIPE.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except KeyboardInterrupt:
        again = ("; run the same command again to resume: every finished evaluation is in the database, the "
                 "search state in its last checkpoint") if args.command in ("tune", "batch") else ""
        print(f"\nevo-kernels: interrupted{again}", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
