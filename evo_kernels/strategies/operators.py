"""The genome operators of a population search over one space, and what the search has seen.

A proposal draws many genomes (mutants, crossovers, single-gene edits) and keeps only new, valid
ones; in a recorded space (a replay, whose valid list is explicit) that check is most of a
proposal's cost late in a run, when a member's neighbourhood is mostly measured. So the checks
work on value tuples (gene order) with memos, and on a recorded space the valid list is one
sorted integer per genome (the movable genes' slots in mixed radix): a mutant's 32 tries are
checked by one ``searchsorted``.

Every random draw comes from the numpy Generator the caller passes (the strategy's, restored in
place from checkpoints), in a fixed order, so a resumed run draws as the uninterrupted one.
"""
from __future__ import annotations

import numpy as np
import torch

from evo_kernels.genome import GenomeSpace
from evo_kernels.records import Genome

MUTANT_TRIES = 32


def uniform_edit(mask: np.ndarray, generator: torch.Generator) -> tuple[int, int]:
    """One (gene, slot) of the allowed edits ``mask`` [genes, slots], uniformly, from a member's torch
    generator (pbt's ``edits="uniform"`` and ``sweep_order="uniform"``)."""
    allowed = np.argwhere(mask)
    gi, j = allowed[int(torch.randint(len(allowed), (1,), generator=generator))]
    return int(gi), int(j)


class Operators:
    """Mutation, crossover and single-gene edits over ``space`` that yield only genomes not seen."""

    def __init__(self, space: GenomeSpace, rng: np.random.Generator) -> None:
        self.space, self.rng = space, rng
        self.seen: set[tuple] = set()  # value tuples of every genome proposed or told
        # the same over a recorded space's valid list, for GenomeSpace.nearest_ties's vectorized skip
        self.seen_valid = np.zeros(len(space.valid), dtype=bool) if space.valid else None
        self._movable = [g for g in space.genes if len(g.values) > 1]
        self._movable_at = [space.names.index(g.name) for g in self._movable]  # their places in a genome's values
        self._movable_sizes = np.array([len(g.values) for g in self._movable])
        self._valid_memo: dict[tuple, bool] = {}  # value tuples -> space.is_valid
        self._index_memo: dict[tuple, np.ndarray] = {}  # value tuples -> the movable genes' slots
        self._radix = self._valid_sorted = self._valid_order = None
        if space.valid and float(np.prod(self._movable_sizes.astype(float))) < 2.0 ** 62:
            self._radix = np.concatenate([np.cumprod(self._movable_sizes[::-1])[::-1][1:], [1]]).astype(np.int64)
            slots = np.array([[g.index(v[g.name]) for g in self._movable] for v in space.valid], dtype=np.int64)
            codes = slots.reshape(len(space.valid), -1) @ self._radix
            self._valid_order = np.argsort(codes, kind="stable")
            self._valid_sorted = codes[self._valid_order]
        self.new_proposal()

    def new_proposal(self) -> None:
        """Forget the per-proposal memos (what was seen is fixed during one proposal, not between)."""
        self._nearest: dict[tuple, np.ndarray] = {}  # genome values -> GenomeSpace.nearest_ties
        self._counts: dict[tuple, np.ndarray] = {}  # base values -> GenomeSpace.valid_counts

    # --- genomes as value tuples ---------------------------------------------------------------

    def values(self, genome: Genome) -> tuple:
        return tuple(map(genome.__getitem__, self.space.names))

    def genome(self, values: tuple) -> Genome:
        return dict(zip(self.space.names, values))

    def see(self, values: tuple) -> None:
        self.seen.add(values)
        if self.seen_valid is not None:
            i = self.space.valid_index().get(values)
            if i is not None:
                self.seen_valid[i] = True

    def forget_seen(self) -> None:
        self.seen = set()
        if self.seen_valid is not None:
            self.seen_valid[:] = False

    def fresh(self, genome: Genome | None) -> bool:
        """A valid genome not seen yet."""
        if genome is None:
            return False
        values = self.values(genome)
        return values not in self.seen and self.valid_values(values)

    def valid_values(self, values: tuple) -> bool:
        """``space.is_valid`` of the genome with these values (gene order), remembered: the space
        does not change during a run, and a proposal asks about the same edits again and again."""
        ok = self._valid_memo.get(values)
        if ok is None:
            ok = self._valid_memo[values] = self.space.is_valid(self.genome(values))
        return ok

    # --- operators ----------------------------------------------------------------------------

    def mutant(self, genome: Genome, scale: float) -> Genome | None:
        """A new valid genome a few domain steps away in about one gene in len(genes) (at least one).

        Drawn and checked here rather than by ``GenomeSpace.mutate``, whose repair step scans the
        whole valid list of a recorded space: a rejected draw is cheap, a repair is not. Up to 32
        tries, drawn at once (a base whose neighbours were all seen, late in a run or in a small
        space, rejects them all on every draw); then the nearest new genome to the last try."""
        movable, M, T = self._movable, len(self._movable), MUTANT_TRIES
        chosen = self.rng.random((T, M)) < 1 / M
        lone = self.rng.integers(M, size=T)
        chosen[np.arange(T), lone] |= ~chosen.any(1)  # at least one gene per try
        step = np.maximum(1, np.rint(np.abs(self.rng.normal(0.0, scale, (T, M))))).astype(int)
        step *= np.where(self.rng.random((T, M)) < 0.5, 1, -1)
        base = self.values(genome)
        idx = self._index_memo.get(base)
        if idx is None:
            idx = self._index_memo[base] = np.array([gene.index(genome[gene.name]) for gene in movable])
        tries = np.where(chosen, np.minimum(np.maximum(idx + step, 0), self._movable_sizes - 1), idx)
        if self._radix is not None:  # a recorded space: all tries checked at once, the first valid and new taken
            codes = tries @ self._radix
            at = np.minimum(np.searchsorted(self._valid_sorted, codes), len(self._valid_sorted) - 1)
            where = self._valid_order[at]
            ok = (self._valid_sorted[at] == codes) & ~self.seen_valid[where]
            if ok.any():
                return dict(self.space.valid[int(where[int(np.argmax(ok))])])
            key = self._moved(base, idx, tries[-1])
        else:
            key = base
            for r in range(T):  # the tries in order
                key = self._moved(base, idx, tries[r])
                if key not in self.seen and self.valid_values(key):
                    return self.genome(key)
        if self.space.valid:  # a recorded sample of the space: the nearest recorded genome not seen yet
            out = self.genome(key)
            if key not in self._nearest:  # what was seen is fixed during a proposal, and so are the ties
                if base not in self._counts:  # the base's, once per proposal; the try's from them
                    self._counts[base] = self.space.valid_counts(genome)
                counts = self.space.valid_counts(out, near=(genome, self._counts[base]))
                self._nearest[key] = self.space.nearest_ties(out, self.seen_valid, counts)
            ties = self._nearest[key]
            return dict(self.space.valid[int(ties[self.rng.integers(len(ties))])]) if len(ties) else None
        return None

    def _moved(self, base: tuple, idx: np.ndarray, slots: np.ndarray) -> tuple:
        """The values of ``base`` with its movable genes (now at slots ``idx``) moved to ``slots``."""
        values = list(base)
        for j in np.flatnonzero(slots != idx).tolist():
            values[self._movable_at[j]] = self._movable[j].values[int(slots[j])]
        return tuple(values)

    def crossover(self, a: Genome, b: Genome) -> Genome | None:
        """Uniform crossover of two genomes, or None where the child is invalid (no repair, as above)."""
        child = {n: (a[n] if u < 0.5 else b[n]) for n, u in zip(self.space.names, self.rng.random(len(a)))}
        return child if self.space.is_valid(child) else None

    def edits(self, genome: Genome, slots: int, fresh: bool = True
              ) -> tuple[np.ndarray, dict[tuple[int, int], tuple]]:
        """Mask [genes, slots] of single-gene edits that are valid and new, and the edited genomes'
        values (gene order; :meth:`genome` makes one a genome). ``fresh=False``: valid, seen or not
        (the inner steps of a chain of edits, whose last step alone must be new)."""
        mask = np.zeros((len(self.space), slots), dtype=bool)
        targets = {}
        base = self.values(genome)
        for gi, gene in enumerate(self.space.genes):
            cur = base[gi]
            for j, v in enumerate(gene.values):
                if v == cur and repr(v) == repr(cur):
                    continue
                t = base[:gi] + (v,) + base[gi + 1:]
                if (not fresh or t not in self.seen) and self.valid_values(t):
                    mask[gi, j] = True
                    targets[(gi, j)] = t
        return mask, targets
