"""The results database, with fabricated evaluations (no GPU)."""
from __future__ import annotations

import math
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from evo_kernels import store_file
from evo_kernels.records import BuildResult, Candidate, Evaluation, RunResult
from evo_kernels.store import ResultStore, StoreError
from evo_kernels.store_rows import row_values, to_evaluation

DEVICE = {"gpu_name": "NVIDIA H200", "sm_count": 132, "driver_version": "570.86.15"}
ROOT = Path(__file__).resolve().parent.parent


def make_eval(key: str = "k0", genome: dict | None = None, problem: dict | None = None, template: str = "sgemm",
              template_hash: str = "th0", nvcc: str = "cuda_13.0", median: float = 1.0, fitness: float = 1.0,
              run_status: str = "ok", build_status: str = "ok", **build_fields) -> Evaluation:
    cand = Candidate(template, genome if genome is not None else {"tile": 32, "unroll": True},
                     problem if problem is not None else {"m": 4096, "n": 4096}, key)
    build = BuildResult(cand, build_status, source_hash="sh0", template_hash=template_hash, nvcc_version=nvcc,
                        arch="sm_90", flags=("-O3",), **build_fields)
    times = (median * 0.99, median, median * 1.02)
    run = RunResult(run_status, times_ms=times, median_ms=median, p95_ms=median * 1.02, cv=0.01,
                    max_rel_error=1e-7, device={"name": "NVIDIA H200"})
    return Evaluation(build, run, fitness=fitness, speedup=fitness * 1.1)


def full_eval() -> Evaluation:
    """An evaluation with every field of every record away from its default."""
    cand = Candidate("softmax", {"block": 256, "vector": "float4", "pad": False}, {"rows": 4093, "cols": 4091},
                     "abcdef012345")
    build = BuildResult(cand, "ok", source_hash="s" * 16, template_hash="t" * 16, cubin_path="/c/x.cubin",
                        entry="softmax_kernel", arch="sm_90a", flags=("-cubin", "-arch=sm_90a", "-O3"),
                        nvcc_version="cuda_13.0.r13.0/compiler.1", registers=40, spill_store_bytes=8,
                        spill_load_bytes=12, smem_bytes=4096, stack_bytes=16, cmem_bytes=380,
                        threads_per_block=256, compile_seconds=0.51, cached=True, error="a ptxas warning")
    run = RunResult("ok", times_ms=(0.125, 0.25, 0.5), median_ms=0.25, p95_ms=0.48, cv=0.3, error="note",
                    max_rel_error=2.5e-7, device={"name": "NVIDIA H200", "sm_count": 132, "cc": [9, 0]},
                    timings={"queued": 0.5, "load": 0.01, "check": 0.125, "reference": 0.25, "timing": 0.75,
                             "final_check": 0.0625})
    return Evaluation(build, run, fitness=1.75, speedup=2.0)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "results.db"


def test_round_trip_of_every_field(db: Path) -> None:
    ev = full_eval()
    with ResultStore(db) as s:
        rid = s.add(ev, "run-1", DEVICE, member=3, generation=7, timestamp=1234.5)
        (row,) = s.rows()
    with ResultStore(db) as s:  # and again from disk, by a fresh connection
        (again,) = s.rows()
    assert row == again and row["id"] == rid
    assert to_evaluation(row) == ev
    assert (row["gpu_name"], row["sm_count"], row["driver_version"]) == ("NVIDIA H200", 132, "570.86.15")
    assert (row["member"], row["generation"], row["replay"], row["timestamp"]) == (3, 7, False, 1234.5)
    assert (row["status"], row["error"], row["run_id"], row["genome_key"]) == ("ok", "note", "run-1", "abcdef012345")
    assert row["times_ms"] == [0.125, 0.25, 0.5] and row["problem"] == {"cols": 4091, "rows": 4093}
    assert row["spill_bytes"] == 20 and row["flags"] == ["-cubin", "-arch=sm_90a", "-O3"]
    assert row["timings"] == ev.run.timings and list(row["timings"]) == list(ev.run.timings)  # stage order kept


def test_failure_round_trip_keeps_nan_and_build_error(db: Path) -> None:
    cand = Candidate("sgemm", {"tile": 64}, {"m": 8}, "kfail")
    build = BuildResult(cand, "compile_error", template_hash="th", nvcc_version="v", error="error: x\nline 2")
    ev = Evaluation(build, RunResult("compile_error"), fitness=0.0)
    with ResultStore(db) as s:
        s.add(ev, "r", DEVICE)
        (row,) = s.rows()
    assert row["status"] == "compile_error" and row["error"] == "error: x\nline 2"
    assert row["median_ms"] is None and row["fitness"] == 0.0
    back = to_evaluation(row)
    assert back.build == build and back.status == "compile_error" and back.run.times_ms == ()
    assert all(math.isnan(v) for v in (back.run.median_ms, back.run.p95_ms, back.run.cv, back.run.max_rel_error))
    assert row["timings"] == {} and back.run.timings == {}


def test_device_falls_back_to_the_run_and_key_to_the_genome(db: Path) -> None:
    from evo_kernels.genome import genome_key

    ev = make_eval(key="")
    with ResultStore(db) as s:
        s.add(ev, "r")
        (row,) = s.rows()
    assert row["gpu_name"] == "NVIDIA H200" and row["sm_count"] is None
    assert row["genome_key"] == genome_key(ev.candidate.genome)


def test_lookup_identity(db: Path) -> None:
    ident = {"template_hash": "th0", "genome_key": "k0", "problem": {"n": 4096, "m": 4096},
             "gpu_name": "NVIDIA H200", "nvcc_version": "cuda_13.0"}
    with ResultStore(db) as s:
        assert s.lookup(**ident) is None
        s.add(make_eval(median=2.0), "r1", DEVICE)
        hit = s.lookup(**ident)  # problem given in another key order: same identity
        assert hit is not None and hit.run.median_ms == 2.0
        for field, other in [("template_hash", "th1"), ("genome_key", "k1"), ("problem", {"m": 4096, "n": 4095}),
                             ("gpu_name", "NVIDIA A100"), ("nvcc_version", "cuda_12.8")]:
            assert s.lookup(**{**ident, field: other}) is None, field
        assert s.lookup(**ident, flags=["-O3"]) is not None and s.lookup(**ident, flags=["-O2"]) is None
        assert s.lookup(**ident, replay=True) is None
        s.add(make_eval(median=3.0), "r2", DEVICE)
        assert s.lookup(**ident).run.median_ms == 3.0  # the latest measurement wins


def test_lookup_many(db: Path) -> None:
    problem, gpu, nvcc = {"m": 4096, "n": 4096}, "NVIDIA H200", "cuda_13.0"
    with ResultStore(db) as s:
        assert s.lookup_many("th0", ["k0"], problem, gpu, nvcc) == {}
        s.add_many([make_eval(key=f"k{i}", median=float(i + 1)) for i in range(3)], "r1", DEVICE)
        s.add(make_eval(key="k1", median=9.0), "r2", DEVICE)  # k1 again: the latest wins
        s.add(make_eval(key="k2", nvcc="cuda_12.8"), "r2", DEVICE)  # another nvcc: not this identity
        got = s.lookup_many("th0", ["k2", "k1", "nope", "k1", "k0"], problem, gpu, nvcc)
        assert list(got) == ["k2", "k1", "k0"]  # in the order asked, once each, only the keys found
        assert {k: e.run.median_ms for k, e in got.items()} == {"k2": 3.0, "k1": 9.0, "k0": 1.0}
        for k, e in got.items():
            assert e == s.lookup("th0", k, problem, gpu, nvcc)
        assert s.lookup_many("th0", ["k0"], problem, gpu, nvcc, flags=["-O2"]) == {}
        assert list(s.lookup_many("th0", ["k0"], problem, gpu, nvcc, replay=False)) == ["k0"]
        many = [f"x{i}" for i in range(1200)] + ["k0"]  # more keys than one query takes
        assert list(s.lookup_many("th0", many, problem, gpu, nvcc)) == ["k0"]


def test_lookups_use_the_identity_index(db: Path) -> None:
    """The lookups by identity name their index, so that no planner (whatever its version or its
    statistics) walks the whole table instead; checked on the query plan, not on a time."""
    _fill(db, 50)
    with ResultStore(db) as s:
        s._conn.execute("ANALYZE")  # statistics in place: the planner's choice is not left to defaults
        seen: list[str] = []
        s._conn.set_trace_callback(seen.append)
        s.lookup("th0", "k1", {"m": 4096, "n": 4096}, "NVIDIA H200", "cuda_13.0", flags=["-O3"], replay=False)
        s.lookup_many("th0", ["k1", "k2"], {"m": 4096, "n": 4096}, "NVIDIA H200", "cuda_13.0")
        s.baseline_ms("th0", "k1", {"m": 4096, "n": 4096}, "NVIDIA H200")
        s._conn.set_trace_callback(None)
        selects = [q for q in seen if q.lstrip().upper().startswith("SELECT")]
        assert len(selects) == 3
        for q in selects:
            assert "INDEXED BY evaluations_identity" in q, q
            plan = " ".join(str(r[-1]) for r in s._conn.execute(f"EXPLAIN QUERY PLAN {q}"))
            assert "USING INDEX evaluations_identity" in plan and "SCAN" not in plan, (q, plan)


def _schema_v1(path: Path, n: int) -> None:
    """A database as schema version 1 wrote it: no timings_json column."""
    _fill(path, n)
    conn = sqlite3.connect(path)
    conn.execute("ALTER TABLE evaluations DROP COLUMN timings_json")
    conn.execute("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
    conn.commit()
    conn.close()


def test_schema_1_is_migrated_to_timings(db: Path) -> None:
    _schema_v1(db, 3)
    with pytest.raises(StoreError, match="schema version 1 is older"):
        ResultStore(db, readonly=True)
    with ResultStore(db) as s:  # upgraded on opening for writing
        version = s._conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0]
        assert version == str(store_file.SCHEMA_VERSION)
        old = s.rows()
        assert len(old) == 3 and all(r["timings"] == {} for r in old)
        assert to_evaluation(old[0]).run.timings == {}
        ev = full_eval()
        s.add(ev, "after", DEVICE)
        assert to_evaluation(s.rows(run_id="after")[0]) == ev
    with ResultStore(db, readonly=True) as s:
        assert s.count() == 4 and s.rows(run_id="after")[0]["timings"] == ev.run.timings


def test_top_k_order_filters_and_uniqueness(db: Path) -> None:
    fits = {"a": 1.0, "b": 3.0, "c": 2.0, "d": 0.5}
    with ResultStore(db) as s:
        for k, f in fits.items():
            s.add(make_eval(key=k, fitness=f, median=1.0 / f), "r", DEVICE)
        s.add(make_eval(key="b", fitness=2.9, median=0.34), "r2", DEVICE)  # b again, a bit worse
        s.add(make_eval(key="x", fitness=0.0, run_status="wrong_result"), "r", DEVICE)
        s.add(make_eval(key="e", fitness=9.0, template="softmax"), "r", DEVICE)
        s.add(make_eval(key="f", fitness=8.0, problem={"m": 1}), "r", DEVICE)
        sgemm = {"template": "sgemm", "problem": {"m": 4096, "n": 4096}}
        assert [r["genome_key"] for r in s.top(10, **sgemm)] == ["b", "c", "a", "d"]
        assert [r["fitness"] for r in s.top(2, **sgemm)] == [3.0, 2.0]
        assert [r["genome_key"] for r in s.top(10, unique=False, **sgemm)] == ["b", "b", "c", "a", "d"]
        assert [r["genome_key"] for r in s.top(3, by="median_ms", **sgemm)] == ["b", "c", "a"]
        assert [r["genome_key"] for r in s.top(2)] == ["e", "f"]
        assert [r["genome_key"] for r in s.top(10, status=None, **sgemm)][-1] == "x"
        with pytest.raises(ValueError, match="rank by"):
            s.top(3, by="registers")
        best = s.best_by_problem("sgemm")
        assert [(r["problem"], r["genome_key"]) for r in best] == [({"m": 1}, "f"), ({"m": 4096, "n": 4096}, "b")]


def test_rows_runs_baseline_and_add_many(db: Path) -> None:
    with ResultStore(db) as s:
        ids = s.add_many([make_eval(key="base", median=4.0), make_eval(key="k1", median=2.0)], "r1", DEVICE,
                         member=[0, 1], generation=0, timestamp=10.0)
        s.add(make_eval(key="base", median=5.0, run_status="timeout"), "r1", DEVICE, timestamp=11.0)
        s.add(make_eval(key="k2", template="softmax"), "r2", {**DEVICE, "gpu_name": "NVIDIA A100"},
              replay=True, timestamp=12.0)
        assert ids == [ids[0], ids[0] + 1] and s.count() == 4 and s.count("r2") == 1
        assert [r["member"] for r in s.rows(run_id="r1")] == [0, 1, None]
        assert [r["genome_key"] for r in s.rows(status="timeout")] == ["base"]
        assert [r["genome_key"] for r in s.rows(template="softmax")] == ["k2"]
        assert [r["id"] for r in s.rows(after_id=ids[1])] == [ids[1] + 1, ids[1] + 2]
        runs = {r["run_id"]: r for r in s.runs()}
        assert list(runs) == ["r1", "r2"]
        assert (runs["r1"]["count"], runs["r1"]["ok"], runs["r1"]["first"], runs["r1"]["last"]) == (3, 2, 10.0, 11.0)
        assert runs["r2"]["gpu_name"] == "NVIDIA A100" and runs["r2"]["replay"] and not runs["r1"]["replay"]
        problem = {"m": 4096, "n": 4096}
        assert s.baseline_ms("th0", "base", problem, "NVIDIA H200") == 4.0  # the timeout is not a baseline
        assert s.baseline_ms("th0", "base", problem, "NVIDIA H200", objective="p95") == pytest.approx(4.08)
        assert s.baseline_ms("th0", "base", problem, "NVIDIA A100") is None
        with pytest.raises(ValueError, match="members"):
            s.add_many([make_eval()], "r", DEVICE, member=[1, 2])
        assert s.count() == 4


def test_add_many_is_all_or_none(db: Path) -> None:
    broken = make_eval(template=None)  # violates NOT NULL on the second insert of the batch
    with ResultStore(db) as s:
        s.add(make_eval(key="before"), "r", DEVICE)
        with pytest.raises(StoreError, match=f"{db}.*NOT NULL"):
            s.add_many([make_eval(key="k1"), broken, make_eval(key="k3")], "r", DEVICE)
        assert [r["genome_key"] for r in s.rows()] == ["before"]
        s.add(make_eval(key="after"), "r", DEVICE)  # the store is still usable
        assert s.count() == 2


def _fill(db: Path, n: int = 400) -> None:
    with ResultStore(db) as s:
        s.add_many([make_eval(key=f"k{i}", genome={"i": i, "pad": "x" * 200}) for i in range(n)], "r", DEVICE)


def _foreign(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)")
    conn.execute("INSERT INTO users (name) VALUES ('ada')")
    conn.commit()
    conn.close()


def _foreign_meta(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE meta (key TEXT, value TEXT)")
    conn.execute("CREATE TABLE evaluations (id INTEGER)")
    conn.execute("INSERT INTO meta VALUES ('format', 'other-app')")
    conn.commit()
    conn.close()


def _truncated(path: Path) -> None:
    _fill(path)
    data = path.read_bytes()
    assert len(data) > 8 * 4096
    path.write_bytes(data[: len(data) // 2])


def _random_bytes(path: Path) -> None:
    path.write_bytes(os.urandom(20_000))


def _text(path: Path) -> None:
    path.write_text("id,fitness\n1,2.0\n")


def _corrupt_page(path: Path) -> None:
    """A real database whose header is intact but one of its later pages is garbage."""
    _fill(path)
    data = bytearray(path.read_bytes())
    data[5 * 4096: 6 * 4096] = os.urandom(4096)
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("readonly", [False, True])
@pytest.mark.parametrize("make, words", [(_random_bytes, "not a SQLite database"), (_text, "not a SQLite database"),
                                         (_truncated, "truncated"), (_foreign, "another application"),
                                         (_foreign_meta, "another application"), (_corrupt_page, "corrupt")])
def test_bad_files_are_refused_untouched(tmp_path: Path, make, words: str, readonly: bool) -> None:
    path = tmp_path / "bad.db"
    make(path)
    before = path.read_bytes()
    listing = sorted(os.listdir(tmp_path))
    with pytest.raises(StoreError) as err:
        ResultStore(path, readonly=readonly)
    msg = str(err.value)
    assert str(path) in msg and words in msg and "\n" not in msg, msg
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == listing  # no -wal or -shm left behind either


def test_empty_file_is_a_fresh_database_and_readonly_refuses_missing(tmp_path: Path) -> None:
    empty = tmp_path / "empty.db"
    empty.touch()
    with ResultStore(empty) as s:
        s.add(make_eval(), "r", DEVICE)
    with ResultStore(empty, readonly=True) as s:
        assert s.count() == 1
    missing = tmp_path / "sub" / "missing.db"
    with pytest.raises(StoreError, match="no such results database"):
        ResultStore(missing, readonly=True)
    with ResultStore(missing) as s:  # writable: created, parent folder included
        assert s.count() == 0


def test_readonly_store_never_writes(db: Path) -> None:
    _fill(db, 3)
    with ResultStore(db, readonly=True) as s:
        with pytest.raises(StoreError, match=str(db)):
            s.add(make_eval(), "r", DEVICE)
        assert s.count() == 3


def test_wal_reader_sees_committed_rows_while_the_writer_is_open(db: Path) -> None:
    writer = ResultStore(db)
    try:
        assert writer._conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        writer.add(make_eval(key="k0"), "r", DEVICE)
        reader = ResultStore(db, readonly=True)
        assert reader.count() == 1
        writer.add(make_eval(key="k1"), "r", DEVICE)
        assert [r["genome_key"] for r in reader.rows()] == ["k0", "k1"]
        # A writer in the middle of a transaction blocks no reader, which sees the last commit.
        writer._conn.execute("BEGIN IMMEDIATE")
        writer._insert(row_values(make_eval(key="k2"), "r", DEVICE, None, None, False, None))
        assert reader.count() == 2
        code = f"from evo_kernels.store import ResultStore; print(ResultStore({str(db)!r}, readonly=True).count())"
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60,
                             check=False)
        assert out.stdout.strip() == "2", out.stderr
        writer._conn.execute("COMMIT")
        assert reader.count() == 3
        reader.close()
    finally:
        writer.close()


def test_sigkill_loses_no_finished_evaluation(db: Path) -> None:
    code = textwrap.dedent(f"""
        import os, signal, sys
        sys.path.insert(0, {str(ROOT / 'tests')!r})
        from test_store import make_eval, DEVICE
        from evo_kernels.store import ResultStore
        s = ResultStore({str(db)!r})
        for i in range(5):
            s.add(make_eval(key=f"k{{i}}"), "killed", DEVICE)
        os.kill(os.getpid(), signal.SIGKILL)
    """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60,
                          check=False)
    assert proc.returncode == -9, proc.stderr
    with ResultStore(db, readonly=True) as s:  # a reader first, before any writer has tidied up
        assert s.count("killed") == 5
    with ResultStore(db) as s:
        assert [r["genome_key"] for r in s.rows(run_id="killed")] == [f"k{i}" for i in range(5)]


def _set_version(path: Path, version: int) -> None:
    conn = sqlite3.connect(path)
    conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(version),))
    conn.commit()
    conn.close()


@pytest.mark.parametrize("readonly", [False, True])
def test_newer_schema_is_refused_untouched(db: Path, readonly: bool) -> None:
    _fill(db, 3)
    _set_version(db, store_file.SCHEMA_VERSION + 1)
    before = db.read_bytes()
    with pytest.raises(StoreError, match="newer than this evo-kernels supports") as err:
        ResultStore(db, readonly=readonly)
    assert str(db) in str(err.value) and db.read_bytes() == before


def test_older_schema_is_migrated(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fill(db, 3)

    def add_note(conn: sqlite3.Connection) -> None:
        conn.execute("ALTER TABLE evaluations ADD COLUMN note TEXT NOT NULL DEFAULT ''")

    v = store_file.SCHEMA_VERSION
    monkeypatch.setattr(store_file, "SCHEMA_VERSION", v + 1)
    monkeypatch.setattr(store_file, "MIGRATIONS", {**store_file.MIGRATIONS, v: add_note})
    with pytest.raises(StoreError, match=f"older than {v + 1}"):
        ResultStore(db, readonly=True)
    with ResultStore(db) as s:
        assert s.count() == 3 and s.rows()[0]["note"] == ""
        assert s._conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0] == str(v + 1)
    with ResultStore(db, readonly=True) as s:  # upgraded: readers accept it now
        assert s.count() == 3


def test_schema_without_upgrade_path_is_refused_and_rolled_back(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fill(db, 3)
    v = store_file.SCHEMA_VERSION
    monkeypatch.setattr(store_file, "SCHEMA_VERSION", v + 2)
    monkeypatch.setattr(store_file, "MIGRATIONS",
                        {**store_file.MIGRATIONS, v: lambda c: c.execute("ALTER TABLE evaluations ADD COLUMN x")})
    with pytest.raises(StoreError, match=f"schema version {v + 1} has no upgrade"):
        ResultStore(db)
    monkeypatch.undo()
    with ResultStore(db) as s:
        assert s.count() == 3 and "x" not in s.rows()[0]


def test_runs_are_recorded_and_a_schema_2_database_gets_them_from_its_evaluations(db: Path) -> None:
    _fill(db, 3)  # run "r"
    with ResultStore(db) as s:
        s.add_run("fresh", "/tmp/x.db.runs/fresh", {"seed": 1})
        s.add_run("fresh", "/elsewhere", {})  # recorded once: the first folder stays
        assert s.run_record("fresh")["folder"] == "/tmp/x.db.runs/fresh"
        assert s.run_record("fresh")["identity"] == {"seed": 1} and s.run_record("nosuch") is None
    assert store_file.has_run(db, "fresh") and not store_file.has_run(db, "nosuch")
    conn = sqlite3.connect(db)  # as schema version 2 left it: no runs table
    conn.execute("DROP TABLE runs")
    conn.execute("UPDATE meta SET value = '2' WHERE key = 'schema_version'")
    conn.commit()
    conn.close()
    assert store_file.has_run(db, "r") and not store_file.has_run(db, "fresh")  # by its evaluations
    with ResultStore(db) as s:  # upgraded on opening for writing
        assert s.run_record("r")["folder"] == "" and s.run_record("fresh") is None
    assert store_file.has_run(db, "r") and not store_file.has_run(db, "nosuch")


def test_check_writable_refuses_a_database_that_cannot_be_created(tmp_path: Path) -> None:
    (tmp_path / "a_file").write_text("x")
    with pytest.raises(StoreError, match=r"cannot be created: .*a_file is not a writable folder"):
        store_file.check_writable(tmp_path / "a_file" / "sub" / "r.db")
    store_file.check_writable(tmp_path / "new" / "deeper" / "r.db")  # made on first write: fine
    assert not (tmp_path / "new").exists()
