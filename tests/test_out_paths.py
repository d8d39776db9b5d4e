"""Output paths are judged before anything is read or written: a folder where a file goes, a file where a
folder goes (or above it), one line naming the path."""
import pytest

from evo_kernels.out_paths import OutputError, check_output_file, check_output_folder


def test_a_file_output(tmp_path):
    (tmp_path / "f").write_text("x")
    assert check_output_file(tmp_path / "new" / "deeper" / "a.cuh", "--out") == tmp_path / "new" / "deeper" / "a.cuh"
    assert check_output_file(tmp_path / "f", "--out") == tmp_path / "f"  # replaced
    with pytest.raises(OutputError, match="is a folder"):
        check_output_file(tmp_path, "--out")
    with pytest.raises(OutputError, match=f"{tmp_path / 'f'} is a file, not a folder"):
        check_output_file(tmp_path / "f" / "x" / "a.cuh", "--out")


def test_a_folder_output(tmp_path):
    (tmp_path / "f").write_text("x")
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "headers").write_text("x")
    assert check_output_folder(tmp_path / "new" / "r", "--out") == tmp_path / "new" / "r"
    assert check_output_folder(tmp_path / "d", "--out") == tmp_path / "d"
    with pytest.raises(OutputError, match=f"--out {tmp_path / 'f'}: {tmp_path / 'f'} is a file, not a folder"):
        check_output_folder(tmp_path / "f", "--out")
    with pytest.raises(OutputError, match="is a file, not a folder"):
        check_output_folder(tmp_path / "f" / "r", "--out")
    with pytest.raises(OutputError, match=f"{tmp_path / 'd' / 'headers'} is a file"):
        check_output_folder(tmp_path / "d", "out", ("headers",))
