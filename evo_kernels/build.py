"""NvccBuilder: render, compile with nvcc in parallel (joblib), cache cubins by content, parse ptxas.

Every outcome is a :class:`~evo_kernels.records.BuildResult`; a failed compile carries its error
text and never raises out of a batch. The rendered source of a failed compile is kept beside the cubin
cache (``<cache>/<2 hex>/<digest>.cu``), and the error names the template file, the genome's key and that
file, so that the line nvcc points at can be opened.
"""
from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

import numpy as np
from joblib import Parallel, delayed, effective_n_jobs

from evo_kernels.genome import InvalidGenome
from evo_kernels.limits import MAX_SMEM_PER_BLOCK
from evo_kernels.records import BuildResult, Candidate
from evo_kernels.template import DTYPES, KernelTemplate, TemplateError

REGS_PER_SM = 65536
POINTER_BYTES = 8

_ENTRY = re.compile(r"Compiling entry function '([^']+)' for '([^']+)'")
_FUNC_PROPS = re.compile(r"Function properties for (\S+)")
_FRAME = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
_USED = re.compile(r"Used (\d+) registers")
_SMEM = re.compile(r"(\d+) bytes smem")
_CMEM = re.compile(r"(\d+) bytes cmem\[0\]")


@dataclass(frozen=True)
class PtxasReport:
    """Resource usage of one entry function as reported by ``ptxas -v``."""

    function: str
    registers: int = 0
    spill_store_bytes: int = 0
    spill_load_bytes: int = 0
    stack_bytes: int = 0
    smem_bytes: int = 0
    cmem_bytes: int = 0


def parse_ptxas(text: str) -> dict[str, PtxasReport]:
    """Parse the ``-Xptxas -v`` report into one :class:`PtxasReport` per entry function."""
    reports: dict[str, dict] = {}
    current = None
    for line in text.splitlines():
        if m := _ENTRY.search(line):
            current = m.group(1)
            reports.setdefault(current, {"function": current})
        elif m := _FUNC_PROPS.search(line):
            current = m.group(1)
            reports.setdefault(current, {"function": current})
        elif current is not None and (m := _FRAME.search(line)):
            r = reports[current]
            r["stack_bytes"], r["spill_store_bytes"], r["spill_load_bytes"] = map(int, m.groups())
        elif current is not None and (m := _USED.search(line)):
            r = reports[current]
            r["registers"] = int(m.group(1))
            if s := _SMEM.search(line):
                r["smem_bytes"] = int(s.group(1))
            if c := _CMEM.search(line):
                r["cmem_bytes"] = int(c.group(1))
    return {k: PtxasReport(**v) for k, v in reports.items()}


_KPARAM_INFO = 0x17  # EIATTR_KPARAM_INFO: one record per parameter of an entry function (cuobjdump -elf prints them)
_EIFMT_SVAL, _EIFMT_HVAL, _EIFMT_BVAL = 4, 3, 2  # .nv.info record formats: sized payload, 2 bytes, 1 byte


def entry_params(cubin: Path, entry: str) -> list[int] | None:
    """The byte sizes of an entry function's parameters in order, read from its cubin's ``.nv.info.<entry>``
    section, without another nvcc or cuobjdump process; None where the cubin holds no such records."""
    data = cubin.read_bytes()
    try:
        if data[:5] != b"\x7fELF\x02":  # a 64-bit ELF, as every cubin is
            return None
        (shoff,) = struct.unpack_from("<Q", data, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
        sections = [struct.unpack_from("<I4xQ8xQQ", data, shoff + i * shentsize) for i in range(shnum)]
        names_at = sections[shstrndx][2]
        wanted = f".nv.info.{entry}".encode()
        for name, _, off, size in sections:
            if data[names_at + name: data.index(b"\0", names_at + name)] != wanted:
                continue
            sizes: dict[int, int] = {}
            at = off
            while at < off + size:
                fmt, attr = data[at], data[at + 1]
                if fmt == _EIFMT_SVAL:
                    (n,) = struct.unpack_from("<H", data, at + 2)
                    if attr == _KPARAM_INFO:
                        _, ordinal, _, flags = struct.unpack_from("<IHHI", data, at + 4)
                        sizes[ordinal] = flags >> 18
                    at += 4 + n
                else:
                    at += {_EIFMT_HVAL: 4, _EIFMT_BVAL: 3}.get(fmt, 2)
            return [sizes[i] for i in range(len(sizes))] if sizes else []
    except (struct.error, IndexError, ValueError, KeyError):
        return None
    return None


def argument_problem(template: KernelTemplate, cubin: Path) -> str | None:
    """What is wrong with the template's ``args()`` against the parameters of its kernel in ``cubin``, as one line
    naming both files, or None: their count, and an array (a pointer, 8 bytes) where the kernel takes a scalar (4)
    or the other way round. None too where the cubin does not list its parameters."""
    sizes = entry_params(cubin, template.kernel)
    if sizes is None:
        return None
    args = template.args(template.problem)
    where = f"{template.meta_path}: "
    kernel = f"the kernel {template.kernel} in {template.mako_path}"
    if len(args) != len(sizes):
        return (f"{where}args() gives {len(args)} arguments ({', '.join(a.name for a in args)}), {kernel} takes "
                f"{len(sizes)} parameters")
    for i, (a, size) in enumerate(zip(args, sizes), 1):
        want = np.dtype(DTYPES[a.dtype][1]).itemsize if a.role == "scalar" else POINTER_BYTES
        if size != want:
            what = f"a {want}-byte scalar" if a.role == "scalar" else "an array (a pointer)"
            theirs = "a pointer" if size == POINTER_BYTES else f"a {size}-byte scalar"
            return (f"{where}argument {i} ({a.name}) is {what}, the kernel {template.kernel}'s parameter {i} in "
                    f"{template.mako_path} is {size} bytes ({theirs})")
    return None


@functools.lru_cache(maxsize=4)
@functools.cache
def nvcc_version(nvcc: str = "nvcc") -> str:
    """The release line of ``nvcc --version``, e.g. ``cuda_13.0.r13.0/compiler.36424714_0`` (asked
    once per process)."""
    try:
        out = subprocess.run([nvcc, "--version"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        raise RuntimeError(f"nvcc not usable ({nvcc}): {exc}") from exc
    return out.strip().splitlines()[-1].replace("Build ", "")


ARCH = re.compile(r"sm_\d{2,3}[af]?")


@functools.cache
def nvcc_archs(nvcc: str = "nvcc") -> tuple[str, ...]:
    """The real architectures this nvcc compiles for (``nvcc --list-gpu-code``); () where it cannot say."""
    try:
        out = subprocess.run([nvcc, "--list-gpu-code"], capture_output=True, text=True, check=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return ()
    return tuple(x for x in out.split() if ARCH.fullmatch(x))


def arch_problem(arch: str, nvcc: str | None = "nvcc") -> str | None:
    """What is wrong with ``arch`` as a build target (``--arch``), or None: it must read like sm_90, and be one
    ``nvcc`` compiles for where it can list them (None: the form only, as for an exported header, which is
    written without nvcc and compiled by the user's)."""
    if not ARCH.fullmatch(arch):
        return "expected a GPU architecture like sm_90"
    known = nvcc_archs(nvcc) if nvcc else ()
    if known and arch not in known:
        return f"not an architecture this nvcc compiles for ({', '.join(known)})"
    return None


def default_cache_dir() -> Path:
    return Path(os.environ.get("EVO_KERNELS_CACHE", Path.home() / ".cache" / "evo-kernels" / "cubins"))


def _write_atomically(path: Path, fill: str | Callable[[Path], Any]) -> None:
    """Write ``path`` (``fill``: its text, or a function that writes the file it is given) through a temporary of
    this write alone and a rename, so that a concurrent reader, or another build of the same source, never sees
    half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.{uuid.uuid4().hex}.tmp")
    if isinstance(fill, str):
        tmp.write_text(fill)
    else:
        fill(tmp)
    os.replace(tmp, path)


class Builder(Protocol):
    """The build seam beside the Runner: candidates of a template in, BuildResults out, either as
    a batch (``build``) or one future per candidate, resolved as each finishes (``submit``)."""

    def build(self, template: KernelTemplate, candidates: Sequence[Candidate]) -> list[BuildResult]:
        ...

    def submit(self, template: KernelTemplate, candidates: Sequence[Candidate]) -> list[Future]:
        ...

    def nvcc_version(self) -> str:
        ...


class NvccBuilder:
    """Builds candidates of templates into cubins, ``n_jobs`` nvcc processes at a time (joblib's
    count: -1 is one per core).

    The cache key (:meth:`cache_key`) covers the rendered source, the entry name, the flags and the nvcc
    version, so a change in any of them is a new build. ``build`` compiles a batch with joblib; ``submit`` hands
    each build to a pool of ``n_jobs`` threads (each waits on its own nvcc process) and returns at once, so
    that a pipeline can measure the first build while the others compile.
    """

    def __init__(self, arch: str = "sm_90", cache_dir: str | Path | None = None, n_jobs: int = -1,
                 extra_flags: Sequence[str] = (), nvcc: str = "nvcc", timeout_s: float = 300.0) -> None:
        self.arch = arch
        self.cache_dir = Path(cache_dir) if cache_dir else default_cache_dir()
        self.n_jobs = n_jobs
        self.nvcc = nvcc
        self.flags = ("-cubin", f"-arch={arch}", "-O3", "-Xptxas", "-v", *extra_flags)
        self.timeout_s = timeout_s
        self._pool: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()

    def nvcc_version(self) -> str:
        return nvcc_version(self.nvcc)

    def _prepare(self, template: KernelTemplate, cand: Candidate, version: str) -> tuple[str | None, BuildResult]:
        """The rendered source and the build's fields, or (None, an invalid BuildResult)."""
        base = BuildResult(candidate=cand, status="invalid", template_hash=template.hash, entry=template.kernel,
                           arch=self.arch, flags=self.flags, nvcc_version=version)
        try:
            genome = template.space.check(cand.genome)
            source = template.render(genome)
        except (InvalidGenome, TemplateError) as exc:
            return None, replace(base, error=str(exc))
        threads = template.launch(genome, cand.problem or template.problem).threads
        return source, replace(base, threads_per_block=threads)

    @staticmethod
    def _origin(template: KernelTemplate, cand: Candidate) -> str:
        """What a failed compile's error starts with: the template file and the genome's key."""
        return f"{template.mako_path}, genome {cand.key or template.space.key(cand.genome)}"

    def submit(self, template: KernelTemplate, candidates: Sequence[Candidate]) -> list[Future]:
        """One future per candidate, each resolving to its BuildResult as soon as it is built."""
        version = nvcc_version(self.nvcc)
        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(effective_n_jobs(self.n_jobs), thread_name_prefix="nvcc")
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        out = []
        for cand in candidates:
            source, base = self._prepare(template, cand, version)
            if source is None:
                f: Future = Future()
                f.set_result(base)
                out.append(f)
            else:
                out.append(self._pool.submit(self._build_one, source, base, self._origin(template, cand)))
        return out

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def build(self, template: KernelTemplate, candidates: Sequence[Candidate]) -> list[BuildResult]:
        """Build a batch; results in the order of ``candidates``."""
        version = nvcc_version(self.nvcc)
        jobs = [self._prepare(template, cand, version) for cand in candidates]
        todo = [(i, s, b) for i, (s, b) in enumerate(jobs) if s is not None]
        results: list[BuildResult] = [b for _, b in jobs]
        if todo:
            self.cache_dir.mkdir(parents=True, exist_ok=True)
            built = Parallel(n_jobs=self.n_jobs, prefer="threads")(
                delayed(self._build_one)(s, b, self._origin(template, b.candidate)) for _, s, b in todo)
            for (i, _, _), r in zip(todo, built):
                results[i] = r
        return results

    def cache_key(self, source: str, entry: str, version: str) -> str:
        """The one key of the cubin cache: the rendered source, the entry function's name (a source that
        hard-codes its function's name builds under one KERNEL and fails under another), the flags and the nvcc
        version. Recordings and the database name builds by template hash and source hash, never by this key."""
        return hashlib.sha256("\0".join([source, entry, *self.flags, version]).encode()).hexdigest()

    def _build_one(self, source: str, base: BuildResult, origin: str) -> BuildResult:
        digest = self.cache_key(source, base.entry, base.nvcc_version)
        cubin = self.cache_dir / digest[:2] / f"{digest}.cubin"
        meta = cubin.with_suffix(".json")
        kept = cubin.with_suffix(".cu").absolute()  # the rendered source, kept where the build fails
        base = replace(base, source_hash=hashlib.sha256(source.encode()).hexdigest()[:16])
        if meta.exists() and (cubin.exists() or json.loads(meta.read_text()).get("status") != "ok"):
            cached = json.loads(meta.read_text())
            failed = cached.get("status") == "compile_error"
            # a failure cached before its source was kept names a deleted temporary: built again, below
            if not failed or str(kept) in cached.get("error", ""):
                if failed and not kept.exists():  # removed since
                    _write_atomically(kept, source)
                return self._finish(replace(base, cached=True, cubin_path=str(cubin), **cached), origin)
        t0 = time.perf_counter()
        with tempfile.TemporaryDirectory(prefix="evo-build-") as tmp:
            src, out = Path(tmp) / "kernel.cu", Path(tmp) / "kernel.cubin"
            src.write_text(source)
            try:
                proc = subprocess.run([self.nvcc, *self.flags, "-o", str(out), str(src)], capture_output=True,
                                      text=True, timeout=self.timeout_s)
            except subprocess.TimeoutExpired:
                _write_atomically(kept, source)
                return self._finish(replace(base, status="compile_error",
                                            error=f"{kept}: nvcc timed out after {self.timeout_s:.0f} s"), origin)
            seconds = time.perf_counter() - t0
            if proc.returncode != 0 or not out.exists():
                _write_atomically(kept, source)
                # nvcc names the temporary, gone once this returns: name the kept copy instead
                err = (proc.stderr or proc.stdout).strip().replace(str(src), str(kept))[-4000:]
                fields = {"status": "compile_error", "compile_seconds": seconds,
                          "error": err if str(kept) in err else f"{kept}: {err}"}  # ptxas's name no file
            else:
                rep = parse_ptxas(proc.stderr + proc.stdout).get(base.entry)
                if rep is None:
                    _write_atomically(kept, source)
                    fields = {"status": "compile_error", "compile_seconds": seconds,
                              "error": f"{kept}: entry function {base.entry!r} not found in the ptxas report "
                                       "(is it declared extern \"C\" __global__?)"}
                else:
                    fields = {"status": "ok", "compile_seconds": seconds, "registers": rep.registers,
                              "spill_store_bytes": rep.spill_store_bytes, "spill_load_bytes": rep.spill_load_bytes,
                              "stack_bytes": rep.stack_bytes, "smem_bytes": rep.smem_bytes,
                              "cmem_bytes": rep.cmem_bytes}
                    # a temporary of this build alone: two genomes that render the same source may build at
                    # once in one process (batches in flight together), and must not share one
                    _write_atomically(cubin, lambda tmp_cubin: shutil.copyfile(out, tmp_cubin))
            _write_atomically(meta, json.dumps(fields))
        return self._finish(replace(base, cubin_path=str(cubin) if fields["status"] == "ok" else "", **fields), origin)

    @staticmethod
    def _finish(r: BuildResult, origin: str) -> BuildResult:
        """Name the template file and genome in a failed compile's error (its first line, which tables show, then
        names the kept source and the line nvcc points at); flag builds that compiled but cannot launch as one
        block on an SM."""
        if r.status == "compile_error":
            return replace(r, cubin_path="", error=f"{origin}: {r.error}")
        if r.status != "ok":
            return replace(r, cubin_path="")
        if r.registers * r.threads_per_block > REGS_PER_SM:
            return replace(r, status="resources",
                           error=f"{r.registers} registers x {r.threads_per_block} threads > {REGS_PER_SM} per SM")
        if r.smem_bytes > MAX_SMEM_PER_BLOCK:
            return replace(r, status="resources", error=f"{r.smem_bytes} B shared memory > {MAX_SMEM_PER_BLOCK} B")
        return r
