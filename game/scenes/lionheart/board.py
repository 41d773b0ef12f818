"""The Lionheart battlefield on the match screen: ``LionheartBoard``, the board controller of Lionheart's entry.

Playing with the mouse:

- click one of your units to choose it: the squares it can move to show a
  dot, the enemies it can attack a red ring (archers shade their 3 x 3
  zone), and four turn handles stand on its sides (the one it faces left out);
- point at an enemy in reach to see the odds of the attack before making it:
  the chance of killing at least one figure, of destroying the unit, and of
  panicking; click it to attack (the dice roll in the tray under the field);
- click a dot to move, a handle to turn; click the unit again (or right
  click, or Esc) to let it go.

The keyboard moves a cursor over the squares (the arrows); Enter does what a
click there would; N, E, S, W (or Shift and an arrow) turn the chosen unit.
In level 2's set-up the army builder stands over the middle of the field:
choose a kind (a click, or the keys 1 to 7; a second press changes the base's
size), then a free square of your home ranks; "Ready" (or D) ends the set-up.

The board is this class and its mixins, one a responsibility: the clicks and
keys (``keys``), the army builder's clicks (``builder``), the turn handles
(``handles``), the odds box (``odds``), the overlays and the animations
(``overlays``), the dice tray (``tray``) and the battle log (``log``). Each is written against what it
reads of the board (``host.FieldHost``, widened in its own module), not against this class.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.engine.lionheart import MAX_BASES, Action, Battle, Move
from game.engine.lionheart.odds import AttackOdds
from game.i18n import ntr, tr
from game.scenes.board_base import SHAKE_TIME, CursorBoard
from game.scenes.lionheart.anim import EntryAnimation
from game.scenes.lionheart.builder import ArmyBuilder, BuilderClicks
from game.scenes.lionheart.handles import TurnHandles
from game.scenes.lionheart.keys import BoardKeys
from game.scenes.lionheart.log import BattleLog
from game.scenes.lionheart.odds import OddsBox
from game.scenes.lionheart.overlays import FieldOverlays, mark_of
from game.scenes.lionheart.tray import DiceTray
from game.scenes.lionheart.units import die_sprite, draw_unit
from game.scenes.lionheart.view import FieldView, thumbnail
from game.scenes.lionheart.words import (
    BattleRecord,
    action_words,
    faces_text,
    hint_text,
    kind_name,
    read_battle,
)
from game.ui import theme
from game.ui.lang import seat_name

if TYPE_CHECKING:
    from game.scenes.board_host import BoardHost

__all__ = ["LionheartBoard"]


class LionheartBoard(
    BoardKeys,
    BuilderClicks,
    TurnHandles,
    OddsBox,
    FieldOverlays,
    DiceTray,
    BattleLog,
    CursorBoard[Battle, Move | tuple[str, ...], str],
):
    """The field, the units, the choice of an action, the dice tray, the army builder, keys, animations."""

    anim: EntryAnimation | None
    hint_move: Move | None
    """The hint on show: an action (the computer never hints a roll)."""

    thumbnail = staticmethod(thumbnail)

    def __init__(self, scene: BoardHost[Battle, Move | tuple[str, ...]]) -> None:
        super().__init__(scene)
        self.view = FieldView()
        self.builder = ArmyBuilder()
        self.cursor = "e2"
        self._cursor_shown = False
        self._record_key: object = None
        self._record: BattleRecord | None = None
        self._odds: dict[tuple[int, str], AttackOdds] = {}
        self.reset()

    # -- what the board reads of the scene --

    def flipped(self) -> bool:
        """Whether the field is drawn turned about: a person playing Silver against the computer."""
        players = self.match.players
        return self.scene.vs_computer and players[1].is_human and not players[0].is_human

    # -- the match --

    def reset(self) -> None:
        super().reset()
        self.selected: str | None = None
        self.hover: str | None = None
        self.hover_pos: tuple[int, int] | None = None
        self.time = 0.0

    def before_move(self, move: Move | tuple[str, ...]) -> Battle:
        return self.position.copy()

    def after_move(self, move: Move | tuple[str, ...], note: Battle, *, animate: bool) -> None:
        battle = self.position
        self._odds.clear()
        keep = None
        if isinstance(move, Move) and move.action in (Action.MOVE, Action.TURN):
            square = move.target if move.action is Action.MOVE else move.square
            unit = battle.unit_at(square)
            if (
                unit is not None
                and unit.owner == battle.turn
                and self.human_turn()
                and battle.moves_from(square)
            ):
                keep = square
        self.selected = keep
        if animate:
            self.anim = EntryAnimation(note, battle.copy(), move, self.scene.speed, seed=self.match.ply - 1)
        else:
            self.app.audio.play(self._sound_of(move, note))

    @staticmethod
    def _sound_of(move: Move | tuple[str, ...], before: Battle) -> str:
        if isinstance(move, tuple):
            return "dice"
        if move.action is Action.TURN:
            return "turn"
        if move.action is Action.ATTACK:
            return "coins" if before.is_bribe(move) else "lunge"
        return "march"

    def shakes(self, place: str) -> bool:
        return self.position.unit_at(place) is not None  # a unit shakes, an empty square cannot

    # -- what the panel shows --

    def displayed_score(self, seat: int) -> int:
        if self.scene.hidden_seat() == seat:
            return 0
        battle = self.position
        if self.anim is not None and self.anim.phase()[0] in ("roll", "land", "fly"):
            battle = self.anim.before  # the figures fall once the dice have spoken
        return sum(unit.figures for unit in battle.army(seat))

    def score_text(self, seat: int, score: int) -> str:
        if self.scene.hidden_seat() == seat and not self.match.is_over:
            return "?"
        return str(score)

    def score_caption(self) -> str:
        return tr("Figures")

    def score_bar(self) -> tuple[int, int, int] | None:
        if self.scene.hidden_seat() is not None:
            return None
        gold, silver = self.displayed_score(0), self.displayed_score(1)
        return gold, silver, max(1, gold + silver)

    def turn_state(self) -> list[str] | None:
        battle = self.position
        if self.match.is_over:
            return ["", ""]
        if battle.in_setup:
            lines = []
            for seat in (0, 1):
                if seat == battle.side:
                    lines.append(tr("{side}: setting up", side=seat_name(seat)))
                elif seat < battle.side:
                    lines.append(tr("{side}: ready", side=seat_name(seat)))
                else:
                    lines.append(tr("{side}: waiting", side=seat_name(seat)))
            return lines
        if battle.side < 0:
            return [tr("The dice decide who starts"), ""]
        lines = []
        for seat in (0, 1):
            if seat == battle.side:
                lines.append(
                    ntr(
                        "{side}: {count} action left",
                        "{side}: {count} actions left",
                        battle.actions,
                        side=seat_name(seat),
                    )
                )
            else:
                lines.append(tr("{side}: 2 actions next turn", side=seat_name(seat)))
        return lines

    def instructions(self) -> str:
        battle = self.position
        if battle.in_setup:
            if len(battle.army(battle.side)) >= MAX_BASES:
                return tr("Look your army over, then press Ready")
            return tr("Choose a base, then a square of your home ranks")
        if self.selected is not None:
            return tr("Move, turn (N E S W) or attack")
        return tr("Choose one of your units")

    def move_words(self, move: Move | tuple[str, ...]) -> str:
        assert isinstance(move, Move), "a hint or a better move is an action, never a roll"
        return action_words(self.position, move)

    def hint_instruction(self, move: Move | tuple[str, ...]) -> str:
        assert isinstance(move, Move), "a hint is an action, never a roll"
        return hint_text(self.position, move)

    def place_radius(self) -> float:
        return self.view.square * 0.5  # half the square: the mark goes round the square the unit fills

    def place_shape(self) -> str:
        return "square"

    def roll_label(self, outcome: tuple[str, ...]) -> str:
        return faces_text(outcome)  # "2 axes, 1 arrow, 1 panic", as the battle log says it

    def roll_icons(self, outcome: tuple[str, ...], size: int) -> list[pygame.Surface] | None:
        return [die_sprite(size, face) for face in outcome]

    def move_label(self, move: Move | tuple[str, ...]) -> str:
        if isinstance(move, Move) and move.action is Action.PLACE:
            return f"{kind_name(move.unit)} {move.square}"
        if isinstance(move, Move) and move.action is Action.DONE:
            return tr("ready")
        return str(move)

    # -- layout --

    def drawn_rect(self) -> pygame.Rect:
        return self.rect.union(self.view.frame_rect())

    def layout(self, area: pygame.Rect) -> None:
        self.view.place(area, flipped=self.flipped())
        self.rect = self.view.rect.union(self.view.tray)
        rows = [self.view.cell_rect(0, rank) for rank in (2, 7)]
        top = min(rect.top for rect in rows)
        bottom = max(rect.bottom for rect in rows)
        inset = max(2, self.view.square // 10)
        self.builder.layout(
            pygame.Rect(
                self.view.rect.x + inset,
                top + inset,
                self.view.rect.width - 2 * inset,
                bottom - top - 2 * inset,
            ),
            self.view.square,
        )

    # -- reading the battle --

    def record(self) -> BattleRecord:
        """The battle's log and rolls (replayed once per entry played)."""
        # An analysis's move on show is told with the position it was played in, but not over a roll's dice.
        played = self.played if self.anim is None or self.anim.kind != "roll" else ()
        key = (self.match.start_text, self.match.ply, id(self.match), played)
        if self._record is None or self._record_key != key:
            self._record = read_battle(self.match.start_text, [*self.match.moves, *played])
            self._record_key = key
        return self._record

    def unit_moves(self, square: str) -> list[Move]:
        """The legal actions of the unit on ``square`` now (none outside a person's turn)."""
        if not self.human_turn() or self.position.in_setup:
            return []
        return self.position.moves_from(square)

    def click_points(self, move: Move | tuple[str, ...]) -> list[tuple[int, int]]:
        assert isinstance(move, Move), "a roll is the dice's: there is nowhere to click for it"
        if move.action is Action.PLACE:
            return [self.builder.point_of(move.unit, move.figures), self.view.centre(move.square)]
        if move.action is Action.DONE:
            return [self.builder.done_rect.center]
        points = [] if self.selected == move.square else [self.view.centre(move.square)]
        if move.action is Action.TURN:
            points.append(self.handle_centre(move.square, move.facing))
        else:
            points.append(self.view.centre(move.target))
        return points

    # -- the frame --

    def update(self, dt: float) -> None:
        self.time += dt
        super().update(dt)
        if self.selected is not None and not self.unit_moves(self.selected):
            self.selected = None
        flipped = self.flipped()
        if flipped != self.view.flipped:
            self.scene.relayout()

    def static_key(self) -> object:
        return (tuple(self.view.rect), tuple(self.view.tray), self.view.square, self.view.flipped)

    def draw_static(self, surface: pygame.Surface) -> None:
        self.view.draw_static(surface, self.app.theme)
        self.view.draw_tray(surface)

    def draw(self, surface: pygame.Surface) -> None:
        battle = self.position
        hidden = self.scene.hidden_seat()
        anim = self.anim
        if battle.in_setup and self.human_turn() and len(battle.army(battle.side)) < MAX_BASES:
            self._draw_home(surface, battle.side)
        if anim is None:
            self._draw_last(surface)
            self._draw_pointed_line(surface)
            self._draw_choice(surface, under=True)
        skipped = anim.hidden_squares if anim is not None else set()
        size = self.view.unit_size()
        for unit in battle.units:
            if unit.square in skipped or (hidden is not None and unit.owner == hidden and unit.kind != "K"):
                continue
            centre: tuple[float, float] = self.view.centre(unit.square)
            if self.shake is not None and self.shake[0] == unit.square:
                left = self.shake[1]
                centre = (centre[0] + math.sin(left * 60) * size * 0.06 * (left / SHAKE_TIME), centre[1])
            colour = theme.SEAT_COLOURS[unit.owner]
            draw_unit(
                surface,
                centre,
                size,
                unit,
                colour,
                mark=mark_of(colour),
                facing=self.view.screen_facing(unit.facing),
            )
        if anim is not None:
            self._draw_anim(surface, anim)
        else:
            self._draw_choice(surface, under=False)
            self._draw_hint(surface)
        self._draw_tray(surface)
        if battle.in_setup and self.human_turn() and anim is None:
            colour = theme.SEAT_COLOURS[battle.side]
            self.builder.fit(battle, battle.side)
            self.builder.draw(
                surface,
                self.app.theme,
                battle,
                battle.side,
                can_finish=Move.done() in battle.legal_moves(),
                hover=self.hover_pos,
                mark=mark_of(colour),
            )
            self._draw_ghost(surface)
        if self._cursor_shown and self.human_turn():
            rect = self.view.square_rect(self.cursor).inflate(-2, -2)
            pygame.draw.rect(
                surface,
                theme.BOARD_SELECT,
                rect,
                max(2, self.view.square // 16),
                border_radius=max(2, self.view.square // 8),
            )
        if anim is None:
            self._draw_odds(surface)
