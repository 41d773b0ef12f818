"""Where the game keeps the player's files, and how it writes them safely.

User files (saves, custom levels, settings, statistics, the autosave, logs)
live in the platform's user data folder, never inside the source tree. The
environment variable ``ATTAX_DATA_DIR`` overrides the location (tests use it).
Every write goes through a temporary file in the same folder and an atomic
rename, so a crash or a kill mid-write leaves either the old file or the new
one, never half of one. Names the player types (saves, custom levels) become
file names through ``safe_file_stem``, the one sanitiser, so no name reaches
outside its folder.

>>> safe_file_stem("../../etc/passwd"), safe_file_stem("  My  game. "), safe_file_stem("CON")
('etcpasswd', 'My game', 'CON_')
"""

from __future__ import annotations

import contextlib
import datetime
import os
import re
import sys
import tempfile
import unicodedata
from pathlib import Path

__all__ = [
    "APP_DIR_NAME",
    "ENV_DATA_DIR",
    "MAX_STEM_LENGTH",
    "atomic_write_bytes",
    "atomic_write_text",
    "read_text_limited",
    "safe_file_stem",
    "set_aside",
    "source_root",
    "user_data_dir",
]

APP_DIR_NAME = "attax-arcade"
ENV_DATA_DIR = "ATTAX_DATA_DIR"
MAX_STEM_LENGTH = 60
"""The longest file stem ``safe_file_stem`` returns."""
_WINDOWS_RESERVED = frozenset(
    {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)), *(f"lpt{i}" for i in range(1, 10))}
)


def source_root() -> Path:
    """The folder holding ``main.py`` and the shipped ``levels/`` and ``assets/``."""
    return Path(__file__).resolve().parent.parent


def user_data_dir(*, create: bool = True) -> Path:
    """The folder for the player's files, created on first use unless ``create=False``.

    ``$ATTAX_DATA_DIR`` if set; otherwise ``%APPDATA%\\attax-arcade`` on Windows,
    ``~/Library/Application Support/attax-arcade`` on macOS, and
    ``$XDG_DATA_HOME/attax-arcade`` (default ``~/.local/share/attax-arcade``) elsewhere.
    """
    override = os.environ.get(ENV_DATA_DIR)
    if override:
        folder = Path(override).expanduser()
    elif sys.platform == "win32":
        folder = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming") / APP_DIR_NAME
    elif sys.platform == "darwin":
        folder = Path.home() / "Library" / "Application Support" / APP_DIR_NAME
    else:
        xdg = os.environ.get("XDG_DATA_HOME")
        base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
        folder = base / APP_DIR_NAME
    if create:
        folder.mkdir(parents=True, exist_ok=True)
    return folder


def atomic_write_bytes(path: Path | str, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically: readers see the old file or the new one, whole.

    The parent folder is created if needed. On failure the temporary file is
    removed and the exception propagates; the old file is untouched.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temp_name, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp_name)
        raise


def atomic_write_text(path: Path | str, text: str) -> None:
    """Write ``text`` as UTF-8 to ``path`` atomically (see ``atomic_write_bytes``)."""
    atomic_write_bytes(path, text.encode("utf-8"))


def read_text_limited(path: Path | str, max_bytes: int) -> str:
    """Read a UTF-8 text file of at most ``max_bytes`` bytes.

    Raises ``ValueError`` with a message naming the file when it is larger,
    is not UTF-8 text, or holds NUL bytes (a binary file); ``OSError`` when it
    cannot be read.
    """
    target = Path(path)
    with target.open("rb") as stream:
        data = stream.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise ValueError(f"{target.name}: file is larger than {max_bytes} bytes")
    if b"\x00" in data:
        raise ValueError(f"{target.name}: binary data, not a text file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(f"{target.name}: not UTF-8 text (byte {error.start})") from None


def safe_file_stem(name: str) -> str:
    """A file name without extension, safe on every platform, from a name the player typed.

    Keeps letters, digits, spaces, ``-``, ``_``, ``.`` and ``'`` (after NFC
    normalisation); drops path separators, control characters and everything
    else; collapses runs of white space; strips leading and trailing dots and
    spaces; trims to ``MAX_STEM_LENGTH`` characters; appends ``_`` to the names
    Windows reserves (``CON``, ``nul.txt``...). So the result never names a
    folder, a hidden file or a device. Raises ``ValueError`` when nothing usable
    is left (or ``name`` is not text); callers wrap it in their own error type.
    """
    if not isinstance(name, str):
        raise ValueError(f"{name!r} is not a usable name: a name must be text")
    text = unicodedata.normalize("NFC", name)
    text = "".join(char for char in text if char.isalnum() or char in " -_.'")
    text = re.sub(r"\s+", " ", text).strip(" .")
    text = text[:MAX_STEM_LENGTH].rstrip(" .")
    if not text:
        raise ValueError(f"{name!r} is not a usable name: use letters or digits")
    if text.lower().split(".")[0] in _WINDOWS_RESERVED:
        text = f"{text}_"
    return text


def set_aside(path: Path | str) -> Path | None:
    """Rename a damaged file out of the way, as ``NAME.damaged-<time>.EXT``; the new path, or ``None``.

    Never overwrites a file kept aside before (``-2``, ``-3``... are added).
    ``None`` when the file could not be renamed (it is left where it is).
    """
    target = Path(path)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    aside = target.with_name(f"{target.stem}.damaged-{stamp}{target.suffix}")
    number = 1
    while aside.exists():
        number += 1
        aside = target.with_name(f"{target.stem}.damaged-{stamp}-{number}{target.suffix}")
    try:
        target.replace(aside)
    except OSError:
        return None
    return aside
