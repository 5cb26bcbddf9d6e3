"""Toy Race's :class:`~monsterlair.core.Game`: the spec and action space do the metadata and the parsing;
what is left is the game's own: its start, a heuristic, its words, its terminal text and its RL encoding."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from monsterlair.core import Game, OptionValue, State
from monsterlair.core.words import Voice
from tests.example_game.actions import SPACE
from tests.example_game.spec import SPEC, VALUES
from tests.example_game.state import ToyState


class ToyGame(Game):
    """Toy Race."""

    spec = SPEC
    action_space = SPACE
    terminations = {"target": "reaching the target", "exhausted": "running out of cards", "cap": "the decision limit"}
    score_meaning = "1 for the seat that reached the target"

    def create(self, players: int, seed: int, options: Mapping[str, OptionValue]) -> ToyState:
        return ToyState(self, players, seed, options)

    def observation_size(self, players: int, options: Mapping[str, OptionValue]) -> int:
        return 2 + len(VALUES)

    def encode_view(self, view: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]) -> list[float]:
        hand = [0.0] * len(VALUES)
        for v in view["hand"] or []:
            hand[v - 1] += 1.0
        return [float(view["total"]) / float(view["target"]), float(view["deck"]), *hand]

    def heuristic(self, state: State, seat: int) -> float:
        """Whether the seat to move can reach the target now: good for ``seat`` if it is ``seat``, bad if not."""
        if state.over:
            return state.payoff(seat)
        assert isinstance(state, ToyState)
        mover = state.to_move
        assert mover is not None
        can_win = any(state.total + v >= state.target() for v in state.hands[mover])
        if not can_win:
            return 0.5
        return 0.9 if mover == seat else 0.1

    def event_text(self, event: Mapping[str, Any], voice: Voice, options: Mapping[str, Any]) -> str | None:
        seat = event.get("seat")
        if event["type"] == "draw":
            card = f"a {event['card']}" if "card" in event else "a card"
            return f"{voice.says(seat, 'draw')} {card}."
        if event["type"] == "pass":
            return f"{voice.says(seat, 'pass')}."
        if event["type"] == "play":
            return f"{voice.says(seat, 'play')} a {event['value']}: the total is {event['total']}."
        if event["type"] == "end":
            return "The race is over."
        return None

    def render(self, view: Mapping[str, Any], seat: int | None, names: Sequence[str] | None = None) -> str:
        hand = " ".join(f"[bold]{v}[/bold]" for v in view["hand"]) if view["hand"] is not None else "hidden"
        return f"Total {view['total']} of {view['target']}; deck {view['deck']}; your hand: {hand}"


GAME = ToyGame()
