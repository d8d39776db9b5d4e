"""Exported headers: they compile with the real nvcc in a host program; on a GPU that program
runs and matches the template's float64 reference."""
import json
import subprocess

import numpy as np
import pytest

from evo_kernels.export import Sym, dispatch, launch_cpp, nearest, render_header, selftest_program
from evo_kernels.runners.inputs import draw
from evo_kernels.template import load_template
from _export_helpers import build_selftest, entries, run_header
from _sgemm_conv_helpers import sgemm_48k_genomes

pytestmark = pytest.mark.nvcc


# softmax with --all only (15 s of nvcc: the largest memory-bound header; sgemm's, with the tensor-core code, and the
# other four stay in the default)
@pytest.mark.parametrize("name", ["transpose", "sgemm", "stencil", pytest.param("softmax", marks=pytest.mark.slow),
                                  "reduce_sum", "conv2d"])
def test_header_compiles_in_a_host_program(tmp_path, name):
    # with every warning an error: sgemm's and softmax's random genomes left variables unused (#177-D), transpose's
    # second design a loop its constants rule out (#128-D), in the template's code for every genome
    t = load_template(name)
    probs = [t.problem, t.check_problems[1]]
    genomes = [t.space.sample(np.random.default_rng(0)), t.space.check(t.space.coerce(t.designs[1]))] \
        if name == "transpose" else None
    _, header = build_selftest(tmp_path, name, probs, t.check_problems[1], genomes)
    assert header.count("static __global__") >= 2 and "inline cudaError_t launch(" in header
    assert "gpu_name=NVIDIA H200" in header and json.dumps(probs[0]) in header
    assert "__CUDA_ARCH__ != 900" in header


def test_header_with_a_cluster_genome_compiles(tmp_path):
    # softmax's TileLoops_Cluster includes cooperative_groups.h: the header puts includes outside its namespaces
    t = load_template("softmax")
    rows = entries(t, [t.problem, {"R": 1024, "C": 65536}])
    rows[1]["genome"] = t.space.check({**t.space.coerce(t.meta.FAST_GENOME), "TileLoops_Cluster": 8, "UnrollLoop": 8})
    header = render_header(t, rows)
    assert header.index("#include <cooperative_groups.h>") < header.index("namespace evo_tuned_softmax {")
    (tmp_path / "tuned.cuh").write_text(header)
    (tmp_path / "main.cu").write_text(selftest_program(t, "tuned.cuh", t.check_problems[1]))
    proc = subprocess.run(["nvcc", "-arch=sm_90", "-o", "selftest", "main.cu"], cwd=tmp_path,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]


def test_header_opts_in_to_a_cluster_of_sixteen(tmp_path):
    # a cluster past the portable 8 launches only once the kernel allows non-portable sizes; 8 and less need nothing
    t = load_template("softmax")
    rows = entries(t, [{"R": 297, "C": 415745}, {"R": 96, "C": 1048573}])
    fast = t.space.coerce(t.meta.FAST_GENOME)
    rows[0]["genome"] = t.space.check({**fast, "TileLoops_Cluster": 8, "UnrollLoop": 8})
    rows[1]["genome"] = t.space.check({**fast, "AdjustBlockSize": 512, "UnrollLoop": 16,
                                       "UseSharedMemory": "registers+shared", "TileLoops_Cluster": 16})
    header = render_header(t, rows)
    body = {i: header[header.index(f"inline cudaError_t launch_{i}("):] for i in (0, 1)}
    body = {i: b[:b.index("\n}\n")] for i, b in body.items()}
    opt = "cudaFuncSetAttribute(spec_1::softmax_1, cudaFuncAttributeNonPortableClusterSizeAllowed, 1)"
    assert opt in body[1] and body[1].index(opt) < body[1].index("<<<grid, block, 229376, stream>>>")
    assert "NonPortableClusterSize" not in body[0] and "__cluster_dims__(16, 1, 1)" in header
    (tmp_path / "tuned.cuh").write_text(header)
    (tmp_path / "main.cu").write_text(selftest_program(t, "tuned.cuh", t.check_problems[1]))
    proc = subprocess.run(["nvcc", "-arch=sm_90", "-o", "selftest", "main.cu"], cwd=tmp_path,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]


def test_header_opts_in_to_large_dynamic_shared_memory(tmp_path):
    # softmax's registers+shared mode launches with 224 KB of dynamic shared memory: past 48 KB a kernel must opt in
    # (cudaFuncSetAttribute) before its launch, or the launch fails; a genome without it launches with 0 and does not
    t = load_template("softmax")
    rows = entries(t, [t.problem, {"R": 297, "C": 415745}, {"R": 769, "C": 202551}])
    rows[0]["genome"] = t.space.coerce(t.meta.FAST_GENOME)
    rows[1]["genome"] = t.space.check({**rows[0]["genome"], "AdjustBlockSize": 512, "UnrollLoop": 16,
                                       "UseSharedMemory": "registers+shared", "TileLoops_Cluster": 8})
    # a shipped two-block design (AdjustBlockSize_Resident: half the SM's shared memory, 2 blocks under the bounds)
    rows[2]["genome"] = next(g for g in t.designs if g["AdjustBlockSize_Resident"] == 2)
    header = render_header(t, rows)
    smem2 = t.launch(rows[2]["genome"], rows[2]["problem"]).dynamic_smem
    launch_2 = header[header.index("inline cudaError_t launch_2("):]
    launch_2 = launch_2[:launch_2.index("\n}\n")]
    assert 48 * 1024 < smem2 <= 114 * 1024 and f"<<<grid, block, {smem2}, stream>>>" in launch_2
    assert f"cudaFuncAttributeMaxDynamicSharedMemorySize, (int)({smem2}))" in launch_2
    assert header.count("__launch_bounds__(512, 2)") == 1
    launch_1 = header[header.index("inline cudaError_t launch_1("):]
    launch_1 = launch_1[:launch_1.index("\n}\n")]
    assert "cudaFuncSetAttribute(spec_1::softmax_1, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)(229376))" \
        in launch_1 and "<<<grid, block, 229376, stream>>>" in launch_1
    launch_0 = header[header.index("inline cudaError_t launch_0("):]
    assert "cudaFuncSetAttribute" not in launch_0[:launch_0.index("\n}\n")]
    (tmp_path / "tuned.cuh").write_text(header)
    (tmp_path / "main.cu").write_text(selftest_program(t, "tuned.cuh", t.check_problems[1]))
    proc = subprocess.run(["nvcc", "-arch=sm_90", "-o", "selftest", "main.cu"], cwd=tmp_path,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]


def test_sgemm_header_with_the_tensor_core_design_opts_in_and_compiles(tmp_path):
    # the tensor-core design's tiles are dynamic shared memory (59 KB at 128 x 128, BK 16, 3 stages): past 48 KB the
    # header opts in before the launch; the SIMT specialization beside it launches with none, as before
    t = load_template("sgemm")
    tc = next(g for g in t.designs if g["ThreadCoarsening_TensorCore"])
    rows = entries(t, [{"M": 4096, "N": 4096, "K": 4096}, {"M": 1021, "N": 1019, "K": 1031}])
    rows[0]["genome"], rows[1]["genome"] = tc, t.space.coerce(t.meta.FAST_GENOME)
    header = render_header(t, rows)
    smem = t.launch(tc, rows[0]["problem"]).dynamic_smem
    launch_0 = header[header.index("inline cudaError_t launch_0("):]
    launch_0 = launch_0[:launch_0.index("\n}\n")]
    assert 48 * 1024 < smem and f"cudaFuncAttributeMaxDynamicSharedMemorySize, (int)({smem}))" in launch_0
    assert f"<<<grid, block, {smem}, stream>>>" in launch_0 and "mma.sync.aligned.m16n8k8" in header
    launch_1 = header[header.index("inline cudaError_t launch_1("):]
    assert "<<<grid, block, 0, stream>>>" in launch_1[:launch_1.index("\n}\n")]
    (tmp_path / "tuned.cuh").write_text(header)
    (tmp_path / "main.cu").write_text(selftest_program(t, "tuned.cuh", t.check_problems[1]))
    proc = subprocess.run(["nvcc", "-arch=sm_90", "-o", "selftest", "main.cu"], cwd=tmp_path,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]


def test_header_with_flat_float4_stencils_compiles(tmp_path):
    # TileLoops_Flat=float4 (a device template for 32- and 64-bit indices, stdint.h): two specializations in one
    # header, its grid over H * W in C++
    t = load_template("stencil")
    rows = entries(t, [t.problem, {"H": 131072, "W": 257}])
    for row, tc in zip(rows, (1, 2)):
        row["genome"] = t.space.check({**t.space.coerce(t.meta.FAST_GENOME), "TileLoops_Flat": "float4",
                                       "ThreadCoarsening": tc, "UnrollLoop": tc > 1})
    grid, _, _ = launch_cpp(t, rows[1]["genome"], rows[1]["problem"])
    assert grid[0] == "evo_max(1, evo_floordiv((((H * W) + 1024) - 1), 1024))" and grid[1] == "1"
    header = render_header(t, rows)
    assert header.count("flat4<int>(") == 2
    assert header.index("#include <stdint.h>") < header.index("namespace evo_tuned_stencil {")
    (tmp_path / "tuned.cuh").write_text(header)
    (tmp_path / "main.cu").write_text(selftest_program(t, "tuned.cuh", {"H": 131072, "W": 257}))
    proc = subprocess.run(["nvcc", "-arch=sm_90", "-o", "selftest", "main.cu"], cwd=tmp_path,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]


def test_launch_geometry_becomes_cpp():
    t = load_template("transpose")
    grid, block, smem = launch_cpp(t, t.space.baseline(), t.problem)
    assert grid[0] == "evo_floordiv(((C + 32) - 1), 32)" and block[1] == "32" and smem == "0"
    with pytest.raises(TypeError):
        bool(Sym("M"))


def test_nearest_dispatch_matches_header_rule():
    probs = [{"R": 16384, "C": 16384}, {"R": 1024, "C": 1024}]
    assert nearest(probs, {"R": 8192, "C": 8192}) == 0
    assert nearest(probs, {"R": 2000, "C": 1000}) == 1


@pytest.mark.gpu
@pytest.mark.parametrize("name", ["transpose", "stencil"])
def test_header_program_runs_and_matches_reference(tmp_path, name):
    t = load_template(name)
    p = t.check_problems[1]
    build_selftest(tmp_path, name, [t.problem, p], p)
    rng = np.random.default_rng(7)
    inputs = {}
    for a in t.args(p):
        if a.role in ("in", "inout"):
            inputs[a.name] = draw(a, rng).astype(np.float32)
            inputs[a.name].tofile(tmp_path / f"{a.name}.bin")
    proc = subprocess.run(["./selftest"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "ok" in proc.stdout, proc.stderr
    ref = t.reference({k: v.astype(np.float64) for k, v in inputs.items()}, p)
    for name_, want in ref.items():
        got = np.fromfile(tmp_path / f"{name_}.out.bin", dtype=np.float32).reshape(want.shape)
        assert np.linalg.norm(got - want) / np.linalg.norm(want) < t.tolerance


@pytest.mark.gpu
def test_header_with_large_dynamic_shared_memory_runs_and_matches_reference(tmp_path):
    # the specialization for long rows launches with 224 KB of dynamic shared memory, which fails unless the header
    # opts in first; R=3 x C=400001 dispatches to it (the nearest tuned size) and its rows need the shared part
    t = load_template("softmax")
    p = {"R": 3, "C": 400001}
    rows = entries(t, [t.problem, {"R": 297, "C": 415745}])
    rows[0]["genome"] = t.space.coerce(t.meta.FAST_GENOME)
    rows[1]["genome"] = t.space.check({**rows[0]["genome"], "AdjustBlockSize": 512, "UnrollLoop": 16,
                                       "UseSharedMemory": "registers+shared", "TileLoops_Cluster": 8,
                                       "VectorizeLoads_Align": True})
    assert dispatch(t, rows, p) == 1
    x = {"inp": draw(t.args(p)[1], np.random.default_rng(8)).astype(np.float32)}
    got = run_header(tmp_path, t, rows, p, x)["out"]
    want = t.reference({"inp": x["inp"].astype(np.float64)}, p)["out"]
    assert np.linalg.norm(got - want) / np.linalg.norm(want) < t.tolerance


@pytest.mark.gpu
def test_sgemm_header_with_the_tensor_core_design_runs_and_matches_reference(tmp_path):
    # 2000 x 2100 x 2500 dispatches to the tensor-core specialization (tuned at 4096^3, nearer than 1021 x 1019 x 1031);
    # K % 4 == 0 and a ragged M and N: the full-tile loop, the shifted edge tiles
    t = load_template("sgemm")
    tc = next(g for g in t.designs if g["ThreadCoarsening_TensorCore"])
    p = {"M": 2000, "N": 2100, "K": 2500}
    rows = entries(t, [{"M": 4096, "N": 4096, "K": 4096}, {"M": 1021, "N": 1019, "K": 1031}])
    rows[0]["genome"], rows[1]["genome"] = tc, t.space.coerce(t.meta.FAST_GENOME)
    assert dispatch(t, rows, p) == 0
    rng = np.random.default_rng(9)
    x = {a.name: draw(a, rng).astype(np.float32) for a in t.args(p) if a.role == "in"}
    got = run_header(tmp_path, t, rows, p, x)["C"]
    want = t.reference({k: v.astype(np.float64) for k, v in x.items()}, p)["C"]
    assert np.linalg.norm(got - want) / np.linalg.norm(want) < 1e-6   # 3xTF32: fp32's accuracy, not the 1e-4 bound


def header_48k(t):
    """sgemm's 48 KB tensor-core genome beside the split-K flag (tuned at 1000^3) and FAST_GENOME."""
    rows = entries(t, [{"M": 1000, "N": 1000, "K": 1000}, {"M": 4096, "N": 4096, "K": 4096}])
    rows[0]["genome"], rows[1]["genome"] = sgemm_48k_genomes(t)[0], t.space.coerce(t.meta.FAST_GENOME)
    return rows


def test_sgemm_header_opts_in_where_dynamic_and_static_shared_memory_pass_48k(tmp_path):
    # 48 KB of dynamic tiles alone are within the default; beside 16 static bytes they are not: the header opts in
    t = load_template("sgemm")
    rows = header_48k(t)
    header = render_header(t, rows)
    launch_0 = header[header.index("inline cudaError_t launch_0("):]
    launch_0 = launch_0[:launch_0.index("\n}\n")]
    assert f"if (49152 > {48 * 1024 - 16})" in launch_0
    assert "cudaFuncAttributeMaxDynamicSharedMemorySize, (int)(49152))" in launch_0
    (tmp_path / "tuned.cuh").write_text(header)
    (tmp_path / "main.cu").write_text(selftest_program(t, "tuned.cuh", t.check_problems[1]))
    proc = subprocess.run(["nvcc", "-arch=sm_90", "-o", "selftest", "main.cu"], cwd=tmp_path,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]


@pytest.mark.gpu
def test_sgemm_header_with_48k_of_tiles_beside_the_flag_runs_and_matches_reference(tmp_path):
    t = load_template("sgemm")
    rows = header_48k(t)
    p = {"M": 997, "N": 1003, "K": 1020}   # K % 4 == 0: the tensor-core loop; split by 2 (grid z)
    assert dispatch(t, rows, p) == 0 and t.launch(rows[0]["genome"], p).grid[2] == 2
    rng = np.random.default_rng(13)
    x = {a.name: draw(a, rng).astype(np.float32) for a in t.args(p) if a.role == "in"}
    got = run_header(tmp_path, t, rows, p, x)["C"]
    want = t.reference({k: v.astype(np.float64) for k, v in x.items()}, p)["C"]
    assert np.linalg.norm(got - want) / np.linalg.norm(want) < 1e-6


def test_header_names_its_own_file_and_says_when_it_was_measured():
    # 18.17: the first line said evo_tuned_sgemm.cuh whatever the file was called, and the
    # provenance read timestamp=1.796e+09
    t = load_template("sgemm")
    rows = [{**e, "timestamp": 1796342400.25} for e in entries(t, [t.problem])]
    header = render_header(t, rows, file_name="my_gemm.cuh")
    assert header.splitlines()[0].startswith("// my_gemm.cuh: sgemm kernels tuned by evo-kernels (namespace "
                                             "evo_tuned_sgemm)")
    assert "measured_at=2026-12-04T00:00:00+00:00" in header and "e+09" not in header
    assert render_header(t, rows).startswith("// evo_tuned_sgemm.cuh: ")


def pick_program(t, header_name: str, problems) -> str:
    """A host program that prints the header's pick() for each problem (no GPU needed)."""
    ns = f"evo_tuned_{t.name}"
    calls = "\n".join(f'    printf("%d\\n", {ns}::pick({", ".join(str(p[k]) for k in p)}));' for p in problems)
    return f'#include <cstdio>\n#include "{header_name}"\nint main() {{\n{calls}\n    return 0;\n}}\n'


def test_untuned_sizes_take_the_nearest_launchable_specialization_or_the_default(tmp_path):
    # conv2d: its grid y is H / (block rows x rows per thread x tiles), not capped (transpose and
    # stencil cap theirs at 65535 and stride over the rest, so every size launches there)
    t = load_template("conv2d")
    base = t.space.baseline()  # 16 rows per block: grid y = H/16
    tall = t.space.check(dict(base, AdjustBlockSize_X=64, AdjustBlockSize_Y=2))  # grid y = H/2
    big = t.space.check(dict(base, ThreadCoarsening_Y=8))  # grid y = H/128
    f = {"FH": 3, "FW": 3}
    rows = entries(t, [{"H": 16384, "W": 16384, **f}, {"H": 2048, "W": 2048, **f}])
    rows[0]["genome"], rows[1]["genome"] = tall, big
    asked = [{"H": 2048, "W": 2048, **f}, {"H": 3000, "W": 1000, **f},  # tuned; nearest the second
             {"H": 9000, "W": 12001, **f},                           # nearest the first
             {"H": 1_100_000, "W": 3000, **f},                       # nearest the first, whose grid y is 550000
             {"H": 1_100_000 * 64, "W": 1, **f},                     # neither fits, the default neither
             {"H": 5, "W": 0, **f}]                                  # an empty grid cannot be launched
    want = [1, 1, 0, 1, -1, -1]
    from evo_kernels.export import dispatch, distance
    assert [dispatch(t, rows, p) for p in asked] == want
    assert distance(rows[0]["problem"], asked[3]) < distance(rows[1]["problem"], asked[3])
    # the default: the baseline genome fits where the tuned one does not
    rows2 = entries(t, [{"H": 2048, "W": 2048, **f}])
    rows2[0]["genome"] = tall
    asked2 = [{"H": 200_000, "W": 3, **f}, {"H": 512, "W": 512, **f}]
    assert [dispatch(t, rows2, p) for p in asked2] == [1, 0]
    for name, rs, ps in (("a", rows, asked), ("b", rows2, asked2)):
        (tmp_path / f"{name}.cuh").write_text(render_header(t, rs))
        (tmp_path / f"{name}.cu").write_text(pick_program(t, f"{name}.cuh", ps))
        proc = subprocess.run(["nvcc", "-arch=sm_90", "-o", name, f"{name}.cu"], cwd=tmp_path,
                              capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr[-3000:]
        got = subprocess.run([f"./{name}"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
        assert got.returncode == 0, got.stderr
        assert [int(x) for x in got.stdout.split()] == [dispatch(t, rs, p) for p in ps]
    assert "the untuned default (the template's baseline genome)" in render_header(t, rows2)


def test_a_symbolic_launch_leaves_the_template_module_as_it_was():
    # launch() runs on symbols with min and max that accept them, in a copy of the module's namespace: the
    # module itself is not patched (it used to be, for the length of the call)
    from evo_kernels.export import launch_cpp
    from evo_kernels.template import load_template

    t = load_template("reduce_sum")   # its launch() calls a helper that calls min and max on N
    before = dict(vars(t.meta))
    grid, _, _ = launch_cpp(t, t.space.coerce(t.meta.FAST_GENOME), t.problem)
    assert "evo_min(" in grid[0] and "N" in grid[0]
    assert dict(vars(t.meta)) == before and "min" not in vars(t.meta)
    # and during the call: a launch() that looks at its own module's namespace finds no min patched in
    import types as _types

    module = _types.ModuleType("fake_template")
    exec("def launch(g, p):\n    seen.append(vars(module).get('min'))\n    return (min(p['N'], 4),), (32,)\n",
         vars(module))
    module.seen, module.module = [], module
    grid, block, _ = launch_cpp(_types.SimpleNamespace(meta=module, meta_path="fake.py", launch_cpp=None), {}, {"N": 1})
    assert module.seen == [None] and grid[0] == "evo_min(N, 4)" and block[0] == "32"



def test_entries_of_another_template_of_the_same_name_are_named_with_its_file():
    # audit 13: a user's template shadowing a shipped one met the database's genomes of the shipped one, and export
    # said "unknown gene(s) ..." naming no file, or stopped with a KeyError traceback where the dimensions differed
    from evo_kernels.export_rows import not_of

    t = load_template("transpose")
    good = {"genome": t.space.baseline(), "problem": dict(t.problem)}
    assert not_of(t, [good]) is None
    msg = not_of(t, [good, {**good, "genome": {**t.space.baseline(), "Nosuch": 1}}])
    assert msg.startswith("its transpose evaluations are of another template: unknown gene(s) Nosuch; "
                          f"{t.mako_path} has TileLoops, AdjustBlockSize, "), msg
    assert not_of(t, [{**good, "problem": {"N": 5}}]) == (
        f"its transpose evaluations are of another template: tuned at N=5, not in the dimensions of {t.mako_path} "
        "(R, C)")


def test_header_takes_the_sizes_in_the_templates_order_whatever_the_rows_order(tmp_path):
    # was: the database keeps a problem with its keys sorted ({"K", "M", "N"}), and the header took that order for
    # its <name>_scratch_elems(K, M, N) helpers and pick(K, M, N), while launch() takes (..., M, N, K): a caller
    # who sized the scratch buffers in launch()'s order got the wrong size (too small where K < N)
    t = load_template("sgemm")
    rows = entries(t, [t.problem])
    rows[0]["problem"] = dict(sorted(rows[0]["problem"].items()))   # as ResultStore returns it
    header = render_header(t, rows)
    assert "inline long long work_scratch_elems(long long M, long long N, long long K)" in header
    assert "inline long long tiles_scratch_elems(long long M, long long N, long long K)" in header
    assert "inline int pick(int M, int N, int K)" in header
    assert '// ---- specialization 0: tuned for {"M": 4096, "N": 4096, "K": 4096}' in header
