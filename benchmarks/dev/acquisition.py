"""A learned acquisition function for pbt's screen (``pbt:acquisition=PATH``, evo_kernels/strategies/acquisition.py),
trained by imitation of an oracle on recorded spaces (issue 16, point 4; benchmarks/SEARCH.md).

On a recorded space the true time of every candidate of a screen is known. ``collect`` runs pbt (cold,
``init_population=none``; with ``--acquisition`` a scorer's own run, for a DAgger round) on spaces, stopped at
its first genome within 1% of the optimum (budgets as in search_table.py), and records at every screen each
candidate's features (acquisition.features) and true log fitness (NaN: a failure or unrecorded). ``train`` fits
a Scorer with a listwise loss: cross-entropy between softmax(score) and softmax(clip(v - max v, floor) / tau)
over each screen's candidates. ``folds`` trains leaving one GPU of the given samples out and reports, on the held
-out GPU's screens, the mean regret (max v - v of the pick, failures at ``floor``) of the trained pick, the UCB's
pick, the mean's pick and a uniform pick, and how often each pick improves on the run's best.

    python benchmarks/dev/acquisition.py collect --space gemm_RTX_3090 ... --seeds 100-119 --out S.pt
    python benchmarks/dev/acquisition.py folds --samples S.pt [--tau 0.05 --floor -0.5 --hidden 32]
    python benchmarks/dev/acquisition.py train --samples S.pt --out scorer.pt [--tau ...]
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import numpy as np
import torch

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from evo_kernels.strategies.acquisition import FEATURES, Scorer, save_scorer  # noqa: E402

GPU = {"RTX_3090": "RTX 3090", "A4000": "A4000", "H200": "H200", "RTX_2080_Ti": "RTX 2080 Ti", "W6600": "W6600",
       "3060_laptop": "RTX 3060 Laptop"}


def gpu_of(space: str) -> str:
    return next(g for k, g in GPU.items() if space.endswith(k))


def collect(space: str, seeds: list[int], batch: int, scorer: str | None) -> list[dict]:
    from search_table import SPACES, budget_of

    from evo_kernels.bench_search import _space
    from evo_kernels.fitness import PURE_TIME
    from evo_kernels.search import SearchLoop, evals_to_within
    from evo_kernels.strategies.pbt import PBTSearch

    rp = _space(SPACES[space])
    names = rp.space.names
    truth: dict[tuple, float] = {}
    for g in rp.space.valid or ():
        e = rp.entry(g)
        if e is not None and e.status == "ok" and e.median_ms and e.median_ms > 0:
            truth[tuple(g[n] for n in names)] = -math.log(e.median_ms)
    opt = -math.log(rp.optimum_ms)
    out: list[dict] = []
    real = PBTSearch._screen

    def recording(self, m, draws, rows, bonus):
        i, predicted = real(self, m, draws, rows, bonus)
        mean, std = self.experience.predict(rows)
        feats = self.screen_features(m, draws, rows, mean, std)
        v = np.array([truth.get(tuple(g[n] for n in names), math.nan) for g, _ in draws], dtype=np.float32)
        out.append({"space": space, "seed": self.seed, "feats": torch.from_numpy(feats), "v": torch.from_numpy(v),
                    "pick": i, "opt": opt, "run_best_true": self._best_true})
        return i, predicted

    PBTSearch._screen = recording
    try:
        for seed in seeds:
            kw = {"acquisition": scorer} if scorer else {}
            s = PBTSearch(rp.space, rp.template, rp.problem, seed=seed, **kw)
            s._best_true = -math.inf
            loop = SearchLoop(s, rp.evaluator(PURE_TIME), budget_of(space), batch_size=batch)
            tell = s.tell

            def told(cands, evs, s=s, tell=tell):
                for c, ev in zip(cands, evs):
                    t = truth.get(tuple(c.genome[n] for n in names))
                    if ev.feasible and t is not None:
                        s._best_true = max(s._best_true, t)
                return tell(cands, evs)

            s.tell = told
            loop.run(stop=lambda lp: evals_to_within(lp.history, rp.optimum_ms, 0.01) is not None)
    finally:
        PBTSearch._screen = real
    return out


def reinforce(scorer_path: str, spaces: list[str], seeds_per_space: int, iterations: int, lr: float, out: str,
              seed0: int = 1000, temperature: float = 1.0) -> None:
    """MetaBO's training, on whole runs: the scorer is a stochastic policy over each screen's candidates
    (softmax(score / temperature)); each iteration runs ``seeds_per_space`` episodes (pbt with this policy, stopped
    at 1% of the optimum) per space, and a REINFORCE step weighs every screen's log-probability of its pick by the
    episode's advantage: return = -(log evaluations to 5% + log evaluations to 1%) / 2 (misses: budget + 1), minus
    the mean of the same space's episodes of the iteration, over their std. Saves the scorer after each iteration."""
    from search_table import SPACES, budget_of

    from evo_kernels.bench_search import _space
    from evo_kernels.fitness import PURE_TIME
    from evo_kernels.search import SearchLoop, evals_to_within
    from evo_kernels.strategies.acquisition import load_scorer
    from evo_kernels.strategies.pbt import PBTSearch

    scorer = load_scorer(scorer_path)
    scorer.train()
    opt = torch.optim.Adam([p for p in scorer.parameters() if p.requires_grad], lr=lr)
    real = PBTSearch._screen
    steps: list[tuple[torch.Tensor, int]] = []
    gen = torch.Generator()

    def sampling(self, m, draws, rows, bonus):
        mean, std = self.experience.predict(rows)
        x = torch.from_numpy(self.screen_features(m, draws, rows, mean, std))
        with torch.no_grad():
            p = torch.softmax(scorer(x) / temperature, -1)
        i = int(torch.multinomial(p, 1, generator=gen))
        steps.append((x, i))
        return i, float(mean[i])

    PBTSearch._screen = sampling
    try:
        episode = seed0
        for it in range(iterations):
            batch = []
            for space in spaces:
                rp = _space(SPACES[space])
                rets = []
                for _ in range(seeds_per_space):
                    steps.clear()
                    gen.manual_seed(episode)
                    s = PBTSearch(rp.space, rp.template, rp.problem, seed=episode, acquisition=scorer_path)
                    episode += 1
                    b = budget_of(space)
                    loop = SearchLoop(s, rp.evaluator(PURE_TIME), b, batch_size=1)
                    loop.run(stop=lambda lp: evals_to_within(lp.history, rp.optimum_ms, 0.01) is not None)
                    e5, e1 = (evals_to_within(loop.history, rp.optimum_ms, x) or b + 1 for x in (0.05, 0.01))
                    rets.append((-(math.log(e5) + math.log(e1)) / 2, list(steps)))
                r = np.array([x[0] for x in rets])
                adv = (r - r.mean()) / (r.std() + 0.1)
                batch += [(a, st) for a, (_, st) in zip(adv, rets)]
                print(f"it {it} {space}: mean return {r.mean():+.3f}", file=sys.stderr, flush=True)
            loss = torch.zeros(())
            for a, st in batch:
                if not st:
                    continue
                lp = torch.stack([torch.log_softmax(scorer(x) / temperature, -1)[i] for x, i in st])
                loss = loss - float(a) * lp.sum() / 50
            loss = loss / len(batch)
            opt.zero_grad()
            loss.backward()
            opt.step()
            scorer.eval()
            save_scorer(scorer, out, meta={"reinforce_from": scorer_path, "iterations": it + 1, "lr": lr,
                                           "spaces": spaces, "seeds_per_space": seeds_per_space, "seed0": seed0})
            scorer.train()
            print(f"it {it}: base {float(scorer.base.detach()):.3f} saved {out}", file=sys.stderr, flush=True)
    finally:
        PBTSearch._screen = real


def _gains(d: dict, floor: float) -> torch.Tensor:
    v = d["v"]
    fin = torch.isfinite(v)
    if not fin.any():
        return torch.full_like(v, floor)
    g = (v - v[fin].max()).clamp(min=floor)
    return torch.where(fin, g, torch.full_like(v, floor))


def _improvement(d: dict) -> torch.Tensor:
    """Each candidate's true improvement on the run's best so far (0 for none, a failure or unrecorded)."""
    v = d["v"]
    if not math.isfinite(d["run_best_true"]):  # nothing measured yet: no best to improve on
        return torch.zeros_like(v)
    return torch.where(torch.isfinite(v), (v - d["run_best_true"]).clamp(min=0), torch.zeros_like(v))


def usable(samples: list[dict]) -> list[dict]:
    """Screens whose candidates' true values differ (else there is nothing to rank)."""
    out = []
    for d in samples:
        g = _gains(d, -1.0)
        if len(g) >= 2 and float(g.max() - g.min()) > 1e-6:
            out.append(d)
    return out


TARGET = "screen"  # "screen": softmax(clip(v - max v, floor) / tau); "improve": softmax(improvement / tau) over the
# screens where some candidate improves on the run's best (the others teach nothing about what to evaluate)


def train(samples: list[dict], tau: float, floor: float, hidden: int, epochs: int, lr: float, seed: int = 0,
          keep: list[str] | None = None, wd: float = 1e-4, residual: bool = False) -> Scorer:
    torch.manual_seed(seed)
    if TARGET in ("improve", "expected"):
        samples = [d for d in samples if float(_improvement(d).max()) > 0]
    scorer = Scorer(len(FEATURES), hidden, residual=residual)
    X = torch.cat([d["feats"] for d in samples])
    scorer.mu.copy_(X.mean(0))
    scorer.sd.copy_(X.std(0).clamp(min=1e-3))
    if keep is not None:
        scorer.keep.copy_(torch.tensor([1.0 if f in keep else 0.0 for f in FEATURES]))
    # pad screens to one shape: [B, 64, F], mask of real candidates
    n = max(len(d["v"]) for d in samples)
    F = len(FEATURES)
    Xp = torch.zeros(len(samples), n, F)
    T = torch.full((len(samples), n), -math.inf)
    M = torch.zeros(len(samples), n, dtype=torch.bool)
    # weight each space equally: a space with many screens (a long run) would otherwise dominate
    spaces = [d["space"] for d in samples]
    counts = {s: spaces.count(s) for s in set(spaces)}
    W = torch.tensor([1.0 / counts[s] for s in spaces])
    W = W / W.mean()
    for b, d in enumerate(samples):
        k = len(d["v"])
        Xp[b, :k], M[b, :k] = d["feats"], True
        T[b, :k] = (_improvement(d) if TARGET in ("improve", "expected") else _gains(d, floor)) / tau
    # "expected": maximize the expected improvement of a pick drawn from softmax(score), the one-step bandit's
    # exact policy gradient (the improvements themselves, not a target distribution over them)
    target = T * tau if TARGET == "expected" else torch.softmax(T, -1)
    opt = torch.optim.Adam(scorer.parameters(), lr=lr, weight_decay=wd)
    rng = np.random.default_rng(seed)
    for ep in range(epochs):
        for idx in np.array_split(rng.permutation(len(samples)), max(1, len(samples) // 128)):
            idx = torch.from_numpy(idx)
            s = scorer(Xp[idx]).masked_fill(~M[idx], -math.inf)
            if TARGET == "expected":
                p = torch.softmax(s, -1)
                loss = -((p * target[idx].masked_fill(~M[idx], 0.0)).sum(-1) * W[idx]).mean() / 0.01
            else:
                lp = torch.log_softmax(s, -1).masked_fill(~M[idx], 0.0)
                loss = -((target[idx] * lp).sum(-1) * W[idx]).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
    return scorer


def evaluate(scorer: Scorer | None, samples: list[dict], floor: float, optimism: float = 2.0) -> dict[str, dict]:
    """Per space: mean regret of the pick (max true value - the pick's, failures at ``floor``) for the trained
    scorer, the UCB (the screen as run), the mean and a uniform pick; and how often the pick beats the run's best."""
    res: dict[str, dict] = {}
    fi = {f: i for i, f in enumerate(FEATURES)}
    by: dict[str, list[dict]] = {}
    for d in samples:
        by.setdefault(d["space"], []).append(d)
    for space, ds in by.items():
        acc: dict[str, list[float]] = {}
        for d in ds:
            g = _gains(d, floor)
            x = d["feats"]
            picks = {"ucb": int(torch.argmax(x[:, fi["ucb_vs_best"]])),
                     "mean": int(torch.argmax(x[:, fi["mean_vs_best"]]))}
            if scorer is not None:
                with torch.no_grad():
                    picks["learned"] = int(torch.argmax(scorer(x)))
            v = d["v"]
            rb = d["run_best_true"]
            for k, i in picks.items():
                acc.setdefault(k, []).append(float(-g[i]))
                acc.setdefault(k + "_improves", []).append(float(bool(torch.isfinite(v[i])) and float(v[i]) > rb))
                acc.setdefault(k + "_gain", []).append(float(_improvement(d)[i]))
            acc.setdefault("uniform", []).append(float(-g.mean()))
            fin = torch.isfinite(v)
            acc.setdefault("uniform_improves", []).append(float(((v > rb) & fin).float().mean()))
            acc.setdefault("uniform_gain", []).append(float(_improvement(d).mean()))
            acc.setdefault("oracle_gain", []).append(float(_improvement(d).max()))
        res[space] = {k: round(float(np.mean(a)), 4) for k, a in acc.items()} | {"screens": len(ds)}
    return res


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("verb", choices=("collect", "train", "folds", "offline", "reinforce"))
    ap.add_argument("--space", action="append", default=[])
    ap.add_argument("--seeds", default="100-119")
    ap.add_argument("--batch", type=int, default=1)
    ap.add_argument("--acquisition", help="collect: run with this scorer (a DAgger round)")
    ap.add_argument("--samples", nargs="*", default=[])
    ap.add_argument("--scorer")
    ap.add_argument("--out")
    ap.add_argument("--tau", type=float, default=0.05)
    ap.add_argument("--floor", type=float, default=-0.5)
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--keep", help="comma-separated features to use (default: all)")
    ap.add_argument("--target", choices=("screen", "improve", "expected"), default="screen")
    ap.add_argument("--wd", type=float, default=1e-4)
    ap.add_argument("--seeds-per-space", type=int, default=4)
    ap.add_argument("--iterations", type=int, default=10)
    ap.add_argument("--exclude-gpu", help="train: leave this GPU's samples out (e.g. 'RTX 3090')")
    ap.add_argument("--residual", action="store_true", help="the score is the UCB's (standardized) plus the MLP's")
    a = ap.parse_args()
    torch.set_num_threads(1)
    keep = a.keep.split(",") if a.keep else None
    global TARGET
    TARGET = a.target
    if a.verb == "collect":
        lo, hi = (int(x) for x in a.seeds.split("-"))
        samples = []
        for sp in a.space:
            got = collect(sp, list(range(lo, hi + 1)), a.batch, a.acquisition)
            print(f"{sp}: {len(got)} screens", file=sys.stderr, flush=True)
            samples += got
        torch.save(samples, a.out)
        return 0
    if a.verb == "reinforce":
        reinforce(a.scorer, a.space, a.seeds_per_space, a.iterations, a.lr, a.out)
        return 0
    samples = usable([x for p in a.samples for x in torch.load(p, weights_only=False)])
    if a.exclude_gpu:  # train leaving this GPU's spaces out (an online leave-one-GPU-out check)
        samples = [d for d in samples if gpu_of(d["space"]) != a.exclude_gpu]
    hp = {"tau": a.tau, "floor": a.floor, "hidden": a.hidden, "epochs": a.epochs, "lr": a.lr, "wd": a.wd,
          "residual": a.residual}
    if a.verb == "train":
        scorer = train(samples, keep=keep, **hp)
        save_scorer(scorer, a.out, meta={**hp, "target": a.target, "keep": keep, "samples": a.samples,
                                         "spaces": sorted({d["space"] for d in samples}), "screens": len(samples)})
        return 0
    if a.verb == "offline":
        from evo_kernels.strategies.acquisition import load_scorer
        print(json.dumps(evaluate(load_scorer(a.scorer), samples, a.floor), indent=0))
        return 0
    # folds: leave one GPU out
    gpus = sorted({gpu_of(d["space"]) for d in samples})
    summary: dict[str, list[float]] = {}
    for gpu in gpus:
        tr = [d for d in samples if gpu_of(d["space"]) != gpu]
        te = [d for d in samples if gpu_of(d["space"]) == gpu]
        scorer = train(tr, keep=keep, **hp)
        res = evaluate(scorer, te, a.floor)
        for space, r in res.items():
            print(f"{gpu:8s} {space:26s} n={r['screens']:5d} regret learned {r['learned']:.4f} ucb {r['ucb']:.4f} "
                  f"mean {r['mean']:.4f} unif {r['uniform']:.4f} | improves learned {r['learned_improves']:.3f} "
                  f"ucb {r['ucb_improves']:.3f} mean {r['mean_improves']:.3f} unif {r['uniform_improves']:.3f} | "
                  f"gain learned {r['learned_gain']:.4f} ucb {r['ucb_gain']:.4f} mean {r['mean_gain']:.4f} "
                  f"oracle {r['oracle_gain']:.4f}")
            for k in ("learned", "ucb", "mean", "learned_improves", "ucb_improves", "mean_improves", "learned_gain",
                      "ucb_gain", "mean_gain", "oracle_gain"):
                summary.setdefault(k, []).append(r[k])
    means = {k: round(float(np.mean(v)), 4) for k, v in summary.items()}
    print(json.dumps({"hp": hp, "target": a.target, "keep": a.keep, **means}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
