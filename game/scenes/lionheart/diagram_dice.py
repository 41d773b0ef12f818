"""The dice of Lionheart's rules diagrams: the tray under the field (the side to act, its actions left, the
attack's dice tumbling and landing), a die's six faces, and the opening roll.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.engine.lionheart import CHANCE, GOLD, SILVER
from game.scenes.lionheart.diagram_acts import Diagram, is_roll
from game.scenes.lionheart.diagram_field import Field, Frame, attack_of, phase, rolls_of, seat_colour
from game.scenes.lionheart.units import draw_die
from game.ui import gfx, theme
from game.ui.anim import ease_out_back
from game.ui.textbox import draw_text
from game.ui.theme import Colour, Theme

FACE_OF_LETTER = {"H": "axe", "F": "arrow", "P": "panic"}
TUMBLE = ("axe", "arrow", "panic", "axe", "arrow", "axe")


def scoring_faces(kind: str, faces: Sequence[str]) -> set[str]:
    """The faces that score for an attacker of ``kind``."""
    if kind == "A":
        return {"arrow"}
    if kind == "P":
        axes, arrows = faces.count("axe"), faces.count("arrow")
        return {"arrow"} if arrows > axes else {"axe"}
    return {"axe"}


def draw_tray(ui: Theme, field: Field, frame: Frame | None, diagram: Diagram) -> None:
    """Under the field: the side to act with its actions left, and the dice of the attack being played."""
    tray = field.tray
    if tray.height <= 0 or frame is None:
        return
    beat = frame.beat
    t = frame.t
    state = frame.states[beat.step]
    if beat.kind in ("result", "slide", "turn", "bribe", "end", "done", "place") and beat.kind != "end":
        # Until the action is over, the side and its actions are the ones it started with.
        state = frame.states[beat.step]
    if beat.kind == "end":
        state = frame.states[-1]
    die = max(6, min(tray.height, int(field.cell * 0.62)))
    gap = max(2, die // 5)
    # The side to act and its actions left: a shield in its colour and two pips.
    x = field.rect.x
    cy = tray.centery
    if state.turn != CHANCE or state.pending_attack is not None:
        side = state.side
        if side in (GOLD, SILVER) and state.outcome() is None:
            colour = seat_colour(side)
            shield = pygame.Rect(0, 0, die * 0.8, die)
            shield.midleft = (x, cy)
            _draw_shield(field.surface, shield, colour)
            actions = state.actions
            for pip in range(2):
                centre = (round(shield.right + gap * 2 + pip * die * 0.6 + die * 0.2), cy)
                radius = max(2, die // 5)
                if pip < actions:
                    pygame.draw.circle(field.surface, colour, centre, radius)
                else:
                    pygame.draw.circle(field.surface, colour, centre, radius, max(1, radius // 3))
    dice = _tray_dice(frame)
    if not dice:
        return
    right = field.rect.right
    groups = dice
    total = sum(len(group[1]) for group in groups) * (die + gap) + (len(groups) - 1) * die
    x = right - total
    for owner, faces, lit_faces, tumble in groups:
        if owner is not None and len(groups) > 1:
            pygame.draw.rect(
                field.surface,
                seat_colour(owner),
                pygame.Rect(x - gap, cy + die // 2 + gap // 2, len(faces) * (die + gap), max(2, gap // 2)),
            )
        for index, face in enumerate(faces):
            rect = pygame.Rect(x, cy - die // 2, die, die)
            if tumble < 1:
                spin = int(t * 14 + index * 3) % len(TUMBLE)
                bounce = abs(math.sin((tumble * 3 + index * 0.4) * math.pi)) * die * 0.25 * (1 - tumble)
                spin_angle = (t * 540 + index * 70) % 360 * (1 - tumble)
                centre = (rect.centerx, rect.centery - round(bounce))
                draw_die(field.surface, centre, die, TUMBLE[spin], angle=spin_angle)
            else:
                lit = lit_faces.get(index)
                if lit is not None:
                    field.glow(rect.center, lit, 0.55, size=0.9 * die / field.cell)
                draw_die(field.surface, rect.center, die, face, lit=lit == theme.CLONE)
            x += die + gap
        x += die


def _draw_shield(surface: pygame.Surface, shield: pygame.Rect, colour: Colour) -> None:
    """A side's shield filling ``shield``: square above, pointed below."""
    points = [
        shield.topleft,
        shield.topright,
        (shield.right, shield.y + shield.height * 0.55),
        shield.midbottom,
        (shield.x, shield.y + shield.height * 0.55),
    ]
    pygame.draw.polygon(surface, colour, points)


def _tray_dice(frame: Frame) -> list[tuple[int | None, list[str], dict[int, Colour], float]]:
    """The dice in the tray now: groups of (owner, faces, lit faces by index, how far they have landed)."""
    beat = frame.beat
    t = frame.t
    token = frame.token()
    # The opening roll: Gold's four dice, then Silver's, as long as the roll goes on.
    if frame.states[0].pending.kind == "start":
        groups: list[tuple[int | None, list[str], dict[int, Colour], float]] = []
        step = beat.step
        if beat.kind == "end":
            step = len(frame.act.steps)
        # The pair of rolls the current beat belongs to.
        first = step - step % 2
        for owner, index in ((GOLD, first), (SILVER, first + 1)):
            if index >= len(frame.act.steps):
                continue
            landed = 1.0 if index < step or beat.kind == "end" else phase(t, beat.start, beat.length * 0.6)
            if index > step:
                continue
            faces = [FACE_OF_LETTER[letter] for letter in frame.act.steps[index]]
            lit = {number: seat_colour(owner) for number, face in enumerate(faces) if face == "axe"}
            groups.append((owner, faces, lit if landed >= 1 else {}, landed))
        return groups
    attack = attack_of(frame, settled=True)
    if attack is None:
        return []
    step, move = attack
    if beat.kind == "select" and not is_roll(token):
        return []
    attacker = frame.states[step].unit_at(move.square)
    assert attacker is not None
    faces = []
    landed = 1.0
    scoring: set[str] = set()
    for roll_step, roll in rolls_of(frame, step):
        letters = [FACE_OF_LETTER[letter] for letter in roll]
        faces += letters
        if roll_step == beat.step and beat.kind == "roll":
            landed = phase(t, beat.start, beat.length * 0.6)
    scoring = scoring_faces(attacker.kind, faces)
    lit = {}
    all_panic = all(face == "panic" for face in faces)
    lone_second = len(faces) == 2 and frame.states[step].pending.kind == "-" and attacker.figures == 1
    for index, face in enumerate(faces):
        if face in scoring and not (lone_second and index == 1 and face != faces[0]):
            lit[index] = theme.CLONE
        elif face == "panic" and (all_panic or attacker.kind in ("P", "R")) and not lone_second:
            lit[index] = theme.DANGER
    if landed < 1:
        # Only the dice of the roll being made tumble; a lone soldier's first die has landed already.
        done = len(faces) - len(token)
        groups_faces = faces
        return [(attacker.owner, groups_faces, {i: c for i, c in lit.items() if i < done}, landed)]
    return [(attacker.owner, faces, lit, 1.0)]


def draw_faces(surface: pygame.Surface, rect: pygame.Rect, t: float) -> None:
    """A die's six faces appear one by one; then the axes, the arrows and the panic light up in turn."""
    faces = ("axe", "axe", "axe", "arrow", "arrow", "panic")
    size = int(min(rect.width / 3.6, rect.height / 2.5))
    if size < 4:
        return
    gap = size // 5
    width = 3 * size + 2 * gap
    height = 2 * size + gap
    left = rect.centerx - width // 2
    top = rect.centery - height // 2
    groups = {"axe": (1.6, theme.CLONE), "arrow": (2.6, theme.CLONE), "panic": (3.6, theme.DANGER)}
    for index, face in enumerate(faces):
        row, column = divmod(index, 3)
        box = pygame.Rect(left + column * (size + gap), top + row * (size + gap), size, size)
        pop = ease_out_back(phase(t, 0.2 + 0.16 * index, 0.35))
        if pop <= 0.05:
            continue
        start, colour = groups[face]
        light = phase(t, start, 0.3) * (1 - phase(t, start + 0.9, 0.3))
        if light > 0:
            halo = gfx.glow(int(size * 0.8), colour, light)
            surface.blit(halo, halo.get_rect(center=box.center), special_flags=pygame.BLEND_RGB_ADD)
        side = max(6, int(size * pop))
        draw_die(surface, box.center, side, face, lit=light > 0.3 and face != "panic")


def draw_opening(surface: pygame.Surface, rect: pygame.Rect, frame: Frame, ui: Theme) -> None:
    """The opening roll: Gold's four dice in a row, then Silver's; the axes counted; a tie clears them,
    then the side with more axes lights up with its two actions."""
    beat = frame.beat
    t = frame.t
    steps = frame.act.steps
    step = len(steps) - 1 if beat.kind in ("end", "result") else beat.step
    first = step - step % 2
    die = int(min(rect.width / 7.8, rect.height / 3.4))
    if die < 6:
        return
    gap = die // 4
    row_w = die * 0.8 + gap * 2 + 4 * die + 3 * gap + die
    left = rect.centerx - row_w / 2
    tops = (rect.centery - die - gap, rect.centery + gap)
    final = frame.states[-1]
    decided = beat.kind in ("result", "end")
    for owner, index in ((GOLD, first), (SILVER, first + 1)):
        y = tops[owner]
        colour = seat_colour(owner)
        winner = decided and final.side == owner
        if winner:
            glow = phase(t, beat.start, 0.4) if beat.kind == "result" else 1.0
            band = pygame.Rect(round(left - gap), round(y - gap), round(row_w + 2 * gap), die + 2 * gap)
            layer = pygame.Surface(band.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*colour, int(60 * glow)), layer.get_rect(), border_radius=die // 4)
            pygame.draw.rect(layer, (*colour, int(220 * glow)), layer.get_rect(), 2, border_radius=die // 4)
            surface.blit(layer, band)
        shield = pygame.Rect(round(left), round(y + die * 0.1), round(die * 0.8 * 0.8), round(die * 0.8))
        _draw_shield(surface, shield, colour)
        x = left + die * 0.8 + gap * 2
        rolled = index < len(steps) and (index < step or (index == step and beat.kind != "hold") or decided)
        landed = 1.0
        if index == beat.step and beat.kind == "roll":
            landed = phase(t, beat.start, beat.length * 0.6)
        faces = [FACE_OF_LETTER[letter] for letter in steps[index]] if index < len(steps) else []
        for number in range(4):
            centre = (round(x + die / 2), round(y + die / 2))
            if not rolled:
                pygame.draw.rect(surface, theme.PANEL_EDGE, pygame.Rect(round(x), round(y), die, die), 1,
                                 border_radius=die // 5)  # fmt: skip
            elif landed < 1:
                spin = int(t * 14 + number * 3) % len(TUMBLE)
                bounce = abs(math.sin((landed * 3 + number * 0.4) * math.pi)) * die * 0.25 * (1 - landed)
                draw_die(surface, (centre[0], centre[1] - round(bounce)), die, TUMBLE[spin],
                         angle=(t * 540 + number * 70) % 360 * (1 - landed))  # fmt: skip
            else:
                axe = faces[number] == "axe"
                draw_die(surface, centre, die, faces[number], lit=axe)
            x += die + gap
        if rolled and landed >= 1:
            count = pygame.Rect(round(x), round(y), die, die)
            draw_text(surface, ui, str(faces.count("axe")), "title", max(11, die * 2 // 3), colour, count,
                      align="center", valign="middle", bold=True, max_lines=1)  # fmt: skip
