"""The campaign's screens open one another through here, by path, as the router opens scenes: none imports
another (the battle's end opens the story, the story opens the battle)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from game.engine.levels import LevelError
from game.engine.lionheart.campaign import CampaignBattle, shipped_campaign
from game.engine.stats import CampaignProgress, Statistics
from game.games import resolve

if TYPE_CHECKING:
    from game.scenes.match import MatchServices

__all__ = ["BattleResult", "Campaign", "load_campaign_of", "open_battle", "open_story"]

STORY = "game.scenes.lionheart.campaign_story:StoryScene"
BATTLE = "game.scenes.lionheart.campaign_battle:CampaignBattleScene"


@dataclasses.dataclass(frozen=True)
class BattleResult:
    """How a battle ended: the goal won or not, why (English), the stars, the player's turns and losses."""

    won: bool
    reason: str
    stars: int
    turns: int
    losses: int
    best: int = 0
    """The most stars the battle had earned before (0: never won)."""


@dataclasses.dataclass
class Campaign:
    """The campaign's battles that could be read, the problems met reading the others, and the progress."""

    battles: list[CampaignBattle]
    problems: list[LevelError]
    progress: CampaignProgress

    def unlocked(self, index: int) -> bool:
        """Whether the battle at ``index`` may be fought: the first, or one whose previous battle is won."""
        return index == 0 or self.battles[index - 1].id in self.progress.won

    @property
    def total_stars(self) -> int:
        """The stars won over the battles that are read."""
        return sum(self.progress.stars_of(battle.id) for battle in self.battles)

    @property
    def won_count(self) -> int:
        """The battles won."""
        return sum(1 for battle in self.battles if battle.id in self.progress.won)


def load_campaign_of(app: MatchServices) -> Campaign:
    """The campaign of the current game (Lionheart's), with the player's progress from the statistics."""
    battles: list[CampaignBattle] = []
    problems: list[LevelError] = []
    for item in shipped_campaign(app.game.load_rules()):
        if isinstance(item, CampaignBattle):
            battles.append(item)
        else:
            problems.append(item)
    return Campaign(battles, problems, Statistics.load(app.game.key).campaign)


def open_story(app: MatchServices, campaign: Campaign, index: int, result: BattleResult | None = None) -> Any:
    """The story before the battle at ``index`` (``result`` ``None``), or after it, in place of the top scene
    unless the top scene is the campaign's list (then over it)."""
    scene = resolve(STORY)(app, campaign, index, result)
    _show(app, scene)
    return scene


def open_battle(app: MatchServices, campaign: Campaign, index: int) -> Any:
    """The battle at ``index``, in place of the top scene (the story before it)."""
    scene = resolve(BATTLE)(app, campaign, index)
    _show(app, scene)
    return scene


def _show(app: MatchServices, scene: Any) -> None:
    top = app.stack.top
    if top is not None and getattr(top, "name", "") == "campaign":
        app.stack.push(scene)
    else:
        app.stack.replace(scene)
