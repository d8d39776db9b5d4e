"""The run's experience, shared by a PBT population: every evaluation as value-slot indices and log
fitness, the surrogate fitted to them (:mod:`~evo_kernels.strategies.surrogate`, or the trees of
:mod:`~evo_kernels.strategies.trees`), its screen of proposals, and the slot features of the policy's
state (:mod:`~evo_kernels.strategies.policy`): per (gene, value slot), what this run's own evaluations
say about that value (best and mean log fitness of evaluated genomes holding it, relative to the
member's current genome; the nearest evaluated genome holding it; how often it failed; the
surrogate's predicted gain of the edit), plus where the slot lies relative to the current value.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from evo_kernels.genome import GenomeSpace
from evo_kernels.records import Genome
from evo_kernels.strategies.surrogate import Surrogate, edit_grid
from evo_kernels.strategies.trees import make_surrogate

SLOT_FEATURES = ("position", "delta", "log_step", "has_data", "log_count", "best_gain", "mean_gain", "nn_gain",
                 "nn_distance", "fail_rate", "neighbor", "model_gain", "model_std")
GAIN_CLIP = 2.0
MEMORY = 512  # the most evaluations the surrogate and the slot features see (Experience.active)


class Experience:
    """The run's evaluations as value-slot indices and log fitness: the source of the slot features."""

    def __init__(self, space: GenomeSpace, memory: int = MEMORY) -> None:
        """``memory``: the most evaluations the surrogate and the slot features see (:meth:`active`)."""
        self.space = space
        self.memory = memory
        self._cache: dict[str, tuple] = {}  # derived arrays, keyed by name, each tagged with len(rows)
        self.sizes = np.array([len(g.values) for g in space.genes])
        self.slots = int(self.sizes.max())
        self._index = [{repr(v): i for i, v in enumerate(g.values)} for g in space.genes]
        self.rows: list[list[int]] = []
        self.log_fitness: list[float] = []  # NaN for a failure
        self.fantasies: list[tuple[list[int], float]] = []  # proposed, not measured yet: (row, predicted)
        self.values = [list(g.values) for g in space.genes]
        self.model = Surrogate(self.sizes, values=self.values)  # the Gaussian process, refitted when rows were added
        self.surrogate = "gp"  # the kind of ``model`` (make_surrogate's names)
        self._models = {"gp": self.model}  # every kind used so far: a portfolio switches between them, no refit

    @property
    def prior_table(self) -> np.ndarray | None:
        """The surrogate's prior mean: a transferred prior's [genes, slots] contributions, or None."""
        return self.model.table

    def set_prior_table(self, table: np.ndarray | None) -> None:
        """Give the surrogates this prior mean (None: none); each refits on its next use."""
        for model in self._models.values():
            model.table = table
            model.invalidate()

    def use_surrogate(self, kind: str, key: int) -> None:
        """Make ``kind`` the shared surrogate, built once (its prior table kept; the trees' randomness keyed by
        ``key`` and the number of rows, so that refits reproduce); a kind used before is taken up again as it
        was, and refits only where the rows changed."""
        if kind != self.surrogate:
            if kind not in self._models:
                self._models[kind] = make_surrogate(kind, self.sizes, self.model.table, key, self.values)
            self.model = self._models[kind]
            self.surrogate = kind

    def row(self, genome: Genome) -> list[int]:
        return [ix[repr(genome[g.name])] for ix, g in zip(self._index, self.space.genes)]

    def add(self, genome: Genome, fitness: float) -> None:
        self.rows.append(self.row(genome))
        self.log_fitness.append(math.log(fitness) if fitness > 0 else math.nan)

    def load(self, rows: Sequence[Sequence[int]], log_fitness: Sequence[float]) -> None:
        """Replace the evaluations (a checkpoint's)."""
        self.rows, self.log_fitness = [list(r) for r in rows], [float(f) for f in log_fitness]
        self._cache.clear()
        for model in self._models.values():
            model.invalidate()

    def _cached(self, name: str, make):
        hit = self._cache.get(name)
        if hit is None or hit[0] != len(self.rows):
            hit = self._cache[name] = (len(self.rows), make())
        return hit[1]

    def active(self) -> np.ndarray:
        """Indices (ascending) of the evaluations the surrogate and the slot features see: all of them
        up to ``memory``; beyond, the set chosen at the last epoch boundary (every ``memory // 16``
        evaluations: the best ``memory // 2``, failures last, and the most recent others up to
        ``memory``) followed by every evaluation since. This bounds what a proposal costs however
        long the run (a GP fit is cubic in its rows): an overnight run's ten thousandth evaluation is
        chosen as fast as its thousandth, from a model of the good region and of where the search is
        now. Between two boundaries the set only grows at its end, so the surrogate extends its
        factor by the new rows instead of refitting it (:meth:`whole`)."""
        return self._active()[0]

    def whole(self) -> int:
        """How many leading active rows the surrogate factors whole; it extends that factor by the
        others one row at a time. The same count for the same evaluations, so a resumed run factors
        exactly as the uninterrupted one did."""
        return self._active()[1]

    @property
    def epoch(self) -> int:
        return max(1, self.memory // 16)

    def _active(self) -> tuple[np.ndarray, int]:
        def make() -> tuple[np.ndarray, int]:
            n = len(self.rows)
            if n <= self.memory:
                return np.arange(n), n - n % self.epoch
            s = self.memory + (n - self.memory) // self.epoch * self.epoch  # the last boundary
            lf = np.asarray(self.log_fitness[:s])
            best = np.argsort(-np.where(np.isfinite(lf), lf, -np.inf), kind="stable")[:self.memory // 2]
            chosen = np.zeros(s, dtype=bool)
            chosen[best] = True
            rest = np.flatnonzero(~chosen)[-(self.memory - len(best)):]
            chosen[rest] = True
            kept = np.flatnonzero(chosen)
            return np.concatenate([kept, np.arange(s, n)]), len(kept)
        return self._cached("active", make)

    def _arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """The active evaluations as (rows [n, genes], log fitness [n])."""
        def make() -> tuple[np.ndarray, np.ndarray]:
            act = self.active()
            return (np.array([self.rows[i] for i in act], dtype=np.int64).reshape(len(act), len(self.sizes)),
                    np.array([self.log_fitness[i] for i in act], dtype=float))
        return self._cached("arrays", make)

    def fantasize(self, genome: Genome) -> None:
        """Count a genome proposed in this batch as measured at the surrogate's predicted mean (the
        "kriging believer" of batch Bayesian optimization): its std and its neighbours' shrink, so
        the next proposals of the same batch look elsewhere instead of around the same optimistic
        point. Forgotten when the batch's measurements arrive (:meth:`forget_fantasies`)."""
        if len(self.rows) < 2:
            return  # the model is the prior until two evaluations: nothing to believe yet
        row = self.row(genome)
        mean, _ = self.predict(np.array([row]))
        self.fantasies.append((row, float(mean[0])))

    def forget_fantasies(self, genomes: Sequence[Genome]) -> None:
        """Drop the fantasies of ``genomes``, whose measurements arrived; those of batches still in
        flight (asked ahead) stay until theirs arrive."""
        told = [self.row(g) for g in genomes]
        keep = []
        for row, f in self.fantasies:
            if row in told:
                told.remove(row)
            else:
                keep.append((row, f))
        if len(keep) != len(self.fantasies):
            self.fantasies = keep  # the model refits (incrementally) when next asked

    def best(self) -> float:
        def make() -> float:
            ok = [f for f in self.log_fitness if f == f]
            return max(ok) if ok else 0.0
        return self._cached("best", make)

    def slot_features(self, current: list[int], current_log_fitness: float) -> np.ndarray:
        """[genes, slots, len(SLOT_FEATURES)] features of editing each gene to each slot."""
        G, S = len(self.sizes), self.slots
        out = np.zeros((G, S, len(SLOT_FEATURES)), dtype=np.float32)
        j = np.arange(S)[None, :]
        cur = np.array(current)[:, None]
        span = np.maximum(self.sizes - 1, 1)[:, None]
        step = np.abs(j - cur)
        out[..., 0] = j / span
        out[..., 1] = (j - cur) / span
        out[..., 2] = np.log(np.maximum(step, 1))
        out[..., 10] = step == 1
        if not self.rows:
            return out
        H, lf = self._arrays()
        ok = np.isfinite(lf)
        hot = H[:, :, None] == np.arange(S)[None, None, :]  # [N, G, S]
        count, ok_count = hot.sum(0), (hot & ok[:, None, None]).sum(0)
        gain = np.clip(np.where(ok, lf, 0.0) - current_log_fitness, -GAIN_CLIP, GAIN_CLIP)
        hot_ok = hot & ok[:, None, None]
        best = np.where(hot_ok, gain[:, None, None], -np.inf).max(0)
        mean = (hot_ok * gain[:, None, None]).sum(0) / np.maximum(ok_count, 1)
        # Nearest evaluated genome holding the slot: Hamming distance to the edited genome.
        dist = (H != np.array(current)[None, :]).sum(1)[:, None] - (H != np.array(current)[None, :])  # [N, G]
        rank = np.where(hot_ok, dist[:, :, None] - 1e-3 * np.tanh(gain)[:, None, None], np.inf)
        nearest = rank.argmin(0)  # [G, S]
        has = ok_count > 0
        out[..., 3] = count > 0
        out[..., 4] = np.log1p(count) / math.log1p(len(H))
        out[..., 5] = np.where(has, best, 0.0)
        out[..., 6] = np.where(has, mean, 0.0)
        out[..., 7] = np.where(has, gain[nearest], 0.0)
        out[..., 8] = np.where(has, dist[nearest, np.arange(G)[:, None]] / G, 1.0)
        out[..., 9] = (count - ok_count) / np.maximum(count, 1)
        out[..., 11], out[..., 12] = self._model(current)
        return out

    def predict(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Predicted log fitness of genomes given as value-slot rows [n, genes], and its std, by the
        shared surrogate (:mod:`~evo_kernels.strategies.surrogate`); the prior (a transferred
        prior's mean, or zero; unit std) before two evaluations. Fitted to the evaluations and the
        batch's fantasies (:meth:`fantasize`)."""
        rows = np.asarray(rows).reshape(-1, len(self.sizes))
        if len(self.rows) < 2:
            return self.model.prior(rows), np.ones(len(rows))
        self._fit()
        return self.model.predict(rows)

    def screen(self, rows: np.ndarray, optimism: float, bonus: np.ndarray | None = None) -> tuple[int, float]:
        """Index of the row a surrogate screen picks, the highest upper confidence bound, predicted
        mean + ``optimism`` * std of log fitness (:meth:`predict`) + ``bonus`` (per row, in the same
        units; None: none), and that row's predicted mean."""
        mean, std = self.predict(rows)
        score = mean + optimism * std
        i = int(np.argmax(score if bonus is None else score + bonus))
        return i, float(mean[i])

    def _fit(self) -> None:
        """Fit the model to the active evaluations and the batch's fantasies (cheap when nothing
        changed, incremental when fantasies were added: :meth:`Surrogate.fit`)."""
        H, lf = self._arrays()
        if self.fantasies:
            H = np.vstack([H, np.array([r for r, _ in self.fantasies], dtype=np.int64)])
            lf = np.concatenate([lf, [f for _, f in self.fantasies]])
        self.model.fit(H, lf, self.whole())

    def _model(self, current: list[int]) -> tuple[np.ndarray, np.ndarray]:
        """The surrogate's predicted log-fitness gain (and its std) of editing each gene to each slot."""
        G, S = len(self.sizes), self.slots
        if len(self.rows) < 2 and self.model.table is None:
            return np.zeros((G, S)), np.ones((G, S))
        mean, std = self.predict(edit_grid(current, S))
        gain = np.clip(mean[:-1] - mean[-1], -GAIN_CLIP, GAIN_CLIP)
        return gain.reshape(G, S), std[:-1].reshape(G, S)
