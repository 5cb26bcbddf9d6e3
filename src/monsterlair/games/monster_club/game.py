"""Monster Club's :class:`~monsterlair.core.Game`: metadata, options, actions, observations and rendering."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from monsterlair.core import BadAction, BadOptions, Event, Game, ObservationWriter, Result, State
from monsterlair.core.options import OptionValue
from monsterlair.core.words import Voice
from monsterlair.games.monster_club import actions, heuristic, observation, text, usage, view, words
from monsterlair.games.monster_club.cards import BY_ID
from monsterlair.games.monster_club.decks import DECK_LABELS, PRESETS, DeckError, check_deck_option, deck_id
from monsterlair.games.monster_club.spec import HAND_TARGET, SPEC
from monsterlair.games.monster_club.state import ClubState


class MonsterClubGame(Game):
    """Monster Club for exactly two players (rules: ``docs/rules/monster-club.md``)."""

    spec = SPEC
    action_space = actions.SPACE
    terminations = words.TERMINATIONS
    won_by = words.WON_BY
    score_meaning = "destroys (opposing stacks sent to the grave)"
    evaluator = staticmethod(heuristic.evaluate)
    renderer = staticmethod(text.render)

    def check_options(self, players: int, options: Mapping[str, OptionValue]) -> None:
        """Check both deck options (a preset, ``random`` or a legal list of 25 cards) and the hand limit.

        Raises:
            BadOptions: naming the option and the deck-building rule a list breaks, or a hand limit under
                the five cards a turn's draw fills.
        """
        cap = int(options["hand_cap"])
        if 0 < cap < HAND_TARGET:
            raise BadOptions(
                f"Option 'hand_cap' is 0 (no limit) or at least {HAND_TARGET}, the cards a turn's draw fills; "
                f"not {cap}."
            )
        for name in ("deck0", "deck1"):
            try:
                check_deck_option(str(options[name]), name)
            except DeckError as exc:
                raise BadOptions(str(exc)) from None

    def create(self, players: int, seed: int, options: Mapping[str, OptionValue]) -> State:
        """The starting state (decks shuffled, first player chosen, first turn's draw done)."""
        return ClubState.start(self, seed, options)

    def observation_size(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """The length of :meth:`encode_view`'s vector."""
        return view.observation_size(players, options)

    def encode_view(self, view_: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]) -> list[float]:
        """A fixed-length numeric encoding of a seat's view (see ``view.encode_view``)."""
        return view.encode_view(view_, players, options)

    def encode_state_sparse(
        self, state: State, seat: int, players: int, options: Mapping[str, OptionValue]
    ) -> tuple[list[int], list[float]] | None:
        """The entries of :meth:`encode_view` of ``state.view(seat)``, read from the state (``sparse``)."""
        if not isinstance(state, ClubState):
            return None
        return observation.encode_sparse(state, seat)

    def observation_writer(
        self, players: int, options: Mapping[str, OptionValue], out: memoryview[float], rows: int
    ) -> ObservationWriter | None:
        """A writer of :meth:`encode_view`'s numbers straight from states into rows of ``out`` (``view``)."""
        return observation.ClubObservationWriter(out, rows)

    def observation_bounds(self, players: int, options: Mapping[str, OptionValue]) -> tuple[list[float], list[float]]:
        """Each feature's bounds, from the card table (``view.observation_bounds``)."""
        return view.observation_bounds(players, options)

    score_unit = ("destroy", "destroys")

    def turn_of_event(self, event: Mapping[str, Any]) -> int | None:
        """The game's own turn numbers open its turns in the log and in replays."""
        return int(event["turn"]) if event.get("type") == "turn" else None

    def event_text(self, event: Mapping[str, Any], voice: Voice, options: Mapping[str, Any]) -> str | None:
        """A log sentence in the reader's person (``words.py``)."""
        return words.event_text(event, voice)

    def termination_of(self, result: Result, voice: Voice, options: Mapping[str, Any]) -> str:
        """How the game ended, with the destroys that ended it ("reaching 5 destroys", MC-11.2 and MC-11.3)."""
        return words.termination_of(result.to_json())

    def undo_unit(self, actions: Sequence[str]) -> int:
        """A card played together with the targets chosen for its effect is one unit."""
        n = 0
        while n < len(actions) and actions[-1 - n].split(" ")[0] in ("target", "skip"):
            n += 1
        return min(n + 1, len(actions))

    def action_label(self, state: State, action: Any, names: Sequence[str] | None = None) -> str:
        """A menu phrase naming the hand card played or stacked ("Play Blade Harpy to space 1 face up")."""
        label = text.describe_action(str(action))
        seat = state.to_move
        parts = str(action).split(" ")
        if parts[0] in ("play", "stack") and len(parts) > 1 and parts[1].isdigit() and seat is not None:
            hand = state.view(seat).get("hand") or []
            if int(parts[1]) <= len(hand):
                label = label.replace(f"hand card {parts[1]}", words.card_name(hand[int(parts[1]) - 1]), 1)
        return label

    def refusal(self, state: State, text: str, names: Sequence[str] | None = None) -> str | None:
        """Why a typed move cannot be played now, in players' words, from the state's reasons
        (``words.refusal_text``): "'end': you can't end your turn yet: play a monster first (an empty board
        needs one)", "'attack 2': stack 2 can't attack: it moved this turn"; ``None`` for a text that names no
        action, or one legal now."""
        if not isinstance(state, ClubState) or state.over:
            return None
        try:
            action = actions.parse(text)
        except BadAction:
            return None
        why = words.refusal_text(state, action)
        return None if why is None else f"'{text.strip()}': {why}."

    def action_phrase(self, action: actions.Action) -> str:
        """A phrase for a menu."""
        return text.describe_action(str(action))

    def report_factors(self, state: State) -> dict[int, list[str]]:
        """Per seat: its deck's id (a preset's id, ``random`` or ``custom``; :meth:`report_label` gives its
        name) and whether it plays first."""
        assert isinstance(state, ClubState)
        return {
            seat: [
                f"deck:{deck_id(str(state.options[f'deck{seat}']))}",
                f"first:{'yes' if seat == state.first else 'no'}",
            ]
            for seat in (0, 1)
        }

    def deck_presets(self) -> list[str]:
        """The preset decks."""
        return list(PRESETS)

    def deck_matchup(self, first: str, second: str) -> dict[str, OptionValue]:
        """Seat 0 plays ``first``, seat 1 ``second``."""
        return {"deck0": first, "deck1": second}

    def report_label(self, kind: str, value: str) -> str:
        """A card by its name (``card:<id>``), a deck by its name (``deck:<id>``); other values as they are."""
        if kind == "deck":
            return DECK_LABELS.get(value, value)
        card = BY_ID.get(value) if kind == "card" else None
        return value if card is None else card.name

    def report_usage(self, seat: int, action: Any, events: Sequence[Event]) -> list[tuple[int | None, str]]:
        """Cards played onto the field, stacked or flipped face up (``card:<id>``), for their owner."""
        return usage.report_usage(events)

    report_kinds = usage.KINDS
    report_move_words = usage.MOVE_KINDS
    report_factor_kinds = {"deck": "deck", "first": "played first"}


GAME = MonsterClubGame()
