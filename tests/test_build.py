"""The builder against the real nvcc (no mocks): batches, cache, ptxas parsing, failures as values."""
from pathlib import Path

import numpy as np
import pytest

from evo_kernels.build import NvccBuilder, parse_ptxas
from evo_kernels.records import Candidate
from evo_kernels.template import load_template

ALL = ("sgemm", "reduce_sum", "softmax", "transpose", "conv2d", "stencil")
FAULTY = Path(__file__).resolve().parent / "faulty"
pytestmark = pytest.mark.nvcc


def candidates(t, genomes):
    return [Candidate(t.name, g, t.problem, t.space.key(g)) for g in genomes]


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    return tmp_path_factory.mktemp("cubins")


@pytest.mark.slow
@pytest.mark.parametrize("name", ALL)
def test_baseline_and_20_random_genomes_compile(name, cache):
    t = load_template(name)
    rng = np.random.default_rng(2026)
    genomes = [t.space.baseline()] + [t.space.sample(rng) for _ in range(20)]
    results = NvccBuilder(cache_dir=cache).build(t, candidates(t, genomes))
    bad = [(r.candidate.genome, r.status, r.error[:300]) for r in results if r.status != "ok"]
    assert not bad
    for r in results:
        assert r.registers > 0 and r.cubin_path.endswith(".cubin") and r.nvcc_version.startswith("cuda_")


def test_cache_hit_and_flags_in_key(tmp_path):
    t = load_template("transpose")
    c = candidates(t, [t.space.baseline()])
    first = NvccBuilder(cache_dir=tmp_path).build(t, c)[0]
    second = NvccBuilder(cache_dir=tmp_path).build(t, c)[0]
    assert not first.cached and second.cached and first.cubin_path == second.cubin_path
    assert second.registers == first.registers
    other = NvccBuilder(cache_dir=tmp_path, extra_flags=("-lineinfo",)).build(t, c)[0]
    assert not other.cached and other.cubin_path != first.cubin_path


def test_the_same_source_built_twice_at_once_in_one_process(tmp_path, monkeypatch):
    # two genomes that render the same source, in two batches in flight together (record keeps one
    # batch ahead): both builds reach the cache's rename at once. A temporary named by the process
    # alone was renamed away by the first, and the second failed (FileNotFoundError, H200 call 3).
    import shutil
    import threading

    from evo_kernels import build

    both_copied = threading.Barrier(2, timeout=60)
    real_copy = shutil.copyfile

    def copy_then_wait(src, dst):
        real_copy(src, dst)
        if str(dst).endswith(".tmp"):
            both_copied.wait()  # neither renames before the other has written its temporary

    monkeypatch.setattr(build.shutil, "copyfile", copy_then_wait)
    t = load_template("transpose")
    c = candidates(t, [t.space.baseline()])
    b = NvccBuilder(cache_dir=tmp_path, n_jobs=2)
    first, second = b.submit(t, c)[0], b.submit(t, c)[0]
    assert first.result(timeout=120).status == "ok" and second.result(timeout=120).status == "ok"
    assert first.result().cubin_path == second.result().cubin_path
    assert not list(tmp_path.rglob("*.tmp"))
    b.close()


def test_forced_spill_is_parsed_from_real_ptxas(tmp_path):
    """sgemm's fast genome with a 16-deep k tile under its 128-register cap (launch bounds asking
    for two blocks of 256 threads per SM) spills; the same tile without the cap does not. Real
    ptxas reports both and we parse them."""
    t = load_template("sgemm")
    capped = t.space.check(t.space.coerce(t.meta.FAST_GENOME) | {"TileLoops_K": 16})
    free = capped | {"AdjustBlockSize_MaxRegisters": 255}
    r_capped, r_free = NvccBuilder(cache_dir=tmp_path).build(t, candidates(t, [capped, free]))
    assert r_capped.status == "ok" and r_capped.registers <= 128
    assert r_capped.spill_store_bytes > 0 and r_capped.spill_load_bytes > 0 and r_capped.stack_bytes > 0
    assert r_free.status == "ok" and r_free.spill_bytes == 0 and r_free.registers > 128


def test_parse_ptxas_report_text():
    text = """ptxas info    : 0 bytes gmem
ptxas info    : Compiling entry function 'k' for 'sm_90'
ptxas info    : Function properties for k
    256 bytes stack frame, 128 bytes spill stores, 96 bytes spill loads
ptxas info    : Used 32 registers, used 1 barriers, 8448 bytes smem, 376 bytes cmem[0]
"""
    r = parse_ptxas(text)["k"]
    assert (r.registers, r.stack_bytes, r.spill_store_bytes, r.spill_load_bytes, r.smem_bytes, r.cmem_bytes) == (
        32, 256, 128, 96, 8448, 376)


def test_compile_error_is_a_result_not_an_exception(tmp_path):
    t = load_template("transpose")
    good = t.space.baseline()
    t._mako = type(t._mako)(t.mako_path.read_text().replace("const int c0", "const int c0 = oops;//"),
                            strict_undefined=True)
    results = NvccBuilder(cache_dir=tmp_path).build(t, candidates(t, [good]))
    assert results[0].status == "compile_error" and "oops" in results[0].error and not results[0].cubin_path


def test_a_compile_error_names_the_template_the_genome_and_a_kept_copy_of_the_source(tmp_path):
    # was: "/tmp/evo-build-xxxx/kernel.cu(7): error: ...", a folder deleted as the build returned
    import json
    import re

    t = load_template(str(FAULTY / "syntax_error.cu.mako"))
    c = candidates(t, [t.space.baseline()])
    cache = tmp_path / "cubins"
    first = NvccBuilder(cache_dir=cache).build(t, c)[0]
    assert first.status == "compile_error" and "evo-build-" not in first.error
    head = first.error.splitlines()[0]  # what tables show
    m = re.fullmatch(rf"{re.escape(str(t.mako_path))}, genome {c[0].key}: (\S+\.cu)\((\d+)\): error: expected a \";\"",
                     head)
    assert m, head
    kept, line = Path(m.group(1)), int(m.group(2))
    assert kept.is_relative_to(cache) and kept.read_text() == t.render(t.space.baseline())
    assert "the missing semicolon" in kept.read_text().splitlines()[line - 2]  # nvcc points past the line it lacks
    kept.unlink()  # from the cache, the same error and the source again
    again = NvccBuilder(cache_dir=cache).build(t, c)[0]
    assert again.cached and again.error == first.error and kept.read_text() == t.render(t.space.baseline())
    # an error cached before the source was kept names a deleted temporary: built again, not served
    meta = kept.with_suffix(".json")
    meta.write_text(json.dumps(json.loads(meta.read_text()) | {"error": "/tmp/evo-build-gone/kernel.cu(7): error"}))
    rebuilt = NvccBuilder(cache_dir=cache).build(t, c)[0]
    assert not rebuilt.cached and rebuilt.error == first.error


def test_invalid_genome_is_a_result(tmp_path):
    t = load_template("transpose")
    bad = t.space.baseline() | {"TileLoops": 64, "AdjustBlockSize": 32}
    r = NvccBuilder(cache_dir=tmp_path).build(t, candidates(t, [bad, t.space.baseline()]))
    assert r[0].status == "invalid" and "threads per block 2048 > 1024" in r[0].error
    assert r[1].status == "ok"


def test_an_arch_is_judged_before_any_build():
    from evo_kernels.build import arch_problem, nvcc_archs

    assert arch_problem("sm_xx") == arch_problem("90") == "expected a GPU architecture like sm_90"
    assert arch_problem("sm_90", nvcc=None) is None and arch_problem("sm_70", nvcc=None) is None  # the form only
    known = nvcc_archs()
    if known:  # where nvcc lists them, one it does not compile for is refused, naming those it does
        assert arch_problem(known[0]) is None
        assert "not an architecture this nvcc compiles for" in arch_problem("sm_10")


def test_the_cache_key_holds_the_entry_name(tmp_path):
    # a source that hard-codes its function's name built once under that name: the same source under another KERNEL
    # was served from the cache as "ok", though its entry is not in the cubin (audit 5)
    import shutil

    for name in ("_faulty_problem.py", "correct_simple.py", "correct_simple.cu.mako"):
        shutil.copy(FAULTY / name, tmp_path)
    mako = tmp_path / "correct_simple.cu.mako"
    mako.write_text(mako.read_text().replace("${KERNEL}", "correct_simple"))
    good = load_template(str(mako))
    first = NvccBuilder(cache_dir=tmp_path / "cubins").build(good, candidates(good, [good.space.baseline()]))[0]
    assert first.status == "ok"
    meta = tmp_path / "correct_simple.py"
    meta.write_text(meta.read_text().replace('KERNEL = "correct_simple"', 'KERNEL = "renamed"'))
    renamed = load_template(str(mako))
    r = NvccBuilder(cache_dir=tmp_path / "cubins").build(renamed, candidates(renamed, [renamed.space.baseline()]))[0]
    assert r.status == "compile_error" and "entry function 'renamed' not found" in r.error and not r.cached


def test_entry_params_are_read_from_the_cubin(tmp_path):
    # the parameters compile checks args() against (audit 7), from the cubin's own records: no second process
    from evo_kernels.build import argument_problem, entry_params

    t = load_template(str(FAULTY / "correct_simple.cu.mako"))
    r = NvccBuilder(cache_dir=tmp_path).build(t, candidates(t, [t.space.baseline()]))[0]
    cubin = Path(r.cubin_path)
    assert entry_params(cubin, t.kernel) == [8, 8, 4]  # y and x pointers, the int n
    assert entry_params(cubin, "no_such_kernel") is None and argument_problem(t, cubin) is None
    (tmp_path / "not.cubin").write_bytes(b"not an ELF file")
    assert entry_params(tmp_path / "not.cubin", t.kernel) is None
