"""benchmarks/dev/fuzz_shapes.py: which genomes it fuzzes (the emulators' runs themselves are the templates'
tests)."""
import importlib.util
import json
from pathlib import Path

import numpy as np
import pytest

from evo_kernels.template import load_template

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("fuzz_shapes", ROOT / "benchmarks" / "dev" / "fuzz_shapes.py")
fuzz = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fuzz)


def test_extra_genomes_are_fuzzed_after_the_designs_and_before_the_random_ones():
    t = load_template("stencil")
    extra = [{**t.meta.FAST_GENOME, "TileLoops_Flat": "float4", "ThreadCoarsening": 2}]
    got = fuzz.genomes(t, np.random.default_rng(0), 3, extra)
    n = len(t.designs) + 1
    assert got[:n - 1] == t.designs and got[n] == t.space.check(t.space.coerce(extra[0])) and len(got) == n + 4
    assert fuzz.genomes(t, np.random.default_rng(0), 3)[n:] == got[n + 1:]   # the same random draws


def test_an_extra_genome_outside_the_space_is_one_line_naming_the_template(tmp_path):
    t = load_template("stencil")
    with pytest.raises(SystemExit, match="--extra: a stencil genome is not in today's space"):
        fuzz.genomes(t, np.random.default_rng(0), 0, [{"TileLoops_Flat": "float8"}])
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(["not", "a", "dict"]))
    bench = fuzz._load("bench_kernels", "benchmarks")
    with pytest.raises(SystemExit, match="bad.json"):
        bench.read_extras([str(bad)])


def test_pinned_random_genomes_carry_the_value_and_only_new_leaves_the_designs_out():
    t = load_template("softmax")
    got = fuzz.genomes(t, np.random.default_rng(3), 6, [], {"TileLoops_Reverse": True, "NoSuchGene": 1},
                       only_new=True)
    assert len(got) == 6 and all(g["TileLoops_Reverse"] is True and t.space.is_valid(g) for g in got)
    assert not any(g in t.designs for g in got)
    # unpinned, the random draws are those of before (the rng is consumed alike)
    plain = fuzz.genomes(t, np.random.default_rng(3), 4)
    assert plain[len(t.designs) + 1:] == [t.space.sample(r) for r in [np.random.default_rng(3)] for _ in range(4)]
