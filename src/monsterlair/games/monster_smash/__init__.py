"""Monster Smash (Iconiq Studios; 2-5 players): draw, burn and smash other monsters to steal their cards.

Rules as implemented: ``docs/rules/monster-smash.md``. The deck is data (``data/deck.toml``, designed for
this project). ``GAME`` is the registered :class:`~monsterlair.core.Game`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from monsterlair.core import BadAction, Game, State
from monsterlair.core.options import OptionValue
from monsterlair.games.monster_smash import actions as _actions
from monsterlair.games.monster_smash.actions import ALL_ACTIONS, NUM_ACTIONS, SmashAction
from monsterlair.games.monster_smash.heuristic import evaluate
from monsterlair.games.monster_smash.spec import (
    GAME_ID,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    RULES_VERSION,
    SPEC,
    SUIT_IDS,
    SUMMARY,
    TITLE,
)
from monsterlair.games.monster_smash.state import Phase, SmashState
from monsterlair.games.monster_smash.text import render as _render
from monsterlair.games.monster_smash.view import OBSERVATION_SIZE
from monsterlair.games.monster_smash.view import encode_view as _encode_view


class MonsterSmash(Game):
    """Monster Smash: metadata, options, action texts and indices, encoding, rendering."""

    id = GAME_ID
    title = TITLE
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    rules_version = RULES_VERSION
    summary = SUMMARY
    options = OPTIONS
    spec = SPEC

    def new(self, players: int, seed: int | None = None, options: Mapping[str, Any] | None = None) -> SmashState:
        """A new game (see :meth:`Game.new`), typed as a :class:`SmashState`.

        Raises:
            BadOptions: if ``players`` is out of range or an option is unknown or bad.
        """
        state = super().new(players, seed, options)
        assert isinstance(state, SmashState)
        return state

    def create(self, players: int, seed: int, options: Mapping[str, OptionValue]) -> SmashState:
        """The starting state (monsters, removed suit, deal and starting player all drawn from ``seed``)."""
        return SmashState(self, players, seed, options)

    def from_setup(
        self,
        *,
        monsters: Sequence[str],
        hands: Sequence[Iterable[str]],
        deck: Iterable[str] = (),
        discard: Iterable[str] = (),
        turn: int = 0,
        first_turn_done: bool | Iterable[int] = True,
        eliminated: Iterable[int] = (),
        removed_suit: str | None = None,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
    ) -> SmashState:
        """A scenario state for tests and examples (see :meth:`SmashState.from_setup`).

        Raises:
            BadOptions: for bad options or player count.
            ValueError: for an unknown monster or card code.
        """
        return SmashState.from_setup(
            self,
            monsters=monsters,
            hands=hands,
            deck=deck,
            discard=discard,
            turn=turn,
            first_turn_done=first_turn_done,
            eliminated=eliminated,
            removed_suit=removed_suit,
            seed=seed,
            options=options,
        )

    def parse_action(self, text: str) -> SmashAction:
        """The action whose text is ``text`` (see ``actions`` for the forms).

        Raises:
            BadAction: if ``text`` is not a Monster Smash action.
        """
        return _actions.parse(text)

    def num_actions(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """37 for every player count (layout in ``actions``)."""
        return NUM_ACTIONS

    def action_index(self, action: Any, players: int, options: Mapping[str, OptionValue]) -> int:
        """The action's stable index.

        Raises:
            BadAction: if ``action`` is not a Monster Smash action (or its text).
        """
        if isinstance(action, str):
            action = _actions.parse(action)
        if not isinstance(action, SmashAction):
            raise BadAction(f"{action!r} is not a Monster Smash action.")
        return action.index

    def action_from_index(self, index: int, players: int, options: Mapping[str, OptionValue]) -> SmashAction:
        """The action with that index.

        Raises:
            BadAction: if the index is outside ``range(37)``.
        """
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < NUM_ACTIONS:
            raise BadAction(f"Monster Smash action indices run from 0 to {NUM_ACTIONS - 1}, not {index!r}.")
        return ALL_ACTIONS[index]

    def observation_size(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """The length of :meth:`encode_view` (the same for every player count)."""
        return OBSERVATION_SIZE

    def encode_view(self, view: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]) -> list[float]:
        """The view as ``OBSERVATION_SIZE`` floats in [0, 1] (layout in ``view.OBSERVATION_SIZE``)."""
        return _encode_view(view, players, options)

    def heuristic(self, state: State, seat: int) -> float:
        """Closeness to a win against the leading opponent, in [0, 1] (see ``heuristic``)."""
        if not isinstance(state, SmashState):
            return state.payoff(seat)
        return evaluate(state, seat)

    def render(self, view: Mapping[str, Any], seat: int | None) -> str:
        """The view as terminal text with rich markup."""
        return _render(view, seat)

    def report_factors(self, state: State) -> dict[int, list[str]]:
        """Per seat: its monster (``monster:<suit>``) and its place in the turn order (``order:1`` starts)."""
        if not isinstance(state, SmashState):
            return {}
        first = state.to_move if state.to_move is not None else 0
        return {
            seat: [f"monster:{SUIT_IDS[suit]}", f"order:{(seat - first) % state.players + 1}"]
            for seat, suit in enumerate(state.cfg.suits)
        }

    def describe_action(self, action: Any) -> str:
        """A menu phrase for an action (or its text)."""
        if isinstance(action, str):
            try:
                action = _actions.parse(action)
            except BadAction:
                return str(action)
        if not isinstance(action, SmashAction):
            return str(action)
        return _actions.describe(action)


GAME = MonsterSmash()

__all__ = ["GAME", "MonsterSmash", "Phase", "SmashAction", "SmashState"]
