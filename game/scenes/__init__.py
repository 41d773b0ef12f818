"""Scenes: one module per screen, each given by the app the services it uses (see design.md, "Scenes and the loop")."""
