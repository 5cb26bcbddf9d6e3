"""Push a Monster (Queen Games, 2015; 2-4 players): push monsters onto a small arena without knocking others off.

Rules as implemented: ``docs/rules/push-a-monster.md``. The monsters, the arena and every physical number
are data (``data/*.toml``, designed for this project); the physics is pymunk (``physics.py``), installed
with the ``physics`` extra. ``GAME`` is the registered :class:`~monsterlair.core.Game`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from monsterlair.core import Event, Game, Result, State
from monsterlair.core.options import OptionValue
from monsterlair.core.words import Voice
from monsterlair.games.push_a_monster import actions as _actions
from monsterlair.games.push_a_monster import usage as _usage
from monsterlair.games.push_a_monster import words as _words
from monsterlair.games.push_a_monster.actions import INDEX, Action, Place, Push
from monsterlair.games.push_a_monster.heuristic import evaluate
from monsterlair.games.push_a_monster.spec import SPEC
from monsterlair.games.push_a_monster.state import Phase, PushState, after_replayed_action
from monsterlair.games.push_a_monster.text import help_text as _render_help
from monsterlair.games.push_a_monster.text import render as _render
from monsterlair.games.push_a_monster.view import encode_view as _encode_view
from monsterlair.games.push_a_monster.view import observation_bounds as _observation_bounds
from monsterlair.games.push_a_monster.view import observation_size as _observation_size


class PushAMonster(Game):
    """Push a Monster: metadata, options, action texts and indices, encoding, rendering and replay."""

    spec = SPEC
    action_space = _actions.SPACE
    terminations = _words.TERMINATIONS
    score_meaning = "length of the seat's line of tokens"
    evaluator = staticmethod(evaluate)
    renderer = staticmethod(_render)
    minor_events = frozenset({"placed"})  # the push or nudge that settled it already says it lies on the arena

    def create(self, players: int, seed: int, options: Mapping[str, OptionValue]) -> PushState:
        """The starting state: the start layout, the first player and the first roll, all from ``seed``."""
        return PushState(self, players, seed, options)

    def observation_size(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """The length of :meth:`encode_view` for ``players`` seats."""
        return _observation_size(players)

    def encode_view(self, view: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]) -> list[float]:
        """A fixed-length encoding of a view (layout in ``view.encode_view``)."""
        return _encode_view(view, players, options)

    def observation_bounds(self, players: int, options: Mapping[str, OptionValue]) -> tuple[list[float], list[float]]:
        """Each feature's bounds, from the monster kinds and ``max_tries`` (``view.observation_bounds``)."""
        return _observation_bounds(players, options)

    def action_phrase(self, action: Action) -> str:
        """A menu phrase for an action."""
        return _actions.describe(action)

    def menu_number(self, state: State, action: Any) -> int | None:
        """Candidate actions keep their place in the fixed candidate set, so their numbers never change."""
        index = INDEX.get(action)
        return None if index is None else index + 1

    def menu_group(self, state: State, action: Any, label: str) -> tuple[str, str] | None:
        """Pushes from one mark (and nudges in one direction) share a line: their depths (distances) side by side;
        start places at one spot share one too, their facings side by side, under a heading short enough for an
        80-column terminal ("At 2.5 cm right, 5 cm down")."""
        head, comma, last = label.rpartition(", ")
        if not comma:
            return None
        if isinstance(action, Place):
            head = f"At {', '.join(_actions.spot_offsets(action)) or 'the centre'}"
        return head, last

    def help_text(self) -> str:
        """Units, angles, depth and the grid."""
        return _render_help()

    def turn_of_event(self, event: Mapping[str, Any]) -> int | None:
        """The die roll opens each turn (PM-3.1) and carries its number, as the board shows it ("Turn 4")."""
        return int(event["turn"]) if event.get("type") == "roll" and "turn" in event else None

    def event_text(self, event: Mapping[str, Any], voice: Voice, options: Mapping[str, Any]) -> str | None:
        """A log sentence in the reader's person (``words.py``); motion frames are left out."""
        return _words.event_text(event, voice)

    def termination_of(self, result: Result, voice: Voice, options: Mapping[str, Any]) -> str:
        """A roll of a kind with none left names the kind (``words.kind_exhausted``, rule PM-9.1)."""
        if result.termination == "kind_exhausted":
            return _words.kind_exhausted(result.detail.get("face"))
        return super().termination_of(result, voice, options)

    def score_label(self, result: Result, options: Mapping[str, Any]) -> str:
        """What the scores mean."""
        return "length of the token line"

    def result_lines(self, result: Result, voice: Voice, options: Mapping[str, Any]) -> list[str]:
        """The longest line of tokens decided the winner, with each line's length (``words.result_lines``)."""
        return _words.result_lines(result.scores, result.winners, voice)

    def score_text(self, score: float, result: Result, options: Mapping[str, Any]) -> str:
        """A line's length in words."""
        return _words.line_words(score)

    def report_measures(self, state: State) -> dict[str, float]:
        """Per finished game: falls (each giving tokens), pushes, monsters placed for their player, and 1 if every line
        ties."""
        if not isinstance(state, PushState):
            return {}
        lines = {state.line_length(s) for s in range(state.players)}
        return {
            "falls": float(state.falls),
            "pushes": float(sum(1 for a in state.history if isinstance(a, Push))),
            "set_downs": float(state.set_downs),
            "everyone_tied": 1.0 if len(lines) == 1 else 0.0,
        }

    def report_factors(self, state: State) -> dict[int, list[str]]:
        """Per seat: its place in the turn order from the drawn starting player (``order:1`` starts)."""
        first = state.to_move if state.to_move is not None else 0
        return {seat: [f"order:{(seat - first) % state.players + 1}"] for seat in range(state.players)}

    def report_label(self, kind: str, value: str) -> str:
        """Monster kinds by colour and name ("blue Wisp"); other values as they are."""
        return _words.kind_name(value) if kind in ("monster", "fell") else value

    def report_usage(self, seat: int, action: Any, events: Sequence[Event]) -> list[tuple[int | None, str]]:
        """Monsters pushed onto the arena (``monster:<kind>``) and pushes that made monsters fall (``fell:<kind>``)."""
        return _usage.report_usage(events)

    report_kinds = _usage.KINDS
    report_measure_words = _usage.MEASURES
    report_move_words = _usage.MOVE_KINDS

    def after_replayed_action(self, state: State, record: Mapping[str, Any], index: int) -> None:
        """Re-anchor to the record's settled positions after each push or nudge (rule PM-10.2).

        Raises:
            BadRecord: if the record's anchors are malformed, altered or do not fit its actions.
        """
        after_replayed_action(state, record, index)


GAME = PushAMonster()

__all__ = ["GAME", "Phase", "PushAMonster", "PushState"]
