"""benchmarks/dev/gene_pairs.py on a recorded call (2026-12-05f call 5, H100: 31 split designs without and with
ReorderInstructions_SplitSum at 12 sizes), whose README states the figures it must give, and on rows made here."""
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("gene_pairs", ROOT / "benchmarks" / "dev" / "gene_pairs.py")
gp = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gp)
CALL5 = ROOT / "benchmarks" / "h100-2026-12-05f" / "call5" / "shapes" / "shapes.json"


def test_pairs_differ_in_the_gene_alone():
    rows = [{"label": "a", "genome": {"x": 1, "g": False}}, {"label": "b", "genome": {"x": 1, "g": True}},
            {"label": "c", "genome": {"x": 2, "g": True}}, {"label": "d", "genome": {"x": 3, "g": False}}]
    assert [(a["label"], b["label"]) for a, b in gp.pairs_of(rows, "g", False)] == [("a", "b")]


def test_the_recorded_call_gives_its_readmes_figures(capsys):

    got = gp.summarize(gp.read_results(CALL5), "sgemm", "ReorderInstructions_SplitSum", 1)   # stored gzipped
    assert len(got) == 12 and all(r["pairs"] == 31 and r["failed"] == 0 for r in got)
    means = [r["geomean_off_over_on"] for r in got]
    assert min(means) == pytest.approx(0.974, abs=5e-4) and max(means) == pytest.approx(1.010, abs=5e-4)
    assert gp.main([str(CALL5), "--template", "sgemm", "--gene", "ReorderInstructions_SplitSum", "--off", "1"]) == 0
    assert "geometric mean off / on 0.995" in capsys.readouterr().out
    assert gp.main([str(CALL5), "--template", "sgemm", "--gene", "ThreadCoarsening_Warp"]) == 1   # not in that call
