"""Demonstrations of the level editor for ``main.py --demo editor…`` (README pictures, visual checks)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.ataxx import Cell, Side, parse_square
from game.engine.ataxx.level_edit import Symmetry
from game.engine.levels import LevelInfo, save_custom_level
from game.scenes.editor import EditorScene

if TYPE_CHECKING:
    from game.app import App

__all__ = ["editor_demo"]

_SHOWN = "x5o/1-3-1/2-1-2/3-3/2-1-2/1-3-1/o5x x 0 1"


def editor_demo(app: App, name: str) -> None:
    """The editor mid-work (``editor``), with a validation box (``editor-problems``), saving
    (``editor-save``) or opening one of your levels, one of them damaged (``editor-open``)."""
    editor = EditorScene(app)
    app.push(editor)
    editor.draft.set_position(_SHOWN)
    editor.palette.value = Cell.BLOCK
    editor.symmetry.value = Symmetry.POINT
    editor.ensure_layout()
    editor.hover = parse_square("c6")
    if name == "editor":
        editor.draft.paint(parse_square("e5"), Cell.RED)
        editor.draft.paint(parse_square("c3"), Cell.BLUE)
        editor.draft.set_turn(Side.BLUE)
        editor._edited()
        return
    if name == "editor-problems":
        editor.hover = None
        editor.draft.set_position("-5o/1-3-1/2-1-2/3-3/2-1-2/1-3--/7 x 0 1")
        editor._edited()
        editor.play()
        return
    if name == "editor-save":
        editor.hover = None
        editor._ask_name()
        dialog = app.top
        dialog.name.insert("Crossfire")  # type: ignore[attr-defined]
        dialog.description.insert("Blocks in an X: the centre is a fortress.")  # type: ignore[attr-defined]
        return
    if name == "editor-open":
        editor.hover = None
        import os
        import tempfile

        from game.engine.levels import custom_levels_dir

        # Sample levels go to a throw-away folder, never into the player's own.
        os.environ["ATTAX_DATA_DIR"] = tempfile.mkdtemp(prefix="attax-demo-")

        for level_name, fen, text in (
            ("Crossfire", _SHOWN, "Blocks in an X: the centre is a fortress."),
            ("Open field", "x5o/7/7/3-3/7/7/o5x x 0 1", "One block in the middle, nothing else."),
            ("Corridors", "x5o/1-1-1-1/7/1-1-1-1/7/1-1-1-1/o5x o 0 1", "Blue starts. Narrow lanes."),
        ):
            save_custom_level(LevelInfo(level_name, text, "Demo", fen), replace=True)
        (custom_levels_dir() / "broken.toml").write_text('name = "Half a level', encoding="utf-8")
        editor.open_custom()
