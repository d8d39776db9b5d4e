"""The commands that read a results database: ``leaderboard`` (the best genomes), ``export`` (a
self-contained header of the tuned kernels) and ``report`` (Markdown with plots, and the "why it is
fast" table, which measures or replays each transform reverted), with their flags; each opens the
database read-only.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from evo_kernels.cli_args import UsageError, at_least, check_out, problem_size
from evo_kernels.out_paths import check_output_file, check_output_folder
from evo_kernels.template import load_template


def _store(path: str):
    from evo_kernels.store import ResultStore
    from evo_kernels.store_file import StoreError

    if not Path(path).exists():
        raise UsageError(f"{path}: no results database there")
    try:
        return ResultStore(path, readonly=True)
    except StoreError as exc:
        raise UsageError(str(exc)) from exc


def cmd_leaderboard(args: argparse.Namespace) -> int:
    from evo_kernels.leaderboard import infeasible_count, print_rows, store_rows

    at_least(args.top, 1, "--top")
    if args.watch is not None:
        return _watch(args)
    with _store(args.db) as store:
        known = store.templates()
        if args.template is not None and args.template not in known:
            raise UsageError(f"{args.db}: --template {args.template}: no evaluations of it here"
                             + (f" (templates here: {', '.join(known)})" if known else ""))
        rows = store_rows(store, args.template, args.top)
        left_out = infeasible_count(store, args.template)
    if args.json:
        print(json.dumps(rows, indent=1, default=str))
    elif args.template is None and len(known) > 1:
        print_rows(rows, title=f"{args.db}: the best {args.top} genomes of each of {len(known)} templates")
    elif not rows:   # a run that has not yet stored an evaluation (its database exists from its start)
        print(f"{args.db}: no passed evaluation yet" + (f" of {args.template}" if args.template else ""))
    else:
        print_rows(rows, title=f"{args.db}: the best genome" if len(rows) == 1 else
                   f"{args.db}: best {len(rows)} genomes")
    if left_out and not args.json:
        print(f"({left_out} evaluation(s) passed but broke a limit of their run, e.g. --max-registers: not listed)")
    return 0


def _fresh(db: Path) -> bool:
    """Whether ``db`` is a database a run has just created, without its tables yet (anything else that is not a
    results database is refused when it is opened)."""
    from evo_kernels.store_file import StoreError, inspect_file

    try:
        return inspect_file(db) is None
    except StoreError:
        return False


def _watch(args: argparse.Namespace) -> int:
    """``leaderboard --watch S``: the table read again every S seconds while a run writes the database."""
    from evo_kernels.leaderboard import Snapshot, infeasible_count, store_rows, watch

    if args.json:
        raise UsageError("--watch redraws the table until Ctrl-C; --json prints it once: give one of them")
    if not args.watch > 0:
        raise UsageError(f"--watch {args.watch:g}: expected the seconds between readings, more than 0")
    db = Path(args.db)
    if db.exists() and not db.is_file():
        raise UsageError(f"{db}: not a results database (a folder)")
    # a missing folder is waited for, as a missing database is (tune and batch create their database's folder), but
    # not a path under a file, which no run can create
    above = next((a for a in db.parents if a.exists()), None)
    if above is not None and not above.is_dir():
        raise UsageError(f"{db}: {above} is a file, so no run can write it")

    def read() -> Snapshot:
        if not db.exists():   # started before the run it watches: wait for it
            return Snapshot([], f"{db}", "no database yet: waiting for a run to write it")
        if _fresh(db):   # the run has created the file and not yet its tables
            return Snapshot([], f"{db}", "the database is being created: waiting for its first evaluation")
        with _store(args.db) as store, store.snapshot():   # the rows and the count of one state of the run
            rows = store_rows(store, args.template, args.top)
            n = store.count(template=args.template)
            over = infeasible_count(store, args.template)
        what = f" of {args.template}" if args.template else ""
        title = (f"{db}: no passed evaluation{what} yet" if not rows else
                 f"{db}: the best genome{what}" if len(rows) == 1 else f"{db}: best {len(rows)} genomes{what}")
        over_s = f", {over} over a limit of their run (not listed)" if over else ""
        return Snapshot(rows, title, f"{n} evaluation(s){what}{over_s}")

    return watch(read, args.watch)


def cmd_export(args: argparse.Namespace) -> int:
    from evo_kernels.build import arch_problem
    from evo_kernels.export import render_header
    from evo_kernels.export_rows import ExportError, exportable, tuned_arch
    from evo_kernels.settings import check_problem

    at_least(args.top, 1, "--top")
    t = load_template(args.template)
    # each size read as tune --size reads one: every dimension of the template, each 1 or more
    sizes = [check_problem(problem_size(s.split(","), "--sizes") or {}, t.problem, "export", "--sizes")
             for s in args.sizes] if args.sizes else None
    bad = arch_problem(args.arch, nvcc=None) if args.arch is not None else None  # the user's nvcc compiles it
    if bad:
        raise UsageError(f"--arch {args.arch}: {bad}")
    check_out(check_output_file, args.out)
    with _store(args.db) as store:
        try:
            entries = exportable(store, t, args.db, sizes, args.top, changed_ok=args.allow_changed_template)
            arch = tuned_arch(entries, args.arch, args.db)
        except ExportError as exc:
            raise UsageError(str(exc)) from exc
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(render_header(t, entries, arch=arch, file_name=Path(args.out).name))
    print(f"wrote {args.out}: {len(entries)} specialization(s) of {t.name}")
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    from evo_kernels.ablations import measure_ablations
    from evo_kernels.report import changed_templates, write_report

    check_out(check_output_folder, args.out)
    with _store(args.db) as store:
        rows = store.rows(template=args.template)
        runs = {r: store.run_record(r) for r in sorted({str(row["run_id"]) for row in rows})}
    if not rows:
        raise UsageError(f"{args.db}: no evaluations" + (f" of {args.template}" if args.template else ""))
    idents = {r: rec["identity"] for r, rec in runs.items() if rec is not None}
    warnings = changed_templates(rows, idents, args.db)
    for line in warnings:
        print(f"evo-kernels: warning: {line}", file=sys.stderr)
    ablations = measure_ablations(rows) if args.ablate else {}
    path = write_report(rows, args.out, title=f"evo-kernels report: {args.db}", ablations=ablations,
                        runs=idents, warnings=warnings)
    print(f"wrote {path}")
    return 0


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """The ``leaderboard``, ``export`` and ``report`` subcommands."""
    s = sub.add_parser("leaderboard", help="the best genomes in a results database")
    s.add_argument("--db", required=True, help="the results database (tune's --db)")
    s.add_argument("--template", help="only this template (default: the best of each)")
    s.add_argument("--top", type=int, default=10, help="rows per template (default %(default)s)")
    s.add_argument("--json", action="store_true")
    s.add_argument("--watch", type=float, nargs="?", const=10.0, default=None, metavar="S",
                   help="read the database again every S seconds (default 10) while a run writes it; on a terminal "
                        "the table redraws in place, in a log a block is printed when the best rows change; "
                        "Ctrl-C stops")
    s.set_defaults(func=cmd_leaderboard)

    s = sub.add_parser("export", help="write a self-contained header of the tuned kernels")
    s.add_argument("--db", required=True, help="the results database (tune's --db)")
    s.add_argument("--template", required=True, help="the template whose best genomes are exported")
    s.add_argument("--sizes", nargs="*", metavar="M=..,N=..", help="only these problem sizes")
    s.add_argument("--top", type=int, default=1, help="specializations per size (the best is dispatched)")
    s.add_argument("--arch", help="the architecture the measurements must have been built for (default: theirs, "
                                  "which the header says it was tuned on; built for another, it warns)")
    s.add_argument("--allow-changed-template", action="store_true",
                   help="export sizes measured only on another version of the template (the header says so)")
    s.add_argument("--out", required=True, help="the header to write (.cuh)")
    s.set_defaults(func=cmd_export)

    s = sub.add_parser("report", help="Markdown report with plots from a results database")
    s.add_argument("--db", required=True, help="the results database (tune's --db)")
    s.add_argument("--out", required=True, help="the folder the report and its plots go to")
    s.add_argument("--template", help="only this template (default: every one in the database)")
    s.add_argument("--no-ablate", dest="ablate", action="store_false",
                   help="skip the 'why it is fast' table (it measures, or replays, each transform reverted)")
    s.set_defaults(func=cmd_report)
