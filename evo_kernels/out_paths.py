"""Where a command writes its outputs (a header, a report's folder, a batch's folder), checked before
anything is read or written: a path that is a folder where a file goes (or the reverse), a file where a
folder above it should be, or a folder that cannot be written is an OutputError, one line naming the path
and what it is for. The database is checked by ``store_file.check_writable``."""
from __future__ import annotations

import os
from pathlib import Path


class OutputError(ValueError):
    """An output path that cannot be written as asked; the message is one line naming it."""


def _writable_above(path: Path, what: str) -> None:
    above = path.parent
    while not above.exists() and above != above.parent:
        above = above.parent
    if not above.is_dir():
        raise OutputError(f"{what} {path}: {above} is a file, not a folder")
    if not os.access(above, os.W_OK):
        raise OutputError(f"{what} {path}: the folder {above} is not writable")


def check_output_file(path: str | Path, what: str) -> Path:
    """``path`` where a file is to be written (replacing one there): not a folder, under folders that are
    folders (or can be made) and writable. ``what`` names it in messages (``--out``)."""
    path = Path(path)
    if path.is_dir():
        raise OutputError(f"{what} {path}: is a folder; give the path of the file to write")
    if path.exists() and not os.access(path, os.W_OK):
        raise OutputError(f"{what} {path}: the file is not writable")
    _writable_above(path, what)
    return path


def check_output_folder(path: str | Path, what: str, subfolders: tuple[str, ...] = ()) -> Path:
    """``path`` where a folder of outputs is to be (made and) written, and its ``subfolders``: none of them
    an existing file, the nearest existing one writable. ``what`` names it in messages (``--out``)."""
    path = Path(path)
    for p in (path, *(path / s for s in subfolders)):
        if p.exists() and not p.is_dir():
            raise OutputError(f"{what} {path}: {p} is a file, not a folder")
    if path.is_dir():
        if not os.access(path, os.W_OK):
            raise OutputError(f"{what} {path}: the folder is not writable")
    else:
        _writable_above(path, what)
    return path
