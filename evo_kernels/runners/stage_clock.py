"""StageClock: where one evaluation's wall time goes, stage by stage (used by the GPU worker)."""
from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator


class StageClock:
    """Where an evaluation's wall time goes: every moment is charged to the stage in progress
    (records.STAGES: "load", "check", "reference", "timing", "final_check"), so that the stages
    add up to the whole evaluation, a failed one included (up to where it stopped)."""

    def __init__(self, stage: str) -> None:
        self.seconds: dict[str, float] = {}
        self.stage, self._t = stage, time.perf_counter()

    def to(self, stage: str) -> str:
        """Charge the time since the last switch to the running stage, start ``stage``; returns the
        stage that was running."""
        now = time.perf_counter()
        self.seconds[self.stage] = self.seconds.get(self.stage, 0.0) + (now - self._t)
        previous, self.stage, self._t = self.stage, stage, now
        return previous

    @contextlib.contextmanager
    def charge(self, stage: str) -> Iterator[None]:
        """Charge the block to ``stage``, then go back to the stage that was running."""
        previous = self.to(stage)
        try:
            yield
        finally:
            self.to(previous)

    def done(self) -> dict[str, float]:
        self.to(self.stage)
        return dict(self.seconds)
