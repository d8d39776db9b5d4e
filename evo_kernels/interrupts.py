"""Ctrl-C that is never lost. Python raises KeyboardInterrupt wherever the main thread happens to be; raised inside a
weakref callback or a ``__del__`` it is printed as "Exception ignored" and swallowed, and a tune then ran on to its
budget and ended with status 0. The CLI's handler (``install``, from ``cli.run_command``) also records the request,
and the search checks it after every evaluation (``check``, from ``tuning.run_session``): a swallowed Ctrl-C stops
the run there, after the evaluation is in the database."""
from __future__ import annotations

import signal
import threading
from typing import Any

_pending = False


def install() -> Any:
    """Route SIGINT through the recording handler (main thread only; elsewhere Python allows no handler); returns
    the handler it replaced, for ``restore``."""
    global _pending
    _pending = False
    if threading.current_thread() is threading.main_thread():
        return signal.signal(signal.SIGINT, _handler)
    return None


def restore(previous: Any) -> None:
    """Put back the handler ``install`` replaced and forget any request (a library call after a CLI command in the
    same process starts clean)."""
    global _pending
    _pending = False
    if previous is not None and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, previous)


def _handler(signum: int, frame: Any) -> None:
    global _pending
    _pending = True
    raise KeyboardInterrupt


def check() -> None:
    """Raise KeyboardInterrupt if a Ctrl-C came and was swallowed where it landed."""
    if _pending:
        raise KeyboardInterrupt
