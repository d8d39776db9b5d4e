"""A tuning session checked before anything is opened or written: :func:`validate` judges the
settings, template, size, start genomes, database and checkpoint of a :class:`TuneConfig` and
returns a :class:`Plan`, or raises a TuneError naming the file or value at fault, without touching
the GPU; :func:`restrict` narrows a space by the session's pins and forbids.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from evo_kernels import settings
from evo_kernels.genome import Gene, GenomeSpace, InvalidGenome
from evo_kernels.records import Genome
from evo_kernels.runners.choose import BackendError, replay_source
from evo_kernels.template import KernelTemplate, TemplateError, load_template, size_text
from evo_kernels.tune_config import TuneConfig, TuneError, default_run_dir


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
        raise TuneError(f"{where}: {space.unknown(unknown)}")
    valid = None if space.valid is None else [g for g in space.valid if all(g[x.name] in x.values for x in genes)]
    return GenomeSpace(genes, constraint=lambda g: space.violations(g), name=space.name, valid=valid,
                       origin=space.origin)


def not_of(replay: Any, template: KernelTemplate) -> str | None:
    """Why a loaded replay (a ReplaySpace) is not a recording of ``template``, or None where it is: a
    recording names its template; a Kernel Tuner cache must have the template's genes as its parameters
    and its dimensions as its size (the evaluations are stored, exported and costed as the template's)."""
    if replay.kind == "recording" and replay.template != template.name:
        return f"a recording of template {replay.template}, not of {template.name}"
    if replay.kind != "recording" and set(replay.space.names) != set(template.space.names):
        return (f"a Kernel Tuner cache of {replay.template}, whose parameters are not the genes of {template.name}: "
                f"not a recording of {template.name} (bench-search --space replays any cache)")
    if set(replay.problem) != set(template.problem):
        return (f"recorded at {size_text(replay.problem) if replay.problem else 'no size'}, not in the dimensions "
                f"of {template.name} ({', '.join(template.problem)})")
    return None


def recorded_only(recorded: GenomeSpace, space: GenomeSpace, pins: dict[str, Any], forbids: dict[str, list[Any]],
                  where: str) -> None:
    """A TuneError where a pin asks for (or the forbids leave only) values of a gene that the template has but
    a recording does not hold: the recording fixed that gene (or recorded a few of its values), which
    :func:`restrict` would report as the gene's whole domain."""
    for name in sorted(set(pins) | set(forbids)):
        if name not in recorded.names or name not in space.names:
            continue  # an unknown gene: restrict names it
        rg, tg = recorded.gene(name), space.gene(name)
        if len(rg.values) == len(tg.values):
            continue
        held = (f"pins it to {rg.values[0]!r}" if len(rg.values) == 1 else
                f"holds only {', '.join(map(repr, rg.values))}")
        why = (f"the recording {held} (the template's domain: {', '.join(map(repr, tg.values))}); on a GPU machine "
               "every value can be tuned")
        if name in pins:
            try:
                tg.coerce(pins[name])
            except InvalidGenome:   # not a value of the gene at all: what the recording holds is beside the point
                raise TuneError(f"{where}: pin {name}={pins[name]}: not in the template's domain "
                                f"({', '.join(map(repr, tg.values))})") from None
            try:
                rg.coerce(pins[name])
            except InvalidGenome:
                raise TuneError(f"{where}: pin {name}={pins[name]}: {why}") from None
        if name in forbids:
            left = [v for v in rg.values if all(_is_not(rg, v, f) for f in forbids[name])]
            if not left:
                raise TuneError(f"{where}: forbid {name}={','.join(map(str, forbids[name]))} forbids every value "
                                f"recorded: {why}")


def _is_not(gene: Gene, value: Any, text: Any) -> bool:
    try:
        return gene.coerce(text) != value
    except InvalidGenome:
        return True


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
    init_population: Any = None  # a WarmStart (checkpoint.warm_start): the population PBT starts from, if any
    seeds: list[Genome] = field(default_factory=list)  # where the search starts: :func:`start_genomes`


def start_genomes(space: GenomeSpace, starts: list[Genome], designs: list[Genome]) -> list[Genome]:
    """The genomes a search starts from, in order: the user's starts (already valid), then the
    template's designs that ``space`` (the template's, narrowed by pins, forbids and constraints)
    allows and that are not already there. A design a pin excludes is left out silently: designs
    are suggestions, a pin is the user's decision."""
    out = [dict(g) for g in starts]
    for d in designs:
        if d in out:
            continue
        try:
            space.check(d)
        except InvalidGenome:
            continue
        out.append(dict(d))
    return out


def validate(cfg: TuneConfig, where: str = "tune",
             run_dir_of: Callable[[TuneConfig, dict[str, int]], Path] = default_run_dir,
             by_key: bool = False) -> Plan:
    """Check a session's inputs (settings, template, size, genomes, database, checkpoint) without
    writing anything or touching the GPU; the first problem is a TuneError naming its file.
    ``run_dir_of`` names the checkpoint folder from the problem, where --population does not;
    ``by_key`` names settings by their batch-file keys rather than their flags."""
    from evo_kernels.checkpoint import COLD, CheckpointError, load_latest
    from evo_kernels.store_file import StoreError, check_writable, has_run, inspect_file

    try:
        settings.check_fields(asdict(cfg), where, by_key)
        if cfg.strategy != "pbt" and cfg.init_population not in (None, COLD):  # ga and random start from none
            flag, strategy = ("init_population", "strategy") if by_key else ("--init-population", "--strategy")
            raise settings.SettingError(f"{where}: {flag} {cfg.init_population}: {strategy} {cfg.strategy} starts "
                                        f"from no population; it is for {strategy} pbt")
        template = load_template(cfg.template)
        asked = (None if cfg.problem is None else
                 settings.check_problem(cfg.problem, template.problem, where, "size" if by_key else "--size"))
        if asked is not None:
            template.args(asked)  # a size the kernel's argument types cannot hold fails here, not in every genome
    except settings.SettingError as exc:
        raise TuneError(str(exc)) from exc
    except TemplateError as exc:
        raise TuneError(f"{where}: {exc}") from exc
    try:
        cfg.backend().validate()
        replay_path = replay_source(cfg.backend(), template.name)
    except BackendError as exc:
        raise TuneError(f"{where}: {exc}") from exc
    replay = None
    if replay_path is not None:
        from evo_kernels.runners.replay import ReplayError, load_space

        # the replay named as the user gave it (a flag, or a batch file's key), or as the shipped recording
        given = f"{'replay' if by_key else '--replay'} " if cfg.replay else ""
        try:
            replay = load_space(replay_path)
        except ReplayError as exc:   # its message starts with the file
            raise TuneError(f"{where}: {given}{exc}") from exc
        foreign = not_of(replay, template)
        if foreign:
            raise TuneError(f"{where}: {given}{replay_path}: {foreign}")
        problem = dict(replay.problem)
        if asked is not None and asked != problem:
            raise TuneError(f"{where}: {'size' if by_key else '--size'} {size_text(asked)}: "
                            f"{given}{replay_path} was recorded at {size_text(problem)}, not at this size; "
                            "on a GPU machine any size can be tuned")
        base_space = replay.space
        recorded_only(replay.space, template.space, cfg.pins, cfg.forbids, f"{where}: {given}{replay_path}")
    else:
        problem = asked or dict(template.problem)
        base_space = template.space
    space = restrict(base_space, cfg.pins, cfg.forbids, where)
    starts = []
    for g in cfg.starts:
        try:
            starts.append(space.check(space.coerce(g)))
        except InvalidGenome as exc:
            raise TuneError(f"{where}: start genome {json.dumps(g)}: {exc}") from exc
    # a replay reproduces a recorded search and its recording holds few of the designs: it starts cold
    seeds = start_genomes(space, starts, template.designs_for(problem) if cfg.designs and replay is None else [])
    run_dir = Path(cfg.population) if cfg.population else run_dir_of(cfg, problem)
    if run_dir.exists() and not run_dir.is_dir():
        raise TuneError(f"{run_dir}: checkpoint folder is a file")
    try:
        ckpt = load_latest(run_dir) if run_dir.exists() else None
    except CheckpointError as exc:
        raise TuneError(str(exc)) from exc
    db = Path(cfg.db)
    if db.exists():
        try:
            inspect_file(db)
        except StoreError as exc:
            raise TuneError(str(exc)) from exc
    try:
        check_writable(db)
    except StoreError as exc:
        raise TuneError(str(exc)) from exc
    if ckpt is not None:
        old = ckpt["meta"].get("identity")
        if old is not None and old != json.loads(json.dumps(cfg.identity(), default=str)):
            raise TuneError(f"{run_dir}: holds a checkpoint of a different session ({old}); "
                            "use another --population folder")
        changed = template.changed_since(ckpt["meta"].get("template_hash"))
        if changed:   # its genomes and search state are of the template as it was
            raise TuneError(f"{run_dir}: a checkpoint of {template.name} {changed} (the template changed since the "
                            "run started): it cannot resume; start afresh with another --population folder (its "
                            "evaluations stay in the database)")
        run_id = ckpt["meta"].get("run_id", "?")
        try:
            known = has_run(db, run_id)
        except StoreError as exc:
            raise TuneError(str(exc)) from exc
        if not known:
            raise TuneError(f"{run_dir}: a checkpoint of run {run_id}, which is not in {db}; resume it with the "
                            "--db it ran with, or start afresh with another --population folder")
    init = None
    if cfg.strategy == "pbt":
        from evo_kernels.checkpoint import warm_start

        if cfg.init_population not in (None, COLD) and not Path(cfg.init_population).is_dir():
            raise TuneError(f"{cfg.init_population}: --init-population is not a folder (or '{COLD}' for a cold start)")
        try:
            init = warm_start(cfg.init_population, space, replay)
        except CheckpointError as exc:
            raise TuneError(str(exc)) from exc
    return Plan(cfg, template, problem, space, replay, replay_path, run_dir, ckpt, init, seeds)
