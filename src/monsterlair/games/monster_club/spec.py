"""Monster Club: constants, options and the game's shape.

The numbers of the rules live here or in ``data/*.toml``; the rules code reads them from here.
Rule numbers (MC-x.y) refer to ``docs/rules/monster-club.md``.
"""

from __future__ import annotations

from monsterlair.core import Option, OptionSet
from monsterlair.core.spec import GameKind, GameSpec
from monsterlair.games.monster_club.decks import PRESETS, RANDOM

GAME_ID = "monster-club"
TITLE = "Monster Club"
ALIASES = ("club", "monster_club")
MIN_PLAYERS = 2
MAX_PLAYERS = 2
RULES_VERSION = 3
SUMMARY = (
    "Two players build stacks of monsters and power cards on three spaces and attack the stack opposite: "
    "the higher score wins, ties go rock-paper-scissors. Destroy enough monsters to win."
)

SPACES = 3
"""Spaces on each side of the board (MC-1.4)."""
HAND_TARGET = 5
"""Draw until you hold this many cards at the start of your turn (MC-2.1); also the reveal redraw (MC-6.2)."""
MAX_HAND = 25
"""The most cards a hand can ever hold: a whole deck (a hand only takes cards from its own deck and grave,
MC-10.1). The action layout numbers hand positions up to it, so no hand limit is needed (MC-2.5)."""
SUGGESTED_HAND_CAP = 10
"""The safety hand cap the rules document suggests (option ``hand_cap``, ours, off by default; MC-2.5)."""
TURN_ACTION_CAP = 200
"""Safety (ours): a turn that reaches this many decisions ends the game as capped (MC-11.6). No card pool
loop is known that reaches it; it exists so that every playout provably terminates."""
DEFAULT_DESTROYS = 5
DEFAULT_MAX_TURNS = 200
DEFAULT_STALL_TURNS = 0
"""MC-11.5 (ours) is off by default: neither the source nor the guide has it, so players switch it on."""
SUGGESTED_STALL_TURNS = 20
"""The value the rules document recommends for MC-11.5. Between greedy bots, games that went on to end by
destroys almost never went more than 13 turns without one, so 20 ends only stand-offs; and with at most nine
turns that destroy in a game of five to win, no game lasts beyond 189 turns (under the turn cap)."""

DECK_CHOICES_DOC = ", ".join(p.name for p in PRESETS.values())

OPTIONS = OptionSet(
    [
        Option(
            "deck0",
            RANDOM,
            f"Seat 1's 25 cards: a ready-made deck ({DECK_CHOICES_DOC}), a random one, or your own list "
            "of 25 cards separated by commas. Rules MC-1.1, MC-9.",
            label="Seat 1's deck",
            picker="deck",
        ),
        Option(
            "deck1",
            RANDOM,
            f"Seat 2's 25 cards: a ready-made deck ({DECK_CHOICES_DOC}), a random one, or your own list "
            "of 25 cards separated by commas. Rules MC-1.1, MC-9.",
            label="Seat 2's deck",
            picker="deck",
        ),
        Option(
            "destroys_to_win",
            DEFAULT_DESTROYS,
            "The first player to destroy this many of the other player's monsters wins. Rule MC-11.2.",
            minimum=1,
            maximum=20,
            label="Destroys to win",
        ),
        Option(
            "reveal_penalty",
            True,
            "When a player with no monster shows their hand, the other player may destroy one of the shown cards. "
            "Off: the hand only goes back into the deck and five new cards are drawn. Rule MC-6.2.",
            label="Destroy a card from a shown hand",
        ),
        Option(
            "stall_turns",
            DEFAULT_STALL_TURNS,
            "Our own rule, not the publisher's: the game ends after this many turns in a row without a destroy; "
            "more destroys wins, else a draw. 0 turns it off. Rule MC-11.5.",
            minimum=0,
            maximum=1000,
            label="End a stand-off (our rule)",
        ),
        Option(
            "first_player",
            -1,
            "Who takes the first turn: drawn at random, seat 1 or seat 2 (as the decks are named). Rule MC-1.3.",
            choices=(-1, 0, 1),
            choice_labels=("Drawn at random", "Seat 1", "Seat 2"),
            label="First turn",
        ),
        Option(
            "stuck_redraw",
            False,
            "A rule of ours, not the publisher's (off by default): a player who starts a turn unable to play any "
            "card of the hand shows it and redraws as in the one-monster rule. Rule MC-6.5.",
            label="Redraw a stuck hand (a rule of ours)",
        ),
        Option(
            "first_round_attacks",
            True,
            "Stacks may attack from the first round on, as the printed rules say. Off is a rule of ours: no "
            "attacks in the first round (the first two turns), so the second player cannot strike first. "
            "Rule MC-2.6.",
            label="Attacks in the first round (off: a rule of ours)",
        ),
        Option(
            "hand_cap",
            0,
            f"A safety limit of ours, not a rule of the game (off by default; {SUGGESTED_HAND_CAP} suggested): a "
            "hand holds at most this many cards, and a draw beyond it leaves the card in the deck. 0 = no limit, "
            "as the printed rules have none; otherwise 5 or more. Rule MC-2.5.",
            minimum=0,
            maximum=MAX_HAND,
            label="Hand limit, a safety limit of ours (0 = none)",
        ),
        Option(
            "max_turns",
            DEFAULT_MAX_TURNS,
            "A safety limit of ours, not a rule of the game: after this many turns the game ends and is marked "
            "as stopped at the limit; the player with more destroys wins, else a draw. It keeps every game "
            "finite (no real game comes near it). 0 = no limit. Rule MC-11.6.",
            minimum=0,
            maximum=1_000_000,
            label="Turn limit, a safety limit of ours (0 = none)",
        ),
    ]
)


KIND = GameKind(max_game_length=DEFAULT_MAX_TURNS * TURN_ACTION_CAP)
"""Shuffles and hidden hands; at most the default turn cap's turns, each of at most ``TURN_ACTION_CAP`` decisions."""
SPEC = GameSpec(GAME_ID, TITLE, MIN_PLAYERS, MAX_PLAYERS, RULES_VERSION, SUMMARY, OPTIONS, ALIASES, KIND)
