"""Candidate-key traces of cold pbt and the default warm start, to compare two trees: run from the
repository root with PYTHONPATH=<tree> (output of main and of this branch in cold-trace.txt)."""
import hashlib
import json

import evo_kernels
from evo_kernels.bench_search import _space, _strategy_options
from evo_kernels.fitness import PURE_TIME
from evo_kernels.search import SearchLoop
from evo_kernels.strategies import make_strategy
print(evo_kernels.__file__)
WARM = "pbt:init_population=populations/pretrained-training-side"
for space, spec, batch, seed, budget in [
        ("benchmarks/spaces/pnpoly_RTX_3090.json.gz", "pbt", 1, 0, 60),
        ("benchmarks/spaces/pnpoly_RTX_3090.json.gz", "pbt", 8, 1, 64),
        ("benchmarks/spaces/dedispersion_milo_A4000.json.gz", "pbt", 1, 2, 60),
        ("benchmarks/spaces/convolution_RTX_3090.json.gz", WARM, 1, 0, 60),
        ("benchmarks/spaces/convolution_RTX_3090.json.gz", WARM, 8, 3, 64)]:
    rp = _space(space)
    name, opts = _strategy_options(spec)
    s = make_strategy(name, rp.space, rp.template, rp.problem, seed, **opts)
    h = SearchLoop(s, rp.evaluator(PURE_TIME), budget, batch_size=batch).run()
    keys = [e.candidate.key for e in h]
    digest = hashlib.sha1(json.dumps(keys).encode()).hexdigest()[:16]
    print(space.split('/')[-1], spec[:12], batch, seed, len(keys), digest)
