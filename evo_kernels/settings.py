"""The one check of a tuning session's settings, whatever their source (command-line flags or a
batch file's keys), run before anything is created or written.

Each setting is a row of :data:`SETTINGS`: its :class:`~evo_kernels.tune_config.TuneConfig` field, the
flag and the batch-file key that set it, its type, its range and its default (:data:`DEFAULTS`: what
TuneConfig and the command-line flags default to). :func:`check` judges one value and
names it the way its source does (``--seed -1``, ``job 2 (sgemm): budget 20.5``), so that every
bad value becomes one line; :class:`SettingError` carries it. Pure: no file is read here.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


class SettingError(ValueError):
    """A setting of the wrong type or out of range; the message is one line naming it."""


@dataclass(frozen=True)
class Setting:
    """One setting: the TuneConfig field, its flag and batch-file key, type, least value, choices."""

    field: str
    flag: str
    key: str
    kind: type  # int, float, str or bool
    least: float | None = None  # the smallest allowed value (numbers)
    positive: bool = False  # strictly greater than ``least`` (floats)
    optional: bool = False  # None (unset) allowed
    choices: tuple[str, ...] = ()
    most: int | None = None
    default: Any = None  # TuneConfig's default (the flag's and the batch file's when unset)


SEED_MAX = 2**63 - 1  # torch's manual_seed takes at most 64 bits; numpy any non-negative integer

SETTINGS: tuple[Setting, ...] = (
    Setting("budget", "--budget", "budget", int, least=1, default=200),
    Setting("time_limit_s", "--time", "time_limit_s", float, least=0, positive=True, optional=True),
    Setting("strategy", "--strategy", "strategy", str, choices=("pbt", "ga", "random"), default="pbt"),
    Setting("objective", "--objective", "objective", str, choices=("median", "p95"), default="median"),
    Setting("max_registers", "--max-registers", "max_registers", int, least=1, optional=True),
    Setting("max_smem_bytes", "--max-smem", "max_smem_bytes", int, least=0, optional=True),
    Setting("seed", "--seed", "seed", int, least=0, most=SEED_MAX, default=0),
    Setting("batch_size", "--batch-size", "batch_size", int, least=1, default=8),
    Setting("cv_weight", "--cv-weight", "cv_weight", float, least=0, default=1.0),
    Setting("spill_weight", "--spill-weight", "spill_weight", float, least=0, default=0.05),
    Setting("ahead", "--ahead", "ahead", int, least=0, default=0),
    Setting("designs", "--no-designs", "designs", bool, default=True),
    Setting("dask_local", "--dask-local", "dask_local", int, least=0, default=0),
    Setting("db", "--db", "db", str, default="runs/evo-kernels.db"),
    Setting("population", "--population", "population", str, optional=True),
    Setting("init_population", "--init-population", "init_population", str, optional=True),
    Setting("replay", "--replay", "replay", str, optional=True),
)
BY_FIELD = {s.field: s for s in SETTINGS}
BY_KEY = {s.key: s for s in SETTINGS}
DEFAULTS: dict[str, Any] = {s.field: s.default for s in SETTINGS}   # TuneConfig's and the flags' defaults

UNBOUNDED = 2**62  # the budget of a run limited by time alone: internal, shown and stored as None (shown_budget)


def shown_budget(budget: int) -> int | None:
    """A session's budget as said to a person or written to a file: None for a run limited by time alone."""
    return None if budget >= UNBOUNDED else budget
_KIND = {int: "an integer", float: "a number", str: "a string", bool: "true or false"}


def _is(value: Any, kind: type) -> bool:
    if kind is bool or isinstance(value, bool):  # True is an int to Python, never to a user
        return kind is bool and isinstance(value, bool)
    if kind is float:
        return isinstance(value, (int, float))
    return isinstance(value, kind)


def problem_of(setting: Setting, value: Any) -> str | None:
    """What is wrong with ``value`` for ``setting``, or None where it is good."""
    if value is None:
        return None if setting.optional else "must be set"
    if not _is(value, setting.kind):
        return f"expected {_KIND[setting.kind]}, not {type(value).__name__}"
    if setting.choices and value not in setting.choices:
        return f"is not one of {', '.join(setting.choices)}"
    if setting.kind is str and not value.strip():
        return "is empty"
    if setting.kind in (int, float):
        return bounds_problem(value, setting.least, setting.positive, setting.most)
    return None


def bounds_problem(value: float, least: float | None, positive: bool, most: float | None) -> str | None:
    """What is wrong with the number ``value`` for the range [least, most] (``positive``: more than ``least``),
    or None; shared by the tuning settings here and the strategies' options (strategies/options.py)."""
    if isinstance(value, float) and not math.isfinite(value):
        return "is not finite"
    if least is not None and (value <= least if positive else value < least):
        return f"must be {'more than' if positive else 'at least'} {least:g}"
    if most is not None and value > most:
        return f"must be at most {most:g}" if isinstance(most, float) else f"must be at most {most}"
    return None


def check(setting: Setting, value: Any, where: str, by_key: bool = False) -> None:
    """Raise SettingError naming the setting (its flag, or its batch-file key) where ``value`` is bad."""
    bad = problem_of(setting, value)
    if bad:
        raise SettingError(f"{where}: {setting.key if by_key else setting.flag} {value!r}: {bad}")


def check_fields(values: Mapping[str, Any], where: str, by_key: bool = False) -> None:
    """Check every TuneConfig field of ``values`` that :data:`SETTINGS` knows, named by its flag
    (or by its batch-file key)."""
    for name, value in values.items():
        if name in BY_FIELD:
            check(BY_FIELD[name], value, where, by_key)


def check_one_limit(budget: Any, time_limit_s: Any, where: str, by_key: bool = False) -> None:
    """A session is limited by a budget of evaluations or by time, never both: a SettingError naming both
    (``--budget`` and ``--time``, or the batch-file keys) where both are given (None: not given)."""
    if budget is not None and time_limit_s is not None:
        names = ("budget", "time_limit_s") if by_key else ("--budget", "--time")
        raise SettingError(f"{where}: {names[0]} and {names[1]} exclude each other: a run is limited by "
                           "evaluations or by time; give one")


def check_problem(problem: Any, dims: Mapping[str, int], where: str, name: str = "--size") -> dict[str, int]:
    """A problem size as the template's dimensions: every dimension named, each a positive integer."""
    if not isinstance(problem, Mapping):
        raise SettingError(f"{where}: {name} {problem!r}: expected a table of sizes like "
                           f"{{{', '.join(f'{k} = {v}' for k, v in dims.items())}}}")
    unknown = [k for k in problem if k not in dims]
    if unknown:
        raise SettingError(f"{where}: {name}: {', '.join(map(str, unknown))} is not a dimension of this template "
                           f"(its dimensions: {', '.join(dims)})")
    missing = [k for k in dims if k not in problem]
    if missing:
        raise SettingError(f"{where}: {name}: no size for {', '.join(missing)} (the template's dimensions: "
                           f"{', '.join(dims)})")
    for k, v in problem.items():
        if not _is(v, int):
            raise SettingError(f"{where}: {name}: {k} = {v!r} is not an integer")
        if v < 1:
            raise SettingError(f"{where}: {name}: {k} = {v} is no size (sizes are 1 or more)")
    return {k: int(problem[k]) for k in dims}


def _scalar(v: Any) -> bool:
    return isinstance(v, (bool, int, float, str))


def check_job_value(key: str, value: Any, where: str) -> None:
    """Check one key of a batch file's job (or of its defaults) for type and range."""
    if key in BY_KEY:
        check(BY_KEY[key], value, where, by_key=True)
    elif key == "template":
        if not isinstance(value, str) or not value.strip():
            raise SettingError(f"{where}: template {value!r}: expected a template's name or path (a string)")
    elif key in ("out",):
        if not isinstance(value, str) or not value.strip():
            raise SettingError(f"{where}: out {value!r}: expected a folder (a string)")
    elif key == "pin":
        if not isinstance(value, Mapping) or not all(_scalar(v) for v in value.values()):
            raise SettingError(f"{where}: pin {value!r}: expected a table of gene = value, "
                               "like pin = {UseSharedMemory = true}")
    elif key == "forbid":
        ok = isinstance(value, Mapping) and all(
            _scalar(v) or (isinstance(v, list) and all(_scalar(x) for x in v)) for v in value.values())
        if not ok:
            raise SettingError(f"{where}: forbid {value!r}: expected a table of gene = [values], "
                               "like forbid = {UnrollLoop = [1, 4]}")
    elif key == "start":
        if not isinstance(value, list) or not all(isinstance(g, Mapping) for g in value):
            raise SettingError(f"{where}: start {value!r}: expected a list of genome tables, "
                               "like start = [{TileLoops_M = 64}]")
    elif key == "sizes":
        if not isinstance(value, list) or not value or not all(isinstance(s, Mapping) for s in value):
            raise SettingError(f"{where}: sizes {value!r}: expected a list of size tables, "
                               "like sizes = [{M = 4096, N = 4096, K = 4096}]")
    elif key == "size":
        if not isinstance(value, Mapping):
            raise SettingError(f"{where}: size {value!r}: expected a table of sizes, like size = {{M = 4096}}")
