"""The MONSTRA :class:`~monsterlair.core.Game`: metadata, options, action texts and indices, encoding."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from monsterlair.core import Event, Game, ObservationWriter, OptionValue, Result, State
from monsterlair.core.outcome import default_score_text
from monsterlair.core.words import Voice
from monsterlair.games.monstra import actions, heuristic, observation, text, usage, view, words
from monsterlair.games.monstra.actions import Action
from monsterlair.games.monstra.spec import (
    BEHAVIOURS,
    CREATURES,
    PRESET_NAMES,
    PRESETS,
    SPEC,
    TACTICS,
    check_options,
    resolve_mode,
)
from monsterlair.games.monstra.state import MonstraState

_REPORT_LABELS: dict[str, dict[str, str]] = {
    "tactic": {t.id: t.name for t in TACTICS},
    "behaviour": {b.id: b.name for b in BEHAVIOURS},
    "deck": PRESET_NAMES,
    **dict.fromkeys(("creature", *usage.CREATURE_KINDS), {c.id: c.name for c in CREATURES}),
}
"""Names by data id, per report kind (a creature is reported as itself and by each kind of its acts)."""


class MonstraGame(Game):
    """MONSTRA: duels (1v1, 2v2) and Rift Guardian missions (solo, co-op). Rules: docs/rules/monstra.md."""

    spec = SPEC
    action_space = actions.SPACE
    terminations = words.TERMINATIONS
    won_by = words.WON_BY
    board_names_mover = True  # the board's last line: "Player 2 to move: Astrafox (B2) acts."
    score_meaning = "knockouts scored by the seat's team (in a mission: damage dealt to the Guardian)"
    evaluator = staticmethod(heuristic.evaluate)
    search_settings = {"playout": "none", "reuse": 4, "c": 0.3}  # docs/bots.md, "MONSTRA's search settings"
    renderer = staticmethod(text.render)

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

    def observation_size(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """The length of :meth:`encode_view`'s vector (the same for every mode)."""
        return view.OBSERVATION_SIZE

    def encode_view(self, view_: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]) -> list[float]:
        """A fixed-length numeric encoding of a view (its own team first)."""
        return view.encode_view(view_)

    def encode_state_sparse(
        self, state: State, seat: int, players: int, options: Mapping[str, OptionValue]
    ) -> tuple[list[int], list[float]] | None:
        """The entries of :meth:`encode_view` of ``state.view(seat)``, read from the state (``sparse``)."""
        if not isinstance(state, MonstraState):
            return None
        return observation.encode_sparse(state, seat)

    def observation_writer(
        self, players: int, options: Mapping[str, OptionValue], out: memoryview[float], rows: int
    ) -> ObservationWriter | None:
        """MONSTRA's writer of :meth:`encode_view`'s numbers into rows of ``out`` (``observation``)."""
        return observation.MonstraObservationWriter(out, rows)

    def observation_bounds(self, players: int, options: Mapping[str, OptionValue]) -> tuple[list[float], list[float]]:
        """Every feature in [0, 1] (``view.observation_bounds``)."""
        return view.observation_bounds()

    def action_phrase(self, action: Action) -> str:
        """A menu phrase for an action, its units by code ("Strike b2": what a player may type)."""
        return actions.describe(action)

    def action_label(self, state: State, action: Action, names: Sequence[str] | None = None) -> str:
        """A menu phrase naming the creatures and the signature move as the board and its buttons show them:
        "Strike Quakeling (B2)", "Wind Slash on Bouldron (B1)" (read from the field, which every seat sees,
        rather than from a whole view built for each line)."""
        assert isinstance(state, MonstraState)

        def named(unit: str) -> str:
            return words.unit_name(unit, view.creature_at(state, actions.UNITS.index(unit)))

        if action.kind == actions.K_SIGNATURE and state.actor >= 0 and state.card[state.actor] >= 0:
            return actions.describe(action, named, CREATURES[state.card[state.actor]].move)
        return actions.describe(action, named)

    turn_unit = ("round", "rounds")

    def turn_of_event(self, event: Mapping[str, Any]) -> int | None:
        """The game's own round numbers open its turns in the log and in replays."""
        return int(event["round"]) if event.get("type") == "round" else None

    step_events = frozenset({"guardian", "round"})
    """The Guardian's turn and a new round's set-up follow a decision automatically; each is told on its own."""

    def event_text(self, event: Mapping[str, Any], voice: Voice, options: Mapping[str, Any]) -> str | None:
        """A log sentence in the reader's person (``words.py``)."""
        return words.event_text(event, voice, options)

    def score_label(self, result: Result, options: Mapping[str, Any]) -> str:
        """Damage dealt to the Guardian in a mission, knockouts scored in a duel."""
        return words.score_words(result)[0]

    def score_text(self, score: float, result: Result, options: Mapping[str, Any]) -> str:
        """A score with its meaning."""
        return default_score_text(score, words.score_words(result)[1])

    def result_lines(self, result: Result, voice: Voice, options: Mapping[str, Any]) -> list[str]:
        """What a mission achieved (the Guardian's HP, knockouts), or how a duel stood (at the end of the last
        round: what decided it, with its numbers)."""
        if result.termination == "round-limit" and not words.mission(result):
            return words.round_limit_lines(result, voice, options)
        return words.result_lines(result, voice, options)

    def standing_details(
        self, result: Result, voice: Voice, options: Mapping[str, Any]
    ) -> tuple[str, list[str]] | None:
        """At the end of the last round the knockouts scored may tie: the standings show what decided it."""
        if result.termination == "round-limit" and not words.mission(result):
            return words.round_limit_details(result, voice, options, len(result.ranks))
        return None

    def result_headline(self, result: Result, voice: Voice, outcome: str, options: Mapping[str, Any]) -> str | None:
        """A mission's own headline."""
        return words.result_headline(result, outcome)

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

    def deck_presets(self) -> list[str]:
        """The preset team decks."""
        return list(PRESETS)

    def deck_matchup(self, first: str, second: str) -> dict[str, OptionValue]:
        """Team A plays ``first``, team B ``second`` (the ``decks`` option's ``A/B`` form)."""
        return {"decks": f"{first}/{second}"}

    def report_label(self, kind: str, value: str) -> str:
        """Tactics, creatures (as themselves or by their moves), preset decks and Guardian behaviours by their names."""
        return _REPORT_LABELS.get(kind, {}).get(value, value)

    def report_usage(self, seat: int, action: Action, events: Sequence[Event]) -> list[tuple[int | None, str]]:
        """Tactics, signature moves, strikes and guards of the deciding seat; the Guardian's behaviours."""
        return usage.report_usage(seat, events)

    report_kinds = usage.KINDS
    report_move_words = usage.MOVE_KINDS
    report_factor_kinds = {
        "deck": "team's deck",
        "team": "team",
        "creature": "creature in the team",
        "first-team": "held the first-team marker",
    }


GAME = MonstraGame()
