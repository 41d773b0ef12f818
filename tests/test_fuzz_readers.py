"""Every reader of the player's files, fed random and mutated bytes (Hypothesis): no crash, nothing lost.

For each reader (settings, statistics, custom levels, named saves, the
autosave), in a fresh data folder with a few good files beside the one under
attack: the reader raises nothing but the project's own errors, a file it finds
damaged is set aside whole (``NAME.damaged-<time>.EXT``, the same bytes), and
no other file is touched. Bounded to a few seconds in all.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import saves
from game.engine.levels import LevelError, LevelInfo, custom_levels, custom_levels_dir, save_custom_level
from game.engine.match import Match, Player
from game.engine.stats import Statistics, record_for
from game.games import game, playable_games
from game.paths import DAMAGED_MARK, is_set_aside
from game.ui.settings import Settings

ATAXX = game("ataxx").load_rules()
ATTANGLE = game("attangle").load_rules()
FUZZ = settings(
    max_examples=45,
    deadline=None,
    database=None,  # nothing written in the source tree
    suppress_health_check=[HealthCheck.too_slow],
)


@contextlib.contextmanager
def data_folder() -> Iterator[Path]:
    """A fresh user data folder for one example (the fixture's folder is shared by every example)."""
    before = os.environ.get("ATTAX_DATA_DIR")
    with tempfile.TemporaryDirectory(prefix="attax-fuzz-") as folder:
        os.environ["ATTAX_DATA_DIR"] = folder
        try:
            yield Path(folder)
        finally:
            if before is None:
                os.environ.pop("ATTAX_DATA_DIR", None)
            else:
                os.environ["ATTAX_DATA_DIR"] = before


def _good_files() -> None:
    """A good file of every kind, which no attack on another file may touch."""
    Settings().save()
    finished = Match(ATAXX, "xxxxxx1/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/ooooooo x 0 1",
                     (Player.human(), Player.computer("casual")))  # fmt: skip
    finished.play(ATAXX.parse_move("g7"))
    stats = Statistics("ataxx")
    stats.add(record_for(finished, level_name="Classic"))
    stats.save()
    saves.save_game("Keeper", Match(ATTANGLE, players=(Player.human(), Player.human())))
    save_custom_level(LevelInfo("Keeper", "Kept.", "", "x5o/7/7/3-3/7/7/o5x x 0 1"), ATAXX)


def _fingerprints(folder: Path, skip: Path) -> dict[str, str]:
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in folder.rglob("*")
        if path.is_file() and path != skip and not is_set_aside(path) and path.name != "attax.log"
    }


def _mutations() -> st.SearchStrategy[Callable[[bytes], bytes]]:
    """Ways of damaging a good file: cut it, flip bytes, splice in brackets, huge numbers or garbage."""

    def cut(at: float) -> Callable[[bytes], bytes]:
        return lambda data: data[: int(len(data) * at)]

    def flip(at: float, byte: int) -> Callable[[bytes], bytes]:
        return lambda data: data[: int(len(data) * at)] + bytes([byte]) + data[int(len(data) * at) + 1 :]

    def splice(at: float, piece: bytes) -> Callable[[bytes], bytes]:
        return lambda data: data[: int(len(data) * at)] + piece + data[int(len(data) * at) :]

    pieces = st.sampled_from([b"[" * 600, b"{" * 300, b"9" * 5000, b"1e999", b"-1e999", b"NaN", b"Infinity",
                              b"\x00", b"\xff\xfe", b'"', b"'", b"]]]]", b"\n[Game \"chess\"]\n", b"inf", b"nan",
                              b"computer:godlike", b"(", b"{", b")"])  # fmt: skip
    at = st.floats(0, 1)
    return st.one_of(
        st.builds(cut, at),
        st.builds(flip, at, st.integers(0, 255)),
        st.builds(splice, at, pieces),
        st.builds(splice, at, st.binary(max_size=64)),
    )


def _attack(target: Path, good: bytes, data: st.DataObject) -> bytes:
    """Write random or mutated bytes into ``target``; returns them."""
    if data.draw(st.booleans(), label="random bytes"):
        damaged = data.draw(st.binary(max_size=3000), label="bytes")
    else:
        damaged = good
        for mutate in data.draw(st.lists(_mutations(), min_size=1, max_size=4), label="mutations"):
            damaged = mutate(damaged)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(damaged)
    return damaged


def _check_outcome(
    folder: Path, target: Path, damaged: bytes, before: dict[str, str], set_aside: bool
) -> None:
    """The target is either where it was, as written, or set aside whole; nothing else changed."""
    kept = [
        path
        for path in target.parent.iterdir()
        if DAMAGED_MARK in path.name and path.name.startswith(target.stem)
    ]
    if set_aside:
        assert not target.exists() and len(kept) == 1, "a damaged file was not set aside"
        assert kept[0].read_bytes() == damaged, "the damaged file's bytes were not kept"
    else:
        assert target.read_bytes() == damaged, "a file that was read changed"
    assert _fingerprints(folder, target) == before, "another file was touched"


@FUZZ
@given(data=st.data())
def test_settings(data: st.DataObject) -> None:
    with data_folder() as folder:
        _good_files()
        target = folder / "settings.json"
        good = target.read_bytes()
        before = _fingerprints(folder, target)
        damaged = _attack(target, good, data)
        loaded = Settings.load()
        _check_outcome(folder, target, damaged, before, set_aside=loaded.damaged is not None)


def _check_figures(stats: Statistics) -> None:
    """Every figure the statistics screen shows, from whatever records were read, and agreeing together."""
    count = len(stats.records)
    assert sum(stats.results_count().values()) == count
    assert stats.tally().games == count and 0.0 <= stats.tally().score <= 1.0
    for field in ("difficulty", "level_name", "seat"):
        assert sum(tally.games for tally in stats.by(field, opponent=None).values()) == count
    assert stats.tally(opponent="computer").games + stats.tally(opponent="human").games <= count
    current, best, worst = stats.streaks()
    assert 0 <= current <= best <= count and 0 <= worst <= count
    longest, shortest = stats.longest(), stats.shortest()
    if count:
        assert longest is not None and shortest is not None
        assert shortest.full_moves <= longest.full_moves
    else:
        assert longest is None and shortest is None


@FUZZ
@given(data=st.data())
def test_statistics(data: st.DataObject) -> None:
    with data_folder() as folder:
        _good_files()
        target = folder / "statistics.json"
        good = target.read_bytes()
        before = _fingerprints(folder, target)
        damaged = _attack(target, good, data)
        for definition in playable_games():
            stats = Statistics.load(definition.key)
            _check_figures(stats)
            for record in stats.records:
                json.dumps(record.to_json())
        _check_outcome(folder, target, damaged, before, set_aside=not target.exists())


@FUZZ
@given(data=st.data())
def test_custom_levels(data: st.DataObject) -> None:
    with data_folder() as folder:
        _good_files()
        target = custom_levels_dir("ataxx") / "Attacked.toml"
        good = (custom_levels_dir("ataxx") / "Keeper.toml").read_bytes()
        before = _fingerprints(folder, target)
        damaged = _attack(target, good, data)
        entries = custom_levels(ATAXX)
        assert any(isinstance(entry, LevelInfo) and entry.name == "Keeper" for entry in entries)
        errors = [entry for entry in entries if isinstance(entry, LevelError)]
        _check_outcome(folder, target, damaged, before, set_aside=any(error.damaged for error in errors))


@FUZZ
@given(data=st.data())
def test_saves(data: st.DataObject) -> None:
    with data_folder() as folder:
        _good_files()
        target = saves.saves_dir() / "Attacked.pgn"
        good = (saves.saves_dir() / "Keeper.pgn").read_bytes()
        before = _fingerprints(folder, target)
        damaged = _attack(target, good, data)
        entries = saves.list_saves()
        assert any(isinstance(entry, saves.SaveEntry) and entry.name == "Keeper" for entry in entries)
        bad = [entry for entry in entries if isinstance(entry, saves.DamagedSave)]
        _check_outcome(folder, target, damaged, before, set_aside=bool(bad) and not target.exists())
        with contextlib.suppress(saves.SaveError):
            if target.exists():
                saves.load_game(target)


@FUZZ
@given(data=st.data())
def test_autosave(data: st.DataObject) -> None:
    with data_folder() as folder:
        _good_files()
        match = Match(ATTANGLE, players=(Player.human(), Player.human()))
        match.play(ATTANGLE.parse_move("c3"))
        saves.write_autosave(match, level_name="Attangle")
        target = saves.autosave_path("attangle")
        good = target.read_bytes()
        before = _fingerprints(folder, target)
        damaged = _attack(target, good, data)
        with contextlib.suppress(saves.SaveError):
            saves.load_autosave("attangle")
        _check_outcome(folder, target, damaged, before, set_aside=False)


def test_the_fuzz_writes_nothing_in_the_source_tree() -> None:
    assert not (Path(__file__).resolve().parent.parent / ".hypothesis").exists()


@pytest.mark.parametrize("text", ["[" * 1000 + "]" * 1000, '{"language": ' * 2000])
def test_the_settings_of_the_issue_start_the_game(text: str, user_data_dir: Path) -> None:
    from game.driver import Driver

    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / "settings.json").write_text(text, encoding="utf-8")
    driver = Driver.fast()
    try:
        assert driver.app.settings.damaged is not None
        assert driver.top.name == "dialog"  # "Settings reset", naming the file
        assert not (user_data_dir / "settings.json").exists()
        assert [p.name for p in user_data_dir.iterdir() if is_set_aside(p)]
    finally:
        driver.app.close()
