"""User data folder and atomic writes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game import paths


def test_user_data_dir_honours_the_override(user_data_dir: Path) -> None:
    assert paths.user_data_dir() == user_data_dir
    assert user_data_dir.is_dir()


def test_xdg_default(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(paths.ENV_DATA_DIR)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    if os.name == "posix" and paths.sys.platform != "darwin":
        assert paths.user_data_dir(create=False) == tmp_path / "xdg" / "attax-arcade"
    assert paths.source_root() not in paths.user_data_dir(create=False).parents


def test_atomic_write_replaces_whole_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "settings.json"
    paths.atomic_write_text(target, "first")
    paths.atomic_write_text(target, "second, longer text")
    assert target.read_text() == "second, longer text"
    assert [p.name for p in target.parent.iterdir()] == ["settings.json"]


def test_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "stats.json"
    paths.atomic_write_text(target, "precious")

    def broken_replace(src: str, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(paths.os, "replace", broken_replace)
    with pytest.raises(OSError):
        paths.atomic_write_text(target, "new")
    assert target.read_text() == "precious"
    assert [p.name for p in tmp_path.iterdir()] == ["stats.json"]


def test_read_text_limited(tmp_path: Path) -> None:
    target = tmp_path / "f.txt"
    target.write_bytes(b"hello")
    assert paths.read_text_limited(target, 10) == "hello"
    target.write_bytes(b"x" * 11)
    with pytest.raises(ValueError, match=r"f\.txt: file is larger"):
        paths.read_text_limited(target, 10)
    target.write_bytes(b"a\x00b")
    with pytest.raises(ValueError, match="binary"):
        paths.read_text_limited(target, 10)
    target.write_bytes(b"\xff\xfe")
    with pytest.raises(ValueError, match="UTF-8"):
        paths.read_text_limited(target, 10)


@pytest.mark.parametrize(
    ("typed", "stem"),
    [
        ("My game", "My game"),
        ("../../etc/passwd", "etcpasswd"),
        ("..\\..\\windows", "windows"),
        ("/absolute/path", "absolutepath"),
        ("  spaced \t\n  out  ", "spaced out"),
        (".hidden", "hidden"),
        ("trailing dots...", "trailing dots"),
        ("Ann's game_2-b.v1", "Ann's game_2-b.v1"),
        ("CON", "CON_"),
        ("nul.txt", "nul_.txt"),  # Windows reserves what comes before the first dot
        ("com1", "com1_"),
        ("console", "console"),
        ("a" * 200, "a" * 60),
        ("a" * 59 + " b", "a" * 59),
        ("café\x00\x1b[31m", "café31m"),
        ("cafe\u0301", "café"),
        ("日本語", "日本語"),
    ],
)
def test_safe_file_stem(typed: str, stem: str) -> None:
    assert paths.safe_file_stem(typed) == stem
    assert len(stem) <= paths.MAX_STEM_LENGTH


@pytest.mark.parametrize("typed", ["", "   ", "...", "/", "\\", "\x00\x01", "<>|:*?"])
def test_safe_file_stem_refuses_names_with_nothing_usable(typed: str) -> None:
    with pytest.raises(ValueError, match=r"is not a usable name: use letters or digits") as caught:
        paths.safe_file_stem(typed)
    assert repr(typed) in str(caught.value)


def test_safe_file_stem_refuses_what_is_not_text() -> None:
    with pytest.raises(ValueError, match="must be text"):
        paths.safe_file_stem(42)  # type: ignore[arg-type]
