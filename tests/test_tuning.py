"""tune and batch on the H200 recordings shipped with the package (a replay: nothing is measured here).

Kill-and-resume: a run killed with SIGKILL mid-way and started again keeps every finished
evaluation and ends with the same result as an uninterrupted run of the same seed.
"""
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from evo_kernels.cli import main
from evo_kernels.runners.choose import RECORDINGS

TEMPLATE = "transpose"
pytestmark = pytest.mark.skipif(not (RECORDINGS / f"{TEMPLATE}.json.gz").exists(), reason="no shipped recording")
ENV = {**os.environ, "EVO_KERNELS_FORCE_REPLAY": "1", "PYTHONUNBUFFERED": "1"}


def cli(*args: str, env=None, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "evo_kernels.cli", *args], capture_output=True, text=True,
                          env=env or ENV, timeout=600, **kw)


def db_rows(db: Path) -> list[tuple]:
    with sqlite3.connect(db) as c:
        return c.execute("SELECT genome_key, status, median_ms, fitness FROM evaluations ORDER BY id").fetchall()


def tune_args(tmp: Path, name: str, budget: int, strategy: str = "pbt") -> list[str]:
    return ["tune", TEMPLATE, "--budget", str(budget), "--strategy", strategy, "--seed", "3",
            "--db", str(tmp / f"{name}.db"), "--population", str(tmp / name), "--json"]


def test_a_runner_that_cannot_open_leaves_no_database(tmp_path, monkeypatch):
    """The runner opens before the store: a backend that fails only when it is opened (a scheduler that does
    not answer) writes nothing."""
    from evo_kernels import tuning
    from evo_kernels.runners.choose import BackendError
    from evo_kernels.tune_config import TuneConfig, TuneError

    def refuse(*args, **kw):
        raise BackendError("Dask scheduler tcp://127.0.0.1:1 did not answer")

    monkeypatch.setenv("EVO_KERNELS_FORCE_REPLAY", "1")
    monkeypatch.setattr(tuning, "open_runner", refuse)
    with pytest.raises(TuneError, match="did not answer"):
        tuning.tune(TuneConfig(template=TEMPLATE, budget=4, db=str(tmp_path / "t.db")), live=False)
    assert list(tmp_path.iterdir()) == []


def test_tune_on_replay_finishes_with_a_leaderboard(tmp_path):
    r = cli(*tune_args(tmp_path, "a", 24, "ga"))
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["spent"] == 24 and out["replay"] and out["best_fitness"] > 1.0
    assert len(db_rows(tmp_path / "a.db")) == 24
    lb = cli("leaderboard", "--db", str(tmp_path / "a.db"), "--json", "--top", "5")
    rows = json.loads(lb.stdout)
    assert len(rows) == 5 and rows[0]["fitness"] >= rows[-1]["fitness"]
    assert {"template", "genome", "median_us", "speedup", "fitness"} <= set(rows[0])
    plain = cli("leaderboard", "--db", str(tmp_path / "a.db"))
    assert plain.returncode == 0
    title, *lines = plain.stdout.splitlines()
    assert title.endswith("best 10 genomes") and len(lines) == 10
    for line in lines:
        # one line per genome: a short summary, then the whole genome as compact JSON (to paste into --start)
        head, _, genome = line.partition(" {")
        assert len(head) < 150 and set(json.loads("{" + genome)) == set(rows[0]["genome"]), line


def kill_midway(args: list[str], db: Path, at: int) -> None:
    env = {**ENV, "EVO_KERNELS_REPLAY_DELAY_S": "0.05"}
    p = subprocess.Popen([sys.executable, "-m", "evo_kernels.cli", *args], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, env=env)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and p.poll() is None:
        if db.exists():
            try:
                if len(db_rows(db)) >= at:
                    break
            except sqlite3.Error:
                pass
        time.sleep(0.02)
    assert p.poll() is None, "the run ended before it could be killed"
    p.send_signal(signal.SIGKILL)
    p.wait()


# pbt with --all only (13 s on 2 cores): the default kills pbt's tune at random moments below, with the same assertion
@pytest.mark.parametrize("strategy", [pytest.param("pbt", marks=pytest.mark.slow), "ga"])
def test_tune_killed_and_resumed_equals_uninterrupted(tmp_path, strategy):
    budget = 40
    whole = cli(*tune_args(tmp_path, "whole", budget, strategy))
    assert whole.returncode == 0, whole.stderr
    args = tune_args(tmp_path, "cut", budget, strategy)
    kill_midway(args, tmp_path / "cut.db", 13)
    kept = db_rows(tmp_path / "cut.db")
    assert 13 <= len(kept) < budget
    again = cli(*args)
    assert again.returncode == 0, again.stderr
    a, b = json.loads(whole.stdout), json.loads(again.stdout)
    assert b["resumed_from"] > 0
    assert a["best_genome"] == b["best_genome"] and a["best_fitness"] == b["best_fitness"]
    rows_whole, rows_cut = db_rows(tmp_path / "whole.db"), db_rows(tmp_path / "cut.db")
    assert rows_cut[: len(kept)] == kept  # nothing finished before the kill was lost or changed
    assert rows_cut == rows_whole  # the same evaluations, in the same order, none twice


BATCH = """
out = "{out}"
budget = 16
strategy = "ga"
seed = 1

[[job]]
template = "transpose"

[[job]]
template = "transpose"
strategy = "random"
"""


def test_batch_killed_and_resumed_equals_uninterrupted(tmp_path):
    jobs = {}
    for name in ("whole", "cut"):
        jobs[name] = tmp_path / f"{name}.toml"
        jobs[name].write_text(BATCH.format(out=tmp_path / name))
    whole = cli("batch", str(jobs["whole"]), "--json")
    assert whole.returncode == 0, whole.stderr
    kill_midway(["batch", str(jobs["cut"])], tmp_path / "cut" / "results.db", 20)
    again = cli("batch", str(jobs["cut"]), "--json")
    assert again.returncode == 0, again.stderr
    assert db_rows(tmp_path / "cut" / "results.db") == db_rows(tmp_path / "whole" / "results.db")
    summary = json.loads(again.stdout)
    assert summary["header_files"] and (tmp_path / "cut" / "report" / "REPORT.md").exists()
    assert any(e.get("skipped") for e in summary["entries"])  # the job finished before the kill is not redone
    header = Path(summary["header_files"][0])
    proc = subprocess.run(["nvcc", "-arch=sm_90", "-x", "cu", "-c", str(header), "-o", str(tmp_path / "h.o")],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]


def kill_at(args: list[str], after_s: float, pace_s: float = 0.03) -> bool:
    """Start ``args`` (replaying at ``pace_s`` seconds per evaluation), SIGKILL it ``after_s``
    seconds later; False where it finished first."""
    p = subprocess.Popen([sys.executable, "-m", "evo_kernels.cli", *args], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, env={**ENV, "EVO_KERNELS_REPLAY_DELAY_S": str(pace_s)})
    try:
        p.wait(timeout=after_s)
        return False
    except subprocess.TimeoutExpired:
        p.send_signal(signal.SIGKILL)
        p.wait()
        return True


# slow (24 s): the property over random kill moments; the default suite keeps the deterministic kill-and-resume tests of
# tune (ga) and batch beside it
@pytest.mark.slow
def test_tune_and_batch_killed_at_random_moments_end_as_uninterrupted(tmp_path):
    """A property, on a seeded random sample of moments (at start-up, mid-batch, mid-checkpoint):
    however often a run is killed, started again it ends with the database of an uninterrupted run."""
    rng = random.Random(18)
    whole = cli(*tune_args(tmp_path, "whole", 40, "pbt"))
    assert whole.returncode == 0, whole.stderr
    args = tune_args(tmp_path, "cut", 40, "pbt")
    assert sum(kill_at(args, rng.uniform(0.3, 4.0)) for _ in range(2)) >= 1
    again = cli(*args)
    assert again.returncode == 0, again.stderr
    assert db_rows(tmp_path / "cut.db") == db_rows(tmp_path / "whole.db")
    assert json.loads(again.stdout)["best_genome"] == json.loads(whole.stdout)["best_genome"]

    jobs = {}
    for name in ("bwhole", "bcut"):
        jobs[name] = tmp_path / f"{name}.toml"
        jobs[name].write_text(BATCH.format(out=tmp_path / name))
    assert cli("batch", str(jobs["bwhole"])).returncode == 0
    assert kill_at(["batch", str(jobs["bcut"])], rng.uniform(1.0, 3.0), pace_s=0.1)  # 32 evaluations: 3.2 s
    assert cli("batch", str(jobs["bcut"])).returncode == 0
    assert db_rows(tmp_path / "bcut" / "results.db") == db_rows(tmp_path / "bwhole" / "results.db")


# --- bad input: one line naming the file, exit status 2, nothing touched ------------------------


def snapshot(*paths: Path) -> dict:
    out = {}
    for p in paths:
        for f in sorted(p.rglob("*")) if p.is_dir() else [p]:
            if f.is_file():
                out[str(f)] = f.read_bytes()
    return out


def run_main(capsys, *args: str) -> tuple[int, str]:
    code = main(list(args))
    err = capsys.readouterr().err.strip()
    return code, err


@pytest.fixture
def finished_run(tmp_path):
    r = cli(*tune_args(tmp_path, "ok", 16, "ga"))
    assert r.returncode == 0, r.stderr
    return tmp_path / "ok.db", tmp_path / "ok"


def test_unknown_template(capsys, finished_run, monkeypatch):
    monkeypatch.setenv("EVO_KERNELS_FORCE_REPLAY", "1")
    db, pop = finished_run
    before = snapshot(db, pop)
    code, err = run_main(capsys, "tune", "nosuchkernel", "--db", str(db), "--population", str(pop))
    assert code == 2 and "\n" not in err and "unknown template 'nosuchkernel'" in err
    assert snapshot(db, pop) == before


def test_out_of_domain_genome(capsys, finished_run, monkeypatch):
    monkeypatch.setenv("EVO_KERNELS_FORCE_REPLAY", "1")
    db, pop = finished_run
    before = snapshot(db, pop)
    code, err = run_main(capsys, "tune", TEMPLATE, "--db", str(db), "--population", str(pop), "--budget", "16",
                         "--strategy", "ga", "--seed", "3", "--start", '{"TileLoops": 7}')
    assert code == 2 and "\n" not in err and "TileLoops" in err and "domain" in err
    assert snapshot(db, pop) == before


def test_malformed_toml(capsys, tmp_path):
    bad = tmp_path / "jobs.toml"
    bad.write_text('out = "x"\n[[job]\ntemplate = "sgemm"\n')
    code, err = run_main(capsys, "batch", str(bad))
    assert code == 2 and "\n" not in err and str(bad) in err and "malformed TOML" in err
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("kind", ["corrupt", "foreign"])
def test_corrupted_or_foreign_database(capsys, tmp_path, kind, monkeypatch):
    monkeypatch.setenv("EVO_KERNELS_FORCE_REPLAY", "1")
    db = tmp_path / "bad.db"
    if kind == "corrupt":
        db.write_bytes(b"SQLite format 3\x00" + os.urandom(4000))
    else:
        with sqlite3.connect(db) as c:
            c.execute("CREATE TABLE customers (id INTEGER, name TEXT)")
    before = snapshot(db)
    code, err = run_main(capsys, "tune", TEMPLATE, "--db", str(db), "--population", str(tmp_path / "p"))
    assert code == 2 and "\n" not in err and str(db) in err
    assert snapshot(db) == before and not (tmp_path / "p").exists()
    code, err = run_main(capsys, "leaderboard", "--db", str(db))
    assert code == 2 and str(db) in err and snapshot(db) == before


def test_truncated_checkpoint(capsys, finished_run, monkeypatch):
    monkeypatch.setenv("EVO_KERNELS_FORCE_REPLAY", "1")
    db, pop = finished_run
    latest = sorted(pop.glob("gen_*"))[-1] / "tensors.pt"
    latest.write_bytes(latest.read_bytes()[: latest.stat().st_size // 2])
    before = snapshot(db, pop)
    code, err = run_main(capsys, "tune", TEMPLATE, "--db", str(db), "--population", str(pop), "--budget", "16",
                         "--strategy", "ga", "--seed", "3")
    assert code == 2 and "\n" not in err and str(latest) in err and "truncated" in err
    assert snapshot(db, pop) == before


def test_a_checkpoint_of_the_template_as_it_was_is_refused_not_resumed(capsys, finished_run, monkeypatch):
    # a run started before its template changed (a gene added: the checkpoint's genomes and search state lack
    # it) resumed and then died in a traceback (the surrogate's rows of 19 genes against a space of 20)
    monkeypatch.setenv("EVO_KERNELS_FORCE_REPLAY", "1")
    db, pop = finished_run
    latest = sorted(pop.glob("gen_*"))[-1] / "population.json"
    doc = json.loads(latest.read_text())
    doc["meta"]["template_hash"] = "0123456789abcdef"   # the template's hash when the run started
    latest.write_text(json.dumps(doc))
    before = snapshot(db, pop)
    code, err = run_main(capsys, "tune", TEMPLATE, "--db", str(db), "--population", str(pop), "--budget", "24",
                         "--strategy", "ga", "--seed", "3")
    assert code == 2 and "\n" not in err and str(pop) in err and "0123456789abcdef" in err, err
    assert "the template changed since the run started" in err and snapshot(db, pop) == before


# --- where a run's files go, and which database they belong to ----------------------------------


def test_checkpoints_go_beside_the_database_and_resume_only_with_it(tmp_path):
    # 18.12: checkpoints defaulted to populations/ in the working folder, and a run with another
    # --db "resumed at 150 evaluations" from an unrelated run
    work = tmp_path / "work"
    work.mkdir()
    args = ["tune", TEMPLATE, "--budget", "16", "--strategy", "ga", "--seed", "3", "--json"]
    first = cli(*args, "--db", str(tmp_path / "a.db"), cwd=work)
    assert first.returncode == 0, first.stderr
    out = json.loads(first.stdout)
    run_dir = tmp_path / "a.db.runs" / "transpose-2048x2048-ga-s3"
    assert Path(out["run_dir"]) == run_dir and any(run_dir.glob("gen_*"))
    assert list(work.iterdir()) == []  # nothing in the working folder (a clone stays clean)
    with sqlite3.connect(tmp_path / "a.db") as c:
        assert c.execute("SELECT folder FROM runs WHERE run_id = ?", (out["run_id"],)).fetchone() == (str(run_dir),)
    other = cli(*args, "--db", str(tmp_path / "b.db"), cwd=work)  # another database: another run
    assert other.returncode == 0 and json.loads(other.stdout)["resumed_from"] == 0, other.stderr
    # a checkpoint handed to a database that never saw its run is refused, and nothing is written
    before = snapshot(tmp_path / "b.db", run_dir)
    r = cli(*args, "--db", str(tmp_path / "b.db"), "--population", str(run_dir))
    err = r.stderr.strip()
    assert r.returncode == 2 and "\n" not in err and str(run_dir) in err and f"run {out['run_id']}" in err, err
    assert f"not in {tmp_path / 'b.db'}" in err and snapshot(tmp_path / "b.db", run_dir) == before
    again = cli(*args[:3], "24", *args[4:], "--db", str(tmp_path / "a.db"))  # its own database: resumes
    assert again.returncode == 0 and json.loads(again.stdout)["resumed_from"] == 16, again.stderr


def test_a_resumed_run_does_not_announce_its_old_best_again(tmp_path):
    # 18.14: after a resume the old best was printed again as "new best"
    def bests(budget: int) -> list[float]:
        r = cli("tune", TEMPLATE, "--budget", str(budget), "--strategy", "ga", "--db", str(tmp_path / "r.db"))
        assert r.returncode == 0, r.stderr
        return [float(line.split(" fit ")[1].split()[0]) for line in r.stdout.splitlines() if "] new best " in line]

    first = bests(16)
    assert first
    assert all(f > max(first) for f in bests(40))


def test_a_finished_run_asked_again_says_its_budget_was_spent(tmp_path):
    args = ("tune", TEMPLATE, "--budget", "12", "--strategy", "ga", "--db", str(tmp_path / "f.db"))
    assert cli(*args).returncode == 0
    again = cli(*args)
    assert again.returncode == 0, again.stderr
    first = again.stdout.splitlines()[0]
    assert first.endswith("; resumed at 12 evaluations: the budget of 12 was already spent, nothing is measured "
                          "(raise --budget to go on)"), first


# slow (17 s): three tunes; the shipped default's choice (warm_start) is tested without them in test_checkpoint.py
@pytest.mark.slow
def test_pbt_starts_from_the_shipped_population_unless_told_otherwise(tmp_path):
    """Without --init-population, tune's pbt starts from the shipped names population: its first line says so and it
    asks exactly what the same run with that folder named asks. On a replay the source fitted on the replayed
    recording itself is left out (the transpose sub-space's source serves, the sample's does not: the line says
    so); --init-population none is a cold start, which asks other genomes."""
    shipped = Path(__file__).resolve().parents[1] / "populations" / "names-whole-corpus"
    runs = {}
    for name, extra in (("default", []), ("named", ["--init-population", str(shipped)]),
                        ("cold", ["--init-population", "none"])):
        r = cli("tune", TEMPLATE, "--budget", "12", "--strategy", "pbt", "--db", str(tmp_path / f"{name}.db"), *extra)
        assert r.returncode == 0, r.stderr
        runs[name] = r.stdout.splitlines()[0], db_rows(tmp_path / f"{name}.db")
    first = runs["default"][0]
    assert f"warm start from {shipped}: 8 policies and a names prior from 1 recorded space" in first, first
    assert "(the shipped default; --init-population none: cold)" in first, first
    assert first.endswith("; its source transpose shares 432 of 432 configurations with transpose, left out"), first
    assert "left out" in runs["named"][0] and "shipped default" not in runs["named"][0]
    assert runs["cold"][0].endswith("; cold start (--init-population none)"), runs["cold"][0]
    assert runs["default"][1] == runs["named"][1] and len(runs["default"][1]) == 12
    assert [k for k, *_ in runs["cold"][1]] != [k for k, *_ in runs["default"][1]]
    bad = cli("tune", TEMPLATE, "--budget", "3", "--db", str(tmp_path / "x.db"), "--init-population",
              str(tmp_path / "nowhere"))
    assert bad.returncode != 0 and bad.stderr.strip().count("\n") == 0 and "nowhere" in bad.stderr, bad.stderr


def test_a_size_whose_arrays_exceed_the_gpus_memory_is_refused_before_the_search():
    """With the H200's device_info as a recording carries it: sgemm at 65536^2 x 32768 holds 16 + 8 + 8 GiB of
    arrays (and its split-K workspace), which fit; at 131072^3 it needs 192 GiB and is refused in one line
    naming the size and both amounts; a device that does not say its memory is not judged."""
    from evo_kernels.runners.replay import ReplaySpace
    from evo_kernels.template import load_template
    from evo_kernels.tuning import memory_problem

    device = ReplaySpace.load(str(RECORDINGS / "sgemm.json.gz")).device
    t = load_template("sgemm")
    assert memory_problem(t, {"M": 65536, "N": 65536, "K": 32768}, device) is None
    big = memory_problem(t, {"M": 131072, "N": 131072, "K": 131072}, device)
    assert big is not None and big.startswith("sgemm at M=131072, N=131072, K=131072 needs 192.") and "GiB" in big
    assert big.endswith(f"the NVIDIA H200 has {device['memory_bytes'] / 2**30:.1f} GiB")
    assert memory_problem(t, {"M": 131072, "N": 131072, "K": 131072}, {}) is None


def test_the_report_says_what_each_run_started_from(tmp_path):
    """Each run's record carries what it started from, and the report says it under the kernel: the shipped names
    population for one run, a cold start for the other (same database, another seed)."""
    db = str(tmp_path / "r.db")
    assert cli("tune", TEMPLATE, "--budget", "6", "--db", db).returncode == 0
    cold = cli("tune", TEMPLATE, "--budget", "6", "--db", db, "--seed", "1", "--init-population", "none")
    assert cold.returncode == 0, cold.stderr
    r = cli("report", "--db", db, "--out", str(tmp_path / "rep"), "--no-ablate")
    assert r.returncode == 0, r.stderr
    lines = [line for line in (tmp_path / "rep" / "REPORT.md").read_text().splitlines() if line.startswith("- run ")]
    assert len(lines) == 2, lines
    assert any(", seed 0; warm start from " in line and "(the shipped default" in line for line in lines), lines
    cold_line = ", seed 1; cold start (--init-population none); replayed transpose.json.gz"  # the run's recording
    assert any(line.endswith(cold_line) for line in lines), lines
