"""Batch files: every bad key or value is one line naming the file, the job and the key, with exit
status 2 and nothing written (a seeded random search over bad values of every field); entries are
named after the size they tune. On the H200 recordings shipped with the package (a replay)."""
import json
import random
import shutil
import sqlite3
from pathlib import Path

import pytest
from _cli_helpers import LockHolder

from evo_kernels.batch import JOB_KEYS, TOP_KEYS
from evo_kernels.cli import main
from evo_kernels.runners.choose import RECORDINGS
from evo_kernels.settings import BY_KEY

pytestmark = pytest.mark.skipif(not (RECORDINGS / "transpose.json.gz").exists(), reason="no shipped recording")


@pytest.fixture(autouse=True)
def replay(monkeypatch):
    monkeypatch.setenv("EVO_KERNELS_FORCE_REPLAY", "1")


def toml(value) -> str:
    """A value as a TOML literal (inline tables for dicts)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml(v) for v in value) + "]"
    return "{" + ", ".join(f"{k} = {toml(v)}" for k, v in value.items()) + "}"


def jobs_file(folder: Path, job: dict, top: dict | None = None) -> Path:
    top = {"out": str(folder / "out"), "budget": 8, **(top or {})}
    lines = [f"{k} = {toml(v)}" for k, v in top.items()] + ["", "[[job]]"]
    lines += [f"{k} = {toml(v)}" for k, v in ({"template": "transpose"} | job).items()]
    path = folder / "jobs.toml"
    path.write_text("\n".join(lines) + "\n")
    return path


def expect_refused(capsys, path: Path, *says: str) -> str:
    before = sorted(p.name for p in path.parent.rglob("*"))
    code = main(["batch", str(path)])
    err = capsys.readouterr().err.strip()
    assert code == 2, err
    assert err.startswith(f"evo-kernels: error: {path}") and "\n" not in err and "Traceback" not in err, err
    for s in says:
        assert s in err, (s, err)
    assert sorted(p.name for p in path.parent.rglob("*")) == before, "something was written"
    return err


# The values of issue 18.5 (each was a traceback with status 1, some after the database and the
# checkpoints were written), and 18.6 (an unknown template named neither the file nor the job).
@pytest.mark.parametrize("job, top, says", [
    ({"budget": "twenty"}, {}, "job 1 (transpose): budget 'twenty': expected an integer"),
    ({"budget": 20.5}, {}, "job 1 (transpose): budget 20.5: expected an integer, not float"),
    ({"sizes": {"R": 2048, "C": 2048}}, {}, "job 1 (transpose): sizes"),
    ({}, {"out": 5}, "out 5: expected a folder"),
    ({"template": ["transpose"]}, {}, "job 1: template ['transpose']"),
    ({"pin": "UseSharedMemory=True"}, {}, "job 1 (transpose): pin 'UseSharedMemory=True'"),
    ({"strategy": "annealing"}, {}, "job 1 (transpose): strategy 'annealing': is not one of pbt, ga, random"),
    ({"template": "nosuch"}, {}, "job 1 (nosuch): unknown template 'nosuch'"),
    ({"sizes": [{"R": 0, "C": 2048}]}, {}, "job 1 (transpose): size: R = 0 is no size"),
    ({"size": {"X": 5}}, {}, "job 1 (transpose): size: X is not a dimension of this template"),
    ({"seed": -1}, {}, "job 1 (transpose): seed -1: must be at least 0"),
    ({"designs": "no"}, {}, "job 1 (transpose): designs 'no': expected true or false, not str"),
    # were accepted (tune refuses --budget with --time): the one rule of settings.check_one_limit
    ({"budget": 8, "time_limit_s": 60}, {}, "job 1 (transpose): budget and time_limit_s exclude each other"),
    ({}, {"time_limit_s": 60}, "jobs.toml: budget and time_limit_s exclude each other"),
    # were reported naming only the recording: the file, the job and the key are named
    ({}, {"replay": "nosuch.json.gz"}, "job 1 (transpose): replay {tmp}/nosuch.json.gz: cannot read as (gzip) JSON"),
    ({"size": {"R": 64, "C": 64}}, {}, "job 1 (transpose): size R=64, C=64: "),
])
def test_bad_values_name_the_file_the_job_and_the_key(tmp_path, capsys, job, top, says):
    expect_refused(capsys, jobs_file(tmp_path, job, top), says.replace("{tmp}", str(tmp_path)))


def test_a_jobs_own_budget_or_time_limit_replaces_the_top_levels_other_one(tmp_path):
    """A job's own keys win: its time_limit_s under a top-level budget is a run limited by time alone (as the
    docs/batch.md example says), its budget under a top-level time_limit_s one limited by evaluations alone."""
    from evo_kernels.batch import configs, load_jobs
    from evo_kernels.settings import UNBOUNDED

    for top, job, want in [("budget = 200", {"time_limit_s": 600}, (UNBOUNDED, 600)),
                           ("time_limit_s = 600", {"budget": 30}, (30, None))]:
        path = jobs_file(tmp_path, job)
        path.write_text(path.read_text().replace("budget = 8", top))
        (cfg, _), = configs(path, *load_jobs(path))
        assert (cfg.budget, cfg.time_limit_s) == want


def test_a_replay_of_another_template_is_refused_before_anything_runs(tmp_path, capsys):
    # was: KeyError 'R' in transpose's cost, with the database created
    src = RECORDINGS / "stencil.json.gz"
    expect_refused(capsys, jobs_file(tmp_path, {}, {"replay": str(src)}),
                   f"job 1 (transpose): replay {src}: a recording of template stencil, not of transpose")


@pytest.mark.parametrize("blocked", ["out", "out/headers"])
def test_an_out_folder_that_is_a_file_is_refused_before_anything_runs(tmp_path, capsys, blocked):
    # was: the jobs ran, the database was written, then NotADirectoryError at the headers
    (tmp_path / blocked).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / blocked).write_text("a file")
    expect_refused(capsys, jobs_file(tmp_path, {}),
                   f"out {tmp_path / 'out'}: {tmp_path / blocked} is a file, not a folder")


def bad_values(key: str) -> list:
    """Values of the wrong type or out of range for one batch-file key."""
    common = [[1, 2], {"a": 1}]
    if key in BY_KEY:
        s = BY_KEY[key]
        if s.kind is str:
            return common + [5, True, ""] + (["nosuch"] if s.choices else [])
        if s.kind is bool:
            return common + ["x", "true", 1, 0]
        out = common + ["x", True]
        if s.kind is int:
            out.append(1.5)
        if s.least is not None:
            out.append(s.least - 1 if s.kind is int else -0.5)
        if s.positive:
            out.append(0)
        return out
    return {
        "template": [5, [], {"a": 1}, "nosuch", ""],
        "out": [5, [], ""],
        "sizes": [5, "x", [5], [], [{"R": 0, "C": 1}], [{"X": 1}], {"R": 1, "C": 1}, [{"R": "a", "C": 1}]],
        "size": [5, [1], {"R": -1, "C": 5}, {"R": 2048}, {"R": 1.5, "C": 5}],
        "pin": ["x", [1], {"Nosuch": 1}, {"TileLoops": 7}, {"TileLoops": [1]}, {"TileLoops": {"a": 1}}],
        "forbid": ["x", {"TileLoops": {"a": 1}}, {"Nosuch": [1]}, {"TileLoops": [7]}],
        "start": ["x", [5], [{"TileLoops": 7}], [{"Nosuch": 1}], {"TileLoops": 16}],
    }[key]


def test_random_bad_values_of_every_key_are_refused_whole(tmp_path, capsys):
    """A property, checked on a seeded random sample: any bad value of any key, at the top or in a
    job, gives status 2, one line naming the file, no traceback and no new or changed file."""
    rng = random.Random(18)
    keys = sorted(JOB_KEYS | (TOP_KEYS - {"job"}))
    cases = [(k, v) for k in keys for v in bad_values(k)]
    assert {k for k, _ in cases} == set(keys)  # every key is tried
    for i, (key, value) in enumerate(rng.sample(cases, 50)):
        folder = tmp_path / str(i)
        folder.mkdir()
        top_level = key in TOP_KEYS and key not in JOB_KEYS or (key in TOP_KEYS and rng.random() < 0.5)
        path = jobs_file(folder, {} if top_level else {key: value}, {key: value} if top_level else {})
        expect_refused(capsys, path)


def test_entries_are_named_after_the_size_they_tune(tmp_path, capsys):
    # 18.13: in a replay, folders were named after the template's default size (16384x16384)
    path = jobs_file(tmp_path, {"strategy": "random"})
    assert main(["batch", str(path)]) == 0, capsys.readouterr().err
    assert [p.name for p in (tmp_path / "out" / "populations").iterdir()] == ["transpose-2048x2048-random-s0-replay"]


def test_a_second_copy_of_a_batch_is_refused_at_the_entry_the_first_is_running(tmp_path, capsys):
    # was: both copies evaluated every entry, rows doubled in the database. A copy that meets an entry another
    # process is running stops there (status 2, one line); the entries before it, done, are skipped, not redone.
    path = jobs_file(tmp_path, {"strategy": "random"})
    entry = tmp_path / "out" / "populations" / "transpose-2048x2048-random-s0-replay"
    holder = LockHolder(entry)
    try:
        err = expect_refused(capsys, path, f"run {entry.name} is being run by pid {holder.pid} (lock {entry}/run.lock)")
    finally:
        holder.kill()
    assert err.startswith(f"evo-kernels: error: {path}: job 1 (transpose): run "), err
    assert main(["batch", str(path)]) == 0, capsys.readouterr().err


def test_relative_paths_in_a_batch_file_are_read_against_its_folder(tmp_path, capsys, monkeypatch):
    # was: against the folder the batch was started in (a file run from elsewhere wrote there, or found no recording)
    sub = tmp_path / "sub"
    sub.mkdir()
    shutil.copy(RECORDINGS / "transpose.json.gz", sub / "rec.json.gz")
    (sub / "jobs.toml").write_text('out = "night"\ndb = "data/r.db"\nreplay = "rec.json.gz"\nbudget = 8\n'
                                   'strategy = "random"\n\n[[job]]\ntemplate = "transpose"\n')
    monkeypatch.chdir(tmp_path)
    assert main(["batch", "sub/jobs.toml"]) == 0, capsys.readouterr().err
    assert (sub / "data" / "r.db").exists() and (sub / "night" / "report" / "REPORT.md").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sub"]


def test_a_finished_entry_whose_budget_was_raised_continues_to_it(tmp_path, capsys):
    # was: "done earlier on this GPU, driver and nvcc, skipped", done.json still saying "spent": 8
    entry = tmp_path / "out" / "populations" / "transpose-2048x2048-random-s0-replay"
    assert main(["batch", str(jobs_file(tmp_path, {"strategy": "random"}))]) == 0, capsys.readouterr().err
    capsys.readouterr()
    path = jobs_file(tmp_path, {"strategy": "random"}, {"budget": 12})
    assert main(["batch", str(path)]) == 0, capsys.readouterr().err
    assert f"{entry.name}: done at 8 of 12; continuing" in capsys.readouterr().out
    assert json.loads((entry / "done.json").read_text())["spent"] == 12
    with sqlite3.connect(tmp_path / "out" / "results.db") as c:
        keys = [k for (k,) in c.execute("SELECT genome_key FROM evaluations")]
    assert len(keys) == len(set(keys)) == 12
    assert main(["batch", str(path)]) == 0
    assert f"{entry.name}: done earlier on this GPU, driver and nvcc, skipped" in capsys.readouterr().out


def test_an_entry_limited_by_time_records_no_budget_and_its_time_limit(tmp_path, capsys):
    # was: done.json said "budget": 4611686018427387904, the stand-in for no budget
    entry = tmp_path / "out" / "populations" / "transpose-2048x2048-random-s0-replay"
    path = jobs_file(tmp_path, {"strategy": "random", "time_limit_s": 0.2})
    assert main(["batch", str(path)]) == 0, capsys.readouterr().err
    done = json.loads((entry / "done.json").read_text())
    assert done["budget"] is None and done["time_limit_s"] == 0.2 and done["spent"] > 0, done
    capsys.readouterr()
    path = jobs_file(tmp_path, {"strategy": "random"}, {"budget": 12})   # read back: done, as before, not a crash
    assert main(["batch", str(path)]) == 0, capsys.readouterr().err
    assert f"{entry.name}: done earlier on this GPU, driver and nvcc, skipped" in capsys.readouterr().out


def test_the_batch_report_has_its_why_it_is_fast_section(tmp_path, capsys):
    # was: measured, then dropped (keyed by the leaderboard's "2048^2", looked up by the report's "2048x2048")
    path = jobs_file(tmp_path, {"strategy": "random"})
    assert main(["batch", str(path)]) == 0, capsys.readouterr().err
    text = (tmp_path / "out" / "report" / "REPORT.md").read_text()
    assert "## transpose 2048x2048" in text and "### Why it is fast" in text, text
    assert "the ablation needs a GPU" in text  # here the shipped recording holds none of the reverted genomes


def test_the_closing_leaderboard_leaves_out_infeasible_genomes_and_says_how_many(tmp_path, capsys):
    path = jobs_file(tmp_path, {"strategy": "random", "max_registers": 8})
    main(["batch", str(path)])
    out = capsys.readouterr()
    assert "(8 evaluation(s) passed but broke a limit of their run: not listed)" in out.out + out.err, out


_BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "batches"


@pytest.mark.parametrize("path", sorted([*_BENCH.glob("batch_*.toml"), *_BENCH.glob("fresh_*.toml")]),
                         ids=lambda p: p.name)
def test_the_benchmark_batch_files_hold_only_good_settings(path: Path) -> None:
    """The batch files the GPU sessions run (benchmarks/batches/*.toml) load, every setting of every job passes the
    one check (settings.check_fields) and every size is one its template takes, so that a device call is not spent
    on a typo; where they could run on this machine they are not run (their sizes are not recorded)."""
    from evo_kernels.batch import configs, load_jobs
    from evo_kernels.settings import check_fields, check_problem
    from evo_kernels.template import load_template

    defaults, jobs = load_jobs(path)
    cfgs = configs(path, defaults, jobs)
    assert cfgs
    for cfg, label in cfgs:
        check_fields({k: getattr(cfg, k) for k in BY_KEY if hasattr(cfg, k)}, label, by_key=True)
        t = load_template(cfg.template)
        t.space.check(t.space.coerce({**t.space.baseline(), **cfg.pins}))
        t.args(t.problem if cfg.problem is None else check_problem(cfg.problem, t.problem, label, "size"))


def test_a_header_that_cannot_be_written_is_one_line_and_the_batch_goes_on(tmp_path, capsys):
    # was: export_rows' refusals (here: rows built for several architectures, as a database shared by two machines
    # holds) were a traceback at the end of the batch, after the jobs had run
    path = jobs_file(tmp_path, {"strategy": "random"})
    assert main(["batch", str(path)]) == 0, capsys.readouterr().err
    header = tmp_path / "out" / "headers" / "transpose_tuned.cuh"
    header.unlink()
    with sqlite3.connect(tmp_path / "out" / "results.db") as c:   # the best at another size, built for sm_80
        c.executescript("""CREATE TEMP TABLE t AS SELECT * FROM evaluations WHERE status = 'ok' LIMIT 1;
                           UPDATE t SET id = id + 100000, problem_json = '{"C":1024,"R":1024}', arch = 'sm_80';
                           INSERT INTO evaluations SELECT * FROM t;""")
    assert main(["batch", str(path)]) == 0
    out = capsys.readouterr().out
    assert "no header of transpose: " in out and "built for sm_80, sm_90" in out, out
    assert not header.exists()
    assert (tmp_path / "out" / "report" / "REPORT.md").exists()
