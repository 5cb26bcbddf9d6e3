"""Observations and masks: masks are exactly the legal actions, observations come from the seat's view only."""

from __future__ import annotations

from typing import Any

import numpy as np

from monsterlair import games
from monsterlair.core import Rng
from monsterlair.rl import GameEncoding, aec_env, gym_env
from tests.rl.helpers import cycles, player_counts, random_states


def test_masks_are_exactly_the_legal_actions_and_indices_round_trip(game_id: str) -> None:
    game = games.get(game_id)
    for players in player_counts(game_id):
        enc = GameEncoding(game_id, players, {})
        for state in random_states(game_id, players, seed=players, steps=cycles(game_id, 400, 25)):
            legal = state.legal_actions()
            mask = enc.mask(enc.legal_by_index(state))
            assert mask.dtype == np.int8 and mask.shape == (enc.num_actions,)
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(enc.index_of(a) for a in legal)
            assert int(mask.sum()) == len(legal)
            for action in legal:
                assert game.action_from_index(enc.index_of(action), players, enc.options) == action


def test_observations_have_the_declared_shape_and_are_finite(game_id: str) -> None:
    for players in player_counts(game_id):
        env = aec_env(game_id, players=players)
        space = env.observation_space("seat_0")["observation"]
        for state in random_states(game_id, players, seed=7, steps=cycles(game_id, 200, 15)):
            for seat in range(players):
                obs = env.enc.observe(state, seat)
                assert obs.dtype == np.float32 and obs.shape == space.shape
                assert np.isfinite(obs).all()


def test_resampling_what_a_seat_cannot_see_leaves_its_observation_unchanged(game_id: str) -> None:
    """Observations are read from views alone: swap in any determinization for a seat, its observation stays."""
    for players in player_counts(game_id):
        enc = GameEncoding(game_id, players, {})
        rng = Rng(99)
        for state in random_states(game_id, players, seed=13, steps=cycles(game_id, 150, 10)):
            for seat in range(players):
                mine = enc.observe(state, seat)
                for _ in range(2):
                    other_world = state.determinize(seat, rng)
                    assert np.array_equal(enc.observe(other_world, seat), mine)


def test_the_environments_observe_exactly_the_encoded_view(game_id: str) -> None:
    game = games.get(game_id)
    env = aec_env(game_id)
    env.reset(seed=17)
    state = env.game_state
    for agent in env.agents:
        seat = int(agent.split("_")[1])
        expected = np.asarray(game.encode_view(state.view(seat), state.players, env.enc.options), dtype=np.float32)
        assert np.array_equal(env.observe(agent)["observation"], expected)
    single = gym_env(game_id, opponents="random")
    obs, _ = single.reset(seed=17)
    view = single.game_state.view(single.seat)
    assert np.array_equal(obs, np.asarray(game.encode_view(view, single.enc.players, single.enc.options), np.float32))


def test_legal_indices_are_read_from_the_card_games_actions_and_looked_up_for_the_others() -> None:
    """The card games' actions carry their index (the fast path of ``legal_by_index``, whose masks the test above
    checks against ``index_of``); Push a Monster's candidate pushes do not, and go through the look-up."""
    from monsterlair.rl.encoding import _actions_carry_index

    for game_id in ("monster-smash", "monstra", "monster-club"):
        assert _actions_carry_index(games.get(game_id)), game_id
    assert not _actions_carry_index(games.get("push-a-monster"))


def test_result_info_is_what_a_json_round_trip_gives_as_fresh_objects() -> None:
    import json
    import math

    import pytest

    from monsterlair.core import Result
    from monsterlair.rl.encoding import result_info

    details: list[dict[str, Any]] = [
        {},
        {"monsters": ["ember", "gloom"], "eliminated": (0,), "turns": 6, "nested": {"a": [1.5, None, True]}},
        {"by_seat": {0: "x", 1: "y"}},  # int keys: JSON makes them strings
        {"flag": np.int64(3)},  # a numpy number: json refuses it as it always did
    ]
    for detail in details:
        result = Result((1,), (2, 1), (0.0, 6.0), "t", detail=detail, payoffs=(0.0, 1.0))
        try:
            expected = json.loads(json.dumps(result.to_json(), allow_nan=False))
        except TypeError:
            with pytest.raises(TypeError):
                result_info(result, 1)
            continue
        info = result_info(result, 1)
        assert info == {"result": expected, "payoff": 1.0}
        assert json.dumps(info["result"]) == json.dumps(expected)  # the same types (lists, str keys), in order
        assert info["result"] is not result_info(result, 1)["result"]
        if detail:
            assert info["result"]["detail"] is not detail
    for bad in (math.nan, math.inf):
        with pytest.raises(ValueError):
            result_info(Result(winners=(0,), ranks=(1, 2), scores=(bad, 0.0), termination="t"), 0)
