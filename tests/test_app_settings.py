"""Settings persist as JSON in the user data folder; damaged files give the defaults; sound is optional."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from game.driver import Driver
from game.scenes.options import OptionsScene
from game.ui.audio import SOUND_NAMES, Audio, synthesise
from game.ui.settings import Settings


def test_defaults_when_missing_or_damaged(user_data_dir: Path) -> None:
    assert Settings.load() == Settings()
    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / "settings.json").write_text("{not json", encoding="utf-8")
    assert Settings.load() == Settings()
    (user_data_dir / "settings.json").write_bytes(b"\x00\xff\x00")
    assert Settings.load() == Settings()
    (user_data_dir / "settings.json").write_text("[1, 2]", encoding="utf-8")
    assert Settings.load() == Settings()


def test_bad_values_fall_back_one_by_one(user_data_dir: Path) -> None:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    data = {"animation": "warp", "volume": 0.25, "muted": "yes", "level": "expert", "extra": 1}
    (user_data_dir / "settings.json").write_text(json.dumps(data), encoding="utf-8")
    settings = Settings.load()
    assert settings.animation == "normal" and settings.volume == 0.25
    assert settings.muted is False and settings.for_game("ataxx").level == "expert"


def test_the_analysis_strength_is_kept_and_a_bad_one_falls_back(user_data_dir: Path) -> None:
    from game.ai.analysis import DEFAULT_STRENGTH, STRENGTHS
    from game.ui.settings import ANALYSIS_STRENGTHS

    assert tuple(key for key, _ in STRENGTHS) == ANALYSIS_STRENGTHS
    assert Settings().analysis_strength == DEFAULT_STRENGTH
    user_data_dir.mkdir(parents=True, exist_ok=True)
    for value, expected in (("deep", "deep"), ("ludicrous", "normal"), (3, "normal"), (None, "normal")):
        (user_data_dir / "settings.json").write_text(
            json.dumps({"analysis_strength": value}), encoding="utf-8"
        )
        assert Settings.load().analysis_strength == expected
    settings = Settings(analysis_strength="quick")
    settings.save()
    assert Settings.load().analysis_strength == "quick"


def test_options_scene_changes_are_saved(user_data_dir: Path) -> None:
    driver = Driver.fast(animation=None)
    try:
        driver.press("options")
        scene = driver.top
        assert isinstance(scene, OptionsScene)
        driver.click(scene.row("Animations").rects[1].center)  # Fast
        driver.click(scene.row("Sound").rects[1].center)  # Muted
        slider = scene.row("Volume").rect
        driver.click((slider.x + slider.width // 4, slider.centery))
        saved = json.loads((user_data_dir / "settings.json").read_text(encoding="utf-8"))
        assert saved["animation"] == "fast" and saved["muted"] is True
        assert abs(saved["volume"] - 0.25) < 0.03
        assert driver.app.audio.muted and abs(driver.app.audio.volume - saved["volume"]) < 1e-9
        driver.press("back")
        assert Settings.load().animation == "fast"
    finally:
        driver.app.close()
    leftovers = [p.name for p in user_data_dir.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []


def test_sounds_are_synthesised_and_playing_never_fails() -> None:
    sounds = synthesise()
    for name in SOUND_NAMES:
        if name != "flip":
            assert name in sounds
    assert "flip0" in sounds
    for samples in sounds.values():
        assert samples.ndim == 1 and 0.01 < len(samples) / 44100 < 2.0
        assert np.max(np.abs(samples)) <= 1.0
    audio = Audio(enabled=False)  # no device at all
    audio.play("win")
    audio.play("flip")
    assert audio.played == ["win", "flip"] and not audio.available
    audio.close()


def test_a_missing_font_falls_back_to_the_default(monkeypatch, tmp_path: Path) -> None:
    import pygame

    from game.ui import theme

    pygame.font.init()
    monkeypatch.setattr(theme, "ASSETS", tmp_path / "nowhere")
    ui = theme.Theme()
    rendered = ui.text("Attax", "title", 30, (255, 255, 255))
    assert rendered.get_width() > 20 and rendered.get_height() > 10
