"""The MONSTRA :class:`~monsterlair.core.Game`: metadata, options, action texts and indices, encoding."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from monsterlair.core import Game, OptionValue, State
from monsterlair.games.monstra import actions, heuristic, text, view
from monsterlair.games.monstra.actions import Action
from monsterlair.games.monstra.spec import (
    CREATURES,
    GAME_ID,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    RULES_VERSION,
    SUMMARY,
    TITLE,
    check_options,
    resolve_mode,
)
from monsterlair.games.monstra.state import MonstraState


class MonstraGame(Game):
    """MONSTRA: duels (1v1, 2v2) and Rift Guardian missions (solo, co-op). Rules: docs/rules/monstra.md."""

    id = GAME_ID
    title = TITLE
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    rules_version = RULES_VERSION
    summary = SUMMARY
    options = OPTIONS

    def check_options(self, players: int, options: Mapping[str, OptionValue]) -> None:
        """Player count, mode, decks and round limit together (MO-1.1, MO-1.3, MO-2.6).

        Raises:
            BadOptions: with a sentence naming what to change.
        """
        check_options(players, options)

    def default_players(self, options: Mapping[str, Any] | None = None) -> int:
        """1 for a mission (solo), 4 for 2v2, 2 for a duel or when no mode is named."""
        mode = str((options or {}).get("mode", "auto"))
        return {"mission": 1, "2v2": 4}.get(mode, 2)

    def teams(self, players: int, options: Mapping[str, OptionValue]) -> tuple[int, ...] | None:
        """Missions are co-operative (``None``); in 2v2 seats 0 and 2 face 1 and 3 (as ``seat_team``); a duel
        is one seat a side.

        Raises:
            BadOptions: if the player count and mode do not fit together.
        """
        mode = resolve_mode(players, options)
        if mode == "mission":
            return None
        return tuple(seat % 2 for seat in range(players))

    def create(self, players: int, seed: int, options: Mapping[str, OptionValue]) -> MonstraState:
        """The starting state (options already checked)."""
        mode, decks = check_options(players, options)
        return MonstraState.start(self, players, seed, options, mode, decks)

    def parse_action(self, text: str) -> Action:
        """The action whose text is ``text`` (see :mod:`.actions`).

        Raises:
            BadAction: if it is not the form of any MONSTRA action.
        """
        return actions.parse_action(text)

    def num_actions(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """The size of the action space (the same for every mode; MO-12.2)."""
        return actions.NUM_ACTIONS

    def action_index(self, action: Action, players: int, options: Mapping[str, OptionValue]) -> int:
        """The stable index of an action.

        Raises:
            BadAction: if ``action`` is not a MONSTRA action.
        """
        if not isinstance(action, Action):
            action = actions.parse_action(str(action))
        return action.index

    def action_from_index(self, index: int, players: int, options: Mapping[str, OptionValue]) -> Action:
        """The action with that index.

        Raises:
            BadAction: if the index is out of range.
        """
        return actions.from_index(index)

    def observation_size(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """The length of :meth:`encode_view`'s vector (the same for every mode)."""
        return view.OBSERVATION_SIZE

    def encode_view(self, view_: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]) -> list[float]:
        """A fixed-length numeric encoding of a view (its own team first)."""
        return view.encode_view(view_)

    def heuristic(self, state: State, seat: int) -> float:
        """How good the position looks for ``seat``, in [0, 1] (see :mod:`.heuristic`)."""
        assert isinstance(state, MonstraState)
        return heuristic.evaluate(state, seat)

    def render(self, view_: Mapping[str, Any], seat: int | None) -> str:
        """The terminal picture of a view (rich markup)."""
        return text.render(view_, seat)

    def describe_action(self, action: Action) -> str:
        """A menu phrase for an action."""
        return actions.describe(action)

    def describe_event(self, event: Mapping[str, Any]) -> str:
        """One game-log line for a (redacted) event."""
        return text.describe_event(event)

    def report_factors(self, state: State) -> dict[int, list[str]]:
        """Per seat: its team's deck (preset name or ``random``), every creature in it, its team and, in a
        duel, whether its team held the first-team marker (for balance reports; see ``balance.py``)."""
        assert isinstance(state, MonstraState)
        _, decks = check_options(state.players, state.options)
        out: dict[int, list[str]] = {}
        for seat, team in enumerate(state.seat_team):
            deck = decks[team] if team < len(decks) else None
            factors = [f"deck:{deck.name if deck is not None else 'random'}", f"team:{'AB'[team]}"]
            factors += [f"creature:{CREATURES[c].id}" for c in state.deck_c[team]]
            if not state.mission:
                factors.append(f"first-team:{'yes' if team == state.first_marker else 'no'}")
            out[seat] = factors
        return out


GAME = MonstraGame()
