"""A tuning session: one template at one problem, searched to a budget, resumable, recorded.

``tune(config)`` validates everything first (template, genomes, database, checkpoint) so that
bad input changes nothing; then picks the backend (the GPU where there is one, otherwise the
H200 recording shipped with the package, said in one line), restores the run from its
checkpoint if one exists, and runs the search loop with a live leaderboard. Every evaluation is
committed to the results database as it finishes; the loop and strategy state are checkpointed
after every generation, so a killed run started again ends where the uninterrupted one would.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TextIO

from evo_kernels.fitness import FitnessWeights, Limits
from evo_kernels.genome import Gene, GenomeSpace, InvalidGenome
from evo_kernels.records import Candidate, Evaluation
from evo_kernels.template import KernelTemplate, load_template

RECORDINGS = Path(__file__).resolve().parent / "recordings"


class TuneError(Exception):
    """Bad input to a tuning session; one line naming the file or value at fault (exit status 2)."""


@dataclass
class TuneConfig:
    """Everything that defines a tuning session; its identity decides whether a checkpoint resumes."""

    template: str
    problem: dict[str, int] | None = None
    budget: int = 200
    time_limit_s: float | None = None
    strategy: str = "pbt"
    objective: str = "median"  # "median" (throughput) or "p95" (tail latency)
    max_registers: int | None = None
    max_smem_bytes: int | None = None
    pins: dict[str, Any] = field(default_factory=dict)  # gene -> the only allowed value
    forbids: dict[str, list[Any]] = field(default_factory=dict)  # gene -> values never tried
    starts: list[dict[str, Any]] = field(default_factory=list)  # genomes a person proposes
    db: str = "runs/evo-kernels.db"
    population: str | None = None  # checkpoint folder; default populations/<template>-<problem>-<strategy>-s<seed>
    seed: int = 0
    batch_size: int = 8
    init_population: str | None = None
    replay: str | None = None  # force a replay of this recording (else: GPU if present, else shipped recording)
    cv_weight: float = 1.0
    spill_weight: float = 0.05

    def identity(self) -> dict[str, Any]:
        """The fields a resumed run must share with the run it resumes."""
        keep = ("template", "problem", "strategy", "objective", "max_registers", "max_smem_bytes", "pins",
                "forbids", "starts", "seed", "batch_size", "cv_weight", "spill_weight")
        return {k: v for k, v in asdict(self).items() if k in keep}


def gpu_present() -> bool:
    """True where pycuda imports and sees an NVIDIA GPU (CPU machines never import it otherwise)."""
    if os.environ.get("EVO_KERNELS_FORCE_REPLAY"):
        return False
    try:
        import pycuda.driver as drv

        drv.init()
        return drv.Device.count() > 0
    except Exception:
        return False


def shipped_recording(template: str) -> Path | None:
    p = RECORDINGS / f"{template}.json.gz"
    return p if p.exists() else None


def restrict(space: GenomeSpace, pins: dict[str, Any], forbids: dict[str, list[Any]], where: str) -> GenomeSpace:
    """The space with pinned genes fixed and forbidden values removed; a value outside a gene's
    domain is a TuneError naming the gene."""
    genes = []
    for gene in space.genes:
        values = list(gene.values)
        if gene.name in pins:
            try:
                values = [gene.coerce(pins[gene.name])]
            except InvalidGenome as exc:
                raise TuneError(f"{where}: pin {exc}") from exc
        for v in forbids.get(gene.name, []):
            try:
                values.remove(gene.coerce(v))
            except InvalidGenome as exc:
                raise TuneError(f"{where}: forbid {exc}") from exc
            except ValueError:
                pass
        if not values:
            raise TuneError(f"{where}: every value of gene {gene.name} is forbidden")
        base = gene.baseline if gene.baseline in values else values[0]
        genes.append(Gene(gene.name, gene.transform, tuple(values), base, gene.doc))
    unknown = sorted((set(pins) | set(forbids)) - set(space.names))
    if unknown:
        raise TuneError(f"{where}: unknown gene(s) {', '.join(unknown)}; this space has {', '.join(space.names)}")
    valid = None if space.valid is None else [g for g in space.valid if all(g[x.name] in x.values for x in genes)]
    return GenomeSpace(genes, constraint=lambda g: space.violations(g), name=space.name, valid=valid)


def default_population_dir(cfg: TuneConfig, problem: dict[str, int]) -> Path:
    size = "x".join(str(v) for v in problem.values())
    return Path("populations") / f"{cfg.template}-{size}-{cfg.strategy}-s{cfg.seed}"


@dataclass
class Session:
    """A prepared tuning session: validated inputs, open store, backend, strategy and loop."""

    cfg: TuneConfig
    template: KernelTemplate
    problem: dict[str, int]
    space: GenomeSpace
    evaluator: Any
    note: str
    run_dir: Path
    run_id: str
    store: Any
    device: dict[str, Any]
    replayed: bool


class StoringEvaluator:
    """Wraps a replay evaluator so its evaluations land in the results database like measured ones.

    A genome this run already stored (before a kill) is not stored twice. ``$EVO_KERNELS_REPLAY_DELAY_S``
    makes each replayed evaluation take that long, to rehearse an overnight run's pace (and to give
    the kill-and-resume tests a run to kill)."""

    def __init__(self, inner: Any, store: Any, run_id: str, device: dict[str, Any]) -> None:
        self.inner, self.store, self.run_id, self.device = inner, store, run_id, device
        self.member_of: Any = None  # key -> PBT member, set by the session
        self.generation: int | None = None
        self.baseline_ms = inner.baseline_ms
        self._stored = {r["genome_key"] for r in store.rows(run_id=run_id)}
        self._delay = float(os.environ.get("EVO_KERNELS_REPLAY_DELAY_S", "0") or 0)

    def evaluate(self, candidates: Sequence[Candidate]) -> list[Evaluation]:
        evs = self.inner.evaluate(candidates)
        for c, ev in zip(candidates, evs):
            if self._delay:
                time.sleep(self._delay)
            if c.key in self._stored:
                continue
            member = self.member_of(c.key) if self.member_of else None
            self.store.add(ev, run_id=self.run_id, device=self.device, member=member, generation=self.generation,
                           replay=True)
            self._stored.add(c.key)
        return evs


def _open_store(path: str, readonly: bool = False) -> Any:
    from evo_kernels.store import ResultStore, StoreError

    try:
        return ResultStore(path, readonly=readonly)
    except StoreError as exc:
        raise TuneError(str(exc)) from exc


@dataclass
class Plan:
    """A validated session, before anything is opened or written."""

    cfg: TuneConfig
    template: KernelTemplate
    problem: dict[str, int]
    space: GenomeSpace
    replay: Any  # a ReplaySpace, or None on the GPU
    replay_path: Path | None
    run_dir: Path
    checkpoint: dict[str, Any] | None


def validate(cfg: TuneConfig, where: str = "tune") -> Plan:
    """Check a session's inputs (template, size, genomes, database, checkpoint) without writing
    anything or touching the GPU; the first problem is a TuneError naming its file."""
    from evo_kernels.checkpoint import CheckpointError, load_latest
    from evo_kernels.store import StoreError, inspect_file

    if cfg.objective not in ("median", "p95"):
        raise TuneError(f"{where}: --objective {cfg.objective!r} is not median or p95")
    if cfg.budget < 1:
        raise TuneError(f"{where}: the budget must be at least 1 evaluation")
    template = load_template(cfg.template)
    replay_path = Path(cfg.replay) if cfg.replay else None
    if replay_path is None and not gpu_present():
        replay_path = shipped_recording(template.name)
        if replay_path is None:
            shipped = sorted(p.name.split(".")[0] for p in RECORDINGS.glob("*.json.gz"))
            raise TuneError(f"{template.name}: no GPU here and no H200 recording of it ships with evo-kernels "
                            f"(recorded: {', '.join(shipped) or 'none'})")
    replay = None
    if replay_path is not None:
        from evo_kernels.runners.replay import ReplayError, load_space

        try:
            replay = load_space(replay_path)
        except ReplayError as exc:
            raise TuneError(str(exc)) from exc
        problem = dict(replay.problem)
        if cfg.problem and dict(cfg.problem) != problem:
            raise TuneError(f"{replay_path}: recorded at {problem}, not at the requested size {cfg.problem}; "
                            "on a GPU machine any size can be tuned")
        base_space = replay.space
    else:
        problem = dict(cfg.problem or template.problem)
        if sorted(problem) != sorted(template.problem):
            raise TuneError(f"{template.meta_path}: size {problem} does not name the problem parameters "
                            f"{', '.join(template.problem)}")
        base_space = template.space
    space = restrict(base_space, cfg.pins, cfg.forbids, where)
    for g in cfg.starts:
        try:
            space.check(space.coerce(g))
        except InvalidGenome as exc:
            raise TuneError(f"{where}: start genome {json.dumps(g)}: {exc}") from exc
    run_dir = Path(cfg.population) if cfg.population else default_population_dir(cfg, problem)
    try:
        ckpt = load_latest(run_dir) if run_dir.exists() else None
    except CheckpointError as exc:
        raise TuneError(str(exc)) from exc
    if ckpt is not None:
        old = ckpt["meta"].get("identity")
        if old is not None and old != json.loads(json.dumps(cfg.identity(), default=str)):
            raise TuneError(f"{run_dir}: holds a checkpoint of a different session ({old}); "
                            "use another --population folder")
    if cfg.init_population and not Path(cfg.init_population).is_dir():
        raise TuneError(f"{cfg.init_population}: --init-population is not a folder")
    if Path(cfg.db).exists():
        try:
            inspect_file(Path(cfg.db))
        except StoreError as exc:
            raise TuneError(str(exc)) from exc
    return Plan(cfg, template, problem, space, replay, replay_path, run_dir, ckpt)


def open_session(plan: Plan) -> Session:
    """Open the store and the backend (GPU worker or replay) of a validated plan."""
    cfg, template, problem, replay = plan.cfg, plan.template, plan.problem, plan.replay
    store = _open_store(cfg.db)
    ckpt = plan.checkpoint
    # The run id follows from the session and its folder, so a run killed before its first
    # checkpoint and started again recognises the evaluations it already stored.
    ident = json.dumps(cfg.identity(), sort_keys=True, default=str) + str(plan.run_dir.resolve())
    run_id = ckpt["meta"]["run_id"] if ckpt is not None else hashlib.sha1(ident.encode()).hexdigest()[:10]
    weights = FitnessWeights(cv=cfg.cv_weight, spill=cfg.spill_weight, objective=cfg.objective)
    limits = Limits(cfg.max_registers, cfg.max_smem_bytes)
    if replay is not None:
        device = dict(replay.device)
        evaluator = StoringEvaluator(replay.evaluator(weights, limits), store, run_id, device)
        note = (f"no GPU here: replaying the {device.get('gpu', '?')} recording {plan.replay_path.name} "
                f"({replay.n_ok} measured genomes of {template.name} at "
                f"{'x'.join(map(str, problem.values()))}); nothing is measured")
        if replay.template_hash and replay.template_hash != template.hash:
            note += f" [recorded with template hash {replay.template_hash}, current {template.hash}]"
    else:
        from evo_kernels.build import NvccBuilder
        from evo_kernels.evaluate import GpuEvaluator
        from evo_kernels.runners.gpu import GpuRunner

        runner = GpuRunner(seed=cfg.seed)
        evaluator = GpuEvaluator(template, runner, NvccBuilder(), store, problem, weights, limits, run_id)
        device = evaluator.device
        note = f"tuning {template.name} at {problem} on {device.get('gpu_name', 'the GPU')}"
    return Session(cfg, template, problem, plan.space, evaluator, note, plan.run_dir, run_id, store, device,
                   replay is not None)


def make_loop(s: Session, stream: TextIO):
    from evo_kernels.search import SearchLoop
    from evo_kernels.strategies import make_strategy

    kw: dict[str, Any] = {"seeds": s.cfg.starts}
    if s.cfg.strategy == "pbt" and s.cfg.init_population:
        kw["init_population"] = s.cfg.init_population
    strategy = make_strategy(s.cfg.strategy, s.space, s.template.name, s.problem, s.cfg.seed, **kw)
    return SearchLoop(strategy, s.evaluator, s.cfg.budget, batch_size=s.cfg.batch_size)


def run_session(s: Session, stream: TextIO = sys.stdout, live: bool = True) -> dict[str, Any]:
    """Run (or resume) the search of a prepared session; returns a summary with the best rows."""
    from evo_kernels.checkpoint import load_latest, save_population
    from evo_kernels.leaderboard import LiveLeaderboard, row_from_evaluation

    loop = make_loop(s, stream)
    ckpt = load_latest(s.run_dir) if s.run_dir.exists() else None
    resumed = 0
    if ckpt is not None:
        loop.strategy.load_state_dict(ckpt["state"]["strategy"])
        loop.load_state_dict(ckpt["state"]["loop"])
        resumed = loop.spent
    nbytes, flops = s.template.cost(s.problem)
    board = LiveLeaderboard(s.cfg.budget, nbytes, flops, stream=stream,
                            note=s.note + (f"; resumed at {resumed} evaluations" if resumed else ""),
                            compile_jobs=os.cpu_count() or 1, replay=s.replayed)
    for ev in loop.history:
        board.rows.append(row_from_evaluation(ev, nbytes, flops))
    board.rows.sort(key=lambda r: -r["fitness"])
    del board.rows[board.top:]
    meta = {"identity": json.loads(json.dumps(s.cfg.identity(), default=str)), "run_id": s.run_id,
            "template": s.template.name, "template_hash": s.template.hash, "problem": s.problem,
            "device": s.device, "replay": s.replayed}
    deadline = time.monotonic() + s.cfg.time_limit_s if s.cfg.time_limit_s else None
    members = getattr(loop.strategy, "member_of", None)
    s.evaluator.member_of = members

    def on_eval(ev: Evaluation, spent: int) -> None:
        m = members(ev.candidate.key) if callable(members) else None
        board.update(ev, spent, m, loop.generation)

    def checkpoint(lp) -> None:
        save_population(s.run_dir, lp.generation, {"strategy": lp.strategy.state_dict(), "loop": lp.state_dict()},
                        meta, keep=3)

    loop.on_evaluation = on_eval
    loop.checkpoint = checkpoint
    with board if live else _Null():
        loop.run(deadline)
    best = loop.best()
    return {"spent": loop.spent, "resumed_from": resumed, "run_id": s.run_id, "run_dir": str(s.run_dir),
            "best": board.rows[:1], "best_genome": best.candidate.genome if best else None,
            "best_fitness": best.fitness if best else 0.0, "replay": s.replayed}


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
        s.store.close()
