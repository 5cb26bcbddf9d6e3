"""What both RL environments share: spaces, observation encoding, masks and rewards, read through the contract.

Everything here goes through the game contract only (``view`` → ``encode_view``, ``legal_actions`` →
``action_index``, ``Result``), so every registered game gets environments without game-specific code.
(The vector environment may use the contract's fast paths instead, ``Game.observation_writer`` or
``Game.encode_state_sparse``, which must give exactly ``encode_view``'s numbers.)
An observation is built from ``state.view(seat)`` and nothing else, which is what keeps hidden
information out of it: whatever the view redacts, the observation cannot hold.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from monsterlair import games
from monsterlair.core import Action, BadOptions, Game, IllegalAction, Result, State
from monsterlair.core.observation import flat_floats
from monsterlair.core.options import OptionValue
from monsterlair.rl.stepping import NOT_PLAIN_JSON, by_index, plain_json_copy

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


def outcome_reward(result: Result, seat: int) -> float:
    """The reward a seat gets when the game ends: the contract's payoff rescaled to [-1, 1], ``2 * payoff - 1``.

    So a sole win is +1, a loss -1 and a draw 0; a win shared by k seats in a free-for-all is
    ``2/k - 1`` (two tied winners: 0, as if they had drawn with each other); partners who win a team
    or cooperative game together each get +1, and a lost cooperative game gives everyone -1 (the game
    says so through ``Result.payoffs``). Going through ``Result.payoff`` keeps one definition of who
    did how well for bots, statistics and RL alike.
    """
    return 2.0 * result.payoff(seat) - 1.0


def default_players(game: Game) -> int:
    """Two players when the game allows it, otherwise its nearest allowed count."""
    return max(game.min_players, min(2, game.max_players))


def result_info(result: Result, seat: int) -> dict[str, Any]:
    """JSON-only facts about a finished game for ``info`` (fresh objects on every call).

    Raises:
        ValueError: if the result holds a NaN or an infinity (JSON has none).
    """
    data = result.to_json()
    out = plain_json_copy(data)  # (compiled: rl/stepping.py)
    if out is NOT_PLAIN_JSON:
        out = json.loads(json.dumps(data, allow_nan=False))
    return {"result": out, "payoff": result.payoff(seat)}


def _actions_carry_index(game: Game) -> bool:
    """Whether the actions of the game's fixed set carry their own stable index as ``.index`` (as the card
    games' interned actions do), so the legal actions' indices can be read instead of looked up by hash.

    True only when the game keeps the default, player- and option-independent ``action_index`` (its
    ``action_space``'s) and every action of the set has ``index`` equal to its position. (Legal actions are
    always of the fixed set: the contract gives each one an index.)
    """
    space = game.action_space
    if space is None or type(game).action_index is not Game.action_index:
        return False
    return all(getattr(a, "index", None) == i for i, a in enumerate(space.actions))


class GameEncoding:
    """One game at one player count and option set, seen as fixed-size arrays.

    Holds the resolved options, the two spaces' sizes, and a cache from action to index, ``known_indices`` (actions
    are hashable values and their index depends only on the action, the player count and the options);
    ``own_index`` says the game's actions carry their index themselves (``action.index``), so none is looked up.
    """

    __slots__ = (
        "game",
        "players",
        "options",
        "num_actions",
        "observation_size",
        "known_indices",
        "own_index",
        "_row",
        "_writer",
    )

    def __init__(self, game_id: str, players: int | None, options: Mapping[str, Any]) -> None:
        """Resolve the game and check the set-up by building one state.

        Raises:
            UnknownGame: if no game has that id.
            BadOptions: if the player count or an option is not accepted.
        """
        self.game: Game = games.get(game_id)
        self.players = default_players(self.game) if players is None else players
        self.options: dict[str, OptionValue] = self.game.options.resolve(options)
        self.game.new(self.players, 0, self.options)  # checks the player count and option combination now
        self.num_actions = int(self.game.num_actions(self.players, self.options))
        self.observation_size = int(self.game.observation_size(self.players, self.options))
        if self.num_actions < 1 or self.observation_size < 1:
            raise BadOptions(
                f"{self.game.title} reports {self.num_actions} actions and observations of length "
                f"{self.observation_size}; RL environments need at least one of each."
            )
        self.known_indices: dict[Action, int] = {}
        self.own_index = _actions_carry_index(self.game)
        # The game's observation writer, if it has one, with one row of its own (``observe``).
        self._row: Observation = np.zeros((1, self.observation_size), dtype=np.float32)
        self._writer = self.game.observation_writer(self.players, self.options, flat_floats(self._row), 1)

    # --- spaces ---------------------------------------------------------------------------------
    def observation_box(self) -> spaces.Box:
        """The space of encoded views, with each feature's bounds as the game declares them
        (``Game.observation_bounds``; unbounded only for a game that declares none).

        Raises:
            ValueError: if the game's bounds do not have one low and one high per feature, low <= high.
        """
        low, high = self.game.observation_bounds(self.players, self.options)
        lo, hi = np.asarray(low, dtype=np.float32), np.asarray(high, dtype=np.float32)
        if lo.shape != (self.observation_size,) or hi.shape != lo.shape or not (lo <= hi).all():
            raise ValueError(
                f"{self.game.title}'s observation_bounds do not give {self.observation_size} features with low <= high."
            )
        return spaces.Box(low=lo, high=hi, shape=(self.observation_size,), dtype=np.float32)

    def mask_box(self) -> spaces.Box:
        """The space of action masks (int8, as ``Discrete.sample(mask=...)`` wants)."""
        return spaces.Box(low=0, high=1, shape=(self.num_actions,), dtype=np.int8)

    def action_space(self) -> spaces.Discrete:
        """One integer per action index."""
        return spaces.Discrete(self.num_actions)

    # --- states ---------------------------------------------------------------------------------
    def new_state(self, seed: int) -> State:
        """A new game with that seed (options already checked)."""
        return self.game.create(self.players, seed, self.options)

    def observe(self, state: State, seat: int) -> Observation:
        """The numeric encoding of ``state.view(seat)``: the only thing an observation is made from.

        A fresh array. Through the game's observation writer when it has one (the same numbers, read straight
        from the state), else ``encode_view`` of the view.
        """
        if self._writer is not None:
            self._writer.write(0, state, seat)
            row: Observation = self._row[0].copy()
            return row
        return self.observe_view(state.view(seat))

    def observe_view(self, view: Mapping[str, Any]) -> Observation:
        """The numeric encoding of a seat's view (what a bot's ``Perspective.view()`` gives, too)."""
        values = self.game.encode_view(view, self.players, self.options)
        out = np.asarray(values, dtype=np.float32)
        if out.shape != (self.observation_size,):
            raise ValueError(
                f"{self.game.title}'s encode_view gave {out.shape[0] if out.ndim == 1 else out.shape} values; "
                f"observation_size says {self.observation_size}."
            )
        return out

    def index_of(self, action: Action) -> int:
        """The stable index of an action (cached)."""
        index = self.known_indices.get(action)
        if index is None:
            index = int(self.game.action_index(action, self.players, self.options))
            self.known_indices[action] = index
        return index

    def legal_by_index(self, state: State) -> dict[int, Action]:
        """The legal actions keyed by index.

        Raises:
            ValueError: if two legal actions share an index (the game breaks the contract).
        """
        legal: Sequence[Action] = state.legal_actions()
        keyed = by_index(legal, self.own_index, self.known_indices)  # (compiled: rl/stepping.py)
        if keyed is None:  # an action not met before (or two under one index): the game gives each one's index
            keyed = dict(zip([self.index_of(a) for a in legal], legal, strict=True))
        if len(keyed) != len(legal):
            raise ValueError(f"{self.game.title}: two legal actions share one action index.")
        return keyed

    def mask(self, legal: Mapping[int, Action]) -> Mask:
        """1 at the index of every legal action, 0 elsewhere."""
        out = np.zeros(self.num_actions, dtype=np.int8)
        if legal:
            out[list(legal)] = 1
        return out

    def empty_mask(self) -> Mask:
        """The mask of a seat that is not to move."""
        return np.zeros(self.num_actions, dtype=np.int8)

    def check_index(self, action: Any) -> int:
        """An action given to ``step`` as an int within the action space.

        Raises:
            IllegalAction: if it is not a whole number in ``range(num_actions)``.
        """
        if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
            if isinstance(action, np.ndarray) and action.shape in ((), (1,)) and action.dtype.kind in "iu":
                action = action.reshape(()).item()
            else:
                raise IllegalAction(f"An action is an integer in 0..{self.num_actions - 1}, not {action!r}.")
        index = int(action)
        if not 0 <= index < self.num_actions:
            raise IllegalAction(f"Action {index} is outside the action space 0..{self.num_actions - 1}.")
        return index

    def illegal_message(self, index: int, state: State, legal: Mapping[int, Action]) -> str:
        """A sentence naming the refused index and what is legal now."""
        shown = ", ".join(f"{i}={legal[i]}" for i in sorted(legal)[:12]) + (", …" if len(legal) > 12 else "")
        return f"Action {index} is not legal now for seat {state.to_move}; legal: {shown}."
