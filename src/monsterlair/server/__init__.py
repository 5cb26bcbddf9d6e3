"""The online platform: accounts, lobby, live tables over WebSocket, storage and replays.

Layout (see docs/architecture.md): ``master`` holds the authoritative table logic without any IO;
``hub`` runs live tables (locks, persistence, fan-out, bots); ``storage`` persists users, tables,
seats, the action record and events; ``transport/ws`` frames WebSocket messages; ``api`` holds the
HTTP routes; ``app.create_app(settings)`` wires them together.
"""

from monsterlair.server.config import Settings

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> object:
    # create_app pulls FastAPI and SQLAlchemy; import it only when asked.
    if name == "create_app":
        from monsterlair.server.app import create_app

        return create_app
    raise AttributeError(name)
