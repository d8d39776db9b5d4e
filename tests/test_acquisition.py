"""The learned acquisition function's pieces (evo_kernels/strategies/acquisition.py): its features, a residual
scorer that starts as the UCB screen, and a scorer file that is missing or not one, refused in one line; and the
dev script that collects screens and trains a scorer (benchmarks/dev/acquisition.py), whose scorer drives a search."""
from __future__ import annotations

import numpy as np
import pytest

from evo_kernels.strategies import acquisition
from evo_kernels.strategies.acquisition import FEATURES, Scorer, features, load_scorer, pick, save_scorer


def _screen(seed: int = 0, n: int = 64, genes: int = 5):
    rng = np.random.default_rng(seed)
    rows = rng.integers(0, 4, size=(n, genes))
    mean, std = rng.normal(0.0, 0.3, n), rng.uniform(0.01, 0.2, n)
    evaluated = rng.integers(0, 4, size=(20, genes))
    lf = rng.normal(0.0, 0.3, 20)
    lf[3] = np.nan   # a failure
    kinds = ["policy", "mutate", "explore", "init"] * (n // 4)
    return rows, mean, std, kinds, evaluated, lf


def test_features_are_finite_and_one_row_per_candidate():
    rows, mean, std, kinds, evaluated, lf = _screen()
    f = features(rows, mean, std, kinds, evaluated, lf, list(rows[0]), 0.1, 2.0)
    assert f.shape == (64, len(FEATURES)) and np.isfinite(f).all()
    ucb = mean + 2.0 * std
    assert f[int(np.argmax(ucb)), FEATURES.index("is_ucb_pick")] == 1 and f[:, FEATURES.index("is_ucb_pick")].sum() == 1
    # a start (no member genome, no evaluation yet) still gives finite features
    f0 = features(rows, mean, std, kinds, evaluated[:0], lf[:0], None, None, 2.0)
    assert np.isfinite(f0).all()


def test_a_residual_scorer_starts_as_the_ucb_screen(tmp_path):
    torch = pytest.importorskip("torch")
    torch.manual_seed(0)
    s = Scorer(residual=True)
    for seed in range(5):
        rows, mean, std, kinds, evaluated, lf = _screen(seed)
        f = features(rows, mean, std, kinds, evaluated, lf, list(rows[0]), 0.1, 2.0)
        assert pick(s, f) == int(np.argmax(mean + 2.0 * std))
    path = tmp_path / "scorer.pt"
    save_scorer(s, path)
    acquisition._LOADED.clear()
    assert pick(load_scorer(path), f) == pick(s, f)


def test_a_missing_or_foreign_scorer_file_is_refused_in_one_line(tmp_path):
    with pytest.raises(ValueError, match="no scorer file there") as e:
        load_scorer(tmp_path / "nope.pt")
    assert "\n" not in str(e.value)
    bad = tmp_path / "bad.pt"
    bad.write_text("not a torch file")
    with pytest.raises(ValueError, match="not a scorer file"):
        load_scorer(bad)


# --- benchmarks/dev/acquisition.py: the script that collects screens on recorded spaces and trains a scorer -------

@pytest.mark.slow   # the dev script of an option that was not adopted (SEARCH.md): with --all
def test_the_dev_script_collects_trains_and_its_scorer_drives_a_search(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    from evo_kernels.runners.replay import ReplaySpace
    from evo_kernels.search import SearchLoop
    from evo_kernels.strategies import make_strategy

    root = Path(__file__).resolve().parents[1]
    script = root / "benchmarks" / "dev" / "acquisition.py"
    samples, scorer = tmp_path / "samples.pt", tmp_path / "scorer.pt"
    outs = []
    for args in (["collect", "--space", "stencil_subspace_H200", "--seeds", "100-100", "--out", str(samples)],
                 ["train", "--samples", str(samples), "--residual", "--target", "expected", "--epochs", "2",
                  "--out", str(scorer)]):
        proc = subprocess.run([sys.executable, str(script), *args], cwd=root, capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr[-2000:]
        outs.append(proc.stdout + proc.stderr)
    n = int(outs[0].split("stencil_subspace_H200: ")[1].split(" screens")[0])   # "SPACE: N screens"
    assert n > 0 and samples.stat().st_size > 0 and scorer.stat().st_size > 0
    acquisition._LOADED.clear()
    s = load_scorer(scorer)
    assert isinstance(s, Scorer) and s.residual
    rp = ReplaySpace.load(root / "benchmarks" / "spaces" / "stencil_subspace_H200.json.gz")
    runs = []
    for _ in range(2):
        strat = make_strategy("pbt", rp.space, rp.template, rp.problem, 3, acquisition=str(scorer))
        runs.append([e.candidate.key for e in SearchLoop(strat, rp.evaluator(), 30).run()])
    assert len(runs[0]) == 30 and runs[0] == runs[1]   # a full run, deterministic for a seed
