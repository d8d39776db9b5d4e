"""The command line's user errors and the flag values every command parses alike.

:class:`UsageError` is bad input, reported by :func:`evo_kernels.cli.run_command` as one line on
stderr with exit status 2. The parsers here turn a flag's text (a genome as JSON or a file,
``NAME=VALUE`` lists, problem sizes) into values or a UsageError that names the flag; the command
modules (``cli_templates``, ``cli_measure``, ``cli_results``) share them, and :func:`console`, the
rich console a command prints tables with.
"""
from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from evo_kernels.out_paths import OutputError


class UsageError(Exception):
    """Bad input from the user: reported as one line, exit status 2."""


def error_line(exc: BaseException) -> str:
    """A user error as the one line the command prints on stderr."""
    return f"evo-kernels: error: {' '.join(str(exc).split())}"


def console() -> Any:
    """A rich Console on stdout whose closed pipe (``| head``) is a BrokenPipeError, as ``print``'s is, for
    :func:`evo_kernels.cli.run_command` to end quietly with status 141; rich's own handling exits with status 1."""
    from rich.console import Console

    class _PipeConsole(Console):
        def on_broken_pipe(self) -> None:
            raise BrokenPipeError("stdout closed")

    return _PipeConsole()


_UNITS = {"d": 86400, "h": 3600, "min": 60, "m": 60, "s": 1}
_AMOUNT = r"(?:\d+(?:\.\d*)?|\.\d+)"
_PART = re.compile(rf"({_AMOUNT})(min|[dhms])")


def duration_s(text: str, flag: str = "--time") -> float:
    """Seconds of a duration as a person writes it: a number of seconds, or amounts with units d, h, m or min, s,
    one after another (90s, 30m, 5min, 1h30m, 1m30s, 8h). A UsageError naming ``flag`` and ``text`` as typed where
    it is not one, or not more than 0."""
    shown = text if text.strip() else repr(text)
    body = text.strip().lower().replace(" ", "")
    sign = -1.0 if body.startswith("-") else 1.0
    body = body[1:] if body[:1] in "+-" else body
    parts = _PART.findall(body)
    units = [u for _, u in parts]
    if re.fullmatch(_AMOUNT, body):
        value = float(body)
    elif parts and "".join(n + u for n, u in parts) == body and len(set(map(_UNITS.get, units))) == len(units):
        value = sum(float(n) * _UNITS[u] for n, u in parts)
    else:
        raise UsageError(f"{flag} {shown}: expected a duration like 90s, 30m, 5min, 1h30m or 8h")
    if not sign * value > 0:
        raise UsageError(f"{flag} {shown}: must be more than 0")
    return sign * value


def dash_values(argv: Sequence[str], flags: Sequence[str] = ("--time",)) -> list[str]:
    """``argv`` with ``--time -5s`` joined as ``--time=-5s``: argparse takes a value that starts with '-' and is not a
    plain number for a flag and says only "expected one argument"; joined, the value's own check names it."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        if argv[i] in flags and i + 1 < len(argv) and re.match(r"-[\d.]", argv[i + 1]):
            out.append(f"{argv[i]}={argv[i + 1]}")
            i += 2
        else:
            out.append(argv[i])
            i += 1
    return out


def check_out(check: Callable[[str, str], Any], path: str) -> None:
    """``--out`` checked (a file or a folder, by ``check``: ``out_paths.check_output_file`` or
    ``check_output_folder``) before anything is read, measured or written."""
    try:
        check(path, "--out")
    except OutputError as exc:
        raise UsageError(str(exc)) from exc


def parse_genome(text: str, flag: str = "--genome") -> dict:
    """A genome given as JSON text or as the path of a JSON file (``flag`` names it in errors, with the file's
    path where it is one): text that does not start with ``{`` is a path."""
    src = flag
    if not text.lstrip().startswith("{"):
        path = Path(text)
        if not path.exists():
            raise UsageError(f"{flag}: no such file: {text} (a genome is a JSON object, or the path of a file "
                             "holding one)")
        src = f"{flag} {path}"
        try:
            text = path.read_text()
        except (OSError, UnicodeDecodeError) as exc:
            raise UsageError(f"{src}: cannot read: {getattr(exc, 'strerror', None) or exc}") from exc
    try:
        genome = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{src}: not valid JSON: {exc}") from exc
    if not isinstance(genome, dict):
        raise UsageError(f"{src}: a genome is a JSON object of gene names to values")
    return genome


def at_least(value: int, least: int, flag: str) -> None:
    if value < least:
        raise UsageError(f"{flag} {value}: must be at least {least}")


def kv_list(items: Sequence[str] | None, what: str) -> dict[str, str]:
    """``NAME=VALUE`` items (``what`` names the flag in errors) as a dict; a name given twice with two values is
    refused (the same value twice is the same item)."""
    out: dict[str, str] = {}
    for item in items or []:
        if "=" not in item:
            raise UsageError(f"{what} {item!r}: expected NAME=VALUE")
        k, v = (x.strip() for x in item.split("=", 1))
        if not k:
            raise UsageError(f"{what} {item!r}: expected NAME=VALUE, the name is empty")
        if out.get(k, v) != v:
            raise UsageError(f"{what}: {k} is given twice, as {out[k]} and as {v}")
        out[k] = v
    return out


def forbid_list(items: Sequence[str] | None, what: str = "--forbid") -> dict[str, list[str]]:
    """``NAME=V1,V2`` items as each name's values, those of a name given more than once added up."""
    out: dict[str, list[str]] = {}
    for item in items or []:
        (k, v), = kv_list([item], what).items()
        values = out.setdefault(k, [])
        values.extend(x for x in v.split(",") if x not in values)
    return out


class SizeItems(argparse.Action):
    """``--size``'s ``NAME=INT`` items (``nargs="*"``), a token without ``=`` refused where it is read: argparse gives
    every token up to the next flag to ``--size``, so a template's name after the sizes was taken as one and the
    error said only that the template was missing."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        for v in values:
            if "=" not in v:
                hint = ": put the template name before --size" if namespace.template is None else ""
                raise argparse.ArgumentError(self, f"{v} is not NAME=INT{hint}")
        setattr(namespace, self.dest, values)


def problem_size(items: Sequence[str] | None, flag: str = "--size") -> dict[str, int] | None:
    """``--size M=4096 N=4096`` or ``--size M=4096,N=4096`` (the form ``export --sizes`` takes; ``flag``
    names it in errors)."""
    if not items:
        return None
    out: dict[str, int] = {}
    for item in (piece for text in items for piece in text.split(",") if piece.strip()):
        (k, v), = kv_list([item], flag).items()
        if k in out:
            raise UsageError(f"{flag}: {k} is given twice")
        try:
            out[k] = int(v)
        except ValueError:
            raise UsageError(f"{flag} {item!r}: a size is an integer") from None
    return out
