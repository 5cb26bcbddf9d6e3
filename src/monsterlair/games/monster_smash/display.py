"""Monster Smash's display data for the browser: what its views refer to by id (names, colours, texts, and the
rule numbers the board shows), read from the game's data, never copied into the client.

The server finds this module by its name (``server/tables/display.py``): any game package may have one.
"""

from __future__ import annotations

from typing import Any

from monsterlair.games.monster_smash import spec


def display_data() -> dict[str, Any]:
    """The board's data (JSON-ready)."""
    data = spec.DATA
    return {
        "suits": [
            {
                "id": str(s["id"]),
                "leader": str(s["leader"]),
                "colour": str(s["colour"]),
                "members": {str(k): str(v) for k, v in s["members"].items()},
            }
            for s in data["suits"]
        ],
        "rules": {k: v for k, v in data["rules"].items() if isinstance(v, int | float | str | bool)},
    }
