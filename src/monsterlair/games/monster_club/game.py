"""Monster Club's :class:`~monsterlair.core.Game`: metadata, options, actions, observations and rendering."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from monsterlair.core import BadAction, BadOptions, Game, State
from monsterlair.core.options import OptionValue
from monsterlair.games.monster_club import actions, heuristic, text, view
from monsterlair.games.monster_club.decks import DeckError, check_deck_option
from monsterlair.games.monster_club.spec import (
    GAME_ID,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    RULES_VERSION,
    SUMMARY,
    TITLE,
)
from monsterlair.games.monster_club.state import ClubState


class MonsterClubGame(Game):
    """Monster Club for exactly two players (rules: ``docs/rules/monster-club.md``)."""

    id = GAME_ID
    title = TITLE
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    rules_version = RULES_VERSION
    summary = SUMMARY
    options = OPTIONS

    def check_options(self, players: int, options: Mapping[str, OptionValue]) -> None:
        """Check both deck options (a preset, ``random`` or a legal list of 25 cards).

        Raises:
            BadOptions: naming the option and the deck-building rule a list breaks.
        """
        for name in ("deck0", "deck1"):
            try:
                check_deck_option(str(options[name]), name)
            except DeckError as exc:
                raise BadOptions(str(exc)) from None

    def create(self, players: int, seed: int, options: Mapping[str, OptionValue]) -> State:
        """The starting state (decks shuffled, first player chosen, first turn's draw done)."""
        return ClubState.start(self, seed, options)

    def parse_action(self, text: str) -> actions.Action:
        """The action whose text is ``text`` (see ``actions.py`` for the forms).

        Raises:
            BadAction: if it is not the form of any Monster Club action.
        """
        return actions.parse(text)

    def num_actions(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """The size of the fixed action space (see ``actions.py`` for the layout)."""
        return actions.NUM_ACTIONS

    def action_index(self, action: Any, players: int, options: Mapping[str, OptionValue]) -> int:
        """The stable index of an action.

        Raises:
            BadAction: if ``action`` is not a Monster Club action.
        """
        if not isinstance(action, actions.Action):
            raise BadAction(f"{action!r} is not a Monster Club action.")
        return action.index

    def action_from_index(self, index: int, players: int, options: Mapping[str, OptionValue]) -> actions.Action:
        """The action with that index.

        Raises:
            BadAction: if the index is out of range.
        """
        return actions.action_from_index(index)

    def observation_size(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """The length of :meth:`encode_view`'s vector."""
        return view.observation_size(players, options)

    def encode_view(self, view_: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]) -> list[float]:
        """A fixed-length numeric encoding of a seat's view (see ``view.encode_view``)."""
        return view.encode_view(view_, players, options)

    def heuristic(self, state: State, seat: int) -> float:
        """How good ``state`` looks for ``seat`` in [0, 1] (see ``heuristic.py``)."""
        assert isinstance(state, ClubState)
        return heuristic.evaluate(state, seat)

    def render(self, view_: Mapping[str, Any], seat: int | None) -> str:
        """Both boards, graves, hand, deck counts and destroys as terminal text."""
        return text.render(view_, seat)

    def describe_action(self, action: Any) -> str:
        """A phrase for a menu."""
        return text.describe_action(str(action))

    def report_factors(self, state: State) -> dict[int, list[str]]:
        """Per seat: its deck's label (preset name, ``random`` or ``custom``) and whether it plays first."""
        assert isinstance(state, ClubState)
        return {
            seat: [f"deck:{state.deck_labels[seat].lower()}", f"first:{'yes' if seat == state.first else 'no'}"]
            for seat in (0, 1)
        }


GAME = MonsterClubGame()
