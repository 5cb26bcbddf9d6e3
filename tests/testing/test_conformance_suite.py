"""The conformance suite itself: it passes a correct game and catches every planted bug.

Each mutant below is Toy Race (the example game, ``tests/example_game``) with one contract violation; the
suite must fail it with a message that names the problem. This is what keeps ``check_game`` from being a
test that cannot fail.
"""

from __future__ import annotations

import dataclasses
import random
from array import array
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from monsterlair.core import (
    Action,
    BadAction,
    Event,
    GameKind,
    IllegalAction,
    ObservationWriter,
    OptionValue,
    Result,
    Rng,
    Seat,
    State,
)
from monsterlair.testing.conformance import (
    assert_state_unchanged,
    check_game,
    random_playout,
    snapshot,
)
from tests.example_game import GAME as TOY
from tests.example_game import PASS, PLAYS, SPEC, ToyGame, ToyState

# --- the mutants ---------------------------------------------------------------------------------


class LeakyViewState(ToyState):
    """Shows every hand to every seat."""

    def view(self, seat: Seat | None) -> dict[str, Any]:
        out = super().view(seat)
        out["all_hands"] = [list(h) for h in self.hands]
        return out


class TruthDependentState(ToyState):
    """Shuffles the hidden cards from where they really are (no canonical order first)."""

    def determinize(self, seat: Seat, rng: Rng) -> ToyState:
        c = self.clone()
        pool = list(self.deck)
        for other in range(self.players):
            if other != seat:
                pool.extend(self.hands[other])
        for i in range(len(pool) - 1, 0, -1):  # a partial shuffle: the truth's order shows through
            if rng.below(3) == 0:
                j = rng.below(i + 1)
                pool[i], pool[j] = pool[j], pool[i]
        for other in range(self.players):
            if other != seat:
                n = len(self.hands[other])
                c.hands[other] = sorted(pool[:n])
                del pool[:n]
        c.deck = pool
        c.rng = Rng(rng.next64())
        return c


class CloneIsTruthState(ToyState):
    """A determinize that returns the truth (it reseeds, but resamples nothing)."""

    def determinize(self, seat: Seat, rng: Rng) -> ToyState:
        c = self.clone()
        c.rng = Rng(rng.next64())
        return c


class SharedCloneState(ToyState):
    """clone() shares the hands."""

    def clone(self) -> ToyState:
        c = super().clone()
        c.hands = self.hands
        return c


class MutatingIllegalState(ToyState):
    """Counts a rejected attempt as a turn."""

    def apply(self, action: Action) -> list[Event]:
        if action not in self.legal_actions():
            self.total += 1
        return super().apply(action)


class DuplicateTextState(ToyState):
    """Offers 'pass' twice."""

    def legal_actions(self) -> Sequence[Action]:
        out = list(super().legal_actions())
        return out + [PASS] if PASS in out else out


class PublicPrivateState(ToyState):
    """Puts the drawn card in both the public and the private part."""

    def apply_unchecked(self, action: Action) -> list[Event]:
        events = super().apply_unchecked(action)
        for e in events:
            if e.private:
                e.data.update(e.private)
        return events


class BadToState(ToyState):
    """Sends a private part to a seat that does not exist."""

    def apply_unchecked(self, action: Action) -> list[Event]:
        events = super().apply_unchecked(action)
        for e in events:
            if e.private:
                e.to = (self.players,)
        return events


class SetInViewState(ToyState):
    """Puts a Python set in the view."""

    def view(self, seat: Seat | None) -> dict[str, Any]:
        out = super().view(seat)
        out["values"] = set(self.hands[0])
        return out


class NoLogState(ToyState):
    """Adds a 'log' to the view."""

    def view(self, seat: Seat | None) -> dict[str, Any]:
        out = super().view(seat)
        out["log"] = []
        return out


class WrongRanksState(ToyState):
    """Ranks everyone first whoever wins."""

    def _finish(self, winners: tuple[int, ...], why: str, capped: bool = False) -> None:
        super()._finish(winners, why, capped)
        assert self._result is not None
        r = self._result
        if r.winners:
            self._result = Result((r.winners[0],), (1,) * self.players, r.scores, r.termination, r.capped)


class GlobalRandomState(ToyState):
    """Deals with the global generator."""

    def __init__(self, game: ToyGame, players: int, seed: int, options: Mapping[str, OptionValue]) -> None:
        super().__init__(game, players, seed, options)
        random.shuffle(self.deck)


class HashOrderState(ToyState):
    """Orders the deck by iterating a set of strings (depends on PYTHONHASHSEED)."""

    def __init__(self, game: ToyGame, players: int, seed: int, options: Mapping[str, OptionValue]) -> None:
        super().__init__(game, players, seed, options)
        names = {f"card-{v}-{i}": v for i, v in enumerate(self.deck)}
        self.deck = [names[k] for k in set(names)]


class NoSeedRecordState(ToyState):
    """Forgets the seed in its record."""

    def record(self) -> dict[str, Any]:
        out = super().record()
        del out["seed"]
        return out


class HotHeuristicGame(ToyGame):
    def heuristic(self, state: State, seat: Seat) -> float:
        return 1.5


class EmptyIsDrawGame(ToyGame):
    def parse_action(self, text: str) -> Action:
        return PASS if not text.strip() else super().parse_action(text)


class MisparseGame(ToyGame):
    def parse_action(self, text: str) -> Action:
        action = super().parse_action(text)
        return PLAYS[4] if action == PLAYS[5] else action


class OneIndexGame(ToyGame):
    def action_index(self, action: Action, players: int, options: Mapping[str, OptionValue]) -> int:
        return 0


class TextlessIndexGame(ToyGame):
    """Indexes actions but not their texts (Monster Club's old ``action_index``)."""

    def action_index(self, action: Action, players: int, options: Mapping[str, OptionValue]) -> int:
        if isinstance(action, str):
            raise BadAction(f"{action!r} is not a Toy Race action.")
        return super().action_index(action, players, options)


def _declaring(kind: GameKind) -> type[ToyGame]:
    """Toy Race whose spec declares ``kind`` (which it is not)."""
    return type("Declaring", (ToyGame,), {"spec": dataclasses.replace(SPEC, kind=kind)})


class ShortEncodingGame(ToyGame):
    def encode_view(self, view: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]) -> list[float]:
        return super().encode_view(view, players, options)[:-1]


class SparseGame(ToyGame):
    """A correct sparse fast path: the seat's view encoded, one entry per index."""

    def encode_state_sparse(
        self, state: State, seat: Seat, players: int, options: Mapping[str, OptionValue]
    ) -> tuple[list[int], list[float]] | None:
        dense = self.encode_view(state.view(seat), players, options)
        return list(range(len(dense))), dense


class LeakySparseGame(ToyGame):
    """A sparse fast path that reads seat 0's hand for every seat."""

    def encode_state_sparse(
        self, state: State, seat: Seat, players: int, options: Mapping[str, OptionValue]
    ) -> tuple[list[int], list[float]] | None:
        dense = self.encode_view(state.view(0), players, options)
        return list(range(len(dense))), dense


class _ViewWriter(ObservationWriter):
    """Writes the encoded view of seat ``view_seat(seat)`` (the seat's own: correct; another's: a leak)."""

    def __init__(
        self, game: ToyGame, players: int, options: Mapping[str, OptionValue], out: memoryview[float], rows: int
    ) -> None:
        super().__init__(out, rows, game.observation_size(players, options))
        self.game, self.players, self.options = game, players, options

    def view_seat(self, seat: int) -> int:
        return seat

    def write(self, row: int, state: State, seat: int) -> None:
        dense = self.game.encode_view(state.view(self.view_seat(seat)), self.players, self.options)
        self.out[row * self.size : (row + 1) * self.size] = array("f", dense)

    def forget(self, row: int) -> None:
        return None


class _LeakyViewWriter(_ViewWriter):
    def view_seat(self, seat: int) -> int:
        return 0


class WriterGame(ToyGame):
    """A correct observation writer: the seat's view encoded."""

    writer_class: type[_ViewWriter] = _ViewWriter

    def observation_writer(
        self, players: int, options: Mapping[str, OptionValue], out: memoryview[float], rows: int
    ) -> ObservationWriter | None:
        return self.writer_class(self, players, options, out, rows)


class LeakyWriterGame(WriterGame):
    """An observation writer that reads seat 0's hand for every seat."""

    writer_class = _LeakyViewWriter


def _game(state_class: type[ToyState], game_class: type[ToyGame] = ToyGame) -> ToyGame:
    class Mutant(game_class):  # type: ignore[valid-type,misc]
        def create(self, players: int, seed: int, options: Mapping[str, OptionValue]) -> ToyState:
            return state_class(self, players, seed, options)

    return Mutant()


HASH_ORDER = _game(HashOrderState)
"""Module-level so the suite's fresh interpreter can import it."""

MUTANTS: list[tuple[str, ToyGame, str]] = [
    ("leaky view", _game(LeakyViewState), "changed seat 0's view"),
    ("truth-dependent determinize", _game(TruthDependentState), "depends on the hidden truth"),
    ("shared clone", _game(SharedCloneState), "on a clone changed the original"),
    ("illegal action mutates", _game(MutatingIllegalState), "though rejected"),
    ("duplicate texts", _game(DuplicateTextState), "not unique"),
    ("private part made public", _game(PublicPrivateState), "also public"),
    ("private part to no seat", _game(BadToState), "bad 'to' seats"),
    ("set in a view", _game(SetInViewState), "holds a set"),
    ("log in a view", _game(NoLogState), "must not hold a 'log'"),
    ("inconsistent ranks", _game(WrongRanksState), "exactly the seats ranked 1"),
    ("global random", _game(GlobalRandomState), "same seed"),
    ("record without seed", _game(NoSeedRecordState), "replaying its own record failed"),
    ("heuristic out of range", _game(ToyState, HotHeuristicGame), "not a number in [0, 1]"),
    ("empty text parses", _game(ToyState, EmptyIsDrawGame), "must raise BadAction"),
    ("misparse", _game(ToyState, MisparseGame), "game.parse_action('play 5') gave"),
    ("shared index", _game(ToyState, OneIndexGame), "share index"),
    ("short encoding", _game(ToyState, ShortEncodingGame), "observation_size"),
    ("index refuses texts", _game(ToyState, TextlessIndexGame), "as text"),
    ("hidden information undeclared", _game(ToyState, _declaring(GameKind(hidden_info=False))), "no hidden info"),
    ("chance undeclared", _game(ToyState, _declaring(GameKind(has_chance=False))), "declares no chance"),
    ("games longer than declared", _game(ToyState, _declaring(GameKind(max_game_length=3))), "max_game_length is 3"),
    ("leaky sparse encoding", _game(ToyState, LeakySparseGame), "differs from encode_view"),
    ("leaky observation writer", _game(ToyState, LeakyWriterGame), "observation_writer"),
]


# --- tests ----------------------------------------------------------------------------------------


def new_toy(players: int, seed: int) -> ToyState:
    state = TOY.new(players, seed)
    assert isinstance(state, ToyState)
    return state


def test_the_example_game_passes_at_every_player_count() -> None:
    report = check_game(TOY, seeds=range(4))
    assert report.player_counts == [2, 3, 4]
    assert report.games == 12
    assert report.actions > 80
    assert report.determinize_varied
    assert report.capped == 0


def test_a_correct_sparse_fast_path_passes() -> None:
    assert check_game(_game(ToyState, SparseGame), seeds=range(2), subprocess_check=False).games > 0


def test_a_correct_observation_writer_passes() -> None:
    assert check_game(_game(ToyState, WriterGame), seeds=range(2), subprocess_check=False).games > 0


def test_options_are_passed_through_and_caps_count() -> None:
    report = check_game(TOY, seeds=range(2), players=[2], options={"max_turns": 4}, subprocess_check=False)
    assert report.capped == 2


@pytest.mark.parametrize(("label", "game", "fragment"), MUTANTS, ids=[m[0] for m in MUTANTS])
def test_a_planted_bug_is_caught(label: str, game: ToyGame, fragment: str) -> None:
    with pytest.raises(AssertionError) as caught:
        check_game(game, seeds=range(3), subprocess_check=False)
    message = str(caught.value)
    assert fragment in message, message
    assert "toy-race" in message or "game." in message


def test_failures_name_the_position() -> None:
    with pytest.raises(AssertionError, match=r"toy-race with 2 players, seed 0, at action \d+ .*random_playout"):
        check_game(_game(LeakyViewState), seeds=[0], players=[2], subprocess_check=False)


def test_hash_seed_dependence_is_caught_by_the_fresh_interpreter() -> None:
    check_game(HASH_ORDER, seeds=range(3), players=[2], subprocess_check=False)  # consistent within one process
    with pytest.raises(AssertionError, match="another interpreter"):
        check_game(HASH_ORDER, seeds=range(3), players=[2])


def test_a_determinize_that_returns_the_truth_is_reported() -> None:
    """The consistency checks cannot see it (the truth is consistent); the report can."""
    report = check_game(_game(CloneIsTruthState), seeds=range(2), subprocess_check=False)
    assert not report.determinize_varied


def test_a_game_that_runs_past_the_cap_fails() -> None:
    with pytest.raises(AssertionError, match="did not end within 5 actions"):
        check_game(TOY, seeds=[0], players=[2], max_actions=5)


def test_random_playout_is_a_function_of_the_seed() -> None:
    a = random_playout(TOY, 3, 11)
    b = random_playout(TOY, 3, 11)
    c = random_playout(TOY, 3, 12)
    assert a.over and a.record() == b.record()
    assert snapshot(a) == snapshot(b)
    assert a.record() != c.record()


def test_assert_state_unchanged_passes_a_rejected_action() -> None:
    state = new_toy(2, 5)
    played = next(v for v in range(1, 6) if v not in state.hands[0])
    with pytest.raises(IllegalAction), assert_state_unchanged(state, "an illegal play"):
        state.apply(PLAYS[played])
    with pytest.raises(BadAction), assert_state_unchanged(state):
        state.parse_action("fly away")


def test_assert_state_unchanged_catches_a_change_even_when_the_block_raises() -> None:
    state = new_toy(2, 5)
    with pytest.raises(AssertionError, match="a sneaky move changed the state: to_move was 0, then 1"):
        with assert_state_unchanged(state, "a sneaky move"):
            state.apply(state.legal_actions()[0])
    state = new_toy(2, 5)
    with pytest.raises(AssertionError, match="changed the state"):
        with assert_state_unchanged(state):
            state.total += 1
            raise IllegalAction("pretend")
