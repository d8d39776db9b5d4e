import numpy as np
import pytest

from evo_kernels.genome import Gene, GenomeSpace, InvalidGenome, genome_key


def make_space() -> GenomeSpace:
    genes = [Gene("TileLoops", "TileLoops", (8, 16, 32, 64), 16),
             Gene("AdjustBlockSize", "AdjustBlockSize", (32, 64, 128, 256, 512), 128),
             Gene("UseSharedMemory", "UseSharedMemory", (False, True), False),
             Gene("PadSharedMemory", "PadSharedMemory", (False, True), False)]

    def constraint(g):
        out = []
        if g["TileLoops"] * g["AdjustBlockSize"] > 8192:
            out.append(f"TileLoops*AdjustBlockSize = {g['TileLoops'] * g['AdjustBlockSize']} > 8192")
        if g["PadSharedMemory"] and not g["UseSharedMemory"]:
            out.append("PadSharedMemory requires UseSharedMemory")
        return out

    return GenomeSpace(genes, constraint, name="toy")


def test_gene_rejects_bad_definitions():
    with pytest.raises(ValueError, match="unknown transform"):
        Gene("x", "MakeItFast", (1, 2), 1)
    with pytest.raises(ValueError, match="baseline"):
        Gene("x", "UnrollLoop", (1, 2), 3)
    with pytest.raises(ValueError, match="empty"):
        Gene("x", "UnrollLoop", (), 3)


def test_key_is_stable_and_order_free():
    a = {"TileLoops": 16, "AdjustBlockSize": 128}
    b = {"AdjustBlockSize": 128, "TileLoops": 16}
    assert genome_key(a) == genome_key(b)
    assert genome_key(a) != genome_key({"TileLoops": 32, "AdjustBlockSize": 128})
    assert len(genome_key(a)) == 12 and int(genome_key(a), 16) >= 0


def test_baseline_valid_and_size():
    s = make_space()
    assert s.is_valid(s.baseline())
    assert s.size == 4 * 5 * 2 * 2
    valid = list(s.enumerate())
    assert all(s.is_valid(g) for g in valid)
    # 64*256 and 64*512 and 32*512 break the product constraint; pad without shmem is a quarter of the rest
    assert len(valid) == (s.size - 3 * 4) * 3 // 4


def test_violations_name_the_constraint():
    s = make_space()
    g = s.baseline() | {"PadSharedMemory": True}
    msgs = s.violations(g)
    assert msgs == ["PadSharedMemory requires UseSharedMemory"]
    with pytest.raises(InvalidGenome, match="PadSharedMemory requires UseSharedMemory"):
        s.check(g)
    with pytest.raises(InvalidGenome, match="TileLoops=7 is outside its domain"):
        s.check(s.baseline() | {"TileLoops": 7})
    with pytest.raises(InvalidGenome, match="unknown gene"):
        s.check(s.baseline() | {"Bogus": 1})


def test_coerce_maps_json_values():
    s = make_space()
    g = s.coerce({"UseSharedMemory": "true", "TileLoops": "32"})
    assert g["UseSharedMemory"] is True and g["TileLoops"] == 32 and g["AdjustBlockSize"] == 128
    with pytest.raises(InvalidGenome, match="not in its domain"):
        s.coerce({"TileLoops": 5})


def test_sample_mutate_crossover_repair_are_valid_and_seeded():
    s = make_space()
    rng = np.random.default_rng(3)
    samples = [s.sample(rng) for _ in range(200)]
    assert all(s.is_valid(g) for g in samples)
    assert len({genome_key(g) for g in samples}) > 20
    again = [s.sample(np.random.default_rng(3)) for _ in range(1)]
    assert again[0] == samples[0]
    for g in samples[:50]:
        m = s.mutate(g, rng)
        assert s.is_valid(m) and m != g
        c1, c2 = s.crossover(g, samples[-1], rng)
        assert s.is_valid(c1) and s.is_valid(c2)
    broken = {"TileLoops": 64, "AdjustBlockSize": 512, "UseSharedMemory": False, "PadSharedMemory": True}
    fixed = s.repair(broken, rng)
    assert s.is_valid(fixed)


def test_sample_new_draws_only_unseen_genomes_in_turn_and_stops_at_its_draws():
    s = make_space()
    valid = {genome_key(g) for g in s.enumerate()}
    seen = {s.key(s.baseline())}
    got = s.sample_new(np.random.default_rng(5), 10, seen, draws=500)
    keys = [s.key(g) for g in got]
    assert len(got) == 10 and len(set(keys)) == 10 and s.key(s.baseline()) not in keys
    assert set(keys) <= valid and seen == set(keys) | {s.key(s.baseline())}
    # the same draws as sampling in turn and keeping each new key
    rng, seen2, kept = np.random.default_rng(5), {s.key(s.baseline())}, []
    while len(kept) < 10:
        g = s.sample(rng)
        if s.key(g) not in seen2:
            seen2.add(s.key(g))
            kept.append(g)
    assert kept == got
    # asked for more than the space holds: every valid genome once, within the draws
    everything = s.sample_new(np.random.default_rng(6), len(valid) + 5, set(), draws=50 * (len(valid) + 5))
    assert {s.key(g) for g in everything} == valid
    assert s.sample_new(np.random.default_rng(6), 3, set(), draws=0) == []


def test_enumerate_refuses_big_spaces():
    s = make_space()
    with pytest.raises(ValueError, match="enumeration limit"):
        list(s.enumerate(limit=10))


def test_normalized_positions():
    g = Gene("u", "UnrollLoop", (1, 2, 4, 8), 1)
    assert [g.normalized(v) for v in g.values] == [0.0, 1 / 3, 2 / 3, 1.0]


def test_count_valid_exact_for_small_spaces_and_a_close_estimate_for_large_ones():
    from evo_kernels.template import load_template

    t = load_template("reduce_sum")   # conv2d's space (3.07M since its small-filter genes) is past exact_limit
    exact, is_exact = t.space.count_valid()
    assert is_exact and exact == sum(1 for _ in t.space.enumerate())
    est, is_exact = t.space.count_valid(exact_limit=0)  # forced to estimate from 20000 draws
    assert not is_exact and abs(est - exact) / exact < 0.03, (est, exact)
    assert t.space.count_valid(exact_limit=0, seed=1) != (est, False)  # drawn, not computed


def test_nearest_skips_excluded_members_and_says_when_none_is_left():
    space = make_space()
    valid = [g for g in space.enumerate() if space.is_valid(g)]
    rec = GenomeSpace(space.genes, None, name="recorded", valid=valid[::3])  # a sparse recorded sample
    rng = np.random.default_rng(0)
    target = {"TileLoops": 64, "AdjustBlockSize": 128, "UseSharedMemory": True, "PadSharedMemory": False}
    first = rec.nearest(target, rng)
    assert first in rec.valid
    second = rec.nearest(target, rng, exclude=lambda g: g == first)
    assert second in rec.valid and second != first
    diff = lambda g: sum(g[n] != target[n] for n in rec.names)  # noqa: E731
    # nothing left out is nearer than the one returned
    assert all(diff(g) >= diff(second) for g in rec.valid if g != first)
    assert rec.nearest(target, rng, exclude=lambda g: True) is None


def test_nearest_with_a_skip_mask_chooses_as_with_the_same_exclusion():
    space = make_space()
    valid = [g for g in space.enumerate() if space.is_valid(g)]
    rec = GenomeSpace(space.genes, None, name="recorded", valid=valid[::2])
    rng = np.random.default_rng(3)
    target = {"TileLoops": 64, "AdjustBlockSize": 128, "UseSharedMemory": True, "PadSharedMemory": False}
    skip = np.zeros(len(rec.valid), dtype=bool)
    for _ in range(len(rec.valid)):
        a = rec.nearest(target, np.random.default_rng(7), exclude=lambda g: skip[rec.valid.index(g)])
        b = rec.nearest(target, np.random.default_rng(7), skip=skip)
        assert a == b
        if a is None:
            break
        ties = rec.nearest_ties(target, skip)
        assert rec.valid.index(a) in ties and not skip[ties].any()
        skip[int(rng.choice(ties))] = True  # see one of the nearest: the next call moves on
    assert skip.all() and len(rec.nearest_ties(target, skip)) == 0
