"""The message shown when a scene fails: the game goes on, the error is in the log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game import paths
from game.i18n import tr
from game.scenes.dialog import Dialog
from game.scenes.services import Recovery, SceneServices
from game.ui import theme

if TYPE_CHECKING:
    from game.scenes.base import Scene

__all__ = ["ErrorScene"]


class ErrorServices(SceneServices, Recovery, Protocol):
    """What the error message uses of the app: the scenes', and carrying on without the scene that failed."""


class ErrorScene(Dialog):
    """Something went wrong in ``failed``; Continue closes it and goes back to the scene before."""

    app: ErrorServices

    name = "error"

    def __init__(self, app: ErrorServices, failed: Scene, message: str) -> None:
        self.failed = failed
        log_file = paths.user_data_dir(create=False) / "attax.log"
        super().__init__(
            app,
            tr("Something went wrong"),
            [
                tr(
                    "{scene} stopped: {message}",
                    scene=type(failed).__name__.removesuffix("Scene"),
                    message=message[:300],
                ),
                tr("Details are in {file}.", file=str(log_file)),
            ],
            [("continue", "Continue", self._dismiss)],
            accent=theme.DANGER,
            width=560,
        )

    def _dismiss(self) -> None:
        self.app.dismiss_error(self.failed)
