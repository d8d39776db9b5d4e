"""Seeds and input sets (evo_kernels/runners/inputs.py), on the CPU."""
import dataclasses
import types
from pathlib import Path

import numpy as np
import pytest

from evo_kernels.runners import inputs
from evo_kernels.template import Arg, load_template
from _memory_template_helpers import cuda_emu, needs_gxx

FAULTY = Path(__file__).resolve().parent / "faulty"

# --- inputs and seeds -------------------------------------------------------------------------

def test_seed_stream_never_repeats_and_is_reproducible():
    s = inputs.SeedStream(7)
    seeds = [s.next() for _ in range(500)]
    assert len({q.spawn_key for q in seeds}) == 500 and s.drawn == 500
    first = [np.random.default_rng(q).integers(1 << 62) for q in seeds]
    assert len(set(first)) == 500  # independent streams, not just distinct keys
    again = inputs.SeedStream(7)
    assert np.random.default_rng(again.next()).integers(1 << 62) == first[0]
    other = inputs.SeedStream(8)
    assert np.random.default_rng(other.next()).integers(1 << 62) != first[0]


def test_make_inputs_fresh_per_seed_and_never_zeros():
    args = [Arg("y", "out", shape=(64, 33)), Arg("x", "in", shape=(64, 33)),
            Arg("u", "inout", shape=(1000,), init="uniform"), Arg("w", "scratch", shape=(8,)),
            Arg("k", "in", "int32", shape=(50,)), Arg("n", "scalar", "int32", value=5)]
    s = inputs.SeedStream(0)
    a, b = inputs.make_inputs(args, s.next()), inputs.make_inputs(args, s.next())
    assert set(a) == {"x", "u", "k"}  # only what the kernel reads is drawn
    assert a["x"].dtype == np.float32 and a["x"].shape == (64, 33) and a["k"].dtype == np.int32
    assert not np.array_equal(a["x"], b["x"]) and not np.array_equal(a["u"], b["u"])
    assert np.count_nonzero(a["x"]) == a["x"].size
    assert abs(float(a["x"].mean())) < 0.2 and 0.8 < float(a["x"].std()) < 1.2  # N(0, 1)
    assert a["u"].min() >= 0.0 and a["u"].max() < 1.0 and 0.4 < float(a["u"].mean()) < 0.6  # [0, 1)


def test_make_inputs_torch_same_distributions_reproducible_and_fresh():
    torch = pytest.importorskip("torch")
    args = [Arg("y", "out", shape=(64, 33)), Arg("x", "in", shape=(256, 129)),
            Arg("u", "inout", shape=(20000,), init="uniform"), Arg("k", "in", "int32", shape=(5000,)),
            Arg("n", "scalar", "int32", value=5)]
    s = inputs.SeedStream(3)
    q1, q2 = s.next(), s.next()
    a, b = inputs.make_inputs_torch(torch, args, q1, "cpu"), inputs.make_inputs_torch(torch, args, q2, "cpu")
    again = inputs.make_inputs_torch(torch, args, q1, "cpu")
    assert set(a) == {"x", "u", "k"}
    assert a["x"].dtype == torch.float32 and tuple(a["x"].shape) == (256, 129) and a["k"].dtype == torch.int32
    assert all(torch.equal(a[k], again[k]) for k in a)  # one seed, one input set
    assert not torch.equal(a["x"], b["x"]) and not torch.equal(a["u"], b["u"])
    assert int((a["x"] == 0).sum()) == 0
    assert abs(float(a["x"].mean())) < 0.05 and 0.95 < float(a["x"].std()) < 1.05  # N(0, 1)
    assert float(a["u"].min()) >= 0.0 and float(a["u"].max()) < 1.0 and 0.45 < float(a["u"].mean()) < 0.55
    assert int(a["k"].min()) >= -(1 << 15) and int(a["k"].max()) < (1 << 15) and int(a["k"].min()) < 0
    assert inputs.torch_seed(q1) != inputs.torch_seed(q2) and 0 <= inputs.torch_seed(q1) < (1 << 63)


def test_wide_inputs_have_the_magnitudes_that_overflow_exp():
    torch = pytest.importorskip("torch")
    args = [Arg("x", "in", shape=(512, 257), init="wide")]
    s = inputs.SeedStream(5)
    drawn = inputs.make_inputs(args, s.next())["x"], inputs.make_inputs_torch(torch, args, s.next(), "cpu")["x"]
    for x in (drawn[0], drawn[1].numpy()):
        assert x.dtype == np.float32 and abs(float(x.mean())) < 1.0 and 60 < float(x.std()) < 68  # N(0, 64^2)
        assert float(np.abs(x).max()) > 89  # past float32's exp limit on every such input set
    with pytest.raises(ValueError, match="normal, uniform or wide"):
        Arg("x", "in", shape=(4,), init="huge")


@needs_gxx
def test_wide_inputs_catch_a_softmax_that_skips_the_maximum(tmp_path):
    # tests/faulty/softmax_nomax: exp(x) / sum exp(x), no max subtracted. On N(0, 1) inputs it is
    # right (so a harness drawing those would pass it); on the harness's "wide" inputs it is not
    t = load_template(str(FAULTY / "softmax_nomax.cu.mako"))
    g, p = t.space.baseline(), t.check_problems[0]
    assert t.args(p)[1].init == "wide"
    assert cuda_emu.run_on_cpu(t, g, p, tmp_path)["status"] in t.meta.EXPECTED
    meta = types.SimpleNamespace(**{k: getattr(t.meta, k) for k in dir(t.meta) if not k.startswith("__")})
    meta.args = lambda q: [dataclasses.replace(a, init="normal") if a.init == "wide" else a for a in t.meta.args(q)]
    assert cuda_emu.run_on_cpu(dataclasses.replace(t, meta=meta), g, p, tmp_path)["status"] == "ok"
    assert load_template("softmax").args(p)[1].init == "wide"   # the template such a kernel would claim to be


def test_scalars_are_exact_c_types():
    assert type(inputs.scalar(Arg("n", "scalar", "int32", value=7))) is np.int32
    assert type(inputs.scalar(Arg("a", "scalar", "float32", value=0.5))) is np.float32
