"""The registry: one definition per game of the arcade (design.md, "One arcade, three games").

A game plugs in here and in its own subpackages (``game/engine/<key>/``,
``game/ai/<key>/``, ``game/scenes/<key>/``); nothing generic names a game. A
``GameDefinition`` has six fields: the game's key, its identity
(``GameIdentity``: name, tagline, tile, motto, its two seats' names and colours
in every palette), the ``"module:attribute"`` paths of its core, imported only
when used (the rules, ``GameRules``; the AI, ``GameAI``; the board controller
of the match screen), and its optional parts (``GameExtras``: level editor,
rules pages, UAI engine and the protocol engines that play it speak,
demonstrations, campaign). Whether it has dice is its rules' to say (their traits). So
importing this module is cheap and pygame-free: the AI's child process and the
terminal version use it too.

What a game brings to the shared services lives in its screens' package
(``GameDefinition.package``), found there by the registry: its own sound
effects (a ``sounds`` module with ``synthesise(rng)``) and its translations
(``locale/<language>/*.toml``).

A game without rules yet is shown on the menu as "coming soon".

>>> [definition.key for definition in GAMES]
['ataxx', 'attangle', 'lionheart']
>>> game("ataxx").playable, game("attangle").playable, game("lionheart").playable
(True, True, True)
>>> game("chess")
Traceback (most recent call last):
...
game.games.UnknownGameError: unknown game 'chess'; the games are: ataxx, attangle, lionheart
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.ai.api import GameAI
    from game.engine.rules import GameRules
    from game.ui.synth import SoundMaker

__all__ = [
    "GAMES",
    "PALETTE_KEYS",
    "GameDefinition",
    "GameExtras",
    "GameIdentity",
    "SeatLook",
    "UnknownGameError",
    "game",
    "game_sounds",
    "playable_games",
    "resolve",
]

Colour = tuple[int, int, int]

SOURCE_DIR = Path(__file__).resolve().parent.parent
"""The folder holding the ``game`` package: a package ``game.x.y`` is in its ``game/x/y/``."""

CHECK_SEARCH = "game.ai.api:check_search"
"""What refuses a game's AI whose search cannot handle one of the game's traits."""

PALETTE_KEYS = ("classic", "neon", "colourblind")
"""The palettes of the options screen; every game gives its seats' looks in each."""


class UnknownGameError(KeyError, ValueError):
    """No game has that key; the message lists the games."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


@dataclasses.dataclass(frozen=True)
class SeatLook:
    """How one seat looks in one palette: its name (an English key for ``tr``), colour and mark."""

    name: str
    colour: Colour
    mark: str = ""
    """A mark the palette always draws on the pieces ("cross", "ring"), so sides differ by shape too."""


@dataclasses.dataclass(frozen=True)
class GameIdentity:
    """How a game shows itself: its names, menu tile and seats (every text an English key for ``tr``)."""

    name: str
    """Display name."""
    tagline: str
    """One line under the name on the menu tile."""
    seats: Mapping[str, tuple[SeatLook, SeatLook]]
    """For every palette key, seat 0's and seat 1's look."""
    tile: str
    """``module:function`` drawing the menu tile's picture: ``draw(surface, centre, radius, colours)``, the
    seats' colours in the palette chosen."""
    motto: str = ""
    """The menu's line under its title while the game is chosen (three verbs, in capitals); none: the
    tagline in capitals."""


@dataclasses.dataclass(frozen=True)
class GameExtras:
    """The parts a game may have or not, as ``module:attribute`` paths (``None``: the game has none), with
    what goes with them (the protocol engines of the game speak, the demonstrations' names)."""

    editor: str | None = None
    """The game's level editor scene."""
    rules_pages: str | None = None
    """The game's rules pages (``game.scenes.rules`` shows them)."""
    uai: str | None = None
    """``module:function`` running a UAI engine on stdin/stdout, for games other software can drive."""
    engine_protocol: str | None = None
    """The protocol other programs that play the game speak (``"uai"``): the player may add such
    engines as opponents (Options → Engines). ``None``: only the game's own computer plays it."""
    demos: str | None = None
    """``module:function(app, name) -> bool`` setting up the game's own demonstrations (``main.py --demo``)."""
    demo_names: tuple[str, ...] = ()
    """The names of those demonstrations."""
    campaign: str | None = None
    """The game's campaign screen (battles in order, each with a goal and a story): the menu offers it."""


_CORE_PARTS = ("rules", "ai", "board")
_EXTRA_PARTS = ("editor", "rules_pages", "uai", "demos", "campaign")


@dataclasses.dataclass(frozen=True)
class GameDefinition:
    """One game of the arcade (see the module docstring)."""

    key: str
    identity: GameIdentity
    rules: str | None = None
    """``module:attribute`` of the game's ``GameRules`` (pygame-free); ``None`` until the game exists."""
    ai: str | None = None
    """``module:attribute`` of the game's ``GameAI`` (pygame-free)."""
    board: str | None = None
    """``module:attribute`` of the board controller class the match screen drives."""
    extras: GameExtras = GameExtras()
    """The optional parts."""

    @property
    def name(self) -> str:
        """The game's display name, an English key for ``tr``."""
        return self.identity.name

    @property
    def playable(self) -> bool:
        """Whether the game can be played (it has rules and a board); otherwise it is "coming soon"."""
        return self.rules is not None and self.board is not None

    def seat_looks(self, palette: str) -> tuple[SeatLook, SeatLook]:
        """The seats' looks in ``palette`` (the classic one for an unknown key)."""
        seats = self.identity.seats
        return seats.get(palette) or seats["classic"]

    def load_rules(self) -> GameRules[Any, Any]:
        """The game's rules object; ``LookupError`` for a game that has none yet."""
        rules: GameRules[Any, Any] = resolve(self._require(self.rules, "rules"))
        return rules

    def load_ai(self) -> GameAI:
        """The game's AI; ``LookupError`` for a game without one, ``game.ai.api.UnsupportedGameError``
        (a ``ValueError``) when its search cannot handle one of the traits of the game's rules."""
        ai: GameAI = resolve(self._require(self.ai, "computer opponent"))
        if self.rules is not None:
            # By path, as every AI part here: the engine reaches this module and never imports game.ai.
            resolve(CHECK_SEARCH)(ai, self.load_rules())
        return ai

    def load(self, part: str) -> Any:
        """One of the game's parts by name (``board``, ``tile``, or one of ``GameExtras``' paths)."""
        return resolve(self._require(self._path(part), part))

    def has(self, part: str) -> bool:
        """Whether the game has the part ``part`` (as ``load`` names it)."""
        return self._path(part) is not None

    def _path(self, part: str) -> str | None:
        if part in _CORE_PARTS:
            path: str | None = getattr(self, part)
        elif part in _EXTRA_PARTS:
            path = getattr(self.extras, part)
        elif part == "tile":
            path = self.identity.tile
        else:
            path = None
        return path

    @property
    def package(self) -> str:
        """The game's screens' package, which also holds its sounds and translations (module docstring)."""
        return f"game.scenes.{self.key}"

    def catalogue_folder(self, language: str) -> Path:
        """The folder of the game's own translations into ``language`` (which may not exist)."""
        return SOURCE_DIR.joinpath(*self.package.split("."), "locale", language)

    def load_sounds(self) -> SoundMaker | None:
        """The game's own sound effects' ``synthesise(rng)``; ``None`` for a game with only the shared ones."""
        module = f"{self.package}.sounds"
        try:
            found = importlib.util.find_spec(module)
        except ModuleNotFoundError:  # no screens' package of its own (a game defined elsewhere: a test's)
            return None
        if found is None:
            return None
        sounds: SoundMaker = resolve(f"{module}:synthesise")
        return sounds

    def _require(self, path: str | None, what: str) -> str:
        if path is None:
            raise LookupError(f"{self.name} has no {what} yet")
        return path


def resolve(path: str) -> Any:
    """The object a ``module:attribute`` path names (the module is imported on first use)."""
    module_name, _, attribute = path.partition(":")
    value: Any = importlib.import_module(module_name)
    for part in attribute.split(".") if attribute else ():
        value = getattr(value, part)
    return value


GAMES: tuple[GameDefinition, ...] = (
    GameDefinition(
        key="ataxx",
        identity=GameIdentity(
            name="Ataxx",
            tagline="Clone, jump, infect",
            seats={
                "classic": (SeatLook("Red", (255, 72, 88)), SeatLook("Blue", (58, 140, 255))),
                "neon": (SeatLook("Gold", (255, 196, 46)), SeatLook("Violet", (170, 96, 255))),
                # Orange and blue: told apart by nearly every form of colour blindness, and marked.
                "colourblind": (
                    SeatLook("Orange", (255, 146, 28), "cross"),
                    SeatLook("Blue", (40, 120, 255), "ring"),
                ),
            },
            tile="game.scenes.ataxx.tile:draw_tile",
            motto="INFECT  ·  EXPAND  ·  CONQUER",
        ),
        rules="game.engine.ataxx.rules:RULES",
        ai="game.ai.ataxx.player:AI",
        board="game.scenes.ataxx.board:AtaxxBoard",
        extras=GameExtras(
            editor="game.scenes.ataxx.editor:EditorScene",
            rules_pages="game.scenes.ataxx.pages:RULES_PAGES",
            uai="game.ai.ataxx.uai:main",
            engine_protocol="uai",
            demos="game.scenes.ataxx.demos:start_demo",
            demo_names=("keypad", "cursor", "editor", "editor-problems", "editor-save", "editor-open"),
        ),
    ),
    GameDefinition(
        key="attangle",
        identity=GameIdentity(
            name="Attangle",
            tagline="Stack on the hexagon",
            seats={
                "classic": (SeatLook("White", (236, 236, 244)), SeatLook("Black", (58, 62, 84))),
                "neon": (SeatLook("Ivory", (255, 236, 190)), SeatLook("Indigo", (92, 80, 200))),
                "colourblind": (
                    SeatLook("White", (240, 240, 240), "ring"),
                    SeatLook("Black", (30, 30, 40), "cross"),
                ),
            },
            tile="game.scenes.attangle.tile:draw_tile",
            motto="PLACE  ·  CAPTURE  ·  STACK",
        ),
        rules="game.engine.attangle.rules:RULES",
        ai="game.ai.attangle.player:AI",
        board="game.scenes.attangle.board:AttangleBoard",
        extras=GameExtras(
            rules_pages="game.scenes.attangle.pages:RULES_PAGES",
            demos="game.scenes.attangle.demos:start_demo",
            demo_names=("capture", "grand"),
        ),
    ),
    GameDefinition(
        key="lionheart",
        identity=GameIdentity(
            name="Lionheart",
            tagline="Medieval dice battle",
            seats={
                "classic": (SeatLook("Gold", (236, 184, 52)), SeatLook("Silver", (196, 206, 222))),
                "neon": (SeatLook("Amber", (255, 160, 40)), SeatLook("Cyan", (80, 220, 255))),
                "colourblind": (
                    SeatLook("Gold", (255, 176, 0), "cross"),
                    SeatLook("Silver", (150, 170, 200), "ring"),
                ),
            },
            tile="game.scenes.lionheart.tile:draw_tile",
            motto="MARCH  ·  ROLL  ·  PREVAIL",
        ),
        rules="game.engine.lionheart.rules:RULES",
        ai="game.ai.lionheart.player:AI",
        board="game.scenes.lionheart.board:LionheartBoard",
        extras=GameExtras(
            editor="game.scenes.lionheart.editor:BattleEditorScene",
            rules_pages="game.scenes.lionheart.pages:RULES_PAGES",
            demos="game.scenes.lionheart.demos:start_demo",
            demo_names=(
                "battle",
                "dice",
                "odds",
                "builder",
                "silver",
                "hint",
                "campaign",
                "campaign-story",
                "campaign-battle",
                "campaign-won",
                "battle-editor",
                "battle-editor-problems",
                "battle-editor-open",
                "battle-editor-play",
            ),
            campaign="game.scenes.lionheart.campaign:CampaignScene",
        ),
    ),
)


def game(key: str) -> GameDefinition:
    """The definition of the game ``key``; ``UnknownGameError`` (a ``KeyError``) naming the games otherwise."""
    for definition in GAMES:
        if definition.key == key:
            return definition
    names = ", ".join(definition.key for definition in GAMES)
    raise UnknownGameError(f"unknown game {key!r}; the games are: {names}")


def game_sounds() -> tuple[SoundMaker, ...]:
    """The games' own sound effects' synthesisers, in menu order (the player adds them to the shared ones)."""
    return tuple(sounds for definition in GAMES if (sounds := definition.load_sounds()) is not None)


def playable_games() -> list[GameDefinition]:
    """The games that can be played now, in menu order."""
    return [definition for definition in GAMES if definition.playable]
