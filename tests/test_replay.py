"""Replay of Kernel Tuner caches (the four real spaces and fabricated ones) and of this project's recordings."""
from __future__ import annotations

import gzip
import json
import math
from pathlib import Path

import pytest

from evo_kernels.fitness import PURE_TIME, FitnessWeights, Limits
from evo_kernels.genome import Gene, GenomeSpace
from evo_kernels.records import BuildResult, Candidate, Evaluation, RunResult
from evo_kernels.runners.replay import (
    NOT_RECORDED,
    ReplayError,
    ReplaySpace,
    read_recording,
    write_recording,
)
from evo_kernels.runners.kernel_tuner import transform_of

SPACES = Path(__file__).resolve().parents[1] / "benchmarks" / "spaces"  # vendored ../shared/spaces

# From ../shared/spaces/README.md: configurations, successful ones, best time (ms).
README = {
    "gemm_RTX_3090": (17956, 17956, 5.658),
    "convolution_RTX_3090": (6768, 5220, 0.5266),
    "pnpoly_RTX_3090": (4092, 3762, 7.224),
    "convolution_milo_A4000": (4362, 4201, 1.021),
}


def candidate(rp: ReplaySpace, genome: dict) -> Candidate:
    return Candidate(rp.template, dict(genome), rp.problem, rp.space.key(genome))


@pytest.fixture(scope="module", params=sorted(README))
def shared_space(request: pytest.FixtureRequest) -> ReplaySpace:
    path = SPACES / f"{request.param}.json.gz"
    if not path.exists():
        pytest.skip(f"{path} is not here")
    return ReplaySpace.load(path)


def test_shared_space_matches_its_readme(shared_space: ReplaySpace) -> None:
    configs, valid, best = README[shared_space.name]
    assert len(shared_space) == configs
    assert shared_space.n_ok == valid
    assert shared_space.optimum_ms == pytest.approx(best, rel=1e-3)
    assert shared_space.device["replay"] is True and "RTX" in shared_space.device["gpu"]
    for gene in shared_space.space.genes:
        if all(isinstance(v, (int, float)) for v in gene.values):
            assert list(gene.values) == sorted(gene.values), gene.name


def test_shared_space_evaluates_like_the_gpu(shared_space: ReplaySpace) -> None:
    ev = shared_space.evaluator()
    best, base = ev.evaluate([candidate(shared_space, shared_space.optimum), candidate(shared_space,
                                                                                         shared_space.baseline)])
    assert best.status == "ok" and base.status == "ok"
    assert best.run.median_ms == shared_space.optimum_ms
    assert len(best.run.times_ms) >= 10 and math.isfinite(best.run.p95_ms) and 0 <= best.run.cv < 1
    assert base.fitness == pytest.approx(1.0)
    assert best.fitness == pytest.approx(shared_space.baseline_ms / shared_space.optimum_ms)
    assert best.fitness > 1.5  # the median-time baseline is a typical kernel, far from the best
    assert best.run.device == {"gpu": shared_space.device["gpu"], "source": "kernel_tuner", "replay": True}
    # one domain value away from the optimum in every gene, some genome is not in the cache
    outside = [g for g in _one_off(shared_space) if shared_space.entry(g) is None]
    if outside:
        miss = ev.evaluate([candidate(shared_space, outside[0])])[0]
        assert (miss.status, miss.fitness, miss.build.error) == ("invalid", 0.0, NOT_RECORDED)


def _one_off(rp: ReplaySpace) -> list[dict]:
    out = []
    for gene in rp.space.genes:
        i = gene.index(rp.optimum[gene.name])
        for j in (i - 1, i + 1):
            if 0 <= j < len(gene.values):
                out.append({**rp.optimum, gene.name: gene.values[j]})
    return out


def test_failed_configurations_have_statuses() -> None:
    path = SPACES / "convolution_RTX_3090.json.gz"
    if not path.exists():
        pytest.skip(f"{path} is not here")
    rp = ReplaySpace.load(path)
    evs = rp.evaluator().evaluate([candidate(rp, g) for g in rp.genomes()])
    counts: dict[str, int] = {}
    for e in evs:
        counts[e.status] = counts.get(e.status, 0) + 1
    # ../shared/spaces: 1426 CompilationFailedConfig and 122 RuntimeFailedConfig in this file
    assert counts == {"ok": 5220, "compile_error": 1426, "launch_error": 122}
    failed = [e for e in evs if e.status != "ok"]
    assert all(e.fitness == 0.0 and e.speedup == 0.0 for e in failed)
    compile_error = next(e for e in failed if e.status == "compile_error")
    assert compile_error.build.status == "compile_error" and compile_error.build.error == "CompilationFailedConfig"
    launch_error = next(e for e in failed if e.status == "launch_error")
    assert launch_error.build.status == "ok" and launch_error.run.error == "RuntimeFailedConfig"


def test_transform_names() -> None:
    expect = {"block_size_x": "AdjustBlockSize", "MDIMC": "AdjustBlockSize", "tile_size_y": "ThreadCoarsening",
              "tile_size": "ThreadCoarsening", "MWG": "TileLoops", "use_shmem": "UseSharedMemory",
              "SB": "UseSharedMemory", "use_padding": "PadSharedMemory", "KWI": "UnrollLoop",
              "loop_unroll_factor_0": "UnrollLoop", "VWN": "VectorizeLoads", "read_only": "CoalesceMemoryAccess",
              "STRM": "CoalesceMemoryAccess", "between_method": "Generic", "PRECISION": "Generic"}
    assert {n: transform_of(n)[0] for n in expect} == expect


# --- fabricated Kernel Tuner caches --------------------------------------------------------------


def kt_cache(**overrides: object) -> dict:
    """Six configurations of (block_size_x, method); one fails to compile, one to run, two absent."""
    times = {(64, "a"): [2.0, 2.2], (64, "b"): [1.0, 1.0, 1.3], (16, "a"): [4.0], (32, "b"): [3.0, 3.1],
             (32, "a"): "CompilationFailedConfig", (16, "b"): "RuntimeFailedConfig"}
    cache = {}
    for (bx, m), t in times.items():
        entry = {"block_size_x": bx, "method": m, "compile_time": 250.0}
        entry.update({"time": t} if isinstance(t, str) else {"time": sum(t) / len(t), "times": t})
        cache[f"{bx},{m}"] = entry
    doc = {"device_name": "Fake GPU", "kernel_name": "fake_kernel", "problem_size": [100, 7],
           "tune_params_keys": ["block_size_x", "method"],
           "tune_params": {"block_size_x": [64, 16, 32, 128], "method": ["b", "a"]}, "objective": "time",
           "cache": cache}
    doc.update(overrides)
    return doc


@pytest.mark.parametrize("suffix", [".json", ".json.gz"])
def test_fabricated_cache(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"fake{suffix}"
    blob = json.dumps(kt_cache()).encode()
    path.write_bytes(gzip.compress(blob) if suffix == ".json.gz" else blob)
    rp = ReplaySpace.load(path)
    assert (rp.name, rp.template, rp.problem) == ("fake", "fake_kernel", {"size_x": 100, "size_y": 7})
    bx, method = rp.space.genes
    assert bx.values == (16, 32, 64, 128) and method.values == ("b", "a")  # numbers sorted, names as filed
    assert (bx.transform, method.transform) == ("AdjustBlockSize", "Generic")
    # ok times 1.1, 2.1, 3.05, 4.0: the median-time config (toward the faster) is (64, a)
    assert rp.baseline == {"block_size_x": 64, "method": "a"} and rp.optimum == {"block_size_x": 64, "method": "b"}
    assert rp.space.is_valid({"block_size_x": 32, "method": "a"})  # failed, but recorded
    assert rp.space.violations({"block_size_x": 128, "method": "a"}) == [NOT_RECORDED]
    assert len(rp.genomes()) == 6
    evs = rp.evaluator().evaluate([candidate(rp, {"block_size_x": b, "method": m})
                                   for b, m in [(64, "b"), (32, "a"), (16, "b"), (128, "b"), (64, "a")]])
    assert [e.status for e in evs] == ["ok", "compile_error", "launch_error", "invalid", "ok"]
    best = evs[0]
    assert best.run.times_ms == (1.0, 1.0, 1.3) and best.run.median_ms == pytest.approx(1.1)
    assert best.run.p95_ms == pytest.approx(1.27) and best.run.cv == pytest.approx(0.1732 / 1.1, rel=1e-3)
    assert best.fitness == pytest.approx(2.1 / 1.1) and best.speedup == best.fitness
    assert best.build.threads_per_block == 64 and best.build.compile_seconds == pytest.approx(0.25)
    assert evs[4].fitness == pytest.approx(1.0)
    # the regularized fitness charges the CV; a register limit cannot bite (the cache has no counts)
    reg = rp.evaluator(FitnessWeights(), Limits(max_registers=1)).evaluate([candidate(rp, rp.optimum)])[0]
    assert reg.fitness == pytest.approx(2.1 / 1.1 * math.exp(-best.run.cv))
    samples = ReplaySpace.load(path, time_source="samples")
    assert samples.optimum_ms == pytest.approx(1.0)  # the median of (1.0, 1.0, 1.3), not its mean


def _without(*keys: str) -> dict:
    return {k: v for k, v in kt_cache().items() if k not in keys}


@pytest.mark.parametrize("doc, why", [
    (_without("tune_params_keys"), "header lacks tune_params_keys"),
    (_without("tune_params", "cache"), "header lacks tune_params, cache"),
    (kt_cache(tune_params_keys=["block_size_x"]), "do not match"),
    (kt_cache(cache={}), "no configuration"),
    (kt_cache(cache={"8,a": {"time": 1.0}}), "not a configuration"),
    (kt_cache(cache={"16,a": {"time": "RuntimeFailedConfig"}}), "ran successfully"),
])
def test_bad_cache_refused_in_one_line(tmp_path: Path, doc: dict, why: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(ReplayError) as err:
        ReplaySpace.load(path)
    msg = str(err.value)
    assert msg.startswith(str(path)) and "\n" not in msg and why in msg


def test_unreadable_file_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.json.gz"
    path.write_bytes(gzip.compress(b'{"cache": {\n'))
    with pytest.raises(ReplayError, match=r"broken\.json\.gz: cannot read") as err:
        ReplaySpace.load(path)
    assert "\n" not in str(err.value)
    with pytest.raises(ReplayError, match="missing.json"):
        ReplaySpace.load(tmp_path / "missing.json")


# --- this project's recordings -------------------------------------------------------------------


def _own_space() -> GenomeSpace:
    genes = [Gene("tile", "TileLoops", (16, 32, 64), 32), Gene("unroll", "UnrollLoop", (1, 2, 4), 1),
             Gene("smem", "UseSharedMemory", (False, True), False)]
    return GenomeSpace(genes, constraint=lambda g: ["tile 64 needs smem"] if g["tile"] == 64 and not g["smem"] else [],
                       name="own")


def _measured(space: GenomeSpace, genome: dict, status: str, times: tuple[float, ...], regs: int) -> Evaluation:
    c = Candidate("own", genome, {"n": 1024}, space.key(genome))
    build_status = status if status in ("invalid", "compile_error") else "ok"
    build = BuildResult(c, build_status, source_hash="s" + space.key(genome), template_hash="t1", arch="sm_90",
                        flags=("-O3",), nvcc_version="12.6", registers=regs, spill_store_bytes=8 * (regs > 60),
                        spill_load_bytes=4 * (regs > 60), smem_bytes=1024, threads_per_block=256,
                        compile_seconds=0.5, error="" if build_status == "ok" else "boom")
    if status == "ok":
        med = sorted(times)[len(times) // 2]
        run = RunResult("ok", times, med, max(times), 0.02, max_rel_error=1e-7, device={"gpu": "NVIDIA H200"})
    else:
        run = RunResult(status, error="boom", device={"gpu": "NVIDIA H200"})
    return Evaluation(build, run, 0.0)


def test_recording_round_trip(tmp_path: Path) -> None:
    space = _own_space()
    evs = [_measured(space, {"tile": 32, "unroll": 1, "smem": False}, "ok", (2.0, 2.1, 2.4), 40),
           _measured(space, {"tile": 64, "unroll": 4, "smem": True}, "ok", (1.0, 1.2, 1.1), 72),
           _measured(space, {"tile": 16, "unroll": 2, "smem": False}, "compile_error", (), 0),
           _measured(space, {"tile": 16, "unroll": 4, "smem": True}, "crash", (), 30)]
    path = write_recording(tmp_path / "rec" / "own.json.gz", evs, space, template="own", template_hash="t1",
                           nvcc="12.6")
    assert path.read_bytes() == write_recording(tmp_path / "again.json.gz", evs, space, template="own",
                                                template_hash="t1", nvcc="12.6").read_bytes()
    doc = read_recording(path)
    assert doc["format"] == "evo-kernels-recording" and doc["version"] == 1 and len(doc["entries"]) == 4
    rp = ReplaySpace.load(path)
    assert rp.kind == "recording" and rp.space.describe() == space.describe()
    assert rp.baseline == space.baseline() and rp.template_hash == "t1" and rp.problem == {"n": 1024}
    assert rp.device == {"gpu": "NVIDIA H200", "replay": True} and rp.optimum_ms == 1.1
    again = rp.evaluator(FitnessWeights()).evaluate([e.candidate for e in evs])
    for old, new in zip(evs, again):
        assert new.status == old.status
        assert new.run.times_ms == old.run.times_ms
        assert new.run.median_ms == pytest.approx(old.run.median_ms, nan_ok=True)
        for field in ("registers", "spill_store_bytes", "spill_load_bytes", "smem_bytes", "threads_per_block",
                      "source_hash", "arch", "flags", "nvcc_version"):
            assert getattr(new.build, field) == getattr(old.build, field), field
    fast = again[1]
    assert fast.build.spill_bytes == 12 and fast.run.p95_ms == 1.2 and fast.run.cv == 0.02
    assert fast.fitness == pytest.approx(2.1 / 1.1 * math.exp(-0.02) / (1 + 0.05 * 12 / 1024))
    assert again[0].fitness == pytest.approx(math.exp(-0.02) / (1 + 0.0))
    assert again[2].build.status == "compile_error" and again[3].build.status == "ok" and again[3].fitness == 0.0
    unrecorded = Candidate("own", {"tile": 16, "unroll": 1, "smem": True}, {"n": 1024}, "")
    assert rp.evaluator(PURE_TIME).evaluate([unrecorded])[0].build.error == NOT_RECORDED


def test_recording_needs_its_baseline(tmp_path: Path) -> None:
    space = _own_space()
    evs = [_measured(space, {"tile": 64, "unroll": 4, "smem": True}, "ok", (1.0,), 30)]
    with pytest.raises(ValueError, match="baseline"):
        write_recording(tmp_path / "x.json.gz", evs, space, template="own")
    path = tmp_path / "old.json.gz"
    path.write_bytes(gzip.compress(json.dumps({"format": "evo-kernels-recording", "version": 99, "template": "own",
                                               "device": {}, "genes": [], "baseline": {}, "entries": []}).encode()))
    with pytest.raises(ReplayError, match="version 99"):
        ReplaySpace.load(path)
