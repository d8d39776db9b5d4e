"""The names prior's in-run scale, chosen on the training side (2026-12-05): warm pbt from a names population of the
six validation spaces (the reverse reading) on the five Kernel Tuner training spaces, 20 seeds, batch 1 and 8.

    python scripts/prior_from_spaces.py --out /tmp/rev-pop --space (the six validation files)
    python run.py SPACES /tmp/rev-pop PER_GENE PSEUDO 1,8 > pg_X.jsonl

PER_GENE 1 needs per_gene_scale.patch applied (git apply; it was not kept); PSEUDO sets surrogate.PRIOR_PSEUDO.
pd_256.jsonl and pd_1024.jsonl: the same with PER_GENE 0, PSEUDO 8 and PBTSearch(prior_draws=256 / 1024), made
by this script with ``**{"prior_draws": N}`` passed to PBTSearch; v_*.jsonl likewise with prior_probes and
prior_gate (the file name spells the overrides)."""
import json
import statistics
import sys
from pathlib import Path

from joblib import Parallel, delayed

ROOT = str(Path(__file__).resolve().parents[3])


def one(space, seed, batch, pop, per_gene, pseudo):
    sys.path.insert(0, ROOT)
    from evo_kernels.bench_search import _space
    from evo_kernels.checkpoint import load_pretrained
    from evo_kernels.fitness import PURE_TIME
    from evo_kernels.search import SearchLoop, evals_to_within
    from evo_kernels.strategies import surrogate
    from evo_kernels.strategies.pbt import PBTSearch
    surrogate.PRIOR_PER_GENE = per_gene
    surrogate.PRIOR_PSEUDO = pseudo
    rp = _space(f"{ROOT}/benchmarks/spaces/{space}.json.gz")
    s = PBTSearch(rp.space, rp.template, rp.problem, seed=seed, init_population=load_pretrained(pop))
    budget = 1000 if space.startswith("gemm") else 500
    loop = SearchLoop(s, rp.evaluator(PURE_TIME), budget, batch_size=batch)
    loop.run(stop=lambda lp: evals_to_within(lp.history, rp.optimum_ms, 0.01) is not None)
    a, b = (evals_to_within(loop.history, rp.optimum_ms, x) for x in (0.05, 0.01))
    return space, batch, seed, a if a is not None else budget + 1, b if b is not None else budget + 1


if __name__ == "__main__":
    spaces, pop, per_gene, pseudo = sys.argv[1].split(","), sys.argv[2], sys.argv[3] == "1", float(sys.argv[4])
    batches = [int(b) for b in sys.argv[5].split(",")]
    r = Parallel(n_jobs=2)(delayed(one)(sp, s, b, pop, per_gene, pseudo)
                           for sp in spaces for b in batches for s in range(20))
    for sp in spaces:
        for b in batches:
            x = [t for t in r if t[0] == sp and t[1] == b]
            print(json.dumps({"space": sp, "batch": b, "per_gene": per_gene, "pseudo": pseudo,
                              "to_5pct": [t[3] for t in x], "to_1pct": [t[4] for t in x],
                              "med5": statistics.median(t[3] for t in x), "med1": statistics.median(t[4] for t in x)}))
