"""A game of Ataxx at a terminal, as seed 002 plays it: a cell typed as ``ij``, then a keypad move code.

``TextGame`` drives a ``Match`` (the windowed game's generic match: undo,
repetition, the result) with lines read from the player. Each turn the board
is drawn; the player types a cell (row then column, ``11`` the top left),
the board shows the chosen piece yellow, its clone targets green and its jump
targets magenta, and the player types a move code (``1``-``9`` around 5, ``5x``
and ``5xy`` for jumps: ``game.engine.ataxx.keypad``). A code that cannot be
played gives the move up, and the player chooses a cell again. A player who
cannot move passes by themselves; the computer's moves come from the AI worker.

At any prompt, ``save NAME`` and ``load NAME`` use the windowed game's saves,
``undo`` and ``redo`` step through the game, ``codes`` shows the move codes,
``?`` the help, and ``quit`` (or the end of the input) leaves. What the player
types is read by ``game.text.entry``; the lines in and out, each starting with
the player's tag, go through ``game.text.console``.

In a terminal each board is drawn at the top of a cleared screen, with what
happened in the last two moves under it; piped, boards and lines follow one
another, once each, with no colours and no clearing, so a game can be
scripted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TextIO

from game import games
from game.engine import saves
from game.engine.ataxx import Board, Cell, Move, Side, bits, neighbours
from game.engine.ataxx.keypad import cell_code, code_for_offset
from game.engine.ataxx.rules import RULES
from game.engine.match import Match, Player
from game.i18n import current_language, load_catalog, ntr, tr
from game.paths import display_name, set_aside
from game.text.computer import Computer
from game.text.console import Console, Leave
from game.text.entry import COMMANDS, YES, read_cell, read_command, read_move
from game.text.screen import Mark, Picture, Style, board_lines, code_grid_lines, piece_letter

__all__ = ["COMMANDS", "Leave", "TextGame"]


class _Redraw(Exception):  # control flow, never seen outside this module
    """The match changed under the prompt (load, undo, redo): start the turn again."""


def _level_title(name: str) -> str:
    """A level's name in the player's language (a shipped level has a translation; the player's own do not)."""
    if not name:
        return tr("Loaded game")
    return load_catalog(current_language()).get(name, name)


class TextGame:
    """One game at a terminal (see the module docstring).

    ``output``, ``read_line``, ``style``, ``clear``, ``width`` and
    ``discard_typed`` make its ``Console``; ``delay`` is the pause, in seconds,
    between the steps of an infection, spent by ``sleep``.
    """

    def __init__(
        self,
        match: Match[Any, Any],
        level_name: str,
        *,
        output: TextIO,
        read_line: Callable[[str], str | None],
        style: Style,
        clear: bool = False,
        delay: float = 0.0,
        sleep: Callable[[float], None] = lambda seconds: None,
        computer: Computer | None = None,
        show_codes: bool = False,
        replace: bool = False,
        width: int | None = None,
        discard_typed: Callable[[], None] = lambda: None,
    ) -> None:
        self.match = match
        self.level_name = level_name
        self.console = Console(
            output, read_line, style, clear=clear, width=width, discard_typed=discard_typed
        )
        self.delay = delay
        self.sleep = sleep
        self.computer = computer or Computer()
        self.show_codes = show_codes
        self.replace = replace
        """``save NAME`` replaces a save of that name without asking (``--yes``)."""

    # -- the game --

    def run(self) -> int:
        """Play until the end of the game or until the player leaves; returns the exit code."""
        self._introduce()
        try:
            while not self.match.is_over:
                try:
                    self._turn()
                except _Redraw:
                    continue
            self._finish()
            return 0
        except Leave as leave:
            self.console.say(tr("Game left."))
            self.console.flush()
            return leave.code

    def _introduce(self) -> None:
        """Who plays what, once at the start (a terminal shows it in every header)."""
        if not self.console.encodes("·…"):
            self.console.say(tr("This terminal cannot show every letter: some are written plainly."))
        if not self.console.clear:
            self.console.say(self._players_line())

    def _turn(self) -> None:
        match = self.match
        forced = match.forced_move()
        if forced is not None:
            self.play(forced)
            return
        if match.computer_to_move:
            self.draw()
            self.console.write(self.console.line(Side(match.turn), tr("is thinking…")) + "\n")
            self.play(self.computer.choose(match))
            return
        self._human_turn()

    def _human_turn(self) -> None:
        side = Side(self.match.turn)
        self.draw()
        while True:
            text = self.console.ask(side, tr("Enter a position to play:"))
            if not text or self._command(text, None):
                continue
            square = self._cell(text)
            if square is not None and self._choose_move(square):
                return

    def _choose_move(self, source: int) -> bool:
        """The move of the piece on ``source``: True once played, False when given up (choose a cell again)."""
        side = Side(self.match.turn)
        self.draw(Picture.selection(self.match.position, source))
        if self.show_codes:
            self.console.pending += self._codes(source)
        while True:
            text = self.console.ask(side, tr("Enter a move:"))
            if text and self._command(text, source):
                continue
            if not text:  # Enter alone: another piece
                self.draw()
                return False
            move, why = read_move(self.match.position, source, text)
            if move is None:
                # The seed: an impossible move gives this one up; the player chooses a cell again.
                self.console.say(self.console.line(side, tr("This move is invalid.") + " " + why))
                self.draw()
                return False
            self.play(move, source)
            return True

    def _cell(self, text: str) -> int | None:
        """The square of one of the player's movable pieces typed as ``ij``, or ``None`` after saying what is wrong."""
        board: Board = self.match.position
        square, problem = read_cell(board, text)
        if square is None:
            self.console.say(self.console.line(board.turn, tr("Incorrect position.") + " " + problem))
        return square

    def play(self, move: Move, source: int | None = None) -> None:
        """Play ``move`` and tell it; an infection is shown in steps: the move, the infected pieces, then flipped.

        ``source`` is the piece that moved (a clone's source is not in the
        move); the computer's clones name one of its pieces next to the target.
        """
        board: Board = self.match.position
        mover = board.turn
        self.console.news.append([])
        if move.is_pass:
            self.match.play(move)
            self.console.note(self.console.line(mover, tr("passes.")))
            return
        target = move.to_square
        if source is None:
            source = move.from_square if move.is_jump else bits(neighbours(target) & board.pieces[mover])[0]
        infected = board.captures(move)
        before = Picture.of(board)
        number = self.match.move_number
        self.match.play(move)
        code = code_for_offset(source // 7 - target // 7, target % 7 - source % 7)
        self.console.note(
            self.console.line(
                mover,
                tr(
                    "plays {source} -> {target} (code {code}).",
                    source=cell_code(source),
                    target=cell_code(target),
                    code=code,
                ),
            )
        )
        if not infected:
            return
        landed = {target: Cell.RED if mover is Side.RED else Cell.BLUE}
        if move.is_jump:
            landed[source] = Cell.EMPTY
        self.draw(before.with_cells(landed, {target: Mark.MOVED}, mover), number)
        self._pause()
        self.console.note(self.console.line(mover, tr("infects the opponent!")))
        marks = {square: Mark.INFECTED for square in bits(infected)}
        self.draw(before.with_cells(landed, {target: Mark.MOVED, **marks}, mover), number)
        self._pause()

    def _pause(self) -> None:
        if self.delay > 0:
            self.sleep(self.delay)
            self.console.paused = True

    def _finish(self) -> None:
        """The final board, why the game ended, both counts and the winner."""
        result = self.match.result
        assert result is not None
        board: Board = self.match.position
        picture = Picture.of(board)
        if result.detail:  # the early finish: the squares filled for the side that could fill them
            filler = board.turn.opponent
            filled = dict.fromkeys(bits(result.detail), Cell.RED if filler is Side.RED else Cell.BLUE)
            picture = picture.with_cells(filled, dict.fromkeys(bits(result.detail), Mark.MOVED), filler)
        self.draw(picture)
        outcome = result.outcome
        reason = tr(RULES.termination_text(outcome.termination))
        scores = [result.score(side) for side in Side]
        winner = (
            tr("Draw!")
            if outcome.winner is None
            else tr("{side} wins!", side=self.console.seats[Side(outcome.winner)].name)
        )
        moves = ntr("{count} move", "{count} moves", result.moves)
        self.console.write(
            f"{tr('The game is over.')} {reason}.\n{self._counts(scores)}\n{winner} ({moves})\n"
        )

    # -- what the player types besides cells and codes --

    def _command(self, text: str, source: int | None) -> bool:
        """Run ``text`` if it is a command (True); ``source`` is the piece chosen, if any."""
        command = read_command(text)
        if command is None:
            return False
        name, rest = command
        if name == "help":
            self.console.pending += self._codes(source) if source is not None else self._help()
        elif name == "codes":
            if source is not None:
                self.console.pending += self._codes(source)
            else:
                self.show_codes = not self.show_codes
                self.console.say(
                    tr("The move codes will be shown with each piece chosen.")
                    if self.show_codes
                    else tr("The move codes will no longer be shown.")
                )
        elif name == "save":
            self._save(rest)
        elif name == "load":
            self._load(rest)
        elif name == "undo":
            self._undo()
        elif name == "redo":
            self._redo()
        else:
            raise Leave(0)
        return True

    def _help(self) -> list[str]:
        return [
            tr(
                "Type a cell as its row then its column (11 is the top left, 77 the bottom right), then a move code:"
            ),
            *code_grid_lines(self.console.style),
            tr("1-9 clone · 5 then a direction jumps"),
            tr("A code that cannot be played gives the move up: choose a cell again."),
            tr("At any prompt: save NAME, load NAME, undo, redo, codes, quit, and ? for this help."),
            tr("Saves are shared with the windowed game (Load game)."),
        ]

    def _codes(self, source: int) -> list[str]:
        """The move codes of the piece on ``source``: those it can play, clones green and jumps magenta."""
        return [
            tr("Move codes from {cell}:", cell=cell_code(source)),
            *code_grid_lines(self.console.style, self.match.position, source),
        ]

    def _save(self, name: str) -> None:
        if not name:
            self.console.say(tr("Type a name after save, like: save my game"))
            return
        try:
            existing = saves.save_path(name)
            if not self.replace and existing.is_file():
                answer = self.console.ask(
                    Side(self.match.turn),
                    tr("A save called “{name}” exists. Replace? (y/n)", name=existing.stem),
                )
                if answer.strip().lower() not in YES:
                    self.console.say(tr("Not saved."))
                    return
            path = saves.save_game(name, self.match, level_name=self.level_name)
        except (saves.SaveError, OSError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            self.console.say(tr("Cannot save: {reason}", reason=reason))
            return
        self.console.say(tr("Saved as “{name}”", name=path.stem))

    def _load(self, name: str) -> None:
        if not name:
            self.console.say(self._saved_games())
            return
        try:
            path = saves.save_path(name)
            if not path.is_file():
                self.console.say(tr("No saved game called {name}.", name=name) + " " + self._saved_games())
                return
            match, pgn_game = saves.load_game(path)
        except (saves.SaveError, OSError) as error:
            said = tr("Cannot load {name}: {reason}", name=name, reason=str(error))
            if isinstance(error, saves.SaveError) and error.damaged and path.is_file():
                # As the Load screen: a damaged file is set aside (a newer version's is left in place).
                aside = set_aside(path)
                if aside is not None:
                    said += " " + tr("It is kept as {name}.", name=display_name(aside))
            self.console.say(said)
            return
        if match.rules.key != RULES.key:
            game_name = tr(games.game(match.rules.key).name)
            self.console.say(
                tr(
                    "{name} is a game of {title}: the terminal plays Ataxx only.",
                    name=path.stem,
                    title=game_name,
                )
            )
            return
        if match.is_over:
            self.console.say(tr("{name} is a finished game.", name=path.stem))
            return
        if not match.has_human:
            # Two computers cannot be resumed by a person: they become two players, as in the window.
            match.players = (Player.human(), Player.human())
        engines = [player.name or "?" for player in match.players if player.engine is not None]
        if engines:
            # An engine added in the window's options: the terminal runs no other program, its computer plays on.
            seats = [
                Player.computer("casual") if player.engine is not None else player for player in match.players
            ]
            match.players = (seats[0], seats[1])
        self.match = match
        self.level_name = pgn_game.tag("Level")
        self.console.news.clear()
        self.console.news.append([])
        self.console.note(tr("Loaded {name}: move {number}.", name=path.stem, number=match.move_number))
        if pgn_game.cut_short:
            self.console.note(
                ntr(
                    "{file} was cut short: {count} move read, the rest is missing.",
                    "{file} was cut short: {count} moves read, the rest is missing.",
                    match.full_moves,
                    file=display_name(path),
                )
                + " "
                + tr("The game goes on from there.")
            )
        if engines:
            self.console.note(
                tr(
                    "The computer ({level}) plays on instead of {engine}.",
                    level=tr("Casual"),
                    engine=engines[0],
                )
            )
        if not self.console.clear:
            self.console.note(self._players_line())
        raise _Redraw

    def _saved_games(self) -> str:
        """The Ataxx saves by name, newest first (as the windowed game's Load list)."""
        try:
            entries = saves.list_saves()
        except OSError as error:  # the saves folder cannot be used (a file, no permission...)
            reason = error.strerror or str(error)
            return tr("The saved games cannot be listed: {reason}", reason=reason)
        names = [
            entry.name for entry in entries if isinstance(entry, saves.SaveEntry) and entry.game == RULES.key
        ]
        if not names:
            return tr("No saved game yet.")
        return tr("Saved games: {names}", names=", ".join(names))

    def _undo(self) -> None:
        undone = self.match.undo_turn()
        if not undone:
            self.console.say(tr("Nothing to undo."))
            return
        self.console.news.clear()
        # Named by the move it goes back to, as the results number moves (a move is both sides' turns).
        self.console.say(tr("Taken back to move {number}.", number=self.match.move_number))
        raise _Redraw

    def _redo(self) -> None:
        match = self.match
        if not match.can_redo:
            self.console.say(tr("Nothing to redo."))
            return
        match.redo_turn()
        self.console.news.clear()
        self.console.say(tr("Forward to move {number}.", number=match.move_number))
        raise _Redraw

    # -- the board --

    def _header(self, picture: Picture, number: int) -> list[str]:
        title = tr("{level} · move {number}", level=_level_title(self.level_name), number=number)
        lines = [f"Ataxx · {title}"]
        if self.console.clear:
            lines.append(self._players_line())
        # The counts of the board drawn: during an infection's steps, before the pieces change sides.
        counts = [picture.cells.count(Cell.RED), picture.cells.count(Cell.BLUE)]
        return [*lines, self._counts(counts)]

    def _counts(self, scores: list[int]) -> str:
        parts = []
        for side in Side:
            seat = self.console.seats[side]
            count = ntr("{side}: {count} piece", "{side}: {count} pieces", scores[side], side=seat.name)
            parts.append(f"{self.console.style.seat(piece_letter(side), side)} {count}")
        return "   ".join(parts)

    def _players_line(self) -> str:
        if all(player.is_human for player in self.match.players):
            return tr("Two players take turns at the keyboard.")
        parts = []
        for side in Side:
            player = self.match.player(side)
            if player.is_human:
                who = tr("You")
            else:
                ai = games.game(RULES.key).load_ai()
                who = tr("Computer ({level})", level=tr(ai.level(player.level or "casual").name))
            parts.append(tr("{side}: {who}", side=self.console.seats[side].name, who=who))
        return " · ".join(parts)

    def draw(self, picture: Picture | None = None, number: int | None = None) -> None:
        """The board (as it stands, or ``picture`` during move ``number``), then the lines waiting to be said."""
        picture = picture or Picture.of(self.match.position, self._last_move_marks())
        lines = self._header(picture, number or self.match.move_number)
        self.console.show(lines + board_lines(picture, self.console.style))

    def _last_move_marks(self) -> dict[int, Mark]:
        """The square the last move landed on, marked as a piece just moved (none before a move, or after a pass)."""
        moves = self.match.moves
        if not moves or moves[-1].is_pass:
            return {}
        return {moves[-1].to_square: Mark.MOVED}
