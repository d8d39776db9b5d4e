"""The reduce_sum template alone: its grid against its partials buffer, its inputs. The checks it
shares with the other memory-bound templates are tests/test_templates_memory.py."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import cuda_emu
from evo_kernels.runners.checks import rel_error
from evo_kernels.runners.inputs import make_inputs
from evo_kernels.template import load_template
from _memory_template_helpers import _all_valid, needs_gxx

FAULTY = Path(__file__).resolve().parent / "faulty"


def test_reduce_grid_fits_partials():
    t = load_template("reduce_sum")
    partials = next(a for a in t.args(t.problem) if a.name == "partials")
    assert partials.role == "scratch"
    for g in _all_valid(t):
        for p in [t.problem, *t.check_problems, {"N": 2**31 - 1}]:
            assert t.launch(g, p).grid[0] <= partials.shape[0]


def test_reduce_inputs_are_zero_mean_so_a_skipped_share_shows():
    """A sum that skips every 20th element and scales the rest up (tests/faulty/sum_subsample) is off by about
    sqrt(1/20) of the error norm on reduce_sum's zero-mean inputs, far past the tolerance; an honest fp32 sum (a
    thread's elements in sequence, then the threads' sums) stays within a tenth of it. Inputs from the harness's
    own draw at the largest check shape."""
    t = load_template("reduce_sum")
    (inp,) = [a for a in t.args(t.problem) if a.role == "in"]
    assert inp.init == "normal" and inp.shape == (2**28,)
    assert [a.role for a in t.args(t.problem)].count("scratch") == 2
    p = {"N": 4093 * 4091}
    x = make_inputs(t.args(p), np.random.SeedSequence(7))["inp"]
    x64 = {"inp": x.astype(np.float64)}
    ref = t.reference(x64, p)["out"]
    norm = t.error_norms(x64, p)["out"]
    assert abs(norm - np.sqrt(p["N"])) < 0.01 * np.sqrt(p["N"])   # sqrt(sum x^2) of N(0, 1) values
    keep = np.arange(p["N"]) % 20 != 19
    cheat = np.array([x64["inp"][keep].sum() * 20 / 19])
    assert rel_error(cheat, ref, norm) > 1000 * t.tolerance
    threads = 4093   # 4091 elements a thread in sequence, fp32, then the threads' sums in sequence
    per = np.cumsum(x.reshape(threads, -1), axis=1, dtype=np.float32)[:, -1]
    honest = np.array([np.cumsum(per, dtype=np.float32)[-1]])
    assert rel_error(honest, ref, norm) < t.tolerance / 10


@pytest.mark.slow
@needs_gxx
def test_the_subsampling_sum_is_caught_on_the_cpu_emulator(tmp_path):
    """tests/faulty/sum_subsample, emulated: honest at a check shape, caught just past the size where it starts
    skipping (a 2^20-element emulation: ~40 s)."""
    t = load_template(str(FAULTY / "sum_subsample.cu.mako"))
    g = t.space.baseline()
    assert cuda_emu.run_on_cpu(t, g, t.check_problems[1], tmp_path)["status"] == "ok"
    res = cuda_emu.run_on_cpu(t, g, {"N": t.meta.LARGE + 3}, tmp_path)
    assert res["status"] == t.meta.EXPECTED and res["err_out"] > 1000 * t.tolerance
