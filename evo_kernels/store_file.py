"""The results database as a file: its format marks, schema version and migrations, and the
read-only inspection that refuses a file that is not ours before anything is written to it.

:class:`~evo_kernels.store.ResultStore` opens databases through these: :func:`inspect_file` only
reads, :func:`migrate` writes inside the store's own transaction.
"""
from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

FORMAT = "evo-kernels-results"
SCHEMA_VERSION = 3
APPLICATION_ID = 0x45564B52  # "EVKR" in the SQLite header: marks the file as ours even to `file(1)`
BUSY_TIMEOUT_MS = 30_000


def _add_timings(conn: sqlite3.Connection) -> None:
    """1 -> 2: RunResult.timings (seconds per stage) as JSON; rows from before have none."""
    conn.execute("ALTER TABLE evaluations ADD COLUMN timings_json TEXT NOT NULL DEFAULT '{}'")


RUNS_TABLE = ("CREATE TABLE IF NOT EXISTS runs (run_id TEXT PRIMARY KEY, folder TEXT NOT NULL, "
              "identity_json TEXT NOT NULL, started REAL NOT NULL)")


def _add_runs(conn: sqlite3.Connection) -> None:
    """2 -> 3: the runs table (a run's checkpoint folder and identity), so that a checkpoint can be
    matched to its database; the runs already in the evaluations are entered, folder unknown."""
    conn.execute(RUNS_TABLE)
    conn.execute("INSERT OR IGNORE INTO runs (run_id, folder, identity_json, started) SELECT run_id, '', '{}', "
                 "MIN(timestamp) FROM evaluations GROUP BY run_id")


# MIGRATIONS[v] upgrades a database from schema version v to v + 1, inside the caller's transaction.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _add_timings, 2: _add_runs}


class StoreError(Exception):
    """A results database that cannot be used: the message is one line naming the file and why."""


def one_line(text: object) -> str:
    return " ".join(str(text).split())


def refuse_newer(version: int, path: Path | str) -> None:
    """StoreError where ``version`` was written by a later evo-kernels than this one."""
    if version > SCHEMA_VERSION:
        raise StoreError(f"{path}: schema version {version} is newer than this evo-kernels supports "
                         f"({SCHEMA_VERSION}); upgrade evo-kernels to open it")


def migrate(conn: sqlite3.Connection, version: int, path: Path | str) -> int:
    """Upgrade the open database at ``path`` from ``version`` to SCHEMA_VERSION, in the caller's
    transaction; refuses a newer version (written by a later evo-kernels) and one with no path."""
    refuse_newer(version, path)
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise StoreError(f"{path}: schema version {version} has no upgrade to version {SCHEMA_VERSION}")
        step(conn)
        version += 1
    conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(version),))
    return version


def inspect_file(path: Path) -> int | None:
    """Schema version of the results database at ``path``; None where it is a fresh database
    (an empty file, or SQLite with no tables and no application id). Raises StoreError for
    anything else. Only reads: the file is never modified."""
    if path.is_dir():
        raise StoreError(f"{path}: is a directory, not a results database")
    size = path.stat().st_size
    if size == 0:
        return None  # SQLite itself treats an empty file as an empty database
    with open(path, "rb") as f:
        header = f.read(100)
    if len(header) < 100 or not header.startswith(b"SQLite format 3\x00"):
        raise StoreError(f"{path}: not a SQLite database (no SQLite header), so not an evo-kernels results database")
    # Without a -wal file no writer is live: the header's page count must then be on disk (it is
    # trustworthy where the change counter at 24 matches its copy at 92), and immutable=1 keeps
    # SQLite from creating -wal and -shm files beside a file it may be about to refuse.
    live = Path(f"{path}-wal").exists()
    page_size = int.from_bytes(header[16:18], "big")
    expected = (65536 if page_size == 1 else page_size) * int.from_bytes(header[28:32], "big")
    if not live and header[24:28] == header[92:96] and size < expected:
        raise StoreError(f"{path}: truncated SQLite database ({size} bytes, its header says {expected})")
    conn = _read_only(path, live)
    try:
        tables = sorted(r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"))
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        if not tables and app_id == 0:
            return None
        foreign = f"{path}: a SQLite database of another application, not evo-kernels results"
        if app_id not in (0, APPLICATION_ID):
            raise StoreError(f"{foreign} (application id {app_id:#x})")
        if "meta" not in tables or "evaluations" not in tables:
            raise StoreError(f"{foreign} (tables: {', '.join(tables) or 'none'})")
        try:
            meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.OperationalError as exc:
            raise StoreError(f"{foreign} (its meta table: {one_line(exc)})") from exc
        if meta.get("format") != FORMAT:
            raise StoreError(f"{foreign} (format {meta.get('format')!r}, expected {FORMAT!r})")
        try:
            version = int(meta.get("schema_version", ""))
        except ValueError:
            bad = meta.get("schema_version")
            raise StoreError(f"{path}: corrupt results database (schema version {bad!r})") from None
        # Reads every page once: corruption past the first pages is found now, not mid-run.
        problems = [r[0] for r in conn.execute("PRAGMA quick_check(3)")]
        if problems != ["ok"]:
            raise StoreError(f"{path}: corrupt SQLite database ({one_line('; '.join(problems))})")
        return version
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"{path}: corrupt or unreadable SQLite database ({one_line(exc)})") from exc
    finally:
        conn.close()


def _read_only(path: Path, live: bool) -> sqlite3.Connection:
    """A read-only connection; ``live`` (a -wal file exists): a writer may be at work, else the file
    is opened immutable, so that SQLite creates no -wal or -shm file beside it."""
    uri = path.resolve().as_uri() + ("?mode=ro" if live else "?mode=ro&immutable=1")
    try:
        return sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_MS / 1000)
    except sqlite3.Error as exc:
        raise StoreError(f"{path}: cannot open: {one_line(exc)}") from exc


def has_run(path: Path, run_id: str) -> bool:
    """Whether the results database at ``path`` (already inspected) knows the run ``run_id``: in its
    runs table, or, in a database from before that table, by its evaluations. Only reads."""
    if not path.exists() or path.stat().st_size == 0:
        return False
    conn = _read_only(path, Path(f"{path}-wal").exists())
    try:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "runs" in tables and conn.execute("SELECT 1 FROM runs WHERE run_id = ?", (run_id,)).fetchone():
            return True
        return "evaluations" in tables and bool(
            conn.execute("SELECT 1 FROM evaluations WHERE run_id = ? LIMIT 1", (run_id,)).fetchone())
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"{path}: corrupt or unreadable SQLite database ({one_line(exc)})") from exc
    finally:
        conn.close()


def check_writable(path: Path) -> None:
    """A StoreError, before anything is written, where the database at ``path`` (or, for a new
    one, the nearest existing folder above it) cannot be written: SQLite would fail only at the
    first commit, after a run had started (and left -wal and -shm files behind)."""
    if path.exists():
        blocked = [p for p in (path, path.parent) if not os.access(p, os.W_OK)]
        blocked += [p for p in (Path(f"{path}-wal"), Path(f"{path}-shm")) if p.exists() and not os.access(p, os.W_OK)]
        if blocked:
            what = "file" if blocked[0] == path else "folder" if blocked[0] == path.parent else "journal"
            raise StoreError(f"{path}: read-only ({what} {blocked[0]} is not writable); a run writes every "
                             "evaluation there: give a --db that can be written (leaderboard and report only read)")
        return
    above = path.parent
    while not above.exists() and above != above.parent:
        above = above.parent
    if not above.is_dir() or not os.access(above, os.W_OK):
        raise StoreError(f"{path}: cannot be created: {above} is not a writable folder")
