"""The commands that search and measure: ``tune`` (one template at one size), ``batch`` (a TOML
file of jobs) and ``record`` (a whole space into a recording), with their flags, among them where
to measure (local GPUs, a Dask scheduler or a local Dask cluster).
"""
from __future__ import annotations

import argparse
import json
import sys

from evo_kernels.cli_args import (SizeItems, UsageError, at_least, check_out, duration_s, forbid_list, kv_list,
                                  parse_genome, problem_size)
from evo_kernels.out_paths import check_output_file
from evo_kernels.settings import BY_FIELD, DEFAULTS, UNBOUNDED, check_one_limit


def cmd_tune(args: argparse.Namespace) -> int:
    from evo_kernels.leaderboard import print_rows
    from evo_kernels.tune_config import TuneConfig
    from evo_kernels.tuning import nothing_feasible, ran_out, tune

    check_one_limit(args.budget, args.time, "tune")   # the rule a batch job's budget and time_limit_s obey
    budget = UNBOUNDED if args.time is not None else DEFAULTS["budget"] if args.budget is None else args.budget
    time_limit_s = None if args.time is None else duration_s(args.time)
    cfg = TuneConfig(template=args.template, problem=problem_size(args.size), budget=budget,
                     time_limit_s=time_limit_s, strategy=args.strategy, objective=args.objective,
                     max_registers=args.max_registers, max_smem_bytes=args.max_smem, pins=kv_list(args.pin, "--pin"),
                     forbids=forbid_list(args.forbid), starts=[parse_genome(g, "--start") for g in args.start or []],
                     designs=not args.no_designs, db=args.db,
                     population=args.population, seed=args.seed, batch_size=args.batch_size,
                     init_population=args.init_population, replay=args.replay, **_where(args))
    result = tune(cfg, stream=sys.stderr if args.json else sys.stdout)
    if args.json:
        print(json.dumps(result, indent=1, default=str))
    out = ran_out(result)
    if out:
        print(f"evo-kernels: {out}", file=sys.stderr)
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


def cmd_record(args: argparse.Namespace) -> int:
    """Measure every genome of a space (or a random sample) on the GPU; export a recording."""
    from evo_kernels.recording import export_recording, record

    at_least(args.seed, 0, "--seed")
    if args.sample is not None:
        at_least(args.sample, 1, "--sample")
    if not args.time_cap > 0:
        raise UsageError(f"--time-cap {args.time_cap}: must be more than 0 seconds")
    check_out(check_output_file, args.out)   # before the GPU is looked for: a bad path is not "no GPU"
    try:
        if args.from_db:
            path = export_recording(args.db, args.template, args.out, problem_size(args.size))
        else:
            path = record(args.template, problem=problem_size(args.size), sample=args.sample, db=args.db,
                          out=args.out, seed=args.seed, time_cap_s=args.time_cap, extend=args.extend,
                          pins=kv_list(args.pin, "--pin"), gpus=_gpus(args.gpus))
    except ValueError as exc:  # a recording that cannot be extended, a baseline that failed or is not stored
        raise UsageError(str(exc)) from exc
    print(f"wrote {path}")
    return 0


def _add_where(s: argparse.ArgumentParser) -> None:
    s.add_argument("--gpus", metavar="I,J", help="local GPUs to measure on, one worker each (default: all visible)")
    s.add_argument("--scheduler", metavar="ADDRESS",
                   help="measure on the workers of this Dask scheduler (tcp:// or tls://; see docs/cluster.md)")
    s.add_argument("--dask-local", type=int, default=DEFAULTS["dask_local"], metavar="N",
                   help="start a Dask LocalCluster of N workers on this machine and measure there")
    s.add_argument("--ahead", type=int, default=DEFAULTS["ahead"], metavar="B",
                   help="batches asked ahead of the one being told: builds run ahead of the GPU, more "
                        "candidates/s, but the strategy proposes without the latest results "
                        f"(default {DEFAULTS['ahead']}; see benchmarks/THROUGHPUT.md)")


def add_tune_parsers(sub: argparse._SubParsersAction) -> None:
    """The ``tune`` and ``batch`` subcommands."""
    s = sub.add_parser("tune", help="tune one template (GPU if present, else the shipped H200 recording)")
    s.add_argument("template")
    s.add_argument("--size", nargs="*", action=SizeItems, metavar="NAME=N",
                   help="problem size, e.g. M=4096 N=4096 K=4096")
    s.add_argument("--budget", type=int, help=f"unique evaluations (default {DEFAULTS['budget']})")
    s.add_argument("--time", help="wall-clock limit instead, e.g. 8h, 1h30m, 5min or 90s (budget then unbounded)")
    s.add_argument("--strategy", choices=BY_FIELD["strategy"].choices, default=DEFAULTS["strategy"])
    s.add_argument("--objective", choices=BY_FIELD["objective"].choices, default=DEFAULTS["objective"],
                   help="throughput (median time) or tail latency (p95)")
    s.add_argument("--max-registers", type=int)
    s.add_argument("--max-smem", type=int, help="bytes of shared memory per block")
    s.add_argument("--pin", action="append", metavar="GENE=VALUE", help="allow only this value")
    s.add_argument("--forbid", action="append", metavar="GENE=V1,V2", help="never try these values")
    s.add_argument("--start", action="append", metavar="JSON", help="a genome to start from (JSON or file)")
    s.add_argument("--no-designs", action="store_true",
                   help="start cold: not from the template's known designs (TEMPLATE.designs.json), which a "
                        "search on a GPU otherwise measures first, after any --start")
    s.add_argument("--db", default=DEFAULTS["db"],
                   help="the results database, written as the run goes and read to resume it (default %(default)s)")
    s.add_argument("--population", help="checkpoint folder (default <db>.runs/<template>-<size>-<strategy>-s<seed>)")
    s.add_argument("--init-population", metavar="DIR|none",
                   help="warm-start PBT from a saved population; 'none' for a cold start. Default: the shipped "
                        "populations/names-whole-corpus where it has measured a kernel with exactly these parameter "
                        "names (on another GPU or at another size), else cold")
    s.add_argument("--replay", help="replay this recording instead of measuring")
    s.add_argument("--seed", type=int, default=DEFAULTS["seed"], help="the search's seed (default %(default)s)")
    s.add_argument("--batch-size", type=int, default=DEFAULTS["batch_size"],
                   help="candidates asked and measured per step (default %(default)s)")
    _add_where(s)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_tune)

    s = sub.add_parser("batch", help="run a TOML file of jobs (kernels x sizes); resumable")
    s.add_argument("jobs")
    _add_where(s)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_batch)


def add_record_parser(sub: argparse._SubParsersAction) -> None:
    """The ``record`` subcommand."""
    s = sub.add_parser("record", help="measure a whole space (or a sample) on the GPU into a recording")
    s.add_argument("template")
    s.add_argument("--size", nargs="*", action=SizeItems, metavar="NAME=N")
    s.add_argument("--sample", type=int, help="a random sample of N valid genomes instead of all")
    s.add_argument("--db", default="runs/record.db",
                   help="the database the measurements go to first (default %(default)s; --from-db reads it)")
    s.add_argument("--out", required=True, help="the recording to write (.json.gz)")
    s.add_argument("--seed", type=int, default=0, help="the seed of --sample's draw (default %(default)s)")
    s.add_argument("--time-cap", type=float, default=0.5, help="seconds of timing per genome")
    s.add_argument("--from-db", action="store_true", help="export what --db holds, measuring nothing")
    s.add_argument("--extend", action="store_true",
                   help="--out is an earlier recording (same template, version, problem, GPU): measure only "
                        "the genomes it lacks and write the union (without --size: at the recording's size)")
    s.add_argument("--pin", action="append", metavar="GENE=VALUE",
                   help="record only the sub-space with this gene fixed (repeatable)")
    s.add_argument("--gpus", metavar="I,J", help="GPUs to measure on, one worker each (default: all visible)")
    s.set_defaults(func=cmd_record)
