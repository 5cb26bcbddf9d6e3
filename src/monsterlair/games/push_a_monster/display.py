"""Push a Monster's display data for the browser: every whole degree's direction in the words module's words,
so the board names a direction (while a player drags an aim, too) by looking it up, never by a rule of its own.

The server finds this module by its name (``server/tables/display.py``) and sends its data once with the game.
"""

from __future__ import annotations

from typing import Any

from monsterlair.games.push_a_monster.words import compass, direction


def display_data() -> dict[str, Any]:
    """The board's data (JSON-ready): for each whole degree from 0 to 359 (counter-clockwise from east, rules
    PM-1), ``directions``, its number with its compass word ("90° (north)", ``words.direction``), and
    ``compass``, the word alone ("north", ``words.compass``)."""
    degrees = range(360)
    return {"directions": [direction(d) for d in degrees], "compass": [compass(d) for d in degrees]}
