"""Level 2's army builder: the bases a side may still field, chosen one at a time and placed on its home ranks.

The seed's table (``KINDS``) limits each army: figures per kind, one unit of
mercenaries, ten bases with the king. ``army_tally(battle, side)`` says what
is left of each kind; ``ArmyBuilder`` draws the cards (the base as it will
stand, its name, the bases of it still to place, the base sizes to choose
from) with the running tally and a "Ready" button, and turns a click into a
choice. The header and the cards count the same thing, bases (the rule is ten
bases; the chips say the figures a base holds). Once the tenth base stands the
player looks the army over and presses Ready: nothing hands over by itself.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Protocol

import pygame

from game.engine.lionheart import KINDS, MAX_BASES, Action, Battle, Move, Unit
from game.i18n import ntr, tr
from game.scenes.lionheart.host import FieldHost
from game.scenes.lionheart.units import draw_unit
from game.scenes.lionheart.words import kind_name
from game.ui import gfx, theme
from game.ui.textbox import draw_text, layout_text
from game.ui.theme import Theme

__all__ = ["PLACEABLE", "ArmyBuilder", "BuilderClicks", "BuilderHost", "KindTally", "army_tally"]

PLACEABLE = "NAIMHPR"

FOOT_LEAST = 30
"""The least height of the panel's foot, in pixels: its note on two lines of the smallest type."""


@dataclasses.dataclass(frozen=True)
class KindTally:
    """What is left of one kind for a side: figures, bases, the base sizes it may still place."""

    kind: str
    figures_left: int
    sizes: tuple[int, ...]
    """The base sizes that still fit (empty: none of this kind can be placed)."""
    bases_left: int
    """The most bases of this kind the army may still place (its smallest base each, within the ten)."""


def army_tally(battle: Battle, side: int) -> tuple[int, list[KindTally]]:
    """The bases ``side`` may still place (the king counts as one of ten) and what is left of each kind."""
    army = battle.army(side)
    bases_left = max(0, MAX_BASES - len(army))
    tallies = []
    for kind in PLACEABLE:
        info = KINDS[kind]
        used = sum(unit.figures for unit in army if unit.kind == kind)
        bases = sum(unit.kind == kind for unit in army)
        left = info.army_limit - used
        sizes = tuple(size for size in info.base_sizes if size <= left)
        if bases >= info.max_bases or bases_left == 0:
            sizes = ()
        more = min(bases_left, info.max_bases - bases, left // sizes[0]) if sizes else 0
        tallies.append(KindTally(kind, left, sizes, more))
    return bases_left, tallies


@dataclasses.dataclass
class Card:
    kind: str
    rect: pygame.Rect
    chips: list[tuple[int, pygame.Rect]]


class ArmyBuilder:
    """The builder's panel over the middle of the field (see the module docstring)."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.cards: list[Card] = []
        self.done_rect = pygame.Rect(0, 0, 0, 0)
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.note_rect = pygame.Rect(0, 0, 0, 0)
        self.kind = "I"
        self.figures = 4

    def layout(self, rect: pygame.Rect, square: int) -> None:
        """Fit the cards into ``rect``."""
        self.rect = rect.copy()
        pad = max(4, square // 8)
        title_h = max(16, round(square * 0.42))
        foot_h = max(FOOT_LEAST, round(square * 0.55))
        inner = rect.inflate(-pad * 2, -pad * 2)
        self.title_rect = pygame.Rect(inner.x, inner.y, inner.width, title_h)
        body = pygame.Rect(
            inner.x, inner.y + title_h + pad // 2, inner.width, inner.height - title_h - foot_h - pad
        )
        per_row = 7 if body.width / 7 >= body.height * 0.62 else 4
        rows = 1 if per_row == 7 else 2
        gap = max(3, pad // 2)
        card_h = (body.height - gap * (rows - 1)) // rows
        self.cards = []
        for index, kind in enumerate(PLACEABLE):
            row, column = divmod(index, per_row)
            in_row = min(per_row, len(PLACEABLE) - row * per_row)
            # A shorter last row shares the whole width: its cards are wider (room for "Mercenaries").
            row_card_w = (body.width - gap * (in_row - 1)) // in_row
            offset = (body.width - in_row * row_card_w - (in_row - 1) * gap) // 2
            card = pygame.Rect(
                body.x + offset + column * (row_card_w + gap),
                body.y + row * (card_h + gap),
                row_card_w,
                card_h,
            )
            sizes = KINDS[kind].base_sizes
            chips = []
            if len(sizes) > 1:
                chip = max(12, min(card.width // (len(sizes) + 1), round(card_h * 0.2)))
                total = chip * len(sizes) + 2 * (len(sizes) - 1)
                x = card.centerx - total // 2
                for size in sizes:
                    chips.append((size, pygame.Rect(x, card.bottom - chip - 3, chip, chip)))
                    x += chip + 2
            self.cards.append(Card(kind, card, chips))
        foot = pygame.Rect(inner.x, inner.bottom - foot_h, inner.width, foot_h)
        done_w = min(foot.width // 3, max(70, square * 2))
        self.done_rect = pygame.Rect(foot.right - done_w, foot.y, done_w, foot.height)
        self.note_rect = pygame.Rect(foot.x, foot.y, foot.width - done_w - pad, foot.height)

    def choose(self, kind: str, figures: int | None = None) -> None:
        """Choose the kind (and base size) to place next."""
        self.kind = kind
        sizes = KINDS[kind].base_sizes
        self.figures = figures if figures in sizes else max(sizes) if figures is None else sizes[0]

    def fit(self, battle: Battle, side: int) -> None:
        """Keep the choice to something that can still be placed (else the first kind that can)."""
        _, tallies = army_tally(battle, side)
        by_kind = {tally.kind: tally for tally in tallies}
        tally = by_kind[self.kind]
        if tally.sizes:
            if self.figures not in tally.sizes:
                self.figures = max(tally.sizes)
            return
        for other in tallies:
            if other.sizes:
                self.kind, self.figures = other.kind, max(other.sizes)
                return

    def hit(self, pos: tuple[int, int]) -> tuple[str, int] | str | None:
        """What a click at ``pos`` chooses: ``(kind, figures)``, ``"done"``, or ``None``."""
        if self.done_rect.collidepoint(pos):
            return "done"
        for card in self.cards:
            for size, chip in card.chips:
                if chip.inflate(4, 4).collidepoint(pos):
                    return card.kind, size
            if card.rect.collidepoint(pos):
                return card.kind, self.figures if card.kind == self.kind else max(KINDS[card.kind].base_sizes)
        return None

    def point_of(self, kind: str, figures: int) -> tuple[int, int]:
        """Where to click to choose ``kind`` with ``figures``."""
        for card in self.cards:
            if card.kind == kind:
                for size, chip in card.chips:
                    if size == figures:
                        return chip.center
                return card.rect.center
        raise KeyError(kind)

    def draw(
        self,
        surface: pygame.Surface,
        ui: Theme,
        battle: Battle,
        side: int,
        *,
        can_finish: bool,
        hover: tuple[int, int] | None,
        mark: str = "",
    ) -> None:
        """The panel: the tally, a card per kind, the note and the Ready button."""
        colour = theme.SEAT_COLOURS[side]
        gfx.panel(
            surface,
            self.rect,
            fill=(14, 18, 40),
            edge=theme.lerp_colour(theme.PANEL_EDGE, colour, 0.5),
            alpha=238,
            radius=max(6, self.rect.height // 24),
        )
        bases_left, tallies = army_tally(battle, side)
        title = (
            ntr("Your army: {count} base left to place", "Your army: {count} bases left to place", bases_left)
            if bases_left
            else tr("Your army: all {count} bases placed", count=MAX_BASES)
        )
        size = max(theme.MIN_TEXT_SIZE, round(self.title_rect.height * 0.72))
        draw_text(
            surface,
            ui,
            title,
            "body",
            size,
            theme.readable(colour),
            self.title_rect,
            bold=True,
            align="center",
            valign="middle",
            max_lines=1,
            container=self.rect,
        )
        by_kind = {tally.kind: tally for tally in tallies}
        for card in self.cards:
            tally = by_kind[card.kind]
            chosen = card.kind == self.kind and bool(tally.sizes)
            pointed = hover is not None and card.rect.collidepoint(hover)
            fill = theme.lerp_colour((24, 30, 60), colour, 0.22 if chosen else 0.08 if pointed else 0.0)
            edge = (
                theme.SELECT
                if chosen
                else theme.lerp_colour(theme.PANEL_EDGE, theme.TEXT, 0.3 if pointed else 0.0)
            )
            gfx.panel(
                surface,
                card.rect,
                fill=fill,
                edge=edge,
                alpha=250,
                radius=max(4, card.rect.width // 10),
                width=2 if chosen else 1,
            )
            usable = bool(tally.sizes)
            chip_h = max(
                (chips[0][1].height + 4 for chips in (other.chips for other in self.cards) if chips),
                default=0,
            )
            text_h = max(theme.MIN_TEXT_SIZE, round(card.rect.height * 0.13))
            name_block = layout_text(
                ui, _capital(kind_name(card.kind)), "body", text_h, card.rect.width - 4, max_lines=2
            )
            # A long name takes two lines; on a card with size chips the figures left then go unsaid
            # (the chips that still fit say it).
            # A whole army's cards have nothing left to count: the header says it is complete.
            tell_left = bases_left > 0 and not (len(name_block.lines) > 1 and card.chips)
            left_size = max(theme.MIN_TEXT_SIZE, text_h - 1)
            left_h = ui.font("body", left_size).get_height() + 1 if tell_left else 0
            # The unit takes what the words (as tall as their type) and the chips leave.
            sprite_room = card.rect.height - chip_h - name_block.height - left_h - 8
            unit_size = max(12, min(card.rect.width - 8, sprite_room))
            figures = (
                self.figures if card.kind == self.kind else max(tally.sizes or KINDS[card.kind].base_sizes)
            )
            unit = _Shown(card.kind, figures, "N" if side == 0 else "S")
            draw_unit(
                surface,
                (card.rect.centerx, card.rect.y + 3 + unit_size / 2),
                unit_size,
                unit,
                colour,
                mark=mark,
                alpha=255 if usable else 90,
            )
            name_box = pygame.Rect(
                card.rect.x + 2, card.rect.y + 4 + unit_size, card.rect.width - 4, name_block.height
            )
            name_block.draw(
                surface,
                ui,
                theme.TEXT if usable else theme.TEXT_FAINT,
                name_box,
                align="center",
                container=card.rect,
            )
            left_box = pygame.Rect(name_box.x, name_box.bottom + 1, name_box.width, left_h)
            left_text = ntr("{count} base left", "{count} bases left", tally.bases_left)
            if tell_left:
                draw_text(
                    surface,
                    ui,
                    left_text,
                    "body",
                    left_size,
                    theme.TEXT_DIM if usable else theme.TEXT_FAINT,
                    left_box,
                    align="center",
                    max_lines=1,
                    min_size=theme.MIN_TEXT_SIZE,
                    container=card.rect,
                )
            for size_value, chip in card.chips:
                fits = size_value in tally.sizes
                picked = chosen and size_value == self.figures
                chip_fill = theme.SELECT if picked else (40, 48, 86) if fits else (26, 30, 52)
                pygame.draw.rect(surface, chip_fill, chip, border_radius=max(2, chip.height // 4))
                ink = (20, 20, 34) if picked else theme.TEXT if fits else theme.TEXT_FAINT
                draw_text(
                    surface,
                    ui,
                    str(size_value),
                    theme.SCORE_ROLE,
                    max(theme.MIN_TEXT_SIZE, round(chip.height * 0.8)),
                    ink,
                    chip,
                    bold=True,
                    align="center",
                    valign="middle",
                    max_lines=1,
                )
        note = (
            tr("Then click a free square of your two home ranks")
            if bases_left
            else tr("Look your army over, then press Ready")
        )
        draw_text(
            surface,
            ui,
            note,
            "body",
            max(theme.MIN_TEXT_SIZE, round(self.note_rect.height * 0.42)),
            theme.TEXT_DIM,
            self.note_rect,
            valign="middle",
            max_lines=2,
            min_size=theme.MIN_TEXT_SIZE,
            container=self.rect,
        )
        edge = theme.CLONE if can_finish else theme.TEXT_FAINT
        pointed = hover is not None and self.done_rect.collidepoint(hover)
        gfx.panel(
            surface,
            self.done_rect,
            fill=theme.lerp_colour((24, 30, 60), edge, 0.35 if pointed and can_finish else 0.15),
            edge=edge,
            alpha=250,
            radius=max(4, self.done_rect.height // 3),
        )
        draw_text(
            surface,
            ui,
            tr("Ready"),
            "body",
            max(theme.MIN_TEXT_SIZE, round(self.done_rect.height * 0.5)),
            theme.TEXT if can_finish else theme.TEXT_FAINT,
            self.done_rect,
            bold=True,
            align="center",
            valign="middle",
            max_lines=1,
            container=self.done_rect,
        )


@dataclasses.dataclass(frozen=True)
class _Shown:
    kind: str
    figures: int
    facing: str


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class BuilderHost(FieldHost, Protocol):
    """The board as the builder's clicks see it: the builder, the refusal of a square, the end of the set-up."""

    builder: ArmyBuilder

    def _finish_setup(self) -> None: ...


class BuilderClicks:
    """The army builder's part of ``LionheartBoard``: clicks on the builder, bases placed, the ghost, Ready."""

    def _builder_click(self: BuilderHost, pos: tuple[int, int]) -> bool:
        choice = self.builder.hit(pos)
        if choice == "done":
            self._finish_setup()
        elif isinstance(choice, tuple):
            self.builder.choose(*choice)
            self.builder.fit(self.position, self.position.side)
            self.app.audio.play("select")
        return True

    def _finish_setup(self: BuilderHost) -> None:
        done = Move.done()
        battle = self.position
        if done in battle.legal_moves():
            self.scene.play(done)
        else:
            missing = MAX_BASES - len(battle.army(battle.side))
            self.scene.reject(ntr("Place {count} more base first", "Place {count} more bases first", missing))

    def _place(self: BuilderHost, square: str) -> bool:
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

    def _draw_ghost(self: BuilderHost, surface: pygame.Surface) -> None:
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
