"""The names prior (:class:`~evo_kernels.strategies.prior.NamePrior`): which source a space reads, the populations
``scripts/prior_from_spaces.py`` saves, the shipped ones against today's recorded spaces, and what a saved
population says it brings to a space."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import torch

from evo_kernels.checkpoint import load_latest, load_pretrained, save_population
from evo_kernels.fitness import PURE_TIME
from evo_kernels.genome import Gene, GenomeSpace
from evo_kernels.runners.replay import ReplaySpace
from evo_kernels.search import SearchLoop
from evo_kernels.strategies.pbt import PBTSearch
from pbt_fabricated import SPACES, fabricated_names_prior, fabricated_prior, make, run_script


def test_names_prior_reads_the_source_with_the_same_gene_names(tmp_path):
    from evo_kernels.strategies.prior import NamePrior, PriorModel, prior_from_state, value_key

    space, prior = fabricated_names_prior()
    t = prior.table(space)
    names = list(space.names)
    tile, smem = names.index("tile"), names.index("smem")
    # fabricated_time: more coarsening and shared memory are faster; the table says so per name and value
    assert list(np.argsort(t[tile, :4])) == [0, 1, 2, 3] and t[smem, 1] > t[smem, 0] + 0.1
    # Another space of the same family (the same gene names; other domains, a gene pinned to one value):
    # the known values carry over; a value the source never measured (tile 16) and a one-valued gene
    # contribute nothing
    same = GenomeSpace([Gene("bx", "AdjustBlockSize", (32, 128), 32), Gene("tile", "ThreadCoarsening", (1, 8, 16), 1),
                        Gene("smem", "UseSharedMemory", (False, True), False), Gene("unroll", "UnrollLoop", (2,), 2),
                        Gene("pad", "PadSharedMemory", (False, True), False)])
    assert prior.chosen(same) == [0]
    ts = prior.table(same)
    assert ts[1, 1] == pytest.approx(t[tile, 3]) and ts[1, 2] == 0.0 and not ts[3].any()
    # A kernel that is merely alike (one gene more, Jaccard 5/6) is not the family: no source, zeros
    alike = GenomeSpace([*space.genes, Gene("extra", "Generic", (0, 1), 0)])
    assert prior.chosen(alike) == [] and not prior.table(alike).any()
    # Two sources with the same names are averaged; one with other names is not read
    shifted = NamePrior([{"names": names, "effects": {"tile": {"1.0": 1.0, "8.0": 3.0}}},
                         {"names": [*names, "x"], "effects": {"tile": {"1.0": 50.0}}}])
    both = NamePrior([*prior.sources, *shifted.sources])
    assert both.chosen(space) == [0, 1]
    tb = both.table(space)
    assert tb[tile, 0] == pytest.approx((t[tile, 0] + 1.0) / 2) and tb[tile, 1] == pytest.approx(t[tile, 1])
    # State round trip (through a checkpoint: its sketch is tensors); a transform-kind prior's state still loads
    save_population(tmp_path / "p", 0, {"prior": prior.state_dict()})
    again = prior_from_state(load_latest(tmp_path / "p")["state"]["prior"])
    assert isinstance(again, NamePrior) and np.allclose(again.table(space), t)
    assert again.sources[0]["sketch"]["keys"].tolist() == prior.sources[0]["sketch"]["keys"].tolist()
    _, kinds = fabricated_prior()
    assert isinstance(prior_from_state(kinds.state_dict()), PriorModel)
    with pytest.raises(ValueError, match="sources"):
        prior_from_state({"kind": "names"})
    # A value is one value whether a cache wrote it as an integer or a float; strings and booleans by repr
    floaty = GenomeSpace([Gene(g.name, g.transform, tuple(float(v) if g.name == "tile" else v for v in g.values),
                               float(g.baseline) if g.name == "tile" else g.baseline) for g in space.genes])
    assert np.allclose(prior.table(floaty), t)
    assert value_key(16) == value_key(16.0) == "16.0" and value_key(True) == "True" and value_key("a") == "'a'"
    with pytest.raises(ValueError, match="names and effects"):
        prior_from_state({"kind": "names", "sources": [{"tile": {"1": 0.0}}]})


@pytest.mark.skipif(not (SPACES / "pnpoly_RTX_3090.json.gz").exists(), reason="shared spaces not present")
def test_prior_from_spaces_saves_a_population_whose_warm_start_reads_the_family(tmp_path, capsys):
    from evo_kernels.strategies.prior import NamePrior

    script = run_script("prior_from_spaces")
    pnpoly, milo = str(SPACES / "pnpoly_RTX_3090.json.gz"), str(SPACES / "convolution_milo_A4000.json.gz")
    assert script.main(["--space", pnpoly, "--space", milo, "--out", str(tmp_path / "pop")]) == 0
    saved = load_pretrained(tmp_path / "pop")
    assert isinstance(saved.prior, NamePrior) and len(saved.prior.sources) == 2
    rp = ReplaySpace.load(pnpoly)
    assert saved.prior.chosen(rp.space) == [0]
    # the prior knows what it was fitted on: this space's own data (left out, leave one out), not the same kernel
    # on another GPU (kept)
    loo, out = saved.prior.without(rp.space, *rp.log_speedups())
    assert [(w.source, w.overlap.shared, w.overlap.of) for w in out] == [("pnpoly_RTX_3090", rp.n_ok, rp.n_ok)]
    assert loo.chosen(rp.space) == [] and not loo.table(rp.space).any() and len(loo.sources) == 1
    other_gpu = ReplaySpace.load(SPACES / "pnpoly_RTX_2080_Ti.json.gz")
    assert saved.prior.chosen(other_gpu.space) == [0]
    assert saved.prior.without(other_gpu.space, *other_gpu.log_speedups())[1] == ()
    warm = PBTSearch(rp.space, rp.template, rp.problem, seed=0, population_size=4, init_population=saved)
    assert np.array_equal(warm.experience.prior_table, saved.prior.table(rp.space))
    # The prior ranks the space: its top genomes are far faster than its bottom ones
    genomes = [g for g in rp.space.valid if rp.entry(g).status == "ok"]
    p = saved.prior.predict(rp.space, genomes)
    order = np.argsort(p)
    t = lambda idx: np.median([rp.entry(genomes[i]).median_ms for i in idx])  # noqa: E731
    assert t(order[-50:]) < 0.7 * t(order[:50])
    # Exact resume carries the names prior
    loop = SearchLoop(warm, rp.evaluator(PURE_TIME), budget=16, batch_size=4)
    loop.step()
    save_population(tmp_path / "ck", loop.generation, {"strategy": warm.state_dict()})
    resumed = PBTSearch(rp.space, rp.template, rp.problem, seed=0, population_size=4)
    resumed.load_state_dict(load_latest(tmp_path / "ck")["state"]["strategy"])
    assert isinstance(resumed.prior, NamePrior)
    assert np.array_equal(resumed.experience.prior_table, warm.experience.prior_table)
    # --policies: the members of a saved population, with the names prior beside them
    source, src_loop = make(6)
    src_loop.run()
    save_population(tmp_path / "trained", src_loop.generation, {"strategy": source.state_dict()})
    assert script.main(["--space", pnpoly, "--out", str(tmp_path / "with"),
                        "--policies", str(tmp_path / "trained")]) == 0
    withp = load_pretrained(tmp_path / "with")
    assert isinstance(withp.prior, NamePrior) and withp.hidden == source.cfg.policy.hidden
    for m, src in zip(withp.members, source.members):
        assert all(torch.equal(x, y) for x, y in zip(m["agent"].values(), src.agent.state_dict().values()))
    # A file that is not a space: one line naming it, nothing written
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    capsys.readouterr()
    assert script.main(["--space", str(bad), "--out", str(tmp_path / "nothing")]) == 2
    assert str(bad) in capsys.readouterr().err and not (tmp_path / "nothing").exists()


# names-whole-corpus with --all only (11 s): the same refit as names-training-side's, over all 17 spaces
@pytest.mark.parametrize("population,n_sources", [("names-training-side", 11),
                                                  pytest.param("names-whole-corpus", 17, marks=pytest.mark.slow)])
def test_shipped_names_populations_are_fitted_on_todays_recorded_spaces(population, n_sources):
    """Each shipped names population holds one source per recorded space it names, fitted on that file as it is
    today (the fingerprint of its measurements), and serves the file's own gene names: a template that gains a
    gene changes the names of its rehashed recordings, and a population left as it was would no longer serve
    the template (a warm start without a prior); rebuild it with scripts/prior_from_spaces.py
    (populations/README.md)."""
    from evo_kernels.template import load_template

    root = Path(__file__).resolve().parent.parent
    saved = load_pretrained(root / "populations" / population)
    sources = saved.prior.sources
    assert len(sources) == n_sources
    spaces = [*sorted((root / "benchmarks/spaces").glob("*.json.gz")),
              *sorted((root / "evo_kernels/recordings").glob("*.json.gz"))]
    by_fingerprint = {s["fingerprint"]: s for s in sources}
    served = 0
    for path in spaces:
        rp = ReplaySpace.load(str(path))
        mine = saved.prior.fingerprint(rp.space, *rp.log_speedups())
        if mine in by_fingerprint:
            served += 1
            assert by_fingerprint[mine]["names"] == sorted(rp.space.names), path.name
            assert saved.prior.chosen(rp.space), f"{population} does not serve {path.name}'s own names"
    assert served == n_sources  # every source is one of today's files, as it is today
    for name in ("sgemm", "transpose", "stencil"):  # the templates with recordings: a tune gets their prior
        assert saved.prior.chosen(load_template(name).space), f"{population} serves no source for {name} as it is today"


def test_a_saved_population_says_what_it_brings_to_a_space(tmp_path):
    """``SavedPopulation.describe``, the line a tune session shows before it starts: the policies, and whether its
    prior serves this space (a names prior of another kernel, or one fitted before the template gained a gene,
    brings none)."""
    from dataclasses import replace

    from evo_kernels.strategies.prior import SavedPopulation

    space, names = fabricated_names_prior()
    source, loop = make(6)
    loop.budget = 4
    loop.run()
    save_population(tmp_path / "pop", loop.generation, {"strategy": source.state_dict()})
    saved = load_pretrained(tmp_path / "pop")
    assert isinstance(saved, SavedPopulation) and saved.describe(space) == f"warm start from {tmp_path / 'pop'}: " \
        f"{len(saved.members)} policies, no prior"
    with_names = replace(saved, prior=names)
    assert with_names.describe(space).endswith("and a names prior from 1 recorded space with these parameter names")
    grown = GenomeSpace([*space.genes, Gene("new", "TileLoops", (False, True), False)])
    assert with_names.describe(grown).endswith(f"its names prior has no source with exactly these {len(grown.names)} "
                                               "parameter names, so no prior")
    assert replace(saved, prior=fabricated_prior()[1]).describe(space).endswith("and a prior over transform kinds")
    generic = GenomeSpace([Gene("a", "Generic", (0, 1, 2), 0), Gene("b", "Generic", (3, 4), 3)])
    assert replace(saved, prior=fabricated_prior()[1]).describe(generic).endswith("(all Generic), so no prior")
    # a prior that says nothing of the space is no prior: the run starts as a cold one would
    warm = PBTSearch(grown, "fab", seed=0, population_size=4, init_population=with_names)
    assert warm.prior is names and not warm.prior_in_use() and warm.experience.prior_table is None
    served = PBTSearch(space, "fab", seed=0, population_size=4, init_population=with_names)
    assert served.prior_in_use() and np.array_equal(served.experience.prior_table, names.table(space))
