import json
import re
import shutil

import numpy as np
import pytest

from evo_kernels.template import TemplateError, available_templates, load_template
from _template_helpers import ALL, ROOT, copy_template


def test_all_six_kernels_are_available():
    assert set(ALL) <= set(available_templates())


@pytest.mark.parametrize("name", ALL)
def test_template_metadata(name):
    t = load_template(name)
    assert t.space.is_valid(t.space.baseline())
    assert len(t.check_problems) >= 2
    nbytes, flops = t.cost(t.problem)
    assert nbytes > 0 and flops >= 0
    # every argument buffer of the benchmark problem is sized, and launch geometry is positive
    for a in t.args(t.problem):
        assert a.role == "scalar" or a.nbytes > 0
    launch = t.launch(t.space.baseline(), t.problem)
    assert min(launch.grid) >= 1 and 1 <= launch.threads <= 1024
    src = t.render(t.space.baseline())
    assert f"{t.kernel}(" in src and 'extern "C"' in src


@pytest.mark.parametrize("name", ALL)
def test_the_launchs_cluster_is_the_one_the_source_declares(name):
    # the runner and the exported header opt a kernel in to clusters past 8 from Launch.cluster (the template's
    # cluster(g)); the source's __cluster_dims__ is what the hardware schedules: the two must agree on every genome
    t = load_template(name)
    rng = np.random.default_rng(20261207)
    genomes = [t.space.baseline(), *t.designs, *(t.space.sample(rng) for _ in range(150))]
    if name == "softmax":
        genomes += [t.space.check({**t.space.coerce(t.meta.FAST_GENOME), "TileLoops_Cluster": c}) for c in (2, 8, 16)]
    seen = set()
    for g in genomes:
        m = re.search(r"__cluster_dims__\((\d+), 1, 1\)", t.render(g))
        lc = t.launch(g, t.check_problems[1])
        assert lc.cluster == (int(m.group(1)) if m else 1), g
        assert lc.grid[0] % lc.cluster == 0, g
        seen.add(lc.cluster)
    assert seen == ({1, 2, 4, 8, 16} if name == "softmax" else {1})


@pytest.mark.parametrize("name", ALL)
def test_reference_on_a_ragged_check_shape_is_finite(name):
    t = load_template(name)
    p = min(t.check_problems, key=lambda q: np.prod(list(q.values())))
    rng = np.random.default_rng(0)
    inputs = {a.name: rng.standard_normal(a.shape) for a in t.args(p) if a.role in ("in", "inout")}
    out = t.reference(inputs, p)
    outs = [a for a in t.args(p) if a.role in ("out", "inout")]
    assert {a.name for a in outs} == set(out)
    for a in outs:
        assert out[a.name].shape == a.shape and np.isfinite(out[a.name]).all()


def test_template_by_path(tmp_path):
    mako, meta = copy_template(tmp_path)
    assert load_template(str(mako)).name == "transpose"
    assert load_template(str(meta)).name == "transpose"


def test_unknown_template_is_one_line():
    with pytest.raises(TemplateError, match="unknown template 'nope'") as e:
        load_template("nope")
    assert "\n" not in str(e.value)


def test_a_templates_folder_that_does_not_exist_is_named_where_a_name_is_not_found(tmp_path, monkeypatch):
    # a typo in $EVO_KERNELS_TEMPLATES was ignored in silence: "unknown template 'saxpy'" and the shipped names
    missing = tmp_path / "tmeplates"
    monkeypatch.setenv("EVO_KERNELS_TEMPLATES", str(missing))
    with pytest.raises(TemplateError) as e:
        load_template("saxpy")
    msg = str(e.value)
    assert msg.startswith("unknown template 'saxpy'") and "\n" not in msg
    assert f"$EVO_KERNELS_TEMPLATES names {missing}, which is not a folder" in msg, msg


def test_mako_syntax_error_names_the_file(tmp_path):
    mako, _ = copy_template(tmp_path)
    mako.write_text(mako.read_text().replace("% endif", "% endfor"))
    with pytest.raises(TemplateError) as e:
        load_template(str(mako))
    msg = str(e.value)
    assert "\n" not in msg and str(mako) in msg and "Mako syntax error" in msg


@pytest.mark.parametrize("new, says", [
    ('${g["Coarsen"]}', "line 5: render failed for {'AdjustBlockSize': 256}: KeyError 'Coarsen': not a gene of this "
                        "template (its genes: AdjustBlockSize)"),
    ("${AdjustBlockSiz}", "line 5: render failed for {'AdjustBlockSize': 256}: NameError 'AdjustBlockSiz' is not "
                          "defined: not a gene of this template (its genes: AdjustBlockSize), nor KERNEL, g or meta"),
    ("${AdjustBlockSize // 0}", "line 5: render failed for {'AdjustBlockSize': 256}: ZeroDivisionError: integer "
                                "division or modulo by zero"),
])
def test_a_render_error_names_the_template_line(tmp_path, new, says):
    # audit 15: a Mako KeyError showed as a bare "...: 'Coarsen'", no line of the template
    faulty = ROOT / "tests" / "faulty"
    shutil.copy(faulty / "_faulty_problem.py", tmp_path)
    shutil.copy(faulty / "correct_simple.py", tmp_path)
    mako = tmp_path / "correct_simple.cu.mako"
    old = "blockIdx.x * ${AdjustBlockSize}"
    assert old in (faulty / mako.name).read_text().splitlines()[4]
    mako.write_text((faulty / mako.name).read_text().replace(old, f"blockIdx.x * {new}"))
    t = load_template(str(mako))
    with pytest.raises(TemplateError) as e:
        t.render(t.space.baseline())
    assert str(e.value) == f"{mako} {says}"


def test_python_error_in_metadata_names_the_file(tmp_path):
    _, meta = copy_template(tmp_path)
    meta.write_text(meta.read_text() + "\nthis is not python\n")
    with pytest.raises(TemplateError) as e:
        load_template(str(meta))
    assert str(meta) in str(e.value) and "\n" not in str(e.value)


def test_missing_sidecar_names_the_file(tmp_path):
    mako, meta = copy_template(tmp_path)
    meta.unlink()
    with pytest.raises(TemplateError, match="metadata file not found"):
        load_template(str(mako))


@pytest.mark.parametrize("given", ["folder", "space.json.gz", "kernel.cu"])
def test_a_file_or_folder_that_is_no_template_is_named_as_given(tmp_path, given):
    """A path that exists but is neither a .cu.mako nor a .py (a folder of templates, a recording passed where
    the template goes, a plain .cu file) is refused naming that path, not a made-up ``<stem>.cu.mako``."""
    p = tmp_path / given
    p.mkdir() if given == "folder" else p.write_text("{}")
    with pytest.raises(TemplateError) as e:
        load_template(str(p))
    msg = str(e.value)
    assert msg.startswith(f"{p}: not a template") and "NAME.cu.mako or NAME.py" in msg and "\n" not in msg


def test_a_name_is_a_name_even_where_a_folder_of_that_name_is_here(tmp_path, monkeypatch):
    """`evo-kernels tune sgemm` run in a folder holding a `sgemm/` (a report's or a batch's out folder)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sgemm").mkdir()
    assert load_template("sgemm").name == "sgemm"


@pytest.mark.parametrize("name", ALL)
def test_shipped_designs_are_valid_distinct_and_leave_the_hash_alone(name, tmp_path):
    t = load_template(name)
    assert t.designs and all(t.space.check(d) == d for d in t.designs)
    assert len({t.space.key(d) for d in t.designs}) == len(t.designs)
    mako, _ = copy_template(tmp_path, name)  # the same template without its designs file
    bare = load_template(str(mako))
    assert bare.designs == [] and bare.hash == t.hash


def test_a_bad_design_names_the_file_and_the_design(tmp_path):
    mako, _ = copy_template(tmp_path)
    designs = tmp_path / "transpose.designs.json"
    good = load_template("transpose").designs[0]
    designs.write_text(json.dumps({"designs": [{"genome": good}, {"genome": good | {"TileLoops": 7}}]}))
    with pytest.raises(TemplateError) as e:
        load_template(str(mako))
    msg = str(e.value)
    assert msg.startswith(str(designs)) and "design 2" in msg and "TileLoops" in msg and "\n" not in msg
    designs.write_text("{not json")
    with pytest.raises(TemplateError, match=str(designs)):
        load_template(str(mako))
    designs.write_text(json.dumps({"designs": [{"genome": {"AdjustBlockSize": 16}}]}))  # the rest: the baseline
    assert load_template(str(mako)).designs == [load_template("transpose").space.baseline() | {"AdjustBlockSize": 16}]


def test_invalid_genome_names_the_constraint():
    t = load_template("transpose")
    g = t.space.baseline() | {"TileLoops": 64, "AdjustBlockSize": 32}
    assert any("threads per block 2048 > 1024" in m for m in t.space.violations(g))
    with pytest.raises(Exception, match="threads per block 2048 > 1024"):
        t.render(g)


@pytest.mark.parametrize("name", ALL)
def test_reference_torch_agrees_with_numpy_reference(name):
    torch = pytest.importorskip("torch")
    t = load_template(name)
    p = t.check_problems[1]
    rng = np.random.default_rng(1)
    inputs = {a.name: rng.standard_normal(a.shape) for a in t.args(p) if a.role in ("in", "inout")}
    ref = t.reference(inputs, p)
    got = t.meta.reference_torch({k: torch.from_numpy(v) for k, v in inputs.items()}, p)
    assert set(got) == set(ref)
    for k in ref:
        np.testing.assert_allclose(got[k].numpy(), ref[k], rtol=1e-9, atol=1e-9)


def test_a_size_past_an_int32_argument_is_one_line_naming_the_template():
    """reduce_sum takes N as a 32-bit int: 2^31 - 1 is its largest size; past it the size is refused before a
    session starts (every genome would see N wrapped), in one line naming the template file and the size."""
    import subprocess
    import sys

    t = load_template("reduce_sum")
    assert [a.value for a in t.args({"N": 2**31 - 1}) if a.name == "N"] == [2**31 - 1]
    with pytest.raises(TemplateError, match=r"reduce_sum\.py: at N=2147483648 the kernel's argument N = 2147483648"):
        t.args({"N": 2**31})
    r = subprocess.run([sys.executable, "-m", "evo_kernels.cli", "tune", "reduce_sum", "--size", "N=3000000000"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "reduce_sum.py: at N=3000000000" in r.stderr and "does not fit its 32-bit int" in r.stderr


@pytest.mark.parametrize("text, says", [
    ("[1, 2]", 'expected a JSON object {"designs": [...]}'),
    ('{"design": []}', 'expected a JSON object {"designs": [...]}'),
    ('{"designs": [[1]]}', 'design 1: expected an object with a "genome" object'),
    ('{"designs": [{"why": "fast"}]}', 'design 1: expected an object with a "genome" object'),
    ("{not json", "not valid JSON: "),
])
def test_a_designs_file_of_another_shape_says_what_it_expected(tmp_path, text, says):
    # was: "list indices must be integers or slices, not str", "'designs'", "'genome'": Python's words, not the file's
    mako, _ = copy_template(tmp_path)
    designs = tmp_path / "transpose.designs.json"
    designs.write_text(text)
    with pytest.raises(TemplateError) as e:
        load_template(str(mako))
    msg = str(e.value)
    assert msg.startswith(f"{designs}: ") and says in msg and "\n" not in msg, msg


def test_designs_of_sizes_most_like_the_problem_come_first():
    from evo_kernels.template import size_distance

    # log2 ratio per side, plus 1 per side whose divisibility by 2 and 4 differs (odd / 2 mod 4 / 0 mod 4)
    assert size_distance({"R": 1024, "C": 4096}, {"R": 1024, "C": 4096}) == 0
    assert size_distance({"R": 1024, "C": 4096}, {"R": 2048, "C": 1024}) == pytest.approx(3)
    assert size_distance({"R": 8, "C": 4097}, {"R": 8, "C": 4096}) == pytest.approx(1, abs=1e-3)
    assert size_distance({"R": 8, "C": 4098}, {"R": 8, "C": 4097}) == pytest.approx(1, abs=1e-3)
    assert size_distance({"R": 8, "C": 4100}, {"R": 8, "C": 4104}) == pytest.approx(0, abs=1e-2)  # both 0 mod 4
    t = load_template("softmax")
    assert len(t.design_sizes) == len(t.designs) and all(t.design_sizes[1:])
    assert t.design_sizes[0] == [] and t.designs_for(t.problem)[-1] == t.designs[0]  # the author's guess: last
    for size in (s for sizes in t.design_sizes for s in sizes):  # at a design's own size, a design of that size first
        assert size in t.design_sizes[t.designs.index(t.designs_for(size)[0])]
    # very short rows, 2 mod 4, rows a multiple of 4: the design chosen at 785392 x 54 (with an odd R, the one chosen at
    # 1013071 x 38 is as near by size_distance since 2026-12-07i)
    order = t.designs_for({"R": 700000, "C": 58})
    assert order[0] == t.designs[t.design_sizes.index([{"R": 785392, "C": 54}])]
    assert sorted(map(t.space.key, order)) == sorted(map(t.space.key, t.designs))   # the same designs, reordered


def test_a_design_without_sizes_goes_last_and_a_bad_size_names_the_file(tmp_path):
    mako, _ = copy_template(tmp_path)
    designs = tmp_path / "transpose.designs.json"
    space = load_template("transpose").space
    a, b = space.baseline() | {"AdjustBlockSize": 16}, space.baseline() | {"AdjustBlockSize": 32}
    designs.write_text(json.dumps({"designs": [{"genome": a}, {"genome": b, "at": [{"R": 64, "C": 9}]}]}))
    t = load_template(str(mako))
    assert t.design_sizes == [[], [{"R": 64, "C": 9}]]
    assert t.designs_for({"R": 10**6, "C": 10**6}) == [b, a] and t.designs == [a, b]
    designs.write_text(json.dumps({"designs": [{"genome": a, "at": [{"R": 64}]}]}))
    with pytest.raises(TemplateError) as e:
        load_template(str(mako))
    msg = str(e.value)
    assert msg.startswith(str(designs)) and "design 1" in msg and "'at'" in msg and "\n" not in msg


def test_the_gpu_tests_new_gene_designs_are_valid_genomes_before_any_gpu_sees_them():
    """Each DESIGNS entry of tests/test_gpu_templates.py on FAST_GENOME is a valid genome of today's space: the GPU
    test is the first to read them, so a typo there would otherwise cost a device call."""
    from test_gpu_templates import DESIGNS

    for name, (changes, common, _) in DESIGNS.items():
        t = load_template(name)
        for c in changes:
            t.space.check({**t.space.coerce(t.meta.FAST_GENOME), **common, **c})
