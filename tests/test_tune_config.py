"""A tuning session's settings (evo_kernels/tune_config.py): what a resumed run must share with the run it
resumes, where its checkpoints go, and which backend its flags ask for."""
from pathlib import Path

from evo_kernels.runners.choose import Backend
from evo_kernels.tune_config import TuneConfig, default_run_dir, run_name


def test_a_resume_must_share_the_search_not_where_it_is_measured_or_how_long():
    a = TuneConfig("sgemm", {"M": 64, "N": 8192, "K": 8192}, seed=3, pins={"UnrollLoop": 4})
    b = TuneConfig("sgemm", {"M": 64, "N": 8192, "K": 8192}, seed=3, pins={"UnrollLoop": 4}, budget=999,
                   time_limit_s=60.0, gpus=(1,), scheduler="tcp://h:1", db="other.db", population="p", replay="r")
    assert a.identity() == b.identity()                   # more budget, another pool or database: the same run
    for change in ({"seed": 4}, {"strategy": "ga"}, {"objective": "p95"}, {"pins": {}}, {"batch_size": 1},
                   {"max_registers": 128}, {"starts": [{"UnrollLoop": 1}]}, {"spill_weight": 0.5}):
        assert TuneConfig("sgemm", a.problem, **{"seed": 3, "pins": {"UnrollLoop": 4}, **change}).identity() \
            != a.identity(), change
    # asking ahead and starting cold joined the identity later: a run from before either still resumes
    assert "ahead" not in a.identity() and "designs" not in a.identity()
    assert TuneConfig("sgemm", ahead=1).identity()["ahead"] == 1
    assert TuneConfig("sgemm", designs=False).identity()["designs"] is False


def test_checkpoints_go_beside_the_database_named_after_the_run():
    cfg = TuneConfig("templates/sgemm.cu.mako", db="runs/night.db", strategy="ga", seed=7)
    problem = {"M": 131, "N": 705, "K": 1522}
    assert run_name(cfg, problem) == "sgemm-131x705x1522-ga-s7"
    assert default_run_dir(cfg, problem) == Path("runs/night.db.runs/sgemm-131x705x1522-ga-s7")


def test_the_backend_is_what_the_flags_ask():
    cfg = TuneConfig("sgemm", replay="rec.json.gz", gpus=(0, 2), dask_local=2, seed=5)
    assert cfg.backend() == Backend(replay="rec.json.gz", gpus=(0, 2), dask_local=2, seed=5)
