"""Export tuned kernels as a self-contained CUDA header a user includes in their own code.

The header holds, per tuned specialization: the rendered kernel (renamed, internal linkage so
the header can be included in several translation units), its constants, a ``launch_<i>()``
helper computing grid and block for any problem size, and a provenance comment; the template's
baseline genome as the untuned default; then one ``launch()`` that dispatches to the specialization
tuned for the nearest problem size among those whose grid can be launched at the size asked (the
default when none can: :func:`dispatch` states the rule), and a guard for the GPU architecture it
was tuned on.
"""
from __future__ import annotations

import datetime
import json
import math
import re
import types
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from evo_kernels.limits import default_dynamic_smem, needs_cluster_opt_in
from evo_kernels.template import Arg, KernelTemplate, in_order

CTYPES = {"float32": "float", "int32": "int"}


class Sym:
    """A C++ integer expression built by running a template's Python ``launch()`` on symbols."""

    def __init__(self, expr: str) -> None:
        self.expr = expr

    @staticmethod
    def _c(x: Any) -> str:
        if isinstance(x, Sym):
            return x.expr
        if isinstance(x, bool) or not isinstance(x, int):
            raise TypeError(f"cannot export the non-integer {x!r}")
        return str(x)

    def _bin(self, op: str, other: Any, rev: bool = False) -> Sym:
        a, b = (self._c(other), self.expr) if rev else (self.expr, self._c(other))
        return Sym(f"({a} {op} {b})")

    def __add__(self, o): return self._bin("+", o)  # noqa: E704
    def __radd__(self, o): return self._bin("+", o, True)  # noqa: E704
    def __sub__(self, o): return self._bin("-", o)  # noqa: E704
    def __rsub__(self, o): return self._bin("-", o, True)  # noqa: E704
    def __mul__(self, o): return self._bin("*", o)  # noqa: E704
    def __rmul__(self, o): return self._bin("*", o, True)  # noqa: E704
    # Python's floor division and modulo differ from C++'s for negative operands (templates write
    # ceil division as -(-n // d)): the header's helpers give Python's semantics exactly.
    def __floordiv__(self, o): return Sym(f"evo_floordiv({self.expr}, {self._c(o)})")  # noqa: E704
    def __rfloordiv__(self, o): return Sym(f"evo_floordiv({self._c(o)}, {self.expr})")  # noqa: E704
    def __neg__(self): return Sym(f"(-{self.expr})")  # noqa: E704

    def __lt__(self, o):
        raise TypeError("launch() compares a problem size")

    __le__ = __gt__ = __ge__ = __lt__

    def __index__(self) -> int:
        raise TypeError("launch() used a problem size where a constant is needed")

    __int__ = __index__

    def __bool__(self) -> bool:
        raise TypeError("launch() branches on a problem size")


def launch_cpp(template: KernelTemplate, genome: dict, problem: dict) -> tuple[list[str], list[str], str]:
    """C++ expressions for grid (3), block (3) and dynamic shared memory, in the problem's names.

    A template whose ``launch()`` cannot run on symbols (it branches on sizes, calls min) may
    define ``launch_cpp(g) -> (grid_exprs, block_exprs[, smem_expr])`` instead."""
    if template.launch_cpp is not None:
        grid, block, *rest = template.launch_cpp(dict(genome))
    else:
        try:
            grid, block, *rest = _symbolic(template.meta, "launch")(dict(genome), {k: Sym(k) for k in problem})
        except TypeError as exc:
            raise ValueError(f"{template.meta_path}: launch() cannot be exported ({exc}); "
                             "define launch_cpp(g)") from exc
    pad = lambda t: [Sym._c(x) if not isinstance(x, str) else x for x in (list(t) + [1, 1, 1])[:3]]  # noqa: E731
    smem = rest[0] if rest else 0
    return pad(grid), pad(block), smem if isinstance(smem, str) else Sym._c(smem)


def _symbolic(module, name: str):
    """The module's function ``name`` rebound, with every function of the module it may call, to a copy of the
    module's namespace in which min and max accept symbols: the module itself is left as it is (no globals
    patched, so two exports at once cannot see each other's)."""
    ns = dict(vars(module))
    ns["min"], ns["max"] = _sym_reduce("evo_min", min), _sym_reduce("evo_max", max)
    for key, value in list(ns.items()):
        if isinstance(value, types.FunctionType) and value.__globals__ is vars(module):
            ns[key] = types.FunctionType(value.__code__, ns, value.__name__, value.__defaults__, value.__closure__)
    return ns[name]


def _sym_reduce(name: str, builtin):
    def f(*xs):
        xs = xs[0] if len(xs) == 1 else xs
        if not any(isinstance(x, Sym) for x in xs):
            return builtin(xs)
        expr = Sym._c(xs[0])
        for x in xs[1:]:
            expr = f"{name}({expr}, {Sym._c(x)})"
        return Sym(expr)
    return f


HELPERS = """inline long long evo_floordiv(long long a, long long b) {
    long long q = a / b; return (q * b != a && ((a < 0) != (b < 0))) ? q - 1 : q;
}
inline long long evo_min(long long a, long long b) { return a < b ? a : b; }
inline long long evo_max(long long a, long long b) { return a > b ? a : b; }
inline double evo_pos(long long a) { return a > 1 ? (double)a : 1.0; }
inline bool evo_fits(long long x, long long y, long long z) {
    return x >= 1 && x <= 2147483647LL && y >= 1 && y <= 65535 && z >= 1 && z <= 65535;
}
"""


# The template's code is written for every genome: a gene switched off leaves a variable unused (#177, #550) or a
# loop of a path the constants rule out (#128). Silenced around each kernel's code, and only there, so that the
# header compiles with -Werror all-warnings and its own code keeps every warning.
_SUPPRESSED = {177: "declared but never referenced", 550: "set but never used", 128: "loop is not reachable"}
TEMPLATE_CODE_DIAGNOSTICS = (
    ["#pragma nv_diagnostic push", *(f"#pragma nv_diag_suppress {n}  // {why}" for n, why in _SUPPRESSED.items())],
    ["#pragma nv_diagnostic pop"])


def scratch_cpp(template: KernelTemplate, problem: dict) -> list[str]:
    """The header's word on its scratch arguments (role "scratch" of the template's ``args()``, which sizes them
    for the GPU runner too: run here on symbols): their size, as ``<name>_scratch_elems(<sizes>)`` helpers, and
    their start, zero once (the role's contract: the runner zeroes them once and launches on them again and again,
    so a kernel that needs them zero leaves them so)."""
    if not any(a.role == "scratch" for a in template.args(problem)):
        return []
    try:
        args = _symbolic(template.meta, "args")({k: Sym(k) for k in problem})
        sizes = {a.name: " * ".join(f"({Sym._c(x)})" for x in a.shape) or "1" for a in args if a.role == "scratch"}
    except TypeError as exc:
        raise ValueError(f"{template.meta_path}: args() cannot be exported ({exc}): a scratch argument's shape must "
                         "be integer arithmetic on the sizes") from exc
    params = ", ".join(f"long long {k}" for k in problem)
    lines = ["// Scratch arguments: device buffers launch() works in, beside the data. Each must hold at least",
             "// <name>_scratch_elems(sizes) elements at the size launched, be zeroed once before the first launch",
             "// (cudaMemset to 0) and then be kept: every launch leaves it as the next one needs it. Launches that",
             "// may run at the same time (other streams) need buffers of their own."]
    for a in args:
        if a.role == "scratch":
            lines += [f"inline long long {a.name}_scratch_elems({params}) {{   // {CTYPES[a.dtype]}s, zeroed once",
                      *[f"    (void){k};" for k in problem if not re.search(rf"\b{k}\b", sizes[a.name])],
                      f"    return {sizes[a.name]};", "}"]
    return [*lines, ""]


def _params(args: Sequence[Arg]) -> list[str]:
    out = []
    for a in args:
        t = CTYPES[a.dtype]
        out.append(f"{t} {a.name}" if a.role == "scalar" else
                   f"const {t}* {a.name}" if a.role == "in" else f"{t}* {a.name}")
    return out


def _ident(s: str) -> str:
    return re.sub(r"\W", "_", s)


def _measured(k: str, v: Any) -> str:
    if k == "timestamp" and isinstance(v, int | float):
        return f"measured_at={datetime.datetime.fromtimestamp(v, datetime.UTC).isoformat(timespec='seconds')}"
    return f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}"


def render_header(template: KernelTemplate, entries: Sequence[dict[str, Any]], arch: str = "sm_90",
                  file_name: str | None = None) -> str:
    """The header text for ``entries``: dicts with ``genome``, ``problem`` and the measured
    ``median_ms``, ``speedup``, ``fitness``, ``cv``, ``registers``, ``spill_bytes``, ``gpu_name``,
    ``driver_version``, ``nvcc_version``, ``timestamp`` and ``template_hash`` (the store's rows; an entry measured on
another version of the template is said so, in the header's head and its own comment). ``file_name`` is the name
    the header is written under (its first line says it; default ``evo_tuned_<template>.cuh``)."""
    if not entries:
        raise ValueError(f"no tuned entries for {template.name} to export")
    # the sizes in the template's order, as launch() takes them (the database keeps a problem's keys sorted)
    entries = [{**e, "problem": in_order(e["problem"], list(template.problem))} for e in entries]
    ns = f"evo_tuned_{_ident(template.name)}"
    cc = int(re.sub(r"\D", "", arch))
    changed = [i for i, e in enumerate(entries) if template.changed_since(e.get("template_hash"))]
    args = template.args(entries[0]["problem"])
    sizes = list(entries[0]["problem"])
    params = _params(args)
    scratch = [a.name for a in args if a.role == "scratch"]
    call = ", ".join(a.name for a in args)
    size_params = ", ".join(f"int {k}" for k in sizes)
    lines = [f"// {file_name or ns + '.cuh'}: {template.name} kernels tuned by evo-kernels (namespace {ns}); generated "
             f"{datetime.datetime.now(datetime.UTC).isoformat(timespec='seconds')}.",
             f"// Template {template.mako_path.name} (hash {template.hash}); tuned for {arch}.",
             *(["// Tuned on replayed measurements (a recording's, nothing was timed here): each specialization "
                "names its recording."] if any(e.get("replay") for e in entries) else []),
             *([f"// CHANGED TEMPLATE (exported with --allow-changed-template): specialization(s) "
                f"{', '.join(map(str, changed))} were measured on another version of the template; their kernels "
                "here are the template's code now, which nobody measured."] if changed else []),
             "// Self-contained: include it in any .cu file; call launch(...) with the kernel's arguments.",
             "#pragma once", "#include <cuda_runtime.h>", "#include <cmath>", "#include <cstdint>", "",
             f"#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ != {cc * 10}",
             f"#warning \"{ns}: tuned on {arch}; this architecture runs it correctly but untuned\"", "#endif", "",
             f"namespace {ns} {{", "", HELPERS, *scratch_cpp(template, entries[0]["problem"])]
    includes: list[str] = []
    n_tuned = len(entries)
    default = {"genome": template.space.baseline(), "problem": None}
    grids = []
    for i, e in enumerate([*entries, default]):
        genome = template.space.check(template.space.coerce(e["genome"]))
        src = template.render(genome, kernel=f"{template.kernel}_{i}")
        src = src.replace('extern "C" __global__', "static __global__")
        # includes go to the top of the header, outside the namespaces (cooperative_groups.h cannot be
        # included inside one)
        includes += [ln for ln in src.splitlines() if ln.startswith("#include") and ln not in includes]
        src = "\n".join(ln for ln in src.splitlines() if not ln.startswith("#include"))
        grid, block, smem = launch_cpp(template, genome, entries[0]["problem"])
        static = template.smem_bytes(genome)   # the declared static shared memory, beside the dynamic part
        cluster = template.cluster(genome)
        grids.append(grid)
        lines += [f"// ---- specialization {i}: tuned for {json.dumps(e['problem'])}" if e["problem"] else
                  f"// ---- specialization {i}: the untuned default (the template's baseline genome)",
                  f"// genome: {json.dumps(genome)}", provenance(e),
                  *([f"// measured {template.changed_since(e['template_hash'])}: this code was never measured"]
                    if i in changed else []),
                  "// fitness = speedup * exp(-w_cv * cv) / (1 + w_spill * spill_KiB) (see evo_kernels/fitness.py)"]
        lines += [f"[[maybe_unused]] constexpr int {_ident(k).upper()}_{i} = {int(v)};"
                  for k, v in genome.items() if isinstance(v, int | bool)]
        lines += [f"namespace spec_{i} {{  // device helpers of one specialization stay apart from the others'",
                  *TEMPLATE_CODE_DIAGNOSTICS[0], src.strip(), *TEMPLATE_CODE_DIAGNOSTICS[1],
                  f"}}  // namespace spec_{i}", "",
                  f"inline cudaError_t launch_{i}({', '.join(params)}, cudaStream_t stream = 0) {{",
                  *[f"    const int {k} = {next((a.name for a in args if a.name == k), k)};"
                    for k in sizes if k not in {a.name for a in args}],
                  f"    dim3 grid({', '.join(f'(unsigned){x}' for x in grid)});",
                  f"    dim3 block({', '.join(f'(unsigned){x}' for x in block)});",
                  *([f"    if ({smem} > {default_dynamic_smem(static)}) {{   // past the default "
                     f"(48 KB less {static} B static): the kernel opts in",
                     f"        const cudaError_t e = cudaFuncSetAttribute(spec_{i}::{template.kernel}_{i}, "
                     f"cudaFuncAttributeMaxDynamicSharedMemorySize, (int)({smem}));",
                     "        if (e != cudaSuccess) return e;", "    }"] if smem != "0" else []),
                  *([f"    {{   // a cluster of {cluster} blocks, past the portable 8: the kernel opts in",
                     f"        const cudaError_t e = cudaFuncSetAttribute(spec_{i}::{template.kernel}_{i}, "
                     "cudaFuncAttributeNonPortableClusterSizeAllowed, 1);",
                     "        if (e != cudaSuccess) return e;", "    }"] if needs_cluster_opt_in(cluster) else []),
                  f"    spec_{i}::{template.kernel}_{i}<<<grid, block, {smem}, stream>>>({call});",
                  "    return cudaGetLastError();", "}", ""]
    # The fallback for an untuned size: the nearest specialization (sum over the sizes of |log ratio|)
    # among those whose grid the hardware can launch at that size; else the template's baseline genome.
    d_terms = lambda p: " + ".join(f"std::fabs(std::log(evo_pos({k}) / {max(1, int(p[k]))}.0))"  # noqa: E731
                                   for k in sizes)
    lines += ["// Dispatch (evo_kernels.export.dispatch is the same rule in Python): among the specializations",
              "// whose grid fits the launch limits at this size (x < 2^31, y and z < 2^16), the one tuned for",
              "// the nearest problem by the sum over the sizes of |log(size / tuned size)|; when none fits, the",
              f"// untuned default (the template's baseline genome, specialization {n_tuned}); -1 when not even",
              "// that one can be launched.",
              f"inline int pick({size_params}) {{", "    int best = -1; double bd = 1e300, d;"]
    for i, e in enumerate(entries):
        lines.append(f"    d = {d_terms(e['problem'])};")
        lines.append(f"    if (d < bd && evo_fits({', '.join(grids[i])})) {{ bd = d; best = {i}; }}")
    lines += [f"    if (best < 0 && evo_fits({', '.join(grids[n_tuned])})) best = {n_tuned};",
              "    return best;", "}", "",
              *([f"// The scratch arguments ({', '.join(scratch)}): sized and zeroed as the <name>_scratch_elems "
                 "helpers above say."] if scratch else []),
              f"inline cudaError_t launch({', '.join(params)}, cudaStream_t stream = 0) {{"]
    missing = [k for k in sizes if k not in {a.name for a in args}]
    if missing:
        raise ValueError(f"{template.meta_path}: problem sizes {missing} are not kernel arguments; cannot dispatch")
    lines.append(f"    switch (pick({', '.join(sizes)})) {{")
    for i in range(n_tuned + 1):
        lines.append(f"    case {i}: return launch_{i}({call}, stream);")
    lines += ["    }", "    return cudaErrorInvalidConfiguration;", "}", "", f"}}  // namespace {ns}", ""]
    at = lines.index(f"namespace {ns} {{")
    lines[at:at] = [*includes, ""] if includes else []
    return "\n".join(lines)


def selftest_program(template: KernelTemplate, header_name: str, problem: dict) -> str:
    """A host program that includes the header, reads inputs from ``NAME.bin`` files (float32 or
    int32, C order), runs ``launch()`` on them and writes each output to ``NAME.out.bin``: the
    harness compares those with the template's float64 reference."""
    args = template.args(problem)
    ns = f"evo_tuned_{_ident(template.name)}"
    body = ["#include <cstdio>", "#include <cstdlib>", "#include <vector>", f'#include "{header_name}"', "",
            "#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { "
            "fprintf(stderr, \"%s: %s\\n\", #x, cudaGetErrorString(e)); return 1; } } while (0)", "",
            "static std::vector<char> slurp(const char* path, size_t n) {",
            "    std::vector<char> b(n); FILE* f = fopen(path, \"rb\");",
            "    if (!f || fread(b.data(), 1, n, f) != n) { fprintf(stderr, \"cannot read %s\\n\", path); exit(1); }",
            "    fclose(f); return b;", "}", "", "int main() {"]
    call = []
    for a in args:
        t = CTYPES[a.dtype]
        if a.role == "scalar":
            body.append(f"    {t} {a.name} = ({t}){a.value!r};")
            call.append(a.name)
            continue
        n = a.nbytes
        body.append(f"    {t}* d_{a.name}; CK(cudaMalloc(&d_{a.name}, {n}));")
        if a.role in ("in", "inout"):
            body.append(f"    {{ auto h = slurp(\"{a.name}.bin\", {n}); "
                        f"CK(cudaMemcpy(d_{a.name}, h.data(), {n}, cudaMemcpyHostToDevice)); }}")
        else:
            body.append(f"    CK(cudaMemset(d_{a.name}, 0, {n}));")
        call.append(f"d_{a.name}")
    body += [f"    CK({ns}::launch({', '.join(call)}));", "    CK(cudaDeviceSynchronize());"]
    for a in args:
        if a.role in ("out", "inout"):
            body += [f"    {{ std::vector<char> h({a.nbytes}); "
                     f"CK(cudaMemcpy(h.data(), d_{a.name}, {a.nbytes}, cudaMemcpyDeviceToHost));",
                     f"      FILE* f = fopen(\"{a.name}.out.bin\", \"wb\"); fwrite(h.data(), 1, {a.nbytes}, f); "
                     "fclose(f); }"]
    body += ["    printf(\"ok\\n\");", "    return 0;", "}", ""]
    return "\n".join(body)


def distance(tuned: dict[str, int], problem: dict[str, int]) -> float:
    """The header's distance between a tuned problem and another: the sum of |log ratio| of the sizes."""
    return sum(abs(math.log(max(1, problem[k]) / max(1, tuned[k]))) for k in problem)


def nearest(problems: Sequence[dict[str, int]], problem: dict[str, int]) -> int:
    """Index of the problem nearest to ``problem`` by the header's own distance."""
    return min(range(len(problems)), key=lambda i: distance(problems[i], problem))


def grid_fits(grid: Sequence[int]) -> bool:
    """Whether CUDA can launch this grid (x < 2^31, y and z < 2^16, none empty)."""
    x, y, z = (list(grid) + [1, 1])[:3]
    return 1 <= x <= 2**31 - 1 and 1 <= y <= 65535 and 1 <= z <= 65535


def dispatch(template: KernelTemplate, entries: Sequence[dict[str, Any]], problem: dict[str, int]) -> int:
    """The specialization the header's ``launch()`` runs for ``problem`` (the header's ``pick()``):
    the nearest tuned entry whose grid fits at ``problem``; else ``len(entries)``, the untuned
    default (the baseline genome), if its grid fits; else -1."""
    best, bd = -1, math.inf
    for i, e in enumerate(entries):
        d = distance(e["problem"], problem)
        if d < bd and grid_fits(template.launch(template.space.coerce(e["genome"]), problem).grid):
            best, bd = i, d
    if best < 0 and grid_fits(template.launch(template.space.baseline(), problem).grid):
        best = len(entries)
    return best


def provenance(e: dict[str, Any]) -> str:
    """The header's line on where an entry's numbers come from: measured (GPU, driver, nvcc, when), or, for
    a replay, the recording whose measurements were replayed (nothing was measured when it was tuned)."""
    prov = {k: e.get(k) for k in ("gpu_name", "driver_version", "nvcc_version", "timestamp", "median_ms",
                                  "speedup", "fitness", "cv", "registers", "spill_bytes")}
    if not e.get("replay"):
        return "// measured: " + ", ".join(_measured(k, v) for k, v in prov.items() if v is not None)
    when = prov.pop("timestamp", None)
    rec = e.get("recording")
    source = f"the recording {Path(rec).name}" if rec else "a recording"
    replayed = f", replayed {_measured('timestamp', when).split('=', 1)[1]}" if when is not None else ""
    return (f"// replayed, not measured here: the {prov.get('gpu_name') or 'GPU'} measurements of {source}"
            f"{replayed}: " + ", ".join(_measured(k, v) for k, v in prov.items() if v is not None))
