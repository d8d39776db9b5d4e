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


def _choose(shapes, template, designs, held, *more):
    """The script's report and its chosen designs (parsed from the JSON after the tables)."""
    args = [*map(str, shapes), "--template", template, "--designs", str(designs), *more]
    for h in held:
        args += ["--holdout", h]
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "dev" / "choose_designs.py"), *args],
                         capture_output=True, text=True, check=True).stdout
    return out, json.loads(out[out.index("\n[") + 1:])


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
    out, chosen = _choose([CALL3], "sgemm", designs, HELD, "--max", "4")
    assert "geometric mean gap over 11 sizes: 1.433 -> 1.031" in out
    assert "geometric mean gap over 6 sizes: 1.385 -> 1.086" in out
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


CALLS_1207 = [ROOT / "benchmarks" / "h200-2026-12-07" / c / "shapes.json" for c in ("call1", "call2")]


def test_two_calls_are_read_together_as_results_md_states():
    # 2026-12-07 (H200): the softmax long-row sizes over two calls of one warm machine; the choice made on the five
    # training sizes of both, read on the four held out (designs of 5491d9f)
    out, chosen = _choose(CALLS_1207, "softmax", CALLS_1207[0].parents[1] / "designs_before.json",
                          ["R=178,C=603147", "R=23,C=1569230", "R=21,C=4856118", "R=26,C=6514641"])
    assert "geometric mean gap over 5 sizes: 1.024 -> 1.002" in out
    assert "geometric mean gap over 4 sizes: 1.002 -> 1.002" in out
    assert len(chosen) == 1 and chosen[0]["genome"]["UseSharedMemory_Overflow"]


def test_a_size_in_two_files_is_an_error():
    r = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "dev" / "choose_designs.py"), str(CALL3), str(CALL3),
                        "--template", "sgemm"], capture_output=True, text=True)
    assert r.returncode == 2 and "give each size in one file only" in r.stderr
