"""Where a tuning session starts (tune_plan.start_genomes and the plan's seeds)."""
from pathlib import Path

from evo_kernels.template import load_template
from evo_kernels.tune_config import TuneConfig
from evo_kernels.tune_plan import restrict, start_genomes, validate


def test_starts_first_then_the_designs_a_pin_allows_without_repeats():
    t = load_template("transpose")
    designs = t.designs
    assert len(designs) >= 3
    mine = dict(designs[1])
    out = start_genomes(t.space, [mine], designs)
    assert out[0] == mine and out[1:] == [d for d in designs if d != mine]
    # a pin narrows the space: designs it excludes are left out, the others keep their order
    v = designs[0]["VectorizeLoads"]
    pinned = restrict(t.space, {"VectorizeLoads": v}, {}, "test")
    kept = start_genomes(pinned, [], designs)
    assert kept == [d for d in designs if d["VectorizeLoads"] == v] and len(kept) < len(designs)
    assert start_genomes(t.space, [mine], []) == [mine]


def test_a_replay_starts_cold_and_designs_off_enters_the_identity(tmp_path):
    cfg = TuneConfig(template="transpose", db=str(tmp_path / "r.db"), starts=[{"TileLoops": 32}])
    plan = validate(cfg)
    assert plan.replay is not None  # no GPU here: the shipped recording
    assert plan.seeds == [plan.space.check(plan.space.coerce({"TileLoops": 32}))]
    assert "designs" not in cfg.identity()
    assert TuneConfig(template="transpose", designs=False).identity()["designs"] is False


def test_a_session_at_a_size_starts_from_the_designs_of_sizes_like_it(tmp_path):
    # a scheduler's GPUs (no replay): the designs, nearest measured size first (KernelTemplate.designs_for)
    p = {"R": 785392, "C": 54}
    plan = validate(TuneConfig(template="softmax", scheduler="tcp://10.0.0.1:8786", problem=p,
                               db=str(tmp_path / "r.db")))
    t = load_template("softmax")
    assert plan.replay is None and plan.seeds == t.designs_for(p) and plan.seeds != t.designs
    assert plan.seeds[0] == t.designs[t.design_sizes.index([p])]


def test_init_population_is_refused_for_a_strategy_that_does_not_start_from_one(tmp_path):
    """ga and random start from no population: ``--init-population DIR`` with them was silently ignored (even a
    folder that does not exist); refused in one line naming the flag (the batch key in a batch), nothing written.
    ``none`` (a cold start) is what they do anyway, so it stands."""
    import pytest

    from evo_kernels.tune_config import TuneError

    shipped = str(Path(__file__).resolve().parents[1] / "populations" / "names-whole-corpus")
    for strategy in ("ga", "random"):
        for folder in (shipped, str(tmp_path / "nosuch")):
            cfg = TuneConfig(template="transpose", strategy=strategy, init_population=folder,
                             db=str(tmp_path / "r.db"))
            with pytest.raises(TuneError, match=f"^tune: --init-population {folder}: --strategy {strategy} "
                                                "starts from no population; it is for --strategy pbt$"):
                validate(cfg)
            with pytest.raises(TuneError, match=f"^job 1: init_population {folder}: strategy {strategy} starts "
                                                "from no population; it is for strategy pbt$"):
                validate(cfg, where="job 1", by_key=True)
        validate(TuneConfig(template="transpose", strategy=strategy, init_population="none",
                            db=str(tmp_path / "r.db")))
    assert list(tmp_path.iterdir()) == []
