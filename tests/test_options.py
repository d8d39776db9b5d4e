"""The one check of a strategy's options: unknown options, wrong types and values out of range are one
line naming the strategy and the option (an unknown one with the strategy's options listed), whoever asks
(make_strategy for tune, batch and bench-search, or a strategy's constructor)."""
from dataclasses import fields

import pytest

from evo_kernels.genome import Gene, GenomeSpace
from evo_kernels.strategies import STRATEGIES, OptionError, make_strategy
from evo_kernels.strategies.pbt_config import PBT_OPTIONS, POLICY_OPTIONS, PBTConfig
from evo_kernels.strategies.policy import PolicyConfig

SPACE = GenomeSpace([Gene("x", "Generic", (0, 1, 2), 0), Gene("y", "Generic", (0, 1), 0)])


def test_every_pbt_setting_has_its_row():
    assert {f.name for f in fields(PBTConfig)} == set(PBT_OPTIONS) - {"init_population"}
    assert {f.name for f in fields(PolicyConfig)} == set(POLICY_OPTIONS)


@pytest.mark.parametrize("name, options, says", [
    # was a ZeroDivisionError in the first ask
    ("pbt", {"population_size": 0}, "strategy pbt: option population_size = 0: must be at least 1"),
    # was "'<' not supported between instances of 'str' and 'int'"
    ("pbt", {"sweep": "abc"}, "strategy pbt: option sweep = 'abc': expected an integer, not str"),
    ("pbt", {"memory": -1}, "option memory = -1: must be at least 2"),
    ("pbt", {"quantile_fraction": 0}, "option quantile_fraction = 0: must be more than 0"),
    ("pbt", {"recombine": 1.5}, "option recombine = 1.5: must be at most 1"),
    ("pbt", {"fantasies": 1}, "option fantasies = 1: expected true or false, not int"),
    ("pbt", {"perturbation_factors": [1.2]}, "option perturbation_factors = [1.2]: expected two positive numbers"),
    ("pbt", {"policy": {"hiden": 3}}, "strategy pbt: policy: unknown option hiden; its options: hidden, name_buckets"),
    # were "PBTConfig.__init__() got an unexpected keyword argument 'swep'" and the like
    ("pbt", {"swep": 5}, "strategy pbt: unknown option swep; its options: acquisition, baseline_decay, chain,"),
    ("random", {"foo": 1}, "strategy random: unknown option foo; its options: enumerate_limit, max_redraws"),
    ("ga", {"population": 3}, "strategy ga: unknown option population; its options: crossover_rate, elite,"),
    ("ga", {"population_size": 1}, "strategy ga: option population_size = 1: must be at least 2"),
    ("ga", {"elite": 6}, "strategy ga: option elite = 6: must be less than population_size (6)"),
    ("ga", {"crossover_rate": "high"}, "option crossover_rate = 'high': expected a number, not str"),
])
def test_bad_options_are_refused_in_one_line(name, options, says):
    with pytest.raises(OptionError) as exc:
        make_strategy(name, SPACE, **options)
    assert says in str(exc.value) and "\n" not in str(exc.value)
    if "unknown" not in says or name == "pbt":  # the constructor holds them to the same table (where its
        with pytest.raises(OptionError):         # signature is explicit, Python refuses unknown names first)
            STRATEGIES[name](SPACE, **options)


def test_good_options_pass():
    assert make_strategy("pbt", SPACE, population_size=1, sweep=3, prior_gate=None, perturbation_factors=[1.1, 0.9],
                         policy={"hidden": 8}).cfg.population_size == 1
    assert make_strategy("ga", SPACE, population_size=4, elite=1, mutation_rate=None).population_size == 4
    assert make_strategy("random", SPACE, max_redraws=0).max_redraws == 0
