"""Leave one out by overlap: a names-prior source fitted on most of a space's measurements is that space."""
from __future__ import annotations

import numpy as np
import pytest

from evo_kernels.genome import Gene, GenomeSpace
from evo_kernels.strategies import overlap
from evo_kernels.strategies.prior import NamePrior

SPACE = GenomeSpace([Gene("a", "Generic", tuple(range(8)), 0), Gene("b", "Generic", tuple(range(5)), 0)])
GENOMES = [{"a": i % 8, "b": i // 8} for i in range(40)]
TIMES = np.random.default_rng(0).uniform(1.0, 5.0, 40)


def _logs(times: np.ndarray) -> list[float]:
    """Log speedups against the file's own median, as ReplaySpace.log_speedups gives them."""
    return list(np.log(np.median(times) / times))


def _left_out(prior: NamePrior, genomes: list, times: np.ndarray, name: str = "it") -> list[str]:
    return [w.words(name) for w in prior.without(SPACE, genomes, _logs(times))[1]]


def test_a_source_fitted_on_most_of_the_space_is_left_out() -> None:
    """The whole file (its fingerprint), its first half (a cache left open: every log speedup shifted by the new
    median) and the file with one entry re-measured are the source's own data; the same kernel with other times
    (another GPU), or a space of which the source holds less than half, is not."""
    prior = NamePrior.fit([(SPACE, GENOMES, _logs(TIMES))])
    assert prior.sources[0]["sketch"]["measured"] == 40
    assert _left_out(prior, GENOMES, TIMES) == ["#0 shares 40 of 40 configurations with it"]  # fit names no space
    assert _left_out(prior, GENOMES[:20], TIMES[:20], "half") == ["#0 shares 20 of 20 configurations with half"]
    changed = TIMES.copy()
    changed[3] *= 1.001
    assert _left_out(prior, GENOMES, changed) == ["#0 shares 39 of 40 configurations with it"]
    other_gpu = TIMES * np.random.default_rng(1).uniform(0.5, 2.0, 40)
    assert _left_out(prior, GENOMES, other_gpu) == []
    # Half the space measured as the source measured it is the source's data; less than half is not
    for n, out in ((20, ["#0 shares 20 of 40 configurations with it"]), (19, [])):
        assert _left_out(prior, GENOMES, np.concatenate([TIMES[:n], other_gpu[n:]])) == out
    # A population saved before sources had a sketch: the fingerprint alone decides
    old = NamePrior([{k: v for k, v in prior.sources[0].items() if k != "sketch"}])
    assert _left_out(old, GENOMES, TIMES) and not _left_out(old, GENOMES[:20], TIMES[:20])


def test_a_sketch_samples_a_large_source_and_both_sides_are_counted_on_its_range(monkeypatch) -> None:
    """A source of more than SKETCH_SIZE measurements keeps the smallest genome hashes; the space is counted on the
    same range of hashes, and the line says it is a sample."""
    monkeypatch.setattr(overlap, "SKETCH_SIZE", 8)
    prior = NamePrior.fit([(SPACE, GENOMES, _logs(TIMES))])
    sk = prior.sources[0]["sketch"]
    assert len(sk["keys"]) == 8 and sk["measured"] == 40 and sk["keys"].tolist() == sorted(sk["keys"].tolist())
    half = overlap.overlap(sk, overlap.measured(GENOMES[:20], _logs(TIMES[:20])))
    assert half.shared == half.of < 20 and half.measured == 20 and half.same_data()
    assert half.words("h").endswith("with h (a sample of its 20: those in the source's sketch)")
    with pytest.raises(ValueError, match="sketch"):
        NamePrior([{"names": ["a", "b"], "effects": {}, "sketch": {"measured": 3, "keys": [1, 2]}}])
