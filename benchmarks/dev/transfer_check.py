"""Cold against warm (--init-population) on a held-out space, evaluations to 5% per seed 0..K-1.
usage: python benchmarks/dev/transfer_check.py SPACE POPULATION BATCH [K=20]"""
import sys, json, statistics
sys.path.insert(0, "scripts")
from pretrain_population import evals_to_5pct
from evo_kernels.runners.replay import ReplaySpace
space, pop, batch = sys.argv[1], sys.argv[2], int(sys.argv[3])
s0 = int(sys.argv[4]) if len(sys.argv) > 4 else 20
held = ReplaySpace.load(space)
out = {"space": held.name, "population": pop, "batch_size": batch}
for name, p in (("warm", pop), ("cold", None)):
    r = evals_to_5pct(held, s0, 500, batch, p)
    out[name] = r; out["median_" + name] = statistics.median(r)
    print(name, statistics.median(r), r, flush=True)
print(json.dumps(out))
