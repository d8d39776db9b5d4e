"""The layering the README promises, checked on the source: one chooser of backends, outputs that
never measure, strategies that never read checkpoints."""
import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "evo_kernels"


def imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names}
    return out


def modules(under: Path = PACKAGE):
    return [p for p in under.rglob("*.py")]


def test_only_the_runners_package_imports_pycuda_dask_or_the_gpu_runner():
    for p in modules():
        if "runners" in p.relative_to(PACKAGE).parts:
            continue
        bad = {m for m in imports(p) if m.split(".")[0] in ("pycuda", "dask", "distributed")
               or m.startswith(("evo_kernels.runners.gpu", "evo_kernels.runners.local", "evo_kernels.runners.dask",
                                "evo_kernels.runners.worker"))}
        assert not bad, f"{p.name} imports {bad}"


def test_outputs_read_the_store_never_the_runners():
    for name in ("report.py", "leaderboard.py", "export.py"):
        bad = {m for m in imports(PACKAGE / name) if m.startswith(("evo_kernels.runners", "evo_kernels.evaluate"))}
        assert not bad, f"{name} imports {bad}"


def test_strategies_never_read_checkpoints():
    for p in modules(PACKAGE / "strategies"):
        assert not any(m.startswith("evo_kernels.checkpoint") for m in imports(p)), p.name


def test_no_hasattr_side_channels_in_the_session_and_measure_layers():
    for name in ("search.py", "evaluate.py", "tune_config.py", "tune_plan.py", "tuning.py", "batch.py", "recording.py",
                 "ablations.py"):
        assert "hasattr(" not in (PACKAGE / name).read_text(), name
