"""Display data for a game's table renderer in the browser (names and colours the views refer to by id).

Views speak in ids (``"ember-3"``, ``"ember"``); the web client draws names and colours. Those live in
each game's data files, so they are read from there rather than copied into the client. A game with
nothing to add gets ``{}`` and the client's generic renderer.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from monsterlair.core import Game


def _monster_smash() -> dict[str, Any]:
    spec = importlib.import_module("monsterlair.games.monster_smash.spec")
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


def _monstra() -> dict[str, Any]:
    spec = importlib.import_module("monsterlair.games.monstra.spec")
    text = importlib.import_module("monsterlair.games.monstra.text")
    targets = spec.TARGET_RULES
    return {
        "creatures": {
            c.id: {
                "name": c.name,
                "sign": c.sign,
                "evo": c.evo,
                "spd": c.spd,
                "hp": c.hp,
                "strike": c.strike,
                "premium": c.premium,
                "move": c.move,
                "cost": c.cost,
                "target": targets[c.target],
                "text": text.effect_text(c.effects),
            }
            for c in spec.CREATURES
        },
        "tactics": {
            t.id: {"name": t.name, "cost": t.cost, "target": targets[t.target], "text": text.effect_text(t.effects)}
            for t in spec.TACTICS
        },
        "behaviours": {
            f"{b.version}:{b.id}": {"name": b.name, "text": text.effect_text(b.effects)} for b in spec.BEHAVIOURS
        },
        "guardians": {g.id: {"name": g.name, "hp": g.hp, "spd": g.spd} for g in spec.GUARDIANS.values()},
    }


def _monster_club() -> dict[str, Any]:
    cards = importlib.import_module("monsterlair.games.monster_club.cards")
    return {"cards": {c.id: c.to_json() for c in cards.CARDS}}


_LOADERS: dict[str, Callable[[], dict[str, Any]]] = {
    "monster-smash": _monster_smash,
    "monstra": _monstra,
    "monster-club": _monster_club,
}


def display_data(game: Game) -> dict[str, Any]:
    """The renderer data of ``game`` (``{}`` when it has none or it cannot be read)."""
    loader = _LOADERS.get(game.id)
    if loader is None:
        return {}
    try:
        return loader()
    except (ImportError, AttributeError, KeyError, TypeError):
        return {}
