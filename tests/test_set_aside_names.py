"""A damaged file whose name is near the file system's limit is set aside under a name that fits.

A name of 231 bytes or more is legal (ext4 takes 255), but ``NAME.damaged-<time>.EXT`` is 24 bytes
longer: setting such a save aside raised ``ENAMETOOLONG`` outside the error handling, and the Load
screen said the whole saves folder could not be read. The name set aside is cut, in bytes of UTF-8
(a letter may take 4), so it fits with room for the temporary file a copy is written through.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from game.engine import saves
from game.engine.ataxx.rules import RULES
from game.engine.levels import custom_levels, custom_levels_dir
from game.engine.match import Match
from game.paths import DAMAGED_MARK, MAX_NAME_BYTES, is_set_aside, keep_copy, set_aside

LONGEST = {
    "ascii": "x" * (MAX_NAME_BYTES - len(".pgn")),
    "two-byte letters": "é" * ((MAX_NAME_BYTES - len(".pgn")) // 2),
    "four-byte letters": "𝔸" * ((MAX_NAME_BYTES - len(".pgn")) // 4),
    "not UTF-8": os.fsdecode(b"\xff" * (MAX_NAME_BYTES - len(".pgn"))),
    "231 bytes": "y" * (231 - len(".pgn")),
}


def _fits(path: Path) -> bool:
    return len(os.fsencode(path.name)) <= MAX_NAME_BYTES


@pytest.mark.parametrize("stem", LONGEST.values(), ids=LONGEST.keys())
def test_a_damaged_save_with_the_longest_name_is_set_aside_and_hides_no_other(stem: str) -> None:
    saves.save_game("good one", Match(RULES))
    folder = saves.saves_dir()
    damaged = folder / f"{stem}.pgn"
    try:
        damaged.write_bytes(b"\x00 not a game")
    except OSError as error:  # a file system that takes fewer bytes (or no such bytes) than ext4
        if error.errno in (errno.ENAMETOOLONG, errno.EILSEQ, errno.EINVAL):
            pytest.skip(f"this file system refuses the name: {error.strerror}")
        raise
    entries = saves.list_saves()
    good = [entry for entry in entries if isinstance(entry, saves.SaveEntry)]
    bad = [entry for entry in entries if isinstance(entry, saves.DamagedSave)]
    assert [entry.name for entry in good] == ["good one"]
    assert len(bad) == 1 and "the file is kept as" in bad[0].reason
    aside = bad[0].path
    assert not damaged.exists() and aside.exists() and aside.read_bytes() == b"\x00 not a game"
    assert is_set_aside(aside) and aside.suffix == ".pgn" and _fits(aside)
    # Room is left for the temporary file a copy kept aside is written through.
    assert len(os.fsencode(f".{aside.name}.abcdefgh.tmp")) <= MAX_NAME_BYTES
    assert saves.list_saves() == good  # listed once; the copy set aside is not listed again


def test_two_long_names_set_aside_in_the_same_second_both_fit(tmp_path: Path) -> None:
    stem = "é" * 125
    kept = []
    for _ in range(3):
        target = tmp_path / f"{stem}.toml"
        target.write_text("broken", encoding="utf-8")
        aside = set_aside(target)
        assert aside is not None and _fits(aside) and DAMAGED_MARK in aside.name
        kept.append(aside)
    assert len(set(kept)) == 3 and all(path.exists() for path in kept)
    copy = keep_copy(kept[0])
    assert copy is not None and _fits(copy) and copy not in kept


def test_setting_aside_never_raises(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "gone.pgn"
    assert set_aside(target) is None  # nothing there to rename
    target.write_text("x", encoding="utf-8")

    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENAMETOOLONG, "File name too long")

    monkeypatch.setattr(os.path, "lexists", refuse)
    assert set_aside(target) is None and keep_copy(target) is None
    assert target.read_text(encoding="utf-8") == "x"


def test_a_damaged_custom_level_with_the_longest_name_is_set_aside() -> None:
    folder = custom_levels_dir(RULES.key)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / ("é" * 125 + ".toml")).write_text("name = [broken", encoding="utf-8")
    [error] = custom_levels(RULES)
    assert isinstance(error, ValueError) and "the file is kept as" in str(error)
    [aside] = folder.iterdir()
    assert is_set_aside(aside) and _fits(aside)
