"""Scenes: one module per screen, all driven by game.app.App (see design.md, "Scenes and the loop")."""
