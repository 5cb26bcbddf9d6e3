"""The Gymnasium single-agent environment: Gymnasium's checker on every game, masks, opponents, illegal actions."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from monsterlair.bots.base import Bot, UnknownBot
from monsterlair.bots.random_bot import RandomBot
from monsterlair.core import Action, BadOptions, GameOver, IllegalAction, Perspective, Rng
from monsterlair.rl import MonsterLairGym, gym_env, gymnasium_id, outcome_reward, register_gymnasium_envs
from monsterlair.rl.stepping import play_opponents
from tests.example_game import ToyGame
from tests.rl.helpers import SLOW_GAMES, cycles

pytestmark = [
    # Encodings have no range in the contract, so the Box is unbounded (docs/rl.md).
    pytest.mark.filterwarnings("ignore:.*A Box observation space m.* value is .*infinity:UserWarning"),
    # Toy Race is registered for one test only, so it has no gymnasium.make spec to re-make render modes from.
    pytest.mark.filterwarnings("ignore:.*Not able to test alternative render modes:UserWarning"),
]


def test_gymnasium_check_env_passes_for_every_game(game_id: str) -> None:
    register_gymnasium_envs()
    opponents = "random" if game_id in SLOW_GAMES else "greedy"
    env = gymnasium.make(gymnasium_id(game_id), opponents=opponents)
    check_env(env.unwrapped)
    env.close()


def test_masks_in_info_and_action_masks_name_exactly_the_legal_actions(game_id: str) -> None:
    env = gym_env(game_id, opponents="random", seat="random")
    for episode in range(cycles(game_id, 3, 1)):
        _, info = env.reset(seed=episode)
        rng = np.random.default_rng(episode)
        for _ in range(cycles(game_id, 20000, 300)):
            state = env.game_state
            assert state.to_move == env.seat == info["seat"]
            legal = sorted(env.enc.index_of(a) for a in state.legal_actions())
            assert np.flatnonzero(info["action_mask"]).tolist() == legal
            assert np.flatnonzero(env.action_masks()).tolist() == legal
            assert info["action_mask"].dtype == np.int8 and env.action_masks().dtype == np.bool_
            _, reward, terminated, truncated, info = env.step(rng.choice(legal))
            if terminated or truncated:
                assert state.over
                assert reward == outcome_reward(state.result, env.seat)
                assert truncated == state.result.capped
                assert not env.action_masks().any()
                assert info["result"]["winners"] == list(state.result.winners)
                break
            assert reward == 0.0
        else:
            pytest.fail("the game did not end within the test's budget")


def test_an_illegal_action_costs_the_penalty_and_changes_nothing(game_id: str) -> None:
    env = gym_env(game_id, opponents="random", illegal_penalty=-0.25)
    obs, info = env.reset(seed=4)
    illegal = np.flatnonzero(info["action_mask"] == 0)
    if len(illegal) == 0:
        pytest.skip("every action is legal at this game's first decision")
    before = env.game_state.record()
    obs2, reward, terminated, truncated, info2 = env.step(illegal[0])
    assert (reward, terminated, truncated, info2["illegal_action"]) == (-0.25, False, False, True)
    assert env.game_state.record() == before
    assert np.array_equal(obs, obs2) and np.array_equal(info["action_mask"], info2["action_mask"])


def test_illegal_raise_mode_raises_and_changes_nothing(game_id: str) -> None:
    env = gym_env(game_id, opponents="random", illegal="raise")
    _, info = env.reset(seed=4)
    before = env.game_state.record()
    for index in [*np.flatnonzero(info["action_mask"] == 0)[:2], env.action_space.n, -3, 1.5]:
        with pytest.raises(IllegalAction):
            env.step(index)
        assert env.game_state.record() == before


def test_out_of_space_actions_raise_even_in_penalty_mode(toy: ToyGame) -> None:
    env = gym_env("toy-race", opponents="random")
    env.reset(seed=0)
    with pytest.raises(IllegalAction, match="outside the action space"):
        env.step(99)
    with pytest.raises(IllegalAction, match="integer"):
        env.step("pass")


class Spy(Bot):
    """Plays the first legal action and remembers what it was handed."""

    name = "spy"

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[Any, int]] = []

    def choose(self, perspective: Perspective, rng: Rng) -> Action:
        self.seen.append((perspective, perspective.seat))
        return perspective.legal_actions()[0]


def test_opponents_get_only_a_perspective_of_their_own_seats(toy: ToyGame) -> None:
    spies = [Spy(), Spy()]
    env = gym_env("toy-race", seat=1, players=3, opponents=spies)
    env.reset(seed=9)
    while True:
        _, _, terminated, truncated, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
        if terminated or truncated:
            break
    assert spies[0].seen and spies[1].seen
    assert all(isinstance(p, Perspective) for spy in spies for p, _ in spy.seen)
    assert {seat for _, seat in spies[0].seen} == {0}
    assert {seat for _, seat in spies[1].seen} == {2}


def test_opponent_specs_go_through_the_bot_catalogue(toy: ToyGame) -> None:
    env = gym_env("toy-race", players=3, opponents=["random", "greedy:samples=2"])
    assert [b.name for b in env.opponents] == ["random", "greedy"]
    with pytest.raises(UnknownBot):
        gym_env("toy-race", opponents="grredy")
    with pytest.raises(BadOptions, match="needs 2 opponents"):
        gym_env("toy-race", players=3, opponents=["random"])
    with pytest.raises(BadOptions, match="seat"):
        gym_env("toy-race", seat=2)
    with pytest.raises(BadOptions, match="illegal"):
        gym_env("toy-race", illegal="ignore")


def test_a_random_seat_moves_between_episodes_and_is_reproducible(toy: ToyGame) -> None:
    env = gym_env("toy-race", seat="random", players=4, opponents="random")
    seats = []
    env.reset(seed=1)
    for _ in range(20):
        seats.append(env.seat)
        env.reset()
    assert len(set(seats)) == 4
    again = gym_env("toy-race", seat="random", players=4, opponents="random")
    again.reset(seed=1)
    replay = []
    for _ in range(20):
        replay.append(again.seat)
        again.reset()
    assert replay == seats


def test_seeded_episodes_replay_identically(game_id: str) -> None:
    def trajectory() -> list[tuple[list[float], float]]:
        env = gym_env(game_id, opponents="random")
        obs, info = env.reset(seed=21)
        out = [(obs.tolist(), 0.0)]
        for _ in range(cycles(game_id, 40, 3)):
            obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
            out.append((obs.tolist(), reward))
            if terminated or truncated:
                break
        return out

    assert trajectory() == trajectory()


def test_reset_with_a_seed_plays_that_game_seed_and_step_after_the_end_is_refused(toy: ToyGame) -> None:
    env = gym_env("toy-race", opponents="random", target=1)
    env.reset(seed=31)
    assert env.game_state.seed == 31
    _, reward, terminated, _, info = env.step(int(np.flatnonzero(env.action_masks())[-1]))
    assert (reward, terminated, info["payoff"]) == (1.0, True, 1.0)
    with pytest.raises(GameOver, match="reset"):
        env.step(0)


def test_a_game_over_before_the_agents_first_move_is_dealt_again(toy: ToyGame) -> None:
    env = gym_env("toy-race", seat=1, opponents="greedy", target=1)  # seat 0 wins on its first move
    with pytest.raises(GameOver, match="before seat 1 could move"):
        env.reset(seed=0)
    assert env.redeals == 100


def test_render_shows_the_agent_seat_view(toy: ToyGame) -> None:
    env = gym_env("toy-race", opponents="random", render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and "your hand:" in text and "hidden" not in text
    assert isinstance(gym_env("toy-race", opponents="random"), MonsterLairGym)


class Cheat(Bot):
    """Plays a legal action until its turn number ``after``, then an action the rules never allow."""

    name = "cheat"

    def __init__(self, after: int) -> None:
        super().__init__()
        self.after = after
        self.turns = 0

    def choose(self, perspective: Perspective, rng: Rng) -> Action:
        self.turns += 1
        return perspective.legal_actions()[0] if self.turns <= self.after else "no such move"


def test_an_opponents_illegal_action_is_refused_and_its_legal_ones_are_played_as_apply_plays_them() -> None:
    from monsterlair import games

    cheat = Cheat(after=3)
    env = gym_env("monster-smash", seat=1, opponents=cheat)
    with pytest.raises(IllegalAction, match="not legal"):
        env.reset(seed=4)
        for _ in range(200):
            _, _, terminated, truncated, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
            assert not (terminated or truncated), "the game ended before the bot cheated"
    state = env.game_state
    assert state is not None and cheat.turns == 4
    # the moves played before (quietly, by the env) leave the game a replay with apply() reaches
    replay = games.get("monster-smash").new(2, state.seed)
    for action in state.history:
        replay.apply(action)
    assert replay.view(0) == state.view(0) and replay.view(1) == state.view(1)
    assert replay.legal_actions() == state.legal_actions() and replay.to_move == state.to_move == 0


class RandomByItsChoose(Bot):
    """The ``random`` bot's own ``choose``, behind a type ``play_opponents`` has no short cut for."""

    name = "random-by-choose"

    def choose(self, perspective: Perspective, rng: Rng) -> Action:
        return RandomBot().choose(perspective, rng)


@pytest.mark.parametrize("game_id", ["monster-smash", "monstra", "monster-club"])
def test_the_random_opponents_short_cut_plays_the_games_random_bot_choose_plays(game_id: str) -> None:
    from monsterlair import games

    game = games.get(game_id)
    for seed in range(12):
        short, long = game.new(2, seed), game.new(2, seed)
        short_rng, long_rng = Rng(seed), Rng(seed)
        while not short.over:
            play_opponents(short, 0, {1: RandomBot()}, short_rng)
            play_opponents(long, 0, {1: RandomByItsChoose()}, long_rng)
            assert short.history == long.history and short_rng.below(1 << 30) == long_rng.below(1 << 30)
            if short.over:
                break
            legal = short.legal_actions()
            short.apply(legal[seed % len(legal)])
            long.apply(legal[seed % len(legal)])
        assert short.result == long.result


def test_render_of_a_finished_game_ends_with_its_result() -> None:
    """The board leaves the end to the result's words (the terminal's end screen prints them below it); the
    environment's text rendering adds them itself, so a finished episode's render still says who won."""
    env = gym_env("monster-club", opponents="random", render_mode="ansi")
    env.reset(seed=3)
    done = False
    while not done:
        mask = env.action_masks()
        _, _, terminated, truncated, _ = env.step(int(mask.nonzero()[0][0]))
        done = terminated or truncated
    text = env.render()
    state = env.game_state
    assert isinstance(text, str) and state is not None and state.result is not None
    words = env.enc.game.describe_result(state.result, env.seat, None, state.options)
    assert words.headline in text and words.lines[0] in text  # "Won by reaching 5 destroys."
