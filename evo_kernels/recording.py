"""``record``: measure a template's space on the GPU into the results database, then export it
as a compressed recording that replays anywhere (see runners/replay.py for the format)."""
from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from evo_kernels.fitness import FitnessWeights
from evo_kernels.leaderboard import in_template_order
from evo_kernels.records import Candidate, size_name
from evo_kernels.template import load_template

ENUMERATE_LIMIT = 5000  # spaces with more valid genomes are sampled


def _existing(out: str, template: Any, problem: dict[str, int] | None) -> dict[str, Any]:
    """The recording at ``out`` that ``--extend`` adds to; ValueError naming the file where it is
    unreadable or records something else (another template, template version or problem; ``problem`` None: the
    recording's own, as ``record --extend`` without ``--size`` takes it)."""
    from evo_kernels.runners.replay import ReplayError, read_recording

    try:
        doc = read_recording(out)
    except ReplayError as exc:
        raise ValueError(f"{out}: cannot extend, not a readable recording ({exc})") from exc
    for k, want in (("template", template.name), ("template_hash", template.hash), ("problem", problem)):
        if doc.get(k) != want and want is not None:
            raise ValueError(f"{out}: cannot extend, it records {k} {doc.get(k)!r}, not {want!r}")
    return doc


def _merge(path: Path, old: dict[str, Any], space: Any) -> None:
    """Rewrite the recording at ``path`` as ``old`` plus its entries for genomes ``old`` lacks (the
    earlier measurement of a genome, and the earlier baseline, are kept)."""
    from evo_kernels.runners.replay import read_recording, write_recording_doc

    new = read_recording(path)
    seen = {space.key(e["genome"]) for e in old["entries"]}
    write_recording_doc(path, dict(old, entries=old["entries"] + [e for e in new["entries"]
                                                                   if space.key(e["genome"]) not in seen]))


def _measured_on(device: dict[str, Any]) -> str:
    """A GPU and its driver, as a recording's measurements must share them to be merged."""
    return f"{device.get('gpu_name') or '?'} (driver {device.get('driver_version') or '?'})"


def record(template_name: str, problem: dict[str, int] | None = None, sample: int | None = None,
           db: str = "runs/record.db", out: str = "recording.json.gz", seed: int = 0, time_cap_s: float = 0.5,
           batch: int = 16, extend: bool = False, pins: dict[str, Any] | None = None,
           gpus: tuple[int, ...] | None = None) -> Path:
    """Every valid genome (or ``sample`` random ones, the baseline always included), measured.
    With ``extend``, ``out`` is an earlier recording of the same template, version and problem on
    this GPU: only genomes it lacks are measured, and ``out`` becomes the union. ``pins`` (gene ->
    value) record the sub-space with those genes fixed, which can be small enough to measure whole:
    a replay of a whole space answers every neighbour a search asks for. ``gpus`` (default all
    visible) measure in parallel, one worker each."""
    from evo_kernels.build import nvcc_version
    from evo_kernels.evaluate import Evaluator
    from evo_kernels.runners.choose import Backend, BackendError, open_runner
    from evo_kernels.runners.replay import write_recording
    from evo_kernels.store import ResultStore
    from evo_kernels.tuning import StoreWriter, measured_before

    t = load_template(template_name)
    if problem is not None:   # --size: every dimension of the template, each 1 or more, before the GPU is looked for
        from evo_kernels.settings import check_problem

        problem = check_problem(problem, t.problem, f"record {t.name}")
    old = _existing(out, t, problem) if extend and Path(out).exists() else None
    # extending without a size: the recording's own (not the template's PROBLEM, which it may not be)
    problem = dict(problem or (old["problem"] if old is not None else t.problem))
    space = t.space
    if pins:
        from evo_kernels.tune_config import TuneError
        from evo_kernels.tune_plan import restrict

        try:
            space = restrict(space, pins, {}, where=f"record {template_name}")
        except TuneError as exc:
            raise ValueError(str(exc)) from exc
    base = space.baseline()
    broken = space.violations(base)
    if broken:  # every speedup of a recording is against its baseline: it must run
        raise ValueError(f"record {template_name}: the pinned sub-space's baseline is not a valid genome "
                         f"({'; '.join(broken)}); pin genes so that it is")
    known = {space.key(e["genome"]) for e in old["entries"]} if old else set()
    if sample is None and space.size <= 20 * ENUMERATE_LIMIT:
        genomes = list(space.enumerate())
        if len(genomes) > ENUMERATE_LIMIT:
            sample = ENUMERATE_LIMIT
    elif sample is None:  # too large to enumerate: a random sample of the enumeration limit
        sample = ENUMERATE_LIMIT
    if sample is not None:
        rng = np.random.default_rng(seed)
        genomes = [base] + space.sample_new(rng, sample - 1, {space.key(base)} | known, draws=50 * sample)
    else:
        genomes.sort(key=lambda g: g != base)  # the baseline first
    # extending: each batch is written beside the old recording, merged with it, then renamed over it
    new_out = str(out) + ".new" if old is not None else out
    backend = Backend(gpus=gpus, seed=seed, gpu_options={"time_cap_s": time_cap_s})
    try:
        runner = open_runner(backend)
    except BackendError as exc:
        raise ValueError(f"record {t.name}: {exc}") from exc
    with ResultStore(db) as store, runner:
        info = runner.device_info()
        if old is not None and _measured_on(old["device"]) != _measured_on(info):   # before measuring anything
            raise ValueError(f"{out}: cannot extend, recorded on {_measured_on(old['device'])}, "
                             f"this is {_measured_on(info)}")
        ev = Evaluator(runner, t, problem, FitnessWeights(),
                       known=measured_before(store, t.hash, problem, info, runner.nvcc_version()))
        run_id = f"record-{t.name}"
        write = StoreWriter(store, run_id, replay=False)
        evals, t0 = [], time.monotonic()
        chunks = [[Candidate(t.name, g, problem, space.key(g)) for g in genomes[i:i + batch]]
                  for i in range(0, len(genomes), batch)]
        # one batch ahead: the next batch builds (and queues for the GPU) while this one is measured,
        # so the GPU does not wait at batch boundaries; each batch is still written in order
        ahead = [ev.submit(c) for c in chunks[:2]]
        for i in range(len(chunks)):
            new = ahead.pop(0).result()
            if i + 2 < len(chunks):
                ahead.append(ev.submit(chunks[i + 2]))
            write.many(new)   # each measured batch in one transaction
            evals += new
            ok = sum(e.status == "ok" for e in evals)
            print(f"record {t.name}: {len(evals)}/{len(genomes)} measured, {ok} ok, "
                  f"{time.monotonic() - t0:.0f} s", file=sys.stderr, flush=True)
            # rewritten after every batch: a recording cut short by a time limit keeps what it measured
            path = write_recording(new_out, evals, space, template=t.name, template_hash=t.hash, problem=problem,
                                   device=ev.device, nvcc=nvcc_version())
            if old is not None:
                _merge(path, old, space)
                path = path.replace(out)
        return path


def export_recording(db: str, template_name: str, out: str, problem: dict[str, int] | None = None) -> Path:
    """A recording from evaluations already in a results database (e.g. a ``record`` run cut short); ValueError
    naming the database where it holds none of ``template_name``, or no passed evaluation of its baseline."""
    from evo_kernels.build import nvcc_version
    from evo_kernels.runners.replay import write_recording
    from evo_kernels.store import ResultStore
    from evo_kernels.store_rows import to_evaluation

    t = load_template(template_name)
    with ResultStore(db, readonly=True) as store:
        rows = [r for r in store.rows(template=t.name) if problem is None or r["problem"] == problem]
        if not rows:
            raise ValueError(f"{db}: no evaluations of {t.name}" + (f" at {problem}" if problem else ""))
        problem = rows[0]["problem"]
        rows = [r for r in rows if r["problem"] == problem]
        evals = [to_evaluation(r) for r in rows]
        replayed = sorted({Path(str(ident["replay"])).name for ident in (
            (store.run_record(str(run)) or {}).get("identity") or {} for run in {r["run_id"] for r in rows})
            if ident.get("replay")})
    _check_baseline(db, t, problem, rows, replayed)
    device = {k: rows[0].get(k) for k in ("gpu_name", "sm_count", "driver_version")}
    return write_recording(out, evals, t.space, template=t.name, template_hash=rows[0]["template_hash"],
                           problem=problem, device=device, nvcc=rows[0].get("nvcc_version") or nvcc_version())


def _check_baseline(db: str, template: Any, problem: dict[str, int], rows: list[dict[str, Any]],
                    replayed: list[str]) -> None:
    """ValueError naming the database where its rows hold no passed evaluation of the baseline genome,
    which every speedup of a recording is against; a replay (a tune without a GPU) compares against its
    recording's baseline without storing it."""
    base = template.space.key(template.space.baseline())
    statuses = sorted({r["status"] for r in rows if template.space.key(r["genome"]) == base})
    if "ok" in statuses:
        return
    size = size_name(in_template_order(problem, template.name))
    what = f"was {'/'.join(statuses)}" if statuses else "was never evaluated here"
    if replayed and all(r.get("replay") for r in rows):
        how = (f"its {len(rows)} evaluations are a replay of {', '.join(replayed)}, which compares against "
               "that recording's baseline without storing it: replay that recording itself, or measure one on a "
               f"GPU with `evo-kernels record {template.name}`")
    else:
        how = f"measure one on a GPU with `evo-kernels record {template.name}` (it measures the baseline first)"
    raise ValueError(f"{db}: cannot export a recording of {template.name} at {size}: its baseline genome, which "
                     f"every speedup of a recording is against, {what}; {how}")
