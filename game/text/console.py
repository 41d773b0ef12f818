"""The terminal game's lines in and out: prompts read, lines said and kept as news, the seats' tags.

Every line the game says to a player starts with the player's tag, as the
seed writes them: ``[red] - Enter a position to play:``. Lines wait in
``pending`` until the next board or the next prompt, whichever comes first; a
terminal also keeps what the last moves did (``news``) under every board.
Lines are cut between words to fit the terminal's width, and written plainly
(ASCII stand-ins, accents dropped) to an output whose encoding cannot show them.
"""

from __future__ import annotations

import collections
import dataclasses
import textwrap
import unicodedata
from collections.abc import Callable
from typing import TextIO

from game import games
from game.engine.ataxx import Side
from game.engine.ataxx.rules import RULES
from game.i18n import tr
from game.text.screen import CLEAR, Style

__all__ = ["NEWS_PLIES", "Console", "Leave", "Seat"]

NEWS_PLIES = 2
"""How many moves' news a terminal shows under the board (the player's last move and the reply)."""


class Leave(Exception):  # not an error: the player chose to go
    """The player left (``quit`` or the end of the input); ``code`` is the exit code."""

    def __init__(self, code: int = 0) -> None:
        super().__init__(code)
        self.code = code


@dataclasses.dataclass
class Seat:
    """How a seat is named on screen: its colour's name and its tag (``[red]``)."""

    side: Side
    name: str
    """The colour's name, capitalised and translated ("Red", "Rouge")."""
    tag: str
    """``[red]``: the seed's prefix, in lower case and the seat's colour."""


@dataclasses.dataclass(eq=False)
class Console:
    """The game's terminal (see the module docstring).

    ``read_line(prompt)`` shows the prompt and returns the line typed without
    its newline, or ``None`` at the end of the input. ``clear`` draws each
    board on a cleared screen (a terminal).
    """

    output: TextIO
    read_line: Callable[[str], str | None]
    style: Style
    _: dataclasses.KW_ONLY
    clear: bool = False
    width: int | None = None
    """The terminal's width: messages are wrapped between words to fit it (``None``: not wrapped)."""
    discard_typed: Callable[[], None] = lambda: None
    """Drops what was typed ahead at the terminal (keys pressed during a pause are not sent on)."""
    paused: bool = dataclasses.field(default=False, init=False)
    """Whether an infection pause was spent since the last prompt."""
    pending: list[str] = dataclasses.field(default_factory=list, init=False)
    """Lines to write after the next board, or before the next prompt, whichever comes first."""
    news: collections.deque[list[str]] = dataclasses.field(
        default_factory=lambda: collections.deque(maxlen=NEWS_PLIES), init=False
    )
    """What the last moves did, one list per move: under every board in a terminal."""
    seats: dict[Side, Seat] = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        looks = games.game(RULES.key).seat_looks("classic")
        self.seats = {
            side: Seat(side, tr(looks[side].name), self.style.seat(f"[{tr(looks[side].name).lower()}]", side))
            for side in Side
        }

    def line(self, side: Side, text: str) -> str:
        """``text`` said to or by ``side``, as the seed writes it: ``[red] - text``."""
        return f"{self.seats[side].tag} - {text}"

    def say(self, text: str) -> None:
        """A line for the player: written after the next board, or before the next prompt."""
        self.pending.append(text)

    def note(self, text: str) -> None:
        """A line about the move just played: said once, and in a terminal kept under the boards that follow."""
        if not self.news:
            self.news.append([])
        self.news[-1].append(text)
        if not self.clear:
            self.pending.append(text)

    def show(self, lines: list[str]) -> None:
        """A board's ``lines``, then (in a terminal) the news, then the lines waiting to be said."""
        if self.clear:
            lines = lines + self._wrapped([text for news in self.news for text in news])
        lines = lines + self._wrapped(self.pending)
        self.pending = []
        # A terminal draws each board at the top of a cleared screen; piped, a blank line parts the boards.
        self.write((CLEAR if self.clear else "\n") + "\n".join(lines) + "\n")

    def _wrapped(self, texts: list[str]) -> list[str]:
        """``texts`` cut between words to fit the terminal's width (lines within it are kept as they are)."""
        if self.width is None:
            return texts
        width = max(self.width - 1, 20)
        lines: list[str] = []
        for text in texts:
            for line in text.split("\n"):
                if len(line) <= width:
                    lines.append(line)
                    continue
                lines += textwrap.wrap(line, width, break_long_words=False, break_on_hyphens=False) or [line]
        return lines

    def ask(self, side: Side, prompt: str) -> str:
        """The line typed at ``side``'s prompt, stripped; ``Leave`` at the end of the input."""
        self.flush()
        while True:
            if self.paused:
                # Keys pressed while the pieces turned were not answers to this prompt.
                self.discard_typed()
                self.paused = False
            text = self.read_line(self.line(side, prompt) + " ")
            if text is None:
                raise Leave(0)
            if "\ufffd" not in text:
                return text.strip()
            # Bytes that are not text in the terminal's encoding (read as U+FFFD by the reader).
            self.say(self.line(side, tr("That line is not text the game can read: type it again.")))
            self.flush()

    def flush(self) -> None:
        """Write the lines waiting to be said."""
        if self.pending:
            self.write("\n".join(self._wrapped(self.pending)) + "\n")
            self.pending = []

    def write(self, text: str) -> None:
        """Write ``text`` now, plainly if the output cannot encode it."""
        if not self.encodes(text):
            text = _plain(text)
        self.output.write(text)
        self.output.flush()

    def encodes(self, text: str) -> bool:
        """Whether the output can write ``text`` as it is (an output with no encoding takes any text)."""
        encoding = getattr(self.output, "encoding", None)
        if not encoding:
            return True
        try:
            text.encode(encoding)
        except UnicodeEncodeError:
            return False
        except LookupError:
            return True
        return True


_PLAIN = str.maketrans(
    {"·": "-", "…": "...", "“": '"', "”": '"', "’": "'", "«": '"', "»": '"', "\u00a0": " "}
)


def _plain(text: str) -> str:
    """``text`` for an output that cannot encode it: ASCII stand-ins for the game's signs, accents dropped
    (what is left that the output cannot encode becomes ``?`` there)."""
    text = unicodedata.normalize("NFKD", text.translate(_PLAIN))
    return "".join(char for char in text if not unicodedata.combining(char))
