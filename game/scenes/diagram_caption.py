"""A rules diagram's caption, fitted to the diagram's width: ``fit_caption``."""

from __future__ import annotations

from game.ui.textbox import TextBlock, layout_text
from game.ui.theme import Theme

__all__ = ["fit_caption"]


def fit_caption(ui: Theme, caption: str, width: int, largest: int) -> TextBlock:
    """``caption`` laid out in bold at ``largest`` pixels at most: on one line if a slightly smaller font allows
    it (French runs longer), else on two."""
    block = layout_text(
        ui, caption, "body", largest, width, bold=True, max_lines=1, min_size=max(11, largest * 4 // 5)
    )
    if block.cut:
        block = layout_text(ui, caption, "body", largest, width, bold=True, max_lines=2)
    return block
