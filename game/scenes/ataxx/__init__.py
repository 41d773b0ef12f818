"""Ataxx's screens: the board controller of the match screen, the level editor, the rules pages, the tile."""
