"""evo_kernels/interrupts.py: a Ctrl-C swallowed where it landed is not lost, and not printed."""
import signal
import sys
import weakref

import pytest

from evo_kernels import interrupts


class _Obj:
    pass


def _in_a_weakref_callback(action) -> None:
    """Run ``action`` where Python cannot raise: in a weakref callback (an exception there is "unraisable")."""
    obj = _Obj()
    ref = weakref.ref(obj, lambda r: action())
    del obj
    assert ref() is None


def test_a_ctrl_c_swallowed_in_a_weakref_callback_is_raised_at_the_next_check_and_not_printed():
    printed = []
    outer = sys.unraisablehook
    def recorder(u):   # stands for Python's "Exception ignored" printer
        printed.append(u.exc_type)
    sys.unraisablehook = recorder
    try:
        previous = interrupts.install()
        try:
            interrupts.check()   # nothing pending after install
            _in_a_weakref_callback(lambda: signal.getsignal(signal.SIGINT)(signal.SIGINT, None))
            assert printed == []   # the handler's KeyboardInterrupt is dropped, not printed
            with pytest.raises(KeyboardInterrupt):
                interrupts.check()

            def fail():
                raise ValueError("not ours")
            _in_a_weakref_callback(fail)
            assert printed == [ValueError]   # anything else still reaches the hook it replaced
        finally:
            interrupts.restore(previous)
        interrupts.check()   # restored: the request is forgotten
        assert signal.getsignal(signal.SIGINT) is previous[0]
    finally:
        assert sys.unraisablehook is recorder   # restore put back the hook install found
        sys.unraisablehook = outer
