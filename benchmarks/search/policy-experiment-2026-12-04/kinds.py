"""What the screen evaluated, by draw kind (seeds 0..2, 200 evaluations, batch 1): python kinds.py pbt pbt:chain=3"""
import collections
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from evo_kernels.bench_search import run_once  # noqa: E402
from evo_kernels.strategies import pbt  # noqa: E402

KT = json.load(open(str(ROOT / 'benchmarks')+'/spaces/kernel_tuner_1.5.0.json'))
kinds = collections.Counter()
orig = pbt.PBTSearch.ask
def ask(self, n):
    out = orig(self, n)
    for c in out:
        kinds[self._pending[c.key].kind] += 1
    return out
pbt.PBTSearch.ask = ask
for strat in sys.argv[1:]:
  for sp in ['gemm_RTX_3090','convolution_RTX_3090','convolution_milo_A4000','stencil_H200','pnpoly_RTX_3090']:
    kinds.clear()
    for seed in range(3):
        run_once(str(ROOT)+'/'+KT['files'][sp], strat, seed, 200, batch_size=1)
    print(strat, sp, dict(kinds), flush=True)
