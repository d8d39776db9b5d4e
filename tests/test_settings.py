"""The settings table (evo_kernels/settings.py): the one check of a setting's value, and the one place its
default is written, which TuneConfig and the ``tune`` flags take."""
import dataclasses

import pytest

from evo_kernels.cli import build_parser
from evo_kernels.settings import BY_FIELD, DEFAULTS, SETTINGS, SettingError, check, check_fields
from evo_kernels.tune_config import TuneConfig


def test_tune_config_and_the_tune_flags_take_their_defaults_from_the_table():
    fields = {f.name: f.default for f in dataclasses.fields(TuneConfig)}
    assert all(fields[s.field] == s.default for s in SETTINGS), [s.field for s in SETTINGS
                                                                 if fields[s.field] != s.default]
    args = build_parser().parse_args(["tune", "sgemm"])
    for name, field in (("strategy", "strategy"), ("objective", "objective"), ("seed", "seed"),
                        ("batch_size", "batch_size"), ("db", "db"), ("ahead", "ahead"), ("dask_local", "dask_local")):
        assert getattr(args, name) == DEFAULTS[field], name
    assert args.budget is None   # unset: cmd_tune takes DEFAULTS["budget"], or unbounded with --time
    with pytest.raises(SystemExit):
        build_parser().parse_args(["tune", "sgemm", "--strategy", "nope"])


def test_every_default_passes_its_own_check():
    for s in SETTINGS:
        check(s, s.default, "defaults")


@pytest.mark.parametrize("field, value, says", [
    ("budget", 0, "--budget 0: must be at least 1"), ("strategy", "cma", "--strategy 'cma': is not one of"),
    ("seed", True, "--seed True: expected an integer, not bool"), ("spill_weight", float("nan"), "is not finite"),
    ("db", " ", "--db ' ': is empty")])
def test_a_bad_value_is_one_line_naming_its_flag(field, value, says):
    with pytest.raises(SettingError, match=None) as e:
        check_fields({field: value}, "tune")
    assert says in str(e.value) and "\n" not in str(e.value)
    assert BY_FIELD[field].flag in str(e.value)
