"""A bot worker process: it answers bot decisions sent over a pipe until the server goes away.

Importing this module loads every game and bot plug-in (so a worker forked from a fork server that imported it starts
with the games ready, and its first decision costs no imports).
"""

from __future__ import annotations

import contextlib
import signal
from multiprocessing.connection import Connection
from typing import Any

from monsterlair import bots, games
from monsterlair.core import MonsterLairError
from monsterlair.server.tables import bots as table_bots  # noqa: F401  (preloaded: what a job runs)
from monsterlair.server.tables import hints  # noqa: F401

for _game_id in games.ids():
    with contextlib.suppress(ImportError, MonsterLairError):  # a game that fails to load is not offered anyway
        games.get(_game_id)
bots.load_plugins()  # bot plug-ins too (one that fails is recorded, never raised)


def worker_main(conn: Connection) -> None:
    """Answer each job ``(fn, args)`` (a bot decision: ``choose_text`` with its maker, spec, state, seat and seed; or a
    hint) with ``("ok", fn(*args))`` or ``("error", why)``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C reaches the whole group; the server stops its workers
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):  # the server went away
            return
        try:
            fn, args = job
            reply: tuple[str, Any] = ("ok", fn(*args))
        except Exception as exc:
            reply = ("error", f"{type(exc).__name__}: {exc}")
        try:
            conn.send(reply)
        except (EOFError, OSError):
            return
