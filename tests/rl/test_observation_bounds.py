"""Observation spaces say their real bounds: every value of every observation of random games lies inside them."""

from __future__ import annotations

import numpy as np
import pytest

from monsterlair import games
from monsterlair.rl import GameEncoding, aec_env, gym_env
from tests import example_game
from tests.rl.helpers import GAME_IDS, cycles, player_counts, random_states, variants


def _check_games(game_id: str, players: int, options: dict[str, str], games_played: int, steps: int) -> int:
    """Play random games and check every seat's observation of every position is inside the declared box."""
    enc = GameEncoding(game_id, players, options)
    box = enc.observation_box()
    seen = 0
    for seed in range(games_played):
        for state in random_states_with(game_id, players, options, seed, steps):
            for seat in range(players):
                obs = enc.observe(state, seat)
                outside = np.flatnonzero((obs < box.low) | (obs > box.high))
                assert not outside.size, (
                    f"{game_id} ({players} players, {options}) seed {seed}: features {outside.tolist()[:8]} = "
                    f"{obs[outside].tolist()[:8]} lie outside [{box.low[outside].tolist()[:8]}, "
                    f"{box.high[outside].tolist()[:8]}]"
                )
                assert box.contains(obs)
                seen += 1
    return seen


def random_states_with(game_id: str, players: int, options: dict[str, str], seed: int, steps: int):  # type: ignore[no-untyped-def]
    """The states of one random game with ``options`` (the final position included)."""
    from monsterlair.core import Rng

    game = games.get(game_id)
    state = game.new(players, seed, options)
    rng = Rng(seed ^ 0xB0B)
    for _ in range(steps):
        yield state
        if state.over:
            return
        legal = state.legal_actions()
        state.apply_unchecked(legal[rng.below(len(legal))])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_registered_game_declares_finite_bounds(game_id: str) -> None:
    for players in player_counts(game_id):
        box = GameEncoding(game_id, players, {}).observation_box()
        assert np.isfinite(box.low).all() and np.isfinite(box.high).all()
        assert (box.low <= box.high).all() and box.is_bounded()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_observations_of_random_games_lie_within_the_declared_space(game_id: str) -> None:
    seen = 0
    for players in player_counts(game_id):
        seen += _check_games(game_id, players, {}, cycles(game_id, 25, 3), cycles(game_id, 600, 40))
    assert seen > cycles(game_id, 1000, 50)


@pytest.mark.parametrize(("game_id", "option", "value"), variants())
def test_observations_lie_within_the_declared_space_in_every_mode(game_id: str, option: str, value: str) -> None:
    game = games.get(game_id)
    options = {option: value}
    counts = [n for n in range(game.min_players, game.max_players + 1) if _accepts(game_id, n, options)]
    assert counts, f"{game_id} accepts no player count with {options}"
    for players in counts[:2]:
        _check_games(game_id, players, options, cycles(game_id, 6, 1), cycles(game_id, 600, 30))


def _accepts(game_id: str, players: int, options: dict[str, str]) -> bool:
    try:
        games.get(game_id).new(players, 0, options)
    except ValueError:
        return False
    return True


def test_the_environments_spaces_are_the_declared_bounds() -> None:
    env = aec_env("push-a-monster", players=2, max_tries=30)
    low, high = games.get("push-a-monster").observation_bounds(2, env.enc.options)
    space = env.observation_space("seat_0")["observation"]  # type: ignore[index]
    assert np.array_equal(space.low, np.asarray(low, dtype=np.float32))
    assert np.array_equal(space.high, np.asarray(high, dtype=np.float32))
    from monsterlair.games.push_a_monster import view

    tries = view.NUM_MONSTERS * view._PER_MONSTER + len(view._PHASES) + view._FACE_SLOTS + len(view.DIE_KINDS)  # type: ignore[attr-defined]
    assert space.high[tries] == space.high[tries + 1] == 3.0  # tries left and used, /10, at max_tries=30
    assert space.low[1] == -1.0 and space.high[1] == 1.0  # the first monster's x/2
    single = gym_env("monster-smash", opponents="random")
    box = single.enc.observation_box()
    assert single.observation_space == box and float(box.low.min()) == 0.0 and float(box.high.max()) == 1.0


def test_a_game_that_declares_no_bounds_gets_an_unbounded_space(monkeypatch: pytest.MonkeyPatch) -> None:
    example_game.register(monkeypatch)
    box = GameEncoding(example_game.GAME_ID, 2, {}).observation_box()
    assert not box.is_bounded() and box.shape == (example_game.GAME.observation_size(2, {}),)


def test_bounds_of_the_wrong_length_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    game = games.get("monster-smash")
    monkeypatch.setattr(type(game), "observation_bounds", lambda self, players, options: ([0.0], [1.0]))
    with pytest.raises(ValueError, match="observation_bounds"):
        GameEncoding("monster-smash", 2, {}).observation_box()


def test_the_sampler_walks_real_games() -> None:
    """The walk behind the checks reaches the end of a game, so final positions are checked too."""
    states = list(random_states_with("monster-smash", 2, {}, 3, 2000))
    assert states[-1].over and len(states) > 10
    assert len(list(random_states("monster-smash", 2, seed=3, steps=5))) == 5
