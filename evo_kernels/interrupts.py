"""Ctrl-C that is never lost. Python raises KeyboardInterrupt wherever the main thread happens to be; raised inside a
weakref callback or a ``__del__`` it is printed as "Exception ignored" and swallowed, and a tune then ran on to its
budget and ended with status 0. The CLI's handler (``install``, from ``cli.run_command``) also records the request,
and the search checks it after every evaluation (``check``, from ``tuning.run_session``): a swallowed Ctrl-C stops
the run there, after the evaluation is in the database. While installed, such a swallowed Ctrl-C is not printed
either (``sys.unraisablehook``): the user sees the CLI's one line, not a traceback of where it landed."""
from __future__ import annotations

import signal
import sys
import threading
from typing import Any

_pending = False


def install() -> Any:
    """Route SIGINT through the recording handler (main thread only; elsewhere Python allows no handler), and keep
    quiet about a KeyboardInterrupt that Python could not raise; returns what it replaced, for ``restore``."""
    global _pending
    _pending = False
    if threading.current_thread() is threading.main_thread():
        previous = (signal.signal(signal.SIGINT, _handler), sys.unraisablehook)
        sys.unraisablehook = _unraisable(previous[1])
        return previous
    return None


def restore(previous: Any) -> None:
    """Put back the handler and hook ``install`` replaced and forget any request (a library call after a CLI command
    in the same process starts clean)."""
    global _pending
    _pending = False
    if previous is not None and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, previous[0])
        sys.unraisablehook = previous[1]


def _unraisable(fallback: Any) -> Any:
    """An unraisable-exception hook that drops the KeyboardInterrupt our handler raised where Python could not raise
    it (``check`` raises it again) and passes everything else to ``fallback``."""
    def hook(unraisable: Any) -> None:
        if not (_pending and isinstance(unraisable.exc_value, KeyboardInterrupt)):
            fallback(unraisable)
    return hook


def _handler(signum: int, frame: Any) -> None:
    global _pending
    _pending = True
    raise KeyboardInterrupt


def check() -> None:
    """Raise KeyboardInterrupt if a Ctrl-C came and was swallowed where it landed."""
    if _pending:
        raise KeyboardInterrupt
