"""Push a Monster (Queen Games, 2015; 2-4 players): push monsters onto a small arena without knocking others off.

Rules as implemented: ``docs/rules/push-a-monster.md``. The monsters, the arena and every physical number
are data (``data/*.toml``, designed for this project); the physics is pymunk (``physics.py``), installed
with the ``physics`` extra. ``GAME`` is the registered :class:`~monsterlair.core.Game`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from monsterlair.core import BadAction, Game, State
from monsterlair.core.options import OptionValue
from monsterlair.games.push_a_monster import actions as _actions
from monsterlair.games.push_a_monster.actions import ALL_ACTIONS, INDEX, Action, Drop, Nudge, Push, Take
from monsterlair.games.push_a_monster.heuristic import evaluate
from monsterlair.games.push_a_monster.spec import (
    GAME_ID,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    RULES_VERSION,
    SPEC,
    SUMMARY,
    TITLE,
)
from monsterlair.games.push_a_monster.state import Phase, PushState, after_replayed_action
from monsterlair.games.push_a_monster.text import render as _render
from monsterlair.games.push_a_monster.view import encode_view as _encode_view
from monsterlair.games.push_a_monster.view import observation_size as _observation_size


class PushAMonster(Game):
    """Push a Monster: metadata, options, action texts and indices, encoding, rendering and replay."""

    id = GAME_ID
    title = TITLE
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    rules_version = RULES_VERSION
    summary = SUMMARY
    options = OPTIONS
    spec = SPEC

    def create(self, players: int, seed: int, options: Mapping[str, OptionValue]) -> PushState:
        """The starting state: the start layout, the first player and the first roll, all from ``seed``."""
        return PushState(self, players, seed, options)

    def parse_action(self, text: str) -> Action:
        """The action a text names (forms in ``actions``; pushes and nudges take parameters).

        Raises:
            BadAction: if ``text`` is not a Push a Monster action.
        """
        return _actions.parse(text)

    def num_actions(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """The size of the candidate set: takes, candidate pushes, candidate nudges, drop (rule PM-8.1)."""
        return len(ALL_ACTIONS)

    def action_index(self, action: Any, players: int, options: Mapping[str, OptionValue]) -> int:
        """A candidate action's stable index.

        Raises:
            BadAction: if ``action`` is not a Push a Monster action, or is a push or nudge outside the
                candidate set (free-form pushes have no index).
        """
        if isinstance(action, str):
            action = _actions.parse(action)
        if not isinstance(action, Take | Push | Nudge | Drop):
            raise BadAction(f"{action!r} is not a Push a Monster action.")
        index = INDEX.get(action)
        if index is None:
            raise BadAction(f"'{action}' is a free-form action outside the candidate set; it has no index.")
        return index

    def action_from_index(self, index: int, players: int, options: Mapping[str, OptionValue]) -> Action:
        """The candidate action with that index.

        Raises:
            BadAction: if the index is out of range.
        """
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(ALL_ACTIONS):
            raise BadAction(f"Push a Monster action indices run from 0 to {len(ALL_ACTIONS) - 1}, not {index!r}.")
        return ALL_ACTIONS[index]

    def observation_size(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """The length of :meth:`encode_view` for ``players`` seats."""
        return _observation_size(players)

    def encode_view(self, view: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]) -> list[float]:
        """A fixed-length encoding of a view (layout in ``view.encode_view``)."""
        return _encode_view(view, players, options)

    def heuristic(self, state: State, seat: int) -> float:
        """The seat's lead in line length minus expected losses, in [0, 1] (see ``heuristic``)."""
        if not isinstance(state, PushState):
            return state.payoff(seat)
        return evaluate(state, seat)

    def render(self, view: Mapping[str, Any], seat: int | None) -> str:
        """The arena drawn top-down in the terminal, with the die, supply and lines (rich markup)."""
        return _render(view, seat)

    def describe_action(self, action: Any) -> str:
        """A menu phrase for an action (or its text)."""
        if isinstance(action, str):
            try:
                action = _actions.parse(action)
            except BadAction:
                return str(action)
        if not isinstance(action, Take | Push | Nudge | Drop):
            return str(action)
        return _actions.describe(action)

    def describe_event(self, event: Mapping[str, Any]) -> str:
        """One game-log line for an event (motion frames are left out)."""
        kind = event.get("type")
        if kind == "roll":
            return f"Seat {event['seat']} rolls {event['face']}."
        if kind == "take":
            return f"Seat {event['seat']} takes {event['kind']} monster #{event['monster']} ({event['why']})."
        if kind == "tie":
            return f"Seat {event['seat']} must choose among {', '.join(event['kinds'])}."
        if kind == "choose":
            return f"Seat {event['seat']} chooses {event['kind']}."
        if kind in ("push", "nudge"):
            fallen = event["fallen"]
            tail = f"; knocked off: {', '.join(f'#{m}' for m in fallen)}" if fallen else ""
            return f"Seat {event['seat']}: {event['action']} → {event['status']}{tail}."
        if kind == "fall":
            to = ", ".join(str(s) for s in event["tokens_to"])
            return f"Monster #{event['monster']} ({event['kind']}) falls ({event['why']}); a token each to seats {to}."
        if kind == "placed":
            return f"Monster #{event['monster']} lies fully on the arena."
        if kind == "overhang":
            return f"Monster #{event['monster']} sticks out; {event['nudges_left']} nudge(s) left."
        if kind == "missed":
            return f"Monster #{event['monster']} dropped off the pusher; {event['attempts_left']} attempt(s) left."
        if kind == "game_over":
            result = event["result"]
            return f"Game over ({result['termination']}): lines {result['scores']}, winners {result['winners']}."
        return super().describe_event(event)

    def report_factors(self, state: State) -> dict[int, list[str]]:
        """Per seat: its place in the turn order from the drawn starting player (``order:1`` starts)."""
        first = state.to_move if state.to_move is not None else 0
        return {seat: [f"order:{(seat - first) % state.players + 1}"] for seat in range(state.players)}

    def after_replayed_action(self, state: State, record: Mapping[str, Any], index: int) -> None:
        """Re-anchor to the record's settled positions after each push or nudge (rule PM-10.2).

        Raises:
            BadRecord: if the record's anchors are malformed, altered or do not fit its actions.
        """
        after_replayed_action(state, record, index)


GAME = PushAMonster()

__all__ = ["GAME", "Phase", "PushAMonster", "PushState"]
