"""The panel of the analysis screen: strength, progress, each seat's summary, the move on show, the move list.

Drawn beside the board by ``game.scenes.analysis.AnalysisScene``, which owns
the state (the run, the review, the move on show) and the buttons; the panel
lays them out, draws the rest, and turns clicks and the wheel on its move
list into moves to show.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.analysis import (
    Mark,
    MoveVerdict,
)
from game.ai.analysis_run import RunState
from game.engine.core import CHANCE
from game.formats import format_decimal, format_percent
from game.i18n import ntr, tr, trc
from game.ui import theme
from game.ui.lang import end_reason, seat_name
from game.ui.textbox import draw_text

if TYPE_CHECKING:
    from game.scenes.analysis import AnalysisScene

__all__ = ["MARK_COLOURS", "AnalysisPanel", "mark_name"]

MARK_COLOURS: dict[Mark | None, theme.Colour] = {
    Mark.BEST: (60, 226, 132),
    Mark.GOOD: (120, 210, 255),
    Mark.INACCURACY: (255, 210, 63),
    Mark.MISTAKE: (255, 148, 56),
    Mark.BLUNDER: (255, 86, 96),
}
"""Each mark's colour (in the move list its glyph says it too: ?!, ?, ??; the best a dot, a good move a tick)."""
BAD_MARKS = (Mark.INACCURACY, Mark.MISTAKE, Mark.BLUNDER)
LIST_BACK = (12, 15, 34)


def mark_name(mark: Mark) -> str:
    """A mark's name in the player's language."""
    return {
        Mark.BEST: tr("Best"),
        Mark.GOOD: tr("Good"),
        Mark.INACCURACY: tr("Inaccuracy"),
        Mark.MISTAKE: tr("Mistake"),
        Mark.BLUNDER: tr("Blunder"),
    }[mark]


def _expected(value: float | None) -> str:
    """An expected result as a percentage, "?" when the search gave none."""
    return "?" if value is None else format_percent(value)


@dataclasses.dataclass(frozen=True)
class Row:
    """A line of the move list: a seat's move, the rolls after it, and where it was played."""

    index: int
    """The position the move was played in (its entry in the game)."""
    number: int
    seat: int
    label: str
    rolls: tuple[Any, ...] = ()
    """The outcomes of the rolls that followed the move (their dice drawn after it)."""


class AnalysisPanel:
    """The analysis screen's panel (see the module docstring)."""

    def __init__(self, scene: AnalysisScene) -> None:
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.widgets = scene.widgets
        """The scene's buttons (a board looks for its screen's ``panel.widgets``)."""
        self.rows: list[Row] = []
        self.scroll = 0
        self.row_h = 1
        self.parts: dict[str, pygame.Rect] = {}

    def _rows(self) -> list[Row]:
        scene = self.scene
        rows: list[Row] = []
        for index, (seat, entry) in enumerate(scene.history):
            if seat == CHANCE:
                if rows:
                    rows[-1] = dataclasses.replace(rows[-1], rolls=(*rows[-1].rolls, entry))
                continue
            rows.append(Row(index, scene.numbers[index], seat, scene.board.move_label(entry)))
        return rows

    def px(self, value: float) -> int:
        return self.scene.px(value)

    # -- layout --

    def layout(self, rect: pygame.Rect) -> None:
        """Place everything in ``rect``, top to bottom; the move list takes what is left."""
        self.rect = rect.copy()
        self.rows = self._rows()
        scene, ui = self.scene, self.scene.app.theme
        pad = self.px(14)
        inner = rect.inflate(-2 * pad, 0)
        gap = self.px(8)
        y = rect.y + pad
        parts: dict[str, pygame.Rect] = {}

        def take(name: str, height: int) -> pygame.Rect:
            nonlocal y
            parts[name] = pygame.Rect(inner.x, y, inner.width, height)
            y += height + gap
            return parts[name]

        take("title", round(scene.title_px(24) * 1.3))
        take("subtitle", ui.font("body", self.px(14)).get_height())
        chips = take("strength", max(24, self.px(32)))
        caption_w = ui.measure(tr("Strength"), "body", self.px(14), bold=True) + self.px(10)
        scene.strength_choice.layout(
            pygame.Rect(chips.x + caption_w, chips.y, chips.width - caption_w, chips.height), self.px(6), ui
        )
        line = ui.font("body", self.px(15)).get_height() + self.px(4)
        luck_rows = 2 if scene.rules.has_chance else 0
        status = take("status", max(24, self.px(34)) + line + luck_rows * line)
        take("verdict", ui.font("body", self.px(16), bold=True).get_height() + 3 * line)
        button_h = max(26, self.px(40))
        bottom = rect.bottom - pad
        back = pygame.Rect(inner.x, bottom - button_h, inner.width, button_h)
        half = (inner.width - gap) // 2
        row = back.y - gap - button_h
        widgets = scene.widgets
        widgets["line"].rect = pygame.Rect(inner.x, row, half, button_h)
        widgets["export"].rect = pygame.Rect(inner.x + half + gap, row, inner.width - half - gap, button_h)
        widgets["back"].rect = back
        button_w = min(inner.width // 2, max(self.px(120), ui.measure(tr("Analyse"), "title", 14) + 40))
        action = pygame.Rect(status.right - button_w, status.y, button_w, max(24, self.px(34)))
        widgets["analyse"].rect = action
        widgets["cancel"].rect = action.copy()
        parts["list"] = pygame.Rect(inner.x, y, inner.width, max(0, row - gap - y))
        self.parts = parts
        self.row_h = max(ui.font("body", self.px(15), bold=True).get_height() + self.px(6), 16)
        self.follow(scene.cursor)

    @property
    def max_scroll(self) -> int:
        area = self.parts.get("list", pygame.Rect(0, 0, 0, 0))
        return max(0, len(self.rows) * self.row_h - (area.height - self.px(8)))

    def _row_of(self, index: int) -> int | None:
        """The row of the move played in position ``index`` (a roll's: the move before it)."""
        best = None
        for number, row in enumerate(self.rows):
            if row.index <= index:
                best = number
            else:
                break
        return best

    def follow(self, index: int) -> None:
        """Scroll the move list so that the move on show is in sight."""
        area = self.parts.get("list")
        row = self._row_of(index)
        if area is None or row is None:
            return
        top = row * self.row_h
        visible = area.height - self.px(8)
        if top < self.scroll:
            self.scroll = top
        elif top + self.row_h > self.scroll + visible:
            # Down to it, the top row whole (the room left over goes under the last row).
            self.scroll = -(-(top + self.row_h - visible) // self.row_h) * self.row_h
        self.scroll = max(0, min(self.max_scroll, self.scroll))

    # -- events --

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The wheel and clicks on the move list."""
        area = self.parts.get("list")
        if area is None:
            return False
        if event.type == pygame.MOUSEWHEEL:
            pointer = pygame.mouse.get_pos()
            if area.collidepoint(pointer) or self.rect.collidepoint(pointer):
                self.scroll = max(0, min(self.max_scroll, self.scroll - event.y * self.row_h * 2))
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and area.collidepoint(event.pos):
            number = (event.pos[1] - area.y - self.px(4) + self.scroll) // self.row_h
            if 0 <= number < len(self.rows):
                self.scene.app.audio.play("select")
                self.scene.show(self.rows[number].index)
            return True
        return event.type == pygame.MOUSEBUTTONDOWN and area.collidepoint(event.pos)

    def row_rect(self, row: int) -> pygame.Rect:
        """Where row ``row`` of the move list is drawn now (tests click it)."""
        area = self.parts["list"]
        return pygame.Rect(
            area.x, area.y + self.px(4) + row * self.row_h - self.scroll, area.width, self.row_h
        )

    # -- drawing --

    def draw(self, surface: pygame.Surface) -> None:
        scene, ui = self.scene, self.scene.app.theme
        parts = self.parts
        scene.draw_title(surface, tr("ANALYSIS"), parts["title"], size=24, spread=8, container=self.rect)
        moves = ntr("{count} move", "{count} moves", scene.source.full_moves)
        details = [tr(scene.definition.name)]
        if scene.level_name and scene.level_name != details[0]:
            details.append(scene.level_name)
        details.append(moves)
        draw_text(
            surface,
            ui,
            "  ·  ".join(details),
            "body",
            self.px(14),
            theme.TEXT_DIM,
            parts["subtitle"],
            align="center",
            max_lines=1,
        )
        chips = parts["strength"]
        draw_text(
            surface,
            ui,
            tr("Strength"),
            "body",
            self.px(14),
            theme.TEXT_DIM,
            pygame.Rect(chips.x, chips.y, chips.width // 3, chips.height),
            bold=True,
            valign="middle",
            max_lines=1,
        )
        scene.strength_choice.draw(surface, ui)
        self._draw_status(surface)
        self._draw_verdict(surface)
        self._draw_list(surface)
        scene.widgets.draw(surface, ui)

    def _line_h(self) -> int:
        return self.scene.app.theme.font("body", self.px(15)).get_height() + self.px(4)

    def _draw_status(self, surface: pygame.Surface) -> None:
        scene, ui = self.scene, self.scene.app.theme
        area = self.parts["status"]
        line = self._line_h()
        top_h = max(24, self.px(34))
        run = scene.run
        action = scene.widgets["cancel"].rect
        first = pygame.Rect(area.x, area.y, action.x - area.x - self.px(10), top_h)
        if run is not None and run.state is RunState.RUNNING:
            bar = pygame.Rect(first.x, first.centery - self.px(6), first.width, max(6, self.px(12)))
            pygame.draw.rect(surface, (30, 36, 70), bar, border_radius=bar.height // 2)
            filled = bar.copy()
            filled.width = max(bar.height, int(bar.width * run.fraction))
            pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=bar.height // 2)
            total = max(1, scene.analysis.total)
            text = tr("Position {done} of {total}", done=min(total, scene.analysis.searched + 1), total=total)
            probing = scene.analysis.probing
            if probing is not None:
                # After the move, the rolls it led to: the run goes on past the game's last position.
                text = tr(
                    "{position} · rolls {done} of {total}",
                    position=text,
                    done=probing[0] + 1,
                    total=probing[1],
                )
            self._text(surface, text, theme.TEXT_DIM, pygame.Rect(area.x, area.y + top_h, area.width, line))
        elif scene.finished:
            for seat in (0, 1):
                self._summary(
                    surface,
                    seat,
                    pygame.Rect(area.x, area.y + seat * (top_h + line) // 2, area.width, (top_h + line) // 2),
                )
        else:
            if run is not None and run.state is RunState.FAILED:
                message = tr("The analysis stopped: {error}", error=run.error[:120])
                colour = theme.DANGER
            elif run is not None:
                message = tr(
                    "Stopped at position {done} of {total}",
                    done=scene.analysis.searched,
                    total=max(1, scene.analysis.total),
                )
                colour = theme.TEXT_DIM
            else:
                message, colour = tr("Analysis stopped"), theme.TEXT_DIM
            draw_text(
                surface,
                ui,
                message,
                "body",
                self.px(15),
                colour,
                pygame.Rect(first.x, area.y, first.width, top_h + line),
                valign="middle",
                max_lines=3,
            )
        luck = scene.review.luck
        if luck is not None:
            y = area.y + top_h + line
            for tally in luck:
                text = ntr(
                    "{side} rolled {count} hit for {expected} expected",
                    "{side} rolled {count} hits for {expected} expected",
                    round(tally.rolled),
                    side=seat_name(tally.seat),
                    expected=format_decimal(tally.expected),
                )
                self._text(
                    surface, text, theme.seat_text(tally.seat), pygame.Rect(area.x, y, area.width, line)
                )
                y += line

    def _summary(self, surface: pygame.Surface, seat: int, box: pygame.Rect) -> None:
        """A seat's name and its count of each bad mark, glyphs in their colours."""
        ui = self.scene.app.theme
        size = self.px(15)
        cell = max(ui.measure("?? 99", "body", size, bold=True) + self.px(8), box.width // 7)
        name_box = pygame.Rect(box.x, box.y, box.width - 3 * cell, box.height)
        draw_text(
            surface,
            ui,
            seat_name(seat),
            "body",
            size,
            theme.seat_text(seat),
            name_box,
            bold=True,
            valign="middle",
            max_lines=1,
        )
        for number, mark in enumerate(BAD_MARKS):
            count = self.scene.review.count(seat, mark)
            colour = MARK_COLOURS[mark] if count else theme.TEXT_FAINT
            cell_box = pygame.Rect(box.right - (3 - number) * cell, box.y, cell, box.height)
            draw_text(
                surface,
                ui,
                f"{mark.glyph} {count}",
                "body",
                size,
                colour,
                cell_box,
                bold=True,
                align="right",
                valign="middle",
                max_lines=1,
            )

    def _text(
        self,
        surface: pygame.Surface,
        text: str,
        colour: theme.Colour,
        box: pygame.Rect,
        *,
        bold: bool = False,
    ) -> None:
        draw_text(
            surface,
            self.scene.app.theme,
            text,
            "body",
            self.px(15),
            colour,
            box,
            bold=bold,
            valign="middle",
            max_lines=1,
        )

    def verdict_text(self) -> tuple[str, tuple[str, theme.Colour] | None, list[tuple[str, theme.Colour]]]:
        """The move on show in words: a heading, its mark (name and colour) and up to three lines."""
        scene = self.scene
        index = scene.cursor
        if index >= len(scene.entries):
            result = scene.source.result
            if result is None:
                return tr("Last position"), None, [(tr("The game was not finished"), theme.TEXT_DIM)]
            winner = result.outcome.winner
            headline = trc("result", "Draw") if winner is None else tr("{side} wins", side=seat_name(winner))
            return (
                tr("Final position"),
                None,
                [(headline, theme.GOLD), (end_reason(scene.rules, result.outcome), theme.TEXT_DIM)],
            )
        seat, entry = scene.history[index]
        if seat == CHANCE:
            lines: list[tuple[str, theme.Colour]] = []
            luck = scene.rules.roll_luck(scene.view.position, entry) if scene.view.ply == index else None
            if luck is not None:
                lines.append(
                    (
                        ntr(
                            "{count} hit for {expected} expected",
                            "{count} hits for {expected} expected",
                            round(luck.rolled),
                            expected=format_decimal(luck.expected),
                        ),
                        theme.seat_text(luck.seat),
                    )
                )
            return tr("Dice: {roll}", roll=scene.board.roll_label(entry)), None, lines
        heading = tr(
            "{number}. {side} {move}",
            number=scene.numbers[index],
            side=seat_name(seat),
            move=scene.board.move_label(entry),
        )
        verdict = scene.verdict(index)
        if scene.analysis.main[index].setup:
            return heading, None, [(tr("Setting up: not judged"), theme.TEXT_DIM)]
        return heading, self._mark_of(verdict), self._verdict_lines(seat, verdict)

    @staticmethod
    def _mark_of(verdict: MoveVerdict | None) -> tuple[str, theme.Colour] | None:
        if verdict is None or verdict.mark is None:
            return None
        glyph = f"{verdict.mark.glyph} " if verdict.mark.glyph else ""
        return glyph + mark_name(verdict.mark), MARK_COLOURS[verdict.mark]

    def _verdict_lines(self, seat: int, verdict: MoveVerdict | None) -> list[tuple[str, theme.Colour]]:
        scene = self.scene
        if verdict is not None and verdict.forced:
            return [(tr("The only move: not judged"), theme.TEXT_DIM)]
        if verdict is None or (verdict.before is None and verdict.mark is None):
            waiting = scene.running
            return [(tr("Not analysed yet") if waiting else tr("Not analysed"), theme.TEXT_DIM)]
        lines: list[tuple[str, theme.Colour]] = []
        if verdict.after is None:
            # The position after it is still being valued (the rolls it might have given): no "to ?".
            result = tr(
                "{side}: {before} before the move", side=seat_name(seat), before=_expected(verdict.before)
            )
        else:
            result = tr(
                "{side}: from {before} to {after}",
                side=seat_name(seat),
                before=_expected(verdict.before),
                after=_expected(verdict.after),
            )
        lines.append((result, theme.seat_text(seat)))
        main = scene.analysis.main
        if verdict.index + 1 < len(main) and main[verdict.index + 1].turn == CHANCE:
            # Honest about luck: what follows is the average over every roll the dice can show.
            lines.append((tr("Judged before the dice: their average"), theme.TEXT_DIM))
        elif verdict.score is not None:
            template, fields = scene.ai.describe_score(verdict.score)
            if "{turns}" in template:
                lines.append((tr("The computer saw: {words}", words=tr(template, **fields)), theme.TEXT_DIM))
        if verdict.best is None:
            lines.append((tr("The computer's move too"), MARK_COLOURS[Mark.BEST]))
        else:
            better = self._move_words(verdict.best)
            if verdict.mark in (Mark.BEST, Mark.GOOD):
                lines.append((tr("The computer chose {move}", move=better), theme.TEXT_DIM))
            else:
                lines.append((tr("Better: {move}", move=better), theme.GOLD))
        return lines[:3]

    def _move_words(self, text: str) -> str:
        """The better move ``text`` in the words a hint would say it (the board shows its position)."""
        try:
            return self.scene.board.move_words(self.scene.rules.parse_move(text))
        except ValueError:
            return text

    def _draw_verdict(self, surface: pygame.Surface) -> None:
        scene, ui = self.scene, self.scene.app.theme
        area = self.parts["verdict"]
        pygame.draw.rect(surface, LIST_BACK, area.inflate(self.px(8), self.px(4)), border_radius=self.px(8))
        heading, mark, lines = self.verdict_text()
        if scene.line is not None:
            line = scene.line
            shown = " ".join(scene.board.move_label(move) for move in line[: scene.line_shown])
            rest = " ".join(scene.board.move_label(move) for move in line[scene.line_shown :])
            mark = None
            lines = [
                (tr("The computer's line from here:"), theme.TEXT_DIM),
                (f"{shown}  {rest}".strip(), theme.GOLD),
            ]
        head_h = ui.font("body", self.px(16), bold=True).get_height()
        mark_w = 0
        if mark is not None:
            mark_w = min(area.width // 2, ui.measure(mark[0], "body", self.px(15), bold=True) + self.px(16))
            chip = pygame.Rect(area.right - mark_w, area.y, mark_w, head_h)
            pygame.draw.rect(
                surface, theme.lerp_colour(LIST_BACK, mark[1], 0.25), chip, border_radius=chip.height // 2
            )
            pygame.draw.rect(surface, mark[1], chip, 1, border_radius=chip.height // 2)
            draw_text(
                surface,
                ui,
                mark[0],
                "body",
                self.px(15),
                mark[1],
                chip.inflate(-self.px(8), 0),
                bold=True,
                align="center",
                valign="middle",
                max_lines=1,
            )
        draw_text(
            surface,
            ui,
            heading,
            "body",
            self.px(16),
            theme.TEXT,
            pygame.Rect(area.x, area.y, area.width - mark_w - self.px(6), head_h),
            bold=True,
            valign="middle",
            max_lines=1,
        )
        y = area.y + head_h + self.px(2)
        line_h = self._line_h()
        for text, colour in lines:
            self._text(surface, text, colour, pygame.Rect(area.x, y, area.width, line_h))
            y += line_h

    def _draw_row_label(
        self,
        surface: pygame.Surface,
        row: Row,
        box: pygame.Rect,
        colour: theme.Colour,
        size: int,
        *,
        bold: bool,
    ) -> None:
        """A row's move, then the dice of the rolls after it as the board draws them (a game that draws no
        dice: the rolls written in brackets)."""
        ui = self.scene.app.theme
        board = self.scene.board
        label = row.label
        die = max(8, box.height - self.px(6))
        pictures: list[list[pygame.Surface]] = []
        for outcome in row.rolls:
            icons = board.roll_icons(outcome, die)
            if icons is None:
                label = f"{label} [{board.roll_label(outcome)}]"
            else:
                pictures.append(icons)
        gap = max(1, die // 8)
        icons_w = sum(len(icons) * (die + gap) + gap * 3 for icons in pictures)
        text_box = box.copy()
        text_box.width = max(box.width // 3, box.width - icons_w)
        block = draw_text(
            surface,
            ui,
            label,
            "body",
            size,
            colour,
            text_box,
            bold=bold,
            valign="middle",
            max_lines=1,
            cut_ok=True,
        )
        x = text_box.x + block.width + gap * 3
        for icons in pictures:
            for icon in icons:
                if x + die > box.right:
                    return
                surface.blit(icon, icon.get_rect(midleft=(x, box.centery)))
                x += die + gap
            x += gap * 3

    def _draw_list(self, surface: pygame.Surface) -> None:
        scene, ui = self.scene, self.scene.app.theme
        area = self.parts["list"]
        if area.height < self.row_h:
            return
        pygame.draw.rect(surface, LIST_BACK, area, border_radius=self.px(8))
        pygame.draw.rect(surface, (44, 52, 94), area, 1, border_radius=self.px(8))
        clip = surface.get_clip()
        surface.set_clip(area.inflate(-2, -2))
        current = self._row_of(scene.cursor) if scene.cursor < len(scene.entries) else None
        size = self.px(15)
        number_w = ui.measure("000.", "body", size) + self.px(6)
        glyph_w = ui.measure("??", "body", size, bold=True) + self.px(10)
        for number, row in enumerate(self.rows):
            rect = self.row_rect(number)
            if rect.bottom < area.top or rect.top > area.bottom:
                continue
            if number == current:
                pygame.draw.rect(
                    surface,
                    theme.lerp_colour(LIST_BACK, theme.GOLD, 0.22),
                    rect.inflate(-self.px(6), 0),
                    border_radius=self.px(4),
                )
            first = number == 0 or self.rows[number - 1].number != row.number
            if first and row.number:
                draw_text(
                    surface,
                    ui,
                    f"{row.number}.",
                    "body",
                    size,
                    theme.TEXT_FAINT,
                    pygame.Rect(rect.x + self.px(8), rect.y, number_w, rect.height),
                    valign="middle",
                    max_lines=1,
                )
            x = rect.x + self.px(8) + number_w
            dot = max(3, self.px(5))
            seat_colour = theme.readable(theme.SEAT_COLOURS[row.seat], LIST_BACK, 3.0)
            pygame.draw.circle(surface, seat_colour, (x + dot, rect.centery), dot)
            verdict = scene.verdict(row.index)
            mark = verdict.mark if verdict is not None else None
            colour = (
                theme.GOLD
                if number == current
                else theme.readable(
                    theme.lerp_colour(theme.SEAT_COLOURS[row.seat], theme.TEXT, 0.55), LIST_BACK
                )
            )
            label_box = pygame.Rect(x + dot * 3, rect.y, rect.right - x - dot * 3 - glyph_w, rect.height)
            self._draw_row_label(surface, row, label_box, colour, size, bold=number == current)
            if mark is not None:
                self._draw_row_mark(surface, rect, mark, glyph_w, size)
        surface.set_clip(clip)
        if self.max_scroll:
            track = pygame.Rect(area.right - self.px(5), area.y + 2, self.px(3), area.height - 4)
            knob_h = max(self.px(16), track.height * track.height // (track.height + self.max_scroll))
            knob_y = track.y + (track.height - knob_h) * self.scroll // max(1, self.max_scroll)
            pygame.draw.rect(
                surface, theme.PANEL_EDGE, (track.x, knob_y, track.width, knob_h), border_radius=2
            )

    def _draw_row_mark(
        self, surface: pygame.Surface, row: pygame.Rect, mark: Mark, glyph_w: int, size: int
    ) -> None:
        """A move's mark at the right of its row, in the mark's colour: a bad move's glyph (?!, ?, ??), a dot
        for the best, a tick for a good one (quiet marks: most moves are one or the other)."""
        colour = MARK_COLOURS[mark]
        x, y = row.right - self.px(14), row.centery
        if mark.glyph:
            box = pygame.Rect(row.right - glyph_w, row.y, glyph_w - self.px(8), row.height)
            draw_text(
                surface, self.scene.app.theme, mark.glyph, "body", size, colour, box, bold=True, align="right",
                valign="middle", max_lines=1,
            )  # fmt: skip
        elif mark is Mark.BEST:
            pygame.draw.circle(surface, colour, (x, y), max(2, self.px(3)))
        elif mark is Mark.GOOD:
            half = max(3, self.px(5))
            tick = [(x - half, y), (x - half // 3, y + half * 2 // 3), (x + half, y - half * 2 // 3)]
            pygame.draw.lines(surface, colour, False, tick, max(2, self.px(2)))
