"""Overnight batches: many kernels x problem sizes from one TOML file, resumable after a kill
(the format, every key with its type and range: docs/batch.md).

    db = "runs/overnight.db"      # results database (default: <out>/results.db)
    out = "runs/overnight"        # populations/, headers/, report/ go here
    budget = 200                  # defaults for every job; a job's own keys win
    strategy = "pbt"

    [[job]]
    template = "sgemm"
    sizes = [{M = 4096, N = 4096, K = 4096}]
    max_registers = 168
    pin = {UseSharedMemory = true}
    forbid = {UnrollLoop = [1]}
    start = [{TileLoops_M = 64}]

Relative paths in the file (``db``, ``out``, ``replay``, ``init_population``, a template given by path) are
read against the file's folder, wherever the batch is started from. Each job x size is a tuning session with
its own population folder, named by the GPU it ran on; a finished one leaves ``done.json`` (GPU, driver,
nvcc). Started again, the batch skips finished entries (continuing one whose budget was raised), resumes the
interrupted one from its checkpoint and the database, and re-tunes an entry whose recorded GPU, driver or nvcc
differs from this machine's, warm-started from its old population. At the end it exports a header per kernel
and writes the report.
"""
from __future__ import annotations

import json
import os
import re
import sys
import tomllib
from dataclasses import fields, replace
from pathlib import Path
from typing import Any, TextIO

from evo_kernels import settings
from evo_kernels.checkpoint import CheckpointError, warm_start
from evo_kernels.out_paths import OutputError, check_output_folder
from evo_kernels.runners.choose import BackendError, describe_here
from evo_kernels.settings import UNBOUNDED, shown_budget
from evo_kernels.tune_config import TuneConfig, TuneError, run_name
from evo_kernels.tune_plan import Plan, validate
from evo_kernels.tuning import nothing_feasible, open_session, ran_out, run_session

JOB_KEYS = {"template", "sizes", "size", "budget", "time_limit_s", "strategy", "objective", "max_registers",
            "max_smem_bytes", "pin", "forbid", "start", "designs", "seed", "batch_size", "cv_weight", "spill_weight",
            "ahead", "init_population"}
TOP_KEYS = JOB_KEYS - {"template", "sizes", "size"} | {"db", "out", "job", "replay"}


def job_label(path: str | Path, i: int, job: dict[str, Any]) -> str:
    """How messages name a job: the file, the job's number and its template."""
    name = job.get("template")
    return f"{path}: job {i}" + (f" ({name})" if isinstance(name, str) else "")


def load_jobs(path: str | Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Parse and check a batch file (keys, types, ranges: see docs/batch.md); every problem is a
    TuneError naming the file, the job and the key. Relative paths in it are read against its folder."""
    path = Path(path)
    try:
        doc = tomllib.loads(path.read_text())
    except FileNotFoundError:
        raise TuneError(f"{path}: batch file not found") from None
    except IsADirectoryError:
        raise TuneError(f"{path}: is a folder, not a batch file") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise TuneError(f"{path}: malformed TOML: {' '.join(str(exc).split())}") from exc
    unknown = sorted(set(doc) - TOP_KEYS)
    if unknown:
        raise TuneError(f"{path}: unknown top-level key(s) {', '.join(unknown)}")
    jobs = doc.get("job")
    if not isinstance(jobs, list) or not jobs or not all(isinstance(j, dict) for j in jobs):
        raise TuneError(f"{path}: no [[job]] tables")
    try:
        for key, value in doc.items():
            if key != "job":
                settings.check_job_value(key, value, str(path))
        settings.check_one_limit(doc.get("budget"), doc.get("time_limit_s"), str(path), by_key=True)
        for i, job in enumerate(jobs, 1):
            where = job_label(path, i, job)
            bad = sorted(set(job) - JOB_KEYS)
            if bad:
                raise TuneError(f"{where}: unknown key(s) {', '.join(bad)}")
            if "template" not in job:
                raise TuneError(f"{where}: no template")
            if "sizes" in job and "size" in job:
                raise TuneError(f"{where}: both size and sizes; give one")
            for key, value in job.items():
                settings.check_job_value(key, value, where)
            settings.check_one_limit(job.get("budget"), job.get("time_limit_s"), where, by_key=True)
    except settings.SettingError as exc:
        raise TuneError(str(exc)) from exc
    defaults = _against(path.parent, {k: v for k, v in doc.items() if k != "job"})
    return defaults, [_against(path.parent, job) for job in jobs]


PATH_KEYS = ("db", "out", "replay", "init_population")   # and ``template`` where it is a path, not a name


def _against(folder: Path, table: dict[str, Any]) -> dict[str, Any]:
    """``table`` with its relative paths read against ``folder``, the batch file's: a batch file means the same
    files from whatever folder it is run (``template`` is a path where it names a file or has a folder in it;
    ``init_population = "none"`` is a cold start, not a folder)."""
    from evo_kernels.checkpoint import COLD

    out = dict(table)
    for key, value in table.items():
        is_path = key in PATH_KEYS or key == "template" and (
            "/" in value or value.endswith((".cu.mako", ".py")))
        if is_path and not (key == "init_population" and value == COLD):
            p = Path(value).expanduser()
            out[key] = p.as_posix() if p.is_absolute() else os.path.normpath(folder / p)
    return out


def out_folder(path: str | Path, defaults: dict[str, Any]) -> Path:
    """A batch's out folder: its ``out`` (as :func:`load_jobs` read it), else the file's path without .toml."""
    return Path(defaults.get("out", Path(path).with_suffix("")))


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-")


def configs(path: str | Path, defaults: dict[str, Any], jobs: list[dict[str, Any]],
            where: dict[str, Any] | None = None) -> list[tuple[TuneConfig, str]]:
    """One (TuneConfig, label) per job and size, the label naming the file and job for messages;
    ``where`` (gpus, scheduler, dask_local) says where all measure."""
    out_dir = out_folder(path, defaults)
    db = defaults.get("db", str(out_dir / "results.db"))
    names = {f.name for f in fields(TuneConfig)}
    cfgs = []
    for i, job in enumerate(jobs, 1):
        merged = {k: v for k, v in defaults.items() if k in JOB_KEYS} | job
        for own, other in (("budget", "time_limit_s"), ("time_limit_s", "budget")):
            if own in job:   # a job's limit replaces the top level's other one, as a job's own keys win
                merged.pop(other, None)
        sizes = merged.pop("sizes", None) or ([merged.pop("size")] if "size" in merged else [None])
        for size in sizes:
            kw = {k: v for k, v in merged.items() if k in names}
            if "time_limit_s" in merged and "budget" not in merged:
                kw["budget"] = UNBOUNDED  # limited by time alone, as tune --time is
            kw.update(pins=merged.get("pin", {}), forbids={k: list(v) if isinstance(v, list) else [v]
                                                            for k, v in merged.get("forbid", {}).items()},
                      starts=merged.get("start", []), problem=size, db=db, replay=defaults.get("replay"),
                      **(where or {}))
            cfgs.append((TuneConfig(**kw), job_label(path, i, job)))
    return cfgs


def run_batch(path: str | Path, stream: TextIO = sys.stdout, live: bool = True,
              where: dict[str, Any] | None = None) -> dict[str, Any]:
    """Run every job of a batch file (see the module docstring); returns what was done. ``where``
    (TuneConfig's gpus, scheduler, dask_local) says where to measure; default the local GPUs."""
    defaults, jobs = load_jobs(path)
    out_dir = out_folder(path, defaults)
    try:  # the headers and the report go there at the end: a bad one must not cost the night's tuning
        check_output_folder(out_dir, f"{path}: out", ("populations", "headers", "report"))
    except OutputError as exc:
        raise TuneError(str(exc)) from exc
    labelled = configs(path, defaults, jobs, where)
    cfgs = [c for c, _ in labelled]
    try:
        backend = cfgs[0].backend()
        here = describe_here(backend)
    except BackendError as exc:
        raise TuneError(f"{path}: {exc}") from exc
    # Validate every entry before the first evaluation, so a typo in the last job costs nothing.
    def run_dir_of(cfg: TuneConfig, problem: dict[str, int]) -> Path:
        # named after the problem the entry tunes (in a replay, the recording's), and the GPU
        return out_dir / "populations" / f"{run_name(cfg, problem)}-{_slug(here['gpu'])}"

    plans: list[Plan] = []
    labels = [label for _, label in labelled]
    for cfg, label in labelled:
        plan = validate(cfg, where=label, run_dir_of=run_dir_of, by_key=True)
        if any(p.run_dir == plan.run_dir for p in plans):
            raise TuneError(f"{label}: a second entry tuning {cfg.template} at {plan.problem} with strategy "
                            f"{cfg.strategy} and seed {cfg.seed}; give one another seed")
        plans.append(plan)
    summary: dict[str, Any] = {"entries": [], "out": str(out_dir), "db": cfgs[0].db, "backend": backend}
    for plan, label in zip(plans, labels):
        cfg, done = plan.cfg, plan.run_dir / "done.json"
        record = json.loads(done.read_text()) if done.exists() else None
        if record is not None and record.get("device") == here:
            was = record.get("budget", record["spent"])   # done.json before 2026-12: the evaluations spent
            was = UNBOUNDED if was is None else was   # None: that run was limited by time alone
            if cfg.budget >= UNBOUNDED or cfg.budget <= was:
                print(f"{plan.run_dir.name}: done earlier on this GPU, driver and nvcc, skipped", file=stream,
                      flush=True)
                summary["entries"].append({"entry": plan.run_dir.name, "skipped": True})
                continue
            # its budget raised since, as a tune with a higher --budget goes on: resumed from its checkpoint
            print(f"{plan.run_dir.name}: done at {record['spent']} of {cfg.budget}; continuing", file=stream,
                  flush=True)
        stem = plan.run_dir.name[: -len(_slug(here["gpu"])) - 1]
        old = sorted(p.parent for p in (out_dir / "populations").glob(f"{stem}-*/done.json")
                     if p.parent != plan.run_dir)
        if old and cfg.strategy == "pbt" and not cfg.init_population and plan.checkpoint is None:
            try:
                plan = replace(plan, init_population=warm_start(str(old[0]), plan.space, plan.replay))
            except CheckpointError as exc:
                raise TuneError(str(exc)) from exc
            print(f"{plan.run_dir.name}: GPU, driver or nvcc changed since {old[0].name}: re-tuning, warm-started "
                  "from its population", file=stream, flush=True)
        # a copy of this batch (or a tune) running this entry in another process: refused, one line, status 2
        s = open_session(plan, where=label)
        try:
            result = run_session(s, stream, live)
            tmp = done.with_suffix(".tmp")   # written under the entry's lock, as its evaluations were
            tmp.write_text(json.dumps({"device": here, "best_genome": result["best_genome"],
                                       "best_fitness": result["best_fitness"], "spent": result["spent"],
                                       "budget": shown_budget(cfg.budget),
                                       "time_limit_s": cfg.time_limit_s}, indent=1))
            tmp.replace(done)
        finally:
            s.close()
        for line in (ran_out(result), nothing_feasible(result)):
            if line:
                print(f"{plan.run_dir.name}: {line}", file=stream, flush=True)
        summary["entries"].append({"entry": plan.run_dir.name, **result})
    return summary


def finish_batch(summary: dict[str, Any], stream: TextIO = sys.stdout) -> dict[str, Any]:
    """After the jobs: a header per kernel, the report with its plots and its "why it is fast"
    ablations (measured on the GPU, or answered from the shipped recordings), and the leaderboard."""
    from evo_kernels.export import render_header
    from evo_kernels.export_rows import ExportError, check_of, export_entries, tuned_arch
    from evo_kernels.leaderboard import infeasible_count, print_rows, store_rows
    from evo_kernels.ablations import measure_ablations
    from evo_kernels.report import write_report
    from evo_kernels.store import ResultStore
    from evo_kernels.template import load_template

    out = Path(summary["out"])
    headers = out / "headers"
    headers.mkdir(parents=True, exist_ok=True)
    written = []
    with ResultStore(summary["db"], readonly=True) as store:
        templates = sorted({r["template"] for r in store.rows(status="ok")})
        for name in templates:
            t = load_template(name)
            entries = export_entries(store, t, None, 1)   # what this template, as it is, was measured at
            if not entries:
                continue
            try:
                check_of(t, entries, summary["db"])
                arch = tuned_arch(entries, None, summary["db"])
            except ExportError as exc:   # the other templates' headers are still written
                print(f"no header of {name}: {exc}", file=stream, flush=True)
                continue
            path = headers / f"{name}_tuned.cuh"
            path.write_text(render_header(t, entries, arch=arch, file_name=path.name))
            written.append(str(path))
        all_rows = store.rows()
        rows = store_rows(store, None, 3)
        left_out = infeasible_count(store, None)
        runs = {r: store.run_record(r) for r in sorted({str(row["run_id"]) for row in all_rows})}
    print("measuring why the best genomes are fast (each transform reverted alone)", file=stream, flush=True)
    report = write_report(all_rows, out / "report", title=f"evo-kernels batch report: {out}",
                          ablations=measure_ablations(all_rows, summary["backend"]),
                          runs={r: rec["identity"] for r, rec in runs.items() if rec is not None})
    print_rows(rows, stream=stream, title="batch leaderboard: the best 3 genomes of each template")
    if left_out:
        print(f"({left_out} evaluation(s) passed but broke a limit of their run: not listed)", file=stream)
    return {"headers": str(headers), "header_files": written, "report": str(report)}
