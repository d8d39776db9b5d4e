"""DaskRunner: candidates measured on Dask workers, each running a local runner of its own.

    submit --> one Dask task per candidate (_measure_remote, a 1/16 share of a GPU=1 worker for GPU specs)
        --> on the worker: its cached LocalSpec runner (a GpuPool of its GPU: it builds with its
            own NvccBuilder and measures in its own GPU worker process, watchdog included; or the
            same replay) --> Measured --> back to this process --> a concurrent.futures.Future

The search, its strategy, the results database and the checkpoints stay in the client process;
the workers only build and measure. A worker that dies mid-task loses nothing: the scheduler
gives its tasks to another worker, each candidate has exactly one Dask future, and its result is
taken once, when that future finishes (a task that ran on the dead worker never reported, so it
counts once). A task during which ``ALLOWED_FAILURES + 1`` workers died is taken for the cause
and fails (KilledWorker); so does the future of a task that raised ``RETRIES + 1`` times: both
mean the backend broke, since a faulty kernel is a status, never an exception, and a hung or
crashing kernel takes down only the GPU worker process under the Dask worker.

dask and distributed are imported inside this module only, lazily (``pip install -e .[dask]``).
See docs/cluster.md for running workers on GPU hosts, and for what a scheduler lets its clients do.
"""
from __future__ import annotations

import atexit
import multiprocessing
import os
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Future, InvalidStateError
from dataclasses import replace
from typing import Any

from evo_kernels.records import Candidate
from evo_kernels.runners.base import Measured, Runner
from evo_kernels.runners.choose import BackendError, LocalSpec

# A GPU task asks for this share of its worker's GPU=1, so that PIPELINE candidates of a worker are
# in flight at once: their builds run in parallel on the worker's cores while its one GPU worker
# process measures them one at a time (the GpuPool's queue), as the local pipeline does.
PIPELINE = 16
GPU_SHARE = 1.0 / PIPELINE
CONNECT_TIMEOUT_S = 30.0  # a scheduler (and, for a GPU spec, its first GPU worker) must answer within this
RETRIES = 1  # a task that raised (a backend fault, not a kernel's) gets one more try, maybe on another worker
ALLOWED_FAILURES = 3  # Dask's default: workers that may die running one task before it fails (local clusters)
MISSING = "dask is an extra: pip install -e .[dask]"


def _distributed() -> Any:
    try:
        import dask  # noqa: F401 - both halves of the extra must be there
        import distributed
    except ImportError:
        raise BackendError(MISSING) from None
    return distributed


# --- the worker's side: module state lives once per Dask worker process ----------------------------

_LOCK = threading.Lock()
_RUNNERS: dict[LocalSpec, Runner] = {}
_TEMPLATES: dict[str, Any] = {}


def _close_runners() -> None:
    with _LOCK:
        runners = list(_RUNNERS.values())
        _RUNNERS.clear()
    for r in runners:
        try:
            r.close()
        except Exception:  # noqa: BLE001 - exiting: close what can be closed
            pass


atexit.register(_close_runners)


def _worker() -> tuple[str, str]:
    """This Dask worker's (name, address); ("", "") outside a worker."""
    try:
        from distributed import get_worker

        w = get_worker()
    except (ImportError, ValueError):
        return "", ""
    return str(w.name), str(w.address)


def _pinned(spec: LocalSpec, gpu_by_worker: tuple[int, ...] | None) -> LocalSpec:
    """On a local cluster of GPU workers, worker ``name`` i measures on GPU ``gpu_by_worker[i]``
    (a restarted worker keeps its name, hence its GPU)."""
    if spec.replay is not None or gpu_by_worker is None:
        return spec
    name, _ = _worker()
    return replace(spec, gpus=(gpu_by_worker[int(name)],))


def _runner(spec: LocalSpec) -> Runner:
    """This process's runner of ``spec``, opened on first use (a GPU worker process starts once)."""
    with _LOCK:
        r = _RUNNERS.get(spec)
        if r is None:
            r = _RUNNERS[spec] = spec.open()
        return r


def _template(path: str, digest: str) -> Any:
    """The template at ``path``, loaded once per process; it must be the client's (same hash)."""
    from evo_kernels.template import load_template

    with _LOCK:
        t = _TEMPLATES.get(path)
        if t is None or t.hash != digest:  # not loaded yet, or changed on disk since
            t = _TEMPLATES[path] = load_template(path)
    if t.hash != digest:
        name, _ = _worker()
        raise RuntimeError(f"{path} on Dask worker {name} has hash {t.hash}, the client's has {digest}: "
                           "every worker needs the same template files at the same path")
    return t


def _measure_remote(spec: LocalSpec, template_path: str | None, template_hash: str | None, candidate: Candidate,
                    check_only: bool, gpu_by_worker: tuple[int, ...] | None = None) -> tuple[Measured, str, float]:
    """Runs on a Dask worker: the candidate's Measured, this worker's name, and the seconds it took."""
    t0 = time.monotonic()
    template = _template(template_path, template_hash or "") if template_path is not None else None
    runner = _runner(_pinned(spec, gpu_by_worker))
    measured = runner.submit(template, [candidate], check_only)[0].result()
    name, _ = _worker()
    return measured, name, time.monotonic() - t0


def _describe_remote(spec: LocalSpec, gpu_by_worker: tuple[int, ...] | None = None) -> tuple[dict[str, Any], str]:
    """Runs on a Dask worker: its runner's device_info() and nvcc_version()."""
    runner = _runner(_pinned(spec, gpu_by_worker))
    return runner.device_info(), runner.nvcc_version()


def _daemonic() -> bool:
    return bool(multiprocessing.current_process().daemon)


# --- the client's side ----------------------------------------------------------------------------


def check_scheduler(scheduler: str | None, gpus: tuple[int, ...] | None) -> Any:
    """The distributed module, or a BackendError for what cannot work, found without connecting: Dask not
    installed, ``--gpus`` beside a scheduler, a malformed scheduler address, tls:// without this client's
    certificates. Run before anything is written (``Backend.validate``) and again when a runner opens: a
    Client that fails on these lingers and stalls the interpreter's exit for seconds."""
    distributed = _distributed()
    if not scheduler:
        return distributed
    if gpus is not None:
        raise BackendError("--gpus picks GPUs of this machine; with --scheduler each Dask worker measures on "
                           "the GPU it is given (CUDA_VISIBLE_DEVICES, --resources GPU=1)")
    try:
        from distributed.comm import get_address_host, parse_address
        from distributed.comm.registry import get_backend

        get_backend(parse_address(scheduler)[0])
        get_address_host(scheduler)
    except ValueError as exc:
        raise BackendError(f"Dask scheduler {scheduler}: {_one_line(exc)}") from None
    if scheduler.startswith("tls://"):
        sec = distributed.Security()
        if not (sec.tls_ca_file and sec.tls_client_cert):
            raise BackendError(f"Dask scheduler {scheduler}: tls:// needs this client's CA file, certificate "
                               "and key in the Dask config (distributed.comm.tls.ca-file, client.cert, "
                               "client.key; see docs/cluster.md)")
    return distributed


class DaskRunner(Runner):
    """Measures on the workers of a Dask cluster: ``scheduler`` (a tcp:// or tls:// address), or a
    LocalCluster of ``local_workers`` processes started here, or a given ``client`` (not closed by
    :meth:`close`). Every worker opens ``local`` there (its GPUs, or the same replay).

    GPU tasks ask for 1/PIPELINE of the Dask resource ``GPU``: start one ``dask worker --resources
    GPU=1 --nthreads 16`` per GPU, so that a worker builds 16 candidates while it measures one. A
    local cluster of a GPU spec gives its worker i the i-th GPU of
    ``local.gpus`` (default: all visible).
    """

    def __init__(self, local: LocalSpec, scheduler: str | None = None, local_workers: int = 0, client: Any = None,
                 timeout_s: float = CONNECT_TIMEOUT_S, replay_space: Any = None) -> None:
        """``replay_space``: the ReplaySpace of ``local.replay`` where the caller has it loaded (its baseline is
        read there rather than from the file again)."""
        if [bool(scheduler), local_workers > 0, client is not None].count(True) != 1:
            raise BackendError("DaskRunner: give exactly one of a scheduler address, local workers or a client")
        distributed = check_scheduler(scheduler, local.gpus)
        if local.replay is not None:  # the workers open it by this path: absolute, whatever their working folder
            local = replace(local, replay=os.path.abspath(local.replay))
        self.local = local
        self.replay = local.replay is not None
        self._replay_space = replay_space
        self._resources = None if self.replay else {"GPU": GPU_SHARE}
        self._gpu_by_worker: tuple[int, ...] | None = None
        self._cluster: Any = None
        self._own_client = client is None
        self._lock = threading.Lock()
        self._inflight: dict[str, tuple[Any, Future]] = {}  # Dask key -> (Dask future, our future)
        self._busy: dict[str, list[float]] = {}  # worker name -> [seconds measuring, candidates measured]
        self._described: tuple[dict[str, Any], str] | None = None
        self._closed = False
        if client is not None:
            self._client = client
        elif scheduler:
            try:
                self._client = distributed.Client(scheduler, timeout=timeout_s, set_as_default=False)
            except (OSError, TimeoutError) as exc:
                raise BackendError(f"Dask scheduler {scheduler} did not answer (waited up to {timeout_s:g} s: "
                                   f"{_one_line(exc)})") from None
            except (TypeError, ValueError) as exc:  # Dask's words for a bad address or TLS settings
                raise BackendError(f"Dask scheduler {scheduler}: {_one_line(exc)}") from None
        else:
            self._client = self._start_local(distributed, local, local_workers)
        try:
            self.address = str(self._client.scheduler.address)
            self.workers = self._count_workers(timeout_s)
        except BaseException:
            self.close()
            raise
        self._started = time.monotonic()

    # --- connecting ---

    def _start_local(self, distributed: Any, local: LocalSpec, n: int) -> Any:
        import dask

        extra: dict[str, Any] = {}
        if not self.replay:
            devices = list(local.gpus) if local.gpus is not None else list(range(_gpu_count()))
            if n > len(devices):
                raise BackendError(f"--dask-local {n}: only {len(devices)} GPU(s) here, one per worker")
            self._gpu_by_worker = tuple(devices[:n])
            extra["resources"] = {"GPU": 1}
            # A nanny's worker is a daemonic process by default, and daemonic processes cannot start
            # the GPU worker process; the nanny reads this at every (re)start, so it is set for good.
            dask.config.set({"distributed.worker.daemon": False})
        with dask.config.set({"distributed.scheduler.allowed-failures": ALLOWED_FAILURES}):
            # no dashboard; the scheduler's HTTP server (health, metrics) still starts whatever
            # dashboard_address says, by default on 8787: a free loopback port instead
            self._cluster = distributed.LocalCluster(n_workers=n, threads_per_worker=1 if self.replay else PIPELINE,
                                                     processes=True,
                                                     host="127.0.0.1", dashboard_address=None,
                                                     scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}, **extra)
        return distributed.Client(self._cluster, set_as_default=False)

    def _count_workers(self, timeout_s: float) -> int:
        try:
            self._client.wait_for_workers(1, timeout=timeout_s)
        except TimeoutError:
            raise BackendError(f"Dask scheduler {self.address}: no worker joined within {timeout_s:g} s") from None
        workers = self._client.scheduler_info(n_workers=-1)["workers"]
        if self.replay:
            self._busy = {str(w["name"]): [0.0, 0] for w in workers.values()}
            return len(workers)
        gpu = [a for a, w in workers.items() if (w.get("resources") or {}).get("GPU", 0) > 0]
        if not gpu:
            raise BackendError(f"Dask scheduler {self.address}: no worker offers the resource GPU "
                               "(start one `dask worker --resources GPU=1 --nthreads 16` per GPU)")
        daemonic = [a for a, d in self._client.run(_daemonic, workers=gpu).items() if d]
        if daemonic:
            raise BackendError(f"Dask workers {', '.join(sorted(daemonic))} are daemonic processes, which cannot "
                               "start a GPU worker process: start them with DASK_DISTRIBUTED__WORKER__DAEMON=False")
        self._busy = {str(workers[a]["name"]): [0.0, 0] for a in gpu}
        return len(gpu)

    # --- the Runner interface ---

    def submit(self, template: Any, candidates: Sequence[Candidate], check_only: bool = False) -> list[Future]:
        if self._closed:
            raise RuntimeError("DaskRunner is closed")
        # the workers load the template by this path: absolute, as their working folders may differ
        path, digest = (os.path.abspath(template.mako_path), template.hash) if template is not None else (None, None)
        out = []
        for c in candidates:
            f: Future = Future()
            df = self._client.submit(_measure_remote, self.local, path, digest, c, check_only, self._gpu_by_worker,
                                     pure=False, resources=self._resources, retries=RETRIES)
            with self._lock:
                self._inflight[df.key] = (df, f)
            f.add_done_callback(lambda f, df=df: df.cancel() if f.cancelled() else None)
            df.add_done_callback(self._bridge)
            out.append(f)
        return out

    def _bridge(self, df: Any) -> None:
        """Dask's callback thread: take the finished task's result, once, into our future."""
        with self._lock:
            entry = self._inflight.pop(df.key, None)
        if entry is None:  # already taken (or the runner closed)
            return
        _, f = entry
        try:
            measured, name, seconds = df.result()
        except BaseException as exc:  # noqa: BLE001 - a lost cluster, a KilledWorker, a cancelled task
            _settle(f, exc=exc)
        else:
            self._add_busy(name, seconds)
            _settle(f, value=measured)
        finally:
            df.release()  # nobody wants it any more: a later worker death must not recompute it

    def _add_busy(self, name: str, seconds: float) -> None:
        with self._lock:
            b = self._busy.setdefault(name, [0.0, 0])
            b[0] += seconds
            b[1] += 1

    def busy(self) -> dict[str, Any]:
        """Per Dask worker (by name: the workers at connect time, then any that joined and answered):
        seconds inside the measurement and candidates measured; and the wall time since connecting."""
        with self._lock:
            names = list(self._busy)
            return {"wall_s": time.monotonic() - self._started, "busy_s": [self._busy[n][0] for n in names],
                    "measured": [int(self._busy[n][1]) for n in names], "worker_names": names}

    def _describe(self) -> tuple[dict[str, Any], str]:
        if self._described is None:
            df = self._client.submit(_describe_remote, self.local, self._gpu_by_worker, pure=False,
                                      resources=self._resources, retries=RETRIES)
            self._described = df.result()
        return self._described

    def device_info(self) -> dict[str, Any]:
        """One worker's device (its runner's device_info()), with the scheduler's address under "dask"."""
        info, _ = self._describe()
        return {**info, "dask": self.address}

    def nvcc_version(self) -> str:
        """The workers' nvcc release (asked of one worker); "" for a replay."""
        return "" if self.replay else self._describe()[1]

    def baseline(self, template: Any, problem: dict[str, int]) -> Candidate:
        """The workers' replay's baseline (from the loaded space the caller gave, else its recording read here once),
        or the template's identity genome."""
        if not self.replay:
            return super().baseline(template, problem)
        if self._replay_space is None:
            from evo_kernels.runners.replay import load_space

            self._replay_space = load_space(self.local.replay)
        return self._replay_space.baseline_candidate()

    def close(self) -> None:
        """Close the client and the local cluster this runner started (not a client it was given);
        futures still pending fail."""
        if self._closed:
            return
        self._closed = True
        with self._lock:
            pending = list(self._inflight.values())
            self._inflight.clear()
        for df, f in pending:
            df.cancel()
            _settle(f, exc=RuntimeError("DaskRunner closed before this candidate was measured"))
        if self._own_client:
            self._client.close()
            if self._cluster is not None:
                self._cluster.close()


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())[:300] or type(exc).__name__


def _settle(f: Future, value: Any = None, exc: BaseException | None = None) -> None:
    try:
        if exc is not None:
            f.set_exception(exc)
        else:
            f.set_result(value)
    except InvalidStateError:  # cancelled by its consumer, or settled by close()
        pass


def _gpu_count() -> int:
    from evo_kernels.runners.choose import gpu_count

    return gpu_count()


__all__ = ["ALLOWED_FAILURES", "DaskRunner", "RETRIES"]
