"""What the scenes share: theme, drawing helpers and sprites, widgets, animations, sound, settings."""
