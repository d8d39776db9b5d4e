"""Kernel templates: a Mako CUDA source plus a Python metadata file, found by name in ``templates/``.

A template ``NAME`` is two files side by side:

``NAME.cu.mako``
    CUDA source of one ``extern "C" __global__`` kernel; each gene is a Mako variable, the genome is ``g``
    and the metadata module ``meta``.
``NAME.py``
    Its metadata: ``KERNEL`` (entry name), ``GENES`` (list of :class:`~evo_kernels.genome.Gene`),
    ``PROBLEM`` (the benchmark problem), ``CHECK_PROBLEMS`` (correctness shapes, one ragged),
    ``args(p)``, ``launch(g, p)`` (grid, block and optionally dynamic shared memory bytes),
    ``reference(inputs, p)``, ``cost(p)``, and optionally
    ``constraints(g)``, ``smem_bytes(g)``, ``TOLERANCE`` and ``DOC``.

Problem sizes are kernel arguments, never baked into the source, so one cubin serves every shape.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import math
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from evo_kernels.genome import GenomeSpace
from evo_kernels.limits import MAX_STATIC_SMEM_BYTES, MAX_THREADS_PER_BLOCK
from evo_kernels.records import Genome

REQUIRED = ("KERNEL", "GENES", "PROBLEM", "CHECK_PROBLEMS", "args", "launch", "reference", "cost")
DTYPES = {"float32": ("float", np.float32), "int32": ("int", np.int32)}
DEFAULT_TOLERANCE = {"float32": 1e-5}


class TemplateError(Exception):
    """A template that cannot be loaded or rendered; the message is one line naming the file."""


@dataclass(frozen=True)
class Arg:
    """One kernel argument, in signature order: a device array ("in", "out", "inout") or a scalar."""

    name: str
    role: str  # "in", "out", "inout", "scratch" (zeroed once at allocation, never checked) or "scalar"
    dtype: str = "float32"
    shape: tuple[int, ...] = ()
    value: int | float | None = None  # scalars only, and required there
    # how the harness draws inputs: "normal" (N(0,1)), "uniform" ([0, 1)) or "wide" (N(0, 64^2): magnitudes
    # at which exp overflows unless a kernel subtracts the maximum first, as a softmax must)
    init: str = "normal"

    def __post_init__(self) -> None:
        if self.role not in ("in", "out", "inout", "scratch", "scalar"):
            raise ValueError(f"arg {self.name}: role {self.role!r} is not in, out, inout, scratch or scalar")
        if self.init not in ("normal", "uniform", "wide"):
            raise ValueError(f"arg {self.name}: init {self.init!r} is not normal, uniform or wide")
        if self.dtype not in DTYPES:
            raise ValueError(f"arg {self.name}: dtype {self.dtype!r} not one of {', '.join(DTYPES)}")
        if self.role == "scalar" and self.value is None:
            raise ValueError(f"arg {self.name}: a scalar argument needs its value (value=...)")

    @property
    def nbytes(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64)) * np.dtype(DTYPES[self.dtype][1]).itemsize


@dataclass(frozen=True)
class Launch:
    grid: tuple[int, int, int]
    block: tuple[int, int, int]
    dynamic_smem: int = 0
    cluster: int = 1  # blocks per thread-block cluster along x (the kernel's __cluster_dims__; 1: none)

    @property
    def threads(self) -> int:
        return int(np.prod(self.block))


def template_dirs() -> list[Path]:
    """Where templates are looked up: ``$EVO_KERNELS_TEMPLATES`` (os.pathsep-separated), then the
    project's ``templates/``."""
    dirs = [Path(p) for p in os.environ.get("EVO_KERNELS_TEMPLATES", "").split(os.pathsep) if p]
    dirs.append(Path(__file__).resolve().parent.parent / "templates")
    return dirs


def available_templates() -> list[str]:
    names: set[str] = set()
    for d in template_dirs():
        if d.is_dir():
            names.update(p.name[: -len(".cu.mako")] for p in d.glob("*.cu.mako"))
    return sorted(names)


_SHADOWS_SAID: set[str] = set()  # template names whose shadowing this process has warned of: once each


def _resolve(name_or_path: str) -> tuple[Path, Path]:
    """The template's two files; a name is looked up in :func:`template_dirs`, the first folder holding it winning,
    with one line on stderr (once per name) where it shadows another of that name, such as a shipped one."""
    p = Path(name_or_path)
    if p.name.endswith(".cu.mako") or p.suffix == ".py":
        stem = p.name[: -len(".cu.mako")] if p.name.endswith(".cu.mako") else p.stem
        mako_path, meta_path = p.with_name(stem + ".cu.mako"), p.with_name(stem + ".py")
        if not mako_path.exists():
            raise TemplateError(f"{mako_path}: template source not found")
        if not meta_path.exists():
            raise TemplateError(f"{meta_path}: template metadata file not found (needed beside {mako_path.name})")
        return mako_path, meta_path
    found = list(dict.fromkeys(f.resolve() for d in template_dirs() if (f := d / f"{name_or_path}.cu.mako").exists()))
    if found:
        if len(found) > 1 and name_or_path not in _SHADOWS_SAID:
            _SHADOWS_SAID.add(name_or_path)
            print(f"evo-kernels: warning: {found[0]} shadows {', '.join(map(str, found[1:]))}", file=sys.stderr)
        return _resolve(str(found[0]))
    if p.exists():  # a folder, a recording, a .cu file: named as given, not as a made-up <stem>.cu.mako
        raise TemplateError(f"{name_or_path}: not a template (give a template's name, or the path of its "
                            "NAME.cu.mako or NAME.py file)")
    missing = [d for d in template_dirs()[:-1] if not d.is_dir()]  # a typo in $EVO_KERNELS_TEMPLATES
    said = "".join(f" ($EVO_KERNELS_TEMPLATES names {d}, which is not a folder)" for d in missing)
    raise TemplateError(f"unknown template {name_or_path!r}{said}; known: "
                        f"{', '.join(available_templates()) or 'none'}")


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


@dataclass
class KernelTemplate:
    """A loaded template: its genome space, its rendering and its problem-dependent metadata."""

    name: str
    mako_path: Path
    meta_path: Path
    meta: Any = field(repr=False)
    space: GenomeSpace = field(repr=False)
    hash: str = ""
    _mako: Any = field(default=None, repr=False)
    designs: list[Genome] = field(default_factory=list, repr=False)
    """Genomes known to be fast at some size (``NAME.designs.json`` beside the template): where a
    tuning session starts unless told not to. Not part of ``hash``: they change where a search
    starts, not what any genome compiles to."""
    design_sizes: list[list[dict[str, int]]] = field(default_factory=list, repr=False)
    """Per design, the problem sizes it was measured fastest at (its entry's ``at``; [] where none is given)."""

    def designs_for(self, problem: Mapping[str, int]) -> list[Genome]:
        """The designs, those measured fastest at sizes like ``problem`` first (:func:`size_distance` to the
        nearest of a design's sizes; designs without sizes last, each group in file order), so that a session
        whose budget is shorter than the list measures the likeliest first."""
        order = sorted(range(len(self.designs)), key=lambda i: min(
            (size_distance(problem, a) for a in self.design_sizes[i]), default=math.inf))
        return [self.designs[i] for i in order]

    @property
    def kernel(self) -> str:
        return self.meta.KERNEL

    @property
    def doc(self) -> str:
        return getattr(self.meta, "DOC", "")

    @property
    def problem(self) -> dict[str, int]:
        return dict(self.meta.PROBLEM)

    @property
    def check_problems(self) -> list[dict[str, int]]:
        return [dict(p) for p in self.meta.CHECK_PROBLEMS]

    @property
    def torch_reference(self) -> bool:
        """Whether the template has a ``reference_torch`` (the timed check can run on the GPU)."""
        return getattr(self.meta, "reference_torch", None) is not None

    @property
    def launch_cpp(self) -> Callable[[dict], tuple] | None:
        """The template's own ``launch_cpp(g)``: C++ expressions of its launch for an exported header,
        where ``launch()`` cannot run on symbols; None: the export derives them from ``launch()``."""
        return getattr(self.meta, "launch_cpp", None)

    @property
    def tolerance(self) -> float:
        """The template's ``TOLERANCE``: the bound at every size where it gives no ``tolerance(p)``."""
        return float(getattr(self.meta, "TOLERANCE", DEFAULT_TOLERANCE["float32"]))

    def tolerance_at(self, problem: Mapping[str, int]) -> float:
        """The relative error an output may have at ``problem``: the template's ``tolerance(p)`` where it has one
        (sgemm's grows like sqrt(K), as an fp32 sum's rounding error does, so that a bias that grows like K
        shows), else ``TOLERANCE``. The one bound every check of the protocol applies."""
        fn: Callable[[Mapping[str, int]], float] | None = getattr(self.meta, "tolerance", None)
        return float(fn(dict(problem))) if fn is not None else self.tolerance

    def render(self, genome: Mapping[str, Any], kernel: str | None = None) -> str:
        """CUDA source of the kernel for a valid genome (its function named ``kernel``, else the template's
        KERNEL). The source sees the genome's values by name, the genome as ``g`` and the metadata module as
        ``meta`` (for what the metadata derives from a genome, such as its launch's shared memory)."""
        genome = self.space.check(genome)
        try:
            return self._mako.render(KERNEL=kernel or self.kernel, g=genome, meta=self.meta, **genome)
        except Exception as exc:  # a template bug: name the file and its line, keep it to one line
            line = self._render_error_line(exc)
            raise TemplateError(f"{self.mako_path}{f' line {line}' if line else ''}: render failed for {genome}: "
                                f"{self._render_error(exc)}") from exc

    def _render_error_line(self, exc: Exception) -> int | None:
        """The line of the template source where rendering failed (called in the except block: Mako reads the
        traceback in hand); for a name Mako finds undefined before it renders, the first line that names it."""
        from mako.exceptions import RichTraceback

        lines = [r[5] for r in RichTraceback().reverse_records if r[4] is not None and r[5]]
        if lines:
            return int(lines[0])
        m = re.fullmatch(r"'(\w+)' is not defined", str(exc)) if isinstance(exc, NameError) else None
        source = self.mako_path.read_text().splitlines() if m and self.mako_path.exists() else []
        return next((i for i, text in enumerate(source, 1) if re.search(rf"\b{m.group(1)}\b", text)), None)

    def _render_error(self, exc: Exception) -> str:
        """What went wrong in a render, in one line; a name or key that is no gene says so, with the genes."""
        genes = f"not a gene of this template (its genes: {', '.join(self.space.names)})"
        if isinstance(exc, KeyError) and exc.args and exc.args[0] not in self.space.names:
            return f"KeyError {exc.args[0]!r}: {genes}"
        if isinstance(exc, NameError):
            return f"NameError {_one_line(exc)}: {genes}, nor KERNEL, g or meta"
        return f"{type(exc).__name__}: {_one_line(exc)}"

    def launch(self, genome: Mapping[str, Any], problem: Mapping[str, int]) -> Launch:
        grid, block, *rest = self.meta.launch(dict(genome), dict(problem))
        pad = lambda t: tuple(int(x) for x in (tuple(t) + (1, 1, 1))[:3])  # noqa: E731
        return Launch(pad(grid), pad(block), int(rest[0]) if rest else 0, self.cluster(genome))

    def cluster(self, genome: Mapping[str, Any]) -> int:
        """Blocks per thread-block cluster of a genome's kernel: the template's ``cluster(g)``, which must agree
        with the ``__cluster_dims__(n, 1, 1)`` its source declares, else 1. Past 8 (non-portable, sm_90 takes 16)
        the runner and the exported header opt the kernel in before its launch."""
        fn: Callable[[Genome], int] | None = getattr(self.meta, "cluster", None)
        return int(fn(dict(genome))) if fn is not None else 1

    def args(self, problem: Mapping[str, int]) -> list[Arg]:
        """The kernel's arguments at ``problem``; a TemplateError naming the size where an int32 scalar cannot
        hold its value (a size past 2^31 - 1 would wrap in the kernel, and every genome would fail alike)."""
        args = list(self.meta.args(dict(problem)))
        for a in args:
            if a.role == "scalar" and a.dtype == "int32" and not -2**31 <= int(a.value) < 2**31:
                raise TemplateError(f"{self.meta_path}: at {size_text(problem)} the kernel's argument {a.name} = "
                                    f"{a.value} does not fit its 32-bit int (at most {2**31 - 1}): the template does "
                                    "not take this size")
        return args

    def reference(self, inputs: Mapping[str, np.ndarray], problem: Mapping[str, int]) -> dict[str, np.ndarray]:
        return self.meta.reference(dict(inputs), dict(problem))

    @property
    def has_error_norm(self) -> bool:
        """Whether the template gives an ``error_norm`` (else its outputs' errors are against their references)."""
        return getattr(self.meta, "error_norm", None) is not None

    def error_norms(self, inputs: Mapping[str, Any], problem: Mapping[str, int]) -> dict[str, float]:
        """The template's own ``error_norm(inputs, problem)``: per output, the norm its error is measured against
        instead of the reference's (checks.rel_error), from the same float64 inputs the reference gets (numpy
        arrays on the host, torch tensors on the GPU); {} where the template has none. For an output that can
        come near zero by chance, such as the sum of zero-mean inputs, whose honest rounding error is a share of
        sqrt(sum x^2), not of |sum x|."""
        if not self.has_error_norm:
            return {}
        return {k: float(v) for k, v in self.meta.error_norm(dict(inputs), dict(problem)).items()}

    def cost(self, problem: Mapping[str, int]) -> tuple[int, int]:
        """(minimal bytes moved through device memory, floating-point operations)."""
        b, f = self.meta.cost(dict(problem))
        return int(b), int(f)

    def changed_since(self, was: str | None) -> str | None:
        """The one rule for what was made from this template at hash ``was`` (a checkpoint, a measurement): None
        where it is this template as it is now (or ``was`` is unknown, empty); else the words every refusal of it
        uses, ``at template hash WAS, which is now NOW``: its kernels are not this template's."""
        return f"at template hash {was}, which is now {self.hash}" if was and was != self.hash else None

    def smem_bytes(self, genome: Mapping[str, Any]) -> int:
        fn: Callable[[Genome], int] | None = getattr(self.meta, "smem_bytes", None)
        return int(fn(dict(genome))) if fn else 0


def in_order(problem: Mapping[str, Any], keys: Sequence[str]) -> dict[str, Any]:
    """``problem`` with ``keys`` first, in their order (a template's PROBLEM: M, N, K), then any others as given: the
    database keeps a problem's keys sorted (K, M, N), and a header's functions and a person read them in PROBLEM's."""
    return {**{k: problem[k] for k in keys if k in problem}, **problem}


def size_text(problem: Mapping[str, int]) -> str:
    """A problem size as messages name it: ``M=4096, N=4096, K=4096``."""
    return ", ".join(f"{k}={v}" for k, v in problem.items())


def load_template(name_or_path: str) -> KernelTemplate:
    """Load a template by name (looked up in :func:`template_dirs`) or by the path of either file."""
    from mako.template import Template

    from evo_kernels.template_checks import check_metadata  # it imports this module's Arg and REQUIRED

    mako_path, meta_path = _resolve(name_or_path)
    name = mako_path.name[: -len(".cu.mako")]
    mod_name = f"evo_kernels_template_{name}_{hashlib.sha1(str(meta_path).encode()).hexdigest()[:8]}"
    try:
        spec = importlib.util.spec_from_file_location(mod_name, meta_path)
        meta = importlib.util.module_from_spec(spec)
        sys.modules[mod_name] = meta
        spec.loader.exec_module(meta)
        genes = check_metadata(meta, name)
    except Exception as exc:  # the one path of every metadata mistake: one line naming the file
        sys.modules.pop(mod_name, None)
        raise TemplateError(f"{meta_path}: cannot load metadata: {_one_line(exc)}") from exc
    source = mako_path.read_text()
    try:
        mako = Template(source, filename=str(mako_path), strict_undefined=True)
    except Exception as exc:
        raise TemplateError(f"{mako_path}: Mako syntax error: {_one_line(exc)}") from exc
    digest = hashlib.sha256(source.encode() + b"\0" + meta_path.read_bytes()).hexdigest()[:16]
    tmpl = KernelTemplate(name, mako_path, meta_path, meta, GenomeSpace(genes, name=name), digest, mako)
    own: Callable[[Genome], list[str]] | None = getattr(meta, "constraints", None)

    def constraint(genome: Genome) -> list[str]:
        msgs = []
        threads = tmpl.launch(genome, tmpl.problem).threads
        if threads > MAX_THREADS_PER_BLOCK:
            msgs.append(f"threads per block {threads} > {MAX_THREADS_PER_BLOCK}")
        smem = tmpl.smem_bytes(genome)
        if smem > MAX_STATIC_SMEM_BYTES:
            msgs.append(f"shared memory {smem} B > per-block limit {MAX_STATIC_SMEM_BYTES} B")
        if own is not None:
            msgs.extend(own(genome))
        return msgs

    tmpl.space = GenomeSpace(genes, constraint=constraint, name=name, origin=str(mako_path))
    try:
        tmpl.space.check(tmpl.space.baseline())
    except Exception as exc:
        raise TemplateError(f"{meta_path}: the baseline genome is not valid: {_one_line(exc)}") from exc
    tmpl.designs, tmpl.design_sizes = _load_designs(mako_path.with_name(name + ".designs.json"), tmpl.space,
                                                    tmpl.problem)
    return tmpl


def size_distance(a: Mapping[str, int], b: Mapping[str, int]) -> float:
    """How unlike two problem sizes of a template are, for ordering designs: per dimension the log2 ratio of the
    sides, plus 1 where they differ in divisibility by 2 and 4 (odd, 2 mod 4, 0 mod 4: what decides a kernel's
    vector width and its edge code). An exported header picks among its tuned sizes by the log ratio alone
    (export.distance, which its C++ computes at run time): there every entry was tuned at its own size."""
    out = 0.0
    for k, x in a.items():
        y = b.get(k, x)
        out += abs(math.log2(max(x, 1)) - math.log2(max(y, 1)))
        out += min(_twos(x), 2) != min(_twos(y), 2)
    return out


def _twos(n: int) -> int:
    """The exponent of 2 in n (0 for odd n and for 0)."""
    return (n & -n).bit_length() - 1 if n > 0 else 0


def _load_designs(path: Path, space: GenomeSpace, problem: Mapping[str, int]) -> tuple[list[Genome],
                                                                                        list[list[dict[str, int]]]]:
    """The genomes of a designs file (``{"designs": [{"genome": {...}, "why": "...", "at": [{size}, ...]}, ...]}``;
    a genome's missing genes are the baseline's; ``at``, optional, the sizes it was measured fastest at, each with
    the template's dimensions), each valid, and their sizes; none where there is no file."""
    if not path.exists():
        return [], []
    try:
        try:
            doc = json.loads(path.read_text())
        except json.JSONDecodeError as exc:
            raise ValueError(f"not valid JSON: {exc}") from exc
        if not isinstance(doc, dict) or "designs" not in doc:
            raise ValueError('expected a JSON object {"designs": [...]}')
        entries = doc["designs"]
        if not isinstance(entries, list):
            raise ValueError("'designs' is not a list")
        out, sizes = [], []
        for i, e in enumerate(entries, 1):
            try:
                if not isinstance(e, dict) or not isinstance(e.get("genome"), dict):
                    raise ValueError('expected an object with a "genome" object (and optionally "why" and "at")')
                out.append(space.check(space.coerce(e["genome"])))
                at = e.get("at", [])
                if not isinstance(at, list) or not all(isinstance(a, dict) and set(a) == set(problem) and
                                                       all(isinstance(v, int) and v > 0 for v in a.values())
                                                       for a in at):
                    raise ValueError(f"'at' must be a list of sizes with {', '.join(problem)}, each a positive int")
                sizes.append([dict(a) for a in at])
            except Exception as exc:
                raise ValueError(f"design {i}: {_one_line(exc)}") from exc
    except Exception as exc:
        raise TemplateError(f"{path}: {_one_line(exc)}") from exc
    return out, sizes
