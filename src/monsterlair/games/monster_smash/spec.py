"""Monster Smash: constants, the deck read from ``data/deck.toml``, lookup tables and options.

Cards are small integers ("kinds"): ``kind = suit * NUM_VALUES + value_index``. Two cards of the same
suit and value are interchangeable, so the engine never tells them apart; this keeps hands as short
sorted lists of ints, makes positions in a hand canonical and makes determinization exact.

Each seat keeps its hand in *local* kinds, where its own suit is local suit 0 and the other suits follow
in the data file's order. A plain ``list.sort()`` then puts the seat's own suit first (rule MS-13.2), and
"is this card of my suit" is ``local_kind < NUM_VALUES``. ``TO_LOCAL[own][kind]`` and
``TO_GLOBAL[own][local]`` convert between the two. Everything here is built once, at import.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from monsterlair.core import Option, OptionSet
from monsterlair.core.data import read_data
from monsterlair.core.spec import GameKind, GameSpec

GAME_ID = "monster-smash"
TITLE = "Monster Smash"
ALIASES = ("smash", "monster_smash")
MIN_PLAYERS = 2
MAX_PLAYERS = 5
RULES_VERSION = 2
SUMMARY = (
    "Each player is a monster with a suit of its own. Draw, burn unwanted cards for fresh ones, and smash: attack "
    "other monsters with cards of your suit to steal theirs. Win with 6 cards of your own suit, 15 cards in hand, "
    "or as the last monster standing."
)


def _load_data() -> dict[str, Any]:
    return read_data("monsterlair.games.monster_smash", "deck.toml")


DATA = _load_data()
_RULES = DATA["rules"]

DEAL: int = int(_RULES["deal"])
DRAW_SMALL_HAND: int = int(_RULES["draw_small_hand"])
SMALL_HAND: int = int(_RULES["small_hand"])
DRAW_NORMAL: int = int(_RULES["draw_normal"])
MULLIGAN_DRAW: int = int(_RULES["mulligan_draw"])
WIN_SUIT: int = int(_RULES["win_suit"])
WIN_TOTAL: int = int(_RULES["win_total"])
STEAL_CAP: int = int(_RULES["steal_cap"])
DEFENCE_MAX: int = int(_RULES["defence_max"])
ATTACK_OFFSUIT_MAX: int = int(_RULES["attack_offsuit_max"])

MAX_HAND: int = WIN_TOTAL - 1
"""The most cards any hand holds at a decision (rule MS-13.5).

Only the seat whose turn it is ever gains cards (draws, burn draws, mulligan, steals), every gain is
followed at once by the win check, and a hand of ``WIN_TOTAL`` or more ends the game. So at every
decision each hand holds at most ``WIN_TOTAL - 1`` cards, and hand positions run 1..MAX_HAND.
"""

SUIT_IDS: tuple[str, ...] = tuple(str(s["id"]) for s in DATA["suits"])
SUIT_LEADERS: tuple[str, ...] = tuple(str(s["leader"]) for s in DATA["suits"])
SUIT_COLOURS: tuple[str, ...] = tuple(str(s["colour"]) for s in DATA["suits"])
NUM_SUITS = len(SUIT_IDS)
VALUES: tuple[int, ...] = tuple(sorted({int(v) for s in DATA["suits"] for v in s["values"]}))
NUM_VALUES = len(VALUES)
NUM_KINDS = NUM_SUITS * NUM_VALUES
SUIT_INDEX: dict[str, int] = {sid: i for i, sid in enumerate(SUIT_IDS)}

KIND_SUIT: tuple[int, ...] = tuple(k // NUM_VALUES for k in range(NUM_KINDS))
KIND_VALUE: tuple[int, ...] = tuple(VALUES[k % NUM_VALUES] for k in range(NUM_KINDS))
KIND_CODE: tuple[str, ...] = tuple(f"{SUIT_IDS[KIND_SUIT[k]]}-{KIND_VALUE[k]}" for k in range(NUM_KINDS))
"""The text of a card in views and events, e.g. ``ember-3`` (suit id, value)."""
CODE_KIND: dict[str, int] = {code: k for k, code in enumerate(KIND_CODE)}
KIND_NAME: tuple[str, ...] = tuple(
    str(DATA["suits"][KIND_SUIT[k]]["members"][str(KIND_VALUE[k])]) for k in range(NUM_KINDS)
)

SUIT_CARDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(i * NUM_VALUES + VALUES.index(int(v)) for v in s["values"])) for i, s in enumerate(DATA["suits"])
)
"""Every card of each suit, as kinds (a suit's cards in ascending value)."""
COPIES: tuple[int, ...] = tuple(SUIT_CARDS[KIND_SUIT[k]].count(k) for k in range(NUM_KINDS))
DECK_SIZE = sum(len(c) for c in SUIT_CARDS)


def _local_order(own: int) -> list[int]:
    return [own] + [s for s in range(NUM_SUITS) if s != own]


TO_LOCAL: tuple[tuple[int, ...], ...] = tuple(
    tuple(_local_order(own).index(KIND_SUIT[k]) * NUM_VALUES + k % NUM_VALUES for k in range(NUM_KINDS))
    for own in range(NUM_SUITS)
)
TO_GLOBAL: tuple[tuple[int, ...], ...] = tuple(
    tuple(_local_order(own)[lk // NUM_VALUES] * NUM_VALUES + lk % NUM_VALUES for lk in range(NUM_KINDS))
    for own in range(NUM_SUITS)
)
LOCAL_CODE: tuple[tuple[str, ...], ...] = tuple(tuple(KIND_CODE[g] for g in TO_GLOBAL[own]) for own in range(NUM_SUITS))
"""``LOCAL_CODE[own][local]``: the text of a local kind (``KIND_CODE[TO_GLOBAL[own][local]]`` in one lookup)."""
LOCAL_VALUE: tuple[int, ...] = tuple(VALUES[lk % NUM_VALUES] for lk in range(NUM_KINDS))
"""A local kind's value (the same in every seat's local numbering)."""


def _check_data() -> None:
    """Fail loudly at import if the data file cannot give a playable game."""
    if NUM_SUITS != 5:
        raise ValueError(f"deck.toml must list 5 suits (one per monster), not {NUM_SUITS}.")
    if len(set(SUIT_IDS)) != NUM_SUITS:
        raise ValueError("deck.toml suit ids must be unique.")
    for sid, cards in zip(SUIT_IDS, SUIT_CARDS, strict=True):
        if len(cards) < WIN_SUIT:
            raise ValueError(f"Suit {sid!r} has {len(cards)} cards; the {WIN_SUIT}-of-a-suit win needs at least that.")
    if min(VALUES) < 1:
        raise ValueError("Card values must be at least 1.")


_check_data()


class Phase(IntEnum):
    """The decision a Monster Smash state waits for."""

    FIRST = 0
    """A player's own first turn: ``mulligan`` or ``keep`` (rule MS-4.1)."""
    BURN = 1
    """The burn step: ``burn N`` picks, ``done`` burns them, ``pass`` burns nothing (rule MS-3.3)."""
    TARGET = 2
    """The attack step: ``attack S`` or ``pass`` (rule MS-3.4)."""
    ATTACK = 3
    """The attacker picks attack cards with ``play N`` and commits with ``done`` (rule MS-5.2)."""
    DEFEND = 4
    """The defender picks up to two cards with ``play N``, then ``done``; or ``pass`` (rule MS-6.1)."""
    OVER = 5
    """The game has ended."""


PHASE_NAMES: tuple[str, ...] = ("first_turn", "burn", "attack", "attack_cards", "defend", "over")
"""Each :class:`Phase` as views name it (``view["phase"]``)."""

DEFAULT_MAX_TURNS = 500
"""MS-12.1's safety limit (ours): greedy games end by the rules in about 40 turns (90 % within 60, 5 players);
without it 3 of 100 five-player greedy games never end, as nobody attacks once every card is held."""

OPTIONS = OptionSet(
    [
        Option(
            "attack_requires_offsuit",
            False,
            "Every attack must include exactly one card of another suit. Off (the usual rule): that card is "
            "optional. Rule MS-5.2.",
            label="Attacks need one card of another suit",
        ),
        Option(
            "eliminate_empty_attacker",
            False,
            "An attacker left with no cards once the attack is resolved (they played their last cards and stole "
            "none) is eliminated. Off by default: the printed rules eliminate a player who loses their last "
            "card, which an attack does to the defender. Rule MS-8.3.",
            label="Eliminate an attacker who plays their last card",
        ),
        Option(
            "eliminate_empty_burner",
            False,
            "A player left with no cards after their burn (once the burn draw is done) is eliminated. Off by "
            "default: burning is the player's own choice, and the printed rules let a player with 0 cards draw 3. "
            "Rule MS-8.4.",
            label="Eliminate a player who burns their last card",
        ),
        Option(
            "stalemate_draw",
            False,
            "A rule of ours, not the publisher's: when every player still in the game has had a turn in a row "
            "with nothing to draw and nothing burned or played, the game ends as a draw. Rule MS-12.2.",
            label="End a stalemate as a draw (a rule of ours)",
        ),
        Option(
            "max_turns",
            DEFAULT_MAX_TURNS,
            "A safety limit of ours, not a rule: after this many turns in all the game ends as a draw (marked as "
            "stopped at the limit). It keeps every game finite: players who never attack again can otherwise "
            "play for ever (no real game comes near it). 0 means no limit. Rule MS-12.1.",
            minimum=0,
            maximum=1_000_000,
            label="Turn limit, a safety limit of ours (0 = none)",
        ),
    ]
)


KIND = GameKind()
"""Shuffles and hidden hands; no bound in decisions (``max_turns`` bounds turns, each of a varying number)."""
SPEC = GameSpec(GAME_ID, TITLE, MIN_PLAYERS, MAX_PLAYERS, RULES_VERSION, SUMMARY, OPTIONS, ALIASES, KIND)
