"""The measuring commands of the command line (evo_kernels/cli_measure.py: tune; batch in tests/test_batch.py, record
in tests/test_recording.py): bad input is one line on stderr naming the file or flag, exit status 2, nothing written;
Ctrl-C ends quietly; a read-only database is refused. On the H200 recordings shipped with the package (a replay).
list and compile: tests/test_cli_templates.py; leaderboard, export and report: tests/test_cli_results.py."""
import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from evo_kernels.cli import main
from evo_kernels.cli_args import problem_size
from evo_kernels.runners.choose import RECORDINGS
from _cli_helpers import ENV, cli, one_line_error, run, run_read_only, snapshot

pytestmark = pytest.mark.skipif(not (RECORDINGS / "transpose.json.gz").exists(), reason="no shipped recording")


# --- flags ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("flags, says", [
    (["--seed", "-1"], "--seed -1: must be at least 0"),  # issue 18.1: was a numpy traceback, an empty db left
    (["--budget", "0"], "--budget 0: must be at least 1"),
    (["--batch-size", "0"], "--batch-size 0"),
    (["--max-registers", "0"], "--max-registers 0"),
    (["--ahead", "-1"], "--ahead -1"),
    (["--size", "R=0", "C=2048"], "R = 0 is no size"),  # 18.7: said only that it differs from the recording
    (["--size", "X=5"], "X is not a dimension of this template (its dimensions: R, C)"),
    (["--size", "R=2048"], "no size for C"),
    (["--size", "R=2048,C=0"], "C = 0 is no size"),  # the comma form of export --sizes is read too
    (["--size", "R=64,C=64", "R=128"], "--size: R is given twice"),
    (["--size", "R=64,C=x"], "--size 'C=x': a size is an integer"),
    (["--start", "{bad"], "--start: not valid JSON"),  # 18.9: said --genome
    (["--time", "0s"], "--time 0s: must be more than 0"),   # was "--time 0.0", not what was typed
    (["--time", "-5s"], "--time -5s: must be more than 0"),   # was argparse's "expected one argument"
    (["--time", "1h30"], "--time 1h30: expected a duration like 90s, 30m, 5min, 1h30m or 8h"),
    # the one rule a batch job's budget and time_limit_s obey too (settings.check_one_limit)
    (["--budget", "5", "--time", "1m"], "tune: --budget and --time exclude each other: a run is limited by"),
])
def test_bad_tune_flags_are_one_line_and_write_nothing(tmp_path, replay, capsys, flags, says):
    db = tmp_path / "X.db"
    budget = [] if "--time" in flags or "--budget" in flags else ["--budget", "10"]
    code, err = run(capsys, "tune", "transpose", *budget, "--db", str(db), *flags)
    one_line_error(code, err, says)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("flags, says", [
    # was "not in its domain [1]": the recording's domain, where the template's has 1 and 8
    (["--pin", "TileLoops_SplitKEdges=8"], "sgemm.json.gz: pin TileLoops_SplitKEdges=8: the recording pins it to 1 "
                                           "(the template's domain: 1, 8)"),
    (["--forbid", "TileLoops_SplitKEdges=1"], "forbid TileLoops_SplitKEdges=1 forbids every value recorded: the "
                                              "recording pins it to 1"),
    # a value of no domain at all is said as such, not as what the recording holds
    (["--pin", "TileLoops_M=7"], "sgemm.json.gz: pin TileLoops_M=7: not in the template's domain "
                                 "(16, 32, 64, 128, 256)"),
])
def test_a_pin_the_recording_cannot_serve_says_the_recording_pins_the_gene(tmp_path, replay, capsys, flags, says):
    code, err = run(capsys, "tune", "sgemm", "--budget", "4", "--db", str(tmp_path / "p.db"), *flags)
    one_line_error(code, err, says)
    assert list(tmp_path.iterdir()) == []


def test_a_size_is_read_alike_with_spaces_or_commas():
    assert problem_size(["M=1000", "N=999", "K=7"]) == {"M": 1000, "N": 999, "K": 7}
    assert problem_size(["M=1000,N=999,K=7"]) == problem_size(["M=1000,N=999", "K=7"]) == {"M": 1000, "N": 999, "K": 7}
    assert problem_size([]) is None


BAD_FLAGS = {
    "--seed": ["-1", "x", "1.5", str(2**64)], "--budget": ["0", "-3", "x"], "--batch-size": ["0", "x"],
    "--max-registers": ["0", "x"], "--max-smem": ["-1", "x"], "--ahead": ["-1", "x"], "--dask-local": ["-1", "x"],
    "--time": ["0s", "-5m", "x", "", "5y"], "--strategy": ["annealing", ""], "--objective": ["mean"],
    "--size": [["R=0", "C=1"], ["X=5"], ["R=a", "C=1"], ["R"], ["R=2048"], ["R=8,C=8,R=8"], ["R=8,,C"]],
    "--pin": ["Nosuch=1", "TileLoops=7", "TileLoops"], "--forbid": ["Nosuch=1", "TileLoops=7", "TileLoops"],
    "--start": ["{bad", "[]", '{"TileLoops": 7}', '{"Nosuch": 1}'], "--gpus": ["x", "-1", "0,0", ""],
    "--db": ["{tmp}", "{tmp}/garbage.db"], "--population": ["{tmp}/garbage.db"],
    "--init-population": ["{tmp}/nosuch"], "--replay": ["{tmp}/nosuch.json.gz", "{tmp}/garbage.db"],
}


def test_random_bad_values_of_every_tune_flag_are_refused_whole(tmp_path, replay, capsys):
    """A property, on a seeded random sample: any bad value of any flag of tune (with good values
    of the others) gives status 2, one line, no traceback and no new or changed file."""
    rng = random.Random(18)
    (tmp_path / "garbage.db").write_bytes(b"not a database")
    cases = [(flag, v) for flag, values in BAD_FLAGS.items() for v in values]
    for flag, value in rng.sample(cases, 40):
        values = [x.replace("{tmp}", str(tmp_path)) for x in (value if isinstance(value, list) else [value])]
        budget = [] if flag in ("--time", "--budget") else ["--budget", "8"]
        args = ["tune", "transpose", *budget, "--db", str(tmp_path / "t.db"), flag, *values]
        before = snapshot(tmp_path)
        try:
            code = main(args)
        except SystemExit as exc:  # argparse's own refusals (a value that is not an integer)
            code = exc.code
        err = capsys.readouterr().err.strip()
        assert code == 2 and "\n" not in err and "Traceback" not in err and "error: " in err, (args, err)
        assert snapshot(tmp_path) == before, args


@pytest.mark.parametrize("value", ["x", "-1"])
def test_a_bad_environment_value_stops_the_run_before_its_files_exist(tmp_path, replay, capsys, monkeypatch, value):
    # the database was created before the replay delay was read
    monkeypatch.setenv("EVO_KERNELS_REPLAY_DELAY_S", value)
    code, err = run(capsys, "tune", "transpose", "--budget", "8", "--db", str(tmp_path / "e.db"))
    one_line_error(code, err, f"$EVO_KERNELS_REPLAY_DELAY_S={value!r}")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("db_exists", [False, True])
def test_a_bad_scheduler_is_refused_before_the_db_is_touched(finished, tmp_path, replay, capsys, db_exists):
    # was: the right line, after the db was created (or a run row added to an existing one)
    pytest.importorskip("distributed")
    db = finished if db_exists else tmp_path / "s.db"
    before = snapshot(finished.parent)
    code, err = run(capsys, "tune", "transpose", "--budget", "4", "--scheduler", "nope", "--db", str(db))
    one_line_error(code, err, "Dask scheduler nope")
    assert snapshot(finished.parent) == before and list(tmp_path.iterdir()) == []


def test_nothing_feasible_is_said_in_one_line_with_status_1(tmp_path, replay, capsys):
    # 18.10: exit 0 and "best of 20 evaluations" with no genome
    code = main(["tune", "transpose", "--budget", "12", "--max-registers", "8", "--db", str(tmp_path / "r.db")])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1
    assert err[-1].startswith("evo-kernels: nothing feasible found in 12 evaluations (12 infeasible)"), err


def test_a_replay_that_runs_out_before_its_budget_says_so(tmp_path, replay, capsys):
    # was: exit 0 at 432 evaluations of a budget of 1000, without a word
    pins = ["--pin", "UseSharedMemory=true"]
    assert main(["tune", "transpose", "--budget", "1000", "--strategy", "random", *pins,
                 "--db", str(tmp_path / "r.db")]) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("evo-kernels: stopped at ") and "of the budget of 1000: the recording holds " in err[-1]
    n = int(err[-1].split()[3])
    assert n < 432 and f"the recording holds {n} genomes of this space" in err[-1], err
    assert main(["tune", "transpose", "--budget", "8", "--strategy", "random", "--db", str(tmp_path / "s.db")]) == 0
    assert "stopped at" not in capsys.readouterr().err


def test_time_limit_has_no_budget_in_the_counter_or_the_summary(tmp_path, replay, capsys):
    # 18.14: "--time 5s" printed [1/200] of a budget that does not exist; --json said "budget": 4611686018427387904
    # (the stand-in for none) and not the time limit
    assert main(["tune", "transpose", "--time", "2s", "--strategy", "random", "--db", str(tmp_path / "t.db"),
                 "--json"]) == 0
    out, err = capsys.readouterr()
    assert "/200]" not in err and "/4611686018427387904]" not in err and "new best" in err
    result = json.loads(out)
    assert result["budget"] is None and result["time_limit_s"] == 2.0 and result["spent"] > 0, result


def test_a_gpu_machine_without_pycuda_says_so_when_it_replays_or_refuses_to_record(tmp_path, gpu_without_pycuda,
                                                                                    capsys):
    # was "no GPU here: replaying ..." and "no GPU visible here (pycuda finds none)" on a GPU set up with [test] only
    says = "a GPU is visible (nvidia-smi) but pycuda cannot be imported ("
    db = str(tmp_path / "t.db")
    assert main(["tune", "transpose", "--budget", "2", "--init-population", "none", "--db", db]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith(says) and "): pip install -e '.[gpu]' to measure; replaying the " in first, first
    code, err = run(capsys, "record", "transpose", "--sample", "2", "--db", str(tmp_path / "r.db"),
                    "--out", str(tmp_path / "r.json.gz"))
    one_line_error(code, err, "record transpose: " + says, "to measure; replay a recording instead")
    assert not (tmp_path / "r.db").exists() and not (tmp_path / "r.json.gz").exists()


def _kernel_tuner_cache(folder: Path) -> Path:
    """A two-parameter Kernel Tuner cache of another kernel (not of any template)."""
    cache = {f"{bx}": {"block_size_x": bx, "time": t, "times": [t, t]} for bx, t in ((32, 2.0), (64, 1.0))}
    path = folder / "kt.json"
    path.write_text(json.dumps({"device_name": "Fake GPU", "kernel_name": "fake_kernel", "problem_size": [100],
                                "tune_params_keys": ["block_size_x"], "tune_params": {"block_size_x": [32, 64]},
                                "cache": cache}))
    return path


@pytest.mark.parametrize("replayed, says", [
    ("stencil", "a recording of template stencil, not of transpose"),
    ("kernel_tuner", "a Kernel Tuner cache of fake_kernel, whose parameters are not the genes of transpose"),
])
@pytest.mark.parametrize("db_exists", [False, True])
def test_a_replay_of_another_kernel_is_refused_before_the_db_is_touched(finished, tmp_path, capsys, replayed, says,
                                                                         db_exists):
    # was: KeyError 'R' in transpose's cost, after the db was created (or a run row of 0 evaluations added)
    src = _kernel_tuner_cache(tmp_path) if replayed == "kernel_tuner" else RECORDINGS / f"{replayed}.json.gz"
    db = finished if db_exists else tmp_path / "X.db"
    before, here = snapshot(finished.parent), snapshot(tmp_path)
    code, err = run(capsys, "tune", "transpose", "--budget", "8", "--replay", str(src), "--db", str(db))
    one_line_error(code, err, f"tune: --replay {src}: {says}")
    assert snapshot(finished.parent) == before and snapshot(tmp_path) == here


# --- read-only databases --------------------------------------------------------------------------


def test_record_from_a_replayed_database_says_what_is_missing_in_one_line(finished, tmp_path, capsys):
    # was: a traceback ending "ValueError: write_recording: the baseline genome {...} was not evaluated ok", status 1
    code, err = run(capsys, "record", "transpose", "--from-db", "--db", str(finished), "--out", str(tmp_path / "r.gz"))
    one_line_error(code, err, f"{finished}: cannot export a recording of transpose at 2048x2048: its baseline genome",
                   "was never evaluated here; its 16 evaluations are a replay of transpose.json.gz",
                   "measure one on a GPU with `evo-kernels record transpose`")
    assert not (tmp_path / "r.gz").exists()
    code, err = run(capsys, "record", "softmax", "--from-db", "--db", str(finished), "--out", str(tmp_path / "r.gz"))
    one_line_error(code, err, f"{finished}: no evaluations of softmax")  # was a traceback too


def test_record_checks_its_out_path_before_looking_for_a_gpu(tmp_path, replay, capsys):
    # was: "record transpose: no GPU visible here (pycuda finds none)" for an --out that could never be written
    (tmp_path / "afile").write_text("")
    out = tmp_path / "afile" / "x.json.gz"
    code, err = run(capsys, "record", "transpose", "--sample", "2", "--db", str(tmp_path / "r.db"), "--out", str(out))
    one_line_error(code, err, f"--out {out}: {tmp_path / 'afile'} is a file, not a folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


def test_tune_on_a_read_only_database_is_refused_before_the_banner(finished):
    # 18.2: the banner, then a StoreError traceback mid-run, -wal and -shm files left
    before = snapshot(finished.parent)
    r = run_read_only(finished.parent, "tune", "transpose", "--budget", "24", "--strategy", "ga", "--db",
                      str(finished))
    one_line_error(r.returncode, r.stderr.strip(), str(finished), "read-only")
    assert r.stdout == "" and snapshot(finished.parent) == before


# --- Ctrl-C -----------------------------------------------------------------------------------------


def test_ctrl_c_is_one_line_saying_how_to_resume(tmp_path):
    # 18.8: a KeyboardInterrupt traceback
    db = tmp_path / "c.db"
    args = ["tune", "transpose", "--budget", "60", "--strategy", "ga", "--db", str(db)]
    # SIGINT as a terminal delivers it, whoever started the tests: a shell's background job (`cmd &`)
    # inherits SIGINT ignored, and Python then never raises KeyboardInterrupt (the run ended with 0)
    p = subprocess.Popen([sys.executable, "-m", "evo_kernels.cli", *args], stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True, env={**ENV, "EVO_KERNELS_REPLAY_DELAY_S": "0.05"},
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not any(db.parent.glob("c.db.runs/*/gen_*")):
        time.sleep(0.05)
    p.send_signal(signal.SIGINT)
    err = p.communicate(timeout=120)[1].strip()
    assert p.returncode == 130, err
    assert "Traceback" not in err and err.splitlines()[-1].startswith("evo-kernels: interrupted; run the same "
                                                                      "command again to resume"), err
    again = cli(*args, "--json")
    assert again.returncode == 0 and json.loads(again.stdout)["resumed_from"] > 0, again.stderr


@pytest.mark.parametrize("asked", [True, False])
def test_a_replay_says_why_it_replays_never_no_gpu_where_one_is_listed(tmp_path, gpu_without_pycuda, capsys, asked,
                                                                         monkeypatch):
    # was "no GPU here: replaying ..." under --replay (or EVO_KERNELS_FORCE_REPLAY) on a machine whose GPU is listed
    from evo_kernels.runners.choose import FORCE_REPLAY_ENV, RECORDINGS

    monkeypatch.setenv(FORCE_REPLAY_ENV, "1")
    extra = ["--replay", str(RECORDINGS / "transpose.json.gz")] if asked else []
    assert main(["tune", "transpose", "--budget", "2", "--init-population", "none", "--db", str(tmp_path / "t.db"),
                 *extra]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    says = "replay asked for: " if asked else f"{FORCE_REPLAY_ENV} is set: "
    assert first.startswith(says + "replaying the NVIDIA H200 recording transpose.json.gz"), first
    monkeypatch.delenv(FORCE_REPLAY_ENV)
    assert main(["tune", "transpose", "--budget", "2", "--init-population", "none", "--db", str(tmp_path / "u.db"),
                 *extra]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("replay asked for: " if asked else "a GPU is visible (nvidia-smi) but pycuda cannot"), first
    assert "no GPU here" not in first
