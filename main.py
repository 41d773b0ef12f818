"""Attax Arcade: python main.py [options]. See --help."""

from __future__ import annotations

import os
import sys

# Nothing is written inside the source tree at run time, not even bytecode caches
# (the AI's child process inherits the environment variable).
sys.dont_write_bytecode = True
os.environ.setdefault("PYTHONDONTWRITEBYTECODE", "1")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import argparse  # noqa: E402
import contextlib  # noqa: E402
import logging  # noqa: E402
import signal  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402


def _demo_names() -> list[str]:
    """Every ``--demo`` name: the generic screens', then each game's own."""
    from game import games
    from game.scenes.demo import DEMOS

    names = list(DEMOS)
    for definition in games.GAMES:
        names += [name for name in definition.extras.demo_names if name not in names]
    return names


def _playable_keys() -> str:
    """The keys ``--game`` takes, as the registry lists them: "ataxx, attangle, lionheart"."""
    from game import games

    return ", ".join(definition.key for definition in games.playable_games())


def _game_key(text: str) -> str:
    from game import games

    try:
        definition = games.game(text)
    except games.UnknownGameError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if not definition.playable:
        raise argparse.ArgumentTypeError(
            f"{definition.name} cannot be played yet; the games to play: {_playable_keys()}"
        )
    return definition.key


def _size(text: str) -> tuple[int, int]:
    from game.filedata import ascii_int

    parts = [ascii_int(part, max_digits=5) for part in text.lower().split("x")]
    if len(parts) != 2 or parts[0] is None or parts[1] is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1024x768")
    width, height = parts
    if width < 640 or height < 480 or width > 8192 or height > 8192:
        raise argparse.ArgumentTypeError(f"{text!r}: the window must be between 640x480 and 8192x8192")
    return width, height


def _seconds(text: str) -> float:
    from game.scenes.kiosk import positive_seconds

    try:
        return positive_seconds(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _shown(text: str, limit: int = 80) -> str:
    """``text`` quoted for a message, cut short when it is long (a 5,000-letter name fills no screen)."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({len(text)} characters)"


def _picture_file(text: str) -> Path:
    try:
        path = Path(text).expanduser()
        if path.is_dir():
            raise argparse.ArgumentTypeError(
                f"{_shown(text)} is a folder: name the PNG file to write, e.g. {path / 'shot.png'}"
            )
        if not path.parent.is_dir():
            raise argparse.ArgumentTypeError(
                f"{_shown(text)}: there is no folder {_shown(str(path.parent))} to write it in"
            )
    except RuntimeError as error:  # ~nosuchuser: expanduser finds no such home folder
        raise argparse.ArgumentTypeError(f"{_shown(text)}: {error}") from None
    except (OSError, ValueError) as error:  # a name too long (ENAMETOOLONG), a NUL byte...
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise argparse.ArgumentTypeError(f"{_shown(text)}: {reason}") from None
    return path


def _check_kiosk_environment() -> None:
    """Tell the person starting a kiosk about a timer variable that cannot be used (its default is used)."""
    from game.scenes.kiosk import GAME_IDLE, IDLE, positive_seconds

    for name, default in (("ATTAX_KIOSK_IDLE", IDLE), ("ATTAX_KIOSK_GAME_IDLE", GAME_IDLE)):
        text = os.environ.get(name, "").strip()
        if not text:
            continue
        try:
            positive_seconds(text)
        except ValueError as error:
            print(f"main.py: {name}: {error}; using {default:g} seconds", file=sys.stderr)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line; bad options print a message and exit with code 2 (argparse)."""
    parser = argparse.ArgumentParser(
        prog="main.py",
        description="Attax Arcade: strategy games against the computer or a friend.",
        epilog="Keys: F11 toggles fullscreen, F12 saves a screenshot, Esc opens the game menu.",
    )
    parser.add_argument(
        "--game", type=_game_key, metavar="NAME", help=f"open on this game's menu ({_playable_keys()})"
    )
    # One or the other: both at once would leave the window's mode to the order of the checks.
    window_mode = parser.add_mutually_exclusive_group()
    window_mode.add_argument(
        "--fullscreen", action="store_true", help="start fullscreen at the desktop resolution"
    )
    parser.add_argument(
        "--kiosk",
        action="store_true",
        help="unattended kiosk: fullscreen, no Quit, attract mode when idle; leave with Ctrl+Alt+Shift+Q",
    )
    parser.add_argument(
        "--kiosk-idle",
        type=_seconds,
        metavar="SECONDS",
        help="kiosk: seconds without input before the attract mode (default 60; a game left alone: twice that)",
    )
    window_mode.add_argument(
        "--windowed", action="store_true", help="start in a window even if fullscreen was saved"
    )
    parser.add_argument(
        "--size", type=_size, default=(1024, 768), metavar="WxH", help="window size (default 1024x768)"
    )
    parser.add_argument(
        "--screenshot",
        type=_picture_file,
        metavar="FILE",
        help="render the opening screen to FILE (PNG) and exit",
    )
    parser.add_argument(
        "--demo",
        choices=_demo_names(),
        help="open on a demonstration of one screen (with --screenshot: pictures for the README), in a game "
        "that can show it",
    )
    parser.add_argument(
        "--ai-thread", action="store_true", help="run the computer's search in a thread, not a process"
    )
    parser.add_argument("--mute", action="store_true", help="no sound this time")
    parser.add_argument(
        "--text",
        action="store_true",
        help="play Ataxx in this terminal, no window (python main.py --text --help lists its options)",
    )
    parser.add_argument(
        "--uai",
        action="store_true",
        help=f"run the {_uai_names()} AI as a UAI engine on stdin/stdout, for other programs (and Options → Engines)",
    )
    parser.add_argument("--quit-after-frames", type=int, metavar="N", help=argparse.SUPPRESS)
    parser.add_argument("--first-frame-time", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.demo is not None and args.game is not None:
        from game.scenes.demo import demo_games

        able = [definition.key for definition in demo_games(args.demo)]
        if args.game not in able:
            parser.error(
                f"--demo {args.demo} cannot be shown in {args.game}, only in {', '.join(able)}: "
                f"leave --game out to open {able[0]}"
            )
    return args


def _setup_logging(*, console: bool = True) -> None:
    """Log to ``attax.log`` in the user data folder, and errors to the console unless ``console`` is false
    (the terminal version: a log line would land in the middle of the board)."""
    from game import paths

    handlers: list[logging.Handler] = []
    with contextlib.suppress(OSError):
        handlers.append(logging.FileHandler(paths.user_data_dir() / "attax.log", encoding="utf-8"))
    if console:
        errors = logging.StreamHandler()
        errors.setLevel(logging.ERROR)
        handlers.append(errors)
    if not handlers:
        handlers.append(logging.NullHandler())
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s", handlers=handlers
    )


def _quit_on_sigterm(apps: list[Any]) -> None:
    """Let SIGTERM (a service manager stopping the game) end it like Quit, with a clean close.

    Installed before pygame starts: SDL takes SIGTERM only when nobody has, and
    would turn it into a window close, which the kiosk ignores.
    """

    def stop(signum: int, frame: object) -> None:
        if not apps:
            raise SystemExit(0)
        for app in apps:
            app.quit()

    with contextlib.suppress(ValueError, OSError, AttributeError):  # not the main thread; no SIGTERM
        signal.signal(signal.SIGTERM, stop)


def _text_mode(argv: list[str]) -> bool:
    """Whether the command line asks for the terminal version (``--text``, or a prefix argparse would take).

    Decided before anything is parsed: the windowed options import the screens
    (``--demo`` lists their names), and the terminal version must start where
    pygame cannot.
    """
    options = argv[: argv.index("--")] if "--" in argv else argv
    return any(len(item) >= 3 and "--text".startswith(item) for item in options)


def _uai_names() -> str:
    """The names of the games whose AI speaks UAI, for the help."""
    from game.ai.uai import uai_games

    return " or ".join(definition.name for definition in uai_games()) or "(no game's)"


def _uai_mode() -> int:
    """The UAI engine on stdin/stdout (``python -m game.ai.uai`` from anywhere): no window, no log on the console."""
    from game.ai.uai import main as uai_main

    return uai_main([])


def main(argv: list[str] | None = None) -> int:
    """Run the game; returns the exit code."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if _text_mode(argv):
        _setup_logging(console=False)
        from game.text import main as text_main

        return text_main([item for item in argv if not (len(item) >= 3 and "--text".startswith(item))])
    if argv[:1] == ["--uai"]:
        return _uai_mode()  # decided before the options: the engine must start where pygame cannot
    args = parse_args(argv)
    if args.uai:
        return _uai_mode()
    if args.kiosk:
        _check_kiosk_environment()
    if args.screenshot is not None:
        # A picture needs no window on screen and no sound.
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    _setup_logging()
    apps: list[Any] = []
    _quit_on_sigterm(apps)
    from game.app import App, AppOptions

    options = AppOptions(
        size=args.size,
        fullscreen=True if args.fullscreen else (False if args.windowed or args.screenshot else None),
        use_process=not args.ai_thread,
        audio=not args.mute and args.screenshot is None,
        demo=args.demo,
        game=args.game,
        save_settings=args.screenshot is None,
        kiosk=args.kiosk,
        kiosk_idle=args.kiosk_idle,
        kiosk_game_idle=args.kiosk_idle * 2 if args.kiosk_idle else None,
    )
    app = App(options)
    apps.append(app)
    if args.mute:
        app.audio.muted = True
    try:
        if args.screenshot is not None:
            app.start()
            # Let the entrance animations settle before taking the picture.
            for _ in range(75):
                app.frame(1 / 60)
            try:
                app.screenshot(args.screenshot)
            except (OSError, ValueError) as error:
                reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
                print(
                    f"main.py: cannot save the screenshot to {_shown(str(args.screenshot))}: {reason}",
                    file=sys.stderr,
                )
                return 2
            return 0
        app.run(max_frames=args.quit_after_frames)
        if args.first_frame_time and app.stats.first_frame_wall is not None:
            print(f"{app.stats.first_frame_wall:.6f}")  # for bench/frames.py: when the first frame was shown
    except KeyboardInterrupt:
        pass
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
