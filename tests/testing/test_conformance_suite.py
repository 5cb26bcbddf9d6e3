"""The conformance suite itself: it passes a correct game and catches every planted bug.

Each mutant below is Tiny Cards with one contract violation; the suite must fail it with a message that
names the problem. This is what keeps ``check_game`` from being a test that cannot fail.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from monsterlair.core import Action, BadAction, Event, IllegalAction, OptionValue, Result, Rng, Seat, State
from monsterlair.testing.conformance import (
    assert_state_unchanged,
    check_game,
    random_playout,
    snapshot,
)
from tests.utils.tiny_game import DRAW, PLAY, TINY, TinyGame, TinyState, new_tiny

# --- the mutants ---------------------------------------------------------------------------------


class LeakyViewState(TinyState):
    """Shows every hand to every seat."""

    def view(self, seat: Seat | None) -> dict[str, Any]:
        out = super().view(seat)
        out["all_hands"] = [list(h) for h in self.hands]
        return out


class TruthDependentState(TinyState):
    """Shuffles the hidden cards from where they really are (no canonical order first)."""

    def determinize(self, seat: Seat, rng: Rng) -> TinyState:
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


class CloneIsTruthState(TinyState):
    """A determinize that returns the truth (it reseeds, but resamples nothing)."""

    def determinize(self, seat: Seat, rng: Rng) -> TinyState:
        c = self.clone()
        c.rng = Rng(rng.next64())
        return c


class SharedCloneState(TinyState):
    """clone() shares the played piles."""

    def clone(self) -> TinyState:
        c = super().clone()
        c.played = self.played
        return c


class MutatingIllegalState(TinyState):
    """Counts a rejected attempt as a turn."""

    def apply(self, action: Action) -> list[Event]:
        if action not in self.legal_actions():
            self.turn += 1
        return super().apply(action)


class DuplicateTextState(TinyState):
    """Offers 'draw' twice."""

    def legal_actions(self) -> Sequence[Action]:
        out = list(super().legal_actions())
        return out + [DRAW] if DRAW in out else out


class PublicPrivateState(TinyState):
    """Puts the drawn card in both the public and the private part."""

    def apply_unchecked(self, action: Action) -> list[Event]:
        events = super().apply_unchecked(action)
        for e in events:
            if e.private:
                e.data.update(e.private)
        return events


class BadToState(TinyState):
    """Sends a private part to a seat that does not exist."""

    def apply_unchecked(self, action: Action) -> list[Event]:
        events = super().apply_unchecked(action)
        for e in events:
            if e.private:
                e.to = (self.players,)
        return events


class SetInViewState(TinyState):
    """Puts a Python set in the view."""

    def view(self, seat: Seat | None) -> dict[str, Any]:
        out = super().view(seat)
        out["values"] = set(self.played[0])
        return out


class NoLogState(TinyState):
    """Adds a 'log' to the view."""

    def view(self, seat: Seat | None) -> dict[str, Any]:
        out = super().view(seat)
        out["log"] = []
        return out


class WrongRanksState(TinyState):
    """Ranks everyone first whoever wins."""

    def _finish(self, capped: bool) -> None:
        super()._finish(capped)
        assert self._result is not None
        r = self._result
        self._result = Result((r.winners[0],), (1,) * self.players, r.scores, r.termination, r.capped)


class GlobalRandomState(TinyState):
    """Deals with the global generator."""

    def __init__(self, game: TinyGame, players: int, seed: int, options: Mapping[str, OptionValue]) -> None:
        super().__init__(game, players, seed, options)
        random.shuffle(self.deck)


class HashOrderState(TinyState):
    """Orders the deck by iterating a set of strings (depends on PYTHONHASHSEED)."""

    def __init__(self, game: TinyGame, players: int, seed: int, options: Mapping[str, OptionValue]) -> None:
        super().__init__(game, players, seed, options)
        names = {f"card-{v}-{i}": v for i, v in enumerate(self.deck)}
        self.deck = [names[k] for k in set(names)]


class NoSeedRecordState(TinyState):
    """Forgets the seed in its record."""

    def record(self) -> dict[str, Any]:
        out = super().record()
        del out["seed"]
        return out


class HotHeuristicGame(TinyGame):
    def heuristic(self, state: State, seat: Seat) -> float:
        return 1.5


class EmptyIsDrawGame(TinyGame):
    def parse_action(self, text: str) -> Action:
        return DRAW if not text.strip() else super().parse_action(text)


class MisparseGame(TinyGame):
    def parse_action(self, text: str) -> Action:
        action = super().parse_action(text)
        return PLAY[8] if action == PLAY[9] else action


class OneIndexGame(TinyGame):
    def action_index(self, action: Action, players: int, options: Mapping[str, OptionValue]) -> int:
        return 0


class ShortEncodingGame(TinyGame):
    def encode_view(self, view: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]) -> list[float]:
        return super().encode_view(view, players, options)[:-1]


def _game(state_class: type[TinyState], game_class: type[TinyGame] = TinyGame) -> TinyGame:
    class Mutant(game_class):  # type: ignore[valid-type,misc]
        def create(self, players: int, seed: int, options: Mapping[str, OptionValue]) -> TinyState:
            return state_class(self, players, seed, options)

    return Mutant()


HASH_ORDER = _game(HashOrderState)
"""Module-level so the suite's fresh interpreter can import it."""

MUTANTS: list[tuple[str, TinyGame, str]] = [
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
    ("heuristic out of range", _game(TinyState, HotHeuristicGame), "not a number in [0, 1]"),
    ("empty text parses", _game(TinyState, EmptyIsDrawGame), "must raise BadAction"),
    ("misparse", _game(TinyState, MisparseGame), "game.parse_action('play 9') gave"),
    ("shared index", _game(TinyState, OneIndexGame), "share index"),
    ("short encoding", _game(TinyState, ShortEncodingGame), "observation_size"),
]


# --- tests ----------------------------------------------------------------------------------------


def test_the_tiny_game_passes_at_every_player_count() -> None:
    report = check_game(TINY, seeds=range(4))
    assert report.player_counts == [2, 3, 4]
    assert report.games == 12
    assert report.actions > 100
    assert report.determinize_varied
    assert report.capped == 0


def test_options_are_passed_through_and_caps_count() -> None:
    report = check_game(TINY, seeds=range(2), players=[2], options={"max_turns": 4}, subprocess_check=False)
    assert report.capped == 2


@pytest.mark.parametrize(("label", "game", "fragment"), MUTANTS, ids=[m[0] for m in MUTANTS])
def test_a_planted_bug_is_caught(label: str, game: TinyGame, fragment: str) -> None:
    with pytest.raises(AssertionError) as caught:
        check_game(game, seeds=range(3), subprocess_check=False)
    message = str(caught.value)
    assert fragment in message, message
    assert "tiny-cards" in message or "game." in message


def test_failures_name_the_position() -> None:
    with pytest.raises(AssertionError, match=r"tiny-cards with 2 players, seed 0, at action \d+ .*random_playout"):
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
        check_game(TINY, seeds=[0], players=[2], max_actions=5)


def test_random_playout_is_a_function_of_the_seed() -> None:
    a = random_playout(TINY, 3, 11)
    b = random_playout(TINY, 3, 11)
    c = random_playout(TINY, 3, 12)
    assert a.over and a.record() == b.record()
    assert snapshot(a) == snapshot(b)
    assert a.record() != c.record()


def test_assert_state_unchanged_passes_a_rejected_action() -> None:
    state = new_tiny(2, 5)
    played = next(v for v in range(1, 10) if v not in state.hands[0])
    with pytest.raises(IllegalAction), assert_state_unchanged(state, "an illegal play"):
        state.apply(PLAY[played])
    with pytest.raises(BadAction), assert_state_unchanged(state):
        state.parse_action("fly away")


def test_assert_state_unchanged_catches_a_change_even_when_the_block_raises() -> None:
    state = new_tiny(2, 5)
    with pytest.raises(AssertionError, match="a sneaky move changed the state: to_move was 0, then 1"):
        with assert_state_unchanged(state, "a sneaky move"):
            state.apply(state.legal_actions()[0])
    state = new_tiny(2, 5)
    with pytest.raises(AssertionError, match="changed the state"):
        with assert_state_unchanged(state):
            state.turn += 1
            raise IllegalAction("pretend")
