"""Demonstrations of the saves, statistics, rules and about screens (``main.py --demo NAME``).

The screens that show the player's files are demonstrated on sample files
written into a temporary user-data folder, so a screenshot never reads or
changes the player's own saves and statistics.
"""

from __future__ import annotations

import datetime as _dt
import os
import random
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from game import paths, saves
from game.engine.ataxx import Move, Side
from game.engine.match import Match, Player
from game.stats import Statistics, record_for

if TYPE_CHECKING:
    from game.app import App

__all__ = ["EXTRA_DEMOS", "extras_demo"]

EXTRA_DEMOS = ("load", "saveas", "statistics", "rules", "rules-f1", "about", "damaged-settings")


def _sample_folder() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="attax-demo-"))
    os.environ[paths.ENV_DATA_DIR] = str(folder)
    return folder


def _random_game(fen: str, players: tuple[Player, Player], plies: int, seed: int) -> Match:
    from game.scenes.demo import greedy_move

    rng = random.Random(seed)
    match = Match(fen, players)
    while match.ply < plies and not match.is_over:
        moves = match.legal_moves()
        move = greedy_move(match.board, rng) if rng.random() < 0.6 else rng.choice(moves)
        match.play(move)
    return match


def _sample_saves() -> None:
    from game.scenes.levelselect import available_levels

    levels, _ = available_levels()
    you_vs = (Player.human("You"), Player.computer("skilled", "Skilled"))
    samples = [
        ("Sunday rematch", 0, you_vs, 23),
        ("Diamond opening", 3, (Player.computer("expert", "Expert"), Player.human("You")), 9),
        ("Family game", 6, (Player.human("Red"), Player.human("Blue")), 41),
    ]
    for index, (name, level_index, players, plies) in enumerate(samples):
        level = levels[min(level_index, len(levels) - 1)]
        match = _random_game(level.fen, players, plies, seed=index + 3)
        path = saves.save_game(name, match, level_name=level.name)
        stamp = (
            _dt.datetime(2025, 3, 14, 20, 5) - _dt.timedelta(days=index * 3, hours=index * 5)
        ).timestamp()
        os.utime(path, (stamp, stamp))
    folder = saves.saves_dir()
    (folder / "old backup.pgn").write_bytes(b"\x00\x01binary junk\xff")
    (folder / "chess game.pgn").write_text('[Event "Chess"]\n\n1. e4 e5 2. Nf3 *\n', encoding="utf-8")


def _sample_statistics() -> None:
    from game.scenes.levelselect import available_levels

    levels, _ = available_levels()
    rng = random.Random(12)
    statistics = Statistics()
    keys = ["beginner", "casual", "casual", "skilled", "skilled", "expert", "master"]
    for index in range(34):
        level = levels[rng.randrange(min(6, len(levels)))]
        if index % 6 == 5:
            players = (Player.human("Red"), Player.human("Blue"))
        else:
            players = (Player.human("You"), Player.computer(rng.choice(keys)))
        match = _random_game(level.fen, players, 400, seed=100 + index)
        when = _dt.datetime(2025, 1, 1) + _dt.timedelta(days=index)
        record = record_for(match, level_name=level.name, now=when) if match.is_over else None
        if record is not None:
            record = record.__class__(**{**record.__dict__, "seconds": 60.0 + rng.random() * 600})
            statistics.add(record)
    statistics.save()


def extras_demo(app: App, name: str) -> None:
    """Push the screens of demonstration ``name`` over the menu already on the stack."""
    if name == "load":
        from game.scenes.saveload import LoadScene

        _sample_folder()
        _sample_saves()
        app.push(LoadScene(app))
    elif name == "statistics":
        from game.scenes.statistics import StatisticsScene

        _sample_folder()
        _sample_statistics()
        app.push(StatisticsScene(app))
    elif name == "rules":
        from game.scenes.rules import RulesScene

        scene = RulesScene(app, page=3)
        scene.page_time = 1.55  # mid-infection: pieces turning over
        app.push(scene)
    elif name == "about":
        from game.scenes.about import AboutScene

        app.push(AboutScene(app))
    elif name == "damaged-settings":
        from game.scenes.saveload import damaged_settings_dialog

        app.settings.damaged = (
            str(paths.user_data_dir(create=False) / "settings.json"),
            "settings.damaged-20250314-200500.json",
        )
        app.push(damaged_settings_dialog(app))
    elif name in ("saveas", "rules-f1"):
        from game.scenes.demo import greedy_move
        from game.scenes.levelselect import available_levels
        from game.scenes.newgame import GameConfig
        from game.scenes.play import PlayScene

        levels, _ = available_levels()
        config = GameConfig(vs_computer=True, level="skilled", human_side=Side.RED, first=Side.RED)
        play = PlayScene(app, config, levels[min(1, len(levels) - 1)])
        app.push(play)
        rng = random.Random(9)
        for _ in range(10):
            if play.match.is_over or play.match.legal_moves() == [Move.null()]:
                break
            play.match.play(greedy_move(play.match.board, rng))
        if name == "saveas":
            from game.scenes.pause import PauseScene
            from game.scenes.saveload import SaveAsScene

            app.push(PauseScene(app, play))
            app.push(SaveAsScene(app, play))
        else:
            from game.scenes.rules import RulesScene

            scene = RulesScene(app, overlay=True, page=1)
            scene.page_time = 1.45
            app.push(scene)
