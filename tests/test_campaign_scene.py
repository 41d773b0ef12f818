"""Lionheart's campaign through the real App, driven by posted clicks: from the menu to the battles' cards, the
story, a battle won by clicks on the field, the stars, the next battle opened, the progress after a restart, a
battle lost and fought again, damaged files, and the kiosk."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game.driver import Driver
from game.engine.lionheart import Move
from game.engine.lionheart import campaign as campaign_files
from game.engine.stats import Statistics
from game.scenes.lionheart.campaign import CampaignScene
from game.scenes.lionheart.campaign_battle import CampaignBattleScene
from game.scenes.lionheart.campaign_story import StoryScene
from game.scenes.menu import MenuScene


def _battle(name: str, position: str, goal: str, level: str = "beginner") -> str:
    return (
        f'game = "lionheart"\nschema_version = 2\nname = "{name}"\nposition = "{position}"\n'
        f'level = "{level}"\nbefore = "The story before {name}."\nafter = "The story after {name}."\n'
        f"par_turns = 3\npar_losses = 0\n\n[goal]\n{goal}\n"
    )


NEAR = _battle("Near", "gK1e5N,gI4a1N,sK1a10S,sI4i10S g 2 0 -", 'kind = "reach"')
"""The king one ride from the far rank: e5-e10 wins."""
SHORT = _battle("Short", "gK1e1N,gI4a1N,sK1e10S,sI4i10S g 2 0 -", 'kind = "within"\nturns = 1')
"""A victory within one turn that two steps of infantry cannot bring."""
THIRD = _battle("Third", "gK1e1N,gI4a1N,sK1e10S,sI4i10S g 2 0 -", 'kind = "battle"')


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A campaign of three small battles in place of the shipped one."""
    battles = tmp_path / "campaign"
    battles.mkdir()
    for name, text in (("01-near", NEAR), ("02-short", SHORT), ("03-third", THIRD)):
        (battles / f"{name}.toml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(campaign_files, "shipped_campaign_dir", lambda: battles)
    return battles


@pytest.fixture
def driver() -> Iterator[Callable[..., Driver]]:
    drivers: list[Driver] = []

    def make(**options: object) -> Driver:
        made = Driver.fast(**{"size": (640, 480), "game": "lionheart", **options})
        drivers.append(made)
        return made

    yield make
    for made in drivers:
        made.app.close()


def _open_campaign(app: Driver) -> CampaignScene:
    assert isinstance(app.top, MenuScene)
    app.press("campaign")
    scene = app.top
    assert isinstance(scene, CampaignScene)
    return scene


def _fight(app: Driver, scene: CampaignScene, index: int) -> CampaignBattleScene:
    app.click(scene.card_centre(index))
    story = app.top
    assert isinstance(story, StoryScene) and story.result is None and story.index == index
    app.press("fight")
    battle = app.top
    assert isinstance(battle, CampaignBattleScene)
    battle.ensure_layout()
    return battle


def _after(app: Driver) -> StoryScene:
    assert app.until(lambda: isinstance(app.top, StoryScene), max_frames=300)
    story = app.top
    assert isinstance(story, StoryScene) and story.result is not None
    return story


def test_the_campaign_is_offered_on_lionheart_menu_only(driver: Callable[..., Driver]) -> None:
    app = driver()
    assert app.button("campaign").visible
    app.app.choose_game("ataxx")
    app.top.resume()  # type: ignore[attr-defined]
    assert not app.button("campaign").visible


def test_the_shipped_campaign_opens_from_the_menu_with_its_first_battle_open(
    driver: Callable[..., Driver],
) -> None:
    app = driver()
    scene = _open_campaign(app)
    assert len(scene.campaign.battles) >= 8 and not scene.campaign.problems
    assert scene.campaign.unlocked(0) and not scene.campaign.unlocked(1)
    battle = _fight(app, scene, 0)
    assert battle.battle.name == "The ford" and battle.match.players[1].level == "beginner"
    app.frames(3)
    assert battle.banner.width > 0 and battle.board_area.top > battle.banner.bottom


def test_a_battle_won_by_clicks_gives_its_stars_and_opens_the_next(
    driver: Callable[..., Driver], folder: Path
) -> None:
    app = driver()
    scene = _open_campaign(app)
    app.click(scene.card_centre(1))  # locked: said, not opened
    assert app.top is scene and scene.note_time > 0
    battle = _fight(app, scene, 0)
    app.play_move(Move.from_text("e5-e10"))
    story = _after(app)
    assert story.result is not None and story.result.won and story.result.stars == 3
    assert story.result.reason == "Your king reached the far rank"
    assert Statistics.load("lionheart").campaign.stars == {"01-near": 3}
    assert app.button("next_battle").visible and app.button("retry").visible
    app.press("next_battle")
    following = app.top
    assert isinstance(following, StoryScene) and following.index == 1 and following.result is None
    app.press("campaign")
    assert app.top is scene
    assert scene.campaign.unlocked(1) and not scene.campaign.unlocked(2)
    assert battle not in app.app.stack.scenes
    # A new start of the game: the progress is still there.
    again = driver()
    reopened = _open_campaign(again)
    assert reopened.campaign.progress.stars_of("01-near") == 3 and reopened.campaign.unlocked(1)


def test_a_battle_lost_says_why_and_is_fought_again(driver: Callable[..., Driver], folder: Path) -> None:
    stats = Statistics.load("lionheart")
    stats.campaign.win("01-near", 1)
    stats.save()
    app = driver()
    scene = _open_campaign(app)
    battle = _fight(app, scene, 1)
    assert battle.human_turn() and not battle.can_undo()
    app.play_move(Move.from_text("a1-a2"))
    app.play_move(Move.from_text("a2-a3"))
    story = _after(app)
    assert story.result is not None and not story.result.won and story.result.reason == "Out of turns"
    assert not app.button("next_battle").visible
    app.press("retry")
    fresh = app.top
    assert isinstance(fresh, CampaignBattleScene) and fresh.match.ply == 0 and fresh.index == 1
    assert Statistics.load("lionheart").campaign.stars == {"01-near": 1}  # a defeat changes nothing


def test_a_better_victory_keeps_the_best_stars_only(driver: Callable[..., Driver], folder: Path) -> None:
    stats = Statistics.load("lionheart")
    stats.campaign.win("01-near", 3)
    stats.save()
    app = driver()
    scene = _open_campaign(app)
    battle = _fight(app, scene, 0)
    app.play_move(Move.from_text("a1-a2"))  # one action spent: still three stars (par 3 turns)
    app.play_move(Move.from_text("e5-e10"))
    story = _after(app)
    assert story.result is not None and story.result.best == 3
    assert Statistics.load("lionheart").campaign.stars == {"01-near": 3}
    assert battle.tracker.player_turns == 1


def test_damaged_battles_are_named_and_the_others_play(driver: Callable[..., Driver], folder: Path) -> None:
    (folder / "02-short.toml").write_bytes(b'game = "lionheart"\nschema_version = 2\n[goal\n\x00')
    app = driver()
    scene = _open_campaign(app)
    assert [battle.id for battle in scene.campaign.battles] == ["01-near", "03-third"]
    assert "02-short.toml" in str(scene.campaign.problems[0])
    app.frames(2)
    _fight(app, scene, 0)


def test_the_campaign_plays_in_the_kiosk(driver: Callable[..., Driver], folder: Path) -> None:
    app = driver(kiosk=True)
    scene = _open_campaign(app)
    _fight(app, scene, 0)
    app.play_move(Move.from_text("e5-e10"))
    assert _after(app).result is not None


def test_the_statistics_reset_warns_that_the_campaign_goes_too(driver: Callable[..., Driver]) -> None:
    app = driver()
    app.press("statistics")
    warning = app.top._reset_warning()  # type: ignore[attr-defined]
    assert "battle of the campaign" in warning


@pytest.mark.usefixtures("french")
def test_every_campaign_screen_speaks_french(driver: Callable[..., Driver], recorded: list[str]) -> None:
    from game import i18n

    i18n._missing.clear()
    app = driver()
    scene = _open_campaign(app)
    app.frames(2)
    app.click(scene.card_centre(1))  # the locked card's word
    app.frames(2)
    assert "CAMPAGNE" in recorded and "Bataille 1" in recorded and "Le gué" in recorded
    battle = _fight(app, scene, 0)
    app.frames(2)
    assert "Tenir la ligne" in recorded and "0 tours sur 4" in recorded
    battle.tracker.state = battle.tracker.state.WON  # the goal decided: the story after it
    battle.tracker.reason = "The line held"
    story = _after(app)
    app.frames(2)
    assert story.result is not None and "VICTOIRE !" in recorded
    app.press("retry")
    app.frames(2)
    app.top.resign(0)  # type: ignore[attr-defined]  # the player gives up
    _after(app)
    app.frames(2)
    assert "DÉFAITE" in recorded and "Vous avez abandonné la bataille" in recorded
    assert not i18n.missing_translations()


def test_the_menu_ticks_the_campaign_once_every_battle_is_won(driver: Callable[..., Driver]) -> None:
    from game.engine.levels import CAMPAIGN_FOLDER, shipped_ids

    battles = shipped_ids("lionheart", CAMPAIGN_FOLDER)
    stats = Statistics.load("lionheart")
    for battle in battles[:-1]:
        stats.campaign.win(battle, 2)
    stats.save()
    app = driver()
    assert app.button("campaign").visible and app.button("campaign").icon == ""  # one battle still to win
    stats = Statistics.load("lionheart")
    stats.campaign.win(battles[-1], 1)
    stats.save()
    again = driver()
    assert again.button("campaign").icon == "done"
