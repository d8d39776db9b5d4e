"""The report: Markdown with PNG plots that say what the search found and why it is fast.

- best-so-far fitness against evaluations, per strategy (run) and per PBT member;
- the Pareto front of time against registers and against shared memory: several good versions,
  not one;
- "why it is fast": the best genome with each transform reverted alone to its baseline value,
  measured (on the GPU or from a recording) by the session layer (``ablations.py``), with the
  static metrics that changed. The report reads; it never measures.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from evo_kernels.leaderboard import in_template_order
from evo_kernels.records import STAGES, size_name
from evo_kernels.store_rows import feasible


def section_name(template: str, problem: dict[str, Any]) -> str:
    """The one name of a report's section for a kernel at a size, ``sgemm 2048x2048x2048`` (its size in the
    template's order), which also names its plots and keys its "why it is fast" rows (``ablations.py``)."""
    return f"{template} {size_name(in_template_order(problem, template))}"


def changed_templates(rows: Sequence[Mapping[str, Any]], runs: Mapping[str, Mapping[str, Any]],
                      db: str) -> list[str]:
    """One line per template whose rows were measured on another version of it than the one there now (each run's
    template as its run named it, a name or a path; :meth:`KernelTemplate.changed_since` decides): the report's
    genomes would build other kernels today. A template that cannot be loaded is not compared."""
    from evo_kernels.template import TemplateError, load_template

    hashes: dict[tuple[str, str], set[str]] = {}
    for row in rows:
        named = (runs.get(str(row["run_id"])) or {}).get("template") or row["template"]
        hashes.setdefault((str(named), row["template"]), set()).add(row["template_hash"])
    lines = []
    for (named, name), was in hashes.items():
        try:
            t = load_template(named)
        except TemplateError:
            continue
        old = sorted(h for h in was if t.changed_since(h))
        if old:
            lines.append(f"{db}: the evaluations of {name} were measured {t.changed_since(', '.join(old))} "
                         f"({t.mako_path}): the template changed since; the report is of the template as it was")
    return lines


def best_so_far(values: Sequence[float]) -> list[float]:
    out, best = [], 0.0
    for v in values:
        best = max(best, v)
        out.append(best)
    return out


def pareto_front(points: Sequence[tuple[float, float]]) -> list[int]:
    """Indices of the points not dominated in (time, resource), both to be minimized; by resource."""
    order = sorted(range(len(points)), key=lambda i: (points[i][1], points[i][0]))
    front, best_t = [], float("inf")
    for i in order:
        if points[i][0] < best_t:
            front.append(i)
            best_t = points[i][0]
    return front


def _plot(path: Path, draw: Callable[[Any], None], title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 4.0), dpi=110)
    draw(ax)
    ax.set_title(title, fontsize=9)
    fig.tight_layout()
    fig.savefig(path, metadata={"Title": title})
    plt.close(fig)


def write_report(rows: Sequence[dict[str, Any]], out_dir: str | Path, title: str = "evo-kernels report",
                 ablations: dict[str, list[dict[str, Any]]] | None = None,
                 runs: Mapping[str, Mapping[str, Any]] | None = None, warnings: Sequence[str] = ()) -> Path:
    """Write ``out_dir/REPORT.md`` and its PNG plots from the store's rows (dicts with template,
    problem, run_id, member, fitness, median_ms, registers, smem_bytes, status, genome, id); ``runs``: each
    run's recorded identity (its strategy, seed and what it started from), said under its kernel; ``warnings``
    (such as :func:`changed_templates`' lines) head the report, as they head the command's output."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    md = [f"# {title}", ""] + [f"**Warning:** {w}" for w in warnings] + ([""] if warnings else [])
    groups: dict[str, list[dict]] = {}
    for r in rows:
        groups.setdefault(section_name(r["template"], r["problem"]), []).append(r)
    for name, grp in groups.items():
        grp = sorted(grp, key=lambda r: r.get("id", 0))
        slug = name.replace(" ", "_")
        md += [f"## {name}", ""]
        ok = [r for r in grp if feasible(r)]  # what the plots and fronts show: kernels one could ship
        over = sum(r["status"] == "ok" for r in grp) - len(ok)
        ids = sorted({str(r["run_id"]) for r in grp})
        md.append(f"{len(grp)} evaluations, {len(ok)} passed" + (
            f" within their run's limits, {over} infeasible (correct, but over --max-registers or --max-smem)"
            if over else "") + f"; runs: {', '.join(ids)}")
        md.append("")
        md += replay_lines(grp, runs or {})
        md += run_lines(ids, runs or {})
        md += time_spent(grp)
        if not ok:
            continue

        def draw_progress(ax, grp=grp):
            for run in sorted({r["run_id"] for r in grp}):
                vals = [r["fitness"] for r in grp if r["run_id"] == run]
                ax.plot(range(1, len(vals) + 1), best_so_far(vals), label=run_label(str(run), runs or {}))
            ax.set_xlabel("unique evaluations")
            ax.set_ylabel("best fitness so far (speedup, regularized)")
            _whole_ticks(ax)
            ax.legend(fontsize=7)
        _plot(out / f"{slug}_progress.png", draw_progress, f"{name}: best fitness so far per run")
        md += [f"![best so far per run]({slug}_progress.png)", ""]
        members = member_series(grp)
        if members:
            # a member of one run is not the member of the same number of another: one line each, a colour per
            # member number and a line style per run
            def draw_members(ax, members=members):
                member_runs = sorted({run for run, _ in members})
                for (run, m), vals in members.items():
                    style = ("-", "--", ":", "-.")[member_runs.index(run) % 4]
                    label = f"member {m}" if len(member_runs) == 1 else f"{run_label(run, runs or {})}, member {m}"
                    ax.plot(range(1, len(vals) + 1), best_so_far(vals), style, color=f"C{m % 10}", label=label)
                ax.set_xlabel("evaluations proposed by the member")
                ax.set_ylabel("best fitness so far")
                _whole_ticks(ax)
                ax.legend(fontsize=6 if len(member_runs) > 1 else 7, ncol=2)
            _plot(out / f"{slug}_members.png", draw_members, f"{name}: best fitness so far per PBT member")
            md += [f"![best so far per member]({slug}_members.png)", ""]
        for res, label in (("registers", "registers per thread"), ("smem_bytes", "shared memory per block (B)")):
            pts = [(r["median_ms"], float(r[res])) for r in ok]
            front = pareto_front(pts)

            def draw_front(ax, pts=pts, front=front, label=label):
                ax.scatter([p[1] for p in pts], [p[0] * 1e3 for p in pts], s=8, alpha=0.4, label="passed genomes")
                ax.plot([pts[i][1] for i in front], [pts[i][0] * 1e3 for i in front], "r.-", label="Pareto front")
                ax.set_xlabel(label)
                ax.set_ylabel("median time (us)")
                ax.set_yscale("log")
                ax.legend(fontsize=7)
            _plot(out / f"{slug}_pareto_{res}.png", draw_front, f"{name}: median time against {label}")
            md += [f"![Pareto front, time against {label}]({slug}_pareto_{res}.png)", "",
                   f"Pareto front (time against {label}):", "", f"| median us | {label} | fitness | genome |",
                   "|---|---|---|---|"]
            md += [f"| {ok[i]['median_ms'] * 1e3:.1f} | {pts[i][1]:.0f} | {ok[i]['fitness']:.3f} | "
                   f"`{json.dumps(ok[i]['genome'], separators=(',', ':'))}` |" for i in front]
            md.append("")
        md += ablation_lines((ablations or {}).get(name))
    path = out / "REPORT.md"
    path.write_text("\n".join(md) + "\n")
    return path


def ablation_lines(abl: Sequence[dict[str, Any]] | None) -> list[str]:
    """Markdown of "why it is fast": a table of the best genome and each transform reverted alone;
    where a recording answered and held none of the reverted genomes, one sentence saying that the
    ablation needs a GPU instead of a table of rows with no time."""
    if not abl:
        return []
    head = ["### Why it is fast: each transform of the best genome reverted alone", ""]
    if len(abl) > 1 and all(a["status"] == "not recorded" for a in abl[1:]):
        return head + [f"Not measured: the recording holds none of the {len(abl) - 1} genomes with one transform "
                       "reverted; the ablation needs a GPU (run `evo-kernels report` there).", ""]
    lines = head + ["| change | status | median us | speedup | regs | spill B | smem B | threads | bytes/thread |",
                    "|---|---|---|---|---|---|---|---|---|"]
    for a in abl:
        timed = a["median_us"] == a["median_us"]  # not NaN
        us, sp = (f"{a['median_us']:.1f}", f"{a['speedup']:.2f}") if timed else ("-", "-")
        status = "not recorded (needs a GPU)" if a["status"] == "not recorded" else a["status"]
        lines.append(f"| {a['change']} | {status} | {us} | {sp} | {a['registers']} | {a['spill_bytes']} | "
                     f"{a['smem_bytes']} | {a['threads']} | {a['bytes_per_thread']:.1f} |")
    return lines + [""]


def replay_lines(rows: Sequence[dict[str, Any]], runs: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """One sentence where some of the rows were replayed: whose measurements they are (the GPU and the
    recording each run replayed, as its record says), and that nothing was measured when they were tuned."""
    replayed = [r for r in rows if r.get("replay")]
    if not replayed:
        return []
    gpus = sorted({str(r.get("gpu_name") or "?") for r in replayed})
    recs = sorted({Path(str((runs.get(str(r["run_id"])) or {}).get("replay"))).name for r in replayed
                   if (runs.get(str(r["run_id"])) or {}).get("replay")})
    of = f"the recording{'s' if len(recs) > 1 else ''} {', '.join(recs)}" if recs else "a recording"
    share = "" if len(replayed) == len(rows) else f"{len(replayed)} of these {len(rows)} evaluations: "
    return [f"Replayed, not measured: {share}the {', '.join(gpus)} measurements of {of}, answered from it "
            "when these runs were tuned (their timestamps are when they were replayed).", ""]


def member_series(rows: Sequence[Mapping[str, Any]]) -> dict[tuple[str, int], list[float]]:
    """The fitness of each PBT member's evaluations in order, keyed by (run, member): member 3 of one run and
    member 3 of another are two members."""
    out: dict[tuple[str, int], list[float]] = {}
    for r in sorted(rows, key=lambda r: r.get("id", 0)):
        if r.get("member") is not None:
            out.setdefault((str(r["run_id"]), int(r["member"])), []).append(r["fitness"])
    return dict(sorted(out.items()))


def run_label(run_id: str, runs: Mapping[str, Mapping[str, Any]]) -> str:
    """A run as a plot's legend names it: its id, with its strategy and seed where its identity is recorded."""
    ident = runs.get(run_id)
    return f"run {run_id} ({ident.get('strategy', '?')}, seed {ident.get('seed', '?')})" if ident else f"run {run_id}"


def _whole_ticks(ax: Any) -> None:
    """Whole numbers on the x axis: it counts evaluations."""
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def run_lines(run_ids: Sequence[str], runs: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """One line per run whose identity is recorded: strategy, seed, and what a pbt run started from."""
    out = []
    for r in run_ids:
        ident = runs.get(r)
        if not ident:
            continue
        what = f"- run {r}: {ident.get('strategy', '?')}, seed {ident.get('seed', '?')}"
        out.append(what + (f"; {ident['start']}" if ident.get("start") else "")
                   + (f"; replayed {Path(str(ident['replay'])).name}" if ident.get("replay") else ""))
    return out + [""] if out else []


def time_spent(rows: Sequence[dict[str, Any]]) -> list[str]:
    """Markdown lines: where the measured candidates' time went, by stage (the timings each
    evaluation stores; the compile time from its build, 0 for a cached cubin); nothing for rows
    without timings (replays, databases from before they were stored)."""
    timed = [r for r in rows if r.get("timings")]
    if not timed:
        return []
    totals: dict[str, float] = {}
    for r in timed:
        stages = dict(r["timings"])
        stages["compile"] = 0.0 if r.get("cached") else float(r.get("compile_seconds") or 0.0)
        for k, v in stages.items():
            totals[k] = totals.get(k, 0.0) + float(v)
    order = [k for k in STAGES if k in totals] + sorted(set(totals) - set(STAGES))
    return [f"Where the time of {len(timed)} measured candidates went (ms per candidate; \"queued\" is the wait "
            "for a GPU worker after the build):", "", "| " + " | ".join(order) + " |",
            "|" + "---|" * len(order), "| " + " | ".join(f"{1e3 * totals[k] / len(timed):.0f}" for k in order) + " |",
            ""]


