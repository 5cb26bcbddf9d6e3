"""Per-seat views of a Monster Smash state and their fixed-length numeric encoding (rule MS-11).

A view whitelists what a seat may know: its own hand (in hand-position order), every hand's size, the
monsters, the removed suit, the deck size, the whole discard pile, and the cards picked so far in a burn,
attack or defence (they are laid face up as they are picked). The spectator (``seat=None``) gets the same
without any hand. Nothing else of the state is read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from monsterlair.core.options import OptionValue
from monsterlair.games.monster_smash.spec import (
    CODE_KIND,
    COPIES,
    DECK_SIZE,
    GAME_ID,
    KIND_CODE,
    KIND_VALUE,
    MAX_HAND,
    MAX_PLAYERS,
    NUM_KINDS,
    NUM_SUITS,
    PHASE_NAMES,
    SUIT_IDS,
    SUIT_INDEX,
    WIN_SUIT,
    Phase,
)
from monsterlair.games.monster_smash.state import SmashState

_BURN, _ATTACK, _DEFEND = int(Phase.BURN), int(Phase.ATTACK), int(Phase.DEFEND)


def build_view(state: SmashState, seat: object) -> dict[str, Any]:
    """The JSON-ready view of ``state`` for ``seat`` (``None``: a spectator).

    Raises:
        ValueError: if ``seat`` is not a seat of this game.
    """
    players = state.players
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
        raise ValueError(f"Seats run from 0 to {players - 1}; there is no seat {seat!r}.")
    cfg = state.cfg
    res = state.res
    phase = state.phase
    hands = state.hands
    alive = state.alive
    to_global = cfg.to_global
    attack: dict[str, Any] | None = None
    defence: dict[str, Any] | None = None
    burning: list[str] = []
    if phase == _BURN:
        burning = [KIND_CODE[to_global[state.seat][k]] for k in state.picks]
    elif phase == _ATTACK:  # attack cards being picked
        cards = [to_global[state.seat][k] for k in state.picks]
        attack = {
            "attacker": state.seat,
            "defender": state.target,
            "cards": [KIND_CODE[g] for g in cards],
            "total": sum(KIND_VALUE[g] for g in cards),
            "committed": False,
        }
    elif phase == _DEFEND:  # defence being picked
        attack = {
            "attacker": state.seat,
            "defender": state.target,
            "cards": [KIND_CODE[g] for g in state.atk],
            "total": sum(KIND_VALUE[g] for g in state.atk),
            "committed": True,
        }
        dcards = [to_global[state.target][k] for k in state.picks]
        defence = {"cards": [KIND_CODE[g] for g in dcards], "total": sum(KIND_VALUE[g] for g in dcards)}
    view: dict[str, Any] = {
        "game": GAME_ID,
        "seat": seat,
        "players": players,
        "to_move": state.to_move,
        "over": res is not None,
        "result": None if res is None else res.to_json(),
        "phase": PHASE_NAMES[phase],
        "turn_seat": state.seat,
        "turns_played": state.turns,
        "quiet_turns": state.idle,
        "first_turn": res is None and not state.first_done >> state.seat & 1,
        "options": dict(state.options),
        "monsters": [SUIT_IDS[s] for s in cfg.suits],
        "removed_suit": SUIT_IDS[cfg.removed] if cfg.removed >= 0 else None,
        "hand_sizes": [len(h) for h in hands],
        "eliminated": [not alive >> s & 1 for s in range(players)],
        "played_first_turn": [bool(state.first_done >> s & 1) for s in range(players)],
        "deck_size": len(state.deck),
        "discard": [KIND_CODE[g] for g in state.discard],
        "burning": burning,
        "attack": attack,
        "defence": defence,
        "hand": None,
        "own_suit_count": None,
    }
    if seat is not None:
        view["hand"] = state.hand_codes(seat)
        view["own_suit_count"] = state.own_suit_count(seat)
    return view


# --- numeric encoding (RL) --------------------------------------------------------------------------
_SEAT_FEATURES = 4 + NUM_SUITS + 3
OBSERVATION_SIZE = (
    NUM_KINDS  # own hand, count per card kind
    + NUM_SUITS  # own monster
    + MAX_PLAYERS * _SEAT_FEATURES  # every seat, starting with the viewer and going clockwise
    + NUM_SUITS  # removed suit
    + NUM_KINDS  # discard pile, count per kind
    + 2  # deck size, discard size
    + len(PHASE_NAMES)
    + 3 * NUM_KINDS  # cards being burned, attack cards, defence cards
    + 2  # attack total, defence total
    + 3  # first turn, own-suit progress, turns played
    + 2  # options: attack_requires_offsuit, eliminate_on_any_empty_hand
)
"""Layout, in order: own hand by kind (20); own monster one-hot (5); for seats at relative positions
0..4 (0 = the viewer, then clockwise; absent seats are zeros): present, living, hand size / 14,
played its first turn, monster one-hot (5), to move, whose turn, defender (12 each); removed suit (5);
discard by kind (20); deck size / 60, discard size / 60; phase one-hot (6); burning, attack and defence
cards by kind (3 x 20); attack total / 20, defence total / 8; first turn, own-suit count / 6, turns / 200;
the two rule options. Kind counts are divided by the number of copies of that kind in the deck."""


def observation_bounds() -> tuple[list[float], list[float]]:
    """The bounds of every feature of :func:`encode_view`: each lies in [0, 1] (counts are divided by the copies of
    their kind in the deck, sizes by their most, totals and turns capped at 1)."""
    return [0.0] * OBSERVATION_SIZE, [1.0] * OBSERVATION_SIZE


def encode_view(view: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]) -> list[float]:
    """A fixed-length encoding of ``view`` (``OBSERVATION_SIZE`` floats, each in [0, 1]).

    It reads only the view, so it holds nothing the seat may not know.
    """
    out: list[float] = []
    seat = view["seat"]
    me = 0 if seat is None else int(seat)

    def kinds(codes: Any) -> list[float]:
        counts = [0.0] * NUM_KINDS
        for c in codes or ():
            k = CODE_KIND[c]
            counts[k] += 1.0 / COPIES[k]
        return counts

    def suit_hot(sid: str | None) -> list[float]:
        row = [0.0] * NUM_SUITS
        if sid is not None:
            row[SUIT_INDEX[sid]] = 1.0
        return row

    out += kinds(view["hand"])
    out += suit_hot(view["monsters"][me] if seat is not None else None)
    attack = view["attack"]
    defender = attack["defender"] if attack else None
    n = int(view["players"])
    for r in range(MAX_PLAYERS):
        if r >= n:
            out += [0.0] * _SEAT_FEATURES
            continue
        s = (me + r) % n
        out += [
            1.0,
            0.0 if view["eliminated"][s] else 1.0,
            min(1.0, view["hand_sizes"][s] / MAX_HAND),
            1.0 if view["played_first_turn"][s] else 0.0,
        ]
        out += suit_hot(view["monsters"][s])
        out += [
            1.0 if view["to_move"] == s else 0.0,
            1.0 if view["turn_seat"] == s else 0.0,
            1.0 if defender == s else 0.0,
        ]
    out += suit_hot(view["removed_suit"])
    out += kinds(view["discard"])
    out += [view["deck_size"] / DECK_SIZE, len(view["discard"]) / DECK_SIZE]
    phase = [0.0] * len(PHASE_NAMES)
    phase[PHASE_NAMES.index(view["phase"])] = 1.0
    out += phase
    defence = view["defence"]
    out += kinds(view["burning"])
    out += kinds(attack["cards"] if attack else ())
    out += kinds(defence["cards"] if defence else ())
    out += [
        min(1.0, (attack["total"] if attack else 0) / 20.0),
        min(1.0, (defence["total"] if defence else 0) / (2.0 * max(KIND_VALUE))),
    ]
    own = view["own_suit_count"]
    out += [
        1.0 if view["first_turn"] else 0.0,
        0.0 if own is None else min(1.0, own / WIN_SUIT),
        min(1.0, view["turns_played"] / 200.0),
    ]
    out += [
        1.0 if options.get("attack_requires_offsuit") else 0.0,
        1.0 if options.get("eliminate_on_any_empty_hand") else 0.0,
    ]
    return out
