"""The battle editor's demonstrations for ``main.py --demo NAME``.

``battle-editor``: a battle being set up (a unit chosen, the pointer showing
what a click places); ``battle-editor-problems``: the checks' findings over a
battle with a king missing, two units of mercenaries and too many archers,
marked on the field; ``battle-editor-open``: opening one of your battles
(sample ones, and a damaged file named with its reason); ``battle-editor-play``:
the test play of the battle being set up, its menu open (Esc).
"""

from __future__ import annotations

import os
import tempfile
from typing import TYPE_CHECKING

from game.engine.levels import LevelInfo, custom_levels_dir, save_custom_level
from game.engine.lionheart import GOLD, SILVER
from game.engine.lionheart.level_edit import DraftUnit
from game.engine.lionheart.rules import RULES
from game.scenes.lionheart.editor import BattleEditorScene
from game.scenes.trial import TrialScene

if TYPE_CHECKING:
    from game.scenes.services import Services

__all__ = ["EDITOR_DEMOS", "start_editor_demo"]

EDITOR_DEMOS = ("battle-editor", "battle-editor-problems", "battle-editor-open", "battle-editor-play")

SHOWN = (
    "gA4c1N,gN2d1N,gK1e1N,gN2f1N,gA4g1N,gI4c2N,gH2d2N,gM10e2N,gI4g2N,gR2e4N,"
    "sR2e7S,sI4c9S,sP4e9S,sI4g9S,sM10e8S,sA4c10S,sN2d10S,sK1e10S,sN2f10S,sA4g10S s 2 1 -"
)
"""A battle being set up: Gold's heavy infantry and mass infantry, mercenaries ahead of each army."""
PROBLEMS = (
    "gA4b1N,gA4c1N,gN2d1N,gN2f1N,gA4g1N,gI4c2N,gI4d2N,gI4f2N,gI4g2N,"
    "sR2d7S,sR1f7S,sI4c9S,sI4d9S,sI4f9S,sI4g9S,sA4c10S,sN2d10S,sK1e10S,sN2f10S,sA4g10S - 2 0 start"
)
"""Gold without its king and with twelve archers; Silver with two units of mercenaries."""


def start_editor_demo(app: Services, name: str) -> None:
    """Open the battle editor as demonstration ``name`` shows it."""
    if name == "battle-editor-open":
        # Sample battles go to a throw-away folder, never into the player's own.
        os.environ["ATTAX_DATA_DIR"] = tempfile.mkdtemp(prefix="attax-demo-")
        for level_name, position, text in (
            ("Mercenaries ahead", SHOWN, "Each army's mercenaries stand ahead of it; Silver starts."),
            (
                "Knights' charge",
                "gN2d3N,gK1e1N,gN2f3N,gH2e3N,sI4c8S,sI4d8S,sK1e10S,sI4f8S,sI4g8S - 2 0 start",
                "Four knights and two heavy infantrymen against four units of infantry.",
            ),
        ):
            save_custom_level(LevelInfo(level_name, text, "Demo", position), RULES, replace=True)
        (custom_levels_dir(RULES.key) / "broken.toml").write_text('name = "Half a battle', encoding="utf-8")
    editor = app.router.push("editor")
    assert isinstance(editor, BattleEditorScene)
    editor.ensure_layout()
    if name == "battle-editor-open":
        editor.open_custom()
        return
    if name == "battle-editor-problems":
        editor.draft.set_position(PROBLEMS)
        editor._edited()
        editor.play()
        return
    editor.draft.set_position(SHOWN)
    editor.draft.move((5, 0), (6, 2))
    editor.draft.change(6, 2, facing="E")
    editor.draft.set_opening(SILVER)
    editor.chosen = (4, 3)
    editor.palette.choose("P")
    editor.chosen = (4, 3)
    editor._edited()
    editor.brush = DraftUnit(GOLD, "P", 3, "N")
    editor.hover = (2, 4)
    if name == "battle-editor-play":
        editor.hover = None
        editor._test_play()
        trial = app.top
        assert isinstance(trial, TrialScene)
        trial.open_menu()
