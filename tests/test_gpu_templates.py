"""On a GPU: the baseline, FAST_GENOME and random valid genomes of every template pass the
correctness protocol (ragged shapes, NaN-poisoned outputs, two runs agree). The benchmark
(benchmarks/bench_kernels.py) checks 50 random genomes each and times them; this keeps the suite short."""
import os

import numpy as np
import pytest

from evo_kernels.build import NvccBuilder
from evo_kernels.records import Candidate
from evo_kernels.template import load_template

ALL = ("sgemm", "reduce_sum", "softmax", "transpose", "conv2d", "stencil")
pytestmark = pytest.mark.gpu


@pytest.fixture(scope="module")
def runner():
    from evo_kernels.runners.gpu import GpuRunner

    with GpuRunner(seed=11) as r:
        yield r


@pytest.mark.parametrize("name", ALL)
def test_random_genomes_pass_correctness(name, runner):
    t = load_template(name)
    rng = np.random.default_rng(5)
    genomes = [t.space.baseline(), t.space.check(t.space.coerce(t.meta.FAST_GENOME))]
    genomes += [t.space.sample(rng) for _ in range(int(os.environ.get("EVO_GPU_SAMPLE", "10")))]
    cands = [Candidate(t.name, g, t.problem, t.space.key(g)) for g in genomes]
    builds = NvccBuilder().build(t, cands)
    runs = runner.run(t, builds, check_only=True)
    bad = [(b.candidate.genome, r.status, r.error[:200]) for b, r in zip(builds, runs) if r.status != "ok"]
    assert not bad
