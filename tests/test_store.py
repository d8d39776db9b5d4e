"""The results database (evo_kernels/store.py), with fabricated evaluations (no GPU): lookups by
identity, rankings, runs and baselines, batches, read-only use, WAL readers and a SIGKILLed writer.
How records map to rows is tests/test_store_rows.py; the file's format, schema and migrations
tests/test_store_file.py."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from evo_kernels.store import ResultStore
from evo_kernels.store_file import StoreError
from evo_kernels.store_rows import row_values
from _store_helpers import DEVICE, _fill, make_eval

ROOT = Path(__file__).resolve().parent.parent


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
        # another driver is another measurement (a batch re-tunes after a driver update, and must not be served
        # the old driver's numbers)
        assert s.lookup(**ident, driver="570.86.15") is not None and s.lookup(**ident, driver="580.159.04") is None
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
        assert s.lookup_many("th0", ["k0"], problem, gpu, nvcc, driver="580.159.04") == {}
        assert list(s.lookup_many("th0", ["k0"], problem, gpu, nvcc, driver="570.86.15")) == ["k0"]
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
        from _store_helpers import make_eval, DEVICE
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


def test_a_snapshot_reads_one_state_of_the_database_while_a_writer_commits(db: Path) -> None:
    # leaderboard --watch read the best rows and then the count in two reads: a run committing between them gave a
    # block whose "N evaluation(s)" was not the state its rows were read from
    writer = ResultStore(db)
    try:
        writer.add(make_eval(key="k0", fitness=1.0), "r", DEVICE)
        with ResultStore(db, readonly=True) as reader:
            with reader.snapshot():
                assert [r["genome_key"] for r in reader.top(5)] == ["k0"]
                writer.add(make_eval(key="k1", fitness=2.0), "r", DEVICE)
                assert reader.count() == 1 and [r["genome_key"] for r in reader.top(5)] == ["k0"]
            assert reader.count() == 2 and [r["genome_key"] for r in reader.top(5)] == ["k1", "k0"]
    finally:
        writer.close()
