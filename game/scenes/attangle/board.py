"""The Attangle board on the match screen: ``AttangleBoard``, the board controller of Attangle's registry entry.

Playing with the mouse:

- pointing at an empty point shows a ghost of your piece; a click places it;
- pointing at an enemy stack that can be taken shows every pair of your
  stacks that can take it, each joined to it along its line;
- a capture is chosen by its points, in any order: the target then one of
  the offered attackers (then the other, when that one attacker could go with
  several), or the two attackers then the target. The move is played as soon
  as only one capture fits the points chosen; right click (or Esc) forgets
  them.

The keyboard moves a cursor over the points (the arrows: along the row, or to
the nearest point of the row above or below); Enter does what a click there
would. Moves are handed to the match screen (``scene.play``), which plays them
on the match and then calls ``after_move`` here to animate them.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.engine.attangle import Board, Move, Side, Termination
from game.i18n import tr
from game.scenes.attangle.anim import Celebration, Frame, MoveAnimation, PlayedMove, lock_colour
from game.scenes.attangle.view import HexView, StackLook, disc_sprite, draw_stack, thumbnail
from game.scenes.board_base import SHAKE_TIME, CursorBoard
from game.ui import gfx, theme

if TYPE_CHECKING:
    from game.scenes.board_host import BoardHost

__all__ = ["AttangleBoard", "capture_points"]

CAPTURE_STRENGTH = (0.85, 0.15)
"""How far the offered captures' colours go from the plate to the target colours: at least the
first, pulsing by up to the second more (the capture under the pointer goes all the way)."""


def capture_points(raw: int) -> tuple[int, int, int]:
    """The target and the two attackers of a raw capture."""
    return raw & 63, raw >> 6 & 63, raw >> 12 & 63


class AttangleBoard(CursorBoard[Board, Move, int]):
    """The hexagonal board: stacks, reserves, the choice of a placement or a capture, keys, animations."""

    anim: MoveAnimation | None

    thumbnail = staticmethod(thumbnail)

    def __init__(self, scene: BoardHost[Board, Move]) -> None:
        super().__init__(scene)
        self.view = HexView(self.position.geometry)
        self.cursor = self.position.geometry.centre
        self._cursor_shown = False
        self.reset()

    # -- what the board reads of the scene --

    # -- the match --

    def reset(self) -> None:
        super().reset()
        self.celebration: Celebration | None = None
        self.selection: list[int] = []
        self.hover: int | None = None
        self.time = 0.0

    def before_move(self, move: Move) -> PlayedMove:
        return PlayedMove.describe(self.position, move)

    def after_move(self, move: Move, note: PlayedMove, *, animate: bool) -> None:
        self.selection = []
        if animate:
            self.anim = MoveAnimation(note, self.scene.speed)
        else:
            self.app.audio.play("flip" if move.is_capture else "clone")

    def closing(self) -> Celebration | None:
        return self.celebration

    def finishing(self, dt: float) -> bool:
        """A game won by triples: the winner's triples light up before the results."""
        result = self.match.result
        assert result is not None
        outcome = result.outcome
        if outcome.termination is not Termination.TRIPLES or outcome.winner is None:
            return False
        if self.celebration is None:
            symbol = Side(outcome.winner).symbol
            stacks = self.position.stacks
            points = [point for point, stack in enumerate(stacks) if len(stack) == 3 and stack[-1] == symbol]
            last = self.match.moves[-1] if self.match.moves else None
            last_point = self.position.point(last.target) if last is not None else None
            self.celebration = Celebration(points, last_point, self.scene.speed)
            if self.scene.speed == 0:
                self.celebration.finish()
        return self.play_closing(dt)

    # -- what the panel shows --

    def displayed_score(self, seat: int) -> int:
        """The triples topped by the seat's colour."""
        return self.position.triple_count(seat)

    def score_text(self, seat: int, score: int) -> str:
        """The triples against the number that wins ("2/3")."""
        return f"{score}/{self.position.geometry.triples_to_win}"

    def place_radius(self) -> float:
        return self.view.disc_width() * 0.68  # round the stack, clear of its discs

    def score_caption(self) -> str:
        return tr("Triples")

    def score_bar(self) -> tuple[int, int, int]:
        """Each side's triples against the number that wins: a side that wins fills its half."""
        need = self.position.geometry.triples_to_win
        return self.displayed_score(0), self.displayed_score(1), 2 * need

    def instructions(self) -> str:
        return tr("Place a piece, or take a stack with two of yours")

    def hint_instruction(self, move: Move) -> str:
        """No arrow here: a placement's point is ringed, a capture's lines join the attackers to the target."""
        if move.attackers:
            return tr("Capture along the marked lines")
        return tr("Place a piece on the ringed point")

    # -- points --

    def layout(self, area: pygame.Rect) -> None:
        self.rect = area.copy()
        if self.view.geometry is not self.position.geometry:
            self.view = HexView(self.position.geometry)
        self.view.place(area)

    def point_centre(self, point: int) -> tuple[int, int]:
        """The pixel centre of ``point`` on screen (tests click there)."""
        self.scene.ensure_layout()
        return self.view.point_centre(point)

    def captures(self) -> list[int]:
        """The legal captures now, as raw moves (none when it is not a person's turn)."""
        if not self.human_turn():
            return []
        return self.position.raw_captures()

    def matching(self, chosen: list[int], captures: list[int] | None = None) -> list[int]:
        """The captures whose points include every point of ``chosen``."""
        captures = self.captures() if captures is None else captures
        wanted = set(chosen)
        return [raw for raw in captures if wanted <= set(capture_points(raw))]

    def can_place(self, point: int) -> bool:
        """Whether a person may place a piece on ``point`` now."""
        board = self.position
        return (
            self.human_turn()
            and not board.stacks[point]
            and point not in board.geometry.no_placement
            and board.reserve(board.turn) > 0
        )

    def click_points(self, move: Move) -> list[tuple[int, int]]:
        board = self.position
        target = board.point(move.target)
        if not move.attackers:
            return [self.point_centre(target)]
        first, second = (board.point(name) for name in move.attackers)
        captures = board.raw_captures()
        clicks = [target]
        for attacker in (first, second):
            clicks.append(attacker)
            if len(self.matching(clicks, captures)) == 1:
                break
        return [self.point_centre(point) for point in clicks]

    def shakes(self, place: int) -> bool:
        return bool(self.position.stacks[place])  # a stack shakes, an empty point cannot

    # -- input --

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.view.point_at(event.pos)
            self._cursor_shown = False
            return False
        if event.type == pygame.WINDOWLEAVE:  # no pointer over the board (out of the window, or covered)
            self.hover = None
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.press(self.view.point_at(event.pos))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            had = bool(self.selection)
            self.selection = []
            return had or self.view.rect.collidepoint(event.pos)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        steps = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0)}
        if event.key in steps:
            rows, columns = steps[event.key]
            return self.move_cursor(lambda point: self._step(point, rows, columns))
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self.press_cursor()
        if event.key == pygame.K_ESCAPE and self.selection:
            self.selection = []
            return True
        return False

    def _step(self, point: int, rows: int, columns: int) -> int:
        """The point ``columns`` along the row, or the nearest one ``rows`` rows away."""
        geometry = self.position.geometry
        row_index = next(index for index, row in enumerate(geometry.rows) if point in row)
        row = geometry.rows[row_index]
        if columns:
            return row[max(0, min(len(row) - 1, row.index(point) + columns))]
        new_index = row_index + rows
        if not 0 <= new_index < len(geometry.rows):
            return point
        x = self.view.point_centre(point)[0]
        return min(geometry.rows[new_index], key=lambda other: abs(self.view.point_centre(other)[0] - x))

    def press(self, point: int | None) -> bool:
        """A click (or Enter on the cursor) on ``point`` (``None``: off the points)."""
        scene = self.scene
        if scene.skip():
            return True
        if point is None:
            self.selection = []
            return False
        if self.out_of_turn():
            return True
        board = self.position
        stack = board.stacks[point]
        if not stack:
            self.selection = []
            if point in board.geometry.no_placement:
                self.reject(point, tr("Nobody may place on a star point"))
            elif not board.reserve(board.turn):
                self.reject(point, tr("Your reserve is empty: you must capture"))
            else:
                scene.play(Move.place(board.geometry.names[point]))
            return True
        captures = board.raw_captures()
        involved = self.matching([point], captures)
        if not involved:
            self.selection = []
            mine = stack[-1] == board.turn.symbol
            if len(stack) == 3:
                self.reject(point, tr("A triple never moves") if mine else tr("A triple is never taken"))
            elif mine:
                self.reject(point, tr("That stack cannot take anything now"))
            else:
                self.reject(point, tr("None of your stacks can take that one"))
            return True
        if point in self.selection:
            self.selection.remove(point)
            return True
        chosen = [*self.selection, point]
        fitting = self.matching(chosen, captures)
        if not fitting:
            chosen, fitting = [point], involved
        if len(fitting) == 1 and len(chosen) >= 2:
            scene.play(board.move_from_raw(fitting[0]))
            return True
        self.selection = chosen
        self.app.audio.play("select")
        return True

    # -- the frame --

    def update(self, dt: float) -> None:
        self.time += dt
        super().update(dt)
        if self.selection and not self.matching(self.selection):
            self.selection = []

    def static_key(self) -> object:
        return (tuple(self.view.rect), round(self.view.spacing, 3), self.position.geometry.side)

    def draw_static(self, surface: pygame.Surface) -> None:
        self.view.draw_static(surface, self.app.theme)

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view
        board = self.position
        frame = self.anim.frame(view) if self.anim is not None else Frame({}, [], {})
        for seat in (0, 1):
            count = frame.reserves.get(seat, board.reserve(seat))
            active = not self.match.is_over and int(board.turn) == seat
            view.draw_reserve(surface, self.app.theme, seat, count, active=active)
        if self.anim is None:
            self._draw_last_move(surface)
            self._draw_choice(surface)
        overrides = dict(frame.overrides)
        if self.shake is not None and board.stacks[self.shake[0]]:
            point, left = self.shake
            x, y = view.point_centre(point)
            offset = math.sin(left * 60) * view.spacing * 0.06 * (left / SHAKE_TIME)
            overrides[point] = StackLook(board.stacks[point], centre=(x + offset, y))
        if self.celebration is not None:
            for point in self.celebration.points:
                shine = self.celebration.glow(point)
                if shine > 0 and point not in overrides:
                    pulse = 0.75 + 0.25 * math.sin(self.time * 6 + point)
                    overrides[point] = StackLook(
                        board.stacks[point], glow=theme.lerp_colour((0, 0, 0), theme.GOLD, shine * pulse)
                    )
                    self._ring(surface, point, theme.lerp_colour(theme.SQUARE_B, theme.GOLD, shine), 0.08)
        view.draw_stacks(surface, board, overrides)
        for point, look in overrides.items():
            if look is not None and look.centre is not None:
                view.draw_stack(surface, point, look)
        for look in frame.flying:
            view.draw_stack(surface, -1, look)
        if frame.lock is not None:
            self._draw_lock(surface, *frame.lock)
        if self.celebration is not None and self.celebration.last is not None:
            self._draw_rings(surface, self.celebration.last)
        self._draw_hint(surface)
        if self._cursor_shown and self.human_turn():
            x, y = view.point_centre(self.cursor)
            radius = int(view.spacing * 0.46)
            pygame.draw.circle(surface, theme.SELECT, (x, y), radius, max(2, int(view.spacing * 0.05)))

    # -- overlays --

    def _ring(self, surface: pygame.Surface, point: int, colour: theme.Colour, width: float = 0.05) -> None:
        x, y = self.view.point_centre(point)
        radius = int(self.view.spacing * 0.46)
        gfx.ring(
            surface,
            (x, y + int(self.view.spacing * 0.06)),
            radius,
            colour,
            max(2, int(self.view.spacing * width)),
        )

    def _line(
        self, surface: pygame.Surface, start: int, end: int, colour: theme.Colour, width: float
    ) -> None:
        view = self.view
        gfx.thick_line(
            surface, view.point_centre(start), view.point_centre(end), colour, max(2, view.spacing * width)
        )

    def _draw_capture(self, surface: pygame.Surface, raw: int, strength: float, colour: theme.Colour) -> None:
        """A capture's two lines, attackers to target, drawn under the stacks.

        The attackers get a solid ring and the target a dashed one: they differ by shape, and
        one colour per capture keeps it apart from the board's lines.
        """
        target, first, second = capture_points(raw)
        strength = round(strength * 16) / 16  # steps, so the pulsing target mark is drawn from the cache
        shade = theme.lerp_colour(theme.SQUARE_B, colour, strength)
        for attacker in (first, second):
            self._line(surface, attacker, target, shade, 0.07 if strength >= 1 else 0.05)
        x, y = self.view.point_centre(target)
        mark = gfx.target_mark("dashed", int(self.view.spacing * 1.3), shade)
        surface.blit(mark, mark.get_rect(center=(x, y + int(self.view.spacing * 0.06))))
        for attacker in (first, second):
            self._ring(surface, attacker, shade, 0.07)

    def _draw_last_move(self, surface: pygame.Surface) -> None:
        last = self.match.moves[-1] if self.match.moves else None
        if last is None:
            return
        board = self.position
        colour = theme.lerp_colour(theme.SQUARE_B, theme.GOLD, 0.45)
        target = board.point(last.target)
        for name in last.attackers:
            self._line(
                surface, board.point(name), target, theme.lerp_colour(theme.SQUARE_B, theme.GOLD, 0.25), 0.03
            )
        self._ring(surface, target, colour, 0.035)

    def offered(self) -> tuple[int | None, list[int], list[int]]:
        """What the board offers now: the point of a ghost piece, the captures shown, those under the pointer.

        With points chosen, the captures that still fit them (and, of those,
        the ones through the point under the pointer); otherwise the ghost of
        a placement on the empty point under the pointer, or every capture of
        the enemy stack (or by the own stack) under it.
        """
        if not self.human_turn() or self.anim is not None:
            return None, [], []
        captures = self.position.raw_captures()
        hover = self.hover
        if self.selection:
            fitting = self.matching(self.selection, captures)
            under = [raw for raw in fitting if hover is not None and hover in capture_points(raw)]
            return None, fitting, under
        if hover is None:
            return None, [], []
        if self.can_place(hover):
            return hover, [], []
        return None, self.matching([hover], captures), []

    def _draw_choice(self, surface: pygame.Surface) -> None:
        """What the pointer or the points chosen offer: a ghost piece, the attacker pairs."""
        if self.shake is not None:
            point, left = self.shake
            self._ring(surface, point, theme.lerp_colour(theme.SQUARE_B, theme.DANGER, left / SHAKE_TIME))
        ghost, shown, under = self.offered()
        if ghost is not None:
            self._draw_ghost(surface, ghost)
        glow = 0.5 + 0.5 * math.sin(self.time * 4.5)
        for raw in shown:
            if raw not in under:
                self._draw_capture(
                    surface, raw, CAPTURE_STRENGTH[0] + CAPTURE_STRENGTH[1] * glow, theme.TARGETS[0]
                )
        for raw in under:
            self._draw_capture(surface, raw, 1.0, theme.TARGETS[0])
        for point in self.selection:
            self._ring(surface, point, theme.SELECT, 0.07)

    def _draw_ghost(self, surface: pygame.Surface, point: int) -> None:
        view = self.view
        seat = int(self.position.turn)
        sprite = disc_sprite(view.disc_width(), theme.SEAT_COLOURS[seat]).copy()
        sprite.set_alpha(int(120 + 40 * math.sin(self.time * 4)))
        x, y = view.point_centre(point)
        surface.blit(sprite, sprite.get_rect(center=(x, y + int(view.disc_width() * 0.1))))

    def _draw_lock(self, surface: pygame.Surface, point: int, progress: float) -> None:
        view = self.view
        x, y = view.stack_top(point, 3)
        radius = int(view.disc_width() * (0.5 + 0.9 * progress))
        colour = lock_colour(progress)
        alpha_surface = pygame.Surface((radius * 2 + 4, radius * 2 + 4), pygame.SRCALPHA)
        pygame.draw.circle(
            alpha_surface,
            (*colour, int(255 * (1 - progress))),
            (radius + 2, radius + 2),
            radius,
            max(2, int(view.spacing * 0.06)),
        )
        surface.blit(alpha_surface, (x - radius - 2, y - radius - 2))
        halo = gfx.glow(int(view.disc_width() * 0.9), theme.GOLD, 1 - progress)
        surface.blit(halo, halo.get_rect(center=(x, y)), special_flags=pygame.BLEND_RGB_ADD)

    def _draw_rings(self, surface: pygame.Surface, point: int) -> None:
        assert self.celebration is not None
        view = self.view
        x, y = view.stack_top(point, 3)
        for radius_widths, alpha in self.celebration.rings():
            radius = int(view.disc_width() * radius_widths)
            layer = pygame.Surface((radius * 2 + 4, radius * 2 + 4), pygame.SRCALPHA)
            pygame.draw.circle(
                layer,
                (*theme.GOLD, alpha),
                (radius + 2, radius + 2),
                radius,
                max(2, int(view.spacing * 0.05)),
            )
            surface.blit(layer, (x - radius - 2, y - radius - 2))

    def _draw_hint(self, surface: pygame.Surface) -> None:
        move = self.hint_move
        if move is None or self.anim is not None:
            return
        board = self.position
        glow = 0.5 + 0.5 * math.sin(self.hint_time * 2 * math.pi)
        target = board.point(move.target)
        if move.attackers:
            raw = board.raw_from_move(move)
            self._draw_capture(surface, raw, 0.7 + 0.3 * glow, theme.GOLD)
            return
        self._ring(surface, target, theme.lerp_colour(theme.SQUARE_B, theme.GOLD, 0.6 + 0.4 * glow), 0.07)
        seat = int(board.turn)
        draw_stack(
            surface,
            self.view.point_centre(target),
            self.view.disc_width(),
            StackLook(Side(seat).symbol, alpha=int(110 + 60 * glow)),
        )
