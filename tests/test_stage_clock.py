"""The GPU worker's stage clock (evo_kernels/runners/stage_clock.py), on the CPU."""
import pytest


def test_worker_stage_clock_charges_every_moment_to_one_stage():
    """The GPU worker's per-stage timings (RunResult.timings) add up to the whole evaluation, a
    nested stage (a reference inside a check) goes back to its parent, and a stage that raises
    is still charged. The worker module imports no pycuda, so this runs on the CPU."""
    import time

    from evo_kernels.records import STAGES
    from evo_kernels.runners.stage_clock import StageClock

    start = time.perf_counter()
    clock = StageClock("load")
    time.sleep(0.01)
    clock.to("check")
    time.sleep(0.01)
    with pytest.raises(RuntimeError), clock.charge("reference"):
        time.sleep(0.02)
        raise RuntimeError("a failing comparison")
    assert clock.stage == "check"
    time.sleep(0.01)
    seconds = clock.done()
    total = time.perf_counter() - start
    assert list(seconds) == ["load", "check", "reference"] and set(seconds) <= set(STAGES)
    assert seconds["reference"] >= 0.02 and seconds["check"] >= 0.02 and seconds["load"] >= 0.01
    assert sum(seconds.values()) == pytest.approx(total, abs=2e-3)
