"""Why the best genomes are fast: each transform reverted alone, measured through the chosen backend.

The session layer's part of the report: it measures (on the GPU, or answered from a recording
when there is none), and hands ``report.write_report`` rows to print; the report never measures.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from evo_kernels.evaluate import Evaluator
from evo_kernels.fitness import FitnessWeights
from evo_kernels.records import Candidate, Evaluation
from evo_kernels.report import section_name
from evo_kernels.runners.choose import Backend, BackendError, open_runner, replay_source
from evo_kernels.template import KernelTemplate, load_template


def ablation(template: KernelTemplate, genome: dict, evaluate: Callable[[Sequence[Candidate]], list[Evaluation]],
             problem: dict) -> list[dict[str, Any]]:
    """The best genome, then each gene reverted alone to its baseline; where that alone is invalid,
    the nearest valid genome (repair), with the other genes it changed named in the label."""
    space = template.space
    # a genome stored before the template gained genes (a replay of an older recording) lacks them: it is
    # judged with them at their baselines and keeps its own genes (those the recording knows)
    full = lambda g: {**space.baseline(), **g}  # noqa: E731
    variants = [("(best genome)", dict(genome))]
    for gene in space.genes:
        if gene.name in genome and genome[gene.name] != gene.baseline:
            g = dict(genome) | {gene.name: gene.baseline}
            label = f"{gene.name}: {genome[gene.name]} -> {gene.baseline}"
            if not space.is_valid(full(g)):  # reverting it alone breaks a constraint: say what else had to change
                fixed = space.repair(full(g), np.random.default_rng(0))
                fixed = {k: fixed[k] for k in g}
                extra = [f"{k} {g[k]} -> {fixed[k]}" for k in fixed if fixed[k] != g[k] and k != gene.name]
                label += f" (to stay valid also {', '.join(extra)})" if extra else ""
                g = fixed
            variants.append((label, g))
    cands = [Candidate(template.name, g, problem, space.key(g)) for _, g in variants]
    evs = evaluate(cands)
    nbytes, flops = template.cost(problem)
    rows = []
    for (label, g), ev in zip(variants, evs):
        status = "not recorded" if ev.status == "invalid" and "recorded" in ev.build.error else ev.status
        rows.append({"change": label, "genome": g, "status": status, "median_us": ev.run.median_ms * 1e3,
                     "speedup": ev.speedup, "registers": ev.build.registers, "spill_bytes": ev.build.spill_bytes,
                     "smem_bytes": ev.build.smem_bytes, "threads": ev.build.threads_per_block,
                     "bytes_per_thread": _bytes_per_thread(template, g, problem, nbytes)})
    return rows


def measure_ablations(rows: Sequence[dict[str, Any]], backend: Backend = Backend()) -> dict[str, list[dict[str, Any]]]:
    """"Why it is fast" for the best genome of each template and size (rows from the store):
    each transform reverted alone, measured through ``backend`` (the GPU where there is one),
    else answered from the shipped H200 recording at the same size (a reverted genome the
    recording lacks shows as "not recorded"); a template with neither is left out. Keyed by the
    report's ``section_name``, the key ``write_report`` looks them up by."""
    from evo_kernels.runners.replay import load_space

    out: dict[str, list[dict[str, Any]]] = {}
    best: dict[tuple[str, str], dict[str, Any]] = {}
    for r in rows:
        k = (r["template"], json.dumps(r["problem"], sort_keys=True))
        if r["status"] == "ok" and (k not in best or r["fitness"] > best[k]["fitness"]):
            best[k] = r
    for (name, _), r in best.items():
        t = load_template(name)
        label = section_name(name, r["problem"])
        try:
            rec = replay_source(backend, name)
        except BackendError:
            continue
        space = load_space(rec) if rec is not None else None
        if space is not None and space.problem != r["problem"]:
            continue
        with open_runner(backend, rec, space) as runner:
            ev = Evaluator(runner, t, r["problem"], FitnessWeights())
            out[label] = ablation(t, r["genome"], ev.evaluate, r["problem"])
    return out


def _bytes_per_thread(template: KernelTemplate, genome: dict, problem: dict, nbytes: int) -> float:
    launch = template.launch(genome, problem)
    threads = launch.threads * launch.grid[0] * launch.grid[1] * launch.grid[2]
    return nbytes / threads if threads else 0.0
