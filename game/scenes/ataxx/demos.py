"""Ataxx's own demonstrations for ``main.py --demo NAME``: keypad play and the level editor.

``keypad`` shows the move codes around a selected piece, ``cursor`` the arrow
keys' cursor on a target; ``editor`` the editor mid-work, ``editor-problems``
a validation box, ``editor-save`` saving, ``editor-open`` opening one of your
levels (one of them damaged).
"""

from __future__ import annotations

import os
import tempfile
from typing import TYPE_CHECKING

from game.engine.ataxx import Cell, Side, bits, parse_square
from game.engine.ataxx.keypad import cell_code
from game.engine.ataxx.level_edit import Symmetry
from game.engine.ataxx.rules import RULES
from game.engine.levels import LevelInfo, custom_levels_dir, save_custom_level
from game.scenes.ataxx.board import AtaxxBoard
from game.scenes.match import MatchScene

if TYPE_CHECKING:
    from game.scenes.services import Services

__all__ = ["start_demo"]

_SHOWN = "x5o/1-3-1/2-1-2/3-3/2-1-2/1-3-1/o5x x 0 1"


def start_demo(app: Services, name: str) -> bool:
    """Set up demonstration ``name`` over the menu; ``False`` if it is not one of Ataxx's."""
    if name in ("keypad", "cursor"):
        _keyboard_demo(app, name)
        return True
    if name.startswith("editor"):
        _editor_demo(app, name)
        return True
    return False


def _keyboard_demo(app: Services, name: str) -> None:
    """The keypad codes around a selected piece, or the arrow-key cursor on a target."""
    from game.scenes.demo import game_in_progress

    scene = game_in_progress(app, level_index=3, plies=12, seed=4)
    assert isinstance(scene, MatchScene) and isinstance(scene.board, AtaxxBoard)
    board = scene.board
    position = board.position
    # Select the human's piece with the most places to go.
    selected = max(
        (sq for sq in range(49) if position.side_at(sq) is position.turn),
        key=lambda sq: (position.clone_targets(sq) | position.jump_targets(sq)).bit_count(),
    )
    board.selected = selected
    keys = board.keys
    keys.update(0.0)  # take in the moves the demo played
    keys.entry.used = True
    keys.show_codes = name == "keypad"
    clones, jumps = board.targets(selected)
    if name == "keypad":
        keys.entry.digits = "5"
        keys.entry.say("Typed " + cell_code(selected))
        keys.entry.message = None
    else:
        keys.cursor = bits(jumps or clones)[0]
        keys.cursor_shown = True


def _editor_demo(app: Services, name: str) -> None:
    """The editor mid-work, with a validation box, saving, or opening one of your levels."""
    from game.scenes.ataxx.editor import EditorScene
    from game.scenes.ataxx.editor_dialogs import SaveLevelDialog

    editor = app.router.push("editor")
    assert isinstance(editor, EditorScene)
    editor.draft.set_position(_SHOWN)
    editor.palette.value = Cell.BLOCK
    editor.symmetry.value = Symmetry.POINT
    editor.ensure_layout()
    editor.brush.hover = parse_square("c6")
    if name == "editor":
        editor.draft.paint(parse_square("e5"), Cell.RED)
        editor.draft.paint(parse_square("c3"), Cell.BLUE)
        editor.draft.set_turn(Side.BLUE)
        editor._edited()
        return
    editor.brush.hover = None
    if name == "editor-problems":
        editor.draft.set_position("-5o/1-3-1/2-1-2/3-3/2-1-2/1-3--/7 x 0 1")
        editor._edited()
        editor.play()
        return
    if name == "editor-save":
        editor._ask_name()
        dialog = app.top
        assert isinstance(dialog, SaveLevelDialog)
        dialog.name_field.insert("Crossfire")
        dialog.description.insert("Blocks in an X: the centre is a fortress.")
        return
    # editor-open: sample levels go to a throw-away folder, never into the player's own.
    os.environ["ATTAX_DATA_DIR"] = tempfile.mkdtemp(prefix="attax-demo-")
    for level_name, fen, text in (
        ("Crossfire", _SHOWN, "Blocks in an X: the centre is a fortress."),
        ("Open field", "x5o/7/7/3-3/7/7/o5x x 0 1", "One block in the middle, nothing else."),
        ("Corridors", "x5o/1-1-1-1/7/1-1-1-1/7/1-1-1-1/o5x o 0 1", "Blue starts. Narrow lanes."),
    ):
        save_custom_level(LevelInfo(level_name, text, "Demo", fen), RULES, replace=True)
    (custom_levels_dir(RULES.key) / "broken.toml").write_text('name = "Half a level', encoding="utf-8")
    editor.open_custom()
