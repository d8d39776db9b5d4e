"""benchmarks/dev/design_order.py on real H100 measurements of every design at sizes no design was chosen at
(2026-12-06d calls 5 and 7, committed): nearest-first puts the fastest design earlier than file order."""
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_nearest_first_measures_the_best_design_sooner_on_recorded_sizes(capsys):
    spec = importlib.util.spec_from_file_location("design_order", ROOT / "benchmarks/dev/design_order.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    calls = [ROOT / f"benchmarks/h100-2026-12-06d/call{c}/shapes/shapes.json" for c in (5, 7)]
    assert mod.main([str(c) for c in calls]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| softmax |")]
    assert len(rows) >= 12   # 16 sizes less those some design was chosen at
    mean = out.split("mean over ")[1]
    file_best, near_best = float(mean.split("file order ")[1].split(" /")[0]), float(
        mean.split("nearest first ")[1].split(" /")[0])
    assert near_best < file_best / 2
