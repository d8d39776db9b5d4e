"""The transform vocabulary and the genome space of a template.

A genome holds one value per gene; each gene belongs to one named transform of a vocabulary
shared by every template, so that a policy which learned what ``UnrollLoop`` does on one kernel
can use that on another. Everything here is pure: no I/O, and all randomness comes from an
explicit ``numpy.random.Generator``.
"""
from __future__ import annotations

import hashlib
import itertools
import json
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from evo_kernels.records import Genome

TRANSFORMS: tuple[str, ...] = (
    "TileLoops",
    "CoalesceMemoryAccess",
    "AdjustBlockSize",
    "UseSharedMemory",
    "PadSharedMemory",
    "UnrollLoop",
    "VectorizeLoads",
    "ThreadCoarsening",
    "ReorderInstructions",  # software prefetch / double buffering
    "Generic",  # genes of replayed spaces whose names map onto no transform
)

class InvalidGenome(ValueError):
    """A genome outside its space: an unknown gene, a value out of domain, or a broken constraint."""


@dataclass(frozen=True)
class Gene:
    """One choice of a genome: its name, its transform kind, its ordered domain and baseline."""

    name: str
    transform: str
    values: tuple[Any, ...]
    baseline: Any
    doc: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", tuple(self.values))
        if self.transform not in TRANSFORMS:
            raise ValueError(f"gene {self.name}: unknown transform {self.transform!r}; known: {', '.join(TRANSFORMS)}")
        if not self.values:
            raise ValueError(f"gene {self.name}: empty domain")
        if len(set(map(repr, self.values))) != len(self.values):
            raise ValueError(f"gene {self.name}: repeated values in domain {self.values}")
        if self.baseline not in self.values:
            raise ValueError(f"gene {self.name}: baseline {self.baseline!r} not in domain {self.values}")

    def index(self, value: Any) -> int:
        return self.values.index(value)

    def normalized(self, value: Any) -> float:
        """Position of ``value`` in the ordered domain, scaled to [0, 1]."""
        n = len(self.values)
        return 0.0 if n == 1 else self.index(value) / (n - 1)

    def coerce(self, value: Any) -> Any:
        """Map a JSON or command-line value onto the domain value it names, or raise InvalidGenome."""
        if value in self.values and not (isinstance(value, bool) != isinstance(self.values[self.index(value)], bool)):
            return self.values[self.index(value)]
        for v in self.values:
            if str(v).lower() == str(value).lower():
                return v
        raise InvalidGenome(f"gene {self.name}: value {value!r} is not in its domain {list(self.values)}")


def genome_key(genome: Mapping[str, Any]) -> str:
    """A stable 12-hex key of a genome, independent of dict order."""
    blob = json.dumps({k: genome[k] for k in sorted(genome)}, sort_keys=True, default=str)
    return hashlib.sha1(blob.encode()).hexdigest()[:12]


Constraint = Callable[[Genome], Sequence[str]]


class GenomeSpace:
    """The genes of a template and the constraints that make a genome valid.

    ``constraint(genome)`` returns the messages of the constraints the genome violates (empty
    when valid); the domain of each gene is checked here.
    """

    def __init__(self, genes: Sequence[Gene], constraint: Constraint | None = None, name: str = "",
                 valid: Sequence[Genome] | None = None, origin: str = "") -> None:
        names = [g.name for g in genes]
        if len(set(names)) != len(names):
            repeated = sorted({n for n in names if names.count(n) > 1})
            raise ValueError(f"space {name}: repeated gene names {', '.join(repeated)} (each gene's name must differ)")
        self.genes: tuple[Gene, ...] = tuple(genes)
        self.names: tuple[str, ...] = tuple(names)
        self._by_name = {g.name: g for g in genes}
        self._constraint = constraint
        self.name = name
        self.origin = origin  # the file that declares these genes (a template's source), named where a gene is unknown
        # An explicit list of the valid genomes (a recorded space): sampling draws from it and repair
        # goes to the nearest member, where rejection from a sparse product would almost never hit.
        self.valid: list[Genome] | None = None if valid is None else [dict(g) for g in valid if self.is_valid(g)]
        self._valid_pos: np.ndarray | None = None
        self._valid_index: dict[tuple, int] | None = None
        self._valid_codes: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self.genes)

    def gene(self, name: str) -> Gene:
        return self._by_name[name]

    @property
    def size(self) -> int:
        """Number of genomes in the Cartesian product of the domains (valid or not)."""
        return math.prod(len(g.values) for g in self.genes)

    def baseline(self) -> Genome:
        """The identity genome: the user's baseline kernel."""
        return {g.name: g.baseline for g in self.genes}

    def key(self, genome: Mapping[str, Any]) -> str:
        return genome_key(genome)

    def unknown(self, names: Iterable[str]) -> str:
        """The one wording of genes this space does not have: they, the file that declares the space (a user's
        template may shadow a shipped one of the same name, whose genes a database names) and its genes."""
        return f"unknown gene(s) {', '.join(sorted(names))}; {self.origin or 'this space'} has {', '.join(self.names)}"

    def coerce(self, genome: Mapping[str, Any], fill_baseline: bool = True) -> Genome:
        """Genome from user input: unknown names rejected, values mapped onto the domains,
        missing genes taken from the baseline."""
        unknown = sorted(set(genome) - set(self.names))
        if unknown:
            raise InvalidGenome(self.unknown(unknown))
        out = self.baseline() if fill_baseline else {}
        for name, value in genome.items():
            out[name] = self._by_name[name].coerce(value)
        missing = [n for n in self.names if n not in out]
        if missing:
            raise InvalidGenome(f"missing gene(s) {', '.join(missing)}")
        return {n: out[n] for n in self.names}

    def violations(self, genome: Mapping[str, Any]) -> list[str]:
        """Messages naming each violated constraint; empty for a valid genome."""
        msgs = []
        for g in self.genes:
            if g.name not in genome:
                msgs.append(f"missing gene {g.name}")
            elif genome[g.name] not in g.values:
                msgs.append(f"{g.name}={genome[g.name]!r} is outside its domain {list(g.values)}")
        extra = set(genome) - set(self.names)
        if extra:
            msgs.append(self.unknown(extra))
        if not msgs and self._constraint is not None:
            msgs.extend(self._constraint(dict(genome)))
        return msgs

    def is_valid(self, genome: Mapping[str, Any]) -> bool:
        return not self.violations(genome)

    def check(self, genome: Mapping[str, Any]) -> Genome:
        """Return the genome if valid, else raise InvalidGenome naming the violated constraints."""
        msgs = self.violations(genome)
        if msgs:
            raise InvalidGenome("; ".join(msgs))
        return dict(genome)

    # --- search operators -------------------------------------------------------------------

    def _draw(self, rng: np.random.Generator) -> Genome:
        """One uniform draw of the whole product space, valid or not."""
        return {gene.name: gene.values[rng.integers(len(gene.values))] for gene in self.genes}

    def sample(self, rng: np.random.Generator, max_tries: int = 10_000) -> Genome:
        """A uniformly drawn valid genome (rejection sampling, or from the explicit valid list)."""
        if self.valid:
            return dict(self.valid[rng.integers(len(self.valid))])
        for _ in range(max_tries):
            g = self._draw(rng)
            if self.is_valid(g):
                return g
        raise InvalidGenome(f"space {self.name}: no valid genome in {max_tries} draws")

    def sample_new(self, rng: np.random.Generator, n: int, seen: set[str], draws: int) -> list[Genome]:
        """Up to ``n`` valid genomes, drawn in turn, whose keys are not in ``seen`` (each key added to it as its genome
        is taken), in at most ``draws`` draws: fewer where the space holds fewer new ones."""
        out: list[Genome] = []
        for _ in range(draws):
            if len(out) >= n:
                break
            g = self.sample(rng)
            if self.key(g) not in seen:
                seen.add(self.key(g))
                out.append(g)
        return out

    def count_valid(self, exact_limit: int = 200_000, draws: int = 20_000, seed: int = 0) -> tuple[int, bool]:
        """(number of valid genomes, exact?): counted where the space has at most ``exact_limit``
        genomes, else estimated from ``draws`` uniform draws of the whole product space (the
        estimate's relative standard error is about sqrt((1 - f) / (f * draws)) for a valid
        fraction f: 0.8% for f = 0.18)."""
        if self.valid is not None:
            return len(self.valid), True
        if self.size <= exact_limit:
            return sum(1 for _ in self.enumerate()), True
        rng = np.random.default_rng(seed)   # every index drawn at once: a draw per gene is half the time of `list`
        rows = rng.integers(0, [len(g.values) for g in self.genes], size=(draws, len(self.genes))).tolist()
        hits = sum(self.is_valid({g.name: g.values[i] for g, i in zip(self.genes, row)}) for row in rows)
        return round(self.size * hits / draws), False

    def mutate(self, genome: Mapping[str, Any], rng: np.random.Generator, rate: float | None = None,
               scale: float = 1.0) -> Genome:
        """Move each gene with probability ``rate`` (default 1/len) by a step of about ``scale``
        positions in its ordered domain; at least one gene changes where any can. Repaired to valid."""
        rate = 1.0 / max(1, len(self.genes)) if rate is None else rate
        out = dict(genome)
        movable = [g for g in self.genes if len(g.values) > 1]
        if not movable:
            return out
        for _ in range(20):  # a repair can undo the move; try again rather than return the parent
            trial = dict(out)
            chosen = [g for g in movable if rng.random() < rate] or [movable[rng.integers(len(movable))]]
            for g in chosen:
                trial[g.name] = self._step(g, trial[g.name], rng, scale)
            trial = self.repair(trial, rng)
            if trial != out:
                return trial
        return trial

    @staticmethod
    def _step(gene: Gene, value: Any, rng: np.random.Generator, scale: float) -> Any:
        i, n = gene.index(value), len(gene.values)
        step = max(1, int(round(abs(rng.normal(0.0, scale))))) * (1 if rng.random() < 0.5 else -1)
        j = min(n - 1, max(0, i + step))
        if j == i:
            j = i - step if 0 <= i - step < n else (i + 1 if i + 1 < n else i - 1)
        return gene.values[j]

    def crossover(self, a: Mapping[str, Any], b: Mapping[str, Any], rng: np.random.Generator) -> tuple[Genome, Genome]:
        """Uniform crossover; both children repaired to valid."""
        c1, c2 = dict(a), dict(b)
        for n in self.names:
            if rng.random() < 0.5:
                c1[n], c2[n] = b[n], a[n]
        return self.repair(c1, rng), self.repair(c2, rng)

    def repair(self, genome: Mapping[str, Any], rng: np.random.Generator, max_tries: int = 200) -> Genome:
        """The genome itself if valid; else the nearest valid genome found by moving genes back
        toward their baseline values one at a time, then by random single-gene moves; else the
        baseline (valid by construction of a template)."""
        g = {n: (genome[n] if n in genome and genome[n] in self.gene(n).values else self.gene(n).baseline)
             for n in self.names}
        if self.is_valid(g):
            return g
        if self.valid:
            return self.nearest(g, rng)
        for _ in range(max_tries):
            order = rng.permutation(len(self.genes))
            for i in order:
                gene = self.genes[i]
                if g[gene.name] == gene.baseline:
                    continue
                trial = dict(g)
                trial[gene.name] = self._toward(gene, g[gene.name])
                if self.is_valid(trial):
                    return trial
            trial = dict(g)
            gene = self.genes[rng.integers(len(self.genes))]
            trial[gene.name] = self._toward(gene, g[gene.name])
            g = trial
            if self.is_valid(g):
                return g
        return self.baseline()

    def nearest(self, genome: Mapping[str, Any], rng: np.random.Generator,
                exclude: Callable[[Genome], bool] | None = None, skip: np.ndarray | None = None) -> Genome | None:
        """The member of the explicit valid list closest to ``genome``: fewest differing genes, then
        the smallest sum of normalized domain distances; ties broken at random. ``exclude`` skips
        members (those already proposed, say), as does ``skip`` (a boolean mask over the valid list:
        the vectorized form, for callers that keep one); None when they skip them all."""
        assert self.valid, "nearest() needs an explicit valid list"
        if self._valid_pos is None:  # (n_valid, n_genes) normalized positions, built once
            self._valid_pos = np.array([[g.normalized(v[g.name]) for g in self.genes] for v in self.valid])
        pos = np.array([g.normalized(genome[g.name]) for g in self.genes])
        # score = differing genes * (genes + 1) + summed distance (< genes + 1): order by count, then distance
        counts = (np.abs(self._valid_pos - pos) > 1e-12).sum(axis=1)
        if skip is not None:
            counts = np.where(skip, len(self.genes) + 1, counts)
        if exclude is None:  # the loop below, without a callable
            ties = self.nearest_ties(genome, skip)
            return dict(self.valid[int(ties[rng.integers(len(ties))])]) if len(ties) else None

        def keep(i: int) -> bool:
            return exclude is None or not exclude(self.valid[i])

        for c in np.unique(counts):  # nearest level first: usually only the first is looked at
            if c > len(self.genes):
                break  # only skipped members are left
            level = np.flatnonzero(counts == c)
            dist = np.abs(self._valid_pos[level] - pos).sum(axis=1)
            best = next((dist[j] for j in np.argsort(dist, kind="stable") if keep(level[j])), None)
            if best is not None:
                ties = [i for i, d in zip(level, dist) if d <= best + 1e-12 and keep(i)]
                return dict(self.valid[int(ties[rng.integers(len(ties))])])
        return None

    def _codes(self, genome: Mapping[str, Any]) -> np.ndarray:
        return np.array([g.index(genome[g.name]) for g in self.genes], dtype=np.int32)

    def valid_counts(self, genome: Mapping[str, Any],
                     near: tuple[Mapping[str, Any], np.ndarray] | None = None) -> np.ndarray:
        """For each member of the valid list, the number of genes in which it differs from
        ``genome`` [len(valid)]. ``near`` = (another genome, its counts): computed from those in
        the genes where the two differ only (a mutant of a base whose counts are known)."""
        if self._valid_codes is None:  # [genes, n_valid] slot codes, built once
            self._valid_codes = np.array([[g.index(v[g.name]) for v in self.valid] for g in self.genes], dtype=np.int32)
        code = self._codes(genome)
        if near is None:
            return (self._valid_codes != code[:, None]).sum(axis=0)
        base, counts = near
        base_code = self._codes(base)
        counts = counts.copy()
        for gi in np.flatnonzero(code != base_code):
            counts += (self._valid_codes[gi] == base_code[gi]).astype(counts.dtype)
            counts -= (self._valid_codes[gi] == code[gi]).astype(counts.dtype)
        return counts

    def nearest_ties(self, genome: Mapping[str, Any], skip: np.ndarray | None = None,
                     counts: np.ndarray | None = None) -> np.ndarray:
        """Positions in the valid list of the members :meth:`nearest` chooses among (without
        ``exclude``): the fewest differing genes, then the smallest summed normalized distance;
        empty when ``skip`` skips them all. On slot codes, so a 20k-genome list is a few vector
        operations; ``counts``: :meth:`valid_counts` of the genome where the caller has them."""
        if self._valid_pos is None:
            self._valid_pos = np.array([[g.normalized(v[g.name]) for g in self.genes] for v in self.valid])
        counts = self.valid_counts(genome) if counts is None else counts
        if skip is not None:
            counts = np.where(skip, len(self.genes) + 1, counts)
        c = counts.min()
        if c > len(self.genes):
            return np.zeros(0, dtype=np.int64)
        level = np.flatnonzero(counts == c)
        pos = np.array([g.normalized(genome[g.name]) for g in self.genes])
        dist = np.abs(self._valid_pos[level] - pos).sum(axis=1)
        return level[dist <= dist.min() + 1e-12]

    def valid_index(self) -> dict[tuple, int]:
        """Position in the explicit valid list of each valid genome's value tuple (gene order)."""
        assert self.valid is not None, "valid_index() needs an explicit valid list"
        if self._valid_index is None:
            self._valid_index = {tuple(v[n] for n in self.names): i for i, v in enumerate(self.valid)}
        return self._valid_index

    @staticmethod
    def _toward(gene: Gene, value: Any) -> Any:
        i, b = gene.index(value), gene.index(gene.baseline)
        return gene.values[i + (1 if b > i else -1)] if i != b else value

    def neighbors(self, genome: Mapping[str, Any]) -> list[Genome]:
        """Valid genomes one domain position away in one gene."""
        out = []
        for g in self.genes:
            i = g.index(genome[g.name])
            for j in (i - 1, i + 1):
                if 0 <= j < len(g.values):
                    n = dict(genome)
                    n[g.name] = g.values[j]
                    if self.is_valid(n):
                        out.append(n)
        return out

    def enumerate(self, limit: int = 1_000_000) -> Iterator[Genome]:
        """Every valid genome, in lexicographic domain order; refuses spaces above ``limit``."""
        if self.valid is not None:
            yield from (dict(g) for g in self.valid)
            return
        if self.size > limit:
            raise ValueError(f"space {self.name} has {self.size} genomes, more than the enumeration limit {limit}")
        for values in itertools.product(*(g.values for g in self.genes)):
            genome = dict(zip(self.names, values))
            if self.is_valid(genome):
                yield genome

    def describe(self) -> list[dict[str, Any]]:
        return [{"name": g.name, "transform": g.transform, "values": list(g.values), "baseline": g.baseline,
                 "doc": g.doc} for g in self.genes]
