"""Monster Club: constants, options and the game's shape.

The numbers of the rules live here or in ``data/*.toml``; the rules code reads them from here.
Rule numbers (MC-x.y) refer to ``docs/rules/monster-club.md``.
"""

from __future__ import annotations

from monsterlair.core import Option, OptionSet
from monsterlair.core.spec import GameSpec
from monsterlair.games.monster_club.decks import PRESETS, RANDOM

GAME_ID = "monster-club"
TITLE = "Monster Club"
ALIASES = ("club", "monster_club")
MIN_PLAYERS = 2
MAX_PLAYERS = 2
RULES_VERSION = 2
SUMMARY = (
    "Two players build stacks of monsters and power cards on three spaces and attack the stack opposite: "
    "the higher score wins, ties go rock-paper-scissors. Destroy enough monsters to win."
)

SPACES = 3
"""Spaces on each side of the board (MC-1.4)."""
HAND_TARGET = 5
"""Draw until you hold this many cards at the start of your turn (MC-2.1); also the reveal redraw (MC-6.2)."""
MAX_HAND = 10
"""The most cards a hand can hold (MC-2.5): a draw that would go beyond it leaves the card in the deck."""
TURN_ACTION_CAP = 200
"""Safety: a turn that reaches this many decisions ends the game as capped (MC-11.6). No card pool loop
is known that reaches it; it exists so that every playout provably terminates."""
DEFAULT_DESTROYS = 5
DEFAULT_MAX_TURNS = 200
DEFAULT_STALL_TURNS = 0
"""MC-11.5 (ours) is off by default: neither the source nor the guide has it, so players switch it on."""
SUGGESTED_STALL_TURNS = 20
"""The value the rules document recommends for MC-11.5. Between greedy bots, games that went on to end by
destroys almost never went more than 13 turns without one, so 20 ends only stand-offs; and with at most nine
turns that destroy in a game of five to win, no game lasts beyond 189 turns (under the turn cap)."""

DECK_CHOICES_DOC = ", ".join([RANDOM, *PRESETS])

OPTIONS = OptionSet(
    [
        Option(
            "deck0",
            RANDOM,
            f"Seat 0's deck: a preset ({DECK_CHOICES_DOC}) or a list of 25 card names separated by commas. "
            "Rules MC-1.1, MC-9.",
            label="Deck of seat 0",
        ),
        Option(
            "deck1",
            RANDOM,
            f"Seat 1's deck: a preset ({DECK_CHOICES_DOC}) or a list of 25 card names separated by commas. "
            "Rules MC-1.1, MC-9.",
            label="Deck of seat 1",
        ),
        Option(
            "destroys_to_win",
            DEFAULT_DESTROYS,
            "The players agree on this many destroys to win (the publisher's 'X amount of destroys'). Rule MC-11.2.",
            minimum=1,
            maximum=20,
            label="Destroys to win",
        ),
        Option(
            "reveal_penalty",
            True,
            "When a player shows a hand without monsters, the opponent may destroy one of the shown cards (the "
            "rules source); off follows the publisher's guide, which only returns and redraws. Rule MC-6.2.",
            label="Reveal penalty",
        ),
        Option(
            "stall_turns",
            DEFAULT_STALL_TURNS,
            "Anti-stalling rule designed for this project (not the publisher's): the game ends after this many "
            "turns in a row without a destroy; more destroys wins, else a draw. 0 = off. Rule MC-11.5.",
            minimum=0,
            maximum=1000,
            label="Stall limit (ours, 0 = off)",
        ),
        Option(
            "first_player",
            -1,
            "The seat that takes the first turn; -1 draws it at random. Rule MC-1.3.",
            minimum=-1,
            maximum=1,
            label="First player (-1 = random)",
        ),
        Option(
            "stuck_redraw",
            True,
            "Designed for this project: a player who starts a turn unable to play any card of the hand shows it "
            "and redraws as in the one-monster rule. Rule MC-6.5.",
            label="Redraw a stuck hand (ours)",
        ),
        Option(
            "first_round_attacks",
            False,
            "Allow attacks in the first round (the second player's first turn); off by default. Rule MC-2.6.",
            label="Attacks in the first round",
        ),
        Option(
            "max_turns",
            DEFAULT_MAX_TURNS,
            "Safety cap for simulations: the game ends after this many turns (Result.capped); the player with "
            "more destroys wins, else a draw. 0 = no cap. Rule MC-11.6.",
            minimum=0,
            maximum=1_000_000,
            label="Turn cap (0 = none)",
        ),
    ]
)


# max_game_length: Decisions, with the default turn cap (every turn is bounded by ``TURN_ACTION_CAP``).
SPEC = GameSpec(
    id=GAME_ID,
    title=TITLE,
    aliases=ALIASES,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    has_chance=True,
    hidden_info=True,
    max_game_length=DEFAULT_MAX_TURNS * TURN_ACTION_CAP,
    rules_version=RULES_VERSION,
    defaults=OPTIONS.defaults(),
)
