"""Lionheart's screens (the menu tile until the game lands)."""
