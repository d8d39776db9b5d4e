"""Shared by the template tests: the shipped templates' names and a copy of one to break in ``tmp_path``."""
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ALL = ("sgemm", "reduce_sum", "softmax", "transpose", "conv2d", "stencil")


def copy_template(tmp_path: Path, name: str = "transpose") -> tuple[Path, Path]:
    mako = tmp_path / f"{name}.cu.mako"
    meta = tmp_path / f"{name}.py"
    shutil.copy(ROOT / "templates" / f"{name}.cu.mako", mako)
    shutil.copy(ROOT / "templates" / f"{name}.py", meta)
    return mako, meta
