"""Which measurements an exported header holds: the best feasible rows of a template per problem size, measured on
the template as it is now, and the architecture they were built for. Everything that would make the header ship a
kernel nobody measured, or leave out a size that was asked for, is refused in one line naming the database
(:class:`ExportError`); the header itself is ``export.py``.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from evo_kernels.template import KernelTemplate, in_order, size_text


class ExportError(ValueError):
    """Measurements that cannot be exported as asked; the message is one line naming the database."""


def _size(template: KernelTemplate, problem: dict[str, int]) -> str:
    return size_text(in_order(problem, list(template.problem)))


def export_entries(store: Any, template: KernelTemplate, sizes: Sequence[dict] | None, top: int,
                   changed_ok: bool = False) -> list[dict]:
    """The best ``top`` feasible rows per problem size (the best first, which dispatch picks): passed, within the
    limits of their run (a build over --max-registers or --max-smem is not a kernel to ship), and measured on the
    template as it is now (its hash; ``changed_ok``: on any version of it)."""
    at = None if changed_ok else template.hash
    problems = [r["problem"] for r in store.best_by_problem(template.name, feasible=True, template_hash=at)]
    if sizes:
        problems = [p for p in problems if p in sizes]
    entries = []
    for p in problems:
        entries += store.top(top, template=template.name, problem=p, feasible=True, template_hash=at)
    for e in entries:
        if e.get("replay"):  # which recording answered: the run's record says it (runs from before: unknown)
            e["recording"] = ((store.run_record(str(e["run_id"])) or {}).get("identity") or {}).get("replay")
    return entries


def _not_feasible(store: Any, template: KernelTemplate, db: str, sizes: Sequence[dict] | None,
                  tuned: Sequence[dict] = ()) -> str:
    """The refusal's words for sizes (all of the database's where None) with no feasible evaluation, and the sizes
    ``tuned`` where there are some."""
    passed = [r for r in store.rows(template=template.name, status="ok") if not sizes or r["problem"] in sizes]
    at = f" at {'; '.join(_size(template, s) for s in sizes)}" if sizes else ""
    if tuned:
        at += f" (--sizes; tuned here: {'; '.join(_size(template, r['problem']) for r in tuned)})"
    if passed:
        return (f"{db}: no feasible evaluation of {template.name}{at}: its {len(passed)} passed evaluation(s) all "
                "broke a limit of their run (--max-registers, --max-smem); nothing to export")
    return f"{db}: no passed evaluations of {template.name}{at}"


def exportable(store: Any, template: KernelTemplate, db: str, sizes: Sequence[dict] | None, top: int,
               changed_ok: bool = False) -> list[dict]:
    """:func:`export_entries`, refused (:class:`ExportError`) where a size asked for was never tuned (none is left
    out quietly), where nothing is feasible, and, unless ``changed_ok``, where a size was measured only on
    another version of the template (:meth:`KernelTemplate.changed_since`, the rule a resumed tune obeys too):
    a header of it would ship today's code under numbers measured on other code."""
    tuned = store.best_by_problem(template.name, feasible=True)   # any version of the template
    untuned = [s for s in sizes or [] if s not in [r["problem"] for r in tuned]]
    if untuned:
        raise ExportError(_not_feasible(store, template, db, untuned, tuned))
    entries = export_entries(store, template, sizes, top, changed_ok)
    done = [e["problem"] for e in entries]
    stale = [r for r in tuned if r["problem"] not in done and (not sizes or r["problem"] in sizes)]
    if stale:
        was = ", ".join(sorted({r["template_hash"] for r in stale}))
        raise ExportError(f"{db}: {template.name} at {'; '.join(_size(template, r['problem']) for r in stale)} was "
                          f"measured {template.changed_since(was)} ({template.mako_path}): the template changed "
                          "since, and a header would ship code nobody measured; tune it again, or "
                          "--allow-changed-template to export it anyway")
    if not entries:
        raise ExportError(_not_feasible(store, template, db, sizes))
    check_of(template, entries, db)
    return entries


def tuned_arch(entries: Sequence[dict[str, Any]], asked: str | None, db: str) -> str:
    """The architecture the entries were built for (their rows' ``arch``), which the header says it was tuned on;
    ExportError where they name several, or where ``asked`` (``--arch``) is another. Rows that name none (written
    by hand): ``asked``, else sm_90."""
    arches = sorted({str(e["arch"]) for e in entries if e.get("arch")})
    if len(arches) > 1:
        raise ExportError(f"{db}: the kernels to export were built for {', '.join(arches)}, and a header is tuned "
                          "for one architecture: export each with --sizes")
    if arches and asked is not None and asked != arches[0]:
        raise ExportError(f"--arch {asked}: the measurements in {db} were made on {arches[0]} builds; a header says "
                          f"the architecture it was tuned on (leave --arch out, or give {arches[0]})")
    return arches[0] if arches else asked or "sm_90"


def not_of(template: KernelTemplate, entries: Sequence[dict]) -> str | None:
    """Why a database's entries under ``template``'s name were not tuned with this template's genes and dimensions
    (a user's template that shadows a shipped one of the same name, say), naming its file; None where they were."""
    for e in entries:
        if unknown := set(e["genome"]) - set(template.space.names):
            return f"its {template.name} evaluations are of another template: {template.space.unknown(unknown)}"
        if set(e["problem"]) != set(template.problem):
            return (f"its {template.name} evaluations are of another template: tuned at {size_text(e['problem'])}, "
                    f"not in the dimensions of {template.mako_path} ({', '.join(template.problem)})")
    return None


def check_of(template: KernelTemplate, entries: Sequence[dict], db: str) -> None:
    """ExportError where ``entries`` are of another template of ``template``'s name (:func:`not_of`)."""
    if why := not_of(template, entries):
        raise ExportError(f"{db}: {why}")
