"""The one door a bot gets to a game: what its seat may know, and samples consistent with it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from monsterlair.core.game import Action, Game, Seat, State
from monsterlair.core.options import OptionValue
from monsterlair.core.rng import Rng


class Perspective:
    """A seat's information set.

    Bots receive this, never the state: they may read the seat's view and legal actions, and ask for
    determinized samples (full states drawn consistently with the view) to search on.
    """

    __slots__ = ("_state", "seat")

    def __init__(self, state: State, seat: Seat) -> None:
        self._state = state
        self.seat = seat

    @property
    def game(self) -> Game:
        """The game being played."""
        return self._state.game

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._state.players

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """The game's options (public: every seat knows the rules it plays by)."""
        return self._state.options

    def view(self) -> dict[str, Any]:
        """The seat's view."""
        return self._state.view(self.seat)

    def legal_actions(self) -> Sequence[Action]:
        """The legal actions (they are public to the seat that must choose)."""
        return self._state.legal_actions()

    def sample(self, rng: Rng) -> State:
        """A full state drawn consistently with the seat's view (a determinization)."""
        return self._state.determinize(self.seat, rng)
