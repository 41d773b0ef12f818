"""Text that fits its box: wrapped between words, then smaller type within limits, cut only last.

Every text the scenes draw is laid out here, the same way:

1. wrapped at the spaces between words, never inside a word and never joining
   two (the words of a line keep a legible space, see ``Theme.measure``);
2. when the lines are too many for the box (its height, or ``max_lines``) or a
   word is wider than the box, the same again in smaller type, down to
   ``min_size`` (and there, bold text in regular letters); the font stays the
   role's own (a title stays a title);
3. a text on one line that is only a little too long is drawn in narrower
   letters (``MIN_CONDENSE``);
4. only then the last line that fits is cut and ends with an ellipsis (a word
   too long for the box on its own is cut between two letters, found by a
   binary search: a text of any length is measured a few dozen times).

A ``TextBlock`` knows its lines, its size and the rectangle of each line, so a
scene can measure a text before it places things around it (a card as tall as
the names in it) and give texts that share a slot one size (``shared_size``).
When ``Theme.drawn`` is a list, every line drawn is added to it with the area
it must stay inside: tests read it to check that no text overflows its area or
covers another.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from typing import Protocol

import pygame

from game.ui import gfx
from game.ui.theme import ACCENT, MIN_TEXT_SIZE, Colour, DrawnText, Theme

__all__ = [
    "ELLIPSIS",
    "MIN_CONDENSE",
    "Paragraph",
    "Run",
    "RunLayout",
    "TextBlock",
    "TitleDrawer",
    "draw_column",
    "draw_runs",
    "draw_text",
    "elide_middle",
    "layout_column",
    "layout_runs",
    "layout_text",
    "shared_size",
]

ELLIPSIS = "…"

_SPACES = re.compile(r"( +)")
_PATH_PIECES = re.compile(r"[^/\\._-]*[/\\._-]+|[^/\\._-]+")
"""A path or a file name cut after its slashes, dots, dashes and underscores (when too wide for a line)."""
_BREAKS = re.compile(r"[/\\._-]")


@dataclasses.dataclass(frozen=True)
class TextBlock:
    """Lines of text laid out at one size, ready to be drawn in a box."""

    lines: tuple[str, ...]
    widths: tuple[int, ...]
    role: str
    size: int
    bold: bool
    line_height: int
    """Pixels from the top of one line to the top of the next."""
    font_height: int
    cut: bool
    """Whether the text did not fit whole and ends with an ellipsis."""
    condense: float = 1.0
    """How much narrower than their natural width the letters are drawn (a line a little too long)."""

    @property
    def width(self) -> int:
        """The widest line, in pixels."""
        return max(self.widths, default=0)

    @property
    def height(self) -> int:
        """From the top of the first line to the bottom of the last, in pixels."""
        if not self.lines:
            return 0
        return (len(self.lines) - 1) * self.line_height + self.font_height

    def line_rects(self, box: pygame.Rect, align: str = "left", valign: str = "top") -> list[pygame.Rect]:
        """Where each line goes in ``box``: ``align`` left, center or right; ``valign`` top, middle or bottom."""
        if valign == "middle":
            top = box.y + (box.height - self.height) // 2
        elif valign == "bottom":
            top = box.bottom - self.height
        else:
            top = box.y
        rects = []
        for index, width in enumerate(self.widths):
            if align == "center":
                x = box.x + (box.width - width) // 2
            elif align == "right":
                x = box.right - width
            else:
                x = box.x
            rects.append(pygame.Rect(x, top + index * self.line_height, width, self.font_height))
        return rects

    def draw(
        self,
        surface: pygame.Surface,
        ui: Theme,
        colour: Colour,
        box: pygame.Rect,
        *,
        align: str = "left",
        valign: str = "top",
        container: pygame.Rect | None = None,
        alpha: int | None = None,
        glow: Colour | None = None,
        spread: int = 10,
        cut_ok: bool = False,
    ) -> pygame.Rect:
        """Draw the lines in ``box`` and return the rectangle they cover.

        ``container`` is the area the text must stay inside (``box`` if not
        given) as recorded for tests; ``alpha`` fades the text; ``glow`` draws a
        neon halo of that colour behind each line. ``cut_ok``: the text comes
        from a file and may be longer than any box (a damaged file's reason), so
        a cut is expected, not a fault of the layout.
        """
        rects = self.line_rects(box, align, valign)
        for line, rect in zip(self.lines, rects, strict=True):
            rendered = ui.text(line, self.role, self.size, colour, bold=self.bold)
            if self.condense < 1.0:
                rendered = _condensed(ui, rendered, rect.width)
            if alpha is not None and alpha < 255:
                rendered = rendered.copy()
                rendered.set_alpha(max(0, alpha))
            if glow is not None:
                gfx.text_glow(surface, rendered, rect.center, glow, spread=spread)
            else:
                surface.blit(rendered, rect.topleft)
        if ui.drawn is not None:
            # A line the clip hides in part is a list scrolled by the player, not text out of place.
            area = pygame.Rect(container if container is not None else box)
            clip = surface.get_clip()
            ui.drawn.extend(
                DrawnText(line, rect, area, surface, self.cut and not cut_ok)
                for line, rect in zip(self.lines, rects, strict=True)
                if clip.contains(rect)
            )
        if not rects:
            return pygame.Rect(box.x, box.y, 0, 0)
        return rects[0].unionall(rects[1:])


def layout_text(
    ui: Theme,
    text: str,
    role: str,
    size: float,
    width: int,
    height: int | None = None,
    *,
    bold: bool = False,
    max_lines: int | None = None,
    min_size: float | None = None,
    spacing: float = 0.12,
    keep_weight: bool = False,
) -> TextBlock:
    """``text`` laid out in ``width`` x ``height`` pixels (no height: as many lines as it takes).

    Wrapped first, then smaller from ``size`` down to ``min_size`` (by default
    the smallest legible size), then cut with an ellipsis. ``max_lines`` caps
    the lines (1: a label that never wraps); ``spacing`` is the gap between
    lines in ems. Line breaks in ``text`` start new lines. Bold text too wide
    turns regular before its letters are narrowed, unless ``keep_weight`` (a
    row of buttons whose labels should all look alike).
    """
    preferred = max(MIN_TEXT_SIZE, int(size))
    floor = min(preferred, max(MIN_TEXT_SIZE, int(min_size if min_size is not None else MIN_TEXT_SIZE)))
    width = max(1, int(width))
    key = (text, role, preferred, floor, bold, width, height, max_lines, spacing, keep_weight)
    block = ui.layouts.get(key)
    if block is None:
        if len(ui.layouts) > 3000:
            ui.layouts.clear()
        block = _layout(ui, text, role, preferred, floor, width, height, bold, max_lines, spacing)
        if block.cut and bold and keep_weight:
            condensed = _condense(ui, text, role, floor, width, height, bold, max_lines, spacing)
            block = condensed if condensed is not None else block
        if block.cut and bold:
            # Bold letters are wider: regular ones at the smallest size before any cut.
            regular = _layout(ui, text, role, floor, floor, width, height, False, max_lines, spacing)
            block = regular if not regular.cut else block
        if block.cut:
            # A line a little too long: narrower letters, the last step before the ellipsis.
            for weight in (bold, False) if bold else (False,):
                condensed = _condense(ui, text, role, floor, width, height, weight, max_lines, spacing)
                if condensed is not None:
                    block = condensed
                    break
        ui.layouts[key] = block
    assert isinstance(block, TextBlock)
    return block


def draw_text(
    surface: pygame.Surface,
    ui: Theme,
    text: str,
    role: str,
    size: float,
    colour: Colour,
    box: pygame.Rect,
    *,
    bold: bool = False,
    align: str = "left",
    valign: str = "top",
    max_lines: int | None = None,
    min_size: float | None = None,
    spacing: float = 0.12,
    container: pygame.Rect | None = None,
    alpha: int | None = None,
    glow: Colour | None = None,
    spread: int = 10,
    cut_ok: bool = False,
) -> TextBlock:
    """Lay ``text`` out in ``box`` (its width and height) and draw it there; see ``layout_text`` and ``TextBlock.draw``."""
    box = pygame.Rect(box)
    block = layout_text(
        ui,
        text,
        role,
        size,
        box.width,
        box.height,
        bold=bold,
        max_lines=max_lines,
        min_size=min_size,
        spacing=spacing,
    )
    block.draw(
        surface,
        ui,
        colour,
        box,
        align=align,
        valign=valign,
        container=container,
        alpha=alpha,
        glow=glow,
        spread=spread,
        cut_ok=cut_ok,
    )
    return block


def shared_size(
    ui: Theme,
    texts: Iterable[str],
    role: str,
    size: float,
    width: int,
    height: int | None = None,
    *,
    bold: bool = False,
    max_lines: int | None = None,
    min_size: float | None = None,
) -> int:
    """The one size at which every text of ``texts`` fits the same box (texts in the same slot match)."""
    sizes = [
        layout_text(
            ui, text, role, size, width, height, bold=bold, max_lines=max_lines, min_size=min_size
        ).size
        for text in texts
    ]
    return min(sizes, default=max(MIN_TEXT_SIZE, int(size)))


@dataclasses.dataclass(frozen=True)
class Paragraph:
    """One text of a column (``layout_column``): its look and the space left below it."""

    text: str
    size: float
    colour: Colour
    role: str = "body"
    bold: bool = False
    after: float = 0.0
    """Pixels of space below it, at full size."""
    align: str = "left"


def layout_column(
    ui: Theme, paragraphs: Sequence[Paragraph], width: int, height: int
) -> list[tuple[TextBlock, int]]:
    """The paragraphs one under another in ``width`` x ``height``: each block and its top, from 0.

    All the sizes shrink together until the column fits; at the smallest, the
    paragraphs that do not fit are left out and the last one shown is cut.
    """
    scale = 1.0
    while True:
        placed: list[tuple[TextBlock, int]] = []
        y = 0
        for paragraph in paragraphs:
            block = layout_text(
                ui, paragraph.text, paragraph.role, paragraph.size * scale, width, bold=paragraph.bold
            )
            placed.append((block, y))
            y += block.height + round(paragraph.after * scale)
        bottom = max((top + block.height for block, top in placed), default=0)
        smallest = all(block.size <= MIN_TEXT_SIZE for block, _ in placed)
        if bottom <= height or smallest:
            break
        scale *= 0.92
    if bottom <= height:
        return placed
    fitted: list[tuple[TextBlock, int]] = []
    for paragraph, (block, top) in zip(paragraphs, placed, strict=True):
        if top + block.height <= height:
            fitted.append((block, top))
            continue
        if height - top >= block.font_height:
            cut = layout_text(
                ui, paragraph.text, paragraph.role, block.size, width, height - top, bold=paragraph.bold
            )
            fitted.append((cut, top))
        break
    return fitted


def draw_column(
    surface: pygame.Surface,
    ui: Theme,
    paragraphs: Sequence[Paragraph],
    box: pygame.Rect,
    *,
    container: pygame.Rect | None = None,
) -> list[TextBlock]:
    """Lay the paragraphs out in ``box`` (``layout_column``) and draw them; the blocks drawn."""
    placed = layout_column(ui, paragraphs, box.width, box.height)
    for paragraph, (block, top) in zip(paragraphs, placed, strict=False):
        area = pygame.Rect(box.x, box.y + top, box.width, block.height)
        block.draw(surface, ui, paragraph.colour, area, align=paragraph.align, container=container or box)
    return [block for block, _ in placed]


@dataclasses.dataclass(frozen=True)
class Run:
    """A stretch of text in its own look, beside others in one paragraph (``layout_runs``): a seat's name
    in its colour, then plain words, then typed figures."""

    text: str
    colour: Colour
    role: str = "body"
    bold: bool = False


@dataclasses.dataclass(frozen=True)
class RunLayout:
    """Runs laid out at one size: each line's pieces as (run, its words on that line, x from the box's left)."""

    size: int
    lines: tuple[tuple[tuple[Run, str, int], ...], ...]
    line_height: int
    ascent: int
    """From a line's top to its baseline, where every piece stands."""
    ends: tuple[int, ...]
    """Where each line's last piece ends, from the box's left."""

    @property
    def height(self) -> int:
        """From the top of the first line to the bottom of the last, in pixels."""
        return len(self.lines) * self.line_height


def layout_runs(
    ui: Theme, runs: Sequence[Run], size: float, width: int, *, max_lines: int, min_size: float | None = None
) -> RunLayout:
    """``runs`` wrapped between words in ``width`` pixels: the largest size from ``size`` down to ``min_size``
    (the smallest legible by default) at which they take at most ``max_lines`` lines.

    A run never joins the next without a space, and a word never breaks; at the smallest size the lines
    are as many as the words need.
    """
    preferred = max(MIN_TEXT_SIZE, int(size))
    floor = min(preferred, max(MIN_TEXT_SIZE, int(min_size if min_size is not None else MIN_TEXT_SIZE)))
    current = preferred
    while True:
        lines: list[list[tuple[Run, str, int]]] = [[]]
        ends = [0]
        for run in runs:
            for word in (word for word in run.text.split(" ") if word):
                word_w = ui.measure(word, run.role, current, bold=run.bold)
                line = lines[-1]
                same = bool(line) and line[-1][0] is run
                x = ends[-1] + ui.word_gap(run.role if same else "body", current, bold=run.bold and same)
                if not line:
                    x = 0
                elif x + word_w > width:
                    lines.append([])
                    ends.append(0)
                    line, same, x = lines[-1], False, 0
                if same:
                    last_run, text, start = line[-1]
                    line[-1] = (last_run, f"{text} {word}", start)
                else:
                    line.append((run, word, x))
                ends[-1] = x + word_w
        if len(lines) <= max_lines or current <= floor:
            break
        current = max(floor, current - max(1, current // 12))
    fonts = [ui.font(run.role, current, bold=run.bold) for run in runs]
    ascent = max((font.get_ascent() for font in fonts), default=current)
    descent = max((-font.get_descent() for font in fonts), default=0)
    return RunLayout(current, tuple(tuple(line) for line in lines), ascent + descent, ascent, tuple(ends))


def draw_runs(
    surface: pygame.Surface,
    ui: Theme,
    placed: RunLayout,
    box: pygame.Rect,
    *,
    container: pygame.Rect | None = None,
) -> None:
    """Draw runs laid out by ``layout_runs`` from ``box``'s top left, each piece on its line's baseline."""
    area = pygame.Rect(container if container is not None else box)
    for index, line in enumerate(placed.lines):
        baseline = box.y + index * placed.line_height + placed.ascent
        for run, text, x in line:
            rendered = ui.text(text, run.role, placed.size, run.colour, bold=run.bold)
            ascent = ui.font(run.role, placed.size, bold=run.bold).get_ascent()
            rect = rendered.get_rect(topleft=(box.x + x, baseline - ascent))
            surface.blit(rendered, rect)
            if ui.drawn is not None and surface.get_clip().contains(rect):
                ui.drawn.append(DrawnText(text, rect, area, surface))


# -- the layout itself --


def _layout(
    ui: Theme,
    text: str,
    role: str,
    preferred: int,
    floor: int,
    width: int,
    height: int | None,
    bold: bool,
    max_lines: int | None,
    spacing: float,
) -> TextBlock:
    size = preferred
    while True:
        lines = _wrap(ui, text, role, size, bold, width)
        allowed = _allowed_lines(ui, role, size, bold, height, max_lines, spacing)
        widths = [ui.measure(line, role, size, bold=bold) for line in lines]
        if len(lines) <= allowed and all(line_width <= width for line_width in widths):
            return _block(ui, lines, role, size, bold, spacing, cut=False)
        if size <= floor:
            break
        size = max(floor, size - max(1, size // 12))
    return _block(ui, _cut(ui, lines, role, size, bold, width, allowed), role, size, bold, spacing, cut=True)


MIN_CONDENSE = 0.78
"""The narrowest letters drawn, against their natural width: narrower, they stop reading as the font."""


def _condense(
    ui: Theme,
    text: str,
    role: str,
    size: int,
    width: int,
    height: int | None,
    bold: bool,
    max_lines: int | None,
    spacing: float,
) -> TextBlock | None:
    """``text`` on one line in letters narrowed to ``width``, if the box holds one line only and it takes little."""
    if "\n" in text or _allowed_lines(ui, role, size, bold, height, max_lines, spacing) != 1:
        return None
    natural = ui.measure(text.strip(" "), role, size, bold=bold)
    if natural <= 0 or width / natural < MIN_CONDENSE:
        return None
    block = _block(ui, [text.strip(" ")], role, size, bold, spacing, cut=False)
    return dataclasses.replace(block, widths=(min(width, natural),), condense=min(1.0, width / natural))


def _condensed(ui: Theme, rendered: pygame.Surface, width: int) -> pygame.Surface:
    key = ("condensed", id(rendered), width)
    found = ui.layouts.get(key)
    if found is None or found[0] is not rendered:
        found = (rendered, pygame.transform.smoothscale(rendered, (max(1, width), rendered.get_height())))
        ui.layouts[key] = found
    return found[1]


def _block(
    ui: Theme, lines: list[str], role: str, size: int, bold: bool, spacing: float, *, cut: bool
) -> TextBlock:
    font = ui.font(role, size, bold=bold)
    return TextBlock(
        lines=tuple(lines),
        widths=tuple(ui.measure(line, role, size, bold=bold) for line in lines),
        role=role,
        size=size,
        bold=bold,
        line_height=font.get_linesize() + round(size * spacing),
        font_height=font.get_height(),
        cut=cut,
    )


def _allowed_lines(
    ui: Theme, role: str, size: int, bold: bool, height: int | None, max_lines: int | None, spacing: float
) -> int:
    allowed = max_lines if max_lines is not None else 1_000_000
    if height is not None:
        font = ui.font(role, size, bold=bold)
        line_height = font.get_linesize() + round(size * spacing)
        allowed = min(allowed, 1 + max(0, height - font.get_height()) // max(1, line_height))
    return max(1, allowed)


def _wrap(ui: Theme, text: str, role: str, size: int, bold: bool, width: int) -> list[str]:
    """``text`` in lines no wider than ``width`` where the words allow (a longer word keeps its own line)."""
    if not text.strip(" \n"):
        return []
    gap = ui.word_gap(role, size, bold=bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line, line_width = "", 0
        for joint, word in _tokens(ui, paragraph, role, size, bold, width):
            word_width = ui.measure(word, role, size, bold=bold)
            if not line:
                line, line_width = word, word_width
                continue
            joined = line_width + gap * len(joint) + word_width
            if joined <= width:
                line, line_width = line + joint + word, joined
            else:
                lines.append(line)
                line, line_width = word, word_width
        lines.append(line)
    return lines


def _tokens(ui: Theme, paragraph: str, role: str, size: int, bold: bool, width: int) -> list[tuple[str, str]]:
    """The words of ``paragraph``, each with the spaces before it; a file name too wide splits after its ``/ . - _``."""
    parts = _SPACES.split(paragraph.strip(" "))
    tokens: list[tuple[str, str]] = []
    for index in range(0, len(parts), 2):
        joint = parts[index - 1] if index else ""
        word = parts[index]
        if _BREAKS.search(word[:-1]) and ui.measure(word, role, size, bold=bold) > width:
            pieces = _PATH_PIECES.findall(word)
            tokens.append((joint, pieces[0]))
            tokens.extend(("", piece) for piece in pieces[1:])
        else:
            tokens.append((joint, word))
    return tokens


def _cut(
    ui: Theme, lines: list[str], role: str, size: int, bold: bool, width: int, allowed: int
) -> list[str]:
    """The first ``allowed`` lines, the last of them ending with an ellipsis; no line wider than ``width``."""
    kept = [_shorten(ui, line, role, size, bold, width) for line in lines[: allowed - 1]]
    tail = lines[allowed - 1 :]
    if len(tail) <= 1:
        # Nothing is left out: only a word too wide for the box is cut.
        return kept + [_shorten(ui, line, role, size, bold, width) for line in tail]
    words = [word for word in " ".join(tail).split(" ") if word]
    last = ""
    for word in words:
        candidate = f"{last} {word}" if last else word
        if ui.measure(candidate + ELLIPSIS, role, size, bold=bold) > width:
            break
        last = candidate
    if not last:
        # Not even the first word fits beside the ellipsis: cut inside it.
        last = words[0][: _fitting_cut(ui, words[0], role, size, bold, width, strip=False)]
    return [*kept, last.rstrip(" ,;:·-") + ELLIPSIS]


def _shorten(ui: Theme, line: str, role: str, size: int, bold: bool, width: int) -> str:
    """``line`` as is if it fits ``width``, else cut between two letters and ending with an ellipsis."""
    if ui.measure(line, role, size, bold=bold) <= width:
        return line
    return line[: _fitting_cut(ui, line, role, size, bold, width, strip=True)].rstrip() + ELLIPSIS


def _fitting_cut(ui: Theme, text: str, role: str, size: int, bold: bool, width: int, *, strip: bool) -> int:
    """The most letters of ``text`` (at least 1) that fit ``width`` followed by an ellipsis.

    A binary search on the cut (widths grow with the letters kept), so a text
    of any length is measured a few dozen times, never once per letter.
    ``strip``: the spaces at the end of the cut do not count.
    """
    low, high = 1, len(text)  # the cut lies between the two (one letter is kept whatever the width)
    while low < high:
        middle = (low + high + 1) // 2
        kept = text[:middle].rstrip() if strip else text[:middle]
        if ui.measure(kept + ELLIPSIS, role, size, bold=bold) <= width:
            low = middle
        else:
            high = middle - 1
    return low


def elide_middle(ui: Theme, text: str, role: str, size: int, width: int, *, bold: bool = False) -> str:
    """``text`` as is if it fits ``width``, else its start and its end around an ellipsis: a path keeps its
    folder's start and its file's name ("Saved as /home/me/.loc…/Classic analysis.pgn").

    Two thirds of the letters kept are the end's (a file's name says more than its folders); a binary
    search on their number, so a text of any length is measured a few dozen times.
    """
    if ui.measure(text, role, size, bold=bold) <= width:
        return text

    def cut(kept: int) -> str:
        head = kept // 3
        return text[:head].rstrip() + ELLIPSIS + text[len(text) - (kept - head) :].lstrip()

    low, high = 0, len(text) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if ui.measure(cut(middle), role, size, bold=bold) <= width:
            low = middle
        else:
            high = middle - 1
    return cut(low)


class TitleDrawer(Protocol):
    """What draws the game's glowing headlines (``Scene.draw_title``), for a panel or part of a screen that
    has one drawn by its screen, so that they all look alike."""

    def draw_title(
        self,
        surface: pygame.Surface,
        title: str,
        box: pygame.Rect,
        *,
        size: int,
        spread: int | None = None,
        container: pygame.Rect | None = None,
        glow: Colour = ACCENT,
        max_lines: int = 1,
    ) -> TextBlock: ...
