"""Offline ranking: GP vs trees fitted to n random valid recorded genomes; mean true percentile of top-8 / top-1."""
import sys
import json
import math
import numpy as np
from joblib import Parallel, delayed

P = {"gemm": "benchmarks/spaces/gemm_RTX_3090.json.gz", "conv": "benchmarks/spaces/convolution_RTX_3090.json.gz",
     "pnpoly": "benchmarks/spaces/pnpoly_RTX_3090.json.gz", "milo": "benchmarks/spaces/convolution_milo_A4000.json.gz",
     "sgemm": "evo_kernels/recordings/sgemm.json.gz", "transpose": "evo_kernels/recordings/transpose.json.gz",
     "stencil": "evo_kernels/recordings/stencil.json.gz"}

def variants():
    from evo_kernels.strategies.surrogate import Surrogate
    from evo_kernels.strategies.trees import TreeSurrogate
    V = {"gp": lambda s, k: Surrogate(s)}
    V["et1"] = lambda s, k: TreeSurrogate(s, key=k, n_trees=32, extra=True, min_leaf=1)
    V["et3"] = lambda s, k: TreeSurrogate(s, key=k, n_trees=32, extra=True, min_split=3, min_leaf=2)
    V["et_mf.5"] = lambda s, k: TreeSurrogate(s, key=k, n_trees=32, extra=True, max_features=0.5)
    V["rf_smac"] = lambda s, k: TreeSurrogate(s, key=k, n_trees=32, extra=False, bootstrap=True, max_features=5 / 6,
                                              min_split=3, min_leaf=3)
    V["rf1"] = lambda s, k: TreeSurrogate(s, key=k, n_trees=32, extra=False, bootstrap=True, max_features=5 / 6,
                                          min_split=2, min_leaf=1)
    return V

def run(name, n, draws):
    from evo_kernels.runners.replay import ReplaySpace
    from evo_kernels.strategies.experience import Experience
    rp = ReplaySpace.load(P[name])
    ex = Experience(rp.space)
    G = rp.genomes()
    X = np.array([ex.row(g) for g in G])
    y = np.array([math.log(rp.baseline_ms / rp.entry(g).median_ms) if rp.entry(g).status == "ok" else -np.inf
                  for g in G])
    V = variants()
    res = {k: {"top8": [], "top1": [], "ucb8": []} for k in list(V) + ["blend_et1", "blend_rf_smac"]}
    for d in range(draws):
        rng = np.random.default_rng(1000 + d)
        idx = rng.permutation(len(G))
        tr, te = idx[:n], idx[n:]
        ytr = [v if np.isfinite(v) else math.nan for v in y[tr]]
        yte = y[te]
        srt = np.sort(yte)
        def pct(v):
            lo = np.searchsorted(srt, v, "left")
            hi = np.searchsorted(srt, v, "right")
            return (lo + 0.5 * (hi - lo - 1)) / (len(srt) - 1)
        preds = {}
        for k, mk in V.items():
            m = mk(ex.sizes, d)
            m.fit(X[tr].tolist(), ytr)
            preds[k] = m.predict(X[te])
        for b in ("et1", "rf_smac"):
            preds["blend_" + b] = ((preds["gp"][0] + preds[b][0]) / 2, (preds["gp"][1] + preds[b][1]) / 2)
        for k, (mu, sd) in preds.items():
            o = np.argsort(-mu, kind="stable")
            res[k]["top8"].append(float(np.mean([pct(yte[i]) for i in o[:8]])))
            res[k]["top1"].append(float(pct(yte[o[0]])))
            o2 = np.argsort(-(mu + 2 * sd), kind="stable")
            res[k]["ucb8"].append(float(np.mean([pct(yte[i]) for i in o2[:8]])))
    return name, n, {k: {m: float(np.mean(v)) for m, v in r.items()} for k, r in res.items()}

if __name__ == "__main__":
    ns = [int(a) for a in sys.argv[1].split(",")]
    spaces = sys.argv[2].split(",") if len(sys.argv) > 2 else list(P)
    out = Parallel(n_jobs=2)(delayed(run)(s, n, 20) for n in ns for s in spaces)
    for s, n, r in out:
        print(json.dumps({"space": s, "n": n, "res": r}))
