"""The leaderboard: the best genomes so far, live during a search and afterwards from the database.

On a terminal it is a rich table that redraws in place; when output goes to a file (the log of
an overnight run) it degrades to plain lines: one per new best, and a progress line now and then.
"""
from __future__ import annotations

import functools
import json
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from evo_kernels.records import STAGES, Evaluation, size_name
from evo_kernels.settings import shown_budget

# Ceilings measured on the H200 (../shared/device/README.md, 2026-12-02); a run's own
# measurements replace them where it has them.
COPY_TBPS = 4.21
SGEMM_TFLOPS = 50.6


def throughput(median_ms: float, nbytes: int, flops: int) -> tuple[str, float]:
    """("GFLOP/s" or "GB/s", value): arithmetic rate where the kernel does more than 4 FLOP per
    byte moved, memory rate otherwise; and the share of the matching roofline."""
    if not median_ms or median_ms != median_ms:
        return "", 0.0
    if flops > 4 * nbytes:
        return "GFLOP/s", flops / median_ms / 1e6
    return "GB/s", nbytes / median_ms / 1e6


def roofline_pct(median_ms: float, nbytes: int, flops: int) -> float:
    unit, rate = throughput(median_ms, nbytes, flops)
    if not unit:
        return 0.0
    return 100 * rate / (SGEMM_TFLOPS * 1e3 if unit == "GFLOP/s" else COPY_TBPS * 1e3)


def is_terminal(stream: Any) -> bool:
    """Whether ``stream`` is a terminal (a rich table that redraws) rather than a file or a pipe (plain lines): the
    one test the live leaderboard, ``print_rows`` and ``watch`` share."""
    return hasattr(stream, "isatty") and stream.isatty()


@functools.lru_cache(maxsize=None)
def _problem_keys(template: str) -> tuple[str, ...]:
    from evo_kernels.template import TemplateError, load_template

    try:
        return tuple(load_template(template).problem)
    except TemplateError:   # a recorded space without a template here (a Kernel Tuner cache): the order given
        return ()


def in_template_order(problem: dict[str, Any], template: str | None) -> dict[str, Any]:
    """The problem with its keys in the order of the template's PROBLEM (M, N, K for sgemm) where
    ``template`` names one: the database returns a problem's keys sorted (K, M, N), and "1522x131x705"
    reads as another size than M=131, N=705, K=1522."""
    from evo_kernels.template import in_order

    return in_order(problem, _problem_keys(template) if template else ())


def problem_label(problem: dict[str, Any], template: str | None = None) -> str:
    """A short size label: "2048^3" where the sizes are equal, else "131x705x1522" (in_template_order)."""
    ordered = in_template_order(problem, template)
    vals = [str(v) for v in ordered.values()]
    return f"{vals[0]}^{len(vals)}" if len(vals) > 1 and len(set(vals)) == 1 else size_name(ordered)


def row_from_evaluation(ev: Evaluation, nbytes: int, flops: int, member: int | None = None,
                        generation: int | None = None) -> dict[str, Any]:
    """A leaderboard row (the same keys as ``leaderboard --json``)."""
    c, b, r = ev.candidate, ev.build, ev.run
    unit, rate = throughput(r.median_ms, nbytes, flops)
    return {"template": c.template, "problem": dict(c.problem), "key": c.key, "genome": dict(c.genome),
            "median_us": r.median_ms * 1e3, "speedup": ev.speedup, "fitness": ev.fitness, "rate": rate,
            "rate_unit": unit, "roofline_pct": roofline_pct(r.median_ms, nbytes, flops), "registers": b.registers,
            "spill_bytes": b.spill_bytes, "cv": r.cv, "member": member, "generation": generation}


def table(rows: Sequence[dict[str, Any]], title: str = "", width: int | None = None):
    """A rich Table of leaderboard rows that fits 80 columns (the genome goes on its own line)."""
    from rich.table import Table

    from rich import box

    t = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False, width=width,
              collapse_padding=True)
    units = {r.get("rate_unit") for r in rows if r.get("rate")}
    rate_head = {"GFLOP/s": "TFLOP/s", "GB/s": "TB/s"}.get(units.pop(), "TFLOP/s|TB/s") if len(units) == 1 else (
        "TFLOP/s|TB/s" if units else "rate")
    for col, just in (("#", "right"), ("kernel", "left"), ("size", "left"), ("us", "right"), ("x base", "right"),
                      (rate_head, "right"), ("roof", "right"), ("regs", "right"), ("spill", "right"), ("cv", "right"),
                      ("by", "left")):
        t.add_column(col, justify=just, no_wrap=True)
    for i, r in zip(ranks(rows), rows):
        rate = f"{r['rate'] / 1e3:.1f}" if r.get("rate") else "-"  # TFLOP/s or TB/s
        by = f"m{r['member']}g{r['generation']}" if r.get("member") is not None else "-"
        us = r["median_us"]
        size = problem_label(r["problem"], r["template"])
        t.add_row(str(i), r["template"], size, f"{us:.0f}" if us >= 100 else f"{us:.1f}",
                  f"{r['speedup']:.2f}", rate, f"{r['roofline_pct']:.0f}%", str(r["registers"]),
                  str(r["spill_bytes"]), f"{r['cv']:.2f}", by)
    return t


def ranks(rows: Sequence[dict[str, Any]]) -> list[int]:
    """Each row's rank within its own template (rows of several templates come best-first per template: a
    speedup is over each template's own baseline, so one kernel's ranks say nothing of another's)."""
    seen: dict[str, int] = {}
    out = []
    for r in rows:
        seen[r["template"]] = seen.get(r["template"], 0) + 1
        out.append(seen[r["template"]])
    return out


def plain_lines(rows: Sequence[dict[str, Any]]) -> list[str]:
    return [f"{i:2d} {r['template']} {problem_label(r['problem'], r['template'])} {r['median_us']:.1f} us "
            f"x{r['speedup']:.2f} "
            f"fit {r['fitness']:.3f} regs {r['registers']} spill {r['spill_bytes']} cv {r['cv']:.3f} "
            f"{json.dumps(r['genome'], separators=(',', ':'))}" for i, r in zip(ranks(rows), rows)]


@dataclass
class LiveLeaderboard:
    """Tracks a running search; call ``update`` after every evaluation (SearchLoop.on_evaluation)."""

    budget: int
    nbytes: int
    flops: int
    top: int = 8
    stream: TextIO = field(default_factory=lambda: sys.stdout)
    note: str = ""
    rows: list[dict[str, Any]] = field(default_factory=list)
    member_best: dict[int, float] = field(default_factory=dict)
    spent: int = 0
    failed: int = 0  # evaluations whose status is not ok (Evaluation.outcome)
    infeasible: int = 0  # passed, but broke a limit of the run
    replay: bool = False  # answers from a recording: nothing is compiled or run here
    workers: int = 1  # GPU workers measuring at once
    busy: Callable[[], dict[str, Any]] | None = None  # the runner's per-worker busy seconds
    stage_s: dict[str, float] = field(default_factory=dict)  # seconds per stage, summed over candidates
    measured: int = 0  # evaluations measured now (not served from the database)
    _start: float = field(default_factory=time.monotonic)
    _live: Any = None
    _best_fitness: float = 0.0
    _last_plain: float = field(default_factory=time.monotonic)  # the first progress line 30 s in, resumed or not
    _spent_before: int | None = None  # evaluations a resumed run had spent before this session's first

    @property
    def interactive(self) -> bool:
        return is_terminal(self.stream)

    def __enter__(self) -> LiveLeaderboard:
        if self.interactive:
            from rich.console import Console
            from rich.live import Live

            self._live = Live(self.renderable(), console=Console(file=self.stream), refresh_per_second=4)
            self._live.__enter__()
        elif self.note:
            print(self.note, file=self.stream, flush=True)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._live is not None:
            self._live.update(self.renderable())
            self._live.__exit__(*exc)
            self._live = None

    def restore(self, rows: Iterable[dict[str, Any]]) -> None:
        """The rows of a resumed run's earlier evaluations: shown as they were, not announced again
        as new bests."""
        self.rows = sorted([*self.rows, *rows], key=lambda r: -r["fitness"])[: self.top]
        self._best_fitness = max([self._best_fitness, *(r["fitness"] for r in self.rows)])

    def update(self, ev: Evaluation, spent: int, member: int | None = None, generation: int | None = None) -> None:
        if self._spent_before is None:
            self._spent_before = spent - 1
        self.spent = spent
        if not ev.reused:
            self.measured += 1
            for k, v in stage_seconds(ev).items():
                self.stage_s[k] = self.stage_s.get(k, 0.0) + v
        if ev.outcome == "infeasible":
            self.infeasible += 1
        elif not ev.feasible:
            self.failed += 1
        else:
            self.rows.append(row_from_evaluation(ev, self.nbytes, self.flops, member, generation))
            self.rows.sort(key=lambda r: -r["fitness"])
            del self.rows[self.top:]
            if member is not None:
                self.member_best[member] = max(self.member_best.get(member, 0.0), ev.fitness)
        if self._live is not None:
            self._live.update(self.renderable())
        else:
            self._plain(ev)

    def _plain(self, ev: Evaluation) -> None:
        now = time.monotonic()
        if ev.fitness > self._best_fitness:
            self._best_fitness = ev.fitness
            print(f"[{self.spent}{self._of_budget}] new best " + plain_lines(self.rows[:1])[0][3:], file=self.stream,
                  flush=True)
        elif now - self._last_plain > 30 or self.spent == self.budget:
            print(self.progress(), file=self.stream, flush=True)
        else:
            return
        self._last_plain = now

    @property
    def _of_budget(self) -> str:
        """"/budget", or nothing for a run limited by time alone (its budget is unbounded)."""
        return "" if shown_budget(self.budget) is None else f"/{self.budget}"

    def progress(self) -> str:
        elapsed = time.monotonic() - self._start
        budget = self._of_budget
        now = self.spent - (self._spent_before or 0)  # this session's: a resumed run's earlier ones took no time here
        eta = f", ETA {elapsed / now * (self.budget - self.spent):.0f} s" if now > 0 and budget else ""
        rate = f"{now / elapsed:.1f} candidates/s" if elapsed > 0 else "-"
        over = f", {self.infeasible} infeasible" if self.infeasible else ""
        head = f"{self.spent}{budget} evaluations, {self.failed} failed{over}, {rate}, elapsed {elapsed:.0f} s{eta}"
        if self.replay:
            return head + "; replay (nothing compiled or run)"
        out = head
        if self.busy is not None:
            b = self.busy()
            if b["wall_s"] > 0:
                shares = " ".join(f"{100 * s / b['wall_s']:.0f}%" for s in b["busy_s"])
                out += f"; GPU worker{'s' if self.workers > 1 else ''} busy {shares}"
        if self.measured:
            per = ", ".join(f"{k} {1e3 * v / self.measured:.0f}" for k, v in self.stage_s.items() if v > 0)
            out += f"; ms per candidate: {per}"
        return out

    def renderable(self):
        from rich.console import Group
        from rich.text import Text

        parts: list[Any] = [Text(self.note)] if self.note else []
        parts += [Text(self.progress()), table(self.rows, "best genomes")]
        if self.rows:
            parts.append(Text("best: " + json.dumps(self.rows[0]["genome"], separators=(",", ":")), overflow="fold"))
        if self.member_best:
            parts.append(Text("member best fitness: " + "  ".join(
                f"m{m}={f:.3f}" for m, f in sorted(self.member_best.items())), overflow="fold"))
        return Group(*parts)


def stage_seconds(ev: Evaluation) -> dict[str, float]:
    """Where one candidate's time went, by stage (records.STAGES): the runner's timings, with the
    compile time from the build (0 for a cached cubin)."""
    out = {k: float(v) for k, v in ev.run.timings.items()}
    out["compile"] = 0.0 if ev.build.cached else float(ev.build.compile_seconds)
    return {k: out[k] for k in STAGES if k in out}


def print_rows(rows: Iterable[dict[str, Any]], stream: TextIO | None = None, title: str = "") -> None:
    """Print leaderboard rows (to stdout by default): a rich table on a terminal (80 columns or
    more), plain lines otherwise."""
    stream = sys.stdout if stream is None else stream  # looked up now: sys.stdout may have been replaced
    rows = list(rows)
    if is_terminal(stream):
        from rich.console import Console

        console = Console(file=stream)
        console.print(table(rows, title))
        for i, r in zip(ranks(rows), rows):
            console.print(f"{i:2d} {json.dumps(r['genome'], separators=(',', ':'))}", overflow="fold")
    else:
        if title:
            print(title, file=stream)
        for line in plain_lines(rows):
            print(line, file=stream)


def store_rows(store, template: str | None, top: int) -> list[dict]:
    """Leaderboard rows from the database, with rates where the template loads: the ``top`` best feasible
    evaluations (passed, within their run's limits) of ``template``, or, where none is named, the ``top`` best
    of each template in turn (fitness is a speedup over each template's own baseline, so one kernel's rows
    would hide another's). The infeasible ones are counted by :func:`infeasible_count`, not listed."""
    ranked = [r for name in ([template] if template is not None else store.templates())
              for r in store.top(top, template=name, feasible=True)]
    out = []
    for r in ranked:
        genome = r["genome"]
        try:
            from evo_kernels.template import load_template

            t = load_template(r["template"])
            nbytes, flops = t.cost(r["problem"])
            order = [g.name for g in t.space.genes]   # the template's gene order, as tune prints a genome
            genome = {**{n: genome[n] for n in order if n in genome}, **genome}
        except Exception:  # a template gone or broken since: no rates, still a row
            nbytes, flops = 0, 0
        unit, rate = throughput(r["median_ms"], nbytes, flops)
        out.append({"template": r["template"], "problem": in_template_order(r["problem"], r["template"]),
                    "key": r["genome_key"], "genome": genome, "median_us": r["median_ms"] * 1e3,
                    "speedup": r["speedup"], "fitness": r["fitness"], "rate": rate, "rate_unit": unit,
                    "roofline_pct": roofline_pct(r["median_ms"], nbytes, flops), "registers": r["registers"],
                    "spill_bytes": r["spill_bytes"], "cv": r["cv"], "member": r.get("member"),
                    "generation": r.get("generation"), "gpu": r.get("gpu_name"),
                    "replay": bool(r.get("replay"))})
    return out


def infeasible_count(store, template: str | None) -> int:
    """Evaluations that passed the correctness check but broke a limit of their run (fitness 0: registers,
    shared memory), of ``template`` or of every template: what the leaderboard leaves out."""
    return store.count(template=template, infeasible=True)


@dataclass(frozen=True)
class Snapshot:
    """One reading of a database for ``watch``: the rows, a title, and a line on what the run has done so far."""

    rows: list[dict[str, Any]]
    title: str
    status: str


def watch(read: Callable[[], Snapshot], every_s: float, stream: TextIO | None = None,
          sleep: Callable[[float], None] = time.sleep) -> int:
    """``leaderboard --watch``: read the database every ``every_s`` seconds while another process (an overnight tune
    or batch) writes it, until Ctrl-C (exit status 0). On a terminal the table redraws in place; in a pipe or a log a
    block of plain lines is printed, stamped with the time, whenever the best rows change (not once per reading)."""
    stream = sys.stdout if stream is None else stream
    shown: Any = None
    live = None
    try:
        if is_terminal(stream):
            from rich.console import Console, Group
            from rich.live import Live
            from rich.text import Text

            live = Live(console=Console(file=stream), refresh_per_second=4, auto_refresh=False)
            live.__enter__()
        while True:
            s = read()
            stamp = time.strftime("%H:%M:%S")
            if live is not None:
                parts: list[Any] = [Text(f"{s.status}; read at {stamp}, every {every_s:g} s; Ctrl-C stops"),
                                    table(s.rows, s.title)]
                if s.rows:
                    parts.append(Text("best: " + json.dumps(s.rows[0]["genome"], separators=(",", ":")),
                                      overflow="fold"))
                live.update(Group(*parts), refresh=True)
            else:
                now = (s.title, plain_lines(s.rows))   # what a block shows: printed again only when it changes
                if now != shown:
                    print(f"[{stamp}] {s.title}; {s.status}", file=stream)
                    for line in now[1]:
                        print(line, file=stream)
                    stream.flush()
                    shown = now
            sleep(every_s)
    except KeyboardInterrupt:
        return 0
    finally:
        if live is not None:
            live.__exit__(None, None, None)
