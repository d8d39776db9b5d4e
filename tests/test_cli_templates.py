"""The template commands of the command line (evo_kernels/cli_templates.py): `list` shows every gene name whole and
counts the designs; `compile` builds the baseline, a given genome and random ones with the real nvcc, reports ptxas's
figures, serves a second build from its cache, and refuses bad input in one line before any build."""
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from evo_kernels.template import available_templates, load_template
from _cli_helpers import ENV, cli, one_line_error, run

ALL = ("sgemm", "reduce_sum", "softmax", "transpose", "conv2d", "stencil")

needs_nvcc = pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not found")


# --- list -------------------------------------------------------------------------------------------


def test_list_never_cuts_a_gene_name_when_piped():
    # 18.17: `list | less` showed ReorderInstructions_Fragme…, the names --pin needs
    r = cli("list")
    assert r.returncode == 0, r.stderr
    assert "…" not in r.stdout
    for name in available_templates():
        for gene in load_template(name).space.names:
            assert f"│ {gene} " in r.stdout, gene


@pytest.mark.parametrize("flags", [[], ["--json"]], ids=["table", "json"])
def test_list_into_a_closed_pipe_ends_quietly_with_141(flags):
    # `list | head -1` exited 1: rich's console caught the BrokenPipeError and exited itself
    p = subprocess.Popen([sys.executable, "-m", "evo_kernels.cli", "list", *flags], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=ENV)
    p.stdout.close()  # the reader is gone before the first line is written
    err = p.stderr.read().decode()
    assert p.wait(timeout=120) == 141 and err == "", err


def test_list_json_counts_each_templates_known_designs():
    r = cli("list", "--json")
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)
    assert rows and all(row["designs"] == len(load_template(row["template"]).designs) > 0 for row in rows)


def test_list_and_compile_refuse_a_template_with_a_repeated_gene_name_in_one_line(tmp_path):
    # was: a ValueError traceback and exit 1 from both, where other metadata mistakes are one line, exit 2
    faulty = Path(__file__).resolve().parent / "faulty"  # a user's template: the faulty suite's correct one
    shutil.copy(faulty / "_faulty_problem.py", tmp_path)
    shutil.copy(faulty / "correct_simple.cu.mako", tmp_path / "saxpy.cu.mako")
    meta = tmp_path / "saxpy.py"
    meta.write_text((faulty / "correct_simple.py").read_text() + "\nGENES = GENES + GENES\n")
    for r in (cli("compile", str(tmp_path / "saxpy.cu.mako"), "--cache", str(tmp_path / "cache")),
              cli("list", env={**ENV, "EVO_KERNELS_TEMPLATES": str(tmp_path)})):
        one_line_error(r.returncode, r.stderr.strip(), f"{meta}: cannot load metadata: ",
                       "repeated gene names AdjustBlockSize")
    assert not (tmp_path / "cache").exists()


def _user_templates(folder: Path, **names: str) -> dict[str, Path]:
    """A folder for $EVO_KERNELS_TEMPLATES holding the faulty suite's correct kernel under each of ``names``, its
    metadata followed by that name's extra text; the metadata files by name."""
    faulty = Path(__file__).resolve().parent / "faulty"
    shutil.copy(faulty / "_faulty_problem.py", folder)
    out = {}
    for name, extra in names.items():
        shutil.copy(faulty / "correct_simple.cu.mako", folder / f"{name}.cu.mako")
        out[name] = folder / f"{name}.py"
        out[name].write_text((faulty / "correct_simple.py").read_text() + extra)
    return out


def test_list_shows_the_good_templates_and_flags_each_broken_one_in_a_line(tmp_path):
    # audit 13: one broken template in $EVO_KERNELS_TEMPLATES made `list` show nothing, exit 2
    metas = _user_templates(tmp_path, saxpy="", broken1="\nGENES = GENES + GENES\n", broken2="\nthis is not python\n")
    r = cli("list", "--json", env={**ENV, "EVO_KERNELS_TEMPLATES": str(tmp_path)})
    assert r.returncode == 2
    assert [row["template"] for row in json.loads(r.stdout)] == sorted({"saxpy", *ALL})
    lines = r.stderr.splitlines()
    assert len(lines) == 2 and all(line.startswith("evo-kernels: error: ") for line in lines), lines
    assert f"{metas['broken1']}: cannot load metadata: " in lines[0] and "repeated gene names" in lines[0]
    assert f"{metas['broken2']}: cannot load metadata: " in lines[1]


def test_a_user_template_shadowing_a_shipped_one_is_said_once_and_named_where_its_genes_are_unknown(finished,
                                                                                                     tmp_path):
    # audit 13: a user's `transpose` silently replaced the shipped one, and export said "unknown gene(s)
    # AdjustBlockSize_Rows, ..." of the database's genomes, naming no file
    user = tmp_path / "user"
    user.mkdir()
    _user_templates(user, transpose="")
    env = {**ENV, "EVO_KERNELS_TEMPLATES": str(user)}
    shipped = Path(load_template("transpose").mako_path)
    warning = f"evo-kernels: warning: {user / 'transpose.cu.mako'} shadows {shipped}"
    r = cli("list", "--json", env=env)
    assert r.returncode == 0 and r.stderr.splitlines() == [warning], r.stderr
    row, = [row for row in json.loads(r.stdout) if row["template"] == "transpose"]
    assert row["file"] == str(user / "transpose.cu.mako")
    r = cli("export", "--db", str(finished), "--template", "transpose", "--out", str(tmp_path / "t.cuh"), env=env)
    warned, err = r.stderr.splitlines()   # first: measured on another template's hash, which names the user's file
    assert warned == warning and r.returncode == 2 and err.startswith("evo-kernels: error: "), r.stderr
    assert f"({user / 'transpose.cu.mako'}): the template changed since" in err, err
    r = cli("export", "--db", str(finished), "--template", "transpose", "--out", str(tmp_path / "t.cuh"),
            "--allow-changed-template", env=env)   # and told to take any version: its genes are not the template's
    warned, err = r.stderr.splitlines()
    assert warned == warning and r.returncode == 2 and err.startswith("evo-kernels: error: "), r.stderr
    assert "unknown gene(s) " in err and f"{user / 'transpose.cu.mako'} has AdjustBlockSize" in err, err
    assert not (tmp_path / "t.cuh").exists()


# --- compile ---------------------------------------------------------------------------------------


def test_compile_refuses_a_negative_seed(tmp_path, capsys):
    code, err = run(capsys, "compile", "transpose", "--random", "2", "--seed", "-3", "--cache", str(tmp_path))
    one_line_error(code, err, "--seed -3")


@pytest.mark.parametrize("genome, says", [
    ("{bad", "--genome"),
    ('{"TileLoops": 7}', "--genome: invalid for transpose"),
    ('{"Nosuch": 1}', "--genome: invalid for transpose"),
    ("/nonexistent/genome.json", "--genome: no such file: /nonexistent/genome.json"),
])
def test_compile_refuses_a_bad_genome_in_one_line_before_any_build(tmp_path, capsys, genome, says):
    code, err = run(capsys, "compile", "transpose", "--genome", genome, "--cache", str(tmp_path))
    one_line_error(code, err, says)
    assert list(tmp_path.iterdir()) == []


@needs_nvcc
def test_compile_builds_the_baseline_a_genome_and_random_ones_and_caches_them(tmp_path):
    t = load_template("transpose")
    fast = t.space.coerce(t.meta.FAST_GENOME)
    args = ("compile", "transpose", "--genome", json.dumps(fast), "--random", "2", "--seed", "5", "--cache",
            str(tmp_path), "--json")
    first = cli(*args)
    assert first.returncode == 0, first.stderr
    rows = json.loads(first.stdout)
    assert [r["genome"] for r in rows[:2]] == [t.space.baseline(), fast] and len(rows) == 4
    for r in rows:
        assert r["status"] == "ok" and r["registers"] > 0 and r["spill_bytes"] == 0 and not r["cached"], r
        assert r["key"] == t.space.key(r["genome"])
    assert rows[1]["smem_bytes"] > 0 == rows[0]["smem_bytes"]   # the fast design stages its tile in shared memory
    again = json.loads(cli(*args).stdout)   # the same builds, now from the cubin cache: the same figures
    assert all(r["cached"] for r in again)
    assert [(r["key"], r["registers"], r["smem_bytes"]) for r in again] == [
        (r["key"], r["registers"], r["smem_bytes"]) for r in rows]


@needs_nvcc
def test_compile_builds_each_genome_once_and_no_more_than_the_space_holds(tmp_path):
    # a faulty-suite template with one gene of two values: the baseline and one other genome, however many are asked
    path = Path(__file__).resolve().parent / "faulty" / "correct_simple.cu.mako"
    r = cli("compile", str(path), "--random", "5", "--seed", "1", "--cache", str(tmp_path), "--json")
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)
    assert sorted(x["genome"]["AdjustBlockSize"] for x in rows) == [128, 256]
    assert rows[0]["genome"] == load_template(str(path)).space.baseline()


@needs_nvcc
def test_compile_takes_a_template_by_its_file_and_says_so_when_a_build_fails(tmp_path):
    # a template given by path (a user's own), and a genome whose kernel ptxas rejects: status 1, the failure named
    here = Path(__file__).parent
    r = cli("compile", str(here / "faulty" / "syntax_error.py"), "--cache", str(tmp_path), "--json")
    rows = json.loads(r.stdout)
    assert r.returncode == 1 and [x["status"] for x in rows] == ["compile_error"] and rows[0]["error"], r.stderr
    # the table's line names the template file, the genome and the rendered source nvcc points into, which is kept
    r = cli("compile", str(here / "faulty" / "syntax_error.cu.mako"), "--cache", str(tmp_path))
    (line,) = r.stderr.splitlines()
    mako = here / "faulty" / "syntax_error.cu.mako"
    assert r.returncode == 1 and line.startswith(f"compile_error: {mako}, genome {rows[0]['key']}: ")
    kept = line.split(": ")[2].split("(")[0]
    assert kept.startswith(str(tmp_path)) and "the missing semicolon" in Path(kept).read_text(), line


# --- --arch ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["compile", "export"])
def test_a_malformed_arch_is_one_line_before_any_build(finished, tmp_path, capsys, command):
    # was: compile printed a table of every genome failing to build, then exit 1; export a ValueError traceback
    args = (["compile", "transpose", "--random", "2", "--cache", str(tmp_path)] if command == "compile" else
            ["export", "--db", str(finished), "--template", "transpose", "--out", str(tmp_path / "t.cuh")])
    code, err = run(capsys, *args, "--arch", "sm_xx")
    one_line_error(code, err, "--arch sm_xx: expected a GPU architecture like sm_90")
    assert capsys.readouterr().out == "" and list(tmp_path.iterdir()) == []


def test_compile_into_a_pipe_prints_one_whole_line_per_build(tmp_path):
    # a rich table into a pipe wrapped each genome over a dozen 80-column lines, repeated the first build's seconds on a
    # cached one and did not say which row was the baseline
    args = ("compile", "transpose", "--random", "1", "--seed", "2", "--cache", str(tmp_path))
    for when in ("built", "cached"):
        r = cli(*args)
        assert r.returncode == 0, r.stderr
        lines = r.stdout.splitlines()
        assert len(lines) == 2 and lines[0].split()[1] == "(baseline)" and "(baseline)" not in lines[1], lines
        for line in lines:
            assert line.endswith("}") and " ok regs " in line
            # a cached build reads "cached" in the seconds' place (was "cached s")
            seconds = re.search(r" (cached|\d+\.\d\d s) \{", line)
            assert seconds and (seconds.group(1) == "cached") == (when == "cached"), line


def _saxpy_copy(tmp_path: Path, old: str = "", new: str = "") -> Path:
    """The faulty suite's correct kernel as a user's template in ``tmp_path``, its metadata's ``old`` made ``new``."""
    faulty = Path(__file__).resolve().parent / "faulty"
    shutil.copy(faulty / "_faulty_problem.py", tmp_path)
    shutil.copy(faulty / "correct_simple.cu.mako", tmp_path / "saxpy.cu.mako")
    meta = tmp_path / "saxpy.py"
    text = (faulty / "_faulty_problem.py").read_text() + '\nKERNEL = "correct_simple"\n'
    assert old in text
    meta.write_text(text.replace(old, new, 1))
    return meta


@needs_nvcc
@pytest.mark.parametrize("old, new, says", [
    ('Arg("n", "scalar", "int32", value=p["N"])]', 'Arg("n", "scalar", "int32", value=p["N"]), '
                                                   'Arg("extra", "scalar", "int32", value=1)]',
     "args() gives 4 arguments (y, x, n, extra), the kernel correct_simple in {mako} takes 3 parameters"),
    ('Arg("x", "in", "float32", (p["N"],)),\n            Arg("n", "scalar", "int32", value=p["N"])]',
     'Arg("n", "scalar", "int32", value=p["N"]),\n            Arg("x", "in", "float32", (p["N"],))]',
     "argument 2 (n) is a 4-byte scalar, the kernel correct_simple's parameter 2 in {mako} is 8 bytes (a pointer)"),
])
def test_compile_refuses_arguments_unlike_the_kernels_parameters_in_one_line(tmp_path, old, new, says):
    # audit 7: an args() list with one argument more than the kernel has, or a scalar where it takes a pointer,
    # compiled with exit 0; on the GPU every genome would have failed alike
    meta = _saxpy_copy(tmp_path, old, new)
    r = cli("compile", str(meta), "--cache", str(tmp_path / "cache"))
    one_line_error(r.returncode, r.stderr.strip(), f"{meta}: ", says.format(mako=tmp_path / "saxpy.cu.mako"))
    assert r.stdout == ""


@needs_nvcc
def test_compile_passes_arguments_that_match_the_kernels_parameters(tmp_path):
    meta = _saxpy_copy(tmp_path)
    r = cli("compile", str(meta), "--cache", str(tmp_path / "cache"), "--json")
    assert r.returncode == 0 and [x["status"] for x in json.loads(r.stdout)] == ["ok"], r.stderr
