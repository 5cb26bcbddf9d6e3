"""``monsterlair engine``: the JSON-lines engine protocol on stdin/stdout."""

from __future__ import annotations

import typer


def engine() -> None:
    """Speak the engine protocol (one JSON request per line on stdin, one response per line on stdout)."""
    import os
    import sys

    from monsterlair.protocol import serve

    try:
        status = serve(sys.stdin.buffer, sys.stdout.buffer)
    except BrokenPipeError:
        # The client went away: nothing is left to answer. Point stdout at /dev/null so the
        # interpreter's final flush does not complain about the closed pipe either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 0
    except KeyboardInterrupt:
        status = 130
    raise typer.Exit(status)


def register(app: typer.Typer) -> None:
    """Add ``engine`` to the app."""
    app.command("engine")(engine)
