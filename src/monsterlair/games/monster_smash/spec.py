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

import tomllib
from importlib import resources
from typing import Any

from monsterlair.core import Option, OptionSet
from monsterlair.core.spec import GameSpec

GAME_ID = "monster-smash"
TITLE = "Monster Smash"
ALIASES = ("smash", "monster_smash")
MIN_PLAYERS = 2
MAX_PLAYERS = 5
RULES_VERSION = 1
SUMMARY = (
    "Draw, burn and smash: attack other monsters with cards of your own suit to steal their cards. "
    "Win with 6 cards of your own suit, 15 cards in hand, or as the last monster standing."
)


def _load_data() -> dict[str, Any]:
    text = resources.files("monsterlair.games.monster_smash").joinpath("data/deck.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


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

OPTIONS = OptionSet(
    [
        Option(
            "attack_requires_offsuit",
            False,
            "An attack must include exactly one card of another suit (the review's reading); by default that "
            "card is optional (the rules source's reading). Rule MS-5.2.",
            label="Attack needs an off-suit card",
        ),
        Option(
            "eliminate_on_any_empty_hand",
            False,
            "Any player left with no cards after a burn or an attack is eliminated; by default only a defender "
            "left empty by an attack is. Rule MS-8.3.",
            label="Eliminate on any empty hand",
        ),
        Option(
            "max_turns",
            0,
            "Safety cap for simulations: after this many turns the game ends as a draw (Result.capped). "
            "0 means no cap. Rule MS-12.1.",
            minimum=0,
            maximum=1_000_000,
            label="Turn cap (0 = none)",
        ),
    ]
)


# max_game_length: No bound without ``max_turns`` (rules can loop when nobody attacks and the deck is dry).
SPEC = GameSpec(
    id=GAME_ID,
    title=TITLE,
    aliases=ALIASES,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    has_chance=True,
    hidden_info=True,
    max_game_length=None,
    rules_version=RULES_VERSION,
    defaults=OPTIONS.defaults(),
)
