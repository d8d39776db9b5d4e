"""Population-based training: torch policies that propose transform edits, evolved with their genomes.

Each member holds a policy (:class:`~evo_kernels.strategies.policy.Agent`), its Adam state, its
hyperparameters and a current genome. A draw starts from the member's genome or (probability
``recombine``) from its uniform crossover with the fittest member's; then it is either an edit of
one gene sampled from the member's policy at its temperature or (probability ``mutation_mix``, a
hyperparameter PBT evolves) a mutation of it; with ``chain`` > 1 the edit is a chain of that many
single-gene edits of distinct genes (REINFORCE credits every step). Proposing many and evaluating few: a member draws
``proposals`` candidates (new genomes only) and the one with the highest upper confidence bound
of the population's shared surrogate (:mod:`~evo_kernels.strategies.surrogate`, a Gaussian process
over every member's evaluations of the run) is the one evaluated; a restarting member screens
random genomes the same way (with a transferred prior, the best of ``prior_draws`` by the prior-mean
surrogate, :mod:`~evo_kernels.strategies.prior`; with ``prior_probes``, the last members' first
starts are a cold start's instead, and with ``prior_gate`` the prior is used only while its
ranking agrees with the run's evaluations). Within a batch each chosen proposal joins the
surrogate at its predicted mean until the batch is measured (``fantasies``), so the members that
propose after it do not crowd the same optimistic region. The member moves to the proposal when
its fitness is higher, and the policy learns by REINFORCE with a running-mean baseline on reward
= log(fitness_new / fitness_current) (a failure earns ``failure_reward``). With
``shared_experience`` every member trains on the whole generation's transitions: the state is
relative to the proposer's genome, so each sample means the same to every policy. A member that
has not improved in ``patience`` proposals restarts from a random genome (keeping its policy).
With ``sweep`` > 0, a run whose best has not improved in that many evaluations proposes the best
genome's untested one-gene neighbours next, in ``sweep_order`` (:mod:`~evo_kernels.strategies.sweep`).
With ``acquisition`` (a scorer file), the screen's pick is not the highest UCB but the draw a learned
acquisition function ranks first (:mod:`~evo_kernels.strategies.acquisition`, MetaBO-style).

Every ``exploit_interval`` generations the bottom ``quantile_fraction`` of members (by current
fitness) exploit a parent chosen by ``deap.tools.selTournament``: deep copies of its weights,
optimizer state, genome and baseline; then explore: hyperparameters perturbed by the
``perturbation_factors`` (or redrawn, ``resample_probability``) and the parent's genome mutated at
the new mutation scale as the member's next proposal. Exploits, transfers and restarts are
lineage records (``lineage``, also written as JSON lines by the checkpoint).

Determinism: one numpy Generator (the base class's) and one torch.Generator per member, both in
``state_dict``, so that a run resumed from a checkpoint continues exactly as an uninterrupted one.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, replace
from typing import Any

import numpy as np
import torch
from deap import tools

from evo_kernels.genome import GenomeSpace
from evo_kernels.records import Candidate, Evaluation, Genome
from evo_kernels.strategies import acquisition
from evo_kernels.strategies.base import Strategy
from evo_kernels.strategies.draws import Draws, Proposal
from evo_kernels.strategies.ga import seeded_global_random
from evo_kernels.strategies.options import check_options
from evo_kernels.strategies.pbt_config import PBT_OPTIONS, PBTConfig
from evo_kernels.strategies.operators import Operators
from evo_kernels.strategies.members import HP_BOUNDS, HP_RANGES, Entrant, Member, explore  # noqa: F401 (re-exported)
from evo_kernels.strategies.experience import Experience
from evo_kernels.strategies.policy import Hyperparameters, PolicyConfig, metrics_of, name_ids
from evo_kernels.strategies.prior import Prior, PriorInRun, SavedPopulation, prior_from_state
from evo_kernels.strategies.sweep import Sweep
from evo_kernels.strategies.trees import SURROGATES
from evo_kernels.strategies.trust import ScreenTrust


class PBTSearch(Strategy):
    """Population-based training of edit policies; see the module docstring.

    ``init_population`` (a :class:`~evo_kernels.strategies.prior.SavedPopulation`, which the
    caller loads: ``evo_kernels.checkpoint.load_pretrained(folder)``) starts the members from a
    saved population's weights, optimizer states and hyperparameters (cycled if it has fewer
    members) and, where it has one, its prior over genomes
    (:class:`~evo_kernels.strategies.prior.PriorModel`: the shared surrogate's prior mean and the
    screen of start genomes); genomes start fresh, since they do not transfer between spaces.
    """

    name = "pbt"
    OPTIONS = PBT_OPTIONS

    def __init__(self, space: GenomeSpace, template: str = "", problem: dict[str, int] | None = None,
                 seed: int = 0, seeds: Sequence[Genome] = (), config: PBTConfig | None = None,
                 init_population: SavedPopulation | None = None, **overrides: Any) -> None:
        check_options(self.name, overrides, self.OPTIONS)
        super().__init__(space, template, problem, seed, seeds)
        torch.set_num_threads(1)  # tiny nets: threads cost more than they save, and share the machine
        policy = overrides.pop("policy", None)
        self.cfg = replace(config or PBTConfig(), **overrides)
        if isinstance(policy, dict):  # from JSON (a command line or a checkpoint's config)
            policy = PolicyConfig(**policy)
        if policy is not None:
            self.cfg = replace(self.cfg, policy=policy)
        elif init_population is not None:  # a warm start takes the population's name embedding, if any
            self.cfg = replace(self.cfg, policy=replace(self.cfg.policy, name_buckets=init_population.name_buckets))
        if not all(k in SURROGATES for k in self.cfg.surrogate.split("+")):
            raise ValueError(f"pbt: unknown surrogate {self.cfg.surrogate!r}; known: {', '.join(SURROGATES)}, or "
                             "several joined by + (members take them in turn)")
        if self.cfg.acquisition:
            acquisition.load_scorer(self.cfg.acquisition)   # a missing or foreign scorer file: refused here, not later
        self.members = []
        for i in range(self.cfg.population_size):
            hp = Hyperparameters(**{k: float(math.exp(self.rng.uniform(math.log(lo), math.log(hi))))
                                    for k, (lo, hi) in HP_RANGES.items()})
            self.members.append(Member(i, self.cfg.policy, hp, int(self.rng.integers(2**62))))
        self.experience = Experience(space, self.cfg.memory)
        self.ops = Operators(space, self.rng)  # mutants, crossovers and edits that are new; what was seen
        self.prior_run = PriorInRun(space)  # a transferred prior on this space, and its gate
        self.sweep = Sweep()  # the run's best and its stall (``sweep``)
        self.trust = ScreenTrust()  # the screen's predictions against the measurements (``trust``)
        self.generation = 0
        self.lineage: list[dict[str, Any]] = []
        self._cursor = 0  # next member to propose
        self._owner: dict[str, int] = {}  # candidate key -> member that proposed it
        self._pending: dict[str, Proposal] = {}
        self._queue = list(self.seeds)
        if init_population is not None:
            self._transfer(init_population)

    # --- proposals --------------------------------------------------------------------------

    def _next_seed(self) -> Genome | None:
        """The next seed genome not evaluated or proposed yet (None once they are all out)."""
        while self._queue:
            g = self._queue.pop(0)
            if self.ops.fresh(g):
                return g
        return None

    def _random(self) -> Genome | None:
        g = self._next_seed()
        if g is not None:
            return g
        for _ in range(64):
            g = self.space.sample(self.rng)
            if self.ops.fresh(g):
                return g
        return None

    def _sync_surrogate(self, m: Member) -> None:
        """Give the experience the model ``cfg.surrogate`` names for member ``m`` (a setting that may change on
        resume; "gp+trees": members take the kinds in turn by index, a portfolio of screens)."""
        kinds = self.cfg.surrogate.split("+")
        self.experience.use_surrogate(kinds[m.index % len(kinds)], self.seed)

    def _propose(self, m: Member) -> tuple[Genome | None, Proposal]:
        """The member's next genome: the best of ``proposals`` draws by the shared surrogate's
        optimistic estimate (proposals are free, evaluations cost)."""
        self._sync_surrogate(m)
        probe = self._cursor <= len(self.members) and m.index >= len(self.members) - self.cfg.prior_probes
        prior = self.prior_in_use() and not probe  # a probe starts as a cold start would, the prior unused
        self.prior_run.use(self.experience, prior)
        self.ops.new_proposal()
        if self._queue and m.genome is not None:   # every seed genome first, more of them than members too
            g = self._next_seed()
            if g is not None:
                return g, Proposal(m.index, "init")
        swept = self.sweep.propose(self.cfg.sweep, self.cfg.sweep_order, self.ops, self.experience, m,
                                   self.problem, self.cfg.optimism)
        if swept is not None:
            return swept[0], Proposal(m.index, "sweep", *swept[1:])
        k = self.trust.draws(self.cfg.proposals, self.cfg.trust, self.cfg.trust_rho, self.cfg.trust_draws) \
            if len(self.experience.rows) >= 2 or prior else 1
        if m.genome is None:
            if prior:
                k = max(k, self.cfg.prior_draws)
            if self._queue or k == 1:
                return self._random(), Proposal(m.index, "init")
            draws = [(self._random(), Proposal(m.index, "init")) for _ in range(k)]
        elif m.forced is not None:
            g, m.forced = m.forced, None
            draws = [(g, Proposal(m.index, "explore"))] if self.ops.fresh(g) else []
            draws += [(self.ops.mutant(m.genome, m.hp.mutation_scale), Proposal(m.index, "explore"))
                      for _ in range(k - 1)]
            if not any(d[0] is not None for d in draws):
                draws = self._draws(m, 1)
        else:
            draws = self._draws(m, k)
        draws = [d for d in draws if d[0] is not None]
        if len(draws) <= 1:
            return draws[0] if draws else (None, Proposal(m.index, "init"))
        rows = np.array([self.experience.row(g) for g, _ in draws])
        if prior and len(self.experience.rows) < len(self.members):
            # A warm start's first generation is the prior's design, whatever the batch size: one
            # evaluation at a time, the GP would otherwise re-weigh the prior on one or two points.
            return draws[int(np.argmax(self.experience.model.prior(rows)))]
        bonus = self.cfg.policy_weight * np.array([p.ratio for _, p in draws]) if self.cfg.policy_weight else None
        i, predicted = self._screen(m, draws, rows, bonus)
        return draws[i][0], replace(draws[i][1], predicted=predicted)  # what ``trust`` compares with the measurement

    def _screen(self, m: Member, draws: list[tuple[Genome, Proposal]], rows: np.ndarray,
                bonus: np.ndarray | None) -> tuple[int, float]:
        """Which draw the screen evaluates, and its predicted log fitness: the highest UCB (+ ``bonus``), or with
        ``acquisition`` the highest score of the learned acquisition function (:mod:`.acquisition`)."""
        if not self.cfg.acquisition:
            return self.experience.screen(rows, self.cfg.optimism, bonus)
        mean, std = self.experience.predict(rows)
        feats = self.screen_features(m, draws, rows, mean, std)
        i = acquisition.pick(acquisition.load_scorer(self.cfg.acquisition), feats)
        return i, float(mean[i])

    def screen_features(self, m: Member, draws: list[tuple[Genome, Proposal]], rows: np.ndarray, mean: np.ndarray,
                        std: np.ndarray) -> np.ndarray:
        """The learned acquisition's features of a screen's draws (:func:`.acquisition.features`)."""
        exp = self.experience
        member = exp.row(m.genome) if m.genome is not None else None
        mlf = None if m.genome is None else (math.log(m.fitness) if m.fitness > 0 else math.nan)
        return acquisition.features(rows, mean, std, [p.kind for _, p in draws],
                                    np.array(exp.rows, dtype=np.int64).reshape(len(exp.rows), len(exp.sizes)),
                                    np.array(exp.log_fitness, dtype=float), member, mlf, self.cfg.optimism)

    def _draws(self, m: Member, k: int) -> list[tuple[Genome | None, Proposal]]:
        """``k`` draws for the member's screen (:class:`~evo_kernels.strategies.draws.Draws`)."""
        best = max((o for o in self.members if o.genome is not None), key=lambda o: (o.fitness, -o.index))
        return Draws(self.cfg, self.rng, self.ops, self.experience, self.problem, self._random).draw(m, k, best)

    def ask(self, n: int) -> list[Candidate]:
        """Up to ``n`` new genomes, one proposal per member in turn (start genomes first)."""
        out: list[Candidate] = []
        for _ in range(n):
            m = self.members[self._cursor % len(self.members)]
            self._cursor += 1
            g, prop = self._propose(m)
            if g is None:
                continue
            if n > 1 and self.cfg.fantasies:
                self.experience.fantasize(g)
            c = self.candidate(g)
            self.ops.see(self.ops.values(g))
            self._pending[c.key] = prop
            self._owner[c.key] = m.index
            out.append(c)
        return out

    def member_of(self, key: str) -> int | None:
        """The member that proposed the candidate with this key (None if none did)."""
        return self._owner.get(key)

    # --- learning ---------------------------------------------------------------------------

    def _reward(self, m: Member, ev: Evaluation) -> float:
        if not ev.feasible:
            return self.cfg.failure_reward
        if m.fitness <= 0:
            return self.cfg.reward_clip
        return float(np.clip(math.log(ev.fitness / m.fitness), -self.cfg.reward_clip, self.cfg.reward_clip))

    def tell(self, candidates: Sequence[Candidate], evaluations: Sequence[Evaluation]) -> None:
        """Learn from the evaluations, move members that improved, and exploit/explore every K generations."""
        batch: list[tuple[Member, dict[str, torch.Tensor], torch.Tensor, float]] = []
        self.experience.forget_fantasies([c.genome for c in candidates])
        for c, ev in zip(candidates, evaluations):
            self.ops.see(self.ops.values(c.genome))
            prop = self._pending.pop(c.key, None)
            if prop is None:
                continue  # a repeat answered from memory: no new information
            self.experience.add(c.genome, ev.fitness)
            self.sweep.tell(c.genome, ev)
            self.trust.tell(prop.predicted, ev.fitness, self.cfg.trust)
            m = self.members[prop.member]
            if prop.action is not None:
                batch.append((m, prop.state, prop.action, self._reward(m, ev)))
            if m.genome is None or ev.fitness > m.fitness:
                m.genome, m.metrics, m.stale = dict(c.genome), metrics_of(ev), 0
            else:
                m.stale += 1
        # proposals still pending belong to batches asked ahead and not told yet: kept for their tell
        if batch:
            self._learn(batch)
        for m in self.members:
            if m.stale >= self.cfg.patience:
                self.lineage.append({"generation": self.generation, "member": m.index, "parent": m.index,
                                     "event": "restart", "fitness": m.fitness})
                m.genome, m.metrics, m.stale, m.forced = None, None, 0, None
        self.generation += 1
        if self.generation % self.cfg.exploit_interval == 0:
            self._exploit_explore()

    def _learn(self, batch: list[tuple[Member, dict[str, torch.Tensor], torch.Tensor, float]]) -> None:
        for m in self.members:
            own = batch if self.cfg.shared_experience else [b for b in batch if b[0] is m]
            if not own:
                continue
            state = {k: torch.cat([b[1][k] for b in own]) for k in own[0][1]}
            actions = torch.cat([b[2] for b in own])
            rewards = torch.tensor([b[3] for b in own], dtype=torch.float32)
            _, logprob, entropy = m.agent.get_action_and_logprob(state, actions, temperature=m.hp.temperature)
            if len(actions) > len(own):  # chains of edits (``chain``): each transition's steps, summed
                at = torch.repeat_interleave(torch.arange(len(own)), torch.tensor([len(b[2]) for b in own]))
                logprob = torch.zeros(len(own)).index_add(0, at, logprob)
                entropy = torch.zeros(len(own)).index_add(0, at, entropy)
            loss = -((rewards - m.baseline) * logprob).mean() - m.hp.entropy * entropy.mean()
            for group in m.optimizer.param_groups:
                group["lr"] = m.hp.lr
            m.optimizer.zero_grad()
            loss.backward()
            m.optimizer.step()
            d = self.cfg.baseline_decay
            m.baseline = d * m.baseline + (1 - d) * float(rewards.mean())

    def _exploit_explore(self) -> None:
        ready = [m for m in self.members if m.genome is not None]  # restarting members sit this round out
        if len(ready) < 2:
            return
        order = sorted(ready, key=lambda m: (m.fitness, -m.index))  # least fit first
        n_q = max(1, int(round(len(order) * self.cfg.quantile_fraction)))
        with seeded_global_random(self.rng):
            parents = tools.selTournament([Entrant(m) for m in ready], n_q, self.cfg.tournament_size)
        for loser, entrant in zip(order[:n_q], parents):
            parent = entrant.member
            if parent is loser or parent.fitness <= loser.fitness:
                continue
            loser.load_weights(parent.state_dict())
            loser.genome, loser.metrics = dict(parent.genome), dict(parent.metrics)
            loser.baseline = parent.baseline
            loser.hp, changes = explore(parent.hp, self.rng, self.cfg.perturbation_factors,
                                        self.cfg.resample_probability)
            loser.forced = self.ops.mutant(parent.genome, loser.hp.mutation_scale)
            self.lineage.append({"generation": self.generation, "member": loser.index, "parent": parent.index,
                                 "event": "exploit", "fitness": loser.fitness, **changes})

    def _with_names(self, state: dict[str, torch.Tensor] | None) -> dict[str, torch.Tensor] | None:
        """A policy state from a checkpoint, with the genes' names where it was saved without them (before
        states carried them: they are the space's, so a resumed batch in flight learns like the others)."""
        if state is None or "names" in state:
            return state
        ids = torch.from_numpy(name_ids(self.space.names))[None]
        return {**state, "names": ids.expand(len(state["genes"]), -1)}

    def _transfer(self, saved: SavedPopulation) -> None:
        # pbt starts from the shipped population unless told otherwise: a user who sizes the policies anew may not
        # have named any population, so the line says how to start cold
        cold = "; init_population=none (tune: --init-population none) starts cold with policies of this size"
        if saved.hidden != self.cfg.policy.hidden:
            raise ValueError(f"{saved.path}: not a PBT population of policies with hidden={self.cfg.policy.hidden} "
                             f"(its policies have hidden={saved.hidden}){cold}")
        if saved.name_buckets != self.cfg.policy.name_buckets:
            raise ValueError(f"{saved.path}: its policies have name_buckets={saved.name_buckets}, this search's "
                             f"{self.cfg.policy.name_buckets}{cold}")
        if saved.prior is not None:
            self.set_prior(saved.prior)
        for m in self.members:
            src = saved.members[m.index % len(saved.members)]
            m.load_weights(src)
            self.lineage.append({"generation": 0, "member": m.index, "parent": f"{saved.source}#{src['index']}",
                                 "event": "transfer"})

    @property
    def prior(self) -> Prior | None:
        """The transferred prior this run carries (in use or not: checkpoints carry it either way)."""
        return self.prior_run.model

    def set_prior(self, prior: Prior | None) -> None:
        """Use ``prior`` (None: none) as the surrogate's prior mean and the screen of start genomes."""
        self.prior_run.set(prior, self.experience)

    def prior_in_use(self) -> bool:
        """Whether the transferred prior serves the next proposal (:class:`PriorInRun`, ``prior_gate``)."""
        return self.prior_run.in_use(self.experience, self.cfg.prior_gate, self.cfg.prior_gate_after)

    # --- checkpoints ------------------------------------------------------------------------

    def state_dict(self) -> dict[str, Any]:
        """Full state between generations: members (tensors included), experience, RNGs, lineage."""
        return {**super().state_dict(), "generation": self.generation, "cursor": self._cursor,
                "config": asdict(self.cfg), "members": [m.state_dict() for m in self.members],
                "experience": {"rows": self.experience.rows,
                               "log_fitness": [None if f != f else f for f in self.experience.log_fitness]},
                "seen": [list(v) for v in self.ops.seen], "owner": dict(self._owner),
                "queue": [dict(g) for g in self._queue], "lineage": list(self.lineage),
                "prior": self.prior.state_dict() if self.prior is not None else None,
                # a batch asked ahead and not told yet: its proposals and fantasies, told after a resume
                "pending": {k: {"member": p.member, "kind": p.kind, "state": p.state, "action": p.action,
                                "predicted": p.predicted} for k, p in self._pending.items()},
                "fantasies": [[list(r), f] for r, f in self.experience.fantasies],
                "sweep": self.sweep.state_dict(), "trust": self.trust.state_dict()}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        """Restore from :meth:`state_dict` (also after a checkpoint round trip)."""
        super().load_state_dict(state)
        if len(state["members"]) != len(self.members):
            raise ValueError(f"pbt: checkpoint has {len(state['members'])} members, this search {len(self.members)}")
        self.generation, self._cursor = int(state["generation"]), int(state["cursor"])
        for m, s in zip(self.members, state["members"]):
            m.load_state_dict(s)
        self.experience.load(state["experience"]["rows"],
                             [math.nan if f is None else float(f) for f in state["experience"]["log_fitness"]])
        self.set_prior(prior_from_state(state["prior"]) if state.get("prior") else None)
        self.ops.forget_seen()
        for v in state["seen"]:
            self.ops.see(tuple(v))
        self._owner = {k: int(v) for k, v in state["owner"].items()}
        self._queue = [dict(g) for g in state["queue"]]
        self.lineage = [dict(e) for e in state["lineage"]]
        self._pending = {k: Proposal(int(p["member"]), str(p["kind"]), self._with_names(p["state"]), p["action"],
                                     p.get("predicted"))
                         for k, p in state.get("pending", {}).items()}
        self.experience.fantasies = [(list(r), float(f)) for r, f in state.get("fantasies", [])]
        self.sweep.load_state_dict(state.get("sweep", Sweep().state_dict()))  # none before the option
        self.trust.load_state_dict(state.get("trust", {}))
        self.experience.model.invalidate()
