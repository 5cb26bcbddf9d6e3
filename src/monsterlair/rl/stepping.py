"""The RL environments' inner loop, compiled with mypyc (:mod:`monsterlair.compiled`): the bots' turns between two
decisions of the agent, a batch of the vector environment's moves, and a finished game's info (copied as plain JSON,
then batched).

Kept apart from :mod:`monsterlair.rl.gym` and :mod:`monsterlair.rl.vector` (Gymnasium's classes, which stay plain
Python) so that only these loops are compiled: with the card games' rules compiled, the Python around them was
most of an environment step.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import numpy as np

from monsterlair.bots.base import Bot
from monsterlair.bots.random_bot import RandomBot, uniform_choice
from monsterlair.core.perspective import Perspective
from monsterlair.core.rng import Rng
from monsterlair.core.state import State


def play_opponents(state: State, seat: int, bots_by_seat: Mapping[int, Bot], rng: Rng) -> None:
    """Bots play every seat but ``seat`` until it is that seat's turn or the game is over.

    Each bot's action is checked against the legal actions (a bot that returns an illegal one is a bug to
    hear about: ``state.apply`` raises ``IllegalAction``) and played with ``apply_quiet``, which leaves the
    state exactly as ``apply`` does without describing the move in events nobody reads here.

    The built-in ``random`` bot's choice is made here directly (its own :func:`uniform_choice` among the same
    legal actions, so the same game), without a ``Perspective`` or a membership
    check: most training runs and every throughput figure play against it.
    """
    while not state.over:
        to_move = state.to_move
        if to_move == seat or to_move is None:
            return
        bot = bots_by_seat[to_move]
        if type(bot) is RandomBot:
            legal = state.legal_actions()
            if legal:
                state.apply_quiet(uniform_choice(legal, rng))
                continue
        action = bot.choose(Perspective(state, to_move), rng)
        if action in state.legal_actions():
            state.apply_quiet(action)
        else:
            state.apply(action)  # raises IllegalAction (or plays a free-form action the game accepts)


def play_batch(
    states: list[State | None],
    indices: list[int],
    skip: list[bool],
    legal_of: list[dict[int, Any]],
    seats: list[int],
    bots: list[dict[int, Bot]],
    bot_rngs: list[Rng],
    own_index: bool,
    known: dict[Any, int],
    legal_by_index: Callable[[State], dict[int, Any]],
) -> tuple[list[int], list[int]]:
    """Play ``indices[i]`` in game ``i`` (but not where ``skip[i]``), then its bots' turns up to the agent's next
    decision, and note its legal actions by index in ``legal_of[i]`` (none once the game is over).

    The legal actions are keyed here (:func:`by_index`, with ``own_index`` and ``known`` as there), and through
    ``legal_by_index`` (``GameEncoding.legal_by_index``, which asks the game) only when an action is not known yet
    or two share an index (it raises then).

    Returns the games whose index was not legal (nothing played there) and the games that ended.
    """
    illegal: list[int] = []
    ended: list[int] = []
    for i in range(len(indices)):
        if skip[i]:
            continue
        state = states[i]
        assert state is not None
        chosen = legal_of[i].get(indices[i])
        if chosen is None:
            illegal.append(i)
            continue
        state.apply_quiet(chosen)  # the state apply_unchecked leaves, without building events
        play_opponents(state, seats[i], bots[i], bot_rngs[i])
        if state.result is None:
            keyed = by_index(state.legal_actions(), own_index, known)
            legal_of[i] = keyed if keyed is not None else legal_by_index(state)
        else:
            legal_of[i] = {}
            ended.append(i)
    return illegal, ended


def by_index(legal: Sequence[Any], own_index: bool, known: dict[Any, int]) -> dict[int, Any] | None:
    """The legal actions keyed by their index: each action's own ``index`` (``own_index``), else the index ``known``
    holds for it; ``None`` when ``known`` lacks one of them (the caller asks the game and fills ``known``) or two share
    an index (the caller names the fault)."""
    keyed: dict[int, Any] = {}
    if own_index:
        for action in legal:
            keyed[action.index] = action
    else:
        for action in legal:
            index = known.get(action, -1)
            if index < 0:
                return None
            keyed[index] = action
    return keyed if len(keyed) == len(legal) else None


NOT_PLAIN_JSON: Final = object()
"""What :func:`plain_json_copy` returns for data it leaves to the ``json`` module."""


def plain_json_copy(value: Any) -> Any:
    """A fresh copy of plain JSON data (``str``/``int``/``bool``/``None``/finite ``float``, lists, tuples as lists,
    dicts with ``str`` keys): what ``json.loads(json.dumps(value, allow_nan=False))`` gives, without the text; or
    :data:`NOT_PLAIN_JSON` for anything else (a non-``str`` key, a subclass, a NaN...), which the caller sends through
    ``json`` instead. (A sentinel, not an exception: a raise through compiled frames costs more than the copy.)"""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return value
    if kind is float:
        return value if value - value == 0.0 else NOT_PLAIN_JSON  # NaN or an infinity, which JSON refuses
    if kind is list or kind is tuple:
        items: list[Any] = []
        for v in value:
            copied = plain_json_copy(v)
            if copied is NOT_PLAIN_JSON:
                return NOT_PLAIN_JSON
            items.append(copied)
        return items
    if kind is dict:
        entries: dict[str, Any] = {}
        for k, v in value.items():
            if type(k) is not str:
                return NOT_PLAIN_JSON
            copied = plain_json_copy(v)
            if copied is NOT_PLAIN_JSON:
                return NOT_PLAIN_JSON
            entries[k] = copied
        return entries
    return NOT_PLAIN_JSON


def batch_info(infos: dict[str, Any], info: Mapping[str, Any], i: int, n: int) -> None:
    """Add sub-environment ``i``'s ``info`` to the batch's ``infos`` (``n`` sub-environments) in place, as Gymnasium's
    ``VectorEnv._add_info`` does: the same arrays, dtypes, ``_key`` masks and key order, without its fresh mask array
    per key and call."""
    for key, value in info.items():
        if isinstance(value, dict):
            nested = infos.get(key)
            if nested is None:
                nested = infos[key] = {}
            batch_info(nested, value, i, n)
        else:
            batch = infos.get(key)
            if batch is None:
                kind = type(value)
                if kind is int or kind is float or kind is bool or isinstance(value, np.number):
                    batch = np.zeros(n, dtype=kind)
                elif isinstance(value, np.ndarray):
                    batch = np.zeros((n, *value.shape), dtype=value.dtype)
                else:  # (an empty object array holds None everywhere, as Gymnasium's np.full(None) does)
                    batch = np.empty(n, dtype=object)
                infos[key] = batch
            batch[i] = value
        mask = infos.get("_" + key)
        if mask is None:
            mask = infos["_" + key] = np.zeros(n, dtype=np.bool_)
        mask[i] = True
