"""Run one rendered template kernel on the CPU, for tests: tests/cuda_emu.h emulates the few CUDA
features the templates use (one std::thread per CUDA thread, blocks one after another, a thread-block
cluster's blocks together with distributed shared memory and the cluster barrier, barriers, warp
shuffles, atomics), g++ builds it with AddressSanitizer and UBSan, and the outputs of two launches
(each NaN-poisoned first) are compared with each other and with the template's reference.

It checks index math, tails, guards and barriers; it says nothing about speed, and a CPU schedule
is only one of the schedules a GPU may run (blocks run in order, warps in lock step by barrier).
"""
from __future__ import annotations

import hashlib
import os
import re
import subprocess
import tempfile
from pathlib import Path

import numpy as np

from evo_kernels.runners.checks import rel_error
from evo_kernels.runners.inputs import draw
from evo_kernels.template import DTYPES, KernelTemplate

HERE = Path(__file__).resolve().parent


def _main_source(tmpl: KernelTemplate, sig: list[tuple[str, str, str]]) -> str:
    lines = ['#include "cuda_emu.h"', '#include "kernel.cu"', "#include <cstdio>", "#include <cstdlib>",
             'static void rd(const char* f, void* p, size_t n) { FILE* fp = fopen(f, "rb"); '
             "if (!fp || fread(p, 1, n, fp) != n) abort(); fclose(fp); }",
             'static void wr(const char* f, const void* p, size_t n) { FILE* fp = fopen(f, "wb"); '
             "if (!fp || fwrite(p, 1, n, fp) != n) abort(); fclose(fp); }",
             "int main(int argc, char** argv) {", "const char* dir = argv[1]; char fn[4096];",
             'FILE* sp = fopen(argv[2], "r"); unsigned gx, gy, gz, bx, by, bz; int reps, rev; long off;',
             'if (fscanf(sp, "%u %u %u %u %u %u %d %ld %d", &gx, &gy, &gz, &bx, &by, &bz, &reps, &off, &rev) != 9) '
             'abort();']
    call = []
    for name, role, dt in sig:
        ct = DTYPES[dt][0]
        if role == "scalar":
            lines.append(f'double {name}_v; if (fscanf(sp, "%lf", &{name}_v) != 1) abort();')
            lines.append(f"{ct} {name} = ({ct}){name}_v;")
        else:
            lines.append(f'long {name}_n; if (fscanf(sp, "%ld", &{name}_n) != 1) abort();')
            # exactly n + off elements: ASan reports any access past the end
            lines.append(f"{ct}* {name}_a = ({ct}*)calloc({name}_n + off, sizeof({ct}));")
            lines.append(f"{ct}* {name} = {name}_a + off;")
            if role in ("in", "inout"):
                lines.append(f'snprintf(fn, sizeof fn, "%s/{name}.bin", dir); rd(fn, {name}, {name}_n * sizeof({ct}));')
        call.append(name)
    lines.append("for (int r = 0; r < reps; ++r) {")
    for name, role, _ in sig:
        if role == "out":
            lines.append(f"for (long i = 0; i < {name}_n; ++i) {name}[i] = NAN;")
    lines.append(f"emu_launch(dim3{{gx, gy, gz}}, dim3{{bx, by, bz}}, [&] {{ {tmpl.kernel}({', '.join(call)}); }}, "
                 "rev && r % 2 == 1);")
    for name, role, dt in sig:
        if role in ("out", "inout"):
            lines.append(f'snprintf(fn, sizeof fn, "%s/{name}.%d.out", dir, r); '
                         f"wr(fn, {name}, {name}_n * sizeof({DTYPES[dt][0]}));")
    lines.append("}\nreturn 0;\n}")
    return "\n".join(lines) + "\n"


_SHARED = re.compile(r"__shared__\s+(__align__\(\d+\)\s+)?(\w+)\s+([^;]+);")
_DYNAMIC = re.compile(r"extern\s+__shared__\s+(__align__\(\d+\)\s+)?(\w+)\s+(\w+)\s*\[\s*\]\s*;")
_CLUSTER = re.compile(r"__cluster_dims__\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)")


def _register_shared(src: str) -> str:
    """Each ``__shared__`` declaration (one or more declarators, array dimensions without commas) as
    one instance per block of a cluster, the running block's bound to the name and registered
    (``emu_register``); the dynamic one (``extern __shared__ T name[];``) likewise, EMU_DYNAMIC_SMEM bytes
    (the launch's) an instance."""
    def dynamic(m: re.Match) -> str:
        align, ctype, name = m.group(1) or "", m.group(2), m.group(3)
        return (f"static {align}{ctype} {name}_emu[EMU_CLUSTER][EMU_DYNAMIC_SMEM / sizeof({ctype})]; "
                f"{ctype}* {name} = {name}_emu[emu_rank]; emu_register(&{name}_emu, sizeof({name}_emu));")

    def split(m: re.Match) -> str:
        align, ctype, out = m.group(1) or "", m.group(2), []
        for d in m.group(3).split(","):
            name = d.split("[")[0].strip()
            dims = d.strip()[len(name):]
            out.append(f"static {align}{ctype} {name}_emu[EMU_CLUSTER]{dims}; auto& {name} = {name}_emu[emu_rank]; "
                       f"emu_register(&{name}_emu, sizeof({name}_emu));")
        return " ".join(out)
    src = _DYNAMIC.sub(dynamic, src.replace("#include <cooperative_groups.h>", ""))
    return _SHARED.sub(split, src)


def _cluster_defines(src: str, dynamic_smem: int) -> str:
    """The kernel's cluster shape (``__cluster_dims__``, else 1 x 1 x 1) and its launch's dynamic shared memory
    for cuda_emu.h, defined before it."""
    dims = _CLUSTER.search(src)
    cx, cy, cz = (int(d) for d in dims.groups()) if dims else (1, 1, 1)
    return (f"#define EMU_CX {cx}\n#define EMU_CY {cy}\n#define EMU_CZ {cz}\n#define EMU_CLUSTER {cx * cy * cz}\n"
            f"#define EMU_DYNAMIC_SMEM {dynamic_smem}\n")


def build_on_cpu(tmpl: KernelTemplate, genome, problem, work_dir: Path, sanitize: bool = True) -> Path:
    """The executable of one genome (cached in work_dir by source)."""
    rendered = tmpl.render(genome)
    src = _register_shared(rendered)
    sig = [(a.name, a.role, a.dtype) for a in tmpl.args(problem)]
    main = _cluster_defines(rendered, tmpl.launch(genome, problem).dynamic_smem) + _main_source(tmpl, sig)
    header = (HERE / "cuda_emu.h").read_text()
    key = hashlib.sha256("\0".join([src, main, header, str(sanitize)]).encode()).hexdigest()[:16]
    d = Path(work_dir) / "cpu_emu" / key
    exe = d / "run"
    if exe.exists():
        return exe
    d.mkdir(parents=True, exist_ok=True)
    (d / "kernel.cu").write_text(src)
    (d / "main.cpp").write_text(main)
    flags = ["-std=c++20", "-O1", "-g", "-pthread", "-w", f"-I{HERE}"]
    if sanitize:
        flags += ["-fsanitize=address,undefined", "-fno-sanitize-recover=undefined"]
    tmp = d / f"run.{os.getpid()}"
    proc = subprocess.run(["g++", *flags, str(d / "main.cpp"), "-o", str(tmp)], capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"g++ failed for {tmpl.name} {genome}:\n{proc.stderr[-4000:]}")
    os.replace(tmp, exe)
    return exe


def run_on_cpu(tmpl: KernelTemplate, genome, problem, work_dir: Path, offset: int = 0, reps: int = 2,
               seed: int = 0, timeout_s: float = 600.0, reverse: bool = False) -> dict:
    """Status ("ok", "crash", "nan", "nondeterministic" or "wrong_result") and the relative error
    norm of each output. ``offset`` shifts every buffer by that many elements from malloc's
    16-byte alignment (to exercise the misaligned paths). ``reverse``: every second rep runs the
    blocks in reverse order, so that two blocks writing one element make the reps differ
    ("nondeterministic"; not for kernels whose atomics make the order change the rounding)."""
    exe = build_on_cpu(tmpl, genome, problem, work_dir)
    args = tmpl.args(problem)
    launch = tmpl.launch(genome, problem)
    rng = np.random.default_rng(seed)
    inputs = {}
    with tempfile.TemporaryDirectory(prefix="emu-", dir=work_dir) as d:
        d = Path(d)
        spec: list = [*launch.grid, *launch.block, reps, offset, int(reverse)]
        for a in args:
            if a.role == "scalar":
                spec.append(a.value)
                continue
            spec.append(int(np.prod(a.shape)))
            if a.role in ("in", "inout"):
                inputs[a.name] = draw(a, rng).astype(DTYPES[a.dtype][1])   # the harness's own distributions
                inputs[a.name].tofile(d / f"{a.name}.bin")
        (d / "spec.txt").write_text(" ".join(map(str, spec)))
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")
        proc = subprocess.run([str(exe), str(d), str(d / "spec.txt")], capture_output=True, text=True,
                              timeout=timeout_s, env=env)
        if proc.returncode != 0:
            return {"status": "crash", "error": (proc.stderr or proc.stdout)[-4000:]}
        ref = tmpl.reference(inputs, problem)
        norms = tmpl.error_norms({k: np.asarray(v, dtype=np.float64) for k, v in inputs.items()}, problem)
        res: dict = {"status": "ok"}
        for a in args:
            if a.role not in ("out", "inout"):
                continue
            outs = [np.fromfile(d / f"{a.name}.{r}.out", dtype=DTYPES[a.dtype][1]).reshape(a.shape)
                    for r in range(reps)]
            if any(not np.array_equal(outs[0], o, equal_nan=True) for o in outs[1:]):
                res["status"] = "nondeterministic"
            o = outs[0].astype(np.float64)
            if np.isnan(o).any():
                res["status"] = "nan"
                res[f"nan_{a.name}"] = int(np.isnan(o).sum())
                continue
            rf = np.asarray(ref[a.name], dtype=np.float64)
            err = rel_error(o, rf, norms.get(a.name))
            res[f"err_{a.name}"] = err
            if err > tmpl.tolerance_at(problem) and res["status"] == "ok":
                res["status"] = "wrong_result"
    return res
