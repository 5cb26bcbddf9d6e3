"""MONSTRA's display data for the browser: what its views refer to by id (names, colours, texts, and the
rule numbers the board shows), read from the game's data, never copied into the client.

The server finds this module by its name (``server/tables/display.py``): any game package may have one.
"""

from __future__ import annotations

from typing import Any

from monsterlair.games.monstra import spec, text
from monsterlair.games.monstra.words import cost_words


def display_data() -> dict[str, Any]:
    """The board's data (JSON-ready)."""

    # each card's cost and whom it is played on, as the terminal says them ("2 EN, on an enemy"; "1 EN")
    def cost(c: spec.Creature | spec.Tactic) -> str:
        return cost_words(c.cost, spec.TARGET_RULES[c.target])

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
                "cost_text": cost(c),
                "text": text.effect_text(c.effects),
            }
            for c in spec.CREATURES
        },
        "tactics": {
            t.id: {
                "name": t.name,
                "cost": t.cost,
                "cost_text": cost(t),
                "text": text.effect_text(t.effects, tactic=True),
            }
            for t in spec.TACTICS
        },
        "behaviours": {
            f"{b.version}:{b.id}": {"name": b.name, "text": text.effect_text(b.effects, guardian=True)}
            for b in spec.BEHAVIOURS
        },
        "guardians": {g.id: {"name": g.name, "hp": g.hp, "spd": g.spd} for g in spec.GUARDIANS.values()},
        # The deck picker of the new-table form: the ready-made decks and what a custom deck must hold.
        "decks": [
            {
                "id": d.name,
                "name": spec.PRESET_NAMES[d.name],
                "about": spec.PRESET_ABOUT.get(d.name, ""),
                "creatures": [spec.CREATURES[i].id for i in d.creatures],
                "tactics": [spec.TACTICS[i].id for i in d.tactics],
            }
            for d in spec.PRESETS.values()
        ],
        "deck_rules": {"creatures": spec.DECK_CREATURES, "tactics": spec.DECK_TACTICS, "premiums": spec.MAX_PREMIUM},
    }
