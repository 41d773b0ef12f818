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
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.lionheart import KINDS, MAX_BASES, Action, Battle, Move, Unit, attack_zone
from game.engine.lionheart.notation import SQUARE_NAMES, square_index
from game.engine.lionheart.odds import AttackOdds, attack_odds
from game.formats import format_decimal, format_percent
from game.i18n import ntr, tr
from game.scenes.lionheart.anim import EntryAnimation, Sprite, scoring_faces, shown_order
from game.scenes.lionheart.builder import PLACEABLE, ArmyBuilder
from game.scenes.lionheart.units import die_sprite, draw_die, draw_unit
from game.scenes.lionheart.view import FieldView, thumbnail
from game.scenes.lionheart.words import BattleRecord, faces_text, hint_text, kind_name, read_battle
from game.scenes.parts import BoardController
from game.ui import gfx, theme
from game.ui.lang import seat_name
from game.ui.textbox import draw_text, layout_text

if TYPE_CHECKING:
    from game.scenes.match import MatchScene

__all__ = ["LionheartBoard"]

SHAKE_TIME = 0.35
SCREEN_STEPS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
"""Screen directions as (column, row) steps."""
ARROW_DIRECTIONS = {pygame.K_UP: "N", pygame.K_RIGHT: "E", pygame.K_DOWN: "S", pygame.K_LEFT: "W"}
LETTER_FACINGS = {pygame.K_n: "N", pygame.K_e: "E", pygame.K_s: "S", pygame.K_w: "W", pygame.K_o: "W"}
"""N, E, S, W; and O, the French "ouest"."""
FLIP = {"N": "S", "S": "N", "E": "W", "W": "E"}


def _mark_of(colour: theme.Colour) -> str:
    return gfx.PIECE_MARKS.get(tuple(colour), "")  # type: ignore[arg-type]


class LionheartBoard(BoardController):
    """The field, the units, the choice of an action, the dice tray, the army builder, keys, animations."""

    thumbnail = staticmethod(thumbnail)

    def __init__(self, scene: MatchScene) -> None:
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

    @property
    def position(self) -> Battle:
        """The match's battle."""
        return self.scene.match.position  # type: ignore[no-any-return]

    def flipped(self) -> bool:
        """Whether the field is drawn turned about: a person playing Silver against the computer."""
        players = self.match.players
        return self.scene.vs_computer and players[1].is_human and not players[0].is_human

    # -- the match --

    def reset(self) -> None:
        self.anim: EntryAnimation | None = None
        self.selected: str | None = None
        self.hover: str | None = None
        self.hover_pos: tuple[int, int] | None = None
        self.shake: tuple[str, float] | None = None
        self.hint_move: Move | None = None
        self.hint_time = 0.0
        self.time = 0.0

    def before_move(self, move: Any) -> Any:
        return self.position.copy()

    def after_move(self, move: Any, note: Any, *, animate: bool) -> None:
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
    def _sound_of(move: Any, before: Battle) -> str:
        if isinstance(move, tuple):
            return "dice"
        if move.action is Action.TURN:
            return "turn"
        if move.action is Action.ATTACK:
            return "coins" if before.is_bribe(move) else "lunge"
        return "march"

    @property
    def busy(self) -> bool:
        return self.anim is not None

    def skip(self) -> bool:
        if self.anim is not None:
            self.anim = None
            return True
        return False

    # -- what the panel shows --

    def displayed_score(self, seat: int) -> int:
        if self.hidden_seat() == seat:
            return 0
        battle = self.position
        if self.anim is not None and self.anim.phase()[0] in ("roll", "land", "fly"):
            battle = self.anim.before  # the figures fall once the dice have spoken
        return sum(unit.figures for unit in battle.army(seat))

    def score_text(self, seat: int, score: int) -> str:
        if self.hidden_seat() == seat and not self.match.is_over:
            return "?"
        return str(score)

    def score_caption(self) -> str:
        return tr("Figures")

    def score_bar(self) -> tuple[int, int, int] | None:
        if self.hidden_seat() is not None:
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

    def hint_instruction(self, move: Any) -> str:
        return hint_text(self.position, move)

    def place_radius(self) -> float:
        return self.view.square * 0.5  # the square's width: round the unit's token, touching its corners

    def roll_label(self, outcome: Any) -> str:
        return faces_text(outcome)  # "2 axes, 1 arrow, 1 panic", as the battle log says it

    def roll_icons(self, outcome: Any, size: int) -> list[pygame.Surface] | None:
        return [die_sprite(size, face) for face in outcome]

    def move_label(self, move: Any) -> str:
        if isinstance(move, Move) and move.action is Action.PLACE:
            return f"{kind_name(move.unit)} {move.square}"
        if isinstance(move, Move) and move.action is Action.DONE:
            return tr("ready")
        return str(move)

    # -- layout --

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
        key = (self.match.start_text, self.match.ply, id(self.match))
        if self._record is None or self._record_key != key:
            self._record = read_battle(self.match.start_text, self.match.moves)
            self._record_key = key
        return self._record

    def odds(self, move: Move) -> AttackOdds:
        """The odds of the attack ``move`` now (cached)."""
        key = (self.position.hash, str(move))
        found = self._odds.get(key)
        if found is None:
            found = self._odds[key] = attack_odds(self.position, move)
        return found

    def unit_moves(self, square: str) -> list[Move]:
        """The legal actions of the unit on ``square`` now (none outside a person's turn)."""
        if not self.human_turn() or self.position.in_setup:
            return []
        return self.position.moves_from(square)

    def handle_centre(self, square: str, facing: str) -> tuple[int, int]:
        """Where the turn handle towards ``facing`` stands on ``square``'s side."""
        x, y = self.view.centre(square)
        dx, dy = SCREEN_STEPS[self.view.screen_facing(facing)]
        reach = self.view.square * 0.5
        return round(x + dx * reach), round(y + dy * reach)

    def handle_at(self, pos: tuple[int, int]) -> Move | None:
        """The turn whose handle is under ``pos``, if a unit is chosen."""
        if self.selected is None:
            return None
        radius = self.view.square * 0.2
        for move in self.unit_moves(self.selected):
            if move.action is Action.TURN:
                x, y = self.handle_centre(self.selected, move.facing)
                if math.hypot(pos[0] - x, pos[1] - y) <= radius:
                    return move
        return None

    def click_points(self, move: Any) -> list[tuple[int, int]]:
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

    # -- input --

    @property
    def cursor_shown(self) -> bool:
        return self._cursor_shown

    def show_cursor(self, shown: bool) -> None:
        self._cursor_shown = shown

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEMOTION:
            self.hover_pos = event.pos
            self.hover = self.view.square_at(event.pos)
            self._cursor_shown = False
            return False
        if event.type == pygame.WINDOWLEAVE:  # no pointer over the board (out of the window, or covered)
            self.hover_pos = self.hover = None
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.scene.skip():
                return True
            if self.position.in_setup and self.human_turn() and self.builder.rect.collidepoint(event.pos):
                return self._builder_click(event.pos)
            turn = self.handle_at(event.pos)
            if turn is not None:
                self.scene.play(turn)
                return True
            square = self.view.square_at(event.pos)
            if square is None:
                if self.view.rect.collidepoint(event.pos) or self.view.tray.collidepoint(event.pos):
                    return True
                self.selected = None
                return False
            return self.press(square)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            had = self.selected is not None
            self.selected = None
            return had or self.view.rect.collidepoint(event.pos)
        return False

    def _builder_click(self, pos: tuple[int, int]) -> bool:
        choice = self.builder.hit(pos)
        if choice == "done":
            self._finish_setup()
        elif isinstance(choice, tuple):
            self.builder.choose(*choice)
            self.builder.fit(self.position, self.position.side)
            self.app.audio.play("select")
        return True

    def _finish_setup(self) -> None:
        done = Move.done()
        battle = self.position
        if done in battle.legal_moves():
            self.scene.play(done)
        else:
            missing = MAX_BASES - len(battle.army(battle.side))
            self.scene.reject(ntr("Place {count} more base first", "Place {count} more bases first", missing))

    def _key(self, event: pygame.event.Event) -> bool:
        battle = self.position
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if ctrl:
            return False
        if event.key in ARROW_DIRECTIONS:
            direction = ARROW_DIRECTIONS[event.key]
            if shift and self.selected is not None:
                facing = FLIP[direction] if self.view.flipped else direction
                return self._turn_to(facing)
            if self._cursor_shown:
                self.cursor = self._step(self.cursor, direction)
            self._cursor_shown = True
            self.hover = self.cursor
            self.hover_pos = None
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.scene.skip():
                return True
            if not self._cursor_shown:
                self._cursor_shown = True
                self.hover = self.cursor
                return True
            return self.press(self.cursor)
        if event.key == pygame.K_ESCAPE and self.selected is not None:
            self.selected = None
            return True
        if battle.in_setup and self.human_turn():
            if pygame.K_1 <= event.key <= pygame.K_7:
                kind = PLACEABLE[event.key - pygame.K_1]
                sizes = KINDS[kind].base_sizes
                if self.builder.kind == kind and len(sizes) > 1:
                    index = sizes.index(self.builder.figures) if self.builder.figures in sizes else -1
                    self.builder.choose(kind, sizes[(index + 1) % len(sizes)])
                else:
                    self.builder.choose(kind)
                self.builder.fit(battle, battle.side)
                self.app.audio.play("select")
                return True
            if event.key == pygame.K_d:
                self._finish_setup()
                return True
        if event.key in LETTER_FACINGS and self.selected is not None and not battle.in_setup:
            return self._turn_to(LETTER_FACINGS[event.key])
        return False

    def _turn_to(self, facing: str) -> bool:
        assert self.selected is not None
        for move in self.unit_moves(self.selected):
            if move.action is Action.TURN and move.facing == facing:
                self.scene.play(move)
                return True
        unit = self.position.unit_at(self.selected)
        if unit is not None and unit.facing == facing:
            self.reject(self.selected, tr("It faces that way already"))
        else:
            self.reject(self.selected, tr("It cannot turn now"))
        return True

    def _step(self, square: str, direction: str) -> str:
        """The square next to ``square`` in a screen direction (the cursor stays on the field)."""
        rect = self.view.square_rect(square)
        dx, dy = SCREEN_STEPS[direction]
        pos = (rect.centerx + dx * self.view.square, rect.centery + dy * self.view.square)
        return self.view.square_at(pos) or square

    def reject(self, square: str | None, message: str | None = None) -> None:
        """Gentle feedback for a click that does nothing: a shake, a buzz, a short note."""
        if square is not None and self.position.unit_at(square) is not None:
            self.shake = (square, SHAKE_TIME)
        self.scene.reject(message)

    def press(self, square: str) -> bool:
        """A click (or Enter on the cursor) on ``square``."""
        scene = self.scene
        if scene.skip():
            return True
        if not self.human_turn():
            if not self.match.is_over:
                scene.say(
                    tr("The computer is thinking…") if scene.thinking else tr("Wait for your turn"), 1.2
                )
            return True
        battle = self.position
        if battle.in_setup:
            return self._place(square)
        unit = battle.unit_at(square)
        if self.selected is not None:
            for move in self.unit_moves(self.selected):
                if move.action in (Action.MOVE, Action.ATTACK) and move.target == square:
                    scene.play(move)
                    return True
            if square == self.selected:
                self.selected = None
                return True
            if unit is not None and unit.owner != battle.turn:
                chosen = battle.unit_at(self.selected)
                reason = battle.illegal_reason(Move(Action.ATTACK, self.selected, square)) if chosen else None
                self.reject(square, self._reason_text(chosen, reason))
                return True
        if unit is None:
            self.selected = None
            return True
        if unit.owner != battle.turn:
            self.reject(square, tr("Choose one of your units first"))
            return True
        if not self.unit_moves(square):
            if unit.attacked:
                message = tr("That unit has attacked in this turn already")
            else:
                message = tr("Heavy infantry needs both actions of a turn to move or turn")
            self.reject(square, message)
            return True
        self.selected = square
        self.app.audio.play("select")
        return True

    @staticmethod
    def _reason_text(unit: Unit | None, reason: str | None) -> str:
        if unit is None or reason is None:
            return tr("Out of reach")
        if "attacked in this turn" in reason:
            return tr("That unit has attacked in this turn already")
        if unit.kind == "A":
            return tr("Out of reach: archers shoot 1 to 3 squares ahead")
        if unit.kind == "H":
            return tr("Out of reach: heavy infantry strikes the eight squares around it")
        return tr("Out of reach: a unit attacks the square it faces")

    def _place(self, square: str) -> bool:
        battle = self.position
        self.builder.fit(battle, battle.side)
        move = Move(Action.PLACE, square, unit=self.builder.kind, figures=self.builder.figures)
        if move in battle.legal_moves():
            self.scene.play(move)
            self.builder.fit(battle, battle.side)
            return True
        reason = battle.illegal_reason(move) or ""
        if len(battle.army(battle.side)) >= MAX_BASES:
            self.reject(square, tr("Your ten bases are placed: press Ready"))
        elif "taken" in reason:
            self.reject(square, tr("That square is taken"))
        elif "ranks" in reason:
            self.reject(square, tr("Place your bases on your two home ranks"))
        else:
            self.reject(square, tr("Your army has no more of those"))
        return True

    # -- the frame --

    def update(self, dt: float) -> None:
        self.time += dt
        self.hint_time += dt
        if self.shake is not None:
            self.shake = (self.shake[0], self.shake[1] - dt) if self.shake[1] > dt else None
        if self.anim is not None:
            for sound in self.anim.update(dt):
                self.app.audio.play(sound)
            if self.anim.done:
                self.anim = None
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
        hidden = self.hidden_seat()
        anim = self.anim
        if battle.in_setup and self.human_turn() and len(battle.army(battle.side)) < MAX_BASES:
            self._draw_home(surface, battle.side)
        if anim is None:
            self._draw_last(surface)
            self._draw_choice(surface, under=True)
        skipped = anim.hidden_squares if anim is not None else set()
        size = self.view.unit_size()
        for unit in battle.units:
            if unit.square in skipped or (hidden is not None and unit.owner == hidden and unit.kind != "K"):
                continue
            centre = self.view.centre(unit.square)
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
                mark=_mark_of(colour),
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
                mark=_mark_of(colour),
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

    # -- overlays --

    def _shade(self, surface: pygame.Surface, square: str, colour: theme.Colour, alpha: int) -> None:
        rect = self.view.square_rect(square)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        layer.fill((*colour, alpha))
        surface.blit(layer, rect)

    def _outline(
        self, surface: pygame.Surface, square: str, colour: theme.Colour, width: float = 0.07
    ) -> None:
        rect = self.view.square_rect(square).inflate(-2, -2)
        pygame.draw.rect(
            surface,
            colour,
            rect,
            max(2, round(self.view.square * width)),
            border_radius=max(3, self.view.square // 7),
        )

    def _draw_home(self, surface: pygame.Surface, side: int) -> None:
        pulse = 0.5 + 0.5 * math.sin(self.time * 3)
        colour = theme.SEAT_COLOURS[side]
        for rank in (0, 1) if side == 0 else (8, 9):
            for file in range(9):
                square = SQUARE_NAMES[rank * 9 + file]
                if self.position.unit_at(square) is None:
                    self._shade(surface, square, colour, int(28 + 26 * pulse))

    def _draw_last(self, surface: pygame.Surface) -> None:
        """The last action's squares, faintly: where the last move came from and went."""
        moves = [entry for entry in self.match.moves if isinstance(entry, Move)]
        if not moves or self.position.in_setup:
            return
        last = moves[-1]
        colour = theme.lerp_colour(theme.SQUARE_B, theme.GOLD, 0.35)
        if last.action in (Action.MOVE, Action.ATTACK):
            self._outline(surface, last.square, colour, 0.035)
            self._outline(surface, last.target, colour, 0.035)
        elif last.action is Action.TURN:
            self._outline(surface, last.square, colour, 0.035)

    def _targets(self) -> tuple[list[Move], list[Move], list[Move]]:
        """The chosen unit's moves, turns and attacks."""
        if self.selected is None:
            return [], [], []
        moves = self.unit_moves(self.selected)
        return (
            [move for move in moves if move.action is Action.MOVE],
            [move for move in moves if move.action is Action.TURN],
            [move for move in moves if move.action is Action.ATTACK],
        )

    def pointed_attack(self) -> Move | None:
        """The attack under the pointer (or the keyboard cursor), if the chosen unit can make it."""
        if self.selected is None or self.hover is None:
            return None
        for move in self._targets()[2]:
            if move.target == self.hover:
                return move
        return None

    def _draw_choice(self, surface: pygame.Surface, *, under: bool) -> None:
        if self.selected is None:
            return
        unit = self.position.unit_at(self.selected)
        if unit is None:
            return
        moves, turns, attacks = self._targets()
        square = self.view.square
        if under:
            if unit.kind in "AH" and not unit.attacked:
                zone = attack_zone(unit.kind, square_index(unit.square), unit.facing)
                for index in zone:
                    self._shade(surface, SQUARE_NAMES[index], theme.DANGER, 34)
            self._shade(surface, self.selected, theme.BOARD_SELECT, 60)
            self._outline(surface, self.selected, theme.BOARD_SELECT, 0.07)
            for move in moves:
                mark = gfx.target_mark("dot", square * 0.3, theme.TARGETS[0], 230)
                surface.blit(mark, mark.get_rect(center=self.view.centre(move.target)))
            # The targets, under their units: a dashed ring round each, the one pointed at ringed whole.
            pulse = 0.5 + 0.5 * math.sin(self.time * 5)
            pointed = self.pointed_attack()
            for move in attacks:
                strong = move == pointed
                if strong:
                    self._shade(surface, move.target, theme.DANGER, 90)
                    self._outline(surface, move.target, theme.DANGER, 0.08)
                mark = gfx.target_mark(
                    "dashed", square * 1.02, theme.DANGER, int(200 + 55 * (1 if strong else pulse))
                )
                surface.blit(mark, mark.get_rect(center=self.view.centre(move.target)))
            return
        for move in turns:
            self._draw_handle(surface, self.selected, move.facing, self.hover_pos)

    def _draw_handle(
        self, surface: pygame.Surface, square: str, facing: str, pointer: tuple[int, int] | None
    ) -> None:
        x, y = self.handle_centre(square, facing)
        radius = max(6, round(self.view.square * 0.17))
        pointed = pointer is not None and math.hypot(pointer[0] - x, pointer[1] - y) <= radius * 1.2
        fill = theme.SELECT if pointed else theme.lerp_colour(theme.PANEL, theme.SELECT, 0.25)
        pygame.draw.circle(surface, (10, 12, 28), (x, y), radius + 2)
        pygame.draw.circle(surface, fill, (x, y), radius)
        dx, dy = SCREEN_STEPS[self.view.screen_facing(facing)]
        tip = (x + dx * radius * 0.62, y + dy * radius * 0.62)
        back = (x - dx * radius * 0.42, y - dy * radius * 0.42)
        px, py = -dy, dx
        ink = (20, 20, 34) if pointed else theme.SELECT
        pygame.draw.polygon(
            surface,
            ink,
            [
                tip,
                (back[0] + px * radius * 0.55, back[1] + py * radius * 0.55),
                (back[0] - px * radius * 0.55, back[1] - py * radius * 0.55),
            ],
        )

    def _draw_ghost(self, surface: pygame.Surface) -> None:
        battle = self.position
        if self.hover is None or self.builder.rect.collidepoint(self.hover_pos or (-1, -1)):
            return
        move = Move(Action.PLACE, self.hover, unit=self.builder.kind, figures=self.builder.figures)
        if move not in battle.legal_moves():
            return
        colour = theme.SEAT_COLOURS[battle.side]
        unit = Unit(
            battle.side, self.builder.kind, self.builder.figures, self.hover, "N" if battle.side == 0 else "S"
        )
        draw_unit(
            surface,
            self.view.centre(self.hover),
            self.view.unit_size(),
            unit,
            colour,
            alpha=int(130 + 50 * math.sin(self.time * 4)),
            facing=self.view.screen_facing(unit.facing),
        )

    def _draw_hint(self, surface: pygame.Surface) -> None:
        move = self.hint_move
        if move is None:
            return
        glow = 0.5 + 0.5 * math.sin(self.hint_time * 2 * math.pi)
        colour = theme.lerp_colour(theme.SQUARE_B, theme.GOLD, 0.6 + 0.4 * glow)
        if move.action is Action.DONE:
            self._outline(surface, SQUARE_NAMES[4 if self.position.side == 0 else 85], colour, 0.08)
            return
        self._outline(surface, move.square, colour, 0.08)
        start = self.view.centre(move.square)
        if move.action in (Action.MOVE, Action.ATTACK):
            gfx.arrow(
                surface,
                start,
                self.view.centre(move.target),
                theme.GOLD,
                max(3, self.view.square * 0.09),
                int(150 + 80 * glow),
            )
        elif move.action is Action.TURN:
            end = self.handle_centre(move.square, move.facing)
            gfx.arrow(surface, start, end, theme.GOLD, max(3, self.view.square * 0.09), int(150 + 80 * glow))

    # -- the odds --

    def _draw_odds(self, surface: pygame.Surface) -> None:
        move = self.pointed_attack()
        if move is None:
            return
        odds = self.odds(move)
        ui = self.app.theme
        size = max(theme.MIN_TEXT_SIZE, round(self.view.square * 0.26))
        if odds.bribe is not None:
            title = tr("Bribe: no dice")
            lines = [(tr("They change sides") if odds.bribe else tr("Refused: their king faces them"), "")]
        else:
            title = ntr("Attack: {count} die", "Attack: {count} dice", odds.dice)
            lines = [
                (tr("Kill at least one"), format_percent(odds.kill, precise=True)),
                (tr("Destroy the unit"), format_percent(odds.destroy, precise=True)),
                (tr("Panic"), format_percent(odds.panic, precise=True)),
                (tr("Hits expected"), format_decimal(odds.expected_hits)),
            ]
        line_h = ui.font("body", size).get_height()
        label_w = max(ui.measure(label, "body", size) for label, _ in lines)
        value_w = max((ui.measure(value, theme.SCORE_ROLE, size, bold=True) for _, value in lines), default=0)
        title_w = ui.measure(title, "body", size, bold=True)
        pad = max(6, size // 2)
        width = max(title_w, label_w + value_w + pad * 2) + pad * 2
        height = line_h * (len(lines) + 1) + pad * 2 + pad // 2
        target = self.view.square_rect(move.target)
        box = pygame.Rect(0, 0, width, height)
        box.midbottom = (target.centerx, target.top - 4)
        if box.top < self.view.area.top:
            box.midtop = (target.centerx, target.bottom + 4)
        box.clamp_ip(self.view.area)
        gfx.panel(surface, box, fill=(12, 14, 32), edge=theme.DANGER, alpha=240, radius=max(5, pad))
        row = pygame.Rect(box.x + pad, box.y + pad, box.width - 2 * pad, line_h)
        draw_text(surface, ui, title, "body", size, theme.TEXT, row, bold=True, max_lines=1, container=box)
        row = row.move(0, line_h + pad // 2)
        for label, value in lines:
            draw_text(surface, ui, label, "body", size, theme.TEXT_DIM, row, max_lines=1, container=box)
            if value:
                draw_text(
                    surface,
                    ui,
                    value,
                    theme.SCORE_ROLE,
                    size,
                    theme.GOLD,
                    row,
                    bold=True,
                    align="right",
                    max_lines=1,
                    container=box,
                )
            row = row.move(0, line_h)

    # -- animations --

    def _draw_sprite(self, surface: pygame.Surface, sprite: Sprite) -> None:
        size = round(self.view.unit_size() * sprite.scale)
        owner = sprite.unit.owner
        colour = theme.SEAT_COLOURS[owner]
        if sprite.owner_blend:
            colour = theme.lerp_colour(colour, theme.SEAT_COLOURS[1 - owner], sprite.owner_blend)
        unit = sprite.unit if sprite.figures is None else sprite.unit._replace(figures=sprite.figures)
        draw_unit(
            surface,
            sprite.centre,
            size,
            unit,
            colour,
            mark=_mark_of(theme.SEAT_COLOURS[owner if sprite.owner_blend < 0.5 else 1 - owner]),
            alpha=sprite.alpha,
            facing=self.view.screen_facing(sprite.facing),
            angle=sprite.angle,
        )
        if sprite.flash > 0.02:
            halo = gfx.glow(int(size * 0.62), theme.DANGER, sprite.flash)
            surface.blit(
                halo,
                halo.get_rect(center=(round(sprite.centre[0]), round(sprite.centre[1]))),
                special_flags=pygame.BLEND_RGB_ADD,
            )

    def _draw_anim(self, surface: pygame.Surface, anim: EntryAnimation) -> None:
        for sprite in anim.sprites(self.view.centre):
            self._draw_sprite(surface, sprite)
        _name, t = anim.phase()
        if anim.kind == "attack" and anim.target is not None:
            mark = gfx.target_mark(
                "ring", self.view.square * (0.9 + 0.2 * t), theme.DANGER, int(255 * (1 - t * 0.5))
            )
            surface.blit(mark, mark.get_rect(center=self.view.centre(anim.target)))
        if anim.kind == "bribe" and anim.origin is not None and anim.target is not None:
            start, end = self.view.centre(anim.origin), self.view.centre(anim.target)
            for index in range(5):
                p = max(0.0, min(1.0, t * 1.6 - index * 0.12))
                if 0 < p < 1:
                    x = start[0] + (end[0] - start[0]) * p
                    y = start[1] + (end[1] - start[1]) * p - math.sin(math.pi * p) * self.view.square * 0.6
                    radius = max(3, round(self.view.square * 0.1))
                    pygame.draw.circle(surface, (120, 80, 0), (round(x), round(y)), radius + 1)
                    pygame.draw.circle(surface, theme.GOLD, (round(x), round(y)), radius)
        ui = self.app.theme
        for text, centre, progress in anim.floating_losses(self.view.centre):
            size = max(theme.MIN_TEXT_SIZE, round(self.view.square * 0.42))
            rendered = ui.text(text, "title", size, theme.DANGER, bold=True)
            rendered = rendered.copy()
            rendered.set_alpha(int(255 * (1 - max(0.0, progress - 0.6) / 0.4)))
            rise = self.view.square * 0.55 * progress
            surface.blit(
                rendered,
                rendered.get_rect(center=(centre[0], round(centre[1] - rise - self.view.square * 0.2))),
            )

    # -- the tray --

    def _tray_parts(self, groups: int, dice: int) -> tuple[pygame.Rect, pygame.Rect, int]:
        """The tray's dice area, its log area, and the size of a die."""
        tray = self.view.tray
        pad = max(4, tray.height // 10) if not self.view.tray_beside else max(6, self.view.square // 6)
        inner = tray.inflate(-pad * 2, -pad * 2)
        if self.view.tray_beside:
            die = max(
                16,
                min(
                    round(self.view.square * 0.62),
                    (inner.width - 6 * 7) // 8 if dice > 4 else (inner.width - 3 * 8) // 4,
                ),
            )
            rows = 2 if dice > 4 else 1
            dice_h = (die + 8) * rows + self.view.square // 3
            dice_area = pygame.Rect(inner.x, inner.y, inner.width, dice_h)
            log_area = pygame.Rect(inner.x, inner.y + dice_h + pad, inner.width, inner.height - dice_h - pad)
            return dice_area, log_area, die
        die = max(12, round(inner.height * 0.66))
        zone = min(round(inner.width * 0.42), (die + die // 5) * max(4, dice) + (groups - 1) * die // 2)
        die = min(die, max(10, (zone - (groups - 1) * die // 2) // max(4, dice) - die // 6))
        dice_area = pygame.Rect(inner.x, inner.y, zone, inner.height)
        log_area = pygame.Rect(inner.x + zone + pad, inner.y, inner.width - zone - pad, inner.height)
        return dice_area, log_area, die

    def _tray_groups(self) -> list[tuple[str, tuple[str, ...], tuple[bool, ...]]]:
        """The last rolls to show in the tray: a label, the faces as they landed, which scored."""
        record = self.record()
        if not record.rolls:
            return []
        last = record.rolls[-1]
        chosen = [last]
        if len(record.rolls) > 1:
            before = record.rolls[-2]
            if (
                before.ply == last.ply - 1
                and before.opening == last.opening
                and ((last.opening and before.seat != last.seat) or not last.opening)
            ):
                chosen = [before, last]
        groups = []
        for roll in chosen:
            faces = shown_order(roll.faces, roll.ply)
            lit_faces = scoring_faces(roll.kind or "I", faces)
            label = seat_name(roll.seat) if roll.opening else ""
            groups.append((label, faces, tuple(face in lit_faces for face in faces)))
        return groups

    def _draw_tray(self, surface: pygame.Surface) -> None:
        anim = self.anim if self.anim is not None and self.anim.kind == "roll" else None
        record = self.record()
        lines = list(record.lines)
        if anim is not None:
            groups = [("", tuple(face for face, *_ in anim.dice_faces()), ())]
            name, _ = anim.phase()
            if name in ("roll", "land", "fly") and lines and record.lines[-1][0] == self.match.ply - 1:
                lines = lines[:-1]  # the roll's line is told once the dice have landed
            if anim.before.pending.kind == "start" and anim.before.pending.token:
                gold = [roll for roll in record.rolls if roll.opening]
                if len(gold) >= 2:
                    previous = gold[-2]
                    groups.insert(
                        0,
                        (
                            seat_name(previous.seat),
                            shown_order(previous.faces, previous.ply),
                            tuple(face == "axe" for face in shown_order(previous.faces, previous.ply)),
                        ),
                    )
        else:
            groups = self._tray_groups()
        dice = sum(len(faces) for _, faces, _ in groups)
        dice_area, log_area, die = self._tray_parts(len(groups), dice)
        ui = self.app.theme
        centres = self._die_centres(dice_area, groups, die)
        index = 0
        label_size = max(theme.MIN_TEXT_SIZE, round(die * 0.32))
        for group_index, (label, faces, lit) in enumerate(groups):
            if label and centres:
                first = centres[index]
                box = pygame.Rect(0, 0, die * 3, label_size + 4)
                box.midbottom = (
                    (first[0] + die * 0.4, first[1] - die // 2 - 1)
                    if not self.view.tray_beside
                    else (first[0] + die, first[1] - die // 2 - 2)
                )
                draw_text(
                    surface,
                    ui,
                    label,
                    "body",
                    label_size,
                    theme.seat_text(
                        0 if group_index == 0 and len(groups) > 1 else 1 if len(groups) > 1 else 0,
                        (16, 20, 42),
                    ),
                    box,
                    align="left",
                    max_lines=1,
                    min_size=theme.MIN_TEXT_SIZE,
                )
            for position, face in enumerate(faces):
                if index >= len(centres):
                    break
                x, y = centres[index]
                if anim is not None and group_index == len(groups) - 1:
                    shown = anim.dice_faces()[position]
                    _, angle, bounce, glow = shown
                    draw_die(surface, (x, y - bounce * die * 0.5), die, face, angle=angle, lit=glow)
                else:
                    draw_die(surface, (x, y), die, face, angle=0, lit=bool(lit and lit[position]))
                index += 1
        if anim is not None and anim.target is not None:
            last = centres[-len(anim.dice) :] if anim.dice else []
            target = self.view.centre(anim.target)
            for die_index, progress in anim.sparks():
                if die_index >= len(last) or progress <= 0:
                    continue
                sx, sy = last[die_index]
                x = sx + (target[0] - sx) * progress
                y = sy + (target[1] - sy) * progress - math.sin(math.pi * progress) * self.view.square
                for trail in range(4, -1, -1):
                    back = max(0.0, progress - trail * 0.05)
                    tx = sx + (target[0] - sx) * back
                    ty = sy + (target[1] - sy) * back - math.sin(math.pi * back) * self.view.square
                    halo = gfx.glow(
                        max(4, round(self.view.square * (0.42 - trail * 0.06))),
                        theme.GOLD,
                        1.0 - trail * 0.18,
                    )
                    surface.blit(
                        halo, halo.get_rect(center=(round(tx), round(ty))), special_flags=pygame.BLEND_RGB_ADD
                    )
                pygame.draw.circle(
                    surface, (255, 250, 220), (round(x), round(y)), max(2, round(self.view.square * 0.1))
                )
        self._draw_log(surface, log_area, lines, record.outcomes)

    def _die_centres(
        self, area: pygame.Rect, groups: list[tuple[str, tuple[str, ...], tuple[bool, ...]]], die: int
    ) -> list[tuple[int, int]]:
        gap = max(3, die // 5)
        centres: list[tuple[int, int]] = []
        if self.view.tray_beside:
            y = area.y + die // 2 + (self.view.square // 3 if any(label for label, _, _ in groups) else 4)
            for label, faces, _ in groups:
                width = len(faces) * die + (len(faces) - 1) * gap
                x = area.centerx - width // 2 + die // 2
                for _ in faces:
                    centres.append((x, y))
                    x += die + gap
                y += die + gap + (self.view.square // 3 if label else 0)
            return centres
        total = sum(len(faces) for _, faces, _ in groups) * (die + gap) + (len(groups) - 1) * die // 2
        x = area.x + max(0, (area.width - total) // 2) + die // 2
        y = area.centery + (die // 6 if any(label for label, _, _ in groups) else 0)
        for _, faces, _ in groups:
            for _ in faces:
                centres.append((x, y))
                x += die + gap
            x += die // 2
        return centres

    def _draw_log(
        self,
        surface: pygame.Surface,
        area: pygame.Rect,
        lines: list[tuple[int, str]],
        outcomes: dict[int, str],
    ) -> None:
        """The log beside the dice: the newest lines (entry index, text) first, or only the newest below
        the board, where a line too long for its three rows gives way to what the roll did (the dice
        are drawn beside it)."""
        ui = self.app.theme
        if not lines:
            text = tr("The battle log: every attack and its dice")
            draw_text(
                surface,
                ui,
                text,
                "body",
                max(theme.MIN_TEXT_SIZE, round(self.view.square * 0.24)),
                theme.TEXT_FAINT,
                area,
                valign="middle",
                max_lines=3,
                min_size=theme.MIN_TEXT_SIZE,
            )
            return
        size = max(
            theme.MIN_TEXT_SIZE, round(self.view.square * (0.24 if not self.view.tray_beside else 0.25))
        )
        if not self.view.tray_beside:
            ply, text = lines[-1]
            whole = layout_text(
                ui, text, "body", size, area.width, area.height, max_lines=3, min_size=theme.MIN_TEXT_SIZE
            )
            if whole.cut and outcomes.get(ply):
                text = outcomes[ply]
            draw_text(
                surface,
                ui,
                text,
                "body",
                size,
                theme.TEXT,
                area,
                valign="middle",
                max_lines=3,
                min_size=theme.MIN_TEXT_SIZE,
                container=self.view.tray,
            )
            return
        y = area.y
        for index, (_, line) in enumerate(reversed(lines)):
            colour = theme.TEXT if index == 0 else theme.TEXT_DIM
            box = pygame.Rect(area.x, y, area.width, area.bottom - y)
            if box.height < size * 1.5:
                break
            drawn = draw_text(
                surface,
                ui,
                line,
                "body",
                size,
                colour,
                box,
                max_lines=4,
                min_size=theme.MIN_TEXT_SIZE,
                container=self.view.tray,
            )
            height = getattr(drawn, "height", None)
            y += (height if isinstance(height, int) else size * 3) + size // 2
