"""A tuning session: one template at one problem, searched to a budget, resumable, recorded.

``tune(config)`` validates everything first (template, genomes, database, checkpoint; see
``tune_plan.py``) so that bad input changes nothing; then picks the backend (the GPU where there is
one, otherwise the H200 recording shipped with the package, said in one line), restores the run
from its checkpoint if one exists, and runs the search loop with a live leaderboard. Every
evaluation is committed to the results database as it finishes; the loop and strategy state are
checkpointed after every generation, so a killed run started again ends where the uninterrupted
one would. The session's settings are a :class:`~evo_kernels.tune_config.TuneConfig`.
"""
from __future__ import annotations

import hashlib
import json
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from evo_kernels import interrupts
from evo_kernels.evaluate import Evaluator
from evo_kernels.fitness import FitnessWeights, Limits
from evo_kernels.genome import GenomeSpace
from evo_kernels.records import Candidate, Evaluation, size_name
from evo_kernels.runners.base import Runner
from evo_kernels.run_lock import RunLock, RunLocked, lock_run
from evo_kernels.runners.choose import BackendError, open_runner, why_replay
from evo_kernels.template import KernelTemplate, size_text
from evo_kernels.settings import shown_budget
from evo_kernels.tune_config import TuneConfig, TuneError
from evo_kernels.tune_plan import Plan, validate


@dataclass
class Session:
    """A prepared tuning session: validated inputs, open store, runner, evaluator."""

    cfg: TuneConfig
    template: KernelTemplate
    problem: dict[str, int]
    space: GenomeSpace
    runner: Runner
    evaluator: Evaluator
    note: str
    run_dir: Path
    run_id: str
    store: Any
    device: dict[str, Any]
    replayed: bool
    init_population: Any = None  # a WarmStart (PBT's population, if any), chosen by validate
    seeds: list = field(default_factory=list)  # where the search starts (the plan's start genomes)
    lock: RunLock | None = None  # this process's hold on run_dir, dropped by close

    def close(self) -> None:
        try:
            self.runner.close()
        finally:
            try:
                self.store.close()
            finally:
                if self.lock is not None:
                    self.lock.release()


class StoreWriter:
    """The one writer of measured results: a tuning session calls it after each new evaluation (and
    once for the baseline), ``record`` after each measured batch. An evaluation served from the
    database is not written again, nor is one this run stored before it was killed and started again."""

    def __init__(self, store: Any, run_id: str, replay: bool,
                 member_of: Callable[[str], int | None] = lambda key: None) -> None:
        self.store, self.run_id, self.replay, self.member_of = store, run_id, replay, member_of
        self._stored = {r["genome_key"] for r in store.rows(run_id=run_id)}

    def __call__(self, ev: Evaluation, generation: int | None = None) -> None:
        self.many([ev], generation)

    def many(self, evs: Sequence[Evaluation], generation: int | None = None) -> None:
        """Write the new ones of ``evs`` in one transaction (all or none), each with its own device."""
        new = [ev for ev in evs if not ev.reused and ev.candidate.key not in self._stored]
        if new:
            self.store.add_many(new, run_id=self.run_id, member=[self.member_of(ev.candidate.key) for ev in new],
                                generation=generation, replay=self.replay)
            self._stored.update(ev.candidate.key for ev in new)


def measured_before(store: Any, template_hash: str, problem: dict[str, int], device: dict[str, Any],
                    nvcc: str) -> Callable[[Candidate], Evaluation | None]:
    """The Evaluator's ``known``: a candidate's latest evaluation in ``store`` at this template hash and
    problem, measured on this GPU, driver and nvcc (``device``: the runner's device_info), or None. The one
    rule of "the same measurement" for a tuning session and ``record``."""
    gpu, driver = device.get("gpu_name", ""), device.get("driver_version")
    return lambda c: store.lookup(template_hash, c.key, problem, gpu, nvcc, driver=driver)


def _open_store(path: str, readonly: bool = False) -> Any:
    from evo_kernels.store import ResultStore
    from evo_kernels.store_file import StoreError

    try:
        return ResultStore(path, readonly=readonly)
    except StoreError as exc:
        raise TuneError(str(exc)) from exc


def start_words(plan: Plan) -> str | None:
    """What a pbt session starts from, in words (the session's first line and the run's record say it)."""
    ws = plan.init_population
    if plan.cfg.strategy != "pbt" or ws is None:
        return None
    words = ws.describe(plan.space)
    name = "this recording" if plan.replay is None else plan.replay.name  # only a replay leaves a source out
    return words + "".join(f"; its source {w.words(name)}, left out" for w in ws.left_out)


def memory_problem(template: KernelTemplate, problem: dict[str, int], device: dict[str, Any]) -> str | None:
    """Why ``template`` at ``problem`` cannot run on ``device`` (its ``memory_bytes``, as a runner's device_info
    says it): its arrays alone are larger than the GPU's memory. None where they fit, or where the memory is not
    known; a size that fits only just may still fail in the worker, which also holds references and a copy of
    each inout array."""
    have = device.get("memory_bytes")
    need = sum(a.nbytes for a in template.args(problem) if a.role != "scalar")
    if not have or need <= have:
        return None
    return (f"{template.name} at {size_text(problem)} needs {need / 2**30:.1f} GiB for its arrays alone; "
            f"the {device.get('gpu_name', 'GPU')} has {have / 2**30:.1f} GiB")


def open_session(plan: Plan, where: str | None = None) -> Session:
    """Open the runner the backend chooser picks, then the store, and the evaluator of a validated plan.
    The runner comes first: a backend that cannot be had (a scheduler that does not answer, a GPU too
    small for the size) is bad input, and the database must not have a run row (or exist) for it. Then the
    run's folder is locked for this process until :meth:`Session.close` (``run_lock.py``): a second copy of
    the same run is refused in one line before it opens the database. ``where`` (a batch's file and job) starts
    the line of a refusal."""
    cfg, template, problem, replay = plan.cfg, plan.template, plan.problem, plan.replay
    try:
        runner = open_runner(cfg.backend(), plan.replay_path, replay)
    except BackendError as exc:
        raise TuneError(str(exc)) from exc
    store = lock = None
    try:
        device = runner.device_info()
        if replay is None:
            too_big = memory_problem(template, problem, device)
            if too_big:
                raise TuneError(f"{where or 'tune'}: {too_big}")
        try:
            lock = lock_run(plan.run_dir, plan.run_dir.name)
        except RunLocked as exc:
            raise TuneError(f"{where}: {exc}" if where else str(exc)) from None
        store = _open_store(cfg.db)
        ckpt = plan.checkpoint
        # The run id follows from the session and its folder, so a run killed before its first
        # checkpoint and started again recognises the evaluations it already stored.
        ident = json.dumps(cfg.identity(), sort_keys=True, default=str) + str(plan.run_dir.resolve())
        run_id = ckpt["meta"]["run_id"] if ckpt is not None else hashlib.sha1(ident.encode()).hexdigest()[:10]
        start = start_words(plan)
        # the identity, what the run started from and the recording it replays (said in the report and an exported
        # header; not part of what a resume must match)
        extra = {**({"start": start} if start else {}),
                 **({"replay": str(plan.replay_path)} if plan.replay_path is not None else {})}
        store.add_run(run_id, plan.run_dir.resolve(), json.loads(json.dumps({**cfg.identity(), **extra}, default=str)))
        weights = FitnessWeights(cv=cfg.cv_weight, spill=cfg.spill_weight, objective=cfg.objective)
        limits = Limits(cfg.max_registers, cfg.max_smem_bytes)
        if replay is not None:
            evaluator = Evaluator(runner, template, problem, weights, limits)
            note = (f"{why_replay(cfg.replay is not None)}replaying the {device.get('gpu', '?')} recording "
                    f"{plan.replay_path.name} ({replay.n_ok} measured genomes of {template.name} at "
                    f"{size_name(problem)}); nothing is measured")
            if replay.template_hash and replay.template_hash != template.hash:
                note += f" [recorded with template hash {replay.template_hash}, current {template.hash}]"
        else:
            known = measured_before(store, template.hash, problem, device, runner.nvcc_version())
            evaluator = Evaluator(runner, template, problem, weights, limits, known=known)
            where = f"{runner.workers} GPU worker{'s' if runner.workers > 1 else ''}"
            note = f"tuning {template.name} at {problem} on {device.get('gpu_name', 'the GPU')} ({where})"
            n = len(plan.seeds) - len(cfg.starts)
            if n:
                note += (f"; starting from {n} known design{'s' if n > 1 else ''}, those of sizes like this one first "
                         "(--no-designs: cold)")
        if start:
            note += "; " + start
    except BaseException:
        try:
            runner.close()
        finally:
            try:
                if store is not None:
                    store.close()
            finally:
                if lock is not None:
                    lock.release()
        raise
    return Session(cfg, template, problem, plan.space, runner, evaluator, note, plan.run_dir, run_id, store, device,
                   replay is not None, plan.init_population, plan.seeds, lock)


def make_strategy_of(s: Session):
    """The session's strategy: its name, space, seed, the known designs first, and (pbt) the population
    it warm-starts from."""
    from evo_kernels.strategies import make_strategy

    kw: dict[str, Any] = {"seeds": s.seeds}
    if s.cfg.strategy == "pbt" and s.init_population is not None and s.init_population.population is not None:
        kw["init_population"] = s.init_population.population
    return make_strategy(s.cfg.strategy, s.space, s.template.name, s.problem, s.cfg.seed, **kw)


def run_session(s: Session, stream: TextIO = sys.stdout, live: bool = True) -> dict[str, Any]:
    """Run (or resume) the search of a prepared session; returns a summary with the best rows."""
    from evo_kernels.checkpoint import load_latest, save_population
    from evo_kernels.leaderboard import LiveLeaderboard, row_from_evaluation
    from evo_kernels.search import SearchLoop

    strategy = make_strategy_of(s)
    member_of = strategy.member_of
    write = StoreWriter(s.store, s.run_id, s.replayed, member_of)
    meta = {"identity": json.loads(json.dumps(s.cfg.identity(), default=str)), "run_id": s.run_id,
            "template": s.template.name, "template_hash": s.template.hash, "problem": s.problem,
            "device": s.device, "replay": s.replayed}

    def on_eval(ev: Evaluation, spent: int, generation: int) -> None:   # from loop.run(), when board exists
        write(ev, generation)
        board.update(ev, spent, member_of(ev.candidate.key), generation)
        interrupts.check()   # a Ctrl-C swallowed where it landed stops the run here, this evaluation stored

    def checkpoint(lp: SearchLoop) -> None:
        save_population(s.run_dir, lp.generation, {"strategy": lp.strategy.state_dict(), "loop": lp.state_dict()},
                        meta, keep=3)

    loop = SearchLoop(strategy, s.evaluator, s.cfg.budget, batch_size=s.cfg.batch_size, ahead=s.cfg.ahead,
                      checkpoint=checkpoint, on_evaluation=on_eval)
    ckpt = load_latest(s.run_dir) if s.run_dir.exists() else None
    resumed = 0
    if ckpt is not None:
        loop.strategy.load_state_dict(ckpt["state"]["strategy"])
        loop.load_state_dict(ckpt["state"]["loop"])
        resumed = loop.spent
    nbytes, flops = s.template.cost(s.problem)
    board = LiveLeaderboard(s.cfg.budget, nbytes, flops, stream=stream,
                            note=s.note + _resumed_words(resumed, s.cfg.budget),
                            replay=s.replayed, workers=s.runner.workers, busy=s.runner.busy)
    board.restore(row_from_evaluation(ev, nbytes, flops) for ev in loop.history if ev.feasible)
    deadline = time.monotonic() + s.cfg.time_limit_s if s.cfg.time_limit_s else None
    if not s.replayed:  # a measurement worth keeping; a replay's baseline is in its recording
        write(s.evaluator.baseline)
    with board if live else _Null():
        loop.run(deadline)
    best = loop.best()
    outcomes = Counter(ev.outcome for ev in loop.history)
    return {"spent": loop.spent, "budget": shown_budget(s.cfg.budget), "time_limit_s": s.cfg.time_limit_s,
            "exhausted": loop.exhausted,
            "space_size": len(s.space.valid) if s.space.valid is not None else None,
            "outcomes": dict(outcomes.most_common()), "resumed_from": resumed,
            "run_id": s.run_id, "run_dir": str(s.run_dir),
            "best": board.rows[:1], "best_genome": best.candidate.genome if best else None,
            "best_fitness": best.fitness if best else 0.0, "replay": s.replayed, "workers": s.runner.workers,
            "busy": s.runner.busy(), "stage_s": dict(board.stage_s), "measured": board.measured}


def _resumed_words(resumed: int, budget: int) -> str:
    """What the first line says of a resumed run: where it resumed, and that nothing is left where the budget
    was already spent (a finished run asked again: raise --budget to go on)."""
    if not resumed:
        return ""
    if resumed >= budget:
        return (f"; resumed at {resumed} evaluations: the budget of {budget} was already spent, nothing is measured "
                "(raise --budget to go on)")
    return f"; resumed at {resumed} evaluations"


def nothing_feasible(result: dict[str, Any]) -> str | None:
    """One line saying that a run found no feasible genome (with what became of its evaluations),
    or None where it found one."""
    if result["best_fitness"] > 0:
        return None
    counts = ", ".join(f"{n} {k}" for k, n in result.get("outcomes", {}).items())
    return (f"nothing feasible found in {result['spent']} evaluations ({counts or 'none'}): every genome failed "
            "or broke a limit you set (--max-registers, --max-smem, --pin, --forbid)")


def ran_out(result: dict[str, Any]) -> str | None:
    """One line saying that a run stopped before its budget because its space had nothing new left (a
    replay: every recorded genome of the space evaluated), or None where it did not."""
    if not result.get("exhausted"):
        return None
    budget = "" if result["budget"] is None else f" of the budget of {result['budget']}"
    n = result.get("space_size")
    if result.get("replay"):
        what = f"the recording holds {n} genomes of this space" if n is not None else "the recording ran out"
        return (f"stopped at {result['spent']} evaluations{budget}: {what} (after any --pin and --forbid), "
                "and every one was evaluated; a replay searches among the recorded genomes only")
    return (f"stopped at {result['spent']} evaluations{budget}: the search space (after any --pin and --forbid) "
            "has no genome left that was not evaluated")


class _Null:
    def __enter__(self) -> _Null:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


def tune(cfg: TuneConfig, stream: TextIO = sys.stdout, live: bool = True) -> dict[str, Any]:
    """Prepare and run one tuning session (see the module docstring)."""
    s = open_session(validate(cfg))
    try:
        return run_session(s, stream, live)
    finally:
        s.close()
