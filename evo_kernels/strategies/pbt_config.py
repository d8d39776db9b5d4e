"""The population-level settings of :class:`~evo_kernels.strategies.pbt.PBTSearch` (the settings
each member evolves are its ``Hyperparameters``, :mod:`~evo_kernels.strategies.policy`)."""
from __future__ import annotations

from dataclasses import dataclass, field

from evo_kernels.strategies.options import Option, fraction
from evo_kernels.strategies.policy import PolicyConfig
from evo_kernels.strategies.sweep import SWEEP_ORDERS


@dataclass
class PBTConfig:
    """Population-level settings of :class:`PBTSearch` (the evolving ones are in ``Hyperparameters``)."""

    population_size: int = 8
    """Members; each proposes in turn, so a batch of 8 is one proposal per member."""
    exploit_interval: int = 1
    """Generations (tells) between exploit/explore rounds."""
    quantile_fraction: float = 0.5
    """Share of members, the least fit, that exploit a tournament winner each round."""
    tournament_size: int = 4
    """Aspirants per ``deap.tools.selTournament`` pick of a parent."""
    perturbation_factors: tuple[float, float] = (1.2, 0.8)
    """Factors one of which multiplies each hyperparameter when a member explores."""
    resample_probability: float = 0.25
    """Probability that explore redraws a hyperparameter from its initial range instead of perturbing it:
    keeps long runs (and pretraining) from drifting to the bounds, as Ray Tune's PBT does."""
    patience: int = 5
    """Proposals in a row without improvement after which a member restarts from a fresh random genome
    (keeping its policy): a population that sits on one local optimum otherwise spends the budget around it."""
    recombine: float = 0.5
    """Probability that a proposal (policy edit or mutation) starts from a uniform crossover of the
    member's genome with the fittest member's instead of from the member's genome itself."""
    proposals: int = 64
    """Candidates a member draws per proposal; the one the shared surrogate (a Gaussian process over
    every member's evaluations) scores best is evaluated. 1: every draw is evaluated."""
    prior_draws: int = 64
    """Random genomes a start (or restart) screens when the population brought a transferred prior
    (:mod:`~evo_kernels.strategies.prior`): the prior is cheap to ask, so start genomes are the
    best of many draws by it; without a prior, starts screen ``proposals`` draws once the run has data."""
    prior_gate: float | None = None
    """With a transferred prior: the least Spearman rank correlation between the prior's predictions
    and the run's measured log fitness (every evaluation so far that ran; failures are left out, the
    prior models speed only) at which the prior stays in use once the run has ``prior_gate_after``
    evaluations. Below it the prior is dropped, as if the population had brought none (the
    surrogate models the evaluations alone, restarts are screened as in a cold start), until the
    correlation is back at the threshold. None: the prior is always used, faded only by its in-run
    scale (:mod:`~evo_kernels.strategies.surrogate`)."""
    prior_gate_after: int = 8
    """Evaluations before :attr:`prior_gate` first judges the prior (at least 2)."""
    prior_probes: int = 0
    """With a transferred prior, members (the last ones) whose first start genome is chosen as in a
    cold start, without the prior (a random draw before two evaluations, then the surrogate's screen
    of ``proposals`` draws): the first generation hedges between the prior's design and a cold one,
    and :attr:`prior_gate` judges the prior on evaluations it did not pick. 0: every start is the prior's."""
    optimism: float = 2.0
    """Weight of the surrogate's std in the score of a draw (an upper confidence bound, mean +
    optimism * std of log fitness): 0 trusts the model's mean, larger values favour what it knows little about."""
    fantasies: bool = True
    """Within a batch, count each proposal as measured at the surrogate's predicted mean until the
    batch's measurements arrive (the "kriging believer"), so that the batch's proposals spread out
    instead of crowding one optimistic point. One proposal at a time it changes nothing."""
    shared_experience: bool = True
    """Train every member on every member's transitions of the generation, not only on its own."""
    failure_reward: float = -1.0
    """Reward of a proposal that failed (fitness 0): compile error, crash, wrong result."""
    reward_clip: float = 1.0
    """Rewards are clipped to +-reward_clip so that one lucky jump does not swamp the gradient."""
    baseline_decay: float = 0.9
    """Decay of the running-mean reward baseline."""
    policy: PolicyConfig = field(default_factory=PolicyConfig)
    """Architecture of every member's policy."""
    surrogate: str = "gp"
    """The shared surrogate: "gp" (the Gaussian process), "trees" (a SMAC-style random forest), "et"
    (extremely randomized trees) or "blend" (the mean of the GP's and the random forest's predictions);
    see :mod:`~evo_kernels.strategies.trees`. Several joined by "+" ("gp+trees") are a portfolio of screens:
    member i screens its proposals with the (i mod count)-th, every model fitted to the same evaluations."""
    memory: int = 512
    """The most evaluations the shared surrogate and the policies' slot features see: beyond it, the
    best half and the most recent rest (:meth:`~evo_kernels.strategies.experience.Experience.active`),
    so that the cost of a proposal stays flat over an overnight run (benchmarks/SEARCH.md)."""
    edits: str = "policy"
    """Where a member's single-gene edits come from: "policy" (its learned policy) or "uniform" (a
    uniform draw among the same allowed edits, nothing learned): the ablation that says what the
    policies add (benchmarks/SEARCH.md)."""
    chain: int = 1
    """Single-gene edits a policy (or uniform, ``edits``) draw applies in sequence: each step an edit
    of another gene, from the same forward pass at the base masked by the edits valid at the
    intermediate genome (the last step's must also be new). 1: the single-gene edits of the
    module docstring. Larger, the screen chooses among draws from the 2- or 3-edit ball, far
    more genomes than ``proposals`` draws cover, where what the policy learned can concentrate
    them; REINFORCE credits every edit of the chain (the sum of their log-probabilities)."""
    sweep: int = 0
    """Evaluations in a row without a new best of the run (failures included) after which the next
    proposals, whichever member's, are the best genome's valid untested one-gene neighbours, one
    each, until none is left or the best improves (:mod:`~evo_kernels.strategies.sweep`): the
    surrogate screen can rank the edit that is the optimum low for a long time (benchmarks/SEARCH.md).
    0: never."""
    sweep_order: str = "surrogate"
    """Which neighbour a sweep proposes next: "surrogate" (the highest upper confidence bound, as the
    screen scores draws), "policy" (the proposing member's most probable edit of the best genome;
    REINFORCE learns from it) or "uniform" (a random one, from the member's torch generator)."""
    trust: int = 0
    """Screened evaluations over which the screen's record is kept (:mod:`~evo_kernels.strategies.trust`):
    while the rank correlation of the picked genomes' predicted and measured log fitness over them is
    below ``trust_rho``, proposals screen ``trust_draws`` draws instead of ``proposals``. 0: never."""
    trust_rho: float = 0.3
    trust_draws: int = 8
    policy_weight: float = 0.0
    """Weight, in log-fitness units, of a policy draw's log-probability ratio to a uniform choice
    among the same allowed edits (log pi(edit) + log #allowed) in the screen's score of that draw:
    the screen picks the highest mean + ``optimism`` * std + ``policy_weight`` * ratio. Other draws
    (mutations, uniform edits, starts) get no bonus, so with ``edits="uniform"`` the screen is the
    plain UCB. 0: the policies only propose, the screen alone chooses (benchmarks/SEARCH.md)."""
    acquisition: str = ""
    """A learned acquisition function (a scorer file, :mod:`~evo_kernels.strategies.acquisition`) that replaces
    the screen's UCB: each draw gets template-independent features (the surrogate's mean and std against the
    run's best and the screen, UCB/EI/PI, the run's progress, distances, the kind of draw) and the screen
    evaluates the draw the scorer ranks first (``policy_weight`` is then unused). "": off, the UCB screen."""


# The type and range of every PBTConfig field, and of PBTSearch's other keyword arguments: what
# :func:`~evo_kernels.strategies.options.check_options` holds an option (``pbt:KEY=VALUE``) to.
POLICY_OPTIONS: dict[str, Option] = {
    "hidden": Option("int", least=1),
    "prior": Option("table"),
    "name_buckets": Option("int", least=0),
}
PBT_OPTIONS: dict[str, Option] = {
    "population_size": Option("int", least=1),
    "exploit_interval": Option("int", least=1),
    "quantile_fraction": fraction(positive=True),
    "tournament_size": Option("int", least=1),
    "perturbation_factors": Option("pair"),
    "resample_probability": fraction(),
    "patience": Option("int", least=1),
    "recombine": fraction(),
    "proposals": Option("int", least=1),
    "prior_draws": Option("int", least=1),
    "prior_gate": Option("float", optional=True),  # a threshold of a rank correlation: above 1, never served
    "prior_gate_after": Option("int", least=2),
    "prior_probes": Option("int", least=0),
    "optimism": Option("float", least=0),
    "fantasies": Option("bool"),
    "shared_experience": Option("bool"),
    "failure_reward": Option("float"),
    "reward_clip": Option("float", least=0, positive=True),
    "baseline_decay": fraction(),
    "policy": Option("table", sub=POLICY_OPTIONS),
    "surrogate": Option("str"),  # names joined by "+": PBTSearch checks them against the surrogates it knows
    "memory": Option("int", least=2),
    "edits": Option("str", choices=("policy", "uniform")),
    "chain": Option("int", least=1),
    "sweep": Option("int", least=0),
    "sweep_order": Option("str", choices=SWEEP_ORDERS),
    "trust": Option("int", least=0),
    "trust_rho": Option("float"),  # a threshold of a rank correlation: above 1, always distrusted
    "trust_draws": Option("int", least=1),
    "policy_weight": Option("float", least=0),
    "acquisition": Option("str"),  # a scorer file (benchmarks/dev/acquisition.py train), "" for none
    "init_population": Option("any", optional=True),  # a saved population (bench-search: its folder, or none)
}
