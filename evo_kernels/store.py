"""ResultStore: the SQLite results database, one row per evaluation.

Why SQLite in WAL mode: a tune run writes while a leaderboard or report process reads, and WAL
lets those readers see every committed row without blocking the writer. Every add commits on its
own, so a SIGKILL loses no finished evaluation. The identity of a measurement (template hash,
genome key, problem, GPU, nvcc version) is indexed, so that an evaluation already made is served
from here instead of being measured again.

A file that exists is inspected read-only before anything is written to it: one that is not
SQLite, is truncated or corrupt, or is the database of another application raises
:class:`~evo_kernels.store_file.StoreError` with one line naming the file, and stays byte-identical.

The table's columns and how records map to rows are ``store_rows.py``; the file's format marks,
schema version and migrations ``store_file.py``.
"""
from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Self

from evo_kernels.records import Evaluation
from evo_kernels import store_file
from evo_kernels.store_rows import (FEASIBLE_SQL, INFEASIBLE_SQL, NAMES, SCHEMA, canonical_problem, decode_row,
                                   row_values, to_evaluation)

# What "best" means for each ranking column of top().
_ORDER = {"fitness": "DESC", "speedup": "DESC", "median_ms": "ASC", "p95_ms": "ASC"}

_NO_PARAM = object()  # marks a where-clause that takes no parameter ("fitness IS NOT NULL")
# The index that lookups by identity use, named (INDEXED BY) rather than left to the query planner:
# for "... ORDER BY id DESC LIMIT 1" the planner may walk the table by rowid instead (its choice
# depends on its version and statistics), a scan of every row per lookup on a large database.
_IDENTITY_INDEX = "evaluations_identity"
_CHUNK = 500  # genome keys per query of lookup_many (SQLite's parameter limit is 999 in old builds)


def _identity(template_hash: str, genome_key: str, problem: Mapping[str, Any] | None,
              gpu_name: str) -> list[tuple[str, Any]]:
    return [("template_hash = ?", template_hash), ("genome_key = ?", genome_key),
            ("problem_json = ?", canonical_problem(problem)), ("gpu_name = ?", gpu_name)]


def _lookup_extra(nvcc_version: str, flags: Sequence[str] | None, replay: bool | None,
                  driver: str | None) -> list[tuple[str, Any]]:
    """The where-clauses of a lookup past the identity: nvcc version, and the driver, flags and replay where given."""
    where: list[tuple[str, Any]] = [("nvcc_version = ?", nvcc_version)]
    if driver is not None:
        where.append(("driver_version = ?", driver))
    if flags is not None:
        where.append(("flags_json = ?", json.dumps(list(flags))))
    if replay is not None:
        where.append(("replay = ?", int(replay)))
    return where


class ResultStore:
    """The results database at ``path``: append evaluations, look them up by identity, rank them.

    A missing file is created. ``readonly=True`` (a leaderboard or report process) never
    writes, and refuses a missing file or one that needs an upgrade. One writer at a time is
    expected; any number of readers may read while it writes. Usable from several threads.
    """

    def __init__(self, path: str | Path, readonly: bool = False) -> None:
        self.path = Path(path)
        self.readonly = readonly
        self._lock = threading.RLock()
        exists = self.path.exists()
        if readonly and not exists:
            raise store_file.StoreError(f"{self.path}: no such results database")
        version = store_file.inspect_file(self.path) if exists else None
        if version is not None:
            store_file.refuse_newer(version, self.path)  # before any write, even the journal-mode switch
        if readonly and version is None:
            raise store_file.StoreError(f"{self.path}: an empty database, not yet a results database")
        if readonly and version != store_file.SCHEMA_VERSION:
            raise store_file.StoreError(f"{self.path}: schema version {version} is older than "
                                        f"{store_file.SCHEMA_VERSION}; open it once for writing (any tune) to "
                                        "upgrade it")
        if not exists:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        uri = self.path.resolve().as_uri() + ("?mode=ro" if readonly else "")
        if readonly and not os.access(self.path.parent, os.W_OK) and not Path(f"{self.path}-wal").exists():
            # A folder we cannot write (a colleague's results, a read-only mount): SQLite could not
            # make the -shm file WAL reading needs, and with no -wal there is no writer to see.
            uri += "&immutable=1"
        self._conn: sqlite3.Connection | None = None  # set by _open
        try:
            self._open(uri, version)
        except BaseException:
            if self._conn is not None:
                self._conn.close()
            raise

    def _open(self, uri: str, version: int | None) -> None:
        with self._guard():
            # isolation_level=None: transactions are ours (BEGIN IMMEDIATE ... COMMIT), never implicit.
            self._conn = sqlite3.connect(uri, uri=True, timeout=store_file.BUSY_TIMEOUT_MS / 1000,
                                         isolation_level=None, check_same_thread=False)
            self._conn.row_factory = sqlite3.Row
            self._conn.execute(f"PRAGMA busy_timeout = {store_file.BUSY_TIMEOUT_MS}")
            if not self.readonly:
                self._conn.execute("PRAGMA journal_mode = WAL")
                # NORMAL in WAL mode: a commit survives a killed process (only power loss can undo it).
                self._conn.execute("PRAGMA synchronous = NORMAL")
                with self._transaction():
                    if version is None:
                        for statement in filter(str.strip, SCHEMA.split(";")):
                            self._conn.execute(statement)
                        self._conn.execute(f"PRAGMA application_id = {store_file.APPLICATION_ID}")
                        self._conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?)",
                                               [("format", store_file.FORMAT),
                                                ("schema_version", str(store_file.SCHEMA_VERSION))])
                    elif version != store_file.SCHEMA_VERSION:
                        store_file.migrate(self._conn, version, self.path)

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """Turn SQLite's errors (a page found corrupt late, a full disk, a lock held past the busy
        timeout) into one-line StoreErrors naming the file."""
        with self._lock:
            try:
                yield
            except sqlite3.Error as exc:
                raise store_file.StoreError(f"{self.path}: {store_file.one_line(exc)}") from exc

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        # IMMEDIATE takes the write lock up front, so a second writer waits instead of failing mid-way.
        self._conn.execute("BEGIN IMMEDIATE")
        with self._conn:  # commits on success, rolls back on any exception
            yield

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """Several reads of one state of the database, whatever a writer commits meanwhile (a deferred read
        transaction: in WAL mode it reads the commit that was last when it began): the rows and the count that
        ``leaderboard --watch`` prints together."""
        with self._guard():
            self._conn.execute("BEGIN")
            try:
                yield
            finally:
                self._conn.execute("COMMIT")

    def close(self) -> None:
        """Close the connection; the store cannot be used afterwards."""
        with self._lock:
            self._conn.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _insert(self, values: tuple[Any, ...]) -> int:
        cur = self._conn.execute(f"INSERT INTO evaluations ({', '.join(NAMES)}) VALUES "
                                 f"({', '.join('?' * len(NAMES))})", values)
        return int(cur.lastrowid)

    def add(self, evaluation: Evaluation, run_id: str, device: Mapping[str, Any] | None = None,
            member: int | None = None, generation: int | None = None, *, replay: bool = False,
            timestamp: float | None = None) -> int:
        """Append one evaluation and commit; returns its row id. ``device`` (gpu_name or name,
        sm_count, driver_version or driver) overrides the run's own device dict where both say."""
        return self.add_many([evaluation], run_id, device, member, generation, replay=replay, timestamp=timestamp)[0]

    def add_many(self, evaluations: Sequence[Evaluation], run_id: str, device: Mapping[str, Any] | None = None,
                 member: int | Sequence[int | None] | None = None, generation: int | None = None, *,
                 replay: bool = False, timestamp: float | None = None) -> list[int]:
        """Append a batch in one transaction (all or none); ``member`` is one value for all or one per evaluation."""
        members = list(member) if isinstance(member, Sequence) else [member] * len(evaluations)
        if len(members) != len(evaluations):
            raise ValueError(f"{len(members)} members given for {len(evaluations)} evaluations")
        values = [row_values(ev, run_id, device, m, generation, replay, timestamp)
                  for ev, m in zip(evaluations, members)]
        with self._guard(), self._transaction():
            return [self._insert(v) for v in values]

    def _select(self, where: Sequence[tuple[str, Any]], order: str = "id", limit: int | None = None,
                partition: str | None = None, index: str | None = None) -> list[dict[str, Any]]:
        """Decoded rows matching every where-clause, in ``order``; with ``partition`` (columns), only
        the first row of each partition in that order, so that ranking needs no pass in Python.
        A clause's parameter may be a tuple (one value per ``?``); ``index`` names the index to use."""
        clauses = " AND ".join(c for c, _ in where) or "1"
        params: list[Any] = []
        for _, p in where:
            if isinstance(p, tuple):
                params.extend(p)
            elif p is not _NO_PARAM:
                params.append(p)
        table = f"evaluations INDEXED BY {index}" if index else "evaluations"
        sql = f"SELECT * FROM {table} WHERE {clauses}"
        if partition:
            # Rank over ids and the sort keys only; the wide rows are read for the winners alone.
            sql = (f"SELECT * FROM evaluations WHERE id IN (SELECT id FROM (SELECT id, ROW_NUMBER() OVER "
                   f"(PARTITION BY {partition} ORDER BY {order}) AS _rank FROM evaluations WHERE {clauses}) "
                   "WHERE _rank = 1)")
        sql += f" ORDER BY {order}" + (f" LIMIT {int(limit)}" if limit else "")
        with self._guard():
            rows = self._conn.execute(sql, params).fetchall()
        return [decode_row(r) for r in rows]

    def lookup(self, template_hash: str, genome_key: str, problem: Mapping[str, Any], gpu_name: str,
               nvcc_version: str, *, flags: Sequence[str] | None = None, replay: bool | None = None,
               driver: str | None = None) -> Evaluation | None:
        """The latest evaluation of this identity (any status), or None: what lets a run skip a
        measurement it already has. ``driver`` (the GPU worker's driver_version), ``flags`` and ``replay``,
        where given, must match too."""
        where = (_identity(template_hash, genome_key, problem, gpu_name)
                 + _lookup_extra(nvcc_version, flags, replay, driver))
        rows = self._select(where, order="id DESC", limit=1, index=_IDENTITY_INDEX)
        return to_evaluation(rows[0]) if rows else None

    def lookup_many(self, template_hash: str, genome_keys: Iterable[str], problem: Mapping[str, Any], gpu_name: str,
                    nvcc_version: str, *, flags: Sequence[str] | None = None, replay: bool | None = None,
                    driver: str | None = None) -> dict[str, Evaluation]:
        """:meth:`lookup` for many genome keys of one template, problem, GPU and nvcc (and driver, where given) at once:
        ``{genome_key: latest evaluation}`` for the keys that have one."""
        keys = list(dict.fromkeys(genome_keys))
        found: dict[str, dict[str, Any]] = {}
        for i in range(0, len(keys), _CHUNK):
            chunk = tuple(keys[i:i + _CHUNK])
            where = [("template_hash = ?", template_hash), (f"genome_key IN ({', '.join('?' * len(chunk))})", chunk),
                     ("problem_json = ?", canonical_problem(problem)), ("gpu_name = ?", gpu_name),
                     *_lookup_extra(nvcc_version, flags, replay, driver)]
            for row in self._select(where, order="id DESC", index=_IDENTITY_INDEX):
                found.setdefault(row["genome_key"], row)  # newest first: the first row of a key wins
        return {k: to_evaluation(found[k]) for k in keys if k in found}

    def add_run(self, run_id: str, folder: str | Path, identity: Mapping[str, Any]) -> None:
        """Record a run (its checkpoint folder and identity) once, so that its checkpoints are
        known to belong to this database."""
        with self._guard(), self._transaction():
            self._conn.execute("INSERT OR IGNORE INTO runs (run_id, folder, identity_json, started) "
                               "VALUES (?, ?, ?, ?)",
                               (run_id, str(folder), json.dumps(identity, sort_keys=True, default=str), time.time()))

    def run_record(self, run_id: str) -> dict[str, Any] | None:
        """The recorded run ``run_id`` (run_id, folder, identity, started), or None."""
        with self._guard():
            row = self._conn.execute("SELECT * FROM runs WHERE run_id = ?", (run_id,)).fetchone()
        return None if row is None else {**dict(row), "identity": json.loads(row["identity_json"])}

    def rows(self, template: str | None = None, run_id: str | None = None, status: str | None = None,
             after_id: int = 0, limit: int | None = None) -> list[dict[str, Any]]:
        """Rows in insertion order, filtered; ``after_id`` lets a live reader fetch only what is new."""
        where = [("id > ?", after_id)]
        for column, value in (("template", template), ("run_id", run_id), ("status", status)):
            if value is not None:
                where.append((f"{column} = ?", value))
        return self._select(where, limit=limit)

    def templates(self) -> list[str]:
        """The names of the templates evaluated here, sorted."""
        with self._guard():
            return sorted(r[0] for r in self._conn.execute("SELECT DISTINCT template FROM evaluations"))

    def count(self, run_id: str | None = None, template: str | None = None, infeasible: bool = False) -> int:
        """Number of evaluations, of one run or template or of all; ``infeasible``: only those that passed
        but are not feasible (store_rows.INFEASIBLE_SQL: they broke a limit of their run)."""
        clauses, params = [], []
        for column, value in (("run_id", run_id), ("template", template)):
            if value is not None:
                clauses.append(f"{column} = ?")
                params.append(value)
        if infeasible:
            clauses.append(INFEASIBLE_SQL)
        where = " WHERE " + " AND ".join(clauses) if clauses else ""
        with self._guard():
            return int(self._conn.execute(f"SELECT COUNT(*) FROM evaluations{where}", params).fetchone()[0])

    def _ranked(self, template: str | None, problem: Mapping[str, Any] | None, status: str | None, by: str,
                limit: int | None, partition: str | None, feasible: bool = False,
                template_hash: str | None = None) -> list[dict[str, Any]]:
        if by not in _ORDER:
            raise ValueError(f"cannot rank by {by!r}; choose one of {', '.join(_ORDER)}")
        where = [(f"{by} IS NOT NULL", _NO_PARAM)]
        if feasible:
            where.append((FEASIBLE_SQL, _NO_PARAM))
        if template is not None:
            where.append(("template = ?", template))
        if template_hash is not None:
            where.append(("template_hash = ?", template_hash))
        if problem is not None:
            where.append(("problem_json = ?", canonical_problem(problem)))
        if status is not None:
            where.append(("status = ?", status))
        order = f"{by} {_ORDER[by]}, id DESC"  # ties: the newest first
        return self._select(where, order=order, limit=limit, partition=partition)

    def top(self, k: int = 10, template: str | None = None, problem: Mapping[str, Any] | None = None,
            status: str | None = "ok", by: str = "fitness", unique: bool = True,
            feasible: bool = False, template_hash: str | None = None) -> list[dict[str, Any]]:
        """The ``k`` best rows, best first, by fitness or speedup (higher is better) or median_ms
        or p95_ms (lower is better). ``unique`` keeps one row, the best, per genome, problem and
        GPU, so that a genome measured in several runs appears once; ``feasible``: only rows that are
        (store_rows.FEASIBLE_SQL); ``template_hash``: only rows of that version of the template."""
        partition = "template_hash, genome_key, problem_json, gpu_name" if unique else None
        return self._ranked(template, problem, status, by, limit=k, partition=partition, feasible=feasible,
                            template_hash=template_hash)

    def best_by_problem(self, template: str, status: str | None = "ok", by: str = "fitness",
                        feasible: bool = False, template_hash: str | None = None) -> list[dict[str, Any]]:
        """The best row of each problem the template was evaluated on (``feasible``: of those with a
        feasible row, the best feasible one; ``template_hash``: of that version of the template), in problem
        order."""
        best = self._ranked(template, None, status, by, limit=None, partition="problem_json", feasible=feasible,
                            template_hash=template_hash)
        return sorted(best, key=lambda row: canonical_problem(row["problem"]))

    def runs(self) -> list[dict[str, Any]]:
        """One entry per run id, in the order the runs began: evaluation counts, GPUs, nvcc
        versions and templates seen (comma-joined where several), first and last timestamps."""
        sql = ("SELECT run_id, COUNT(*) AS count, SUM(status = 'ok') AS ok, GROUP_CONCAT(DISTINCT template) AS "
               "templates, GROUP_CONCAT(DISTINCT gpu_name) AS gpu_name, GROUP_CONCAT(DISTINCT nvcc_version) AS "
               "nvcc_version, MIN(timestamp) AS first, MAX(timestamp) AS last, MAX(replay) AS replay "
               "FROM evaluations GROUP BY run_id ORDER BY MIN(id)")
        with self._guard():
            return [{**dict(r), "replay": bool(r["replay"])} for r in self._conn.execute(sql).fetchall()]

    def baseline_ms(self, template_hash: str, baseline_key: str, problem: Mapping[str, Any], gpu_name: str, *,
                    nvcc_version: str | None = None, objective: str = "median") -> float | None:
        """The time of the latest successful evaluation of the baseline genome on this GPU and
        problem (median, or p95 for the tail-latency objective); None where there is none."""
        column = {"median": "median_ms", "p95": "p95_ms"}[objective]
        where = _identity(template_hash, baseline_key, problem, gpu_name) + [
            ("status = ?", "ok"), (f"{column} IS NOT NULL", _NO_PARAM)]
        if nvcc_version is not None:
            where.append(("nvcc_version = ?", nvcc_version))
        rows = self._select(where, order="id DESC", limit=1, index=_IDENTITY_INDEX)
        return float(rows[0][column]) if rows else None
