"""evo_kernels/interrupts.py: a Ctrl-C swallowed where it landed is not lost."""
import signal
import weakref

import pytest

from evo_kernels import interrupts


class _Obj:
    pass


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")   # the swallowed one, as intended
def test_a_ctrl_c_swallowed_in_a_weakref_callback_is_raised_at_the_next_check():
    previous = interrupts.install()
    try:
        interrupts.check()   # nothing pending after install
        # the handler raising inside a weakref callback: Python prints "Exception ignored" and goes on
        obj = _Obj()
        ref = weakref.ref(obj, lambda r: signal.getsignal(signal.SIGINT)(signal.SIGINT, None))
        del obj
        assert ref() is None
        with pytest.raises(KeyboardInterrupt):
            interrupts.check()
    finally:
        interrupts.restore(previous)
    interrupts.check()   # restored: the request is forgotten
    assert signal.getsignal(signal.SIGINT) is previous
