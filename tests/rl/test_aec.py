"""The PettingZoo AEC environment: PettingZoo's own API and seed tests on every game, and our conventions."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from monsterlair import games
from monsterlair.core import BadOptions, GameOver, IllegalAction, Result, Rng, UnknownGame
from monsterlair.rl import MonsterLairAEC, aec_env, outcome_reward
from tests.example_game import ToyGame
from tests.rl.helpers import cycles, masked_choice, player_counts, variants

# PettingZoo warns about any Dict observation and unbounded Box; both are deliberate (docs/rl.md).
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings("ignore:Agent's minimum observation space value is -infinity:UserWarning"),
    pytest.mark.filterwarnings("ignore:Agent's maximum observation space value is infinity:UserWarning"),
]


def test_pettingzoo_api_test_passes_for_every_game(game_id: str) -> None:
    for players in player_counts(game_id):
        api_test(aec_env(game_id, players=players), num_cycles=cycles(game_id, 300, 20))


def test_pettingzoo_seed_test_passes_for_every_game(game_id: str) -> None:
    for players in player_counts(game_id):
        seed_test(lambda: aec_env(game_id, players=players), cycles(game_id, 300, 20))  # noqa: B023


@pytest.mark.parametrize(("game_id", "option", "value"), variants())
def test_pettingzoo_tests_pass_in_every_mode(game_id: str, option: str, value: str) -> None:
    """Each value of a game's closed-choice options (modes, layouts...) at every player count it allows."""
    played = 0
    for players in player_counts(game_id):
        try:
            env = aec_env(game_id, players=players, **{option: value})
        except BadOptions:
            continue  # this mode is not playable with this many seats
        api_test(env, num_cycles=cycles(game_id, 150, 10))
        seed_test(lambda: aec_env(game_id, players=players, **{option: value}), cycles(game_id, 150, 10))  # noqa: B023
        played += 1
    assert played, f"{option}={value} is playable at none of {player_counts(game_id)} players"


def play_to_end(env: MonsterLairAEC, seed: int, max_steps: int) -> dict[str, float]:
    """A masked random game; the reward ``last()`` gave each agent when it was told the game was over."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final: dict[str, float] = {}
    for steps, agent in enumerate(env.agent_iter()):
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
            continue
        assert steps < max_steps, "the game did not end within the test's budget"
        options = np.flatnonzero(obs["action_mask"])
        env.step(int(options[rng.integers(len(options))]))
    return final


def test_a_finished_game_pays_every_seat_its_outcome_and_replays(game_id: str) -> None:
    env = aec_env(game_id)
    final = play_to_end(env, seed=5, max_steps=cycles(game_id, 20000, 400))
    state = env.game_state
    assert state is not None and state.over and state.result is not None
    assert env.agents == []
    assert final == {f"seat_{s}": outcome_reward(state.result, s) for s in range(state.players)}
    replayed = games.get(game_id).replay(state.record())
    assert replayed.view(None) == state.view(None)


def test_an_illegal_index_raises_and_changes_nothing(game_id: str) -> None:
    env = aec_env(game_id)
    env.reset(seed=11)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    before = env.game_state.record()
    for index in [*np.flatnonzero(mask == 0)[:3], env.enc.num_actions, -1, "attack"]:
        with pytest.raises(IllegalAction):
            env.step(index)
        assert env.game_state.record() == before
        assert env.agent_selection == agent


def test_reset_with_a_seed_plays_exactly_that_game_seed(toy: ToyGame) -> None:
    env = aec_env("toy-race", players=3)
    env.reset(seed=1234)
    assert env.game_state.seed == 1234
    assert env.game_state.view(0) == toy.new(3, 1234).view(0)
    env.reset()
    follow_up = env.game_state.seed
    again = aec_env("toy-race", players=3)
    again.reset(seed=1234)
    again.reset()
    assert again.game_state.seed == follow_up != 1234


def test_the_constructor_seed_seeds_the_first_unseeded_reset(toy: ToyGame) -> None:
    a, b = aec_env("toy-race", seed=77), aec_env("toy-race", seed=77)
    a.reset()
    b.reset()
    assert a.game_state.seed == b.game_state.seed == 77
    unseeded = [aec_env("toy-race") for _ in range(3)]
    for env in unseeded:
        env.reset()
    assert len({env.game_state.seed for env in unseeded}) == 3


def test_agents_follow_the_seat_the_game_names_and_only_it_has_a_mask(toy: ToyGame) -> None:
    env = aec_env("toy-race", players=3)
    env.reset(seed=3)
    rng = Rng(3)
    while not env.game_state.over:
        state = env.game_state
        agent = env.agent_selection
        assert agent == f"seat_{state.to_move}"
        for other in env.agents:
            mask = env.observe(other)["action_mask"]
            assert mask.any() == (other == agent)
        env.step(masked_choice(env.observe(agent)["action_mask"], rng))


def test_reaching_the_target_terminates_with_plus_and_minus_one(toy: ToyGame) -> None:
    env = aec_env("toy-race", players=2, target=1)
    env.reset(seed=0)
    env.step(int(np.flatnonzero(env.observe("seat_0")["action_mask"])[-1]))  # seat_0 plays a card: wins
    assert env.terminations == {"seat_0": True, "seat_1": True}
    assert env.truncations == {"seat_0": False, "seat_1": False}
    assert env._cumulative_rewards == {"seat_0": 1.0, "seat_1": -1.0}
    assert env.infos["seat_0"]["result"]["winners"] == [0]
    assert env.infos["seat_1"]["payoff"] == 0.0


def test_a_safety_cap_truncates_instead_of_terminating(toy: ToyGame) -> None:
    env = aec_env("toy-race", players=2, max_turns=2)
    env.reset(seed=0)
    env.step(0)
    env.step(0)
    assert env.truncations == {"seat_0": True, "seat_1": True}
    assert env.terminations == {"seat_0": False, "seat_1": False}
    assert env._cumulative_rewards == {"seat_0": 0.0, "seat_1": 0.0}
    assert env.infos["seat_0"]["result"]["capped"] is True
    env.step(None)
    env.step(None)
    assert env.agents == []
    with pytest.raises(GameOver, match="reset"):
        env.step(0)


def test_outcome_reward_is_the_payoff_rescaled_to_plus_minus_one() -> None:
    sole = Result((1,), (2, 1, 2), (0.0, 1.0, 0.0), "win")
    tied = Result((0, 2), (1, 3, 1), (3.0, 1.0, 3.0), "tie")
    draw = Result((), (1, 1), (0.0, 0.0), "cap", capped=True)
    team = Result((0, 2), (1, 2, 1, 2), (3.0, 1.0, 3.0, 1.0), "knockouts", payoffs=(1.0, 0.0, 1.0, 0.0))
    coop_lost = Result((), (1, 1), (0.0, 0.0), "boss", payoffs=(0.0, 0.0))
    assert [outcome_reward(sole, s) for s in range(3)] == [-1.0, 1.0, -1.0]
    assert [outcome_reward(tied, s) for s in range(3)] == [0.0, -1.0, 0.0]
    assert [outcome_reward(draw, s) for s in range(2)] == [0.0, 0.0]
    assert [outcome_reward(team, s) for s in range(4)] == [1.0, -1.0, 1.0, -1.0]
    assert [outcome_reward(coop_lost, s) for s in range(2)] == [-1.0, -1.0]


def test_spaces_and_agent_names_follow_the_game(toy: ToyGame) -> None:
    env = aec_env("toy-race", players=4)
    assert env.possible_agents == ["seat_0", "seat_1", "seat_2", "seat_3"]
    space = env.observation_space("seat_2")
    assert space["observation"].shape == (toy.observation_size(4, toy.options.defaults()),)
    assert space["observation"].dtype == np.float32
    assert space["action_mask"].dtype == np.int8
    assert env.action_space("seat_1").n == toy.num_actions(4, toy.options.defaults())
    assert env.metadata["name"] == "monsterlair_toy_race_v0"


def test_bad_set_ups_are_refused_with_clear_errors(toy: ToyGame) -> None:
    with pytest.raises(UnknownGame, match="Known games"):
        aec_env("no-such-game")
    with pytest.raises(BadOptions, match="2 to 4 players"):
        aec_env("toy-race", players=9)
    with pytest.raises(BadOptions, match="Did you mean 'target'"):
        aec_env("toy-race", targte=3)
    with pytest.raises(BadOptions, match="render_mode"):
        aec_env("toy-race", render_mode="rgb_array")
    with pytest.raises(GameOver, match="reset"):
        aec_env("toy-race").step(0)


def test_render_shows_the_spectator_view_only(toy: ToyGame) -> None:
    env = aec_env("toy-race", render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str)
    assert "Total 0 of 12" in text
    assert "your hand: hidden" in text
    assert aec_env("toy-race").render() is None
