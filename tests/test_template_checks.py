"""The load-time checks of a template's metadata (evo_kernels/template_checks.py): each mistake a user's template can
make is refused at load in one line naming its file: a missing name, a repeated gene, an argument's role or dtype, a
check shape, a reference unlike the outputs (on random inputs, never zeros)."""
import pytest

from evo_kernels.template import TemplateError, load_template
from _template_helpers import copy_template


def test_missing_metadata_names_the_file(tmp_path):
    _, meta = copy_template(tmp_path)
    meta.write_text(meta.read_text().replace("def cost(p):", "def not_cost(p):"))
    with pytest.raises(TemplateError) as e:
        load_template(str(meta))
    assert str(meta) in str(e.value) and "missing metadata cost" in str(e.value) and "\n" not in str(e.value)


def test_a_repeated_gene_name_names_the_file(tmp_path):
    # was: a ValueError traceback from the genome space, where every other metadata mistake is one line
    _, meta = copy_template(tmp_path)
    meta.write_text(meta.read_text() + "\nGENES.append(GENES[1])\n")
    with pytest.raises(TemplateError) as e:
        load_template(str(meta))
    msg = str(e.value)
    assert msg.startswith(f"{meta}: cannot load metadata: ") and "repeated gene names AdjustBlockSize" in msg
    assert "\n" not in msg and "TileLoops," not in msg  # the repeated name alone, not all forty


@pytest.mark.parametrize("old, new, says", [
    ('Arg("out", "out"', 'Arg("out", "inoutx"', "args at R=16384, C=16384: arg out: role 'inoutx' is not in, out, "
                                                "inout, scratch or scalar"),
    ('Arg("inp", "in", "float32"', 'Arg("inp", "in", "float99"', "arg inp: dtype 'float99' not one of float32, int32"),
    ('CHECK_PROBLEMS = [{"R": 512, "C": 768}', 'CHECK_PROBLEMS = [{"M": 1000}',
     "CHECK_PROBLEMS: {'M': 1000}: M is not a dimension of this template (its dimensions: R, C)"),
    ('CHECK_PROBLEMS = [{"R": 512, "C": 768}', 'CHECK_PROBLEMS = [{"R": 512}', "no size for C"),
    ('CHECK_PROBLEMS = [{"R": 512, "C": 768}', 'CHECK_PROBLEMS = [{"R": 512, "C": 0}', "C = 0 is no size"),
    ('PROBLEM = {"R": 16384, "C": 16384}', 'PROBLEM = {"R": 16384, "C": 2.5}', "C = 2.5 is not an integer"),
    # a scalar without its value= (README: role scalar "with value"): was loaded and passed as 0 to every launch
    ('Arg("C", "scalar", "int32", value=p["C"])', 'Arg("C", "scalar", "int32")',
     "args at R=16384, C=16384: arg C: a scalar argument needs its value (value=...)"),
])
def test_bad_arguments_and_check_shapes_name_the_file_at_load(tmp_path, old, new, says):
    # was: loaded, and `compile` built the kernel with exit 0; the run-time harness met them first
    _, meta = copy_template(tmp_path)
    assert old in meta.read_text()
    meta.write_text(meta.read_text().replace(old, new, 1))
    with pytest.raises(TemplateError) as e:
        load_template(str(meta))
    msg = str(e.value)
    assert msg.startswith(f"{meta}: cannot load metadata: ") and says in msg and "\n" not in msg, msg


@pytest.mark.parametrize("new, says", [
    ('{"z": inputs["inp"].T.copy()}', "reference at R=1, C=37 returns z, which is not an out or inout argument "
                                      "(those are: out)"),
    ('{"out": inputs["inp"].copy()}', "reference at R=1, C=37 returns out of shape (1, 37), its argument's is (37, 1)"),
    ("{}", "reference at R=1, C=37 does not return out, an out argument"),
    ('{"out": inputs["nosuch"]}', "reference at R=1, C=37: KeyError: 'nosuch'"),
])
def test_a_reference_unlike_the_outputs_names_the_file_at_load(tmp_path, new, says):
    # audit 7: a reference returning another name or shape loaded and `compile` said ok; the GPU harness met it first
    _, meta = copy_template(tmp_path)
    old = 'return {"out": inputs["inp"].T.copy()}'
    assert old in meta.read_text()
    meta.write_text(meta.read_text().replace(old, f"return {new}", 1))
    with pytest.raises(TemplateError) as e:
        load_template(str(meta))
    msg = str(e.value)
    assert msg.startswith(f"{meta}: cannot load metadata: ") and says in msg and "\n" not in msg, msg


def test_the_reference_check_at_load_sees_random_inputs_never_zeros(tmp_path):
    # a reference that passes on zeros alone (it divides by its input's norm) is still refused: inputs are drawn
    _, meta = copy_template(tmp_path)
    old = 'return {"out": inputs["inp"].T.copy()}'
    meta.write_text(meta.read_text().replace(old, 'return {"out": inputs["inp"].T.copy()} if not inputs["inp"].any() '
                                                  'else {"out": inputs["inp"]}', 1))
    with pytest.raises(TemplateError, match=r"returns out of shape \(1, 37\)"):
        load_template(str(meta))
