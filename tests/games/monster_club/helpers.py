"""Scenario builders for Monster Club tests: a position written as card ids, so a test reads like a rule.

A stack is written ``"crag-troll + stone-skin + ~iron-fist"``: the monster first, then power cards bottom to
top; ``~`` marks a face-down card, ``*`` a card owned by the other seat (taken from its grave). Decks list
card ids bottom to top (the last one is drawn first).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from monsterlair.core import Event
from monsterlair.games.monster_club import GAME, turns
from monsterlair.games.monster_club.board import CODE_ID, Stack, code_of
from monsterlair.games.monster_club.cards import BY_ID
from monsterlair.games.monster_club.state import ClubState
from monsterlair.games.monster_club.turns import P_PLAY
from tests.games.playing import play as play
from tests.games.playing import texts as texts

DEFAULT_DECK = ["stone-skin", "pebble-imp", "paper-armor", "snip-sprite", "sharp-edge", "papier-mache-mummy"]


def code(card_id: str, owner: int) -> int:
    """The code of a card from ``owner``'s deck."""
    return code_of(BY_ID[card_id].index, owner)


def ids(codes: Sequence[int]) -> list[str]:
    """Card ids of codes."""
    return [CODE_ID[c] for c in codes]


def parse_stack(spec: str, side: int) -> Stack:
    """A stack from its text (see the module docstring)."""
    parts = [p.strip() for p in spec.split("+")]

    def one(token: str) -> tuple[int, bool]:
        down = token.startswith("~")
        token = token.lstrip("~")
        owner = side
        if token.startswith("*"):
            owner = 1 - side
            token = token[1:]
        return code(token, owner), not down

    m, mup = one(parts[0])
    st = Stack(m, mup)
    for token in parts[1:]:
        c, up = one(token)
        st.p.append(c)
        st.pup.append(up)
        st.pknown.append(up)
    return st


def scenario(
    *,
    active: int = 0,
    hands: tuple[Sequence[str], Sequence[str]] = ((), ()),
    boards: tuple[Sequence[str | None], Sequence[str | None]] = ((None, None, None), (None, None, None)),
    decks: tuple[Sequence[str], Sequence[str]] | None = None,
    graves: tuple[Sequence[str], Sequence[str]] = ((), ()),
    destroys: tuple[int, int] = (0, 0),
    turn: int = 5,
    options: dict[str, Any] | None = None,
    check: bool = False,
) -> ClubState:
    """A position in ``active``'s play phase, built from card ids (the rest of the game as a fresh one).

    ``check`` runs the one-monster check of MC-6 as the start of a turn would.
    """
    opts = {"first_player": 0, **(options or {})}
    state = GAME.new(2, seed=11, options=opts)
    assert isinstance(state, ClubState)
    state.hands = [sorted(code(c, s) for c in hands[s]) for s in (0, 1)]
    deck_ids = decks if decks is not None else (DEFAULT_DECK, DEFAULT_DECK)
    state.decks = [[code(c, s) for c in deck_ids[s]] for s in (0, 1)]
    state.graves = [[code(c, s) for c in graves[s]] for s in (0, 1)]
    state.board = [[parse_stack(b, s) if b else None for b in boards[s]] for s in (0, 1)]
    state.destroys = list(destroys)
    state.active = active
    state._to_move = active
    state.phase = P_PLAY
    state.turn = turn
    state.turn_destroys = sum(destroys)
    state.queue = []
    state.choice = None
    state._legal = None
    if check:
        turns.check_one_monster(state, active, [])
    return state


def types(events: Sequence[Event]) -> list[str]:
    """The event types, in order."""
    return [e.type for e in events]


def board_ids(state: ClubState, side: int) -> list[list[str] | None]:
    """Each space of a side as the card ids of its stack (monster first), or None."""
    return [ids(st.cards()) if st is not None else None for st in state.board[side]]


def at(state: ClubState, card_id: str, seat: int | None = None) -> int:
    """The 1-based hand position of a card in a seat's hand (the active seat's by default)."""
    hand = ids(state.hands[state.active if seat is None else seat])
    return hand.index(card_id) + 1
