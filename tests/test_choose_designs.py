"""benchmarks/dev/choose_designs.py: the greedy choice on sizes made here, and on a recorded call (2026-12-05f
call 3, H100) whose design choice RESULTS.md states (1.43 -> 1.03 on its 11 training sizes, 1.39 -> 1.09 on the 6
held out, from the designs of fbf8823)."""
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("choose_designs", ROOT / "benchmarks" / "dev" / "choose_designs.py")
cd = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cd)
CALL3 = ROOT / "benchmarks" / "h100-2026-12-05f" / "call3" / "shapes" / "shapes.json"
HELD = ["M=291,N=193,K=6457", "M=114,N=3425,K=1457", "M=1091,N=65,K=3096", "M=1592,N=7180,K=404",
        "M=962,N=2410,K=1083", "M=1395,N=441,K=287"]


def _size(times: dict) -> dict:
    return {"problem": {}, "times": times, "peer_ms": None}


def test_the_greedy_choice_takes_what_covers_most_and_stops_when_nothing_gains():
    train = [_size({"s": 2.0, "a": 1.0, "b": 1.5, "c": 2.0}), _size({"s": 2.0, "a": 1.9, "b": 1.0, "c": 1.0}),
             _size({"s": 1.0, "a": 1.2, "b": 1.2, "c": 1.0})]
    # b lowers the gaps most (2.0/1 and 2.0/1 -> 1.5 and 1.0); then a closes the first size; c adds nothing
    assert cd.choose(train, ["s"], 3, 0.005) == ["b", "a"]
    assert cd.choose(train, ["s"], 1, 0.005) == ["b"]
    assert cd.choose([_size({"s": 1.0, "a": 1.0})], ["s"], 3, 0.005) == []  # the designs hold the best already
    assert cd.gap(_size({"a": 1.0}), ["s"]) == float("inf")  # a design that failed or was not timed


def test_the_recorded_call_gives_the_choice_results_md_states():
    designs = CALL3.parents[1] / "designs_before.json"  # sgemm's designs when the choice was made (fbf8823)
    args = [str(CALL3), "--template", "sgemm", "--max", "4", "--designs", str(designs)]
    for h in HELD:
        args += ["--holdout", h]
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "dev" / "choose_designs.py"), *args],
                         capture_output=True, text=True, check=True).stdout
    assert "geometric mean gap over 11 sizes: 1.433 -> 1.031" in out
    assert "geometric mean gap over 6 sizes: 1.385 -> 1.086" in out
    chosen = json.loads(out[out.index("\n[") + 1:])
    assert len(chosen) == 4 and all(e["genome"]["TileLoops_Shift"] for e in chosen)
    assert all(e["at"] for e in chosen)   # each chosen design is the fastest of the set at some training size


def test_a_held_out_size_that_is_not_in_the_call_is_an_error():
    r = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "dev" / "choose_designs.py"), str(CALL3),
                        "--template", "sgemm", "--holdout", "M=1,N=2,K=3"], capture_output=True, text=True)
    assert r.returncode == 2 and "M=1,N=2,K=3" in r.stderr and str(CALL3) in r.stderr


@pytest.mark.parametrize("bad", ["nope", "M=x"])
def test_a_bad_size_is_refused_by_the_parser(bad):
    with pytest.raises(SystemExit):
        cd.main([str(CALL3), "--template", "sgemm", "--holdout", bad])
