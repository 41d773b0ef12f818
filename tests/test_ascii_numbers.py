"""Numbers in files, positions, command lines and engine output are ASCII digits, everywhere.

``str.isdigit()`` accepts ``"²"`` (which ``int()`` refuses) and ``int()`` accepts ``"٣"`` (an
Arabic-Indic three): a save whose ``SchemaVersion`` is ``"²"`` raised out of the Load list, Continue,
the terminal and the migration of the old autosave; the terminal's ``--level-file ²`` ended in a
traceback. Every reader here refuses such numbers as it refuses any other bad value, and a save that
holds one is set aside like every damaged file, the others listed as usual.
"""

from __future__ import annotations

import io
import re

import pytest

from game.engine import saves
from game.engine.match import Match, Player
from game.filedata import ascii_int, ascii_number
from game.games import game
from game.text.cli import main

ATAXX = game("ataxx").load_rules()
LIONHEART = game("lionheart").load_rules()
UNICODE_DIGITS = ("²", "٣", "1²", "³3", "１")
"""A superscript two (``isdigit``, not ``int``), an Arabic-Indic three and a fullwidth one (both ``int``)."""


def test_ascii_int_reads_ascii_digits_only() -> None:
    assert ascii_int("0") == 0 and ascii_int("042") == 42 and ascii_int("7" * 6, max_digits=6) == 777777
    for text in (*UNICODE_DIGITS, "", " 1", "1 ", "+1", "-1", "1_000", "1.0", "0x1", "7" * 7):
        assert ascii_int(text, max_digits=6) is None, text
    assert ascii_int("-12", signed=True) == -12 and ascii_int("+3", signed=True) == 3
    assert ascii_int("-", signed=True) is None and ascii_int("-٣", signed=True) is None


def test_ascii_number_reads_decimals_in_ascii_digits_only() -> None:
    assert ascii_number("2.5") == 2.5 and ascii_number(" 90 ") == 90.0 and ascii_number(".5") == 0.5
    assert ascii_number("-1", signed=True) == -1.0
    for text in (*UNICODE_DIGITS, "٣.٥", "", "nan", "inf", "1e3", "1_0", "-1", "1.2.3", "."):
        assert ascii_number(text) is None, text


def _save_with(tag: str, value: str, rules: object = ATAXX) -> str:
    match = Match(rules, players=(Player.human("Ann"), Player.human("Bob")))  # type: ignore[arg-type]
    text = saves.match_to_pgn(match)
    changed, count = re.subn(rf'\[{tag} "[^"]*"\]', f'[{tag} "{value}"]', text)
    if not count:
        changed = text.replace("[Event ", f'[{tag} "{value}"]\n[Event ', 1)
    return changed


@pytest.mark.parametrize("digits", ["²", "٣", "１"])
def test_a_save_with_a_unicode_schema_version_is_set_aside_and_hides_no_other(digits: str) -> None:
    saves.save_game("good one", Match(ATAXX))
    bad = saves.saves_dir() / "odd.pgn"
    bad.write_text(_save_with("SchemaVersion", digits), encoding="utf-8")
    entries = {entry.name: entry for entry in saves.list_saves()}
    assert isinstance(entries["good one"], saves.SaveEntry)
    damaged = entries["odd"]
    assert isinstance(damaged, saves.DamagedSave)
    assert "odd.pgn" in damaged.reason and "SchemaVersion" in damaged.reason
    assert not bad.exists() and damaged.path.name.startswith("odd.damaged-")
    with pytest.raises(saves.SaveError) as caught:
        saves.load_game(damaged.path)
    assert caught.value.damaged


@pytest.mark.parametrize(
    ("tag", "value", "rules"),
    [
        ("SchemaVersion", "²", ATAXX),
        ("Seed", "٣", LIONHEART),
        ("Seed", "²", LIONHEART),
        ("Draws", "٣", LIONHEART),
        ("Draws", "²", LIONHEART),
    ],
)
def test_every_number_of_a_save_is_ascii(tag: str, value: str, rules: object) -> None:
    path = saves.saves_dir() / "odd.pgn"
    path.write_text(_save_with(tag, value, rules), encoding="utf-8")
    with pytest.raises(saves.SaveError, match=f"odd.pgn: bad {tag} tag") as caught:
        saves.load_game(path)
    assert caught.value.damaged


def test_a_time_spent_in_unicode_digits_is_no_time() -> None:
    path = saves.saves_dir() / "odd.pgn"
    path.write_text(_save_with("TimeSpent", "٣٣"), encoding="utf-8")
    match, _ = saves.load_game(path)
    assert match.elapsed < 1.0


def test_continue_with_a_unicode_schema_version_is_a_damaged_autosave() -> None:
    path = saves.autosave_path("ataxx")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(_save_with("SchemaVersion", "²"), encoding="utf-8")
    with pytest.raises(saves.SaveError, match=r"ataxx\.pgn: bad SchemaVersion") as caught:
        saves.load_autosave("ataxx")
    assert caught.value.damaged


def test_a_legacy_autosave_with_a_unicode_schema_version_is_set_aside_once(user_data_dir: object) -> None:
    folder = saves.user_data_dir()
    legacy = folder / saves.LEGACY_AUTOSAVE_NAME
    legacy.write_text(_save_with("SchemaVersion", "²"), encoding="utf-8")
    reason = saves.migrate_legacy_autosave()
    assert reason is not None and "SchemaVersion" in reason
    assert not legacy.exists() and len(list(folder.glob("autosave.damaged-*.pgn"))) == 1
    # The next launch finds nothing to migrate: no error at every start.
    assert saves.migrate_legacy_autosave() is None
    assert not saves.has_autosave("ataxx") and saves.load_autosave("ataxx") is None


def test_the_terminal_lists_and_loads_around_a_unicode_schema_version() -> None:
    saves.save_game("mine", Match(ATAXX))
    (saves.saves_dir() / "odd.pgn").write_text(_save_with("SchemaVersion", "²"), encoding="utf-8")
    (saves.saves_dir() / "other.pgn").write_text(_save_with("SchemaVersion", "²"), encoding="utf-8")
    output = io.StringIO()
    code = main([], stdin=io.StringIO("load other\nload\nquit\n"), stdout=output, sleep=lambda _: None)
    said = output.getvalue()
    assert code == 0, said
    assert "Saved games: mine" in said
    assert "Cannot load other: other.pgn: bad SchemaVersion tag" in said


@pytest.mark.parametrize("name", ["²", "٣", "1²"])
def test_a_level_file_named_in_unicode_digits_is_one_line_and_exit_2(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--level-file", name], stdin=io.StringIO(), stdout=io.StringIO())
    assert exited.value.code == 2
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert last.startswith(f"main.py --text: error: --level-file: no level called {name!r}"), last


def test_a_level_file_named_by_its_ascii_number_still_works() -> None:
    output = io.StringIO()
    code = main(["--level-file", "4"], stdin=io.StringIO("quit\n"), stdout=output, sleep=lambda _: None)
    assert code == 0 and "Diamond" in output.getvalue()


# -- the other readers of numbers --


def test_positions_and_moves_read_ascii_digits_only() -> None:
    from game.engine.ataxx import Board
    from game.engine.ataxx.keypad import parse_cell
    from game.engine.lionheart import Move as LionheartMove
    from game.engine.pgn import PgnError, parse_pgn

    for typed in ("²³", "١١", "１１"):
        with pytest.raises(ValueError, match="is not a cell"):
            parse_cell(typed)
    with pytest.raises(ValueError):
        Board("x5o/7/7/7/7/7/o5x x ٣ 1")
    assert LionheartMove.from_text("I@c2").figures is None or LionheartMove.from_text("I4@c2").figures == 4
    for text in ("I٣@c2", "P²@c2", "P١@c2"):
        with pytest.raises(ValueError):
            LionheartMove.from_text(text)
    assert [str(move) for move in parse_pgn("1. b6 f6 *", ATAXX).moves] == ["b6", "f6"]
    with pytest.raises(PgnError, match="move 1"):
        parse_pgn("١. b6 f6 *", ATAXX)


def test_a_level_numbered_in_unicode_digits_has_no_number(tmp_path: object) -> None:
    from pathlib import Path

    from game.engine.levels import load_level

    folder = Path(str(tmp_path))
    text = 'game = "ataxx"\nschema_version = 2\nname = "N"\nfen = "x5o/7/7/7/7/7/o5x x 0 1"\n'
    for name, number in (("04-n.toml", 4), ("٠٤-n.toml", None), ("²-n.toml", None)):
        (folder / name).write_text(text, encoding="utf-8")
        assert load_level(folder / name, ATAXX).number == number, name


def test_an_engine_s_numbers_are_ascii() -> None:
    from game.ai.worker.uai_client import parse_info

    for line in ("info depth 3 score cp -12 nodes 40 time 2 pv g2", "info depth 3 score mate +2"):
        assert parse_info(line.split()) is not None, line
    for line in ("info depth ٣ score cp 5", "info depth 3 score cp ٥", "info depth ² score cp 5"):
        assert parse_info(line.split()) is None, line


def test_the_terminal_s_cells_and_seconds_are_ascii(capsys: pytest.CaptureFixture[str]) -> None:
    output = io.StringIO()
    main([], stdin=io.StringIO("²³\n١١\nquit\n"), stdout=output, sleep=lambda _: None)
    assert output.getvalue().count("Type the row then the column") == 2, output.getvalue()
    for option in ("--delay", "--think-time"):
        with pytest.raises(SystemExit) as exited:
            main([option, "٣"], stdin=io.StringIO(), stdout=io.StringIO())
        assert exited.value.code == 2
        assert "is not a number of seconds" in capsys.readouterr().err


def test_window_sizes_and_timers_are_ascii(capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.util
    from pathlib import Path

    from game.scenes.kiosk import positive_seconds

    with pytest.raises(ValueError, match="is not a number of seconds"):
        positive_seconds("٣")
    assert positive_seconds("3") == 3.0
    spec = importlib.util.spec_from_file_location("attax_main", Path(__file__).parent.parent / "main.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.parse_args(["--size", "800x600"]).size == (800, 600)
    with pytest.raises(SystemExit) as exited:
        module.parse_args(["--size", "٨٠٠x٦٠٠"])
    assert exited.value.code == 2 and "is not a size" in capsys.readouterr().err


def test_a_statistics_record_s_numbers_are_json_numbers(user_data_dir: object) -> None:
    import json
    from pathlib import Path

    from game.engine.stats import STATS_FILE, Statistics

    good = {
        "finished_at": "2026-11-20T18:00:00",
        "opponent": "computer",
        "difficulty": "expert",
        "level_name": "Classic",
        "seat": 0,
        "result": "win",
        "plies": 12,
        "seconds": 30.5,
        "scores": [30, 19],
        "moves": 6,
    }
    records = [good]
    for field, text in (("plies", "١٢"), ("plies", "12"), ("seconds", "٣٠"), ("moves", "٦"), ("plies", True)):
        records.append({**good, field: text})
    records.append({**good, "scores": ["٣٠", 19]})
    folder = Path(str(user_data_dir))
    folder.mkdir(parents=True, exist_ok=True)
    data = {"schema_version": 4, "games": {"ataxx": {"records": records}}}
    (folder / STATS_FILE).write_text(json.dumps(data), encoding="utf-8")
    stats = Statistics.load("ataxx")
    assert len(stats.records) == 1 and stats.records[0].plies == 12
    assert "6 damaged record(s) skipped" in stats.load_message
