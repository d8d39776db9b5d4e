"""A learned acquisition function for PBTSearch's screen (``pbt:acquisition=PATH``; MetaBO's idea, Volpp et
al. 2020): instead of the fixed upper confidence bound (mean + ``optimism`` * std), every candidate of a screen
gets a vector of template-independent features (:data:`FEATURES`: the surrogate's mean and std relative to the
run's best and to the screen's spread, UCB / EI / PI, the run's progress and failure share, the candidate's
Hamming distances to the member's genome, the run's best genome and the nearest evaluated genome, the kind of
draw) and a small MLP (:class:`Scorer`) scores them; the screen evaluates the highest score. The scorer is
trained offline on recorded spaces (``benchmarks/dev/acquisition.py``) and saved as one file; one scorer
serves every space, since no feature names a gene or a value.

Off by default (``acquisition=""``): the screen is the UCB, every trace as before.
"""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import torch

FEATURES = ("mean_vs_best", "std", "ucb_vs_best", "ei", "pi", "mean_z", "std_z", "ucb_z", "ucb_rank", "mean_rank",
            "std_rank", "is_ucb_pick", "progress", "fail_share", "stall", "dist_member", "dist_best", "novel",
            "dist_nearest", "nearest_vs_best", "value_mean_vs_best", "value_best_vs_best", "near_fail_share",
            "member_vs_best", "screen_size", "kind_edit", "kind_mutate", "kind_explore",
            "kind_init")
KINDS = {"policy": "kind_edit", "uniform": "kind_edit", "mutate": "kind_mutate", "explore": "kind_explore",
         "init": "kind_init"}
NOMINAL_BUDGET = 500  # progress is log1p(evaluations) / log1p(this): the strategy is not told the run's budget


def _rank(x: np.ndarray) -> np.ndarray:
    """0 for the largest, 1 for the smallest (ties by order)."""
    r = np.empty(len(x))
    r[np.argsort(-x, kind="stable")] = np.arange(len(x))
    return r / max(len(x) - 1, 1)


def _z(x: np.ndarray) -> np.ndarray:
    return (x - x.mean()) / (x.std() + 1e-9)


def features(rows: np.ndarray, mean: np.ndarray, std: np.ndarray, kinds: list[str], evaluated: np.ndarray,
             log_fitness: np.ndarray, member: list[int] | None, member_log_fitness: float | None,
             optimism: float) -> np.ndarray:
    """[len(rows), len(FEATURES)] float32: the screen's candidates (value-slot rows) with the surrogate's
    ``mean`` and ``std`` of their log fitness, their draws' ``kinds``, the run's ``evaluated`` rows [N, genes]
    and their ``log_fitness`` (NaN a failure), the member's genome's row and log fitness (None: a start)."""
    rows = np.asarray(rows)
    n, G = rows.shape
    lf = np.asarray(log_fitness, dtype=float)
    ok = np.isfinite(lf)
    out = np.zeros((n, len(FEATURES)), dtype=np.float32)
    f = {name: i for i, name in enumerate(FEATURES)}
    if ok.any():
        best = float(lf[ok].max())
        scale = float(lf[ok].std()) + 1e-3
        best_row = np.asarray(evaluated)[int(np.nanargmax(np.where(ok, lf, -np.inf)))]
    else:
        best, scale, best_row = float(mean.max()), 1.0, None
    ucb = mean + optimism * std
    sd = np.maximum(std, 1e-9)
    z = (mean - best) / sd
    cdf = 0.5 * (1 + np.vectorize(math.erf)(z / math.sqrt(2)))
    pdf = np.exp(-0.5 * z * z) / math.sqrt(2 * math.pi)
    out[:, f["mean_vs_best"]] = np.clip((mean - best) / scale, -10, 10)
    out[:, f["std"]] = np.clip(std / scale, 0, 10)
    out[:, f["ucb_vs_best"]] = np.clip((ucb - best) / scale, -10, 10)
    out[:, f["ei"]] = np.log1p(np.clip(sd * (z * cdf + pdf) / scale, 0, 1e3))
    out[:, f["pi"]] = cdf
    out[:, f["mean_z"]], out[:, f["std_z"]], out[:, f["ucb_z"]] = _z(mean), _z(std), _z(ucb)
    out[:, f["ucb_rank"]], out[:, f["mean_rank"]], out[:, f["std_rank"]] = _rank(ucb), _rank(mean), _rank(std)
    out[np.argmax(ucb), f["is_ucb_pick"]] = 1.0
    N = len(lf)
    out[:, f["progress"]] = math.log1p(N) / math.log1p(NOMINAL_BUDGET)
    out[:, f["fail_share"]] = (~ok).sum() / max(N, 1)
    if ok.any():
        running = np.maximum.accumulate(np.where(ok, lf, -np.inf))
        last = int(np.flatnonzero(running == running[-1])[0])
        out[:, f["stall"]] = (N - 1 - last) / max(N, 1)
    if member is not None:
        out[:, f["dist_member"]] = (rows != np.asarray(member)[None]).sum(1) / G
        if member_log_fitness is not None and ok.any():
            mlf = member_log_fitness if math.isfinite(member_log_fitness) else float(lf[ok].min())
            out[:, f["member_vs_best"]] = np.clip((mlf - best) / scale, -10, 10)
    else:
        out[:, f["dist_member"]] = 1.0
    out[:, f["dist_best"]] = (rows != best_row[None]).sum(1) / G if best_row is not None else 1.0
    E = np.asarray(evaluated).reshape(-1, G)
    if len(E):
        seen = np.zeros((G, int(max(E.max(), rows.max())) + 1), dtype=bool)
        seen[np.arange(G)[None, :].repeat(len(E), 0), E] = True
        out[:, f["novel"]] = (~seen[np.arange(G)[None, :], rows]).sum(1) / G
        dist = (rows[:, None, :] != E[None, :, :]).sum(2)  # [n, N]
        near = dist.min(1)
        out[:, f["dist_nearest"]] = near / G
        if ok.any():
            worst = float(lf[ok].min())
            lfw = np.where(ok, lf, worst)  # a failure counts as the worst seen
            at = dist == near[:, None]
            out[:, f["nearest_vs_best"]] = np.clip((np.where(at, lfw[None], -np.inf).max(1) - best) / scale, -10, 10)
            # per gene, the evaluated genomes holding the candidate's value: their mean and best log fitness
            same = rows[:, None, :] == E[None, :, :]  # [n, N, G]
            cnt = same.sum(1)
            has = cnt > 0
            mean_v = (same * lfw[None, :, None]).sum(1) / np.maximum(cnt, 1)
            best_v = np.where(same, lfw[None, :, None], -np.inf).max(1)
            out[:, f["value_mean_vs_best"]] = np.clip(
                (np.where(has, mean_v, worst).mean(1) - best) / scale, -10, 10)
            out[:, f["value_best_vs_best"]] = np.clip(
                (np.where(has, best_v, worst).mean(1) - best) / scale, -10, 10)
            close = dist <= 1
            out[:, f["near_fail_share"]] = (close & ~ok[None]).sum(1) / np.maximum(close.sum(1), 1)
    else:
        out[:, f["novel"]] = 1.0
        out[:, f["dist_nearest"]] = 1.0
    out[:, f["screen_size"]] = math.log(n) / math.log(64)
    for i, k in enumerate(kinds):
        if k in KINDS:
            out[i, f[KINDS[k]]] = 1.0
    return out


class Scorer(torch.nn.Module):
    """An MLP from a candidate's standardized features to a score (higher: evaluate first). With ``residual``, the
    score is ``base * ucb_z`` (the screen's UCB, standardized over the screen: its argmax is the UCB's pick) plus
    the MLP, whose last layer starts at zero: the scorer starts as the UCB screen and learns a correction."""

    def __init__(self, n_features: int = len(FEATURES), hidden: int = 32, layers: int = 2,
                 residual: bool = False) -> None:
        super().__init__()
        self.residual = residual
        self.base = torch.nn.Parameter(torch.tensor(3.0 if residual else 0.0), requires_grad=residual)
        dims = [n_features] + [hidden] * layers
        mods: list[torch.nn.Module] = []
        for a, b in zip(dims[:-1], dims[1:]):
            mods += [torch.nn.Linear(a, b), torch.nn.Tanh()]
        self.net = torch.nn.Sequential(*mods, torch.nn.Linear(dims[-1], 1))
        self.register_buffer("mu", torch.zeros(n_features))
        self.register_buffer("sd", torch.ones(n_features))
        self.register_buffer("keep", torch.ones(n_features))  # 0: a feature left out (zeroed after scaling)

        if residual:
            torch.nn.init.zeros_(self.net[-1].weight)
            torch.nn.init.zeros_(self.net[-1].bias)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = self.net((x - self.mu) / self.sd * self.keep)[..., 0]
        return out + self.base * x[..., FEATURES.index("ucb_z")] if self.residual else out


def save_scorer(scorer: Scorer, path: str | Path, meta: dict | None = None) -> None:
    hidden = scorer.net[0].out_features
    layers = sum(isinstance(m, torch.nn.Linear) for m in scorer.net) - 1
    torch.save({"features": list(FEATURES), "hidden": hidden, "layers": layers, "residual": scorer.residual,
                "state": scorer.state_dict(),
                "meta": meta or {}}, path)


_LOADED: dict[str, Scorer] = {}


def load_scorer(path: str | Path) -> Scorer:
    """The scorer saved at ``path`` (relative: to the working directory, else to the repository), loaded once."""
    p = Path(path)
    if not p.is_absolute() and not p.exists():
        p = Path(__file__).resolve().parents[2] / p
    key = str(p.resolve())
    if key not in _LOADED:
        if not p.is_file():
            raise ValueError(f"{path}: no scorer file there (pbt's acquisition option names one that "
                             "benchmarks/dev/acquisition.py train wrote)")
        try:
            blob = torch.load(p, weights_only=False)
        except Exception as exc:  # noqa: BLE001 - any unreadable file: one line naming it
            raise ValueError(f"{path}: not a scorer file ({type(exc).__name__})") from exc
        if list(blob["features"]) != list(FEATURES):
            raise ValueError(f"{path}: a scorer of other features ({len(blob['features'])}), "
                             f"this code has {len(FEATURES)}")
        s = Scorer(len(FEATURES), blob["hidden"], blob["layers"], blob.get("residual", False))
        s.load_state_dict(blob["state"])
        s.eval()
        _LOADED[key] = s
    return _LOADED[key]


def pick(scorer: Scorer, feats: np.ndarray) -> int:
    with torch.no_grad():
        return int(torch.argmax(scorer(torch.from_numpy(feats))))
