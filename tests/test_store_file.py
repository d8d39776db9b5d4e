"""The results database as a file (evo_kernels/store_file.py): files that are not ours refused
untouched, an empty file taken as a fresh database, schema versions newer and older, migrations (and
their rollback), the runs table, and the check that a database can be written."""
from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from evo_kernels import store_file
from evo_kernels.store import ResultStore
from evo_kernels.store_file import StoreError
from evo_kernels.store_rows import to_evaluation
from _store_helpers import DEVICE, _fill, full_eval, make_eval


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
