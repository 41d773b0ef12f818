"""Demonstration set-ups of each screen, for ``main.py --demo NAME`` (README pictures, visual checks).

The screens are opened through the router, in a state worth a picture: a game
a dozen moves in, a finished game's results, sample saves and statistics. A
game's own demonstrations (Ataxx: the editor, keypad play) come from its
registry entry's ``demos``. Each demonstration says which games can show it
(``demo_games``): a game's own belongs to that game alone, a generic one to
every game with what it needs (puzzles, engines), so ``--demo`` opens a game
that can show it whichever game was chosen last. Screens that show the
player's files are shown on sample files written into a temporary user-data
folder, so a screenshot never reads or changes the player's own saves and
statistics.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import os
import random
import tempfile
import threading
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import games, paths
from game.engine import saves
from game.engine.match import Match, MatchConfig, Player
from game.engine.stats import Statistics, record_for
from game.i18n import tr
from game.scenes.level_cards import available_levels
from game.ui import theme

if TYPE_CHECKING:
    from game.games import GameDefinition
    from game.scenes.services import Services
    from game.stack import StackScene

__all__ = ["DEMOS", "demo_game", "demo_games", "plausible_move", "start_demo"]

DEMOS = (
    "menu",
    "newgame",
    "levels",
    "play",
    "results",
    "resign",
    "resigned",
    "pause",
    "options",
    "help",
    "attract",
    "load",
    "saveas",
    "statistics",
    "rules",
    "rules-f1",
    "about",
    "damaged-settings",
    "engines",
    "engines-add",
    "newgame-engine",
    "engine-stuck",
    "analysis",
    "puzzle",
    "puzzle-solved",
    "tutorial",
    "tutorial-done",
)
"""The generic demonstrations; a game adds its own (see ``GameExtras.demos``)."""


def _has_puzzles(definition: GameDefinition) -> bool:
    from game.engine.puzzles import has_shipped_puzzles

    return has_shipped_puzzles(definition.key)


def _has_tutorials(definition: GameDefinition) -> bool:
    from game.engine.tutorials import has_shipped_tutorials

    return has_shipped_tutorials(definition.key)


def _takes_engines(definition: GameDefinition) -> bool:
    return definition.extras.engine_protocol is not None


_NEEDS: dict[str, Callable[[GameDefinition], bool]] = {
    "puzzle": _has_puzzles,
    "puzzle-solved": _has_puzzles,
    "tutorial": _has_tutorials,
    "tutorial-done": _has_tutorials,
    "engines": _takes_engines,
    "engines-add": _takes_engines,
    "newgame-engine": _takes_engines,
    "engine-stuck": _takes_engines,
}
"""What a generic demonstration needs of a game; the others show any game."""


def demo_games(name: str) -> list[GameDefinition]:
    """The playable games that can show demonstration ``name``, in menu order.

    A game's own demonstration belongs to that game alone; a generic one to
    every game with what it needs (``_NEEDS``); a name nobody declares (the
    match screen is what it shows) to every game.
    """
    playable = games.playable_games()
    owners = [definition for definition in playable if name in definition.extras.demo_names]
    if owners:
        return owners
    need = _NEEDS.get(name)
    return [definition for definition in playable if need is None or need(definition)]


def demo_game(name: str, last: str) -> GameDefinition:
    """The game demonstration ``name`` opens: ``last`` (the game chosen last) if it can show it, else the
    first that can (any game, if none can)."""
    able = demo_games(name) or games.playable_games()
    return next((definition for definition in able if definition.key == last), able[0])


def plausible_move(match: Match[Any, Any], rng: random.Random) -> Any:
    """A move a beginner might play: the game's weakest computer level, thinking for a moment."""
    forced = match.forced_move()
    if forced is not None:
        return forced
    return _computer_move(_ai_of(match), match, "beginner", rng, 0.01)


def _computer_move(
    ai: Any, match: Match[Any, Any], level: str, rng: random.Random, time_budget: float | None
) -> Any:
    """The move ``ai`` chooses at ``level`` in ``match``'s position, here and now (no worker: a demonstration
    prepares its scene before it shows)."""
    text = ai.choose(
        match.position_text(),
        level,
        stop=threading.Event(),
        on_progress=lambda progress: None,
        rng=rng,
        time_budget=time_budget,
        memory={},
    )
    return match.rules.parse_move(text)


def _ai_of(match: Match[Any, Any]) -> Any:
    from game.games import game

    return game(match.rules.key).load_ai()


def play_out(
    match: Match[Any, Any], rng: random.Random, plies: int = 10_000, *, quick: bool = False
) -> Match[Any, Any]:
    """Play plausible moves (and roll the dice) until the end, or ``plies`` entries in all.

    ``quick``: random legal moves instead (many whole games, where the computer's would take seconds).
    """
    while match.ply < plies and not match.is_over:
        if match.at_chance:
            match.roll()
        elif quick:
            match.play(rng.choice(match.legal_moves()))
        else:
            match.play(plausible_move(match, rng))
    return match


def start_demo(app: Services, name: str) -> None:
    """Fill the stack with the screens leading to ``name``, in a state worth a picture."""
    app.router.push("menu")
    if name == "menu":
        return
    if name in _SIMPLE:
        _SIMPLE[name](app)
        return
    if app.game.has("demos") and app.game.load("demos")(app, name):
        return
    app.router.push("newgame")
    if name == "newgame":
        return
    config = MatchConfig(vs_computer=True, level="skilled", human_seat=0, first=0)
    app.router.push("levelselect", config)
    if name == "levels":
        return
    levels, _ = available_levels(app.game)
    scene = app.router.push("match", config, levels[min(3, len(levels) - 1)])
    rng = random.Random(4)
    if name == "results":
        scene.results_shown = True  # type: ignore[attr-defined]
        match = scene.match  # type: ignore[attr-defined]
        scene.match = Match(match.rules, match.start_text, match.players, elapsed=263.0, seed=4)  # type: ignore[attr-defined]
        play_out(scene.match, rng)  # type: ignore[attr-defined]
        app.router.push("results", scene)
        return
    play_out(scene.match, rng, 12)  # type: ignore[attr-defined]
    if name == "play":
        _pick_a_piece(scene)
    if name == "pause":
        app.router.push("pause", scene)
    if name == "resign":
        _ask_resign(scene)
    if name == "resigned":
        # The computer (seat 1) gives up: the results say so.
        scene.resign(1)  # type: ignore[attr-defined]
        scene.results_shown = True  # type: ignore[attr-defined]
        app.router.push("results", scene)


def _ask_resign(scene: Any) -> None:
    """The question Resign asks over the game, on the person's turn (played on to it if need be)."""
    match = scene.match
    rng = random.Random(5)
    while not scene.can_resign() and not match.is_over:
        if match.at_chance:
            match.roll()
        else:
            match.play(plausible_move(match, rng))
    scene.ask_resign()


def _pick_a_piece(scene: Any) -> None:
    """Pick up the piece with the most moves (those made in two clicks), so the picture shows its targets."""
    scene.ensure_layout()
    firsts: Counter[tuple[int, int]] = Counter()
    for move in scene.match.legal_moves():
        points = scene.board.click_points(move)
        if len(points) >= 2:
            firsts[tuple(points[0])] += 1
    if firsts:
        # Through the controller's own event handling: each game's ``press`` takes its own kind of place.
        pos = firsts.most_common(1)[0][0]
        scene.board.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))


def game_in_progress(app: Services, level_index: int = 1, plies: int = 10, seed: int = 9) -> StackScene:
    """A match screen against the computer, ``plies`` moves in."""
    levels, _ = available_levels(app.game)
    config = MatchConfig(vs_computer=True, level="skilled", human_seat=0, first=0)
    scene = app.router.push("match", config, levels[min(level_index, len(levels) - 1)])
    play_out(scene.match, random.Random(seed), plies)  # type: ignore[attr-defined]
    return scene


# -- the screens with files --


def _sample_folder() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="attax-demo-"))
    os.environ[paths.ENV_DATA_DIR] = str(folder)
    return folder


def _sample_saves(app: Services) -> None:
    levels, _ = available_levels(app.game)
    rules = app.game.load_rules()
    samples = [
        ("Sunday rematch", 0, (Player.human("You"), Player.computer("skilled")), 23),
        ("Diamond opening", 3, (Player.computer("expert"), Player.human("You")), 9),
        ("Family game", 6, (Player.human(), Player.human()), 41),
    ]
    for index, (name, level_index, players, plies) in enumerate(samples):
        level = levels[min(level_index, len(levels) - 1)]
        match = play_out(Match(rules, level.position, players), random.Random(index + 3), plies)
        path = saves.save_game(name, match, level_name=level.name)
        stamp = (
            _dt.datetime(2025, 3, 14, 20, 5) - _dt.timedelta(days=index * 3, hours=index * 5)
        ).timestamp()
        os.utime(path, (stamp, stamp))
    folder = saves.saves_dir()
    (folder / "old backup.pgn").write_bytes(b"\x00\x01binary junk\xff")
    (folder / "chess game.pgn").write_text('[Event "Chess"]\n\n1. e4 e5 2. Nf3 *\n', encoding="utf-8")


def _sample_statistics(app: Services) -> None:
    levels, _ = available_levels(app.game)
    rules = app.game.load_rules()
    rng = random.Random(12)
    statistics = Statistics(app.game.key)
    keys = ["beginner", "casual", "casual", "skilled", "skilled", "expert", "master"]
    for index in range(34):
        level = levels[rng.randrange(min(6, len(levels)))]
        if index % 6 == 5:
            players = (Player.human(), Player.human())
        else:
            players = (Player.human("You"), Player.computer(rng.choice(keys)))
        if index % 5 == 2:  # now and then a game given up halfway, by either side
            match = play_out(
                Match(rules, level.position, players), random.Random(100 + index), 16, quick=True
            )
            if not match.is_over:
                match.resign(index % 2)
        else:
            match = play_out(Match(rules, level.position, players), random.Random(100 + index), quick=True)
        when = _dt.datetime(2025, 1, 1) + _dt.timedelta(days=index)
        record = record_for(match, level_name=level.name, now=when)
        statistics.add(dataclasses.replace(record, seconds=60.0 + rng.random() * 600))
    from game.engine.puzzles import shipped_puzzles

    # A few puzzles solved, most at the first try, and a streak going.
    for index, puzzle in enumerate(shipped_puzzles(rules)[0][:23]):
        statistics.puzzles.solve(puzzle.id, 1 + (index % 7 == 3), index % 11 == 5)
    statistics.save()


def _load(app: Services) -> None:
    _sample_folder()
    _sample_saves(app)
    app.router.push("load")


def _statistics(app: Services) -> None:
    _sample_folder()
    _sample_statistics(app)
    app.router.push("statistics")


def _rules(app: Services) -> None:
    scene = app.router.push("rules", page=3)
    scene.page_time = 1.55  # type: ignore[attr-defined]  # mid-animation


def _rules_overlay(app: Services) -> None:
    game_in_progress(app)
    scene = app.router.push("rules", overlay=True, page=1)
    scene.page_time = 1.45  # type: ignore[attr-defined]


def _save_as(app: Services) -> None:
    scene = game_in_progress(app)
    app.router.push("pause", scene)
    app.router.push("saveas", scene)


def _damaged_settings(app: Services) -> None:
    app.settings.damaged = (
        str(paths.user_data_dir(create=False) / "settings.json"),
        "settings.damaged-20250314-200500.json",
    )  # the app shows its dialog once the demonstration is set up (App.start)


def _puzzle(app: Services, *, solved: bool = False) -> None:
    """The puzzles of the current game: one of the harder ones with a streak going, or solved."""
    _sample_folder()
    from game.engine.puzzles import shipped_puzzles

    puzzles, _ = shipped_puzzles(app.game.load_rules())
    if not puzzles:
        return
    # A puzzle of two moves for the first seat (seed 001's "Red to play and win!"), among the hardest.
    chosen = max(
        puzzles,
        key=lambda puzzle: (
            puzzle.moves == 2,
            puzzle.seat == 0,
            puzzle.grade,
            puzzle.tempting,
            -puzzle.number,
        ),
    )
    scene = app.router.push("puzzle", chosen.number)
    progress = scene.progress  # type: ignore[attr-defined]
    for puzzle in puzzles[: max(3, len(puzzles) // 4)]:
        progress.solve(puzzle.id, 1, False)
    progress.streak, progress.best_streak = 3, 7
    if solved:
        match = scene.match  # type: ignore[attr-defined]
        for move_text in chosen.solution:
            scene.play(match.rules.parse_move(move_text), animate=False)  # type: ignore[attr-defined]
        for _ in range(200):  # the game's closing animation (Attangle's triples light up) played out
            if not scene.board.finishing(0.5):  # type: ignore[attr-defined]
                break
        scene.results_timer = 0.05  # type: ignore[attr-defined]  # said at once, for the picture


def _tutorial(app: Services, *, done: bool = False) -> None:
    """The current game's first lesson at its third move asked of the player, or played to its end."""
    scene = app.router.push("tutorial", 1)
    steps = scene.tutorial.steps  # type: ignore[attr-defined]
    if done:
        for _ in steps:
            if scene.finished:  # type: ignore[attr-defined]
                break
            scene.skip_step()  # type: ignore[attr-defined]
        scene.board.skip()  # type: ignore[attr-defined]
        for _ in range(200):  # the game's closing animation played out
            if not scene.board.finishing(0.5):  # type: ignore[attr-defined]
                break
        scene.finished_at = -1.0  # type: ignore[attr-defined]  # the banner in full, for the picture
        return
    asked = [index for index, step in enumerate(steps) if step.by == "player"]
    scene.start_at(asked[min(2, len(asked) - 1)] if asked else 0)  # type: ignore[attr-defined]
    scene.step_shown_at = -1.0  # type: ignore[attr-defined]


def _attract(app: Services) -> None:
    scene = app.router.reset("attract", random.Random(7))
    play_out(scene.match, random.Random(2), 14)  # type: ignore[attr-defined]


# -- engines (other programs), for a game they can play --

_SAMPLE_ENGINES = (
    ("5a1e0c3b", "Attax Arcade 0.1.0", "python3 /home/me/attax-arcade/main.py --uai"),
    ("9d24f7e1", "Kataxx 2.3", "/opt/engines/kataxx/kataxx --threads 2 --hash 64"),
)


def _sample_engines(app: Services) -> bool:
    """Two engines in the game's settings (not saved); ``False`` for a game no engine can play."""
    from game.ui.settings import EngineEntry

    if app.game.extras.engine_protocol is None:
        app.router.push("options")
        return False
    section = app.settings.for_game(app.game.key)
    section.engines = [EngineEntry(key, name, command) for key, name, command in _SAMPLE_ENGINES]
    section.engine = _SAMPLE_ENGINES[1][0]
    return True


def _engines(app: Services) -> None:
    if _sample_engines(app):
        app.router.push("options")
        scene = app.router.push("engines")
        scene.message = (  # type: ignore[attr-defined]
            tr(
                "{name} is ready: it played {move} in {seconds} s",
                name="Kataxx 2.3",
                move="f6",
                seconds="0.2",
            ),
            theme.CLONE,
        )


def _engines_add(app: Services) -> None:
    if _sample_engines(app):
        app.router.push("options")
        app.router.push("engines")
        dialog = app.router.push("addengine")
        dialog.field.insert("/opt/engines/old-engine --uci")  # type: ignore[attr-defined]
        reason = tr("it did not answer “uai” within {seconds} seconds", seconds="10")
        dialog.error = tr("Not added: {reason}", reason=reason)  # type: ignore[attr-defined]


def _newgame_engine(app: Services) -> None:
    if _sample_engines(app):
        app.settings.for_game(app.game.key).opponent = "engine"
        app.router.push("newgame")


def _engine_stuck(app: Services) -> None:
    from game.engine.match import engine_level

    if not _sample_engines(app):
        return
    levels, _ = available_levels(app.game)
    key, name, _command = _SAMPLE_ENGINES[1]
    config = MatchConfig(True, engine_level(key), 0, 0, name)
    scene = app.router.push("match", config, levels[min(2, len(levels) - 1)])
    play_out(scene.match, random.Random(3), 9)  # type: ignore[attr-defined]  # the engine (Blue) to move
    reason = tr("it played {move}, which is not legal here", move="a1a1")
    scene.engine_failed(scene.match.player(1), reason)  # type: ignore[attr-defined]


def _analysis(app: Services) -> None:
    """A finished game of Casual against itself (one as "You"), analysed, on the move that gave most away."""
    from game.ai.analysis import DEFAULT_STRENGTH, STRENGTHS, Analysis
    from game.ai.analysis_run import analyse_in_process
    from game.ui.lang import level_name

    levels, _ = available_levels(app.game)
    rules = app.game.load_rules()
    ai = app.game.load_ai()
    players = (Player.human("You"), Player.computer("casual"))
    match = Match(rules, levels[0].position, players, app.settings.match_options(app.game.key), seed=5)
    rng = random.Random(11)
    while not match.is_over and match.ply < 400:
        if match.at_chance:
            match.roll()
            continue
        forced = match.forced_move()
        if forced is not None:
            match.play(forced)
            continue
        # The level's own time, which its depth never needs: the same game every time.
        match.play(_computer_move(ai, match, "casual", rng, None))
    analysis = Analysis.of_match(match, ai)
    # At the default strength, as the screen analyses (tests give the app a tiny budget).
    budget = app.options.ai_time_budget or dict(STRENGTHS)[DEFAULT_STRENGTH]
    analyse_in_process(analysis, ai, ai.hint_level.key, budget)
    scene = app.router.push("analysis", match, level_name(levels[0]), analysis=analysis)
    judged = [verdict for verdict in analysis.review().verdicts if verdict is not None and verdict.mark]
    if judged:  # the move that gave most away
        scene.show(max(judged, key=lambda verdict: verdict.loss).index)  # type: ignore[attr-defined]


_SIMPLE: dict[str, Callable[[Services], object]] = {
    "engines": _engines,
    "engines-add": _engines_add,
    "newgame-engine": _newgame_engine,
    "engine-stuck": _engine_stuck,
    "options": lambda app: app.router.push("options"),
    "help": lambda app: app.router.push("rules"),
    "about": lambda app: app.router.push("about"),
    "attract": _attract,
    "load": _load,
    "statistics": _statistics,
    "rules": _rules,
    "rules-f1": _rules_overlay,
    "saveas": _save_as,
    "damaged-settings": _damaged_settings,
    "analysis": _analysis,
    "puzzle": _puzzle,
    "puzzle-solved": lambda app: _puzzle(app, solved=True),
    "tutorial": _tutorial,
    "tutorial-done": lambda app: _tutorial(app, done=True),
}
