"""The online platform: accounts, lobby, live tables over WebSocket, storage and replays.

Layout (see docs/architecture.md, "The server"): ``tables`` holds the table's rules of play without IO
(``tables.table``) and the live tables (``tables.hub`` and its collaborators: clock, takeover, undo, chat,
presence, bots); ``accounts`` holds passwords, sessions, bot tokens and ratings; ``transport`` frames
WebSocket messages and carries notices between processes; ``storage`` persists users, tables, seats, the
action record and events (and its migrations); ``api`` holds the HTTP routes; ``app.create_app(settings)``
wires them together from ``config.Settings``.
"""

from monsterlair.server.config import Settings

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> object:
    # create_app pulls FastAPI and SQLAlchemy; import it only when asked.
    if name == "create_app":
        from monsterlair.server.app import create_app

        return create_app
    raise AttributeError(name)
