"""Where the game keeps the player's files, and how it writes them safely.

User files (saves, custom levels, settings, statistics, the autosave, logs)
live in the platform's user data folder, never inside the source tree. The
environment variable ``ATTAX_DATA_DIR`` overrides the location (tests use it).
Every write goes through a temporary file in the same folder and an atomic
rename, so a crash or a kill mid-write leaves either the old file or the new
one, never half of one. Names the player types (saves, custom levels) become
file names through ``safe_file_stem``, the one sanitiser, so no name reaches
outside its folder.

>>> safe_file_stem("../../etc/passwd"), safe_file_stem("  My  game. "), safe_file_stem("CON"), safe_file_stem("con.txt")
('etcpasswd', 'My game', 'CON_', 'con_.txt')
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import os
import re
import stat
import sys
import tempfile
import unicodedata
from pathlib import Path

__all__ = [
    "APP_DIR_NAME",
    "DAMAGED_MARK",
    "ENV_DATA_DIR",
    "MAX_NAME_BYTES",
    "MAX_STEM_BYTES",
    "MAX_STEM_LENGTH",
    "DataFolderError",
    "NotRegularFileError",
    "SetAsideNameError",
    "UnusableNameError",
    "atomic_write_bytes",
    "atomic_write_text",
    "check_regular_file",
    "clean_stale_temporaries",
    "data_folder_problem",
    "display_name",
    "is_set_aside",
    "keep_copy",
    "read_text_limited",
    "safe_file_stem",
    "set_aside",
    "source_root",
    "user_cache_dir",
    "user_data_dir",
]

APP_DIR_NAME = "attax-arcade"
ENV_DATA_DIR = "ATTAX_DATA_DIR"
MAX_NAME_BYTES = 255
"""The longest file name the usual file systems take (ext4, APFS, NTFS), in bytes of the name as stored."""
_TEMPORARY_BYTES = len(".") + len(".xxxxxxxx.tmp")
"""What ``atomic_write_bytes`` adds around a file's name for its temporary file."""
MAX_STEM_LENGTH = 60
"""The longest file stem ``safe_file_stem`` returns, in characters."""
MAX_STEM_BYTES = 180
"""The longest file stem ``safe_file_stem`` returns, in UTF-8 bytes (60 characters of 3 bytes, 45 of 4).

File systems limit a name to 255 bytes; the longest name made from a stem is
the temporary file of a copy kept aside (``.STEM.damaged-<time>-NN.toml.xxxxxxxx.tmp``,
the stem and 46 more), so this leaves room to spare."""
DAMAGED_MARK = ".damaged-"
"""What a damaged file's new name holds (``settings.damaged-20261124-101500.json``): listings skip such files."""
STALE_TEMPORARY_AGE = 60.0
"""Seconds after which a writer's leftover temporary file is surely abandoned (a write takes milliseconds)."""
_WINDOWS_RESERVED = frozenset(
    {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)), *(f"lpt{i}" for i in range(1, 10))}
)


class DataFolderError(OSError):
    """The user data folder cannot be used (it is a file, or cannot be created); the message says why."""


class NotRegularFileError(ValueError):
    """A path the game would read is a pipe, a device, a socket or a folder: never opened (it could block for ever)."""


class UnusableNameError(ValueError):
    """A name the player typed from which no file name can be made; the message says why."""


class SetAsideNameError(UnusableNameError):
    """A name that looks like a file set aside as damaged (it holds ``DAMAGED_MARK``): listings would skip it."""


def display_name(text: str | Path) -> str:
    """``text`` (or a path's file name) fit to show and log: bytes that are not UTF-8 become U+FFFD.

    A file name the file system gives back with bytes that are not UTF-8
    holds lone surrogates (``"bad\\udcff"``), which no font and no UTF-8 file can take.

    >>> display_name("bad\\udcff.pgn") == "bad\\ufffd.pgn", display_name("café")
    (True, 'café')
    """
    name = text.name if isinstance(text, Path) else text
    try:
        data = name.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a surrogate the file system did not make: replaced as it is
        data = name.encode("utf-8", "replace")
    return data.decode("utf-8", "replace")


_KINDS = ((stat.S_ISFIFO, "a pipe"), (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder"))


def check_regular_file(path: Path | str, mode: int | None = None) -> None:
    """Refuse (``NotRegularFileError``, naming the file) a path that is not a regular file, without opening it.

    ``mode`` is the ``st_mode`` already read, if any. Symbolic links are
    followed. ``FileNotFoundError`` (an ``OSError``) when there is nothing there.
    """
    target = Path(path)
    if mode is None:
        mode = target.stat().st_mode
    if stat.S_ISREG(mode):
        return
    kind = next((name for test, name in _KINDS if test(mode)), "a device")
    raise NotRegularFileError(f"{display_name(target)}: not a regular file ({kind})")


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
        if folder.exists() and not folder.is_dir():
            raise DataFolderError(errno.ENOTDIR, f"{folder} is a file, not a folder", str(folder))
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise DataFolderError(
                error.errno or errno.EIO,
                f"the folder {folder} cannot be created: {error.strerror or error}",
                str(folder),
            ) from None
    return folder


def user_cache_dir() -> Path:
    """The folder for files the game can rebuild (compiled search code), created on first use.

    ``$ATTAX_DATA_DIR/cache`` if that is set (tests, portable installs);
    otherwise ``%LOCALAPPDATA%\\attax-arcade\\cache`` on Windows,
    ``~/Library/Caches/attax-arcade`` on macOS and ``$XDG_CACHE_HOME/attax-arcade``
    (default ``~/.cache/attax-arcade``) elsewhere. Raises ``OSError`` if it cannot be made.
    """
    override = os.environ.get(ENV_DATA_DIR)
    if override:
        folder = Path(override).expanduser() / "cache"
    elif sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local"
        folder = Path(local) / APP_DIR_NAME / "cache"
    elif sys.platform == "darwin":
        folder = Path.home() / "Library" / "Caches" / APP_DIR_NAME
    else:
        xdg = os.environ.get("XDG_CACHE_HOME")
        base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".cache"
        folder = base / APP_DIR_NAME
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def data_folder_problem() -> tuple[Path, OSError] | None:
    """Whether the user data folder can keep the player's files: ``None``, or where it is and what is wrong.

    The folder is created if needed and a small file written and removed in it,
    so a folder that exists but refuses writes (read-only disk, permissions) is
    found too.
    """
    folder = user_data_dir(create=False)
    try:
        folder = user_data_dir()
        probe = folder / f".probe-{os.getpid()}.tmp"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as error:
        return folder, error
    return None


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
    _sync_folder(target.parent)


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable: without this, a power cut may forget it (POSIX only)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def atomic_write_text(path: Path | str, text: str) -> None:
    """Write ``text`` as UTF-8 to ``path`` atomically (see ``atomic_write_bytes``)."""
    atomic_write_bytes(path, text.encode("utf-8"))


def read_text_limited(path: Path | str, max_bytes: int) -> str:
    """Read a UTF-8 text file of at most ``max_bytes`` bytes.

    Raises ``ValueError`` with a message naming the file when it is larger,
    is not UTF-8 text, or holds NUL bytes (a binary file), and
    ``NotRegularFileError`` (a ``ValueError``) when it is a pipe, a device or a
    socket, before opening it (reading a pipe would wait for ever);
    ``OSError`` when it cannot be read (``FileNotFoundError`` when missing).
    """
    target = Path(path)
    where = display_name(target)
    check_regular_file(target)
    # Opened without blocking, and checked again: what is there may have changed since.
    descriptor = os.open(target, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(descriptor, "rb") as stream:
        check_regular_file(target, os.fstat(stream.fileno()).st_mode)
        data = stream.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise ValueError(f"{where}: file is larger than {max_bytes} bytes")
    if b"\x00" in data:
        raise ValueError(f"{where}: binary data, not a text file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(f"{where}: not UTF-8 text (byte {error.start})") from None


def safe_file_stem(name: str) -> str:
    """A file name without extension, safe on every platform, from a name the player typed.

    Keeps letters, digits, spaces, ``-``, ``_``, ``.`` and ``'`` (after NFC
    normalisation); drops path separators, control characters and everything
    else; collapses runs of white space; strips leading and trailing dots and
    spaces; adds ``_`` to a name Windows reserves before its first dot
    (``CON`` gives ``CON_``, ``nul.txt`` gives ``nul_.txt``); trims to
    ``MAX_STEM_LENGTH`` characters and ``MAX_STEM_BYTES`` bytes of UTF-8. So
    the result never names a folder, a hidden file or a device, and every
    file made from it fits the file system. Cleaning a result again gives it
    back unchanged, so a name can be checked and written by the same rule.

    Raises ``UnusableNameError`` (a ``ValueError``) when nothing usable is left
    or ``name`` is not text, and ``SetAsideNameError`` when the result holds
    ``DAMAGED_MARK`` (such files are skipped by every listing: a save of that
    name would never be seen again); callers wrap it in their own error type.
    """
    if not isinstance(name, str):
        raise UnusableNameError(f"{name!r} is not a usable name: a name must be text")
    text = unicodedata.normalize("NFC", name)
    text = "".join(char for char in text if char.isalnum() or char in " -_.'")
    text = re.sub(r"\s+", " ", text).strip(" .")
    base, dot, rest = text.partition(".")
    if base.rstrip(" ").lower() in _WINDOWS_RESERVED:
        text = f"{base}_{dot}{rest}"
    text = text[:MAX_STEM_LENGTH].encode("utf-8")[:MAX_STEM_BYTES].decode("utf-8", "ignore").rstrip(" .")
    if not text:
        raise UnusableNameError(f"{name!r} is not a usable name: use letters or digits")
    if DAMAGED_MARK in text.lower():
        raise SetAsideNameError(
            f"{name!r} is not a usable name: names holding {DAMAGED_MARK!r} are kept for damaged files set aside"
        )
    return text


def _cut_to_bytes(text: str, room: int) -> str:
    """The longest start of ``text`` whose name on disk takes at most ``room`` bytes, cut between letters.

    A letter takes 1 to 4 bytes of UTF-8; a byte of a name that is not UTF-8
    (a lone surrogate, as ``os.fsdecode`` gives it) takes one.
    """
    used = 0
    for index, char in enumerate(text):
        used += len(os.fsencode(char))
        if used > room:
            return text[:index]
    return text


def _aside_name(target: Path) -> Path:
    """A free ``NAME.damaged-<time>.EXT`` beside ``target`` (``-2``, ``-3``... added if taken).

    ``NAME`` is cut when the whole would not fit in ``MAX_NAME_BYTES`` with room
    for the temporary file a copy is written through (a name copied in from
    elsewhere may be 255 bytes already); an extension too long to keep is dropped.
    Raises ``OSError`` if the folder cannot even be asked what is taken.
    """
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    room = MAX_NAME_BYTES - _TEMPORARY_BYTES
    suffix = target.suffix if len(os.fsencode(target.suffix)) <= 16 else ""
    number = 1
    while True:
        tail = f"{DAMAGED_MARK}{stamp}{f'-{number}' if number > 1 else ''}{suffix}"
        aside = target.with_name(_cut_to_bytes(target.stem, room - len(os.fsencode(tail))) + tail)
        if not os.path.lexists(aside):
            return aside
        number += 1


def set_aside(path: Path | str) -> Path | None:
    """Rename a damaged file out of the way, as ``NAME.damaged-<time>.EXT``; the new path, or ``None``.

    Never overwrites a file kept aside before (``-2``, ``-3``... are added).
    ``None`` when the file could not be renamed (it is left where it is);
    never raises ``OSError``: a file that cannot be set aside hides no other.
    """
    target = Path(path)
    try:
        aside = _aside_name(target)
        target.replace(aside)
    except OSError:
        return None
    return aside


def keep_copy(path: Path | str) -> Path | None:
    """Copy a file that is about to be rewritten with less in it, as ``NAME.damaged-<time>.EXT``; or ``None``.

    For a file whose bad parts a reader skipped: the copy keeps them, the
    original is then replaced as usual. Never raises ``OSError``.
    """
    target = Path(path)
    try:
        aside = _aside_name(target)
        atomic_write_bytes(aside, target.read_bytes())
    except OSError:
        return None
    return aside


def is_set_aside(path: Path | str) -> bool:
    """Whether ``path`` is a file set aside as damaged (listings of saves and levels skip them)."""
    return DAMAGED_MARK in Path(path).name


def clean_stale_temporaries(folder: Path | str, *, older_than: float = STALE_TEMPORARY_AGE) -> list[Path]:
    """Remove the temporary files that killed writes left in ``folder`` and below (``.NAME.xxxx.tmp``).

    Only those older than ``older_than`` seconds: a younger one may be another
    running copy of the game writing right now. Returns what was removed;
    what cannot be removed is left (and logged by the caller, if it likes).
    """
    removed = []
    root = Path(folder)
    now = datetime.datetime.now().timestamp()
    with contextlib.suppress(OSError):
        for candidate in root.rglob(".*.tmp"):
            with contextlib.suppress(OSError):
                if candidate.is_file() and now - candidate.stat().st_mtime > older_than:
                    candidate.unlink()
                    removed.append(candidate)
    return removed
