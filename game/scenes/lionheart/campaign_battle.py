"""A campaign battle: the match screen against the battle's computer, with the goal judged after every action.

The goal and how far it has got are shown in a banner above the field
("Hold the line · 3 of 5 turns", with a bar). After every action and every
roll the goal is judged (``GoalTracker``); once it is won or lost the battle
stops there, the board finishes its animation, and the story after the battle
follows with the stars (``campaign_story``). A victory is kept in the
statistics (``CampaignProgress``), its best stars too, which opens the next
battle. A battle is neither autosaved nor counted as a game; there is no
undo (the stars would mean nothing), and Restart fights it again.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.levels import LevelInfo
from game.engine.lionheart import Battle
from game.engine.lionheart.goals import PLAYER, GoalState, GoalTracker, stars
from game.engine.match import Match, MatchConfig, Player
from game.engine.proof import default_options
from game.engine.stats import Statistics
from game.i18n import tr
from game.scenes.base import Scene
from game.scenes.lionheart.campaign_flow import BattleResult, Campaign, open_story
from game.scenes.lionheart.campaign_words import goal_progress, goal_title
from game.scenes.match import MatchScene, MatchServices
from game.ui import gfx, theme
from game.ui.anim import count_down, run_down
from game.ui.textbox import draw_text

__all__ = ["CampaignBattleScene"]


class CampaignBattleScene(MatchScene):
    """One battle of the campaign (see the module docstring)."""

    name = "campaign-battle"
    persistent = False
    """Not autosaved nor counted as a game: a victory goes to the campaign's progress."""

    def __init__(self, app: MatchServices, campaign: Campaign, index: int) -> None:
        self.campaign = campaign
        self.index = index
        self.battle = campaign.battles[index]
        self.banner = pygame.Rect(0, 0, 0, 0)
        self.end_timer: float | None = None
        self.ended = False
        config = MatchConfig(vs_computer=True, level=self.battle.level, human_seat=0, first=0)
        level = LevelInfo(self.battle.name, "", "", self.battle.position, game=app.game.key)
        super().__init__(app, config, level)

    # -- the match and its goal --

    def _new_match(self) -> None:
        battle = self.battle
        players = (Player.human("You"), Player.computer(battle.level))
        # The battles were tried under the game's own rules, whatever the player's options say.
        self.match = Match(self.rules, battle.position, players, default_options(self.rules))
        self.judged = Battle(battle.position)
        self.tracker = GoalTracker(battle.goal, self.judged)
        self.end_timer = None
        self.ended = False
        self._clear_transient()
        self.results_shown = False

    def _judge(self) -> None:
        """Feed the goal every action and roll played since it was last judged."""
        history = self.match.history()
        done = self.judged.ply
        for _, entry in history[done:]:
            if self.tracker.state is not GoalState.OPEN:
                break
            self.judged.push(entry)
            self.tracker.observe(self.judged)
        if self.tracker.state is GoalState.OPEN and self.match.is_over:
            # Given up (the rules' ends were judged above): by the player, or (never Lionheart's computer) the enemy.
            given_up = self.match.resigned == self.seat
            self.tracker.state = GoalState.LOST if given_up else GoalState.WON
            self.tracker.reason = "You gave up the battle" if given_up else "The enemy army is beaten"

    @property
    def seat(self) -> int:
        """The player's seat: Gold's, in every battle of the campaign."""
        return PLAYER

    @property
    def decided(self) -> bool:
        """Whether the goal is won or lost: the battle stops."""
        return self.tracker.state is not GoalState.OPEN

    def result(self) -> BattleResult:
        """The battle's result as the story after it shows it."""
        tracker = self.tracker
        won = tracker.state is GoalState.WON
        earned = stars(
            won=won,
            turns=tracker.player_turns,
            losses=tracker.losses,
            par_turns=self.battle.par_turns,
            par_losses=self.battle.par_losses,
        )
        best = self.campaign.progress.stars_of(self.battle.id)
        return BattleResult(won, tracker.reason, earned, max(1, tracker.player_turns), tracker.losses, best)

    def _finish(self) -> None:
        """The goal is decided: keep a victory, and tell the story after the battle."""
        if self.ended:
            return
        self.ended = True
        result = self.result()
        if result.won:
            self._record(result.stars)
            self.app.audio.play("win")
        else:
            self.app.audio.play("loss")
        open_story(self.app, self.campaign, self.index, result)

    def _record(self, earned: int) -> None:
        """The victory into the statistics (never in a demonstration)."""
        battle_id = self.battle.id
        progress = self.campaign.progress
        if self.app.options.demo:
            progress.win(battle_id, earned)
            return
        try:
            statistics = Statistics.load(self.app.game.key)
            if statistics.campaign.win(battle_id, earned):
                statistics.save()
            self.campaign.progress = statistics.campaign
        except OSError as error:
            progress.win(battle_id, earned)
            self.app.write_failed("statistics", error)

    # -- what the match screen asks --

    def play(self, move: Any, *, animate: bool = True) -> None:
        if self.decided:
            self.reject()
            return
        super().play(move, animate=animate)
        self._judge()

    def human_turn(self) -> bool:
        return not self.decided and super().human_turn()

    def can_undo(self) -> bool:
        return False

    def can_redo(self) -> bool:
        return False

    def undo(self) -> None:
        """No undo in a campaign battle: Restart fights it again."""
        self.reject(tr("No undo in the campaign: Restart fights the battle again"))

    def redo(self) -> None:
        self.reject()

    def save(self) -> None:
        """A campaign battle is not saved: it is fought in one go."""
        self.reject(tr("Campaign battles are not saved"))

    def restart(self, *, swap: bool = False) -> None:
        """The battle again from its start (never with the seats swapped: the player commands Gold)."""
        self.computer.cancel()
        self.computer.cancel_hint()
        self._new_match()
        self.board.reset()
        self.app.audio.play("start")

    def show_results(self) -> None:
        """The end by the rules: the story after the battle, as for a goal decided."""
        self._judge()
        self._finish()

    # -- the frame --

    def update(self, dt: float) -> None:
        self._judge()
        if not self.decided:
            super().update(dt)
            self._judge()
            return
        # Decided: nobody moves any more; the last action is shown, then the story follows.
        Scene.update(self, dt)
        self.panel.update(dt)
        self.board.update(dt)
        self.toast = count_down(self.toast, dt)
        if self.board.busy or self.ended:
            return
        self.end_timer = run_down(self.end_timer, dt, self.pace(1.2, 0.8, 0.5))
        if self.end_timer is None:
            self._finish()

    # -- layout and drawing --

    def layout(self, size: tuple[int, int]) -> None:
        """The match screen's layout with the goal's banner above the field."""
        super().layout(size)
        strip = self.px(54)
        area = self.board_area
        self.banner = pygame.Rect(area.x, area.y, area.width, strip - self.px(6))
        self.board_area = pygame.Rect(area.x, area.y + strip, area.width, area.height - strip)
        self.board.layout(self.board_area)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self._draw_line(surface)
        self._draw_goal(surface)

    def _draw_line(self, surface: pygame.Surface) -> None:
        """The line to hold, or the far rank to reach, marked across the field in gold."""
        goal = self.battle.goal
        view = getattr(self.board, "view", None)
        if view is None or goal.kind not in ("hold", "reach"):
            return
        if goal.kind == "hold" and goal.line is not None:
            below, above = view.square_rect(f"a{goal.line}"), view.square_rect(f"a{goal.line + 1}")
            y = (below.centery + above.centery) // 2
        else:  # the far rank lit, its edge dashed
            far = view.square_rect("a10").union(view.square_rect("i10"))
            band = pygame.Surface(far.size, pygame.SRCALPHA)
            band.fill((*theme.GOLD, 38))
            surface.blit(band, far.topleft)
            y = far.bottom
        left, right = view.square_rect("a1").left, view.square_rect("i1").right
        width = max(2, self.px(3))
        dash, gap = self.px(14), self.px(8)
        x = left
        while x < right:
            end = min(right, x + dash)
            pygame.draw.line(surface, theme.GOLD, (x, y), (end, y), width)
            x = end + gap

    def _draw_goal(self, surface: pygame.Surface) -> None:
        """The banner: the goal's title, how far it has got, and a bar for a goal counted in turns."""
        ui = self.app.theme
        rect = self.banner
        state = self.tracker.state
        edge = {GoalState.WON: theme.CLONE, GoalState.LOST: theme.DANGER}.get(state, theme.GOLD)
        gfx.panel(surface, rect, edge=edge, radius=self.px(10))
        inner = rect.inflate(-self.px(20), -self.px(8))
        words, fraction = goal_progress(self.tracker)
        if state is GoalState.WON:
            words = tr("Goal won!")
        elif state is GoalState.LOST:
            words = tr("Goal lost")
        half = inner.width // 2
        title_box = pygame.Rect(inner.x, inner.y, half, inner.height)
        draw_text(
            surface, ui, goal_title(self.battle.goal), "title", self.px(17), theme.GOLD, title_box,
            bold=True, valign="middle", max_lines=1,
        )  # fmt: skip
        right = pygame.Rect(inner.x + half, inner.y, inner.width - half, inner.height)
        if fraction is not None and state is GoalState.OPEN:
            bar = pygame.Rect(0, 0, right.width, self.px(6))
            bar.bottomright = right.bottomright
            pygame.draw.rect(surface, (40, 46, 84), bar, border_radius=bar.height // 2)
            filled = bar.copy()
            filled.width = max(bar.height, round(bar.width * fraction))
            pygame.draw.rect(surface, theme.GOLD, filled, border_radius=bar.height // 2)
            right.height -= bar.height + self.px(2)
        draw_text(
            surface, ui, words, "body", self.px(16), theme.TEXT, right, bold=True, align="right",
            valign="middle", max_lines=1,
        )  # fmt: skip
