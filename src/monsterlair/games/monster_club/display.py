"""Monster Club's display data for the browser: what its views refer to by id (names, colours, texts, and the
rule numbers the board shows), read from the game's data, never copied into the client.

The server finds this module by its name (``server/tables/display.py``): any game package may have one.
"""

from __future__ import annotations

from typing import Any

from monsterlair.games.monster_club import cards, decks, words


def display_data() -> dict[str, Any]:
    """The board's data (JSON-ready)."""
    return {
        "cards": {c.id: c.to_json() for c in cards.CARDS},
        # The deck picker of the new-table form: the ready-made decks and what a custom deck must hold.
        "decks": [
            {"id": p.id, "name": p.name, "about": p.theme, "cards": [cards.CARDS[i].id for i in p.cards]}
            for p in decks.PRESETS.values()
        ],
        "deck_rules": {"size": decks.DECK_SIZE, "monsters": decks.MIN_MONSTERS},
        # Why a stack cannot attack (a stack's ``attack_block`` in the view), as the terminal words it too.
        "attack_block": {code: words.attack_block_text(code) for code in words.ATTACK_BLOCK_WORDS},
    }
