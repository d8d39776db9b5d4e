"""Policies taught by an oracle on recorded spaces: does a learned ranking of single-gene edits beat the
screen's UCB on spaces it was not trained on? (issue 16, point 4; benchmarks/SEARCH.md)

REINFORCE inside a run sees one reward per evaluation; on a recorded space the true time of every edit
a member could make is known. So: run the default pbt on the training spaces (seeds 100..), and at
every state a member's policy is asked from, record the state (the policy's own template-independent
features: per gene and value slot the run's statistics and the GP's predicted gain and std) and every
allowed edit's true log-fitness gain. A policy of the shipped architecture is trained to put
softmax(gain / tau) on the edits (a listwise cross-entropy), from its cold-start initialization.

    python benchmarks/dev/oracle_policy.py collect --space F.json.gz ... --out samples.pt [--seeds 100-109]
    python benchmarks/dev/oracle_policy.py train --samples A.pt B.pt --out policy.pt
    python benchmarks/dev/oracle_policy.py offline --policy policy.pt --samples held_out.pt
    python benchmarks/dev/oracle_policy.py population --policy policy.pt --out DIR   # for pbt:init_population=DIR

``offline`` compares, per recorded state of the held-out spaces, the true gain of the edit the trained
policy ranks first, of the edit the UCB ranks first (the slot features' model gain + 2 x std, the
screen's score), of the cold policy's first, and the mean over allowed edits (a uniform draw), each as
a regret against the best allowed edit. A policy that does not beat the UCB here cannot help the screen.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from evo_kernels.strategies.experience import SLOT_FEATURES  # noqa: E402
from evo_kernels.strategies.policy import Agent, PolicyConfig  # noqa: E402

GAIN_CLIP = 1.0  # a failure or a far worse edit counts as -1 in log fitness
WEIGHTS = (0.03, 0.1, 0.3)  # policy_weight values the offline check scores


def collect(space: str, seeds: list[int], budget: int) -> list[dict]:
    from evo_kernels.bench_search import _space
    from evo_kernels.fitness import PURE_TIME
    from evo_kernels.search import SearchLoop
    from evo_kernels.strategies import make_strategy
    from evo_kernels.strategies.draws import Draws

    rp = _space(space)
    names = rp.space.names
    truth = {}
    for g in rp.space.valid or ():
        e = rp.entry(g)
        if e is not None and e.status == "ok":
            truth[tuple(g[n] for n in names)] = -math.log(e.median_ms)
    out: list[dict] = []
    real = Draws._encode

    def recording(self, m, todo, head):
        real(self, m, todo, head)
        for key in todo:
            base, _, mask, targets, state, _ = self.states[key]
            b = truth.get(tuple(base[n] for n in names))
            if b is None:
                continue
            gain = np.full(mask.shape, np.nan, dtype=np.float32)
            for (gi, j), t in targets.items():
                v = truth.get(tuple(t))
                gain[gi, j] = np.clip((v - b) if v is not None else -GAIN_CLIP, -GAIN_CLIP, GAIN_CLIP)
            allowed = torch.from_numpy(mask & np.isfinite(gain))
            if allowed.sum() >= 2:
                out.append({"space": rp.name, **{k: v.clone() for k, v in state.items() if k != "mask"},
                            "mask": allowed[None], "gain": torch.from_numpy(np.nan_to_num(gain, nan=0.0))[None]})

    Draws._encode = recording
    try:
        for seed in seeds:
            s = make_strategy("pbt", rp.space, rp.template, rp.problem, seed)
            SearchLoop(s, rp.evaluator(PURE_TIME), budget, batch_size=1).run()
    finally:
        Draws._encode = real
    return out


def joint_logp(agent: Agent, s: dict) -> torch.Tensor:
    """log pi(gene, slot) over the allowed edits [B, G, S] (-inf elsewhere), at temperature 1."""
    arch, eng = agent.logits(s)
    lp = torch.log_softmax(arch, -1)[:, :, None] + torch.log_softmax(eng, -1)
    return lp.masked_fill(~s["mask"], -math.inf)


def groups(samples: list[dict]) -> list[dict]:
    """Samples stacked per space (one shape per space)."""
    by: dict[str, list[dict]] = {}
    for x in samples:
        by.setdefault(x["space"], []).append(x)
    return [{k: torch.cat([x[k] for x in xs]) for k in xs[0] if k != "space"} | {"space": sp}
            for sp, xs in by.items()]


def train(samples: list[dict], tau: float, epochs: int, lr: float, floor: float = -1.0, seed: int = 0,
          buckets: int = 0) -> Agent:
    """``floor``: gains below it count as it (a target that tells good edits apart, not bad from awful);
    ``buckets``: the policy's name embedding (PolicyConfig.name_buckets)."""
    agent = Agent(PolicyConfig(name_buckets=buckets), torch.Generator().manual_seed(seed))
    opt = torch.optim.Adam(agent.parameters(), lr=lr)
    data = groups(samples)
    rng = np.random.default_rng(seed)
    for ep in range(epochs):
        total, n = 0.0, 0
        for g in rng.permutation(len(data)):
            d = data[g]
            B = len(d["gain"])
            for idx in np.array_split(rng.permutation(B), max(1, B // 64)):
                s = {k: d[k][idx] for k in ("genes", "slots", "glob", "mask", "names")}
                scaled = (d["gain"][idx].clamp(min=floor) / tau).masked_fill(~s["mask"], -math.inf)
                target = torch.softmax(scaled.flatten(1), -1)
                lp = joint_logp(agent, s).flatten(1)
                loss = -(target * lp.masked_fill(~s["mask"].flatten(1), 0.0)).sum(-1).mean()
                opt.zero_grad()
                loss.backward()
                opt.step()
                total, n = total + float(loss) * len(idx), n + len(idx)
        if ep % 5 == 0 or ep == epochs - 1:
            print(f"epoch {ep}: loss {total / n:.4f}", file=sys.stderr, flush=True)
    return agent


def offline(agent: Agent, samples: list[dict], buckets: int = 0) -> dict[str, dict[str, float]]:
    """Per space: mean regret (best allowed gain - chosen gain) of the trained policy's first choice, the
    UCB's, the cold policy's, and a uniform draw's; and how often each picks an improving edit."""
    cold = Agent(PolicyConfig(name_buckets=buckets), torch.Generator().manual_seed(0))
    mg, ms = SLOT_FEATURES.index("model_gain"), SLOT_FEATURES.index("model_std")
    res = {}
    for d in groups(samples):
        s = {k: d[k] for k in ("genes", "slots", "glob", "mask", "names")}
        mask, gain = s["mask"].flatten(1), d["gain"].flatten(1)
        best = gain.masked_fill(~mask, -math.inf).max(-1).values
        with torch.no_grad():
            picks = {"trained": joint_logp(agent, s).flatten(1), "cold": joint_logp(cold, s).flatten(1)}
        picks["ucb"] = (d["slots"][..., mg] + 2 * d["slots"][..., ms]).flatten(1).masked_fill(~mask, -math.inf)
        ratio = picks["trained"] + torch.log(mask.sum(-1, keepdim=True).float())
        for w in WEIGHTS:  # the screen's score with policy_weight=w over every allowed edit
            picks[f"ucb+{w}"] = picks["ucb"] + w * ratio
        row = {}
        for name, score in picks.items():
            chosen = gain.gather(1, score.argmax(-1, keepdim=True))[:, 0]
            row[name] = float((best - chosen).mean())
            row[name + "_improves"] = float((chosen > 0).float().mean())
            row[name + "_gain+"] = float(chosen.clamp(min=0).mean())
        row["uniform"] = float((best - (gain * mask).sum(-1) / mask.sum(-1)).mean())
        row["uniform_improves"] = float((((gain > 0) & mask).sum(-1) / mask.sum(-1)).mean())
        row["uniform_gain+"] = float(((gain.clamp(min=0) * mask).sum(-1) / mask.sum(-1)).mean())
        row["oracle_gain+"] = float(best.clamp(min=0).mean())
        row["states"] = len(best)
        res[d["space"]] = row
    return res


def population(agent: Agent, out: str, buckets: int = 0) -> None:
    """A saved population (no prior) whose members all carry ``agent``'s weights, for init_population."""
    from evo_kernels.checkpoint import save_population
    from evo_kernels.genome import Gene, GenomeSpace
    from evo_kernels.strategies.pbt import PBTSearch

    space = GenomeSpace([Gene("x", "Generic", (0, 1), 0)], name="carrier")
    s = PBTSearch(space, "carrier", {}, seed=0, policy={"name_buckets": buckets})
    for m in s.members:
        m.agent.load_state_dict(agent.state_dict())
        m.optimizer = torch.optim.Adam(m.agent.parameters(), lr=m.hp.lr)
    save_population(Path(out), 1, {"strategy": s.state_dict()}, meta={"oracle_policy": True}, keep=1)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("verb", choices=("collect", "train", "offline", "population"))
    ap.add_argument("--space", action="append", default=[])
    ap.add_argument("--seeds", default="100-109")
    ap.add_argument("--budget", type=int, default=150)
    ap.add_argument("--samples", nargs="*", default=[])
    ap.add_argument("--policy")
    ap.add_argument("--out")
    ap.add_argument("--tau", type=float, default=0.05)
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--floor", type=float, default=-1.0)
    ap.add_argument("--name-buckets", type=int, default=0, help="the policy's name embedding (0: none)")
    a = ap.parse_args()
    torch.set_num_threads(1)
    if a.verb == "collect":
        lo, hi = (int(x) for x in a.seeds.split("-"))
        samples = [x for sp in a.space for x in collect(sp, list(range(lo, hi + 1)), a.budget)]
        torch.save(samples, a.out)
        print(f"{len(samples)} states from {', '.join(Path(s).name for s in a.space)}", file=sys.stderr)
        return 0
    samples = [x for p in a.samples for x in torch.load(p)]
    if a.verb == "train":
        agent = train(samples, a.tau, a.epochs, a.lr, a.floor, buckets=a.name_buckets)
        torch.save(agent.state_dict(), a.out)
        return 0
    agent = Agent(PolicyConfig(name_buckets=a.name_buckets), torch.Generator().manual_seed(0))
    agent.load_state_dict(torch.load(a.policy))
    if a.verb == "offline":
        print(json.dumps(offline(agent, samples, a.name_buckets)))
    else:
        population(agent, a.out, a.name_buckets)
    return 0


if __name__ == "__main__":
    sys.exit(main())
