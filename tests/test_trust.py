"""The screen's record of PBTSearch (evo_kernels/strategies/trust.py, ``pbt:trust=W``): the rank
correlation, when the screen takes fewer draws, that the record follows the run's own predictions and
measurements, resume with a batch in flight, the default's identity, the option's values. On the
replayed pnpoly_RTX_3090 space."""
from __future__ import annotations

import math

import numpy as np
import pytest

from evo_kernels.bench_search import parse_strategy
from evo_kernels.runners.replay import ReplaySpace
from evo_kernels.search import SearchLoop
from evo_kernels.strategies.prior import rank_correlation
from evo_kernels.strategies.trust import ScreenTrust
from pbt_fabricated import PNPOLY, make, resumed_and_uninterrupted, small_pbt
pytestmark = pytest.mark.skipif(not PNPOLY.exists(), reason="shared spaces not present")


@pytest.fixture(scope="module")
def rp() -> ReplaySpace:
    return ReplaySpace.load(PNPOLY)


def test_rank_correlation():
    assert rank_correlation([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert rank_correlation([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    assert rank_correlation([1, 2, 3, 4], [5, 5, 5, 5]) == 0.0
    # ties share their mean rank: (1, 2.5, 2.5, 4) against (1, 2, 3, 4)
    want = np.corrcoef([1, 2.5, 2.5, 4], [1, 2, 3, 4])[0, 1]
    assert rank_correlation([1, 2, 2, 3], [1, 2, 3, 4]) == pytest.approx(want)


def test_the_screen_takes_fewer_draws_while_its_record_disagrees():
    t = ScreenTrust()
    for i in range(4):   # half a window of 8: too few to judge
        t.tell(float(i), math.exp(-i), window=8)
    assert t.draws(64, 8, 0.3, 8) == 8   # predictions rise as measurements fall: rank correlation -1
    t = ScreenTrust()
    for i in range(3):
        t.tell(float(i), math.exp(-i), window=8)
    assert t.draws(64, 8, 0.3, 8) == 64  # 3 < half a window (and at least 4)
    for i in range(3, 12):
        t.tell(float(i), math.exp(i), window=8)   # now they agree: the last 8 correlate +1
    assert len(t.record) == 8 and t.draws(64, 8, 0.3, 8) == 64
    t.tell(None, 2.0, window=8)  # not screened: not recorded
    t.tell(20.0, 0.0, window=8)  # a failure ranks lowest
    assert len(t.record) == 8 and t.record[-1] == (20.0, -1e9)
    assert t.draws(64, 0, 0.3, 8) == 64  # window 0: off


def test_the_record_is_the_screens_predictions_and_the_measurements(rp):
    """Each screened pick's predicted log fitness (the surrogate's mean at ask time) and its measured one."""
    s, ev = small_pbt(rp, 2, trust=10), rp.evaluator()
    seen = []
    for _ in range(40):
        (c,) = s.ask(1)
        prop = s._pending[c.key]
        if prop.predicted is not None:
            mean, _ = s.experience.predict(np.array([s.experience.row(c.genome)]))
            assert prop.predicted == pytest.approx(float(mean[0]))
        (e,) = ev.evaluate([c])
        if prop.predicted is not None:
            seen.append((prop.predicted, math.log(e.fitness) if e.fitness > 0 else -1e9))
        s.tell([c], [e])
    assert len(seen) >= 20 and s.trust.record == seen[-10:]


def test_default_is_the_search_as_before(rp):
    """trust=0 (the default) takes every screen's full draws and records nothing: the same candidates."""
    def keys(**kw):
        s, ev = small_pbt(rp, 3, **kw), rp.evaluator()
        out = []
        for _ in range(30):
            cs = s.ask(2)
            s.tell(cs, ev.evaluate(cs))
            out += [c.key for c in cs]
        return out, s

    plain, s0 = keys()
    off, s1 = keys(trust=0)
    assert plain == off and not s0.trust.record and not s1.trust.record
    assert keys(trust=4, trust_rho=1.1)[0] != plain   # a screen always distrusted takes 8 draws: another run


def test_a_run_resumed_with_a_batch_in_flight_ends_like_an_uninterrupted_one(tmp_path, rp):
    def run():
        s = small_pbt(rp, 1, trust=6, trust_rho=0.6)
        return s, SearchLoop(s, rp.evaluator(), budget=60, batch_size=4, ahead=1)

    def in_flight(s, loop):
        assert loop.spent < 60
        return loop.spent >= 28 and bool(s.trust.record) and any(p.predicted is not None for p in s._pending.values())

    (resumed, _), (full, _) = resumed_and_uninterrupted(tmp_path, run, in_flight)
    assert resumed.trust.state_dict() == full.trust.state_dict()


def test_the_option_parses_and_bad_values_raise():
    name, opts = parse_strategy("pbt:trust=20,trust_rho=0.5,trust_draws=1")
    assert (name, opts) == ("pbt", {"trust": 20, "trust_rho": 0.5, "trust_draws": 1})
    s, _ = make(0, **opts)
    assert (s.cfg.trust, s.cfg.trust_rho, s.cfg.trust_draws) == (20, 0.5, 1)
    with pytest.raises(ValueError, match="option trust = -1: must be at least 0"):
        make(0, trust=-1)
    with pytest.raises(ValueError, match="option trust_draws = 0: must be at least 1"):
        make(0, trust=10, trust_draws=0)
